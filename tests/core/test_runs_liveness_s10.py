"""The saved-run list after a kill -9 or disk trouble (session 10):

1. a run of this process whose writes failed (a read-only folder) reads "interrupted" as soon as
   its writer closes: run.json still says "running" and names this (live) process, which the
   list took for the writer until the app was relaunched;
2. a run folder a kill right after Start left empty is listed ("empty") and can be deleted, by
   a strict rule (gatelab's name, gatelab's temp files only, no live writer, not just made);
   replay and resume of it are refused in one clear line;
3. a run deleted meanwhile is refused by replay and delete alike ("run folder not found").
"""

from __future__ import annotations

import errno
import gc
import json
import os
import time
from pathlib import Path

import pytest

from gatelab.core import run_liveness, runs
from gatelab.core.engine import train_steps
from gatelab.core.run_liveness import effective_status, host_name
from gatelab.core.runs import RunError, RunWriteError
from gatelab.core.trainconfig import TrainConfig
from tests.core.test_runs_s9_delete import sleeper  # noqa: F401 (fixture)

TINY = TrainConfig(corpus="generated", n_layer=1, n_head=2, n_embd=32, block_size=16, batch_size=4,
                   steps=40, eval_interval=20, eval_iters=2, stats=False, threads=1,
                   sample_chars=0, checkpoint_interval=5, device="cpu")
EMPTY_NAME = "run-20260101-120000-abcd"


def _summary(run: Path) -> dict:
    return json.loads((run / "run.json").read_text())


def _statuses(root: Path, include_empty: bool = False) -> dict[str, str]:
    return {r.name: r.status for r in runs.list_runs(root, include_empty=include_empty)}


