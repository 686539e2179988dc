"""gatelab-inspect shows the notes of a model folder (``check_hf_folder``'s "notes", carried by
``HfModel.info``): a config.json that names a dtype the weight files do not hold is analysed all
the same, but the user is told, as a "note:" line on stderr after the success and in the JSON's
"notes" (English strings). A clean folder has "notes": [] and no such line; every other key stays
as it was (scripts read them)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import torch

pytest.importorskip("transformers")

from gatelab.inspect_cli import main  # noqa: E402
from tests.core.inside_helpers import save_hf_model  # noqa: E402

torch.set_num_threads(1)
NOTE = ("config.json's torch_dtype says the weights are float8_e4m3fn, but the weight files hold "
        "floating-point numbers; they were analysed as float32")


@pytest.fixture(scope="module")
def llama(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return save_hf_model(tmp_path_factory.mktemp("inspect_notes") / "llama", "llama")


def _float8_folder(llama: Path, tmp_path: Path) -> Path:
    """A copy of the tiny model whose config.json claims float8 weights (the files hold float32)."""
    folder = tmp_path / "m"
    shutil.copytree(llama, folder)
    cfg = json.loads((folder / "config.json").read_text())
    cfg["torch_dtype"] = "float8_e4m3fn"
    (folder / "config.json").write_text(json.dumps(cfg))
    return folder


def _inspect(folder: Path, out: Path, capsys: pytest.CaptureFixture[str]) -> tuple[dict, str]:
    assert main([str(folder), "--text", "ab", "--device", "cpu", "--json", str(out)]) == 0
    return json.loads(out.read_text(encoding="utf-8")), capsys.readouterr().err


def test_a_config_dtype_note_is_on_stderr_and_in_the_json(
        llama: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _float8_folder(llama, tmp_path)
    result, err = _inspect(folder, tmp_path / "o.json", capsys)
    assert set(result) == {"tokens", "token", "dtype", "layers", "notes"}
    assert result["dtype"] == "float32" and len(result["layers"]) == 2
    assert len(result["notes"]) == 1 and isinstance(result["notes"][0], str)
    assert result["notes"][0] == f"{folder}: {NOTE}"
    lines = [line for line in err.splitlines() if line.startswith("gatelab-inspect: note:")]
    assert f"gatelab-inspect: note: {folder}: {NOTE}" in lines, err
    assert "error" not in err and "Traceback" not in err


def test_a_clean_folder_has_no_notes(llama: Path, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    result, err = _inspect(llama, tmp_path / "o.json", capsys)
    assert result["notes"] == []
    assert set(result) == {"tokens", "token", "dtype", "layers", "notes"}
    assert "analysed as" not in err


def _weights_dtypes(folder: Path) -> set[str]:
    """The dtypes the weight files hold, read with the safetensors library (the reference)."""
    from safetensors import safe_open
    with safe_open(str(folder / "model.safetensors"), framework="pt") as f:
        return {str(f.get_slice(k).get_dtype()) for k in f.keys()}


def _with(folder: Path, dest: Path, **changes: object) -> Path:
    shutil.copytree(folder, dest)
    cfg = json.loads((dest / "config.json").read_text())
    cfg.update(changes)
    (dest / "config.json").write_text(json.dumps(cfg))
    return dest


@pytest.mark.parametrize(("key", "value"), [("dtype", "float16"), ("torch_dtype", "bfloat16"),
                                            ("dtype", "half")])
def test_a_float_dtype_the_weights_do_not_hold_is_noted(
        llama: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str,
        value: str) -> None:
    """Probe s21: "dtype": "float16" beside float32 weights gave "notes": []."""
    assert _weights_dtypes(llama) == {"F32"}
    folder = _with(llama, tmp_path / "m", **{key: value})
    if key == "torch_dtype":  # transformers reads torch_dtype only where dtype is not set
        cfg = json.loads((folder / "config.json").read_text())
        cfg.pop("dtype", None)
        (folder / "config.json").write_text(json.dumps(cfg))
    result, err = _inspect(folder, tmp_path / "o.json", capsys)
    note = (f"{folder}: config.json's {key} says the weights are {value}, but the weight files "
            f"hold float32; they were analysed as float32")
    assert result["notes"] == [note]
    assert f"gatelab-inspect: note: {note}" in err.splitlines()


def test_the_dtype_the_weights_hold_and_the_one_transformers_ignores_are_not_noted(
        llama: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from transformers import AutoModelForCausalLM
    assert _inspect(_with(llama, tmp_path / "a", dtype="float32"), tmp_path / "o.json",
                    capsys)[0]["notes"] == []
    # dtype wins over torch_dtype in transformers: the latter describes nothing that is used
    folder = _with(llama, tmp_path / "b", dtype="float32", torch_dtype="float16")
    assert _inspect(folder, tmp_path / "o.json", capsys)[0]["notes"] == []
    half = tmp_path / "bf16"
    AutoModelForCausalLM.from_pretrained(llama, dtype=torch.bfloat16).save_pretrained(half)
    for name in ("tokenizer.json", "tokenizer_config.json"):
        shutil.copy(llama / name, half / name)
    assert _weights_dtypes(half) == {"BF16"}
    for value, notes in (("bfloat16", 0), ("float32", 1)):
        folder = _with(half, tmp_path / value, dtype=value)
        result = _inspect(folder, tmp_path / "o.json", capsys)[0]
        assert len(result["notes"]) == notes
        assert all("the weight files hold bfloat16" in n for n in result["notes"])
