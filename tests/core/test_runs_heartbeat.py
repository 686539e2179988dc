"""A paused run keeps its heartbeat: the GUI's pause stops pulling the training generator, so
no step writes run.json; ``runs.keep_alive`` refreshes it so the list never says "interrupted"."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import pytest

from gatelab.core import run_liveness, run_writer, runs
from gatelab.core.engine import train_steps
from gatelab.core.run_liveness import STALE_S, effective_status
from gatelab.core.trainconfig import TrainConfig

TINY = TrainConfig(corpus="generated", n_layer=1, n_head=2, n_embd=32, block_size=16, batch_size=4,
                   steps=50, eval_interval=25, eval_iters=2, stats=False, threads=1,
                   sample_chars=0)


def _summary(run: Path) -> dict:
    return json.loads((run / "run.json").read_text())


def test_keep_alive_refreshes_a_paused_runs_heartbeat(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    run = tmp_path / "run"
    gen = train_steps(TINY, threading.Event(), run_dir=run)
    for _ in range(3):
        next(gen)  # three steps, then "pause": the generator is no longer pulled
    before = _summary(run)
    assert runs.keep_alive(run) is True
    assert _summary(run) == before  # within HEARTBEAT_S nothing is rewritten

    monkeypatch.setattr(run_writer, "HEARTBEAT_S", 0.0)
    time.sleep(0.02)
    assert runs.keep_alive(str(run) + "/")  # any spelling of the folder
    after = _summary(run)
    assert after["heartbeat"] > before["heartbeat"]
    assert after["status"] == "running" and after["steps"] == 3  # the writer's latest summary
    # a reader that cannot ask the process (another host) trusts the heartbeat: without the
    # refresh, a run paused for longer than STALE_S reads "interrupted"
    assert effective_status({**before, "host": "another-host"},
                            now=before["heartbeat"] + STALE_S + 1) == "interrupted"
    assert effective_status({**after, "host": "another-host"},
                            now=after["heartbeat"] + run_writer.HEARTBEAT_S + 1) == "running"

    gen.close()  # the consumer drops the run: it is stopped and no longer kept alive
    assert _summary(run)["status"] == "stopped"
    assert runs.keep_alive(run) is False


def test_keep_alive_without_a_writer_does_nothing(tmp_path: Path) -> None:
    assert runs.keep_alive(tmp_path) is False
    assert runs.keep_alive("") is False
    assert not (tmp_path / "run.json").exists()


class _FakeKernel32:
    """kernel32's three calls as Windows answers them for a set of live and finished pids."""

    def __init__(self, codes: dict[int, int], denied: tuple[int, ...] = ()) -> None:
        self.codes, self.denied, self.error, self.closed = codes, denied, 0, []

    def OpenProcess(self, access: int, inherit: bool, pid: int) -> int:  # noqa: N802
        assert access == 0x1000 and not inherit  # query rights only, never terminate
        if pid in self.denied:
            self.error = 5
            return 0
        if pid not in self.codes:
            self.error = 87
            return 0
        return 1000 + pid

    def GetExitCodeProcess(self, handle: int, code) -> int:  # noqa: N802, ANN001
        code._obj.value = self.codes[handle - 1000]
        return 1

    def CloseHandle(self, handle: int) -> int:  # noqa: N802
        self.closed.append(handle)
        return 1


def test_windows_asks_whether_a_pid_runs_without_signalling_it(monkeypatch) -> None:  # noqa: ANN001
    """On Windows os.kill(pid, 0) sends Ctrl+C (and other signals terminate): never used there."""
    fake = _FakeKernel32({10: 259, 11: 0}, denied=(12,))
    alive = [run_liveness.windows_pid_alive(p, fake, lambda: fake.error) for p in (10, 11, 12, 13)]
    assert alive == [True, False, True, False]
    assert fake.closed == [1010, 1011]  # every opened handle closed

    def no_kill(*_a: object) -> None:
        raise AssertionError("os.kill must not be used on Windows")
    monkeypatch.setattr(run_liveness.os, "name", "nt")
    monkeypatch.setattr(run_liveness.os, "kill", no_kill)
    monkeypatch.setattr(run_liveness, "windows_pid_alive", lambda pid: pid == 4242)
    here = run_liveness.host_name()
    assert run_liveness.process_alive({"pid": 4242, "host": here}) is True
    assert run_liveness.process_alive({"pid": 4243, "host": here}) is False
