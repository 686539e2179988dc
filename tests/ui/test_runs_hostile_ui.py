"""Malformed run folders in the trainer tab: the list shows the rest, opening says why, no traceback.

pytest-qt fails a test on any exception raised inside a Qt slot, so "no traceback" is checked by
every test here simply running the real slots.
"""

from __future__ import annotations

import json
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
import torch

from gatelab.core.trainconfig import TrainConfig
from gatelab.paths import runs_dir

from .conftest import trainer_with

CFG = TrainConfig(n_layer=1, n_head=2, n_embd=32, block_size=16, batch_size=8, steps=6,
                  eval_interval=3, eval_iters=2, threads=1, stats_interval=3, sample_chars=0,
                  device="cpu")


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from gatelab.core.engine import train_steps

    torch.set_num_threads(1)
    d = tmp_path_factory.mktemp("tpl") / "good"
    list(train_steps(CFG, run_dir=d))
    return d


@pytest.fixture
def panel(qtbot) -> Iterator[object]:  # noqa: ANN001
    widget = trainer_with(qtbot, CFG)
    yield widget
    widget.shutdown()


def _run(template: Path, name: str) -> Path:
    return Path(shutil.copytree(template, runs_dir() / name))


def _statuses(panel) -> list[str]:  # noqa: ANN001
    return [panel.runs.table.item(r, 7).text() for r in range(panel.runs.table.rowCount())]


def test_run_list_shows_the_rest_and_says_why(qtbot, panel, template: Path) -> None:  # noqa: ANN001
    _run(template, "a-good")
    (_run(template, "b-deep") / "config.json").write_text("[" * 100000)
    bad = _run(template, "c-lots")
    cfg = json.loads((bad / "config.json").read_text())
    (bad / "config.json").write_text(json.dumps({**cfg, "steps": "lots"}))
    with qtbot.waitSignal(panel.runs.refreshed, timeout=10000):  # read off the GUI thread
        panel.runs.refresh()
    rows = {row.name: row for row in panel.runs.rows}
    assert set(rows) == {"a-good", "b-deep", "c-lots"}
    assert rows["a-good"].status == "finished" and rows["a-good"].model == "1L d32 m96 2h"
    assert rows["b-deep"].status == "broken" and "nested too deeply" in rows["b-deep"].error
    assert "steps must be a whole number" in rows["c-lots"].error
    statuses = _statuses(panel)
    assert "finished" in statuses and any(s.startswith("broken: ") for s in statuses)


@pytest.mark.parametrize("damage, message", [
    ("lots", "config.json"), ("huge", "config.json"), ("ckpt", "not a gatelab checkpoint")])
def test_open_and_resume_show_the_reason(qtbot, panel, template: Path, damage: str,  # noqa: ANN001
                                         message: str) -> None:
    run = _run(template, "r")
    cfg = json.loads((run / "config.json").read_text())
    if damage == "ckpt":
        torch.save([1, 2, 3], run / "ckpt.pt")
    else:
        steps = "lots" if damage == "lots" else 10**30
        (run / "config.json").write_text(json.dumps({**cfg, "steps": steps}))
    if damage != "ckpt":
        assert panel.open_run(str(run))
        qtbot.waitUntil(lambda: message in panel.error_text)
        assert "Could not read the run" in panel.bar.error.text() and not panel.bar.error.isHidden()
        panel.error_text = ""
    assert panel.resume_run(str(run))
    qtbot.waitUntil(lambda: message in panel.error_text and not panel.controller.is_busy(),
                    timeout=30000)
    assert "weights_only" not in panel.error_text and "Traceback" not in panel.error_text


def test_open_skips_bad_rows_and_broken_stats(qtbot, panel, template: Path) -> None:  # noqa: ANN001
    run = _run(template, "r")
    with open(run / "metrics.jsonl", "a") as f:
        f.write('{"step": "abc"}\n')
    (run / "stats.npz").write_bytes(b"")
    messages: list[str] = []
    panel.status_changed.connect(messages.append)
    assert panel.open_run(str(run))
    qtbot.waitUntil(lambda: any("Opened run" in m for m in messages))
    np.testing.assert_array_equal(panel.plots.c_train.getData()[0], [1, 2, 3, 4, 5, 6])
    assert any("metrics.jsonl" in m and "step 'abc'" in m for m in messages)
    assert any("stats.npz" in m for m in messages) and panel._stats is None


