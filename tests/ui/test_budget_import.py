"""The budget panel reads files in a worker thread: hostile files never freeze the GUI (issue 8)."""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import pytest

from gatelab.ui import budget_loader
from gatelab.ui.budget_panel import BudgetPanel

GPT2 = {"model_type": "gpt2", "n_embd": 768, "n_layer": 12, "n_head": 12, "n_positions": 1024,
        "vocab_size": 50257, "_name_or_path": "my-gpt2"}


@pytest.fixture
def panel(budget_panel: BudgetPanel) -> BudgetPanel:
    return budget_panel


def _late_writer(fifo: Path, payload: bytes, done: threading.Event,
                 give_up_s: float = 3.0) -> threading.Thread:
    """Writes ``payload`` into ``fifo`` once somebody opens it for reading (never blocks: an
    old, blocking reader would be released after ~1 s instead of hanging the test run)."""
    def run() -> None:
        if done.wait(1.0):
            return
        deadline = time.monotonic() + give_up_s
        while time.monotonic() < deadline and not done.is_set():
            try:
                fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:
                time.sleep(0.05)
                continue
            try:
                os.write(fd, payload)
            except OSError:
                pass
            os.close(fd)
            return

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("kind", ["config", "safetensors"])
def test_fifo_never_blocks_the_gui(panel: BudgetPanel, qtbot, tmp_path: Path,  # noqa: ANN001
                                   kind: str) -> None:
    fifo = tmp_path / ("config.json" if kind == "config" else "model.safetensors")
    os.mkfifo(fifo)
    done = threading.Event()
    writer = _late_writer(fifo, json.dumps(GPT2).encode(), done)
    t0 = time.perf_counter()
    with qtbot.waitSignal(panel.error_reported, timeout=5000):
        getattr(panel, f"load_{kind}")(fifo)
        assert time.perf_counter() - t0 < 0.5  # returned at once: the read is not on this thread
    assert "not a regular file" in panel.last_error and fifo.name in panel.last_error
    done.set()
    writer.join(5)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_dev_zero_and_folder_are_refused(panel: BudgetPanel, qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    with qtbot.waitSignal(panel.file_loader().result_applied, timeout=5000) as blocker:
        panel.load_config("/dev/zero")
    assert blocker.args[2] is False and "not a regular file" in panel.last_error
    with qtbot.waitSignal(panel.file_loader().result_applied, timeout=5000) as blocker:
        panel.load_safetensors(tmp_path)
    assert blocker.args[2] is False and "folder" in panel.last_error


def test_busy_state_while_reading(panel: BudgetPanel, qtbot, tmp_path: Path,  # noqa: ANN001
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    release = threading.Event()
    real = budget_loader.read_config

    def slow(path: str, progress=None) -> budget_loader.ConfigResult:  # noqa: ANN001
        release.wait(10)
        return real(path)

    monkeypatch.setitem(budget_loader.READERS, "config", slow)
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps(GPT2))
    panel.load_config(cfg)
    qtbot.wait(50)  # the event loop keeps running while the worker waits
    assert panel.file_loader().busy()
    assert not panel.open_config_button.isEnabled() and not panel.open_st_button.isEnabled()
    with qtbot.waitSignal(panel.file_loader().result_applied, timeout=5000) as blocker:
        release.set()
    assert blocker.args == ["config", str(cfg), True]
    assert panel.models["my-gpt2"].total == 124_439_808
    assert panel.open_config_button.isEnabled() and not panel.file_loader().busy()


def test_shutdown_waits_and_drops_the_result(panel: BudgetPanel, qtbot, tmp_path: Path,  # noqa: ANN001
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    started, release = threading.Event(), threading.Event()

    def slow(path: str, progress=None) -> budget_loader.ConfigResult:  # noqa: ANN001
        started.set()
        release.wait(0.5)
        return budget_loader.read_config(path)

    monkeypatch.setitem(budget_loader.READERS, "config", slow)
    cfg = tmp_path / "config.json"
    cfg.write_text(json.dumps(GPT2))
    panel.load_config(cfg)
    assert started.wait(5)
    t0 = time.perf_counter()
    panel.shutdown()  # stop requested, then waits for the running read (≤ 0.5 s here)
    assert time.perf_counter() - t0 < 3
    qtbot.wait(100)
    assert "my-gpt2" not in panel.models


def test_sharded_index_reports_progress(panel: BudgetPanel, qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    from gatelab.core.budget import write_safetensors_header_only

    weight_map = {}
    for i in range(3):
        write_safetensors_header_only(tmp_path / f"s{i}.safetensors", {f"w{i}": ("F16", (4, 4))})
        weight_map[f"w{i}"] = f"s{i}.safetensors"
    index = tmp_path / "model.safetensors.index.json"
    index.write_text(json.dumps({"weight_map": weight_map}))
    seen: list[tuple[int, int]] = []
    statuses: list[str] = []
    panel.file_loader().progress_changed.connect(lambda _p, done, total: seen.append((done, total)))
    panel.status_changed.connect(statuses.append)
    with qtbot.waitSignal(panel.file_loader().result_applied, timeout=5000) as blocker:
        panel.load_safetensors(index)
    assert blocker.args[2] is True and seen == [(1, 3), (2, 3), (3, 3)]
    assert any("shard 2 of 3" in s for s in statuses)
    assert panel.checkpoint_view.tensor_table.rowCount() == 3


@pytest.mark.parametrize("kind", ["config", "safetensors"])
def test_a_failed_read_ends_the_reading_status(panel: BudgetPanel, qtbot, tmp_path: Path,  # noqa: ANN001
                                               kind: str) -> None:
    """The bar said "Reading bad_config.json…" beside the error box until its 8 s timeout."""
    path = tmp_path / ("bad_config.json" if kind == "config" else "bad.safetensors")
    path.write_text('{"model_type": "llama", "hidden_size": "abc"}' if kind == "config" else "x")
    said: list[str] = []
    panel.status_changed.connect(said.append)
    with qtbot.waitSignal(panel.file_loader().result_applied, timeout=5000) as blocker:
        getattr(panel, f"load_{kind}")(path)
    assert blocker.args[2] is False
    shown = f"{tmp_path.name}/{path.name}"  # with its folder: every checkpoint is model.safetensors
    assert said == [f"Reading {shown}…", f"Could not read {shown}"]
    if kind == "config":  # the reason names the text typed, not Python's "str"
        assert 'got the text "abc"' in panel.last_error
