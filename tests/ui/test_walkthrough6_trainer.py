"""Walkthrough 6 of the Live trainer tab at 1280×800, checked on what the user sees.

1. A stopped run's replay shows the sample written at the stop (it is kept in samples.txt), and
   a stopped run that kept none is sampled (and kept) on replay.
2. Deleting the run being replayed clears the live page and disables Sample text.
3. Resume training loads the run's settings into the form, as a replay does.
4. The sample box's notes follow a language switch.
5. A corpus too short for the block size reads "Cannot use <path>: it is too short (…)" in the
   box and after Start; a FIFO reads "Cannot use <path>: it is not a regular file (…)".
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator

from gatelab.core.trainconfig import TrainConfig
from gatelab.ui.trainer_saved import SampleJob
from tests.ui.conftest import TINY_TRAIN, WrappingTranslator, corpus_lines, tiny_trainer

SAMPLE_HEADER = "--- sample at step {0} ---"


@pytest.fixture
def panel(qtbot) -> Iterator[object]:  # noqa: ANN001
    widget = tiny_trainer(qtbot, (1280, 800), settle=True)
    yield widget
    widget.shutdown()


def _box(panel) -> str:  # noqa: ANN001
    return panel.live.sample.toPlainText()


def _stopped_run(qtbot, panel) -> tuple[str, int, str]:  # noqa: ANN001
    """Train until a few rows are drawn, press Stop, wait for the stop's sample: (folder, step
    run.json says, the sample shown)."""
    panel.controls.set_config(TrainConfig(**{**TINY_TRAIN, "steps": 100_000,
                                             "eval_interval": 1000}))
    assert panel.start()
    qtbot.waitUntil(lambda: len(panel.plots.history) >= 3, timeout=30000)
    panel.bar.btn_stop.click()
    qtbot.waitUntil(lambda: not panel.controller.is_busy(), timeout=60000)
    assert panel.run_state == "stopped"
    qtbot.waitUntil(lambda: panel._sample_job is None and not panel.live.showing_note(),
                    timeout=60000)
    panel._calls.join()
    step = json.loads((Path(panel.run_dir) / "run.json").read_text())["steps"]
    header = SAMPLE_HEADER.format(step) + "\n"  # shown live as its replay shows it (session 10)
    assert _box(panel).startswith(header) and _box(panel).endswith("\n")
    return panel.run_dir, step, _box(panel)[len(header):-1]


def _replay(qtbot, panel, run: str) -> None:  # noqa: ANN001
    said: list[str] = []
    panel.status_changed.connect(said.append)
    panel.open_run(run)
    qtbot.waitUntil(lambda: f"Opened run {run}" in said, timeout=20000)
    panel.status_changed.disconnect(said.append)
    assert panel._label_kind == "replay" and panel.run_dir == run


# -- 1, 2: a stopped run's sample in its replay; deleting the replayed run -------------------
def test_a_stopped_runs_replay_shows_its_stop_sample_and_delete_clears_it(qtbot, panel
                                                                          ) -> None:  # noqa: ANN001
    run, step, sample = _stopped_run(qtbot, panel)
    assert sample.startswith("\n") and len(sample) > 100  # the model's text, not a note
    saved = (Path(run) / "samples.txt").read_text()
    assert saved == SAMPLE_HEADER.format(step) + "\n" + sample + "\n"

    panel.live.set_sample("")  # another page shown meanwhile
    _replay(qtbot, panel, run)
    assert _box(panel) == SAMPLE_HEADER.format(step) + "\n" + sample + "\n"
    assert not panel.live.showing_note() and panel._sample_job is None

    # a stopped run that kept no sample (the app closed while it was written): sampled and kept
    (Path(run) / "samples.txt").unlink()
    panel.live.set_sample("")
    _replay(qtbot, panel, run)
    qtbot.waitUntil(lambda: _box(panel) == SAMPLE_HEADER.format(step) + "\n" + sample + "\n",
                    timeout=60000)
    panel._calls.join()
    assert (Path(run) / "samples.txt").read_text() == SAMPLE_HEADER.format(step) + "\n" \
        + sample + "\n"
    _replay(qtbot, panel, run)  # a second replay neither samples again nor writes twice
    assert _box(panel) == SAMPLE_HEADER.format(step) + "\n" + sample + "\n"
    assert panel._sample_job is None
    assert (Path(run) / "samples.txt").read_text().count("--- sample at step") == 1

    # 2: Runs → Delete on the run being replayed
    runs = panel.runs
    runs.confirm_delete = lambda _path: True
    runs.refresh()
    qtbot.waitUntil(lambda: runs.select_path(run), timeout=20000)
    assert panel.live.btn_sample.isEnabled()
    runs.btn_delete.click()
    assert not Path(run).exists()
    name = Path(run).name
    assert panel.live.title.text() == f"Run {name} was deleted"
    assert panel.bar.progress.format() == "not started" and panel.bar.state.text() == ""
    assert not panel.live.btn_sample.isEnabled() and _box(panel) == ""
    assert len(panel.plots.history) == 0 and panel.run_dir == ""


def test_sample_text_on_a_folder_gone_says_so(qtbot, panel, tmp_path: Path) -> None:  # noqa: ANN001
    panel.run_dir = str(tmp_path / "run-gone")  # deleted outside the app
    panel.live.btn_sample.setEnabled(True)
    panel.live.btn_sample.click()
    assert _box(panel) == "Nothing to sample: the run's folder is gone (deleted or moved)."


# -- 3: Resume training shows the run's own settings in the form -----------------------------
def test_resume_loads_the_runs_settings_into_the_form(qtbot, panel, monkeypatch,  # noqa: ANN001
                                                     tmp_path: Path) -> None:
    from gatelab.ui.trainer_jobs import load_run_record

    run = tmp_path / "run-x"
    run.mkdir()
    cfg = TrainConfig(**{**TINY_TRAIN, "steps": 300, "n_embd": 48, "lr": 0.002})
    (run / "config.json").write_text(json.dumps(cfg.to_dict()))
    (run / "metrics.jsonl").write_text("".join(json.dumps(
        {"step": s, "train_loss": 3.0, "lr": 1e-3, "tokens_per_s": 1.0}) + "\n"
        for s in range(1, 164)))
    launched: list[tuple[TrainConfig, str]] = []
    monkeypatch.setattr(panel, "_launch", lambda c, d, resume, keep_plots=False:
                        launched.append((c, d)))
    panel.controls.steps.setValue(100)
    panel._resume_record(load_run_record(str(run)))
    assert launched and launched[0][0].steps == 300
    assert panel.controls.steps.value() == 300  # was 100
    assert panel.controls.config().n_embd == 48 and panel.controls.config().lr == 0.002


# -- 4: notes in the sample box follow a language switch -------------------------------------


def _switch(panel, wrapped: bool, translator: QTranslator) -> None:  # noqa: ANN001
    if wrapped:
        QCoreApplication.installTranslator(translator)
    else:
        QCoreApplication.removeTranslator(translator)
    panel.retranslate()


def test_sample_notes_follow_a_language_switch(qtbot, panel, tmp_path: Path) -> None:  # noqa: ANN001
    import weakref

    panel.run_dir = str(tmp_path)  # a run folder without a checkpoint yet
    panel._checkpoint_interval = 250
    panel._update_buttons()
    panel.live.btn_sample.click()
    english = ("No checkpoint yet: the run saves one at its first evaluation, every 250 "
               "steps, at least every minute and at its end.")
    assert _box(panel) == english
    translator = WrappingTranslator()
    try:
        _switch(panel, True, translator)
        assert _box(panel) == "«No checkpoint yet: the run saves one at its first evaluation, " \
            "every 250 steps, at least every minute and at its end.»"
        _switch(panel, False, translator)
        assert _box(panel) == english

        job = panel._sample_job = SampleJob(panel._shown_token())
        panel._on_sample_text(job, "\nab", 2)
        assert _box(panel) == "Writing a sample from the checkpoint: 2 of 300 characters…\n\nab"
        _switch(panel, True, translator)
        assert _box(panel) == ("«Writing a sample from the checkpoint: {0} of {1} characters…»"
                               .format(2, 300) + "\n\nab")
        panel._cancel_sample()
        panel._note_sample(lambda p: p.tr("Stopped: sampling from the checkpoint saved at "
                                          "the stop…"))
        assert _box(panel) == "«Stopped: sampling from the checkpoint saved at the stop…»"
        _switch(panel, False, translator)
        assert _box(panel) == "Stopped: sampling from the checkpoint saved at the stop…"
    finally:
        QCoreApplication.removeTranslator(translator)
    panel.live.set_sample("model text")  # model text is kept as it is on a switch
    panel.retranslate()
    assert _box(panel) == "model text"
    # the kept note does not tie the panel into a reference cycle: it holds the panel weakly
    panel._note_sample(lambda p: p.tr("Sampling from the latest checkpoint…"))
    cells = [c.cell_contents for c in panel.live._note_fn.__closure__ or ()]
    assert all(c is not panel for c in cells)
    assert any(type(c) is weakref.ReferenceType and c() is panel for c in cells)
    assert _box(panel) == "Sampling from the latest checkpoint…"


# -- 5: a too-short corpus and a FIFO read like every other corpus problem -------------------


def _pick(qtbot, monkeypatch, box, path: Path) -> None:  # noqa: ANN001
    from gatelab.ui import file_dialogs

    monkeypatch.setattr(file_dialogs, "open_file_name", lambda *a, **k: (str(path), ""))
    box.open_button.click()
    qtbot.waitUntil(lambda: any(line.startswith("Cannot use") for line in corpus_lines(box))
                    and box.summary is not None, timeout=20000)


def test_a_too_short_corpus_reads_the_same_in_the_box_and_after_start(  # noqa: ANN001
        qtbot, monkeypatch, panel, tmp_path: Path) -> None:
    box = panel.controls.corpus
    panel.controls.block.setValue(64)
    three = tmp_path / "three.txt"
    three.write_text("abc")
    _pick(qtbot, monkeypatch, box, three)
    line = (f"Cannot use {three}: it is too short (3 characters); block size 64 needs at "
            "least 130 (one block + 1 for training and one for validation)")
    # kept selected: it is only too short for this block size, which the user may lower
    assert box.corpus() == str(three)
    assert [x for x in corpus_lines(box) if x.startswith("Cannot use")] == [line]
    assert not panel.start()
    assert panel.bar.error.text() == "Not started: " + line


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_corpus_says_it_is_not_a_regular_file(qtbot, monkeypatch, panel,  # noqa: ANN001
                                                     tmp_path: Path) -> None:
    box = panel.controls.corpus
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)
    _pick(qtbot, monkeypatch, box, fifo)
    lines = [x for x in corpus_lines(box) if x.startswith("Cannot use")]
    assert lines == [f"Cannot use {fifo}: it is not a regular file (a pipe, device or socket)"]
