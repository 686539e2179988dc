"""A Delete holds the run folder's lock while it removes the files (probe s23 D2).

Delete checked that no writer held the folder, then removed it; a ``gatelab-train --resume``
(or another window's Resume) that took the lock in between read a checkpoint being deleted, or
trained into a folder half gone: its writes made ``rmtree`` fail half way, the run was left
without its checkpoint and config while the resume trained on. Now the resume is refused for
the moment the deletion lasts, as it is while a writer holds the folder.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gatelab.core import runs
from gatelab.core.run_lock import folder_locked
from tests.core.test_runs_s9_delete import make_run

# what a starting resume does first (gatelab-train --resume, the GUI's Resume): claim the folder
_RESUME_START = """
import sys
from gatelab.core.run_lock import claim_run
from gatelab.core.runs_read import RunError
try:
    claim_run(sys.argv[1]).release()
except RunError as exc:
    print("refused:", exc)
else:
    print("claimed")
"""


def claim_elsewhere(path: Path) -> str:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    done = subprocess.run([sys.executable, "-c", _RESUME_START, str(path)], env=env,
                          capture_output=True, text=True, timeout=60, check=True)
    return done.stdout.strip()


@pytest.mark.parametrize("kind", ["run", "experiment"])
def test_a_resume_starting_while_a_run_is_deleted_is_refused(tmp_path: Path, kind: str,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "exp-1" if kind == "experiment" else tmp_path / "run-1"
    if kind == "experiment":
        make_run(folder / "swiglu-seed0")
        (folder / "experiment.json").write_text("{}")
    else:
        make_run(folder)
    seen: list[str] = []
    real_rmtree = shutil.rmtree

    def rmtree_meanwhile(path: Path | str, *args: object, **kwargs: object) -> None:
        seen.append(claim_elsewhere(Path(path)))  # another process, as the files go
        real_rmtree(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(runs.shutil, "rmtree", rmtree_meanwhile)
    assert runs.delete_run(folder) is None
    assert len(seen) == 1 and seen[0].startswith("refused:"), seen
    assert not folder.exists()


def test_a_folder_another_process_holds_is_not_deleted_and_the_lock_is_let_go(
        tmp_path: Path) -> None:
    run = make_run(tmp_path / "run-1")
    assert claim_elsewhere(run) == "claimed"  # nobody holds it: another process may
    with pytest.raises(runs.RunError):
        runs.delete_run(tmp_path)  # not a run folder: refused, and nothing left locked
    assert not folder_locked(tmp_path)
    assert runs.delete_run(run) is None and not run.exists()


def test_a_delete_that_fails_names_the_run_and_says_why(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """GATELAB_HOME on a read-only file system: "Not deleted: [Errno 30] Read-only file system:
    'metrics.jsonl'" named a file of no run and said it in the OS's words (probe s23 D4)."""
    import errno

    run = make_run(tmp_path / "run-1")

    def read_only(path: Path | str, *args: object, **kwargs: object) -> None:
        # what shutil.rmtree raises there (as root, no folder of tmp_path refuses a removal)
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), "metrics.jsonl")

    monkeypatch.setattr(runs.shutil, "rmtree", read_only)
    with pytest.raises(OSError) as info:
        runs.delete_run(run)
    assert str(info.value) == f"{run}: the file system is read-only"  # after "Not deleted: "
    assert info.value.msg.key == "path_reason"  # type: ignore[attr-defined]
    assert not folder_locked(run)  # the lock went with the failure
