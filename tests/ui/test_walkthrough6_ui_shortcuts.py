"""Walkthrough 6, item 4: the Chinese Help → Keyboard shortcuts box kept the menu mnemonics
("打开状态(O)", "退出(Q)", "键盘快捷键(K)"): translations put the mnemonic in brackets at the end,
and only the '&' was removed. The box is read as the user sees it, in Chinese."""

from __future__ import annotations

import re

import pytest

from gatelab.ui import text_dialog
from gatelab.ui.language import set_language
from gatelab.ui.shortcuts_help import action_label


def test_the_chinese_shortcuts_box_has_no_mnemonics(qtbot, main_window,  # noqa: ANN001
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(text_dialog, "show_text",
                        lambda _parent, title, text: shown.append((title, text)))
    try:
        main_window.switch_language("zh_CN")
        keys = next(a for a in main_window._help_menu.actions()
                    if a.shortcut().toString() == "Ctrl+/")
        assert keys.text() == "键盘快捷键(&K)…"  # the menu keeps its mnemonic
        keys.trigger()
    finally:
        set_language("en")
    text = shown[0][1]
    for key, what in (("Ctrl+O", "打开状态"), ("Ctrl+S", "保存状态"), ("Ctrl+Shift+C", "复制状态"),
                      ("F2", "“试一试”卡片"), ("Ctrl+/", "键盘快捷键"), ("F1", "关于 gatelab")):
        assert re.search(f"<b>{re.escape(key)}</b>&nbsp;&nbsp;</td><td>{what}</td>", text), key
    assert not re.search(r"[(（]&?[A-Z][)）]", text) and "&amp;" not in text and "…" not in text


def test_action_label_cleans_every_spelling() -> None:
    for text, label in (("打开状态(&O)…", "打开状态"), ("退出(&Q)", "退出"), ("关于 gatelab(&A)",
                         "关于 gatelab"), ("“试一试”卡片（&T）", "“试一试”卡片"), ("&Open state…",
                         "Open state"), ("Save && quit", "Save & quit"), ("F&ile...", "File"),
                        ("Version (2)", "Version (2)")):
        assert action_label(text) == label, text
