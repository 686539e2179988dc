"""Hostile files, second round: links and planted temp files around atomic writes, zip-bomb
checkpoints, run.json liveness fields that would keep a dead run "running" forever, random bytes
as a stats file, absurd learning rates and empty path flags."""

from __future__ import annotations

import io
import json
import math
import os
import pickle
import re
import shutil
import stat
import struct
import time
import zipfile
from pathlib import Path

import numpy as np
import pytest
import torch

from gatelab.cli import experiment_main, train_main
from gatelab.core import run_writer, runs, stats_history
from gatelab.core.engine import train_steps
from gatelab.core.run_liveness import effective_status, host_name
from gatelab.core.runs import RunError, RunWriteError, atomic_write_bytes
from gatelab.core.runs_read import remove_stale_tmp, torch_archive_problem
from gatelab.core.trainconfig import TrainConfig

torch.set_num_threads(1)
CFG = TrainConfig(n_layer=1, n_head=2, n_embd=32, block_size=16, batch_size=8, steps=6,
                  eval_interval=3, eval_iters=2, threads=1, stats_interval=3, sample_chars=0)
OLD_RUN = Path(__file__).parent / "data" / "old_run_v1" / "run"
TINY = ["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "32", "--block", "16",
        "--batch", "8", "--threads", "1", "--quiet"]


@pytest.fixture(scope="module")
def good_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("runs") / "good"
    list(train_steps(CFG, run_dir=d))
    return d


# -- 1. atomic writes go through links; FIFOs and devices are refused -----------------------------
def test_a_link_is_written_through_not_replaced(tmp_path: Path) -> None:
    (tmp_path / "results").mkdir()
    real = tmp_path / "results" / "real.json"
    real.write_text("old")
    real.chmod(0o600)
    (tmp_path / "link.json").symlink_to("results/real.json")
    atomic_write_bytes(tmp_path / "link.json", b"new")
    assert (tmp_path / "link.json").is_symlink() and real.read_text() == "new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o600  # a private file stays private
    assert sorted(p.name for p in (tmp_path / "results").iterdir()) == ["real.json"]


def test_a_dangling_link_writes_its_target(tmp_path: Path) -> None:
    (tmp_path / "link.json").symlink_to("made.json")
    atomic_write_bytes(tmp_path / "link.json", b"{}")
    assert (tmp_path / "link.json").is_symlink() and (tmp_path / "made.json").read_bytes() == b"{}"
    umask = os.umask(0o22)
    os.umask(umask)
    assert stat.S_IMODE((tmp_path / "made.json").stat().st_mode) == 0o666 & ~umask  # not 0600


def test_a_fifo_or_device_behind_a_link_is_refused_and_kept(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "to_fifo").symlink_to("fifo")
    (tmp_path / "to_null").symlink_to("/dev/null")
    for name in ("fifo", "to_fifo", "to_null"):
        with pytest.raises(RunWriteError, match="is not a regular file"):
            atomic_write_bytes(tmp_path / name, b"x")
    assert stat.S_ISFIFO(os.stat(tmp_path / "fifo").st_mode) and (tmp_path / "to_fifo").is_symlink()
    assert (tmp_path / "to_null").is_symlink() and stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "to_fifo", "to_null"]


def test_a_folder_behind_a_link_is_in_the_way(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "run.json").symlink_to("d")
    with pytest.raises(RunWriteError, match="a folder is in the way"):
        atomic_write_bytes(tmp_path / "run.json", b"{}")
    assert (tmp_path / "run.json").is_symlink() and not list((tmp_path / "d").iterdir())


def test_state_file_through_a_link(tmp_path: Path) -> None:
    from gatelab.core.state_file import StateDoc, read_state_file, write_state_file

    (tmp_path / "saved").mkdir()
    (tmp_path / "link.gatelab").symlink_to(tmp_path / "saved" / "s.gatelab")
    doc = StateDoc(current_tab="trainer")
    write_state_file(tmp_path / "link.gatelab", doc)
    assert (tmp_path / "link.gatelab").is_symlink()
    assert read_state_file(tmp_path / "saved" / "s.gatelab") == doc


