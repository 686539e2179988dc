"""gatelab-inspect --dtype: bf16 loads bf16 weights (and the JSON says so), agrees with float32
within bf16's precision, halves the weights' share of the memory estimate, and is refused for run
folders and for values outside {float32, bf16} with one line and exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import torch

pytest.importorskip("transformers")

from gatelab.core.inside import hf_check  # noqa: E402
from gatelab.core.inside.errors import InsideError  # noqa: E402
from gatelab.core.inside.hf_source import HfModel  # noqa: E402
from gatelab.inspect_cli import main  # noqa: E402
from tests.core.inside_helpers import save_hf_model, train_tiny_run  # noqa: E402

torch.set_num_threads(1)
ROOT = Path(__file__).resolve().parents[2]
TEXT = "I flew from Paris to Tokyo"


@pytest.fixture(scope="module")
def llama(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return save_hf_model(tmp_path_factory.mktemp("dtype") / "llama", "llama")


def _run(model: Path, out: Path, *extra: str) -> dict[str, Any]:
    assert main([str(model), "--text", TEXT, "--device", "cpu", *extra, "--json", str(out)]) == 0
    return json.loads(out.read_text())


def _spy_weights(monkeypatch: pytest.MonkeyPatch) -> list[set[torch.dtype]]:
    """The dtypes of the weights of every HfModel traced from now on (read at the trace, i.e.
    after the CLI's load, so it is what the numbers were computed with)."""
    seen: list[set[torch.dtype]] = []
    trace = HfModel.trace

    def spy(self: HfModel, text: str, progress: Any = None) -> Any:
        seen.append({p.dtype for p in self.model.parameters()})
        return trace(self, text, progress)

    monkeypatch.setattr(HfModel, "trace", spy)
    return seen


def test_bf16_loads_bf16_weights_and_agrees_with_float32(
        llama: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _spy_weights(monkeypatch)
    full = _run(llama, tmp_path / "f.json")  # the default is float32, as in the Inside tab
    half = _run(llama, tmp_path / "h.json", "--dtype", "bf16")
    assert seen == [{torch.float32}, {torch.bfloat16}]
    assert full["dtype"] == "float32" and half["dtype"] == "bf16"
    assert _run(llama, tmp_path / "f2.json", "--dtype", "float32") == full
    assert half["tokens"] == full["tokens"] and half["token"] == full["token"]
    assert set(half) == set(full) == {"tokens", "token", "dtype", "layers", "notes"}
    assert len(half["layers"]) == len(full["layers"]) == 2
    for a, b in zip(full["layers"], half["layers"]):
        assert set(a) == set(b)
        # fractions move by whole neurons (1/48) when a gate near 0 or eps flips sign or side
        assert b["frac_neg"] == pytest.approx(a["frac_neg"], abs=0.1)
        assert b["frac_closed"] == pytest.approx(a["frac_closed"], abs=0.1)
        assert b["attn_sink"] == pytest.approx(a["attn_sink"], abs=0.02)
        for key in ("mlp_ratio", "resid_norm", "max_abs_h"):  # bf16 keeps 8 bits: ~1% per op
            assert b[key] == pytest.approx(a[key], rel=0.03), key
            assert a[key] > 0
    # not the same numbers: bf16 really computed something else
    assert any(a[k] != b[k] for a, b in zip(full["layers"], half["layers"])
               for k in ("mlp_ratio", "resid_norm", "max_abs_h"))


def test_bf16_halves_the_weights_in_the_memory_refusal(
        llama: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(hf_check, "available_bytes", lambda _device: 1 << 40)
    f32 = hf_check.check_hf_folder(llama, device="cpu", dtype="float32")
    b16 = hf_check.check_hf_folder(llama, device="cpu", dtype="bf16")
    assert f32["weight_bytes"] == 4 * f32["n_params"] and b16["weight_bytes"] == 2 * f32["n_params"]
    assert f32["activation_bytes"] == b16["activation_bytes"]  # the trace keeps float32 activations
    assert f32["need_bytes"] - b16["need_bytes"] == f32["weight_bytes"] // 2
    # free memory between the two needs: float32 is refused, bf16 fits
    free = int((f32["need_bytes"] + b16["need_bytes"]) / 2 / hf_check.HEADROOM)
    monkeypatch.setattr(hf_check, "available_bytes", lambda _device: free)
    with pytest.raises(InsideError) as info:
        hf_check.check_hf_folder(llama, device="cpu", dtype="float32")
    assert info.value.msg.key == "inside.memory" and info.value.msg.values["bytes"] == 4

    out = tmp_path / "o.json"
    assert main([str(llama), "--text", TEXT, "--device", "cpu", "--json", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("gatelab-inspect: error:")
    assert f"{f32['n_params']:,} parameters × 4 bytes" in err
    assert err.rstrip("\n").endswith("(gatelab-inspect: --dtype bf16)")
    assert not out.exists()

    assert main([str(llama), "--text", TEXT, "--device", "cpu", "--dtype", "bf16",
                 "--json", str(out)]) == 0
    assert json.loads(out.read_text())["dtype"] == "bf16"
    capsys.readouterr()

    # less still: bf16 is refused too, and the hint no longer suggests what is in use
    monkeypatch.setattr(hf_check, "available_bytes", lambda _device: b16["need_bytes"] // 2)
    out.unlink()
    assert main([str(llama), "--text", TEXT, "--device", "cpu", "--dtype", "bf16",
                 "--json", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{f32['n_params']:,} parameters × 2 bytes" in err
    assert "--dtype bf16 is in use already" in err and not out.exists()
    # so little that bf16 would not fit either: no "--dtype bf16" hint (probe s19 D5)
    assert main([str(llama), "--text", TEXT, "--device", "cpu", "--json", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{f32['n_params']:,} parameters × 4 bytes" in err
    assert "bf16" not in err and err.rstrip("\n").endswith(
        "try a smaller model or another device (gatelab-inspect: --device)")


def test_run_folders_are_float32_and_refuse_bf16(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    run = tmp_path / "run"
    train_tiny_run(run, steps=4)
    out = tmp_path / "o.json"
    assert main([str(run), "--text", "def up(x):", "--json", str(out)]) == 0
    result = json.loads(out.read_text())
    assert result["dtype"] == "float32"
    assert capsys.readouterr().err == (f"gatelab-inspect: wrote {out} ({len('def up(x):')} tokens, "
                                       f"{len(result['layers'])} layers)\n")
    out.unlink()
    assert main([str(run), "--text", "def up(x):", "--dtype", "bf16", "--json", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "applies to Hugging Face model folders only" in err
    assert not out.exists()


@pytest.mark.parametrize("value", ["fp16", "bfloat16", "BF16", ""])
def test_invalid_dtype_one_line_exit_2(llama: Path, tmp_path: Path, value: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "o.json"
    assert main([str(llama), "--text", TEXT, "--dtype", value, "--json", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("gatelab-inspect: error: argument --dtype")
    assert "invalid choice" in err and "float32" in err and "bf16" in err
    assert not out.exists()


def test_invalid_dtype_exit_code_of_the_command(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "gatelab.inspect_cli", str(tmp_path), "--text", "x",
                        "--dtype", "half", "--json", str(tmp_path / "o.json")],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.count("\n") == 1 and "--dtype" in r.stderr and "'half'" in r.stderr
