"""Property-based tests: random bytes and garbled configs reach the readers; only ValueError comes out."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gatelab.core.budget import count_from_hf_config, ffn_params, partner_intermediate, rule_8_3
from gatelab.core.budget.checkpoint import summarize
from gatelab.core.budget.hfconfig import load_hf_config
from gatelab.core.budget.hfdefaults import ALIASES as _ALIASES
from gatelab.core.budget.model import ModelCount
from gatelab.core.budget.safetensors import DTYPE_BITS, read_index, read_safetensors_header

SETTINGS = settings(max_examples=150, deadline=2000,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])

_TMP = Path()  # a pytest-managed folder per module (mkdtemp here left gatelab-hyp-* behind)


@pytest.fixture(scope="module", autouse=True)
def _tmp_folder(tmp_path_factory: pytest.TempPathFactory) -> None:
    global _TMP
    _TMP = tmp_path_factory.mktemp("hyp")


def _write(name: str, data: bytes) -> Path:
    path = _TMP / name
    path.write_bytes(data)
    return path


json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-10**20, 10**20),
                      st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=8))
json_value = st.recursive(json_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=12)

config_keys = sorted({k for keys in _ALIASES.values() for k in keys} | {
    "model_type", "tie_word_embeddings", "attention_bias", "mlp_bias", "moe_intermediate_size",
    "first_k_dense_replace", "moe_layer_freq", "decoder_sparse_step", "mlp_only_layers",
    "shared_expert_intermediate_size", "n_shared_experts", "kv_lora_rank", "q_lora_rank",
    "qk_rope_head_dim", "qk_nope_head_dim", "v_head_dim", "feed_forward_proj", "text_config",
    "num_decoder_layers", "n_positions", "use_moe", "layer_types", "topk_method",
    "linear_num_key_heads", "linear_num_value_heads", "linear_key_head_dim",
    "linear_value_head_dim", "linear_conv_kernel_dim", "full_attention_interval", "moe_layers",
    "interleave_moe_layer_step", "intermediate_size_mlp", "num_nextn_predict_layers",
    "use_qk_norm", "mtp_num_hidden_layers", "vision_config"})
small_int = st.integers(-3, 300)
config_value = st.one_of(small_int, small_int, json_value,
                         st.sampled_from(["llama", "gpt2", "t5", "qwen3_moe", "deepseek_v3",
                                          "gpt_oss", "mixtral", "gemma2", "minimind", "phi3",
                                          "gated-gelu", "qwen3_5", "qwen3_5_text", "qwen3_5_moe",
                                          "qwen3_next", "llama4", "llama4_text", "glm4_moe",
                                          "olmo2", "smollm3", "gemma3"]),
                         st.lists(st.sampled_from(["linear_attention", "full_attention",
                                                   "sliding_attention", "mamba"]), max_size=6))
configs = st.dictionaries(st.sampled_from(config_keys), config_value, max_size=16)


def _only_value_error(fn, *args) -> object:  # noqa: ANN001
    try:
        return fn(*args)
    except ValueError:
        return None


@SETTINGS
@given(configs)
def test_random_configs_only_raise_value_error(cfg: dict) -> None:
    result = _only_value_error(count_from_hf_config, cfg)
    if result is not None:
        assert isinstance(result, ModelCount)
        assert result.total == sum(result.parts.values()) >= result.active > 0


@SETTINGS
@given(st.binary(max_size=300))
def test_random_bytes_as_config_file(data: bytes) -> None:
    path = _write("config.json", data)
    _only_value_error(load_hf_config, path)
    _only_value_error(count_from_hf_config, path)


@SETTINGS
@given(st.binary(max_size=300))
def test_random_bytes_as_safetensors(data: bytes) -> None:
    path = _write("random.safetensors", data)
    tensors = _only_value_error(read_safetensors_header, path)
    if tensors is not None:
        summarize(tensors)


@SETTINGS
@given(st.binary(max_size=200), st.integers(0, 2**64 - 1), st.binary(max_size=64))
def test_random_header_with_plausible_prefix(header: bytes, prefix: int, tail: bytes) -> None:
    for n in (len(header), prefix):
        path = _write("prefixed.safetensors", struct.pack("<Q", n) + header + tail)
        _only_value_error(read_safetensors_header, path)


entry = st.fixed_dictionaries({
    "dtype": st.one_of(st.sampled_from(sorted(DTYPE_BITS)), json_value),
    "shape": st.one_of(st.lists(st.integers(-2, 6), max_size=4), json_value),
    "data_offsets": st.one_of(st.lists(st.integers(-4, 200), min_size=2, max_size=2),
                              json_value)})


@SETTINGS
@given(st.dictionaries(st.text(max_size=30), st.one_of(entry, json_value), max_size=6),
       st.integers(0, 256))
def test_garbled_headers(header: dict, data_len: int) -> None:
    raw = json.dumps(header).encode()
    path = _write("garbled.safetensors", struct.pack("<Q", len(raw)) + raw + b"\0" * data_len)
    tensors = _only_value_error(read_safetensors_header, path)
    if tensors is not None:
        s = summarize(tensors)
        assert s.total >= 0


@SETTINGS
@given(json_value)
def test_garbled_index(obj: object) -> None:
    path = _write("model.safetensors.index.json", json.dumps(obj).encode())
    _only_value_error(read_index, path)


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10**13), st.integers(1, 1024))
def test_partner_intermediate_never_has_fewer_params(m: int, multiple: int) -> None:
    h = 1 + m % 5000
    g = partner_intermediate(m, gated=False, multiple_of=multiple)
    assert ffn_params(h, g, gated=True) >= ffn_params(h, m, gated=False)
    assert g % multiple == 0 and g - multiple < 2 * m / 3 + 1
    c = partner_intermediate(m, gated=True, multiple_of=multiple)
    assert ffn_params(h, c, gated=False) >= ffn_params(h, m, gated=True)
    r = rule_8_3(h, multiple)
    assert 3 * r >= 8 * h and r % multiple == 0 and (r - multiple) * 3 < 8 * h
