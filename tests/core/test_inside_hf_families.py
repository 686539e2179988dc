"""Hugging Face families whose MLP is not Llama's: the numbers equal forward-hook references.

- Gemma 2/3 name their activation ``hidden_activation`` (GELU-tanh): the gate variant and
  frac_closed follow the module the MLP calls, never a SiLU guess.
- Post-norm families (Gemma 2/3, OLMo 2) and Granite's residual_multiplier: mlp_ratio uses what
  the layer really adds to the residual stream (layer output − residual before the MLP).
- MLP biases (Llama mlp_bias=True): a neuron's top-k score is the trace's h (down_proj's input).
Tiny random models are built in code and saved into tmp folders; nothing is downloaded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch

pytest.importorskip("transformers")

from gatelab.core.inside.analysis import layer_summary  # noqa: E402
from gatelab.core.inside.errors import InsideError  # noqa: E402
from gatelab.core.inside.hf_source import HfModel  # noqa: E402
from gatelab.core.inside.topk import top_k_contexts  # noqa: E402
from tests.core.inside_helpers import save_spread  # noqa: E402

TEXT = "I flew from Paris to Tokyo last week"
LONG = " ".join(["the food was not bad at all, I flew from Paris to Tokyo last week"] * 2)
COMMON = dict(vocab_size=320, hidden_size=32, intermediate_size=48, num_hidden_layers=3,
              num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=128,
              tie_word_embeddings=False)
# the module whose *input* is the residual stream just before the MLP's write is added
RESID_IN = {"gemma2": "pre_feedforward_layernorm", "gemma3": "pre_feedforward_layernorm",
            "olmo2": "mlp", "granite": "post_attention_layernorm",
            "llama_bias": "post_attention_layernorm"}


def _config(kind: str) -> Any:
    import transformers as tf
    if kind == "gemma2":  # config.json will carry hidden_activation only, like Gemma 3 checkpoints
        return tf.Gemma2Config(head_dim=8, query_pre_attn_scalar=8, sliding_window=4, **COMMON)
    if kind == "gemma3":
        return tf.Gemma3TextConfig(head_dim=8, sliding_window=4, **COMMON)
    if kind == "olmo2":
        return tf.Olmo2Config(eos_token_id=None, **COMMON)  # its default 50279 > vocab
    if kind == "granite":
        return tf.GraniteConfig(residual_multiplier=0.25, **COMMON)
    if kind == "llama_bias":
        return tf.LlamaConfig(mlp_bias=True, **COMMON)
    if kind == "gemma3_quick":
        return tf.Gemma3TextConfig(head_dim=8, hidden_activation="quick_gelu", **COMMON)
    raise ValueError(kind)


def _save(folder: Path, kind: str) -> Path:
    return save_spread(folder, _config(kind))


@pytest.fixture(scope="module")
def folders(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("hf_families")
    return {k: _save(root / k, k) for k in RESID_IN}


def _reference(src: HfModel, ids: list[int], resid_in: str) -> list[dict[str, torch.Tensor]]:
    """Per layer, from the test's own hooks on a plain forward pass: act_fn's output, down_proj's
    input (h), the layer output x and the write (x − the residual stream entering the MLP)."""
    rec: list[dict[str, torch.Tensor]] = [{} for _ in src.layers]
    hooks = []
    for r, layer in zip(rec, src.layers):
        mlp = layer.mlp
        hooks += [
            mlp.act_fn.register_forward_hook(lambda _m, _i, o, r=r: r.__setitem__("act", o[0])),
            mlp.down_proj.register_forward_pre_hook(lambda _m, a, r=r: r.__setitem__("h", a[0][0])),
            getattr(layer, resid_in).register_forward_pre_hook(
                lambda _m, a, r=r: r.__setitem__("mid", a[0][0])),
            layer.register_forward_hook(lambda _m, _i, o, r=r: r.__setitem__(
                "x", (o[0] if isinstance(o, tuple) else o)[0]))]
    with torch.no_grad():
        src.model(input_ids=torch.tensor([ids]), use_cache=False)
    for h in hooks:
        h.remove()
    for r in rec:
        r["write"] = r["x"] - r["mid"]
    return rec


@pytest.mark.parametrize("kind", ["gemma2", "gemma3"])
def test_gemma_gate_is_gelu_tanh_and_frac_closed_uses_it(folders: dict[str, Path],
                                                         kind: str) -> None:
    from transformers.activations import GELUTanh
    src = HfModel(folders[kind], device="cpu")
    assert all(type(ly.mlp.act_fn) is GELUTanh for ly in src.layers)
    trace = src.trace(TEXT)
    ref = _reference(src, src.encode(TEXT, special=True), RESID_IN[kind])
    for token, eps in ((None, 0.1), (2, 0.05), (-3, 0.5)):
        t = len(trace.tokens) - 1 if token is None else token % len(trace.tokens)
        got = [row["frac_closed"] for row in layer_summary(trace, token, eps)]
        want = [int((r["act"][t].abs() < eps).sum()) / r["act"].shape[-1] for r in ref]
        assert got == pytest.approx(want, abs=1e-12)
    assert trace.variant == "geglu_tanh"  # what the neuron views and the gate plane show


@pytest.mark.parametrize("kind", ["gemma2", "gemma3", "olmo2", "granite", "llama_bias"])
def test_mlp_ratio_is_what_the_layer_adds_to_the_residual(folders: dict[str, Path],
                                                          kind: str) -> None:
    src = HfModel(folders[kind], device="cpu")
    trace = src.trace(TEXT)
    ref = _reference(src, src.encode(TEXT, special=True), RESID_IN[kind])
    for lt, r in zip(trace.layers, ref):
        np.testing.assert_allclose(lt.mlp_norm, r["write"].norm(dim=-1).numpy(), rtol=1e-5,
                                   atol=1e-5)
        np.testing.assert_allclose(lt.resid_norm, r["x"].norm(dim=-1).numpy(), rtol=1e-6)
    for token in (None, 1, -4):
        t = len(trace.tokens) - 1 if token is None else token % len(trace.tokens)
        got = [row["mlp_ratio"] for row in layer_summary(trace, token)]
        want = [float(r["write"][t].norm() / r["x"][t].norm()) for r in ref]
        assert got == pytest.approx(want, rel=1e-5)


def test_top_k_scores_include_the_mlp_biases(folders: dict[str, Path]) -> None:
    src = HfModel(folders["llama_bias"], device="cpu")
    mlp = src.layers[1].mlp
    assert min(float(b.detach().abs().max()) for b in (mlp.gate_proj.bias, mlp.up_proj.bias)) > 0.1
    ids = src.encode(LONG)
    assert 20 < len(ids) <= src.max_len  # one window: the reference pass sees the same context
    h = _reference(src, ids, RESID_IN["llama_bias"])[1]["h"][:, 5]
    got = src.neuron_h(torch.tensor([ids]), 1, 5)[0]
    torch.testing.assert_close(got, h, rtol=1e-5, atol=1e-6)
    best = top_k_contexts(src, 1, 5, LONG, k=5)
    order = torch.argsort(-h, stable=True)[:5]
    assert [r["token_index"] for r in best] == order.tolist()
    np.testing.assert_allclose([r["score"] for r in best], h[order].numpy(), rtol=1e-5, atol=1e-6)


def _tiny_llama() -> Any:
    from transformers import LlamaConfig, LlamaForCausalLM
    torch.manual_seed(0)
    return LlamaForCausalLM(LlamaConfig(**COMMON))


def test_the_module_the_mlp_calls_decides_the_variant() -> None:
    from transformers.activations import GELUTanh
    model = _tiny_llama()  # config says silu; the modules compute GELU-tanh
    for ly in model.model.layers:
        ly.mlp.act_fn = GELUTanh()
    assert HfModel.wrap(model, tokenizer=None).variant == "geglu_tanh"


def test_activations_gatelab_cannot_name_are_refused() -> None:
    from transformers.activations import QuickGELUActivation
    model = _tiny_llama()
    model.model.layers[1].mlp.act_fn = QuickGELUActivation()
    with pytest.raises(InsideError, match="'QuickGELUActivation' has no gate variant"):
        HfModel.wrap(model, tokenizer=None, path="m")
    model.model.layers[1].mlp.act_fn = torch.nn.ReLU()
    with pytest.raises(InsideError, match="SiLUActivation in layer 0, ReLU in layer 1"):
        HfModel.wrap(model, tokenizer=None, path="m")


def test_a_gemma_config_naming_an_unknown_activation_is_refused_before_loading(
        tmp_path: Path) -> None:
    folder = _save(tmp_path / "quick", "gemma3_quick")
    with pytest.raises(InsideError, match="'quick_gelu' has no gate variant"):
        HfModel(folder, device="cpu")


class _MlpWithoutActFn(torch.nn.Module):
    """A gated MLP that calls SiLU as a function (no ``act_fn`` module to read)."""

    def __init__(self, mlp: torch.nn.Module) -> None:
        super().__init__()
        self.gate_proj, self.up_proj, self.down_proj = mlp.gate_proj, mlp.up_proj, mlp.down_proj

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.down_proj(torch.nn.functional.silu(self.gate_proj(x)) * self.up_proj(x))


def test_an_mlp_without_act_fn_takes_the_config_key_and_h_from_down_proj() -> None:
    model = _tiny_llama()
    for ly in model.model.layers:
        ly.mlp = _MlpWithoutActFn(ly.mlp)
    src = HfModel.wrap(model, tokenizer=None)
    assert src.variant == "swiglu"
    ids = torch.arange(3, 40).view(1, -1)
    h = _reference_h(src, ids)
    torch.testing.assert_close(src.neuron_h(ids, 1, 7)[0], h, rtol=0, atol=0)
    model.config.hidden_act = "quick_gelu"
    with pytest.raises(InsideError, match="'quick_gelu' has no gate variant"):
        HfModel.wrap(model, tokenizer=None)


def _reference_h(src: HfModel, ids: torch.Tensor) -> torch.Tensor:
    got: list[torch.Tensor] = []
    hook = src.layers[1].mlp.down_proj.register_forward_pre_hook(
        lambda _m, a: got.append(a[0][0, :, 7]))
    with torch.no_grad():
        src.model(input_ids=ids, use_cache=False)
    hook.remove()
    return got[0]
