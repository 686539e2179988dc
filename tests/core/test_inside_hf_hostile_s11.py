"""Hostile HF model folders that used to end as "failed: <PythonError>" or as a silent NaN
result (hostile probe #8): an index naming a shard through a link loop, ``architectures`` of 5,
a norm epsilon that is NaN, −1, 0 or null, a generation_config.json nested too deeply. Each is
one keyed line naming the file (gatelab-inspect: exit 2), before the weights are loaded."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import torch

pytest.importorskip("transformers")

from gatelab.core.budget.safetensors import read_checkpoint  # noqa: E402
from gatelab.core.inside.errors import InsideError  # noqa: E402
from gatelab.core.inside.hf_check import check_hf_folder  # noqa: E402
from gatelab.core.inside.hf_source import HfModel  # noqa: E402
from tests.core.inside_helpers import save_hf_model  # noqa: E402
from tests.core.test_hf_config_values import _cli_error, _with_config

torch.set_num_threads(1)


@pytest.fixture(scope="module")
def llama(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return save_hf_model(tmp_path_factory.mktemp("s11_hf") / "llama", "llama")


def _loop_index(llama: Path, tmp_path: Path) -> Path:
    folder = _with_config(llama, tmp_path)
    (folder / "sub").mkdir()
    os.symlink("b.safetensors", folder / "sub" / "a.safetensors")
    os.symlink("a.safetensors", folder / "sub" / "b.safetensors")
    (folder / "model.safetensors.index.json").write_text(json.dumps(
        {"metadata": {}, "weight_map": {"model.embed_tokens.weight": "sub/a.safetensors"}}))
    return folder


def test_index_naming_a_link_loop_budget_reader(llama: Path, tmp_path: Path) -> None:
    folder = _loop_index(llama, tmp_path)
    # the budget tab's reader: a ValueError (which its loader shows), not RuntimeError
    with pytest.raises(ValueError) as got:
        read_checkpoint(folder / "model.safetensors.index.json")
    assert got.value.msg.key == "st.shard_unreadable"  # type: ignore[attr-defined]
    assert str(got.value) == ("model.safetensors.index.json: shard 'sub/a.safetensors' cannot "
                              "be read: a symbolic link that loops back on itself")


def test_index_naming_a_link_loop_inside(llama: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    folder = _loop_index(llama, tmp_path)
    with pytest.raises(InsideError) as got:
        check_hf_folder(folder, device="cpu")
    assert got.value.msg.key == "inside.weights_file"
    err = _cli_error(folder, tmp_path, capsys)
    assert "'sub/a.safetensors' cannot be read: a symbolic link that loops back" in err


@pytest.mark.parametrize("value", [5, "LlamaForCausalLM", [5], {"a": 1}])
def test_architectures_not_a_list_of_names(llama: Path, tmp_path: Path, value: object) -> None:
    folder = _with_config(llama, tmp_path, architectures=value)
    with pytest.raises(InsideError) as got:
        check_hf_folder(folder, device="cpu")
    assert got.value.msg.key == "inside.config_architectures"
    assert f"architectures is {value!r}" in str(got.value)


def test_architectures_5_in_gatelab_inspect(llama: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    folder = _with_config(llama, tmp_path, architectures=5)
    err = _cli_error(folder, tmp_path, capsys)
    assert "config.json's architectures is 5; it must be a list of class names" in err


def test_wrapped_model_with_bad_architectures_is_named_by_its_class(llama: Path) -> None:
    from transformers import AutoModelForCausalLM, AutoTokenizer
    model = AutoModelForCausalLM.from_pretrained(str(llama), attn_implementation="eager")
    model.config.architectures = 5  # HfModel.wrap skips the folder checks
    source = HfModel.wrap(model, AutoTokenizer.from_pretrained(str(llama)), llama)
    assert source.trace("the gate").model_name == "LlamaForCausalLM"


@pytest.mark.parametrize(("key", "value", "shown"), [
    ("rms_norm_eps", -1.0, "-1.0"), ("rms_norm_eps", 0, "0"), ("rms_norm_eps", None, "None"),
    ("rms_norm_eps", "tiny", "'tiny'"), ("rms_norm_eps", float("inf"), "inf"),
    ("layer_norm_epsilon", -1e-5, "-1e-05"), ("norm_eps", True, "True")])
def test_norm_eps_not_finite_positive(llama: Path, tmp_path: Path, key: str, value: object,
                                      shown: str) -> None:
    folder = _with_config(llama, tmp_path, **{key: value})
    with pytest.raises(InsideError) as got:
        check_hf_folder(folder, device="cpu")
    assert str(got.value).endswith(f"config.json's {key} is {shown}; it must be a finite "
                                   "number above 0")


def test_norm_eps_in_text_config_is_named_with_its_prefix(llama: Path, tmp_path: Path) -> None:
    cfg = json.loads((llama / "config.json").read_text())
    folder = _with_config(llama, tmp_path, text_config={**cfg, "rms_norm_eps": -2})
    with pytest.raises(InsideError, match=r"text_config\.rms_norm_eps is -2;"):
        check_hf_folder(folder, device="cpu")


def test_nan_eps_refused_before_loading(llama: Path, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    folder = _with_config(llama, tmp_path)
    raw = (folder / "config.json").read_text()
    assert '"rms_norm_eps": 1e-06' in raw
    (folder / "config.json").write_text(raw.replace('"rms_norm_eps": 1e-06',
                                                    '"rms_norm_eps": NaN'))
    err = _cli_error(folder, tmp_path, capsys)
    assert "config.json's rms_norm_eps is nan; it must be a finite number above 0" in err


def test_real_eps_values_still_pass(llama: Path, tmp_path: Path) -> None:
    folder = _with_config(llama, tmp_path, rms_norm_eps=1e-5, layer_norm_eps=1)
    assert check_hf_folder(folder, device="cpu")["model_type"] == "llama"


def test_generation_config_nested_too_deeply(llama: Path, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    folder = _with_config(llama, tmp_path)
    (folder / "generation_config.json").write_bytes(
        b'{"x":' + b"[" * 100000 + b"]" * 100000 + b"}")
    with pytest.raises(InsideError) as got:
        HfModel(folder, device="cpu")
    assert got.value.msg.key == "inside.model_json"
    err = _cli_error(folder, tmp_path, capsys)
    assert err.rstrip().endswith("the model cannot be loaded: generation_config.json is not "
                                 "valid JSON (nested too deeply)"), err
    assert "recursion" not in err
