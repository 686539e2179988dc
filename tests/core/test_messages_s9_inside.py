"""A Hugging Face model folder's problems in gatelab's keyed words (probe S9, Chinese UI).

A hidden_size of 2**70 was reported as a memory shortage of 17592186044416 TB; a tokenizer.json
that is a link loop as "the tokenizer is missing"; a model.safetensors that is a folder as "no
*.safetensors weights"; a tokenizer.json nested too deeply as Python's "maximum recursion depth
exceeded while decoding a JSON array…"; a rope_scaling that is a list as transformers' repr
"doesn't match any type in (<class '…RopeParameters'>, …)". Each now has a key of its own that
names the file or field.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

pytest.importorskip("transformers")

from gatelab.core.inside import hf_check, hf_failures  # noqa: E402
from gatelab.core.inside.errors import InsideError  # noqa: E402
from gatelab.core.messages import Msg  # noqa: E402
from tests.core.inside_helpers import save_hf_model  # noqa: E402
from tests.core.test_messages_s9_reasons import keys, plain  # noqa: E402


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return save_hf_model(tmp_path_factory.mktemp("s9_hf") / "llama", "llama")


def copy(base: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(base, tmp_path / "model"))


def edit_config(folder: Path, **changes: object) -> None:
    cfg = json.loads((folder / "config.json").read_text(encoding="utf-8"))
    cfg.update(changes)
    (folder / "config.json").write_text(json.dumps(cfg), encoding="utf-8")


def refused(folder: Path) -> Msg:
    with pytest.raises(InsideError) as info:
        hf_check.check_hf_folder(folder, device="cpu")
    plain(info.value.msg)
    return info.value.msg


@pytest.mark.parametrize("name", ["hidden_size", "intermediate_size", "num_hidden_layers",
                                  "num_attention_heads", "vocab_size", "max_position_embeddings"])
def test_an_absurd_size_is_refused_before_any_memory_estimate(base: Path, tmp_path: Path,
                                                              name: str) -> None:
    folder = copy(base, tmp_path)
    edit_config(folder, **{name: 2**70})
    msg = refused(folder)
    assert msg.key == "inside.config_size_huge" and msg.values["name"] == name
    assert msg.values["value"] == str(2**70) and "TB" not in msg


def test_a_real_size_passes(base: Path, tmp_path: Path) -> None:
    folder = copy(base, tmp_path)
    edit_config(folder, max_position_embeddings=10_000_000)  # Llama 4 Scout's context
    assert hf_check.check_hf_folder(folder, device="cpu")["model_type"] == "llama"


def test_a_tokenizer_json_that_loops_is_named_with_its_reason(base: Path, tmp_path: Path) -> None:
    folder = copy(base, tmp_path)
    (folder / "tokenizer.json").unlink()
    os.symlink("t2.json", folder / "tokenizer.json")
    os.symlink("tokenizer.json", folder / "t2.json")
    msg = refused(folder)
    assert keys(msg) == ["inside.tokenizer_file", "file.cannot_open", "os.link_loop"]
    assert msg.values["reason"].values["path"] == folder / "tokenizer.json"


def test_weights_that_are_a_folder_are_named(base: Path, tmp_path: Path) -> None:
    folder = copy(base, tmp_path)
    (folder / "model.safetensors").unlink()
    (folder / "model.safetensors").mkdir()
    msg = refused(folder)
    assert keys(msg) == ["inside.weights_file", "file.is_folder"]
    assert msg.values["reason"].values["path"] == folder / "model.safetensors"


def test_a_config_json_that_loops_says_so(base: Path, tmp_path: Path) -> None:
    folder = copy(base, tmp_path)
    (folder / "config.json").unlink()
    os.symlink("c2.json", folder / "config.json")
    os.symlink("config.json", folder / "c2.json")
    msg = refused(folder)
    assert msg.key == "inside.config_unreadable" and keys(msg)[-1] == "os.link_loop"


@pytest.mark.parametrize("value", [[1, 2], "linear", 2.0])
def test_rope_scaling_that_is_no_object_is_refused_in_words(base: Path, tmp_path: Path,
                                                            value: object) -> None:
    folder = copy(base, tmp_path)
    edit_config(folder, rope_scaling=value)
    msg = refused(folder)
    assert msg.key == "inside.rope_form" and msg.values["name"] == "rope_scaling"


def test_a_field_transformers_refuses_by_type_is_named_without_its_repr(tmp_path: Path) -> None:
    exc = TypeError("Validation error for field 'rope_parameters': TypeError: Field "
                    "'rope_parameters' with value [1] doesn't match any type in (<class "
                    "'transformers.modeling_rope_utils.RopeParameters'>, <class 'dict'>).")
    msg = hf_failures.config_failure(tmp_path, exc)
    assert msg.key == "inside.config_field_form" and msg.values["name"] == "rope_parameters"
    plain(msg)
    assert hf_failures.config_failure(tmp_path, ValueError("other")).key == "inside.config_invalid"


def test_a_tokenizer_json_nested_too_deeply(base: Path, tmp_path: Path) -> None:
    from gatelab.core.inside.hf_source import HfModel

    folder = copy(base, tmp_path)
    (folder / "tokenizer.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    with pytest.raises(InsideError) as info:
        HfModel(folder, device="cpu")
    msg = info.value.msg
    assert msg.key == "inside.tokenizer_json" and msg.values["name"] == "tokenizer.json"
    assert msg.values["reason"].key == "json.reason_too_deep"
    assert "recursion" not in msg
    plain(msg)
