"""The ETA follows the run's recent speed. A run that slowed from ~15,000 to ~380 tokens/s near
step 800 read "ETA 0:20" (its average since the start) while four minutes were left."""

from __future__ import annotations

import math

import pytest

from gatelab.ui.trainer_clock import RecentRate, format_duration
from gatelab.ui.trainer_live import RunBar


def _feed(rate: RecentRate, start_s: float, start_step: int, steps_per_s: float, seconds: float,
          every_s: float = 0.1) -> tuple[float, int]:
    t, n = start_s, start_step
    for _ in range(round(seconds / every_s)):
        t += every_s
        n = start_step + round((t - start_s) * steps_per_s)
        rate.add(t, n)
    return t, n


def test_a_slow_down_shows_in_the_eta_within_the_window() -> None:
    rate = RecentRate(window_s=20.0)
    t, n = _feed(rate, 0.0, 0, 100.0, 8.0)  # 800 steps in 8 s
    assert rate.eta(200) == pytest.approx(2.0, rel=0.02)
    t, n = _feed(rate, t, n, 1.0, 30.0)  # then one step a second
    assert rate.eta(170) == pytest.approx(170.0, rel=0.05)  # the whole-run average said ≈ 4.5 s
    _feed(rate, t, n, 100.0, 21.0)  # fast again: the window forgets the slow part
    assert rate.eta(1000) == pytest.approx(10.0, rel=0.05)


def test_little_history_is_estimating_and_nothing_known_is_nan() -> None:
    """Until the speed settles there is no ETA (the whole run's average of the slow first
    steps said "ETA 7:55" for a one-minute run: walkthrough s12, tests/core/test_progress_rate)."""
    rate = RecentRate()
    assert math.isnan(rate.eta(10))
    rate.add(0.5, 0)
    assert math.isnan(rate.eta(10))  # no step done yet
    rate.add(1.0, 10)
    assert math.isnan(rate.eta(10))  # 10 steps in 1 s since the start: not settled yet
    rate.add(0.2, 1)  # went back: a new run's numbers
    assert math.isnan(rate.eta(10))
    rate.reset()
    assert math.isnan(rate.eta(10))


def test_the_bar_shows_the_recent_eta(qtbot) -> None:  # noqa: ANN001
    bar = RunBar()
    qtbot.addWidget(bar)
    bar.begin(1000)
    for tenth in range(1, 81):  # 800 steps in 8 s, as the panel reports them
        bar.show_progress(10 * tenth, 1000, 15000.0, tenth / 10, 10 * tenth, "cpu")
    assert bar.progress.format().endswith("ETA " + format_duration(2)), bar.progress.format()
    for seconds in range(1, 31):  # then one step a second
        bar.show_progress(800 + seconds, 1000, 380.0, 8 + seconds, 800 + seconds, "cpu")
    text = bar.progress.format()
    assert text.startswith("step 830 / 1,000 · 380 tok/s · ETA "), text
    assert text.endswith("ETA " + format_duration(170)), text
    bar.begin(1000)  # a new run starts with no ETA from the old one: it estimates
    bar.show_progress(5, 1000, 1000.0, 1.0, 5, "cpu")
    assert bar.progress.format().endswith("ETA estimating…"), bar.progress.format()


def test_the_bar_shows_the_recent_speed_not_one_steps(qtbot) -> None:  # noqa: ANN001
    """One step's tokens/s swings tenfold (an evaluation, a busy machine): the bar said
    "1,009 tok/s" beside a throughput plot of 10k–50k. With tokens seen it shows the last
    ~20 s's average, like the ETA."""
    bar = RunBar()
    qtbot.addWidget(bar)
    bar.begin(1000)
    tokens_per_step = 256
    for tenth in range(1, 51):  # 10 steps every 0.1 s: 25,600 tokens/s on average
        step = 10 * tenth
        spike = 1009.0 if tenth % 7 == 0 else 50000.0  # what one step's figure may say
        bar.show_progress(step, 1000, spike, tenth / 10, step, "cpu", step * tokens_per_step)
    text = bar.progress.format()
    assert text.startswith("step 500 / 1,000 · 25,600 tok/s · ETA "), text
    bar.begin(1000)  # a new run: until 2 s of history, the step's own figure stands in
    bar.show_progress(5, 1000, 1234.0, 1.0, 5, "cpu", 5 * tokens_per_step)
    assert " · 1,234 tok/s · " in bar.progress.format(), bar.progress.format()


def test_at_1024_px_the_form_column_holds_the_whole_form(qtbot, main_window) -> None:  # noqa: ANN001
    """At 1024×700 the form was cut at its right edge (spin arrows, "Open text file…" and
    "Param-matched" half hidden): its column kept 380 px, less than the form's minimum."""
    from PySide6.QtWidgets import QScrollArea, QWidget

    main_window.resize(1024, 700)
    panel = main_window.show_tab("trainer")
    qtbot.wait(50)
    scroll = panel.findChildren(QScrollArea)[0]
    form = scroll.widget()
    assert form.minimumSizeHint().width() <= scroll.viewport().width()
    assert QWidget.width(form) <= scroll.viewport().width()  # (form.width is a field)
    for button in (panel.controls.corpus.open_button,):
        right = button.mapTo(scroll.viewport(), button.rect().topRight()).x()
        assert right <= scroll.viewport().width(), right
