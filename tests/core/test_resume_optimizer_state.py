"""A checkpoint whose optimizer state does not fit its parameters is refused before training.

Why (hostile probe, session 11): torch's ``Optimizer.load_state_dict`` checks only the group
sizes, and the fused AdamW kernel reads and writes each parameter's numel elements of whatever
moment buffers it was handed. A ``ckpt.pt`` whose ``exp_avg`` for the 40×32 embedding was 3×3
corrupted the heap ("free(): invalid next size", the process aborted, and the printed hint said
to resume again); a 200×200 one trained on silently from the wrong numbers. Now each damage is
one line naming the parameter and the shapes, and the run folder is left as it was."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
import torch

from gatelab.core.engine import train_steps
from gatelab.core.runs import RunError
from gatelab.core.trainconfig import TrainConfig

torch.set_num_threads(1)
CFG = TrainConfig(corpus="generated", n_layer=1, n_head=2, n_embd=32, block_size=16,
                  batch_size=4, steps=6, eval_interval=6, eval_iters=1, threads=1,
                  checkpoint_interval=3, sample_chars=0, warmup_steps=1)


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    run = tmp_path_factory.mktemp("opt") / "run"
    list(train_steps(CFG.replace(steps=3), run_dir=run))
    return run


def _copy_run(trained: Path, tmp_path: Path) -> Path:
    """The trained run's files in a fresh folder (each test damages its own copy)."""
    run = tmp_path / "run"
    run.mkdir()
    for f in trained.iterdir():
        if f.is_file():
            (run / f.name).write_bytes(f.read_bytes())
    return run


def _first(state: dict) -> dict:
    return state["state"][next(iter(state["state"]))]


DAMAGE: dict[str, tuple[Callable[[dict], None], str]] = {
    "smaller": (lambda s: _first(s).update(exp_avg=torch.zeros(3, 3)),
                "exp_avg 3×3 float32 != "),
    "larger": (lambda s: _first(s).update(exp_avg=torch.zeros(200, 200)),
               "exp_avg 200×200 float32 != "),
    "integer": (lambda s: _first(s).update(exp_avg_sq=torch.zeros_like(_first(s)["exp_avg_sq"],
                                                                      dtype=torch.int32)),
                "exp_avg_sq "),
    "missing": (lambda s: _first(s).pop("exp_avg_sq"), "['exp_avg', 'step'] != "),
    "step_vector": (lambda s: _first(s).update(step=torch.zeros(5)), "step = 5 float32"),
    "step_nan": (lambda s: _first(s).update(step=torch.tensor(float("nan"))), "step = nan"),
    "groups": (lambda s: s["param_groups"].pop(), "does not list this model's parameters"),
}


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_a_damaged_optimizer_state_is_refused_and_nothing_changes(trained: Path, tmp_path: Path,
                                                                  kind: str) -> None:
    damage, said = DAMAGE[kind]
    run = _copy_run(trained, tmp_path)
    ckpt = torch.load(run / "ckpt.pt", weights_only=True)
    damage(ckpt["optimizer"])
    torch.save(ckpt, run / "ckpt.pt")
    before = {f.name: f.read_bytes() for f in run.iterdir() if f.is_file()}
    with pytest.raises(RunError) as caught:
        list(train_steps(CFG, run_dir=run, resume=True))
    message = str(caught.value)
    assert message.startswith(f"checkpoint of {run} cannot be restored: ") and said in message
    assert "\n" not in message
    if kind not in ("groups",):
        assert "the optimizer state of tok_emb.weight does not fit it (" in message
    assert {f.name: f.read_bytes() for f in run.iterdir() if f.is_file()} == before
    assert json.loads((run / "run.json").read_text())["status"] == "finished"


def test_an_intact_state_resumes(trained: Path, tmp_path: Path) -> None:
    run = _copy_run(trained, tmp_path)
    snaps = list(train_steps(CFG, run_dir=run, resume=True))
    assert snaps[-1].step == 6 and snaps[-1].status == "finished"


@pytest.mark.parametrize("elapsed", [float("nan"), float("inf"), -5.0])
def test_an_absurd_elapsed_time_starts_the_clock_at_zero(trained: Path, tmp_path: Path,
                                                         elapsed: float) -> None:
    """A checkpoint's elapsed_s NaN or inf went into every later metrics row ("elapsed_s":
    NaN: no JSON reader but Python's takes the file) and into every later checkpoint."""
    run = _copy_run(trained, tmp_path)
    ckpt = torch.load(run / "ckpt.pt", weights_only=True)
    ckpt["elapsed_s"] = elapsed
    torch.save(ckpt, run / "ckpt.pt")
    snaps = list(train_steps(CFG, run_dir=run, resume=True))
    assert snaps[-1].status == "finished"
    rows = [json.loads(line) for line in (run / "metrics.jsonl").read_text().splitlines()]
    assert all(0 <= r["elapsed_s"] < 600 for r in rows[3:])
