"""The sample a stopped run writes from its checkpoint: shown as it is written, never stale.

Why: after Stop the sample box said "Stopped: sampling…" and then nothing happened for 5–15 s
(minutes for a 6-layer d=384 model) before the whole text appeared at once. Now the text shows
as it is written under a line counting its characters; a sample of something no longer shown
(another run, a replay) is stopped and dropped, and no note outlives its run.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from gatelab.core.sampling import one_thread
from gatelab.ui import trainer_saved
from gatelab.ui.trainer_jobs import SAMPLE_CHARS, sample_from_run
from gatelab.ui.trainer_worker import Outcome
from tests.ui.test_trainer_panel import _tiny, _wait_done, panel  # noqa: F401 (fixture)

STOP_NOTE = "Stopped: sampling from the checkpoint saved at the stop…"
WRITING = "Writing a sample from the checkpoint: "


def _box(panel) -> str:  # noqa: ANN001
    return panel.live.sample.toPlainText()


def _seen(panel) -> list[str]:  # noqa: ANN001
    """Every text the sample box shows from now on, in order."""
    texts: list[str] = []
    panel.live.sample.textChanged.connect(lambda: texts.append(_box(panel)))
    return texts


class FakeSampler:
    """Stands in for ``sample_from_run``: writes "\\nab", then waits for ``go`` (so a test can
    act mid-sample) and finishes with "\\nabcd", or raises ``error``."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.stops: list[threading.Event] = []
        self.error: Exception | None = None

    def __call__(self, run_dir: str, chars: int = SAMPLE_CHARS,
                 on_text: Callable[[str, int], None] | None = None,
                 stop: threading.Event | None = None) -> str:
        assert on_text is not None and stop is not None
        self.stops.append(stop)
        on_text("\nab", 2)
        self.go.wait(10)
        if self.error is not None:
            raise self.error
        return "\nab" if stop.is_set() else "\nabcd"


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch, panel, tmp_path: Path) -> FakeSampler:  # noqa: ANN001
    """A run folder with a (dummy) checkpoint shown on the panel, sampled by a FakeSampler."""
    sampler = FakeSampler()
    monkeypatch.setattr(trainer_saved, "sample_from_run", sampler)
    run = tmp_path / "run-a"
    run.mkdir()
    (run / "ckpt.pt").write_bytes(b"")
    panel.run_dir = str(run)
    yield sampler
    sampler.go.set()
    panel._calls.join()


def test_stop_streams_the_sample_then_shows_it_whole(qtbot, panel, fake) -> None:  # noqa: ANN001
    texts = _seen(panel)
    panel._on_done(Outcome("stopped", "", panel.run_dir))
    assert texts[0] == STOP_NOTE
    qtbot.waitUntil(lambda: _box(panel).startswith(WRITING), timeout=5000)
    assert _box(panel) == WRITING + "2 of 300 characters…\n\nab"
    fake.go.set()
    qtbot.waitUntil(lambda: _box(panel) == "\nabcd", timeout=5000)
    assert not panel.live.showing_note() and panel._sample_job is None
    assert texts == [STOP_NOTE, WRITING + "2 of 300 characters…\n\nab", "\nabcd"]


def test_a_new_run_or_replay_stops_the_sample_and_drops_it(qtbot, panel, fake) -> None:  # noqa: ANN001
    panel._on_done(Outcome("stopped", "", panel.run_dir))
    qtbot.waitUntil(lambda: len(fake.stops) == 1, timeout=5000)
    panel._clear_run_view()  # what Start, Resume and a replay do first
    qtbot.wait(100)  # the piece written before arrives now: for a page no longer shown
    assert fake.stops[0].is_set()  # so its thread stops writing
    fake.go.set()
    qtbot.waitUntil(lambda: not panel._calls.busy(), timeout=5000)
    qtbot.wait(50)
    assert _box(panel) == "" and not panel.live.showing_note()


