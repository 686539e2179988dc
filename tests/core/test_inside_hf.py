"""Hugging Face sources: hook values equal a direct computation with the model's own modules
(Llama, Qwen3, Qwen3.5 hybrid), and every bad folder gives its InsideError message."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch

pytest.importorskip("transformers")

from gatelab.core.inside import hf_check  # noqa: E402
from gatelab.core.inside.analysis import layer_summary  # noqa: E402
from gatelab.core.inside.errors import InsideError  # noqa: E402
from gatelab.core.inside.hf_source import HfModel, check_hf_folder, trace_hf  # noqa: E402
from tests.core.inside_helpers import save_hf_model  # noqa: E402

TEXT = "I flew from Paris to Tokyo last week"
KINDS = ("llama", "qwen3", "qwen3_5")


@pytest.fixture(scope="module")
def hf_models(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("hf")
    return {k: save_hf_model(root / k, k) for k in KINDS}


def _direct(model: torch.nn.Module, ids: list[int]) -> dict[str, Any]:
    """Reference numbers from the model's own modules. The only thing read from inside the pass is
    the residual stream entering each post-attention norm (a test-owned hook on another module);
    everything the tracer reports is recomputed from it."""
    layers = model.model.layers
    mids: list[torch.Tensor] = []
    hooks = [ly.post_attention_layernorm.register_forward_pre_hook(
        lambda _m, inp: mids.append(inp[0][0].detach())) for ly in layers]
    with torch.no_grad():
        out = model(input_ids=torch.tensor([ids]), output_attentions=True,
                    output_hidden_states=True, use_cache=False)
    for h in hooks:
        h.remove()
    ref: dict[str, Any] = {"layers": [], "attentions": [a[0] for a in out.attentions]}
    with torch.no_grad():
        for i, ly in enumerate(layers):
            n = ly.post_attention_layernorm(mids[i])
            g, u = ly.mlp.gate_proj(n), ly.mlp.up_proj(n)
            h = ly.mlp.act_fn(g) * u
            mlp_out = ly.mlp.down_proj(h)
            x = mids[i] + mlp_out
            entry = {"g": g, "u": u, "h": h, "mlp_norm": mlp_out.norm(dim=-1), "x": x,
                     "hidden_in": out.hidden_states[i][0]}
            if i + 1 < len(layers):  # hidden_states[i + 1] is the layer's output (last: normed)
                torch.testing.assert_close(x, out.hidden_states[i + 1][0], rtol=1e-5, atol=1e-6)
            ref["layers"].append(entry)
    return ref


@pytest.mark.parametrize("kind", KINDS)
def test_hook_values_equal_direct_computation(hf_models: dict[str, Path], kind: str) -> None:
    src = HfModel(hf_models[kind], device="cpu")
    trace = src.trace(TEXT)
    ids = src.encode(TEXT, special=True)
    assert len(trace.tokens) == len(ids) and "".join(trace.tokens) == TEXT
    text_cfg = src.text_config  # the forward-pass map's V and heads come from the trace
    assert (trace.vocab_size, trace.n_head) == (text_cfg.vocab_size, text_cfg.num_attention_heads)
    ref = _direct(src.model, ids)
    assert len(trace.layers) == len(ref["layers"])
    full = iter(ref["attentions"])
    for lt, r in zip(trace.layers, ref["layers"]):
        np.testing.assert_allclose(lt.g, r["g"].numpy(), rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(lt.u, r["u"].numpy(), rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(lt.h, r["h"].numpy(), rtol=1e-5, atol=1e-7)
        np.testing.assert_allclose(lt.mlp_norm, r["mlp_norm"].numpy(), rtol=1e-5)
        np.testing.assert_allclose(lt.resid_norm, r["x"].norm(dim=-1).numpy(), rtol=1e-5)
        assert lt.max_abs_hidden == pytest.approx(float(r["x"].abs().max()), rel=1e-6)
        if lt.kind == "linear_attention":
            assert lt.attn_sink is None
            continue
        w = next(full)  # [H, T, T]
        np.testing.assert_allclose(lt.attn_sink, w[:, 1:, 0].mean(dim=-1).numpy(), rtol=1e-5)
    summary = layer_summary(trace, token=3)
    assert summary[0]["frac_neg"] == pytest.approx(float((ref["layers"][0]["g"][3] < 0).float().mean()))
    assert summary[0]["mlp_ratio"] == pytest.approx(
        float(ref["layers"][0]["mlp_norm"][3] / ref["layers"][0]["x"][3].norm()), rel=1e-5)


def test_qwen3_5_hybrid_layers_and_attention_gate(hf_models: dict[str, Path]) -> None:
    src = HfModel(hf_models["qwen3_5"], device="cpu")
    trace = src.trace(TEXT)
    assert [lt.kind for lt in trace.layers] == ["linear_attention", "full_attention"] * 2
    assert [lt.attn_gate_mean is None for lt in trace.layers] == [True, False, True, False]
    ids = src.encode(TEXT, special=True)
    ref = _direct(src.model, ids)
    for i in (1, 3):
        attn = src.model.model.layers[i].self_attn
        with torch.no_grad():
            q = attn.q_proj(src.model.model.layers[i].input_layernorm(ref["layers"][i]["hidden_in"]))
        gate = q.view(len(ids), -1, 2 * attn.head_dim)[..., attn.head_dim:]
        assert trace.layers[i].attn_gate_mean == pytest.approx(float(torch.sigmoid(gate).mean()),
                                                               rel=1e-5)
    assert layer_summary(trace)[0]["attn_sink"] is None


def test_check_reports_sizes_and_progress(hf_models: dict[str, Path]) -> None:
    info = check_hf_folder(hf_models["llama"], device="cpu")
    model = HfModel(hf_models["llama"], device="cpu").model
    assert info["n_params"] == sum(p.numel() for p in model.parameters())
    assert info["weight_bytes"] == 4 * info["n_params"]
    assert check_hf_folder(hf_models["llama"], device="cpu", dtype="bf16")["weight_bytes"] == \
        2 * info["n_params"]
    seen: list[tuple[float, str]] = []
    trace_hf(hf_models["llama"], "The food", device="cpu", progress=lambda f, m: seen.append((f, m)))
    fractions = [f for f, _ in seen]
    assert fractions == sorted(fractions) and fractions[0] == 0.0 and fractions[-1] == 1.0


def test_bf16_trace_is_close_to_float32(hf_models: dict[str, Path]) -> None:
    a = trace_hf(hf_models["qwen3"], TEXT, device="cpu")
    b = trace_hf(hf_models["qwen3"], TEXT, device="cpu", dtype="bf16")
    assert b.layers[0].g.dtype == np.float32
    np.testing.assert_allclose(b.layers[0].g, a.layers[0].g, atol=0.05)


def _copy(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst)
    return dst


def test_bad_sources_each_give_their_message(hf_models: dict[str, Path], tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    good = hf_models["llama"]

    def fails(path: Path, match: str, **kw: Any) -> None:
        with pytest.raises(InsideError, match=match):
            trace_hf(path, TEXT, device="cpu", **kw)

    fails(tmp_path / "nowhere", "not a folder")
    (tmp_path / "empty").mkdir()
    fails(tmp_path / "empty", r"not a model folder \(no config.json\)")
    notype = _copy(good, tmp_path / "notype")
    (notype / "config.json").write_text('{"hidden_size": 8}')
    fails(notype, "names no model_type")
    alien = _copy(good, tmp_path / "alien")
    (alien / "config.json").write_text('{"model_type": "frobnicator9000"}')
    fails(alien, f"^{alien}: architecture 'frobnicator9000' is not a causal language model")
    garbled = _copy(good, tmp_path / "garbled")
    (garbled / "config.json").write_text('{"model_type": ')
    fails(garbled, "config.json cannot be read")
    notok = _copy(good, tmp_path / "notok")
    (notok / "tokenizer.json").unlink()
    fails(notok, "the tokenizer is missing")
    trunc = _copy(good, tmp_path / "trunc")
    st = trunc / "model.safetensors"
    os.truncate(st, st.stat().st_size - 100)
    fails(trunc, "damaged or truncated")
    noweights = _copy(good, tmp_path / "noweights")
    (noweights / "model.safetensors").unlink()
    fails(noweights, r"no \*.safetensors weights")
    (noweights / "pytorch_model.bin").write_bytes(b"x")
    fails(noweights, "pickle files can run code")
    fifo = _copy(good, tmp_path / "fifo")
    (fifo / "tokenizer_config.json").unlink()
    os.mkfifo(fifo / "tokenizer_config.json")  # would block from_pretrained forever
    fails(fifo, "tokenizer_config.json: is not a regular file")
    dev = _copy(good, tmp_path / "dev")
    (dev / "special_tokens_map.json").symlink_to("/dev/zero")
    fails(dev, "special_tokens_map.json: is not a regular file")
    fails(good, "dtype must be float32 or bf16", dtype="fp8")
    monkeypatch.setattr(hf_check, "available_bytes", lambda _d: 1_000_000)
    fails(good, r"needs about .* parameters × 4 bytes .* only 1.0 MB is free on cpu")
    fails(good, r"activations set aside for texts of up to 512 tokens; a longer text is checked")
    fails(good, r"is free on cpu; try a smaller model or another device$")  # bf16 would not fit
    for name, make in (("tokenizer.json", os.mkfifo),
                       ("model.safetensors", lambda f: os.symlink("/dev/zero", f)),
                       ("config.json", lambda f: os.symlink("/dev/zero", f))):
        bad = _copy(good, tmp_path / ("nonreg-" + name))
        (bad / name).unlink()
        make(bad / name)
        fails(bad, name + ": is not a regular file")


def test_bad_text_and_device(hf_models: dict[str, Path]) -> None:
    with pytest.raises(InsideError, match="empty"):
        trace_hf(hf_models["llama"], "", device="cpu")
    if not torch.cuda.is_available():
        with pytest.raises(InsideError, match="no CUDA GPU"):
            trace_hf(hf_models["llama"], TEXT, device="cuda")
    with pytest.raises(InsideError, match="unknown device"):
        trace_hf(hf_models["llama"], TEXT, device="tpu")


def test_pieces_outside_the_vocabulary_are_flagged(hf_models: dict[str, Path]) -> None:
    # A word-level tokenizer maps words it lacks to [UNK]; the trace must say which positions,
    # since their numbers describe "[UNK]" and not the word the user typed.
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import AutoModelForCausalLM, PreTrainedTokenizerFast

    from gatelab.core.inside.hf_source import HfModel

    vocab = {"[UNK]": 0, "the": 1, "gate": 2, "opens": 3, "on": 4, "tokens": 5}
    tok = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, unk_token="[UNK]")
    model = AutoModelForCausalLM.from_pretrained(str(hf_models["llama"]), attn_implementation="eager")
    source = HfModel.wrap(model, fast, hf_models["llama"], device="cpu")
    trace = source.trace("the gate zaps on tokens quux")
    # (each token after the first carries the space before it, as the decoder puts it there)
    assert trace.tokens[2] == " [UNK]" and trace.unknown == (2, 5)
    assert trace.text == "the gate [UNK] on tokens [UNK]"
    assert trace.unknown_as == "[UNK]"
    clean = source.trace("the gate opens")
    assert clean.unknown == () and clean.unknown_as == ""
