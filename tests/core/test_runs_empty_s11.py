"""Empty experiment folders and the one parser of temp-file names (session 11).

1. An ``exp-…`` folder killed between its creation and its first experiment.json was listed
   nowhere (not in the Runs list, not among the experiments), so it stayed on disk for good with
   no way to delete it from the app. It is now listed as "empty" and deleted by the same strict
   rule as an empty run folder (``runs_empty``).
2. ``runs_empty`` and ``remove_stale_tmp`` both read the writer's pid from the name of a
   ``safe_write`` temp file; ``temp_files.temp_writer_pid`` is that one parser.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from gatelab.core import runs
from gatelab.core.run_writer import atomic_write_bytes
from gatelab.core.runs import RunError
from gatelab.core.runs_read import remove_stale_tmp
from gatelab.core.temp_files import temp_writer_pid
from tests.core.test_runs_s9_delete import sleeper  # noqa: F401 (fixture)

EXP = "exp-20260101-120000-abcd"  # as experiment.run_experiment names its folder
DEAD = 999999999  # no process has this pid


def _aged(path: Path, seconds: float = 3600.0) -> Path:
    stamp = time.time() - seconds
    os.utime(path, (stamp, stamp))
    return path


def _folder(root: Path, name: str, *files: str) -> Path:
    folder = root / name
    folder.mkdir(parents=True)
    for file in files:
        (folder / file).write_bytes(b"{")
    return _aged(folder)


def _statuses(root: Path, include_empty: bool = True) -> dict[str, str]:
    return {r.name: r.status for r in runs.list_runs(root, include_empty=include_empty)}


# -- 1. empty experiment folders ---------------------------------------------------------------
def test_an_empty_experiment_folder_is_listed_as_empty(tmp_path: Path) -> None:
    _folder(tmp_path, EXP)  # killed before experiment.json
    _folder(tmp_path, "exp-20260101-120001-beef", f".experiment.json.ab_12cd9.{DEAD}.tmp")
    for name in ("exp-mine", "exp-20260101-120002-ABCD", "exp-sink-20260101-120003-abcd"):
        _folder(tmp_path, name)  # not a name run_experiment gives
    _folder(tmp_path, "exp-20260101-120004-0001", "notes.txt")  # a file of the user's
    _folder(tmp_path, "exp-20260101-120005-0002", f".config.json.ab_12cd9.{DEAD}.tmp")  # a run's
    (tmp_path / "exp-20260101-120006-0003").symlink_to(tmp_path / EXP)  # a link
    assert _statuses(tmp_path) == {EXP: "empty", "exp-20260101-120001-beef": "empty"}
    assert _statuses(tmp_path, include_empty=False) == {}  # Inside's lists leave them out
    info = next(r for r in runs.list_runs(tmp_path, include_empty=True) if r.name == EXP)
    assert info.error.key == "experiment.empty" and "the experiment stopped" in info.error
    assert info.steps_text() == "0/0" and info.created == pytest.approx(time.time() - 3600, abs=5)


def test_an_experiment_folder_with_runs_but_no_experiment_json_lists_its_runs(
        tmp_path: Path) -> None:
    folder = _folder(tmp_path, EXP)
    run = folder / "swiglu-seed0"
    run.mkdir()
    (run / "config.json").write_text("{}")
    assert _statuses(tmp_path) == {"swiglu-seed0": "broken"}  # its run, as before; not "empty"


def test_an_empty_experiment_folder_cannot_be_opened(tmp_path: Path) -> None:
    folder = _folder(tmp_path, EXP)
    with pytest.raises(RunError) as info:
        runs.load_run(folder)
    assert info.value.msg.key == "run.empty_open"
    assert list(folder.iterdir()) == []


def test_an_empty_experiment_folder_is_deleted_by_the_strict_rule(tmp_path: Path,
                                                                 sleeper) -> None:  # noqa: ANN001,F811
    dead = _folder(tmp_path, EXP, f".experiment.json.k2j_9x1a.{DEAD}.tmp")
    assert runs.delete_run(dead) is None and not dead.exists()
    live = _folder(tmp_path, "exp-20260101-120001-beef",
                   f".experiment.json.k2j_9x1a.{sleeper.pid}.tmp")
    with pytest.raises(RunError, match=f"still being trained by process {sleeper.pid}"):
        runs.delete_run(live)
    assert len(list(live.iterdir())) == 1
    young = tmp_path / "exp-20260101-120002-0002"
    young.mkdir()  # its experiment.json may come any moment
    with pytest.raises(RunError) as info:
        runs.delete_run(young)
    assert info.value.msg.key == "run.empty_young" and young.is_dir()
    _aged(young, 61)
    runs.delete_run(young)
    assert not young.exists()
    with pytest.raises(RunError, match="not a gatelab run folder"):
        runs.delete_run(_folder(tmp_path, "exp-20260101-120003-0003", "notes.txt"))
    assert (tmp_path / "exp-20260101-120003-0003" / "notes.txt").exists()


def test_the_temp_file_of_a_real_experiment_write_counts(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """The name safe_write really gives experiment.json's temp file, left by a kill mid-write."""
    folder = tmp_path / EXP
    folder.mkdir()
    monkeypatch.setattr(os, "replace", lambda src, dst: (_ for _ in ()).throw(KeyboardInterrupt))
    monkeypatch.setattr(os, "unlink", lambda path: None)  # the kill: no cleanup either
    with pytest.raises(KeyboardInterrupt):
        atomic_write_bytes(folder / "experiment.json", b"{}")
    monkeypatch.undo()
    [tmp] = list(folder.iterdir())
    assert temp_writer_pid(tmp.name, ("experiment.json",)) == os.getpid()
    _aged(folder)
    assert _statuses(tmp_path) == {EXP: "empty"}