def test_the_run_ending_ends_a_sample_asked_for_during_it(qtbot, panel, fake) -> None:  # noqa: ANN001
    panel.request_sample()
    qtbot.waitUntil(lambda: _box(panel).startswith(WRITING), timeout=5000)
    panel.request_sample()  # pressed again while it writes: nothing new starts
    assert len(fake.stops) == 1
    panel._on_done(Outcome("stopped", "", panel.run_dir))
    assert fake.stops[0].is_set() and _box(panel) == STOP_NOTE
    qtbot.waitUntil(lambda: len(fake.stops) == 2, timeout=5000)  # one from the stop's checkpoint
    fake.go.set()
    qtbot.waitUntil(lambda: _box(panel) == "\nabcd", timeout=5000)
    panel._calls.join()
    qtbot.wait(50)
    assert _box(panel) == "\nabcd"  # the first sample's late answer changed nothing


def test_an_error_is_said_for_the_shown_sample_only(qtbot, panel, fake) -> None:  # noqa: ANN001
    fake.error = ValueError("checkpoint unreadable")
    panel.request_sample()
    qtbot.waitUntil(lambda: len(fake.stops) == 1, timeout=5000)
    panel._clear_run_view()
    fake.go.set()
    panel._calls.join()
    qtbot.wait(50)
    assert _box(panel) == ""  # another page is shown: its error is not this page's
    fake.go.clear()
    panel.request_sample()
    fake.go.set()
    qtbot.waitUntil(lambda: _box(panel).startswith("No sample"), timeout=5000)
    assert _box(panel) == "No sample: checkpoint unreadable"


def test_a_finished_run_keeps_its_own_sample_over_a_note(panel, tmp_path: Path) -> None:  # noqa: ANN001
    panel.run_dir = str(tmp_path)
    panel._note_sample("Sampling from the latest checkpoint…")
    panel.live.set_sample("\nthe run's final sample")  # the finished snapshot's text
    panel._on_done(Outcome("finished", "", str(tmp_path)))
    assert _box(panel) == "\nthe run's final sample"
    panel._note_sample("Sampling from the latest checkpoint…")
    panel._on_done(Outcome("error", "boom", str(tmp_path)))
    assert _box(panel) == ""  # a note about a run that failed goes


def test_a_real_stop_shows_the_checkpoint_sample(qtbot, panel) -> None:  # noqa: ANN001
    from gatelab.core.engine import load_trained, sample_text

    texts = _seen(panel)
    panel.controls.set_config(_tiny(steps=100_000, eval_interval=1000))
    assert panel.start()
    qtbot.waitUntil(lambda: len(panel.plots.history) >= 3, timeout=30000)
    panel.bar.btn_stop.click()
    _wait_done(qtbot, panel)
    qtbot.waitUntil(lambda: panel._sample_job is None and not panel.live.showing_note(),
                    timeout=30000)
    model, vocab, _cfg = load_trained(panel.run_dir)
    with one_thread():  # as the panel samples (two threads fight on a busy two-core machine)
        expected = sample_text(model, vocab, 300, seed=0)
    # under the header its replay shows: the step of the checkpoint saved at the stop
    step = panel.plots.history.steps[-1]
    assert _box(panel) == f"--- sample at step {step} ---\n{expected}\n" and len(expected) == 301
    shown = [t for t in texts if t]
    assert shown[0] == STOP_NOTE and shown[-1] == _box(panel)
    writing = [t for t in shown if t.startswith(WRITING)]
    assert writing and all(expected.startswith(t.split("\n", 1)[1]) for t in writing)


def test_sample_from_run_reports_progress_and_stops(tmp_path: Path) -> None:
    from gatelab.core.engine import load_trained, sample_text, train_steps

    list(train_steps(_tiny(steps=2, eval_interval=2, sample_chars=0, threads=1), run_dir=tmp_path))
    heard: list[tuple[str, int]] = []
    text = sample_from_run(str(tmp_path), 40, on_text=lambda t, n: heard.append((t, n)))
    model, vocab, _cfg = load_trained(tmp_path)
    with one_thread():
        assert text == sample_text(model, vocab, 40, seed=0)
    assert heard[0] == (text[:2], 1)  # the first character is said at once
    assert all(text.startswith(t) and len(t) == n + 1 for t, n in heard)
    stop = threading.Event()
    short = sample_from_run(str(tmp_path), 40, on_text=lambda _t, _n: stop.set(), stop=stop)
    assert short == text[:3]  # stopped at the character after the first report