def test_replay_reads_off_the_gui_thread_and_downsamples(qtbot, panel, template: Path,  # noqa: ANN001
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from gatelab.ui import trainer_saved as trainer_panel  # where the saved-run reading lives

    run = _run(template, "big")
    with open(run / "metrics.jsonl", "w") as f:
        for step in range(1, 5001):
            row = {"step": step, "train_loss": 3.0 - step / 5000, "lr": 1e-3}
            if step % 500 == 0:
                row["val_loss"] = 3.0 - step / 4000
            f.write(json.dumps(row) + "\n")
    threads: list[threading.Thread] = []
    real = trainer_panel.load_run_record

    def spy(path: str, max_rows: int | None = None) -> object:
        threads.append(threading.current_thread())
        return real(path, max_rows)

    monkeypatch.setattr(trainer_panel, "load_run_record", spy)
    monkeypatch.setattr(trainer_panel, "REPLAY_POINTS", 400)
    assert panel.open_run(str(run))
    assert not panel.plots.history.steps  # nothing read yet on the GUI thread
    qtbot.waitUntil(lambda: bool(panel.plots.history.steps))
    assert threads and threads[0] is not threading.main_thread()
    x, _y = panel.plots.c_train.getData()
    assert len(x) <= 400 and x[0] == 1 and x[-1] == 5000
    np.testing.assert_array_equal(panel.plots.c_val.getData()[0], np.arange(500, 5001, 500))


def test_resume_a_run_killed_before_its_first_checkpoint(qtbot, panel, template: Path) -> None:  # noqa: ANN001
    run = _run(template, "early")
    (run / "ckpt.pt").unlink()
    summary = json.loads((run / "run.json").read_text())
    (run / "run.json").write_text(json.dumps({**summary, "status": "running", "pid": 2**22 + 7}))
    with qtbot.waitSignal(panel.runs.refreshed, timeout=10000):  # read off the GUI thread
        panel.runs.refresh()
    assert panel.runs.row_for(str(run)).status == "interrupted"
    messages: list[str] = []
    panel.status_changed.connect(messages.append)
    assert panel.runs.select_path(str(run))
    panel.runs.btn_resume.click()
    assert any("no checkpoint yet" in m and "from step 0" in m for m in messages)
    qtbot.waitUntil(lambda: panel.plots.history.steps[-1:] == [6]
                    and not panel.controller.is_busy(), timeout=60000)
    from gatelab.core.runs import load_run

    assert [r["step"] for r in load_run(run).metrics] == [1, 2, 3, 4, 5, 6]
    assert load_run(run).summary["status"] == "finished"


@pytest.mark.parametrize("damage", ["empty", "truncated", "pickled", "fifo"])
def test_gate_plane_neurons_from_a_damaged_run(qtbot, template: Path, damage: str) -> None:  # noqa: ANN001
    import os
    from fractions import Fraction

    from gatelab.ui.gate_plane_panel import GatePlanePanel

    run = _run(template, "r")
    stats = run / "stats.npz"
    data = stats.read_bytes()
    stats.unlink()
    if damage == "fifo":
        os.mkfifo(stats)  # never blocks the GUI
    elif damage == "pickled":
        np.savez(stats, gate_pairs=np.array([Fraction(1, 2)], dtype=object))
    else:
        stats.write_bytes(data[: len(data) // 2] if damage == "truncated" else b"")
    plane_panel = GatePlanePanel()
    qtbot.addWidget(plane_panel)
    assert not plane_panel.load_neurons_from(str(run))
    text = plane_panel.controls.neuron_message.text()
    assert "Could not load neurons" in text and "stats.npz" in text
    assert "allow_pickle" not in text and "Traceback" not in text
