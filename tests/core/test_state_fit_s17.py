"""Probe s17 #5: a checkpoint with a weight of the wrong shape was refused in torch's words
("Error(s) in loading state_dict for GPT: size mismatch for …"), untranslated and unlike every
other damage message. Now the weight, its shape and the model's are named in gatelab's."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import torch

from gatelab.cli import train_main
from gatelab.core.inside.errors import InsideError
from gatelab.core.inside.run_source import trace_run
from gatelab.core.model import GPT
from gatelab.core.state_fit import weights_misfit
from gatelab.core.trainconfig import TrainConfig
from tests.core.inside_helpers import train_tiny_run


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("fit") / "run"
    train_tiny_run(folder, steps=4, checkpoint_interval=4)
    return folder


def _damaged(run: Path, dest: Path, change) -> Path:  # noqa: ANN001
    shutil.copytree(run, dest)
    ckpt = torch.load(dest / "ckpt.pt", weights_only=True)
    change(ckpt["model"])
    torch.save(ckpt, dest / "ckpt.pt")
    return dest


def _norm_name(state: dict) -> str:
    return next(k for k, t in state.items() if t.dim() == 1)


def test_a_weight_of_another_shape_is_named(run: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    state = torch.load(run / "ckpt.pt", weights_only=True)["model"]
    name = _norm_name(state)
    width = state[name].shape[0]
    bad = _damaged(run, tmp_path / "bad", lambda m: m.__setitem__(name, torch.ones(width + 1)))
    with pytest.raises(InsideError) as caught:
        trace_run(bad, "ab")
    text = str(caught.value)
    assert f"its weight {name} is {width + 1}, where the model it describes has {width}" in text
    assert "Error(s) in loading" not in text and "torch.Size" not in text
    # gatelab-train --resume says it the same way
    assert train_main(["--run-dir", str(bad), "--resume", "--steps", "8", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert f"its weight {name} is {width + 1}" in err and "torch.Size" not in err


def test_missing_and_extra_weights_are_counted() -> None:
    model = GPT(TrainConfig(n_layer=1, n_head=2, n_embd=16, block_size=8), 20)
    state = dict(model.state_dict())
    assert weights_misfit(model, state) is None
    gone = dict(state)
    names = list(gone)[:4]
    for n in names:
        del gone[n]
    assert str(weights_misfit(model, gone)).startswith(
        f"weights of the model are missing ({names[0]}, {names[1]}, {names[2]}, …; 4 in all)")
    assert str(weights_misfit(model, {**state, "extra.w": torch.zeros(2)})).startswith(
        "it holds weights the model does not have (extra.w; 1 in all)")
    assert "is int, where" in str(weights_misfit(model, {**state, names[0]: 3}))
