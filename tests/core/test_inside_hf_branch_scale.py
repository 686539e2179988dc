"""Families that scale the MLP's branch on its way into the residual stream: mlp_ratio must use
what the layer really adds, not the unscaled (post-norm) MLP output.

- Beam adds post_feedforward_layernorm(mlp(x)) / √k (and √((k−1)/k) of the residual) at layer ℓ,
  k = 2ℓ + 3 (``depth_scaled_residual_add``): the ratio was overstated by exactly √k.
- Gemma 4 multiplies the whole layer output by a loaded ``layer_scalar``: the ratio was off by
  1 / layer_scalar.
- Granite's residual_multiplier and Gemma 2's post-norm: controls, measured the same way.

The reference is independent of gatelab's formula: the MLP's contribution to a layer's output is
that output minus the output of the same pass with that layer's MLP returning zeros (each of
these layers is linear in the MLP's output, and a norm of zeros is zeros). Tiny random models
are built in code; nothing is downloaded.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import torch

pytest.importorskip("transformers")

from gatelab.core.inside.analysis import layer_summary  # noqa: E402
from gatelab.core.inside.hf_source import HfModel  # noqa: E402

COMMON = dict(vocab_size=320, hidden_size=32, intermediate_size=48, num_hidden_layers=3,
              num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=128,
              tie_word_embeddings=False)
EXTRA: dict[str, dict[str, Any]] = {
    "beam": dict(head_dim=8, mlp_layer_types=["dense"] * 3),
    "gemma4_text": dict(head_dim=8, hidden_size_per_layer_input=0, sliding_window=4,
                        layer_types=["sliding_attention", "sliding_attention", "full_attention"]),
    "granite": dict(residual_multiplier=0.25),
    "gemma2": dict(head_dim=8, query_pre_attn_scalar=8, sliding_window=4),
}
IDS = list(range(5, 17))


def _model(family: str) -> torch.nn.Module:
    """A random ``family`` model whose norms are far from 1 and, for Gemma 4, whose layer
    scalars are 0.37, 0.5 and 2 (the initial 1 would hide the defect)."""
    from transformers import AutoConfig, AutoModelForCausalLM
    torch.manual_seed(0)
    config = AutoConfig.for_model(family, **COMMON, **EXTRA[family])
    model = AutoModelForCausalLM.from_config(config, attn_implementation="eager").eval()
    with torch.no_grad():
        for p in model.parameters():
            if p.dim() >= 2:
                p.normal_(0, 0.2)
            else:
                p.add_(0.5 * torch.randn_like(p))
        scalars = [b for n, b in model.named_buffers() if n.endswith("layer_scalar")]
        for b, s in zip(scalars, (0.37, 0.5, 2.0)):
            b.fill_(s)
    return model


def _layer_outputs(src: HfModel, zero: int | None = None) -> list[torch.Tensor]:
    """Each layer's output [T, d] on IDS; with ``zero``, that layer's MLP returns zeros."""
    outs: list[Any] = [None] * src.n_layer
    hooks = [layer.register_forward_hook(lambda _m, _i, o, i=i: outs.__setitem__(
        i, (o[0] if isinstance(o, tuple) else o)[0])) for i, layer in enumerate(src.layers)]
    if zero is not None:
        hooks.append(src.layers[zero].mlp.register_forward_hook(
            lambda _m, _i, o: torch.zeros_like(o)))
    with torch.no_grad():
        src.model(input_ids=torch.tensor([IDS]), use_cache=False)
    for h in hooks:
        h.remove()
    return outs


@pytest.mark.parametrize("family", ["beam", "gemma4_text", "granite", "gemma2"])
def test_mlp_norm_is_the_mlps_contribution_to_the_layer_output(family: str) -> None:
    src = HfModel.wrap(_model(family), tokenizer=None)
    layers = src.forward_layers(IDS)
    full = _layer_outputs(src)
    for i, lt in enumerate(layers):
        write = full[i] - _layer_outputs(src, zero=i)[i]
        np.testing.assert_allclose(lt.mlp_norm, write.norm(dim=-1).numpy(), rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(lt.resid_norm, full[i].norm(dim=-1).numpy(), rtol=1e-6)


def test_beam_ratio_is_no_longer_overstated_by_the_depth_scale() -> None:
    """The probe's numbers: the old ratio was the true one times √(2ℓ + 3), exactly."""
    import math
    src = HfModel.wrap(_model("beam"), tokenizer=None)
    layers = src.forward_layers(IDS)
    full = _layer_outputs(src)
    post: list[torch.Tensor] = []
    hooks = [ly.post_feedforward_layernorm.register_forward_hook(
        lambda _m, _i, o: post.append(o[0])) for ly in src.layers]
    with torch.no_grad():
        src.model(input_ids=torch.tensor([IDS]), use_cache=False)
    for h in hooks:
        h.remove()
    for i, lt in enumerate(layers):
        unscaled = post[i].norm(dim=-1).numpy()
        np.testing.assert_allclose(unscaled / lt.mlp_norm, math.sqrt(2 * i + 3), rtol=1e-5)
        want = float(post[i][-1].norm() / math.sqrt(2 * i + 3) / full[i][-1].norm())
        assert layer_summary_ratio(src, layers, i) == pytest.approx(want, rel=1e-5)


