"""gatelab-inspect on NaN weights: the JSON's "notes" says why numbers are null, not only stderr
(s19 left scripts with nulls and no reason); ordinary weights give no such note."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch

from gatelab.core.engine import train_steps
from gatelab.core.trainconfig import TrainConfig
from gatelab.inspect_cli import NOT_FINITE_NOTE, main

CFG = TrainConfig(corpus="generated", n_layer=1, n_embd=32, n_head=2, block_size=32,
                  batch_size=4, steps=4, eval_interval=4, warmup_steps=1, threads=1,
                  checkpoint_interval=4, sample_chars=0, device="cpu")


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("finite") / "run"
    list(train_steps(CFG, run_dir=path))
    return path


def test_ordinary_weights_are_finite(run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "o.json"
    assert main([str(run), "--text", "abc", "--json", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["notes"] == []
    assert all(v is not None for row in data["layers"] for k, v in row.items() if k != "attn_sink")
    assert "not finite" not in capsys.readouterr().err


def test_nan_weights_say_so_in_the_json(run: Path, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    ckpt = torch.load(run / "ckpt.pt", map_location="cpu", weights_only=False)
    for key, tensor in ckpt["model"].items():
        if tensor.is_floating_point():
            ckpt["model"][key] = torch.full_like(tensor, float("nan"))
    nan_run = tmp_path / "nan"
    nan_run.mkdir()
    for f in run.iterdir():
        if f.is_file() and f.name != "ckpt.pt":
            (nan_run / f.name).write_bytes(f.read_bytes())
    torch.save(ckpt, nan_run / "ckpt.pt")
    out = tmp_path / "o.json"
    assert main([str(nan_run), "--text", "abc", "--json", str(out)]) == 0
    data = json.loads(out.read_text())  # strict JSON: nulls, never NaN
    assert data["notes"] == [NOT_FINITE_NOTE] and "NaN" in NOT_FINITE_NOTE
    assert data["layers"][0]["max_abs_h"] is None
    err = capsys.readouterr().err
    assert err.count("not finite") == 1 and f"note: {NOT_FINITE_NOTE}" in err
