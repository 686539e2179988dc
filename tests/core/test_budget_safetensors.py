"""The safetensors header reader and the checkpoint cross-check, on files written by hand here."""

from __future__ import annotations

import json
import os
import struct
import time
from pathlib import Path

import pytest

from gatelab.core.budget import count_from_hf_config
from gatelab.core.budget.checkpoint import classify, compare, summarize
from gatelab.core.budget.safetensors import (
    read_checkpoint,
    read_index,
    read_safetensors_header,
    write_safetensors_header_only,
)
from tests.blocking import raised_within


def raw_file(path: Path, header: object, data: bytes = b"", prefix: int | None = None) -> Path:
    body = header if isinstance(header, bytes) else json.dumps(header).encode()
    n = len(body) if prefix is None else prefix
    path.write_bytes(struct.pack("<Q", n) + body + data)
    return path


# -- synthetic checkpoints named like the real ones --------------------------------------------
def llama_like(cfg: dict, fused: bool = False) -> dict:
    h, m, L = cfg["hidden_size"], cfg["intermediate_size"], cfg["num_hidden_layers"]
    nh, kv = cfg["num_attention_heads"], cfg["num_key_value_heads"]
    hd = cfg.get("head_dim", h // nh)
    bias = cfg["model_type"] == "qwen2"
    t: dict = {"model.embed_tokens.weight": ("BF16", (cfg["vocab_size"], h)),
               "model.norm.weight": ("BF16", (h,))}
    for i in range(L):
        p = f"model.layers.{i}."
        if fused:
            t[p + "self_attn.qkv_proj.weight"] = ("BF16", ((nh + 2 * kv) * hd, h))
            t[p + "mlp.gate_up_proj.weight"] = ("BF16", (2 * m, h))
        else:
            t[p + "self_attn.q_proj.weight"] = ("BF16", (nh * hd, h))
            t[p + "self_attn.k_proj.weight"] = ("BF16", (kv * hd, h))
            t[p + "self_attn.v_proj.weight"] = ("BF16", (kv * hd, h))
            t[p + "mlp.gate_proj.weight"] = ("BF16", (m, h))
            t[p + "mlp.up_proj.weight"] = ("BF16", (m, h))
        if bias:
            for proj, n in (("q", nh), ("k", kv), ("v", kv)):
                t[p + f"self_attn.{proj}_proj.bias"] = ("BF16", (n * hd,))
        if cfg["model_type"] == "qwen3":
            t[p + "self_attn.q_norm.weight"] = ("BF16", (hd,))
            t[p + "self_attn.k_norm.weight"] = ("BF16", (hd,))
        t[p + "self_attn.o_proj.weight"] = ("BF16", (h, nh * hd))
        t[p + "mlp.down_proj.weight"] = ("BF16", (h, m))
        t[p + "input_layernorm.weight"] = ("BF16", (h,))
        t[p + "post_attention_layernorm.weight"] = ("BF16", (h,))
    if not cfg.get("tie_word_embeddings", False):
        t["lm_head.weight"] = ("BF16", (cfg["vocab_size"], h))
    return t


def gpt2_like(h: int, L: int, vocab: int, pos: int) -> dict:
    t: dict = {"wte.weight": ("F32", (vocab, h)), "wpe.weight": ("F32", (pos, h)),
               "ln_f.weight": ("F32", (h,)), "ln_f.bias": ("F32", (h,))}
    for i in range(L):
        p = f"h.{i}."
        t[p + "attn.bias"] = ("F32", (1, 1, pos, pos))  # causal-mask buffer, not a parameter
        t[p + "attn.c_attn.weight"] = ("F32", (h, 3 * h))  # Conv1D: [in, out]
        t[p + "attn.c_attn.bias"] = ("F32", (3 * h,))
        t[p + "attn.c_proj.weight"] = ("F32", (h, h))
        t[p + "attn.c_proj.bias"] = ("F32", (h,))
        t[p + "mlp.c_fc.weight"] = ("F32", (h, 4 * h))
        t[p + "mlp.c_fc.bias"] = ("F32", (4 * h,))
        t[p + "mlp.c_proj.weight"] = ("F32", (4 * h, h))
        t[p + "mlp.c_proj.bias"] = ("F32", (h,))
        for ln in ("ln_1", "ln_2"):
            t[p + f"{ln}.weight"] = ("F32", (h,))
            t[p + f"{ln}.bias"] = ("F32", (h,))
    return t


def test_reads_names_dtypes_shapes(tmp_path: Path) -> None:
    tensors = {"a.weight": ("F32", (3, 4)), "b": ("BF16", (5,)), "empty": ("I64", (0, 7)),
               "packed": ("F4", (4, 2))}
    path = tmp_path / "m.safetensors"
    write_safetensors_header_only(path, tensors)
    assert read_safetensors_header(path) == tensors
    raw_file(tmp_path / "meta.safetensors", {"__metadata__": {"format": "pt"},
                                             "x": {"dtype": "U8", "shape": [2], "data_offsets":
                                                   [0, 2]}}, b"\x00\x01")
    assert read_safetensors_header(tmp_path / "meta.safetensors") == {"x": ("U8", (2,))}


def test_never_reads_tensor_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import gatelab.core.budget.safetensors as st

    path = tmp_path / "big.safetensors"
    write_safetensors_header_only(path, {"w": ("F32", (4096, 4096))})  # 64 MiB, sparse
    reads: list[int] = []
    real_read = os.read

    def spy(fd: int, n: int) -> bytes:
        reads.append(n)
        return real_read(fd, n)

    monkeypatch.setattr(st.os, "read", spy)
    assert read_safetensors_header(path) == {"w": ("F32", (4096, 4096))}
    assert reads and all(0 <= n < 1000 for n in reads)


@pytest.mark.parametrize(("make", "message"), [
    (lambda p: p.write_bytes(b"\x01\x02"), "too short"),
    (lambda p: raw_file(p, {}, prefix=10**6), "longer than the file"),
    (lambda p: raw_file(p, {}, prefix=2**40), "cap"),
    (lambda p: raw_file(p, b"{not json"), "not valid JSON"),
    (lambda p: raw_file(p, b"\xff\xfe{}"), "not UTF-8"),
    (lambda p: raw_file(p, b"[1, 2]"), "JSON object"),
    (lambda p: raw_file(p, b"[" * 100000 + b"]" * 100000), "nested too deeply"),
    (lambda p: raw_file(p, {"x": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]}},
                        b"\0" * 4), "outside the data area"),
    (lambda p: raw_file(p, {"x": {"dtype": "Q7", "shape": [2], "data_offsets": [0, 2]}},
                        b"\0" * 2), "unknown dtype"),
    (lambda p: raw_file(p, {"x": {"dtype": "F32", "shape": [3], "data_offsets": [0, 8]}},
                        b"\0" * 8), "needs 12 bytes"),
    (lambda p: raw_file(p, {"x": {"dtype": "F32", "shape": [2], "data_offsets": [0, 8]},
                            "y": {"dtype": "F32", "shape": [2], "data_offsets": [4, 12]}},
                        b"\0" * 12), "overlap"),
    (lambda p: raw_file(p, {"x": {"dtype": "F32", "shape": [-2], "data_offsets": [0, 8]}},
                        b"\0" * 8), "shape"),
    (lambda p: raw_file(p, {"x": {"dtype": "F32", "shape": [2], "data_offsets": [8, 0]}},
                        b"\0" * 8), "outside"),
    (lambda p: raw_file(p, {"x": [1, 2]}), "entry must be an object"),
    (lambda p: raw_file(p, {"__metadata__": {"a": 1}}), "__metadata__"),
    # regressions (issue 8): OverflowError while the message was built; a silent duplicate
    (lambda p: raw_file(p, {"x": {"dtype": "F32", "shape": [2**62] * 64,
                                  "data_offsets": [0, 8]}}, b"\0" * 8), "needs more than 10"),
    (lambda p: raw_file(p, {"x": {"dtype": "F32", "shape": [2**62] * 65,
                                  "data_offsets": [0, 8]}}, b"\0" * 8), "at most 64"),
    (lambda p: raw_file(p, b'{"x": {"dtype": "F32", "shape": [1], "data_offsets": [0, 4]}, '
                           b'"x": {"dtype": "F32", "shape": [1], "data_offsets": [4, 8]}}',
                        b"\0" * 8), "'x' appears twice"),
    (lambda p: raw_file(p, b'{"x": {"dtype": "F32", "dtype": "F16", "shape": [1], '
                           b'"data_offsets": [0, 4]}}', b"\0" * 4), "'dtype' appears twice"),
])
def test_malformed_files_give_clear_value_errors(tmp_path: Path, make, message: str) -> None:  # noqa: ANN001
    path = tmp_path / "bad.safetensors"
    make(path)
    with pytest.raises(ValueError, match=message):
        read_safetensors_header(path)


