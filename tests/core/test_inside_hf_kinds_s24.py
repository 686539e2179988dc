"""Model folders of kinds the Inside tab cannot trace, or traces only in part (probe s24).

- A model type transformers knows but not as a causal LM (T5, Qwen2-VL) was told to "update
  transformers", which cannot help: it is refused as what it is.
- A Mixtral checkpoint names its experts ``block_sparse_moe.experts``: it was loaded whole and
  then refused as having "no gated MLP"; it is now refused as mixture-of-experts before loading.
- Weights config.json does not use (a config.json with fewer layers than the files): transformers
  drops them silently, so the views described a smaller model than the files hold without a word;
  a note now says so.
Tiny random models are built in code and saved into tmp folders; nothing is downloaded.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

pytest.importorskip("transformers")

from gatelab.core.inside.errors import InsideError  # noqa: E402
from gatelab.core.inside.hf_check import check_hf_folder  # noqa: E402
from gatelab.core.inside.hf_source import HfModel  # noqa: E402
from tests.core.inside_helpers import copy_with_config, save_hf_model, save_spread  # noqa: E402


@pytest.fixture(scope="module")
def llama(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return save_hf_model(tmp_path_factory.mktemp("kinds_s24") / "llama", "llama")


@pytest.mark.parametrize("model_type", ["t5", "qwen2_vl", "vit"])
def test_a_known_model_that_is_not_a_causal_lm_is_refused_as_such(
        llama: Path, tmp_path: Path, model_type: str) -> None:
    folder = copy_with_config(llama, tmp_path / "m", model_type=model_type)
    with pytest.raises(InsideError) as err:
        check_hf_folder(folder, device="cpu")
    text = str(err.value)
    assert err.value.msg.key == "inside.arch_not_causal"
    assert text.startswith(f"{folder}: transformers knows {model_type!r}, but not as a causal")
    assert "update transformers" not in text


def test_a_model_type_transformers_does_not_know_still_says_update(
        llama: Path, tmp_path: Path) -> None:
    folder = copy_with_config(llama, tmp_path / "m", model_type="frobnicator9000")
    with pytest.raises(InsideError) as err:
        check_hf_folder(folder, device="cpu")
    assert err.value.msg.key == "inside.arch_unknown"


def test_a_mixtral_checkpoint_is_refused_as_moe_before_loading(tmp_path: Path) -> None:
    import transformers as tf
    cfg = tf.MixtralConfig(vocab_size=320, hidden_size=32, intermediate_size=48,
                           num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                           num_local_experts=4, num_experts_per_tok=2)
    folder = save_spread(tmp_path / "mixtral", cfg)
    names = json.dumps(json.loads((folder / "model.safetensors").read_bytes()[8:][
        :int.from_bytes((folder / "model.safetensors").read_bytes()[:8], "little")]))
    assert "block_sparse_moe.experts.0.w1" in names  # the checkpoint's own names
    with pytest.raises(InsideError) as err:
        check_hf_folder(folder, device="cpu")
    assert err.value.msg.key == "inside.moe"


def test_weights_the_config_does_not_use_are_noted(llama: Path, tmp_path: Path) -> None:
    folder = copy_with_config(llama, tmp_path / "m", num_hidden_layers=1)
    model = HfModel(folder, device="cpu")
    assert model.n_layer == 1
    notes = [n for n in model.info["notes"] if n.key == "inside.weights_unused"]
    assert len(notes) == 1
    text = str(notes[0])
    assert text.startswith(f"{folder}: the weight files hold 9 tensors that the model built "
                           "from config.json does not use (for example model.layers.1.")


def test_a_whole_checkpoint_has_no_unused_weights_note(llama: Path) -> None:
    model = HfModel(llama, device="cpu")
    assert [n.key for n in model.info["notes"]] == []


def test_the_unused_weights_note_reaches_the_cli(llama: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from gatelab.inspect_cli import main
    folder = copy_with_config(llama, tmp_path / "m", num_hidden_layers=1)
    shutil.rmtree(tmp_path / "out", ignore_errors=True)
    out = tmp_path / "out.json"
    assert main([str(folder), "--text", "I flew from Paris", "--json", str(out),
                 "--device", "cpu"]) == 0
    notes = json.loads(out.read_text())["notes"]
    assert any("does not use" in n for n in notes)
    assert "does not use" in capsys.readouterr().err


@pytest.fixture(scope="module")
def sharded(llama: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    from transformers import AutoModelForCausalLM
    folder = tmp_path_factory.mktemp("sharded_s24") / "m"
    AutoModelForCausalLM.from_pretrained(llama).save_pretrained(folder, max_shard_size="20KB")
    for name in ("tokenizer.json", "tokenizer_config.json"):
        shutil.copy(llama / name, folder)
    return folder


def test_a_sharded_folder_is_traced(sharded: Path) -> None:
    assert len(list(sharded.glob("model-*.safetensors"))) > 2
    assert HfModel(sharded, device="cpu").n_layer == 2


def test_a_missing_shard_is_named_as_missing_not_as_damage(sharded: Path,
                                                           tmp_path: Path) -> None:
    folder = Path(shutil.copytree(sharded, tmp_path / "m"))
    gone = sorted(folder.glob("model-*.safetensors"))[1]
    gone.unlink()
    with pytest.raises(InsideError) as err:
        check_hf_folder(folder, device="cpu")
    assert str(err.value) == f"the weights cannot be read: cannot read {gone}: no such file"


def test_an_index_naming_a_shard_outside_the_folder_is_not_called_damaged(
        sharded: Path, tmp_path: Path) -> None:
    folder = Path(shutil.copytree(sharded, tmp_path / "m"))
    index = folder / "model.safetensors.index.json"
    obj = json.loads(index.read_text())
    first = sorted(set(obj["weight_map"].values()))[0]
    obj["weight_map"] = {k: "../" + v if v == first else v for k, v in obj["weight_map"].items()}
    index.write_text(json.dumps(obj))
    with pytest.raises(InsideError) as err:
        check_hf_folder(folder, device="cpu")
    assert str(err.value) == ("the weights cannot be read: model.safetensors.index.json: shard "
                              f"'../{first}' must be a .safetensors file beside the index")
