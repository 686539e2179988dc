"""Probe s20 D5: with a 4,285-character GATELAB_HOME, Start's (right) message was 20 lines tall,
cut at the right edge, and squeezed the trainer's form to 4 rows. The path is now cut in its
middle on the line, whole in its tooltip."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gatelab.ui.elide import ELLIPSIS, UNBROKEN, shorten_long_words
from gatelab.ui.message_box import plain
from tests.ui.test_trainer_panel import panel  # noqa: F401 (fixture)


def test_only_runs_longer_than_the_limit_are_cut() -> None:
    assert shorten_long_words("a short /tmp/x path") == "a short /tmp/x path"
    long = "/" + "h" * 300 + "/end.txt"
    cut = shorten_long_words(f"cannot write {long}: too long", limit=40)
    assert plain(cut) == f"cannot write {long[:19]}{ELLIPSIS}{(long + ':')[-19:]} too long"
    # a folder name of one letter 250 times: breakable every UNBROKEN letters (re-walk s20: its
    # 79 letters left after the cut were clipped at the right edge)
    runs = re.findall(r"[^\s/…\u200b]+", shorten_long_words("/" + "x" * 250 + "/a b"))
    assert runs and max(len(r) for r in runs) <= UNBROKEN + 1


def test_a_very_long_home_keeps_the_error_line_short(panel, monkeypatch: pytest.MonkeyPatch,  # noqa: ANN001, F811
                                                     tmp_path: Path) -> None:
    home = str(tmp_path) + "".join("/" + c * 250 for c in "abcdefghijklmnopq")
    monkeypatch.setenv("GATELAB_HOME", home)
    assert not panel.start()
    line = panel.bar.error
    assert line.isVisible() and "Not started: cannot create a run folder" in line.text()
    assert ELLIPSIS in line.text() and len(line.text()) < 400
    assert home in line.toolTip() and line.toolTip() == panel.error_text
    metrics = line.fontMetrics()
    assert line.heightForWidth(line.width()) <= 8 * metrics.lineSpacing()
    # nothing clipped: no line wider than the label, every line within its height, the reason
    # (after the path) shown too
    assert line.minimumSizeHint().width() <= line.width()
    assert line.heightForWidth(line.width()) <= line.height()
    assert line.text().endswith("(the name or path is too long)")
