"""Chinese lines put no ASCII space after a full-width colon: "正在打开：门控平面", not
"正在打开： 门控平面" (walkthrough s16); English keeps its space."""

from __future__ import annotations

from gatelab.ui.messages import after_label


def test_after_label_spaces_only_after_ascii_punctuation() -> None:
    assert after_label("Opening:", "Gate plane") == "Opening: Gate plane"
    assert after_label("正在打开：", "门控平面") == "正在打开：门控平面"
    assert after_label("点击或按 Enter 打开：", "实时训练") == "点击或按 Enter 打开：实时训练"
    assert after_label("Note", "x") == "Note x"


def test_forward_pass_lines_in_chinese(qtbot, main_window) -> None:  # noqa: ANN001
    main_window.switch_language("zh_CN")
    panel = main_window.show_tab("forward-pass")
    lines: list[str] = []
    panel.status_changed.connect(lines.append)
    panel.activate_box("act")
    opened = [line for line in lines if line.startswith("正在打开")]
    assert opened and "： " not in opened[0] and opened[0].startswith("正在打开：")
    tip = panel.view.text("act").tooltip
    assert "打开：" in tip and "打开： " not in tip
    main_window.switch_language("en")