def layer_summary_ratio(src: HfModel, layers: list[Any], i: int) -> float:
    """mlp_ratio of layer ``i`` at the last token, as the views and gatelab-inspect read it."""
    from gatelab.core.inside.types import Trace
    trace = Trace(source="", source_kind="hf", tokens=["t"] * len(IDS), variant=src.variant,
                  gate_eps=0.1, layers=layers)
    return float(layer_summary(trace, None)[i]["mlp_ratio"])


def test_families_whose_layers_the_views_cannot_read_are_refused(tmp_path) -> None:  # noqa: ANN001
    """Dory rescales gate_proj's and up_proj's outputs by learned vectors and L2-normalises
    act(g)·u before down_proj (so the hooked g, u and h were not its numbers); Gemma 3n's layers
    return AltUp's stack of predictions (the trace failed with numpy's broadcast error)."""
    from transformers import AutoConfig, AutoModelForCausalLM

    from gatelab.core.inside.errors import InsideError
    from gatelab.core.inside.hf_check import check_hf_folder
    from tests.core.inside_helpers import save_tokenizer
    torch.manual_seed(0)
    dory = AutoModelForCausalLM.from_config(AutoConfig.for_model(
        "dory", **{**COMMON, "num_hidden_layers": 1}), attn_implementation="eager")
    mlp = dory.model.layers[0].mlp
    x = torch.randn(3, COMMON["hidden_size"])
    with torch.no_grad():  # the defect, checked on the model itself: h is not act(g)·u
        h = mlp.act_fn(mlp.gate_proj(x)) * mlp.up_proj(x)
        assert not torch.allclose(mlp(x), mlp.down_proj(h))
    dory.save_pretrained(tmp_path / "dory")
    save_tokenizer(tmp_path / "dory")
    with pytest.raises(InsideError, match="Inside cannot read model type 'dory'") as info:
        check_hf_folder(tmp_path / "dory", device="cpu")  # before the weights load
    assert info.value.msg.key == "inside.family_unreadable"
    with pytest.raises(InsideError, match="'dory'"):
        HfModel.wrap(dory, tokenizer=None)
    gemma3n = AutoModelForCausalLM.from_config(AutoConfig.for_model(
        "gemma3n_text", **{**COMMON, "num_hidden_layers": 2}, head_dim=8,
        hidden_size_per_layer_input=8, vocab_size_per_layer_input=320, laurel_rank=4,
        num_kv_shared_layers=0, layer_types=["sliding_attention", "full_attention"],
        activation_sparsity_pattern=[0.95, 0.0], sliding_window=4), attn_implementation="eager")
    with pytest.raises(InsideError, match="Inside cannot read model type 'gemma3n_text'.*AltUp"):
        HfModel.wrap(gemma3n, tokenizer=None)