def test_missing_file_is_a_value_error(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="cannot read"):
        read_safetensors_header(tmp_path / "nope.safetensors")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("name", ["model.safetensors", "model.safetensors.index.json"])
def test_fifo_and_devices_never_block(tmp_path: Path, name: str) -> None:
    """Regression: a FIFO blocked the reader forever (issue 8)."""
    fifo = tmp_path / name
    os.mkfifo(fifo)
    exc = raised_within(lambda: read_checkpoint(fifo), 5)
    assert isinstance(exc, ValueError) and "not a regular file" in str(exc)
    exc = raised_within(lambda: read_checkpoint(tmp_path), 5)
    assert isinstance(exc, ValueError) and "folder" in str(exc)
    if Path("/dev/zero").exists():
        exc = raised_within(lambda: read_safetensors_header("/dev/zero"), 5)
        assert isinstance(exc, ValueError) and "not a regular file" in str(exc)


def test_index_that_is_a_fifo_inside_a_folder_and_shard_fifo(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("needs FIFOs")
    os.mkfifo(tmp_path / "a.safetensors")
    index = tmp_path / "model.safetensors.index.json"
    index.write_text(json.dumps({"weight_map": {"w": "a.safetensors"}}))
    exc = raised_within(lambda: read_index(index), 5)
    assert isinstance(exc, ValueError) and "a.safetensors" in str(exc)


def test_a_million_tensors_is_refused_fast(tmp_path: Path) -> None:
    """Regression: a header with 1M tensors took 7 s to parse (issue 8); now capped, and the
    count is taken from the raw bytes before the JSON is parsed."""
    import gatelab.core.budget.safetensors as st

    entry = b'{"dtype":"U8","shape":[1],"data_offsets":[0,1]}'
    n = st.MAX_TENSORS + 1
    body = b"{" + b",".join(b'"t%d":' % i + entry for i in range(n)) + b"}"
    path = raw_file(tmp_path / "many.safetensors", body, b"\0")
    t0 = time.perf_counter()
    with pytest.raises(ValueError, match=f"{n:,} tensors, more than the"):
        read_safetensors_header(path)
    assert time.perf_counter() - t0 < 1.0


CFG_QWEN3 = {"model_type": "qwen3", "hidden_size": 64, "intermediate_size": 176,
             "num_hidden_layers": 3, "num_attention_heads": 4, "num_key_value_heads": 2,
             "head_dim": 32, "vocab_size": 300, "tie_word_embeddings": True}
CFG_QWEN2 = {"model_type": "qwen2", "hidden_size": 48, "intermediate_size": 128,
             "num_hidden_layers": 2, "num_attention_heads": 6, "num_key_value_heads": 2,
             "vocab_size": 97, "tie_word_embeddings": False}
CFG_PHI3 = {"model_type": "phi3", "hidden_size": 64, "intermediate_size": 160,
            "num_hidden_layers": 2, "num_attention_heads": 4, "num_key_value_heads": 4,
            "vocab_size": 128, "tie_word_embeddings": False}


@pytest.mark.parametrize(("cfg", "fused"), [(CFG_QWEN3, False), (CFG_QWEN2, False),
                                            (CFG_PHI3, True)])
def test_checkpoint_matches_config_count(tmp_path: Path, cfg: dict, fused: bool) -> None:
    path = tmp_path / "model.safetensors"
    write_safetensors_header_only(path, llama_like(cfg, fused=fused))
    summary = summarize(read_checkpoint(path))
    count = count_from_hf_config(cfg)
    assert summary.total == count.total
    assert all(diff == 0 for _part, _ck, _cfg, diff in compare(summary, count))
    assert summary.hidden == cfg["hidden_size"]
    assert summary.intermediate == cfg["intermediate_size"]
    assert summary.vocab == cfg["vocab_size"]
    m, h, L = cfg["intermediate_size"], cfg["hidden_size"], cfg["num_hidden_layers"]
    if fused:
        assert summary.groups["mlp.gate_up"] == L * 2 * m * h
    else:
        assert summary.groups["mlp.gate"] == summary.groups["mlp.up"] == L * m * h
    assert summary.groups["mlp.down"] == L * m * h
    assert not summary.quantized


def test_gpt2_conv1d_layout_and_mask_buffers(tmp_path: Path) -> None:
    path = tmp_path / "gpt2.safetensors"
    write_safetensors_header_only(path, gpt2_like(32, 2, 50, 16))
    summary = summarize(read_safetensors_header(path))
    cfg = {"model_type": "gpt2", "n_embd": 32, "n_layer": 2, "n_head": 4, "n_inner": None,
           "n_positions": 16, "vocab_size": 50}
    assert summary.total == count_from_hf_config(cfg).total
    assert summary.intermediate == 128  # from c_fc's [in, out] = [32, 128]
    assert summary.groups["buffers"] == 2 * 16 * 16
    assert any("not counted" in n for n in summary.notes)


def test_difference_is_reported_per_part(tmp_path: Path) -> None:
    tensors = llama_like(CFG_QWEN2)
    del tensors["model.layers.1.mlp.down_proj.weight"]
    path = tmp_path / "m.safetensors"
    write_safetensors_header_only(path, tensors)
    rows = {r[0]: r for r in compare(summarize(read_safetensors_header(path)),
                                     count_from_hf_config(CFG_QWEN2))}
    assert rows["mlp"][3] == -48 * 128
    assert rows["total"][3] == -48 * 128
    assert rows["attention"][3] == 0


def test_mxfp4_blocks_are_flagged_and_unpacked(tmp_path: Path) -> None:
    E, h, m = 4, 64, 64
    t = {"model.layers.0.mlp.experts.gate_up_proj_blocks": ("U8", (E, 2 * m, h // 32, 16)),
         "model.layers.0.mlp.experts.gate_up_proj_scales": ("U8", (E, 2 * m, h // 32)),
         "model.layers.0.mlp.experts.gate_up_proj_bias": ("BF16", (E, 2 * m)),
         "model.layers.0.mlp.experts.down_proj_blocks": ("U8", (E, h, m // 32, 16)),
         "model.layers.0.mlp.experts.down_proj_scales": ("U8", (E, h, m // 32)),
         "model.layers.0.mlp.experts.down_proj_bias": ("BF16", (E, h)),
         "model.layers.0.mlp.router.weight": ("BF16", (E, h)),
         "model.layers.0.mlp.router.bias": ("BF16", (E,))}
    path = tmp_path / "oss.safetensors"
    write_safetensors_header_only(path, t)
    s = summarize(read_safetensors_header(path))
    assert s.quantized
    assert s.groups["experts"] == E * (3 * h * m + 2 * m + h)
    assert s.groups["router"] == E * h + E
    assert s.groups["quantization"] == E * 2 * m * 2 + E * h * 2
    assert any("MXFP4" in n for n in s.notes)


def test_gptq_style_packing_is_flagged(tmp_path: Path) -> None:
    t = {"model.layers.0.mlp.up_proj.qweight": ("I32", (8, 64)),
         "model.layers.0.mlp.up_proj.qzeros": ("I32", (1, 8)),
         "model.layers.0.mlp.up_proj.scales": ("F16", (1, 64))}
    path = tmp_path / "q.safetensors"
    write_safetensors_header_only(path, t)
    s = summarize(read_safetensors_header(path))
    assert s.quantized and any("packed" in n for n in s.notes)
    assert s.total == 8 * 64


def test_sharded_index(tmp_path: Path) -> None:
    tensors = llama_like(CFG_QWEN3)
    names = list(tensors)
    shards = {"model-00001-of-00002.safetensors": names[: len(names) // 2],
              "model-00002-of-00002.safetensors": names[len(names) // 2:]}
    weight_map = {}
    for shard, part in shards.items():
        write_safetensors_header_only(tmp_path / shard, {n: tensors[n] for n in part})
        weight_map.update(dict.fromkeys(part, shard))
    index = tmp_path / "model.safetensors.index.json"
    index.write_text(json.dumps({"metadata": {"total_size": 0}, "weight_map": weight_map}))
    assert read_index(index) == tensors
    assert summarize(read_checkpoint(index)).total == count_from_hf_config(CFG_QWEN3).total


@pytest.mark.parametrize(("content", "message"), [
    ({"weight_map": {"a": "../evil.safetensors"}}, "beside the index"),
    ({"weight_map": {"a": "missing.safetensors"}}, "cannot read"),
    ({"nothing": 1}, "weight_map"),
    ("not json", "not valid JSON"),
])
def test_bad_index(tmp_path: Path, content: object, message: str) -> None:
    index = tmp_path / "model.safetensors.index.json"
    index.write_text(content if isinstance(content, str) else json.dumps(content))
    with pytest.raises(ValueError, match=message):
        read_index(index)


def test_index_naming_a_tensor_its_shard_lacks(tmp_path: Path) -> None:
    write_safetensors_header_only(tmp_path / "s.safetensors", {"a": ("F32", (2,))})
    index = tmp_path / "model.safetensors.index.json"
    index.write_text(json.dumps({"weight_map": {"a": "s.safetensors", "b": "s.safetensors"}}))
    with pytest.raises(ValueError, match="missing"):
        read_index(index)


@pytest.mark.parametrize(("name", "group"), [
    ("model.layers.0.self_attn.q_norm.weight", "attention"),
    ("model.layers.0.mlp.gate.weight", "router"),
    ("model.layers.0.mlp.gate_proj.weight", "mlp.gate"),
    ("model.layers.0.block_sparse_moe.experts.3.w1.weight", "experts"),
    ("model.layers.0.mlp.shared_expert.up_proj.weight", "shared_expert"),
    ("encoder.block.0.layer.1.DenseReluDense.wi_1.weight", "mlp.up"),
    ("decoder.block.0.layer.2.DenseReluDense.wo.weight", "mlp.down"),
    ("decoder.block.0.layer.1.EncDecAttention.k.weight", "attention"),
    ("model.layers.0.pre_feedforward_layernorm.weight", "norms"),
    ("model.layers.3.self_attn.weight_scale_inv", "quantization"),
    ("model.rotary_emb.inv_freq", "buffers"),
    ("something.else", "other"),
])
def test_classify(name: str, group: str) -> None:
    assert classify(name) == group


def test_qwen35_linear_attention_is_attention(tmp_path: Path) -> None:
    """Qwen3.5's gated-DeltaNet layers (``linear_attn.*``) once landed in "other" and their norm
    in "norms"."""
    pre = "model.language_model.layers.0.linear_attn."
    linear = {pre + "in_proj_qkv.weight": ("BF16", (48, 16)), pre + "in_proj_z.weight":
              ("BF16", (16, 16)), pre + "in_proj_b.weight": ("BF16", (2, 16)),
              pre + "in_proj_a.weight": ("BF16", (2, 16)), pre + "conv1d.weight":
              ("BF16", (48, 1, 4)), pre + "dt_bias": ("BF16", (2,)), pre + "A_log": ("F32", (2,)),
              pre + "norm.weight": ("F32", (8,)), pre + "out_proj.weight": ("BF16", (16, 16))}
    other = {"model.language_model.layers.0.mlp.gate_proj.weight": ("BF16", (32, 16)),
             "model.language_model.layers.0.input_layernorm.weight": ("BF16", (16,))}
    path = tmp_path / "m.safetensors"
    write_safetensors_header_only(path, {**linear, **other})
    s = summarize(read_safetensors_header(path))
    assert {r.name: r.group for r in s.rows if r.name.startswith(pre)} == dict.fromkeys(
        linear, "attention")
    assert s.groups["attention"] == 48 * 16 + 256 + 32 + 32 + 48 * 4 + 2 + 2 + 8 + 256
    assert s.groups["other"] == 0 and s.groups["norms"] == 16 and s.groups["mlp.gate"] == 512


def _many_tensor_shard(path: Path, n: int, tag: str) -> None:
    entry = b'{"dtype":"U8","shape":[1],"data_offsets":[%d,%d]}'
    body = b"{" + b",".join(b'"%s.t%d":' % (tag.encode(), i) + entry % (i, i + 1)
                            for i in range(n)) + b"}"
    raw_file(path, body, b"\0" * n)


def test_index_over_the_total_cap_is_refused_before_parsing(tmp_path: Path) -> None:
    """Regression: 10 shards × 99,999 tensors kept read_checkpoint busy for 20 s at 541 MB; the
    shards' raw headers are now counted before any is parsed."""
    import gatelab.core.budget.safetensors as st

    weight_map = {}
    for k in range(3):  # 3 × 99,999 > MAX_INDEX_TENSORS (250,000); each alone is allowed
        shard = f"model-{k:05d}-of-00003.safetensors"
        _many_tensor_shard(tmp_path / shard, st.MAX_TENSORS - 1, f"s{k}")
        weight_map[f"s{k}.t0"] = shard
    index = tmp_path / "big.index.json"
    index.write_text(json.dumps({"weight_map": weight_map}))
    t0 = time.perf_counter()
    with pytest.raises(ValueError, match="big.index.json: its shards hold more than 250,000 "
                                         "tensors in all"):
        read_checkpoint(index)
    assert time.perf_counter() - t0 < 1.5