# -- 2. temp files: unpredictable, exclusive, always cleaned up -----------------------------------
def test_planted_temp_names_are_neither_followed_nor_blocked_on(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    (tmp_path / f".out.json.{os.getpid()}.tmp").symlink_to(victim)
    fifo = tmp_path / f".run.json.{os.getpid()}.tmp"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # without one, the old code hung for good
    try:
        atomic_write_bytes(tmp_path / "out.json", b"[1]")  # used to write the victim
        atomic_write_bytes(tmp_path / "run.json", b"{}")  # used to write into the FIFO
        assert os.read(reader, 100) == b""
    finally:
        os.close(reader)
    assert victim.read_text() == "keep me"
    assert (tmp_path / "out.json").read_bytes() == b"[1]" and not (tmp_path / "out.json").is_symlink()
    assert (tmp_path / "run.json").read_bytes() == b"{}"
    assert len(list(tmp_path.glob(".*.tmp"))) == 2  # the planted two, nothing of ours


def test_the_temp_file_is_removed_when_the_rename_fails(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(run_writer.os, "replace", refuse)
    with pytest.raises(RunWriteError, match="cannot write .*out.json: No space left") as info:
        atomic_write_bytes(tmp_path / "out.json", b"data")
    assert ".tmp" not in str(info.value) and list(tmp_path.iterdir()) == []


def test_random_temp_names_still_tell_their_writer(tmp_path: Path) -> None:
    """remove_stale_tmp reads the pid from ``.NAME.<random>.PID.tmp`` as from the old names."""
    dead = tmp_path / ".ckpt.pt.k2j_9x1a.999999999.tmp"
    own = tmp_path / f".run.json.abcd1234.{os.getpid()}.tmp"
    for p in (dead, own):
        p.write_bytes(b"half")
    assert remove_stale_tmp(tmp_path) == [dead.name] and own.exists()
    assert remove_stale_tmp(tmp_path, include_own=True) == [own.name]


# -- 3. zip bombs and foreign formats never reach torch.load -------------------------------------
def _deflated_bomb(src: bytes, out: Path, inflated: int = 64 << 20) -> None:
    """A copy of the torch archive ``src`` whose first tensor part is deflated and padded with
    ``inflated`` zero bytes: small on disk, huge once torch.load inflates it."""
    zin = zipfile.ZipFile(io.BytesIO(src))
    tensor = next(i.filename for i in zin.infolist() if "/data/" in i.filename)
    with zipfile.ZipFile(out, "w") as zout:
        for info in zin.infolist():
            if info.filename != tensor:
                zout.writestr(info, zin.read(info.filename), compress_type=zipfile.ZIP_STORED)
                continue
            packed = zipfile.ZipInfo(tensor)
            packed.compress_type = zipfile.ZIP_DEFLATED
            with zout.open(packed, "w", force_zip64=True) as f:
                f.write(zin.read(tensor))
                f.write(bytes(inflated))
    assert out.stat().st_size < inflated // 100


def _lying_directory(src: bytes, listed: int) -> bytes:
    """``src`` with its first central-directory entry listing ``listed`` bytes (stored parts
    that overlap are read in full, one after another: a quadratic bomb without compression)."""
    at = src.index(b"PK\x01\x02")
    return src[:at + 20] + struct.pack("<II", listed, listed) + src[at + 28:]


def test_a_deflated_checkpoint_is_refused_before_loading(good_run: Path, tmp_path: Path) -> None:
    run = Path(shutil.copytree(good_run, tmp_path / "bomb"))
    _deflated_bomb((good_run / "ckpt.pt").read_bytes(), run / "ckpt.pt")
    with pytest.raises(RunError, match="damaged or not a torch checkpoint .*is compressed"):
        runs.load_checkpoint(run)
    assert runs.load_checkpoint(good_run)["step"] == 6  # torch's own archives still load
    assert runs.load_checkpoint(OLD_RUN)["step"] == 4


def test_foreign_archives_are_refused(tmp_path: Path) -> None:
    legacy = io.BytesIO()
    torch.save({"w": torch.zeros(3)}, legacy, _use_new_zipfile_serialization=False)
    (tmp_path / "legacy.pt").write_bytes(legacy.getvalue())
    with pytest.raises(RunError, match="holds Python objects"):  # never handed to torch.load
        runs.load_checkpoint(tmp_path / "legacy.pt")
    (tmp_path / "random.pt").write_bytes(np.random.default_rng(1).bytes(999))
    with pytest.raises(RunError, match="truncated or damaged"):
        runs.load_checkpoint(tmp_path / "random.pt")
    good = io.BytesIO()
    torch.save({"w": torch.zeros(3)}, good)
    assert torch_archive_problem(io.BytesIO(good.getvalue()), len(good.getvalue())) is None
    lying = _lying_directory(good.getvalue(), 1 << 30)
    why = torch_archive_problem(io.BytesIO(lying), len(lying))
    assert why is not None and "more than the file's" in str(why)
    empty = io.BytesIO()
    zipfile.ZipFile(empty, "w").close()
    with pytest.raises(EOFError):
        torch_archive_problem(empty, len(empty.getvalue()))


def test_a_deflated_history_weights_file_is_damaged(good_run: Path, tmp_path: Path) -> None:
    run = Path(shutil.copytree(good_run, tmp_path / "wbomb"))
    step = stats_history.history_steps(run)[-1]
    path = stats_history.weights_path(run, step)
    _deflated_bomb(path.read_bytes(), path)
    assert stats_history.read_weights(run, step) is None
    why = str(stats_history.weights_problem(run, step))
    assert f"weights kept for step {step} are damaged" in why and "is compressed" in why


# -- 4. run.json cannot keep a dead run "running" forever ----------------------------------------
@pytest.mark.parametrize("changes", [
    {"pid": -1, "host": {"a": 1}, "heartbeat": 1e308},
    {"pid": -1},
    {"pid": 0},
    {"pid": True},
    {"pid": 2**63},
    {"host": {"a": 1}},
    {"host": ""},
    {"host": "elsewhere", "heartbeat": 1e308},
    {"host": "elsewhere", "heartbeat": math.inf},
    {"host": "elsewhere", "heartbeat": math.nan},
    {"host": "elsewhere", "heartbeat": 10**400},
    {"host": "elsewhere", "heartbeat": time.time() + 3600},
])
def test_implausible_writers_are_interrupted(changes: dict[str, object]) -> None:
    now = time.time()
    summary = {"status": "running", "pid": 12345, "host": host_name(), "heartbeat": now, **changes}
    assert effective_status(summary, now=now) == "interrupted"


def test_a_fast_clock_elsewhere_is_still_alive() -> None:
    now = time.time()
    summary = {"status": "running", "pid": 12345, "host": "elsewhere", "heartbeat": now + 60}
    assert effective_status(summary, now=now) == "running"


def test_resume_a_run_json_that_claims_an_eternal_writer(good_run: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    run = Path(shutil.copytree(good_run, tmp_path / "forever"))
    summary = json.loads((run / "run.json").read_text())
    (run / "run.json").write_text(json.dumps(
        {**summary, "status": "running", "pid": -1, "heartbeat": 1e308, "host": {"a": 1}}))
    assert runs.run_info(run).status == "interrupted"
    assert train_main(["--run-dir", str(run), "--resume", "--steps", "8", "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert "still being trained" not in err and "finished: step 8/8" in out


# -- 5. random bytes as stats are damage, not "Python objects" -----------------------------------
def test_random_bytes_as_stats_are_damaged(tmp_path: Path) -> None:
    path = tmp_path / "stats.npz"
    path.write_bytes(np.random.default_rng(0).bytes(4096))
    with pytest.raises(RunError, match="truncated or damaged") as info:
        runs.read_stats(path)
    assert "Python objects" not in str(info.value)
    problems: list[str] = []
    assert stats_history.read_stats_history(tmp_path, problems) == []
    assert "truncated or damaged" in str(problems[0])


def test_object_arrays_and_pickles_are_still_refused_for_safety(tmp_path: Path) -> None:
    path = tmp_path / "stats.npz"
    np.savez(path, frac_neg=np.array([{"a": 1}], dtype=object))
    with pytest.raises(RunError, match="holds Python objects"):
        runs.read_stats(path)
    path.write_bytes(pickle.dumps({"frac_neg": [1.0]}))
    with pytest.raises(RunError, match="holds Python objects"):
        runs.read_stats(path)


# -- 6, 7. absurd values and empty paths are refused up front ------------------------------------
@pytest.mark.parametrize("changes, message", [
    ({"lr": 1e308}, "lr must be ≤ 10.0, got 1e+308"),
    ({"lr": 11.0}, "lr must be ≤ 10.0"),
    ({"lr": True}, "lr must be a finite number"),
    ({"weight_decay": 1e308}, "weight_decay must be ≤ 10.0"),
])
def test_absurd_floats_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        TrainConfig(**changes).validate()  # type: ignore[arg-type]
    TrainConfig(lr=10.0, weight_decay=10.0).validate()


def test_cli_refuses_a_huge_lr_before_training(capsys: pytest.CaptureFixture[str]) -> None:
    assert train_main(TINY + ["--lr", "1e308"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "lr must be ≤ 10.0, got 1e+308" in err
    assert not list(Path(os.environ["GATELAB_HOME"]).rglob("config.json"))


@pytest.mark.parametrize("main, flag", [(train_main, "--run-dir"), (experiment_main, "--out")])
@pytest.mark.parametrize("value", ["", "  "])
def test_an_empty_folder_flag_is_refused(main, flag: str, value: str,  # noqa: ANN001
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(TINY + ["--steps", "2", flag, value]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{flag} is empty" in err
    assert not list(Path(os.environ["GATELAB_HOME"]).rglob("*.json"))
