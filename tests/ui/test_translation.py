"""The shipped Simplified Chinese translation: it loads, reaches the window, and cannot break it.

A translation that drops a ``{0}`` makes ``.format()`` raise at run time, and a ``.qm`` that lags
behind its ``.ts`` silently shows English, so both are checked here rather than by eye.
"""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QTranslator
from PySide6.QtWidgets import QApplication, QGroupBox

from gatelab.ui.language import set_language, translator
from gatelab.paths import resources_dir
from gatelab.ui.tabs import TAB_SPECS

I18N = resources_dir() / "i18n"
TS = I18N / "gatelab_zh_CN.ts"
QM = I18N / "gatelab_zh_CN.qm"

# {0}, {1:,}, {2:+.2f}, {0!r} (str.format) and %1, %L1, %n (Qt's own markers).
PLACEHOLDER = re.compile(r"\{\d*(?:![rsa])?(?::[^{}]*)?\}|%L?\d+|%n")
# A menu accelerator: "&File" -> F; "&&", "&nbsp;" and "&#160;" are not accelerators.
ACCELERATOR = re.compile(r"(?<!&)&(?!&|[a-zA-Z]+;|#\d+;)(\w)")
CJK = re.compile(r"[\u4e00-\u9fff]")


@dataclass(frozen=True)
class Message:
    context: str
    source: str
    comment: str | None
    translation: str | None  # None while unfinished


def _messages(path: Path = TS) -> list[Message]:
    out: list[Message] = []
    for context in ET.parse(path).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            node = message.find("translation")
            kind = node.get("type") if node is not None else "unfinished"
            if kind in ("obsolete", "vanished"):
                continue
            text = node.text if node is not None else None
            finished = kind != "unfinished" and bool(text)
            out.append(Message(name, message.findtext("source") or "", message.findtext("comment"),
                               text if finished else None))
    return out


def _finished() -> dict[tuple[str, str], str]:
    return {(m.context, m.source): m.translation for m in _messages() if m.translation is not None}


def _placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


@pytest.fixture
def zh_cn(qapp: QApplication) -> Iterator[QTranslator]:
    set_language("zh_CN")
    loaded = translator()
    assert isinstance(loaded, QTranslator), f"{QM} did not load"
    yield loaded
    set_language("en")  # later tests see English again


def test_main_window_shows_the_chinese_from_the_ts(qtbot, zh_cn: QTranslator,  # noqa: ANN001
                                                   settings: QSettings) -> None:
    from gatelab.ui.main_window import MainWindow

    ts = _finished()
    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    try:
        titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
        # a tab title the .ts does not translate yet (a new tab) shows its English source
        assert titles == [ts[("tabs", spec.title)] for spec in TAB_SPECS]
        assert titles[:5] == ["激活函数曲线", "门控平面", "参数预算", "实时训练", "模型内部"]
        assert all(CJK.search(t) for t in titles)
        assert window.tabs.tabToolTip(1) == ts[("tabs", TAB_SPECS[1].tooltip)]
        assert window.windowTitle() == ts[("MainWindow", "gatelab — the gated MLP, made visible")]

        menus = [a.text() for a in window.menuBar().actions()]
        assert menus == [ts[("MainWindow", s)] for s in ("&File", "&View", "&Help")]
        assert menus == ["文件(&F)", "视图(&V)", "帮助(&H)"]
        file_menu, view_menu, help_menu = (a.menu() for a in window.menuBar().actions())
        assert file_menu.actions()[-1].text() == ts[("MainWindow", "&Quit")]
        assert [a.text() for a in view_menu.actions()][: len(titles)] == [
            f"&{i} {title}" for i, title in enumerate(titles, start=1)]
        assert [a.text() for a in help_menu.actions()] == [
            ts[("MainWindow", "&Keyboard shortcuts…")], ts[("MainWindow", "&About gatelab")]]

        # The About text formats, with the shortcut table (its rows in Chinese) under it.
        about = window.about_text()
        assert about.startswith("<h3>gatelab ") and f"<b>Ctrl+{len(TAB_SPECS)}</b>" in about
        assert CJK.search(about) and window.shortcuts_text() in about

        # The first tab's panel is built in the constructor, so its own strings are Chinese too.
        boxes = {b.title() for b in window.panel("activations").findChildren(QGroupBox)}
        assert ts[("ActivationsPanel", "Range and probe")] in boxes
    finally:
        window.shutdown()


def test_mixin_strings_are_found_through_the_panels_class(zh_cn: QTranslator) -> None:
    # lupdate files BudgetFilesMixin's strings under the mixin's name; PySide's tr() must find
    # them from a BudgetPanel instance by walking the class hierarchy.
    from gatelab.ui.budget_panel import BudgetPanel

    ts = _finished()
    assert BudgetPanel.tr("Export charts") != "Export charts"  # type: ignore[call-arg]
    assert BudgetPanel.tr("Export charts") == ts[("BudgetFilesMixin", "Export charts")]  # type: ignore[call-arg]


def test_finished_translations_keep_placeholders_tags_and_accelerators() -> None:
    messages = [m for m in _messages() if m.translation is not None]
    assert len(messages) > 400  # the file really is translated, not an empty shell
    assert sum(bool(PLACEHOLDER.search(m.source)) for m in messages) > 80  # the check bites
    bad = []
    for m in messages:
        assert m.translation is not None
        if _placeholders(m.source) != _placeholders(m.translation):
            bad.append(f"{m.context}: {m.source!r} -> {m.translation!r}")
        want = [a.lower() for a in ACCELERATOR.findall(m.source)]
        if want and [a.lower() for a in ACCELERATOR.findall(m.translation)] != want:
            bad.append(f"accelerator {m.context}: {m.source!r} -> {m.translation!r}")
    assert bad == []


def test_the_placeholder_check_catches_a_dropped_or_renumbered_marker() -> None:
    assert _placeholders("step {0} / {1} · {2:,.0f} tok/s") == ["{0}", "{1}", "{2:,.0f}"]
    assert _placeholders("第 {0} / {1} 步 · {2:,.0f} tok/s") == _placeholders(
        "step {0} / {1} · {2:,.0f} tok/s")
    assert _placeholders("第 {0} 步") != _placeholders("step {0} / {1}")
    assert _placeholders("{0!r} %1 %n %L2") == ["%1", "%L2", "%n", "{0!r}"]
    assert _placeholders("4× share (%)") == []
    assert ACCELERATOR.findall("&File &nbsp; &lt; &&x") == ["F"]


def test_qm_matches_the_ts() -> None:
    # Compare what the shipped .qm answers with what the .ts says, message by message: unlike
    # comparing bytes with a fresh lrelease, this holds across Qt versions and needs no tools.
    translator = QTranslator()
    assert translator.load(str(QM)), f"cannot load {QM}"
    stale = []
    for m in _messages():
        got = translator.translate(m.context, m.source, m.comment)
        if (got or None) != m.translation:
            stale.append(f"{m.context}: {m.source!r}: .qm {got!r}, .ts {m.translation!r}")
    assert stale == [], "run scripts/update_translations.sh"


def test_token_is_one_word_in_the_chinese_ui() -> None:
    """"token" stays "token" in every Chinese string (the labels, the lessons, the strip's own
    "Token" header), so an export caption saying 词元 read as another thing (walkthrough s14)."""
    messages = [m for m in _messages() if m.translation is not None]
    with_token = [m for m in messages if "token" in m.source.lower()]
    assert len(with_token) > 20  # the check bites
    assert [m.source for m in with_token if "词元" in (m.translation or "")] == []
    assert sum("token" in (m.translation or "").lower() for m in with_token) > 20