# -- 2. one parser of temp-file names ----------------------------------------------------------
@pytest.mark.parametrize("name, targets, pid", [
    (".config.json.k2j_9x1a.4242.tmp", None, 4242),
    (".config.json.4242.tmp", None, 4242),  # older names: no random part
    (".config.json.12_34.4242.tmp", ("config.json",), 4242),
    (".metrics.jsonl.4242.tmp", ("config.json", "metrics.jsonl"), 4242),
    (".notes.txt.k2j_9x1a.4242.tmp", ("config.json",), None),  # not one of the folder's files
    (".config.json.K2J.4242.tmp", ("config.json",), None),  # mkstemp never writes capitals
    (".4242.tmp", None, 4242),
    (".config.json.tmp", None, None),
    (".notes.\u00b2.tmp", None, None),  # "²" is a digit to str.isdigit, not to int()
    (".notes.\u0664\u0662.tmp", None, None),  # Arabic-Indic digits: no pid gatelab writes
    ("config.json.4242.tmp", None, None),
    (".x." + "9" * 240 + ".tmp", None, None),  # no process has such a pid (int() of 4300+
    (".x." + "9" * 18 + ".tmp", None, 10 ** 18 - 1),  # digits would even raise ValueError)
])
def test_temp_writer_pid(name: str, targets: tuple[str, ...] | None, pid: int | None) -> None:
    assert temp_writer_pid(name, targets) == pid


def test_a_temp_name_with_an_odd_digit_no_longer_crashes_the_sweep(tmp_path: Path) -> None:
    """``".x.².tmp"``: ``"²".isdigit()`` is True and ``int("²")`` raised ValueError out of
    remove_stale_tmp, i.e. out of every replay of that run (``load_run``)."""
    odd = tmp_path / ".notes.\u00b2.tmp"
    dead = tmp_path / f".ckpt.pt.k2j_9x1a.{DEAD}.tmp"
    for p in (odd, dead):
        p.write_bytes(b"half")
    assert sorted(remove_stale_tmp(tmp_path)) == sorted([odd.name, dead.name])


def test_both_readers_of_temp_names_agree_on_a_live_writer(tmp_path: Path,
                                                           sleeper) -> None:  # noqa: ANN001,F811
    name = f".config.json.k2j_9x1a.{sleeper.pid}.tmp"
    run = _folder(tmp_path, "run-20260101-120000-abcd", name)
    assert remove_stale_tmp(run) == []  # kept: its writer runs
    assert runs.empty_run_dir(run)
    with pytest.raises(RunError, match=f"still being trained by process {sleeper.pid}"):
        runs.delete_run(run)
