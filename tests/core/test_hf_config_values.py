"""config.json values that transformers takes on trust: a junk rope_type, bos/eos/pad token ids
outside the vocabulary, longrope factor lists of strings, a quantization_config, a dtype that is
no dtype. Each is refused before loading in gatelab's words, naming the field and the value (one
line, exit 2 from gatelab-inspect), never in the library's words ("KeyError: 'nonexistent'",
"Padding_idx must be within num_embeddings") and never silently. A dtype the weights do not have
is a note in the result instead (see ``hf_config_check.dtype_notes``)."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

pytest.importorskip("transformers")

from gatelab.core.inside import hf_check, hf_config_check  # noqa: E402
from gatelab.core.inside.errors import InsideError  # noqa: E402
from gatelab.core.inside.hf_config_check import known_rope_types  # noqa: E402
from gatelab.core.inside.hf_source import HfModel  # noqa: E402
from gatelab.inspect_cli import main  # noqa: E402
from tests.core.inside_helpers import copy_with_config, save_hf_model  # noqa: E402

torch.set_num_threads(1)
LONGROPE = {"rope_type": "longrope", "rope_theta": 10000.0, "factor": 2.0,
            "original_max_position_embeddings": 64}  # the tiny llama: head_dim 8, 4 frequencies
YARN = {"rope_type": "yarn", "rope_theta": 10000.0, "factor": 2.0,
        "original_max_position_embeddings": 64}


@pytest.fixture(scope="module")
def llama(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return save_hf_model(tmp_path_factory.mktemp("config_values") / "llama", "llama")


def _with_config(llama: Path, tmp_path: Path, **changes: object) -> Path:
    return copy_with_config(llama, tmp_path / "m", **changes)


def _cli_error(folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """gatelab-inspect on ``folder``: exit 2 and its one stderr line."""
    out = tmp_path / "o.json"
    assert main([str(folder), "--text", "ab", "--device", "cpu", "--json", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("gatelab-inspect: error:"), err
    assert "Error:" not in err and "Traceback" not in err, err
    assert not out.exists()
    return err


# (config.json changes, what the one line must say): each fails today in transformers' words
# or passes silently
REFUSED = {
    "rope_type_code": ({"rope_parameters": {"rope_type": "lambda x: x", "rope_theta": 1e4}},
                       "rope_parameters.rope_type is 'lambda x: x', a RoPE type"),
    "rope_type_unknown": ({"rope_scaling": {"rope_type": "nonexistent", "factor": 2.0}},
                          "rope_scaling.rope_type is 'nonexistent', a RoPE type"),
    "rope_type_legacy_key": ({"rope_scaling": {"type": "junk", "factor": 2.0}},
                             "rope_scaling.type is 'junk'"),
    "rope_type_number": ({"rope_parameters": {"rope_type": 5, "rope_theta": 1e4}},
                         "rope_parameters.rope_type is 5"),
    "rope_type_per_layer": ({"layer_types": ["full_attention"] * 2, "rope_parameters": {
        "full_attention": {"rope_type": "junk", "rope_theta": 1e4}}},
        "rope_parameters.full_attention.rope_type is 'junk'"),
    "bos_huge": ({"bos_token_id": 10**12}, "bos_token_id is 1,000,000,000,000, but the "
                                           "vocabulary has only 320 tokens (ids 0 to 319)"),
    "eos_huge": ({"eos_token_id": 10**12}, "eos_token_id is 1,000,000,000,000"),
    "pad_huge": ({"pad_token_id": 10**12}, "pad_token_id is 1,000,000,000,000"),
    "pad_negative": ({"pad_token_id": -5}, "pad_token_id is -5; a token id must be a whole "
                                           "number, 0 or more"),
    "eos_beyond_vocab": ({"eos_token_id": 320}, "eos_token_id is 320, but the vocabulary"),
    "eos_list_entry": ({"eos_token_id": [1, 10**12]}, "eos_token_id[1] is 1,000,000,000,000"),
    "bos_text": ({"bos_token_id": "x"}, "bos_token_id is 'x'; a token id"),
    "pad_bool": ({"pad_token_id": True}, "pad_token_id is True"),
    "longrope_strings": ({"rope_parameters": {**LONGROPE, "short_factor": ["a"] * 4,
                                              "long_factor": ["b"] * 4}},
                         "rope_parameters.short_factor must be a list of finite numbers above 0, "
                         "one per rotary frequency; it holds 'a'"),
    "longrope_long_strings": ({"rope_parameters": {**LONGROPE, "short_factor": [1.0] * 4,
                                                   "long_factor": ["b"] * 4}},
                              "rope_parameters.long_factor must be a list"),
    "longrope_zero": ({"rope_parameters": {**LONGROPE, "short_factor": [0.0] * 4,
                                           "long_factor": [1.0] * 4}}, "it holds 0.0"),
    "longrope_missing": ({"rope_parameters": LONGROPE}, "short_factor must be a list"),
    "longrope_length": ({"rope_parameters": {**LONGROPE, "short_factor": [1.0] * 3,
                                             "long_factor": [1.0] * 3}},
                        "short_factor holds 3 numbers, but the model's rotary embedding has 4"),
    "yarn_beta": ({"rope_parameters": {**YARN, "beta_fast": "x"}},
                  "rope_parameters.beta_fast is 'x'; it must be a finite number above 0"),
    "yarn_attention": ({"rope_parameters": {**YARN, "attention_factor": "x"}},
                       "rope_parameters.attention_factor is 'x'; it must be a finite number, 0"),
    "quant_unknown": ({"quantization_config": {"quant_method": "bogus"}},
                      "quantization_config.quant_method is 'bogus', a quantization this "
                      "transformers version does not know"),
    "quant_no_method": ({"quantization_config": {"bits": 4}},
                        "quantization_config.quant_method is None"),
    "quant_not_a_dict": ({"quantization_config": [1]}, "quantization_config is [1]"),
    "quant_known": ({"quantization_config": {"quant_method": "gptq", "bits": 4}},
                    "describes a model quantized with 'gptq'; gatelab analyses unquantized"),
    "dtype_junk": ({"dtype": "junk"}, "dtype is 'junk', which names no torch dtype"),
    "torch_dtype_junk": ({"torch_dtype": "junk"}, "torch_dtype is 'junk', which names no"),
    "dtype_not_a_dtype": ({"torch_dtype": "Tensor"}, "torch_dtype is 'Tensor'"),
    "dtype_number": ({"dtype": 5}, "dtype is 5, which names no torch dtype"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_refused_before_loading(case: str, llama: Path, tmp_path: Path,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    from transformers import AutoConfig
    changes, message = REFUSED[case]
    folder = _with_config(llama, tmp_path, **changes)

    def never(*_a: object, **_k: object) -> None:
        raise AssertionError("transformers was asked to load the config")

    with pytest.raises(InsideError, match="config.json") as info:
        hf_check.check_hf_folder(folder, device="cpu")
    assert message in str(info.value)
    monkeypatch.setattr(AutoConfig, "from_pretrained", never)
    with pytest.raises(InsideError) as info:
        HfModel(folder, device="cpu")
    assert message in str(info.value)


@pytest.mark.parametrize("case", ["rope_type_code", "bos_huge", "pad_negative", "longrope_strings",
                                  "quant_unknown", "dtype_junk"])
def test_cli_gives_one_line_naming_the_field(case: str, llama: Path, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    changes, message = REFUSED[case]
    err = _cli_error(_with_config(llama, tmp_path, **changes), tmp_path, capsys)
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize("value", ["float8_e4m3fn", "int8"])
def test_a_dtype_the_weights_do_not_have_is_a_note(value: str, llama: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    folder = _with_config(llama, tmp_path, torch_dtype=value)
    notes = hf_check.check_hf_folder(folder, device="cpu")["notes"]
    assert [n.key for n in notes] == ["inside.config_dtype_note"]
    assert f"torch_dtype says the weights are {value}, but the weight files hold " \
           f"floating-point numbers; they were analysed as float32" in notes[0]
    model = HfModel(folder, device="cpu")
    assert model.info["notes"] == notes
    assert main([str(folder), "--text", "ab", "--device", "cpu",
                 "--json", str(tmp_path / "o.json")]) == 0


@pytest.mark.parametrize("changes", [
    {"rope_parameters": {**LONGROPE, "short_factor": [1.0] * 4, "long_factor": [2.0, 1.5, 1, 3]}},
    {"rope_parameters": YARN},
    {"rope_scaling": {"type": "linear", "factor": 2.0}},
    {"eos_token_id": [0, 319], "bos_token_id": 0, "pad_token_id": None},
    {"torch_dtype": "bfloat16", "dtype": "float32"},
    {"torch_dtype": "half"},
    {"quantization_config": None},
    {"pad_token_id": -1},
], ids=["longrope", "yarn", "legacy_linear", "eos_list", "float_dtypes", "alias", "quant_null",
        "pad_minus_one"])
def test_real_settings_still_load(changes: dict[str, object], llama: Path, tmp_path: Path) -> None:
    folder = _with_config(llama, tmp_path, **changes)
    assert hf_check.check_hf_folder(folder, device="cpu")["notes"] == []
    assert main([str(folder), "--text", "ab", "--device", "cpu",
                 "--json", str(tmp_path / "o.json")]) == 0


def test_the_rope_types_come_from_transformers(monkeypatch: pytest.MonkeyPatch) -> None:
    from transformers.modeling_rope_utils import ROPE_INIT_FUNCTIONS
    known = known_rope_types("llama")
    assert set(known) == {"default", *ROPE_INIT_FUNCTIONS}

    class Axial:  # a config class whose model computes its own default type
        default_rope_type = "axial"

    monkeypatch.setattr(hf_config_check, "_config_class", lambda _model_type: Axial)
    assert set(known_rope_types("llama")) == {"axial", *known}


def test_a_text_config_is_checked_and_named(tmp_path: Path) -> None:
    """A multimodal config.json keeps the decoder's settings in text_config: they are checked
    there, and the message says so."""
    cfg = {"model_type": "llama", "text_config": {"vocab_size": 100, "eos_token_id": 100}}
    with pytest.raises(InsideError, match=r"text_config.eos_token_id is 100, .* only 100 tokens"):
        hf_config_check.check_token_ids(tmp_path, cfg, "llama")
    cfg = {"text_config": {"rope_scaling": {"rope_type": "junk"}}, "rope_theta": 1e4}
    with pytest.raises(InsideError, match="text_config.rope_scaling.rope_type is 'junk'"):
        hf_config_check.check_rope(tmp_path, cfg, "llama")
    cfg = {"dtype": "bfloat16", "text_config": {"dtype": {"decoder": "float8_e5m2"}}}
    notes = hf_config_check.dtype_notes(tmp_path, cfg, "bfloat16")
    assert [n.values["name"] for n in notes] == ["text_config.dtype.decoder"]
