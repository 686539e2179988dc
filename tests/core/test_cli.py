"""gatelab-train and gatelab-experiment end to end: runs the GUI can list, clean errors, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch

from gatelab import paths
from gatelab.cli import experiment_main, train_main
from gatelab.core.runs import list_runs, load_run

torch.set_num_threads(1)
TINY = ["--corpus", "generated", "--layers", "1", "--heads", "2", "--width", "32", "--block", "16",
        "--batch", "8", "--lr", "3e-3", "--eval-interval", "10", "--threads", "1", "--quiet"]


def test_train_end_to_end_writes_a_listed_run(capsys: pytest.CaptureFixture[str]) -> None:
    rc = train_main(TINY + ["--steps", "20", "--variant", "reglu", "--intermediate", "48"])
    out = capsys.readouterr().out
    assert rc == 0
    assert out.startswith("finished: step 20/20") and "--- sample ---" in out
    runs = list_runs()
    assert len(runs) == 1 and runs[0].status == "finished" and runs[0].variant == "reglu"
    assert runs[0].path.parent == paths.runs_dir() and str(runs[0].path) in out
    rec = load_run(runs[0].path)
    assert rec.config.intermediate == 48 and rec.config.n_layer == 1
    assert [r["step"] for r in rec.metrics if "val_loss" in r] == [10, 20]


def test_resume_and_progress_bar(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = tmp_path / "run"
    args = [a for a in TINY if a != "--quiet"]
    assert train_main(args + ["--steps", "10", "--run-dir", str(d), "--no-stats"]) == 0
    err = capsys.readouterr().err
    assert "[" in err and "10/10" in err and "tok/s" in err
    assert train_main(["--run-dir", str(d), "--resume", "--steps", "15", "--quiet"]) == 0
    assert "resuming" not in capsys.readouterr().err  # --quiet: nothing but errors
    assert train_main(["--run-dir", str(d), "--resume", "--steps", "17"]) == 0
    # where it goes on from, before the first step (walkthrough s18 P6)
    assert capsys.readouterr().err.startswith(
        f"resuming {d} from its checkpoint at step 15 (to step 17)\n")
    rec = load_run(d)
    assert [r["step"] for r in rec.metrics] == list(range(1, 18))
    assert rec.config.stats is False and rec.config.steps == 17  # kept from the run, steps raised
    capsys.readouterr()
    assert train_main(TINY + ["--steps", "5", "--run-dir", str(d)]) == 2
    assert "already holds a run" in capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    (["--corpus", "/no/such/file.txt"], "corpus file not found: /no/such/file.txt"),
    (["--width", "30", "--heads", "4"], "width 30 must be divisible by heads 4"),
    (["--variant", "swishy"], "invalid choice: 'swishy'"),
    (["--steps", "0"], "steps must be a whole number ≥ 1"),
    (["--steps", "ten"], "invalid int value: 'ten'"),
    (["--lr", "nan"], "lr must be a finite number"),
    (["--block", "40000"], "too short"),
    (["--resume"], "--resume needs --run-dir"),
    (["--resume", "--run-dir", "/no/run"], "no run to resume"),
])
def test_bad_input_exit_2_without_traceback(argv: list[str], message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert train_main(TINY + argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and "gatelab-train: error:" in err


def test_non_finite_loss_exit_1(capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    import gatelab.core.trainconfig
    monkeypatch.setattr(gatelab.core.trainconfig, "MAX_LR", 1e31)  # the form refuses > 10
    assert train_main(TINY + ["--steps", "30", "--lr", "1e30", "--warmup", "0"]) == 1
    err = capsys.readouterr().err
    assert "loss became" in err and "at step" in err and "Traceback" not in err


def test_experiment_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc = experiment_main(TINY + ["--steps", "10", "--variants", "swiglu,gelu", "--seeds", "2",
                                 "--no-stats", "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert rc == 0 and "verdict: " in out and "noise floor (3 × pooled std)" in out
    assert "swiglu" in out and "gelu" in out
    exp = next(tmp_path.iterdir())
    saved = json.loads((exp / "experiment.json").read_text())
    assert saved["seeds"] == [1337, 1338] and len(saved["curves"]) == 4
    assert experiment_main(["--variants", "swiglu,bogus"]) == 2
    assert "unknown variant(s) bogus" in capsys.readouterr().err
    assert experiment_main(["--seeds", "0"]) == 2


@pytest.mark.parametrize("variants, named", [("swiglu", "swiglu"), ("swiglu,swiglu", "swiglu"),
                                             (" gelu , gelu,", "gelu")])
def test_experiment_needs_two_different_variants_before_training(
        variants: str, named: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One variant (or one twice) trained every run, then printed "need at least two variants
    with results" and exited 0."""
    assert experiment_main(TINY + ["--steps", "10", "--variants", variants, "--out",
                                   str(tmp_path / "exp")]) == 2
    out, err = capsys.readouterr()
    assert err == (f"gatelab-experiment: error: --variants needs at least two different variants "
                   f"to compare, got {named} (for example --variants swiglu,gelu)\n")
    assert out == "" and not (tmp_path / "exp").exists()


