"""Walkthrough 6, item 3: File → Open state… on a .gatelab file with a 160-character name showed a
"Could not open …" box cut at its right edge, the rest of the name out of sight. The name now
wraps inside the box (zero-width break opportunities), and the whole message is there."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QLabel, QMessageBox

from gatelab.ui.message_box import ZWSP, breakable, plain, sentence
from tests.ui.conftest import settle, show_tab_at

NAME = ("this_is_an_exceptionally_long_file_name_for_a_gatelab_state_that_somebody_saved_after_a_"
        "long_afternoon_of_experiments_with_swiglu_and_gelu_variants_v2_final.gatelab")


def test_a_long_file_name_wraps_in_the_could_not_open_box(qtbot, main_window,  # noqa: ANN001
                                                          tmp_path: Path) -> None:
    assert len(NAME) >= 150
    show_tab_at(qtbot, main_window, "trainer")
    path = tmp_path / NAME
    path.write_text('{"format": "not-gatelab"}', encoding="utf-8")
    main_window.open_state_from(str(path))

    def box() -> QMessageBox | None:
        # this test's box: an earlier test's (its window not yet deleted) may still be shown
        found = [w for w in QApplication.topLevelWidgets()
                 if isinstance(w, QMessageBox) and w.isVisible() and NAME in plain(w.text())]
        return found[0] if found else None

    qtbot.waitUntil(lambda: box() is not None, timeout=10000)
    settle()
    shown = box()
    assert shown is not None
    message = main_window.last_state_problem
    assert message.startswith(f"Could not open {NAME}: ")
    assert plain(shown.text()) == sentence(message) == message + "." and ZWSP in shown.text()
    label = shown.findChild(QLabel, "qt_msgbox_label")
    assert label.wordWrap()
    # every line fits: the label is as tall as its wrapped text needs, and inside the box,
    # and the box inside the 1280-pixel window
    assert label.height() >= label.heightForWidth(label.width()) > 2 * label.fontMetrics().height()
    assert shown.rect().contains(label.geometry())
    assert shown.width() <= 1280
    screen = shown.screen().availableGeometry()
    assert screen.contains(shown.frameGeometry()) or shown.width() < screen.width()
    shown.close()


def test_breakable_keeps_short_words_and_the_text() -> None:
    assert breakable("Could not open a.gatelab: bad") == "Could not open a.gatelab: bad"
    long_path = "/tmp/walk5/files/a_rather_long_directory_name_for_testing/three.txt"
    broken = breakable(f"Cannot read {long_path}")
    assert plain(broken) == f"Cannot read {long_path}"
    assert all(len(part) <= 30 for part in broken.split()[-1].split(ZWSP))
    chinese = "无法加载神经元检查点文件已截断或损坏" * 3
    assert all(len(part) <= 30 for part in breakable(chinese).split(ZWSP))