def read_only_under(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every whole-file write into ``folder`` fails as on a read-only file system (tests run as
    root, where chmod does not stop a write): the rename that ends each one is refused."""
    real = os.replace

    def replace(src: str, dst: str) -> None:
        if str(dst).startswith(str(folder)):
            raise OSError(errno.EROFS, "Read-only file system", str(dst))
        real(src, dst)

    monkeypatch.setattr(os, "replace", replace)


# -- 1. this process's run, its writes failing ---------------------------------------------------
def test_a_run_whose_writes_fail_reads_interrupted_once_training_ends(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = runs.new_run_dir(tmp_path)
    gen = train_steps(TINY, run_dir=run)
    for snap in gen:
        if snap.step == 3:
            break
    assert _statuses(tmp_path) == {run.name: "running"}  # its writer is open: training
    read_only_under(run, monkeypatch)
    with pytest.raises(RunWriteError, match="read-only"):
        for _snap in gen:
            pass
    summary = _summary(run)
    assert summary["status"] == "running" and summary["pid"] == os.getpid()  # never rewritten
    assert summary[run_liveness.WRITER_KEY]  # names the writer, now closed
    assert effective_status(summary) == "interrupted"
    assert _statuses(tmp_path) == {run.name: "interrupted"}  # was "running" until relaunched
    assert runs.run_busy(run) is None and runs.run_busy(run, others_only=True) is None
    monkeypatch.undo()
    runs.delete_run(run)
    assert not run.exists()


def test_this_process_is_the_writer_only_while_that_writer_is_open(tmp_path: Path) -> None:
    token = run_liveness.claim_writer()
    summary = {"status": "running", "pid": os.getpid(), "host": host_name(), "steps": 1,
               "steps_total": 4, "heartbeat": time.time(), run_liveness.WRITER_KEY: token}
    assert effective_status(summary) == "running"
    run_liveness.release_writer(token)
    assert effective_status(summary) == "interrupted"  # the heartbeat is fresh: no matter
    assert effective_status({**summary, run_liveness.WRITER_KEY: "f" * 16}) == "interrupted"
    # no token (a run.json of a gatelab before tokens, experiment.json): this process, unless
    # its recorded start time says an earlier process had this pid
    old = {k: v for k, v in summary.items() if k != run_liveness.WRITER_KEY}
    assert effective_status(old) == "running"
    assert effective_status({**old, "pid_start": "1"}) == "interrupted"


def test_a_writer_dropped_without_close_stops_naming_this_process(tmp_path: Path) -> None:
    writer = runs.RunWriter(tmp_path / "r", TINY, {"name": "generated"}, 10, "cpu")
    assert runs.run_info(tmp_path / "r").status == "running"
    writer._metrics.close()  # (its file only: close() itself is what a dropped writer misses)
    del writer
    gc.collect()
    assert runs.run_info(tmp_path / "r").status == "interrupted"
    writer = runs.RunWriter(tmp_path / "r", TINY, {"name": "generated"}, 10, "cpu")
    writer.close()  # closed without finish(): a write error before it
    assert runs.run_info(tmp_path / "r").status == "interrupted"


# -- 2. empty run folders ----------------------------------------------------------------------
def _aged(path: Path, seconds: float = 3600.0) -> Path:
    stamp = time.time() - seconds
    os.utime(path, (stamp, stamp))
    return path


def _empty(root: Path, name: str = EMPTY_NAME, *files: str) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    for file in files:
        (folder / file).write_bytes(b"{")
    return _aged(folder)


def test_empty_run_folders_are_listed_and_nothing_else_of_the_users(tmp_path: Path) -> None:
    _empty(tmp_path)  # killed before any file
    _empty(tmp_path, "run-20260101-120001-beef", ".config.json.ab_12cd9.999999999.tmp")
    for name in ("photos", "run-mine", "run-20260101-120002-ABCD", "exp-20260101-120003-ABCD"):
        _empty(tmp_path, name)  # not a name gatelab gives a run (exp-…: test_runs_empty_s11)
    _empty(tmp_path, "run-20260101-120004-0001", "notes.txt")  # a file of the user's
    _empty(tmp_path, "run-20260101-120005-0002", ".notes.txt.ab_12cd9.999999999.tmp")
    (_empty(tmp_path, "run-20260101-120006-0003") / ".run.json.x.1.tmp").mkdir()  # not a file
    (tmp_path / "run-20260101-120007-0004").symlink_to(tmp_path / EMPTY_NAME)  # a link
    assert _statuses(tmp_path, include_empty=True) == {
        EMPTY_NAME: "empty", "run-20260101-120001-beef": "empty"}
    assert _statuses(tmp_path) == {}  # the other lists (Inside's) leave them out
    [info, _] = runs.list_runs(tmp_path, include_empty=True)
    assert info.error.key == "run.empty" and "before the run wrote its first file" in info.error
    assert info.steps_text() == "0/0" and info.created == pytest.approx(time.time() - 3600, abs=5)


def test_an_empty_run_folder_cannot_be_replayed_or_resumed(tmp_path: Path) -> None:
    folder = _empty(tmp_path)
    with pytest.raises(RunError) as info:
        runs.load_run(folder)
    assert info.value.msg.key == "run.empty_open"
    assert str(info.value) == (f"{folder} holds no run to replay or resume: it was stopped "
                               "before it saved anything; delete it under Runs")
    with pytest.raises(RunError, match="no run to resume"):
        list(train_steps(TINY, run_dir=folder, resume=True))
    assert list(folder.iterdir()) == []  # the refused resume wrote nothing


def test_an_empty_run_folder_is_deleted_with_its_temp_files_only(tmp_path: Path) -> None:
    folder = _empty(tmp_path, EMPTY_NAME, ".config.json.ab_12cd9.999999999.tmp",
                    ".run.json.4242424242.tmp")  # dead writers (the old name, the new)
    assert runs.delete_run(folder) is None and not folder.exists()
    with pytest.raises(RunError, match="run folder not found"):  # deleted meanwhile
        runs.delete_run(folder)
    with pytest.raises(RunError, match="not a gatelab run folder"):
        runs.delete_run(_empty(tmp_path, "photos"))
    assert (tmp_path / "photos").is_dir()


def test_an_empty_run_folder_a_live_process_may_write_is_kept(tmp_path: Path, sleeper) -> None:  # noqa: ANN001
    folder = _empty(tmp_path, EMPTY_NAME, f".config.json.ab_12cd9.{sleeper.pid}.tmp")
    with pytest.raises(RunError, match=f"still being trained by process {sleeper.pid}"):
        runs.delete_run(folder)
    assert len(list(folder.iterdir())) == 1
    young = tmp_path / "run-20260101-120009-0009"
    young.mkdir()  # just made: its run may still be reading its corpus
    with pytest.raises(RunError) as info:
        runs.delete_run(young)
    assert info.value.msg.key == "run.empty_young" and info.value.msg.values["grace"] == 60
    assert "may belong to a run that is still starting" in str(info.value) and young.is_dir()
    _aged(young, 61)  # runs_empty.EMPTY_GRACE_S, and a second
    runs.delete_run(young)
    assert not young.exists()


def test_a_file_written_while_deleting_keeps_the_folder(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from gatelab.core import runs_empty

    folder = _empty(tmp_path)

    def starts_now(path: Path) -> None:  # a run begins writing between check and removal
        (Path(path) / "config.json").write_text("{}")

    monkeypatch.setattr(runs_empty, "empty_run_busy", starts_now)
    with pytest.raises(RunError, match="no longer empty: a run has begun writing into it"):
        runs.delete_run(folder)
    assert (folder / "config.json").read_text() == "{}"


# -- 3. a run deleted meanwhile ----------------------------------------------------------------
def test_a_run_deleted_meanwhile_is_refused_in_one_line(tmp_path: Path) -> None:
    run = tmp_path / "run-20260101-120000-dead"
    list(train_steps(TINY.replace(steps=2), run_dir=run))
    assert _statuses(tmp_path, include_empty=True) == {run.name: "finished"}
    import shutil

    shutil.rmtree(run)  # another instance's Delete
    for action in (runs.load_run, runs.delete_run):
        with pytest.raises(RunError) as info:
            action(run)
        assert str(info.value) == f"run folder not found: {run}"
    assert _statuses(tmp_path, include_empty=True) == {}