def test_stopped_run_reports_its_latest_val_loss(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A run stopped between evaluations printed "val loss n/a" although it had evaluated."""
    from gatelab.core import engine
    real = engine.train_steps

    def stop_after_12(config, stop, **kw):  # type: ignore[no-untyped-def]
        for snap in real(config, stop, **kw):
            yield snap
            if snap.step == 12:
                stop.set()

    monkeypatch.setattr(engine, "train_steps", stop_after_12)
    d = tmp_path / "run"
    assert train_main(TINY + ["--steps", "40", "--run-dir", str(d), "--no-stats"]) == 130
    out = capsys.readouterr().out
    rows = load_run(d).metrics
    val10 = next(r["val_loss"] for r in rows if r["step"] == 10)
    assert rows[-1]["step"] > 10 and rows[-1].get("val_loss") is None
    assert out.startswith("stopped:") and f"val loss {val10:.4f}," in out and "n/a" not in out


@pytest.mark.parametrize("argv, message", [
    (["--seeds", "1000000000"], "--seeds must be from 1 to 100, got 1000000000"),
    (["--seeds", "0"], "--seeds must be from 1 to 100, got 0"),
    (["--seeds", "3", "--seed", str(2**32 - 2)], "seed must be a whole number from 0 to"),
])
def test_experiment_refuses_absurd_seeds_at_once(argv: list[str], message: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """--seeds 10**9 built a billion-entry list (2.3 GB in 10 s); a last seed out of range failed
    only after the first runs had trained."""
    assert experiment_main(TINY + ["--steps", "2"] + argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_refused_corpus_leaves_no_empty_run_folder(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Each refused start (here: too many distinct characters) left an empty run-… folder."""
    text = tmp_path / "many.txt"
    text.write_text("".join(chr(c) for c in range(0x10000, 0x10000 + 70_000)) * 2, encoding="utf-8")
    before = set(paths.runs_dir().iterdir()) if paths.runs_dir().exists() else set()
    argv = [a for a in TINY if a != "generated" and a != "--corpus"]
    assert train_main(argv + ["--corpus", str(text), "--steps", "2"]) == 2
    assert "distinct characters" in capsys.readouterr().err
    after = set(paths.runs_dir().iterdir()) if paths.runs_dir().exists() else set()
    assert after == before


def test_help_and_usage_errors_do_not_import_torch() -> None:
    """`gatelab-train --help` took 5–8 s on a busy machine because it imported torch first."""
    import subprocess
    import sys
    code = ("import sys; from gatelab.cli import train_main; rc = train_main(['--steps', 'ten']); "
            "print(rc, 'torch' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         cwd=Path(__file__).resolve().parents[2])
    assert out.stdout.split() == ["2", "False"], out.stderr


def test_a_finished_run_is_not_announced_as_resuming(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A resume of a run that has all its steps printed "resuming … at step 10 (to step 10)"
    just before the error that it has completed them."""
    d = tmp_path / "run"
    assert train_main(TINY + ["--steps", "10", "--run-dir", str(d)]) == 0
    capsys.readouterr()
    args = [a for a in TINY if a != "--quiet"]
    assert train_main(args + ["--run-dir", str(d), "--resume", "--steps", "10"]) == 2
    err = capsys.readouterr().err
    assert "resuming" not in err and "already completed 10 steps" in err
