"""Quiz answers with two gatelab windows open: the first try stays the first (probe s23 D3).

A learner answered a question wrongly in one window; in the other, open since before, the same
question had no answer yet, so its right answer was kept as the *first* one too and, at the
next save, replaced the wrong first try in the file: "2 of 3 at the first try" where it was 1.
The other window is a real second process here, writing the file through its own QSettings.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from gatelab.ui.lesson_answers import SavedAnswers
from gatelab.ui.lesson_types import Question
from tests.ui.test_settings_two_windows_s23 import on_disk, other_app_saves

Q = Question("silu-range", "Is SiLU a switch?", ("yes", "no", "only for g > 0"), 1,
             ("a", "b", "c"))


def test_an_answer_given_in_another_window_first_stays_the_first(tmp_path: Path) -> None:
    path = tmp_path / "gatelab.conf"
    settings = QSettings(str(path), QSettings.Format.IniFormat)
    answers = SavedAnswers(settings, "activations")
    assert answers.get(Q) is None  # this window read the file: no answer yet
    other_app_saves(path, {"lessons/activations/first/silu-range": "0",
                           "lessons/activations/silu-range": "0"})  # wrong, over there
    answers.put(Q, 1)  # then right, here
    assert answers.get(Q) == 1 and answers.get(Q, first=True) == 0
    settings.sync()
    assert on_disk(path, "lessons/activations/first/silu-range") == "0"
    assert on_disk(path, "lessons/activations/silu-range") == "1"


def test_a_first_answer_is_written_at_once(tmp_path: Path) -> None:
    """Given here, it is on disk at once: the other window's next answer sees it."""
    path = tmp_path / "gatelab.conf"
    answers = SavedAnswers(QSettings(str(path), QSettings.Format.IniFormat), "activations")
    answers.put(Q, 2)
    assert on_disk(path, "lessons/activations/first/silu-range") == "2"
