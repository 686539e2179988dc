"""The ETA waits for a steady speed (walkthrough s12, P1): at step 4 of a 300-step CPU run the
trainer said "ETA 7:55" for a run that took about a minute, as the first steps ran at ~480
tokens/s and later ones at ~15k. ``RecentRate`` is shared by the run bar and gatelab-train."""

from __future__ import annotations

import io
import math

import pytest

from gatelab.cli import ProgressBar
from gatelab.core.progress_rate import RecentRate
from gatelab.core.trainconfig import Snapshot

# seconds each step took in the walk's shape: a slow start that speeds up, then 0.2 s a step
RAMP = [1.6, 1.2, 0.8, 0.5, 0.3] + [0.2] * 295


def _times(per_step: list[float]) -> list[float]:
    out, t = [], 0.0
    for s in per_step:
        t += s
        out.append(t)
    return out


def test_no_eta_while_the_first_steps_speed_up_then_the_recent_speed() -> None:
    rate = RecentRate()
    times = _times(RAMP)
    for step in range(1, 5):  # steps done since the first report, as the panel feeds them
        rate.add(times[step - 1] - times[0], step - 1)
    assert math.isnan(rate.eta(300 - 4)) and not rate.steady  # old: 2.6 s / 3 steps → 4:16
    etas = {}
    for step in range(5, 301):
        rate.add(times[step - 1] - times[0], step - 1)
        etas[step] = rate.eta(300 - step)
    first = min(s for s, e in etas.items() if not math.isnan(e))
    assert first <= 30  # a few seconds of steady steps (about 2.5 s here), not the whole run
    for step, eta in etas.items():
        if step >= first and step < 300:  # within 10 % of the truth, 0.2 s a step
            assert eta == pytest.approx(0.2 * (300 - step), rel=0.1), (step, eta)
    assert etas[300] == 0.0


def test_a_steady_run_gets_its_eta_after_a_couple_of_seconds() -> None:
    rate = RecentRate()
    for i in range(1, 40):  # 0.1 s a step, a report each
        rate.add(0.1 * i, i)
        if 0.1 * (i - 1) < 2.0 - 1e-9:  # the samples span less than 2 s
            assert math.isnan(rate.eta(100))
    assert rate.eta(100) == pytest.approx(10.0)


def test_a_jittery_speed_still_gets_an_eta_after_the_cap() -> None:
    rate = RecentRate(settle_cap_s=20.0)
    t, n = 0.0, 0
    for i in range(400):  # halves that never agree: alternately 0.05 s and 0.5 s per step
        t += 0.05 if (i // 10) % 2 else 0.5
        n += 1
        rate.add(t, n)
        if t < 20.0:
            continue
        assert rate.steady and rate.eta(10) > 0
        break
    else:
        pytest.fail("never steady")


def test_a_new_run_starts_estimating_again() -> None:
    rate = RecentRate()
    for i in range(1, 40):
        rate.add(0.1 * i, i)
    assert rate.steady
    rate.add(0.05, 1)  # went back: a new run's numbers
    assert not rate.steady and math.isnan(rate.eta(10))
    rate.reset()
    assert math.isnan(rate.eta(10)) and math.isnan(rate.recent_per_s())


def _snap(step: int, elapsed: float, total: int = 300) -> Snapshot:
    return Snapshot(step=step, steps_total=total, tokens_seen=step * 3000, train_loss=2.0,
                    lr=1e-3, tokens_per_s=15000.0, elapsed_s=elapsed)


def test_the_cli_bar_says_no_eta_until_the_speed_settles() -> None:
    """gatelab-train's line used the whole run's average: "00:01<07:32" at step 1."""
    out = io.StringIO()
    bar = ProgressBar(stream=out)
    times = _times(RAMP)
    for step in range(1, 5):
        bar.update(_snap(step, times[step - 1] + 1.0), force=True)  # +1 s: building the model
    assert out.getvalue().rsplit("\r", 1)[-1].endswith("<--:--"), out.getvalue()
    for step in range(5, 200):
        bar.update(_snap(step, times[step - 1] + 1.0), force=True)
    line = out.getvalue().rsplit("\r", 1)[-1]
    assert line.endswith("<00:20"), line  # 101 steps left at 0.2 s
    bar.done()
    bar.update(_snap(1, 2.0), force=True)  # an experiment's next run: no ETA from the last one
    assert out.getvalue().rsplit("\r", 1)[-1].endswith("<--:--")
