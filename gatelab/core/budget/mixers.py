"""Parameters of one layer's token mixer: softmax attention (MHA/GQA, MLA) or Gated DeltaNet.

Why a module of its own: the lessons' point is that the token mixer changes from layer to layer
(Qwen3.5 runs three Gated DeltaNet layers for every full-attention layer) while the MLP stays the
same. Keeping each mixer's tensor-by-tensor formula here, next to nothing else, makes every term
easy to hold against the Hugging Face module it mirrors (named in each docstring).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gatelab.core.budget.rules import NORM_TENSORS, check_dim
from gatelab.core.messages import error

if TYPE_CHECKING:  # pragma: no cover
    from gatelab.core.budget.model import ModelSpec


def attention(spec: ModelSpec) -> int:
    """One softmax-attention layer: q/k/v/o (+ output gate, biases, q/k norms, sinks) or MLA."""
    if spec.attention == "mla":
        return _mla(spec)
    d, hd = spec.hidden, spec.head_size
    q_out = spec.n_head * hd * (2 if spec.attn_out_gate else 1)
    kv_out = spec.kv_heads * hd
    n = d * q_out + 2 * d * kv_out + spec.n_head * hd * d
    if spec.qkv_bias:
        n += q_out + 2 * kv_out
    if spec.o_bias:
        n += d
    if spec.qk_norm:  # one norm over each head's q and k (Phi's a LayerNorm of d // heads)
        n += 2 * (spec.qk_norm_width or hd) * NORM_TENSORS[spec.norm]
    if spec.qk_norm_full:
        n += spec.n_head * hd + kv_out
    if spec.attn_sinks:
        n += spec.n_head
    return n


def _mla(spec: ModelSpec) -> int:
    """DeepSeek-V3 multi-head latent attention (``DeepseekV3Attention``).

    q: q_a_proj [r_q, d] → q_a_layernorm [r_q] → q_b_proj [heads·(nope+rope), r_q] (or one q_proj
    when q_lora_rank is 0); kv: kv_a_proj_with_mqa [r_kv + rope, d] → kv_a_layernorm [r_kv] →
    kv_b_proj [heads·(nope+v), r_kv]; o_proj [d, heads·v]. ``attention_bias`` adds biases to
    q_a_proj, kv_a_proj_with_mqa and o_proj.
    """
    d = spec.hidden
    q_head = spec.qk_nope_head_dim + spec.qk_rope_head_dim
    if spec.q_lora_rank:
        q = d * spec.q_lora_rank + spec.q_lora_rank + spec.q_lora_rank * spec.n_head * q_head
        q += spec.q_lora_rank if spec.qkv_bias else 0
    else:
        q = d * spec.n_head * q_head
    kv_a = spec.kv_lora_rank + spec.qk_rope_head_dim
    kv = (d * kv_a + spec.kv_lora_rank
          + spec.kv_lora_rank * spec.n_head * (spec.qk_nope_head_dim + spec.v_head_dim))
    kv += kv_a if spec.qkv_bias else 0
    o = spec.n_head * spec.v_head_dim * d + (d if spec.o_bias else 0)
    return q + kv + o


def cross_attention(spec: ModelSpec) -> int:
    """One cross-attention block: q, k, v from and o back to d (T5's ``EncDecAttention``, no
    biases; GPT-2's ``crossattention``: c_attn [d, 2d] for k and v, q_attn and c_proj, biased)."""
    inner = spec.n_head * spec.head_size
    n = 4 * spec.hidden * inner
    if spec.qkv_bias:
        n += 3 * inner
    if spec.o_bias:
        n += spec.hidden
    return n


def linear_attention(spec: ModelSpec) -> int:
    """One Gated DeltaNet layer (``Qwen3_5GatedDeltaNet`` / ``Qwen3NextGatedDeltaNet``).

    With key_dim = key heads·key head dim and value_dim = value heads·value head dim:
    in_proj_qkv [2·key_dim + value_dim, d], in_proj_z [value_dim, d], in_proj_b and in_proj_a
    [value heads, d] (Qwen3-Next fuses them into in_proj_qkvz / in_proj_ba: same sizes),
    a depthwise conv1d [2·key_dim + value_dim, 1, kernel], dt_bias and A_log [value heads],
    a gated RMSNorm [value head dim] and out_proj [d, value_dim]. No biases.
    """
    d = spec.hidden
    key_dim = spec.linear_key_heads * spec.linear_key_head_dim
    value_dim = spec.linear_value_heads * spec.linear_value_head_dim
    conv_dim = 2 * key_dim + value_dim
    projections = d * conv_dim + d * value_dim + 2 * d * spec.linear_value_heads
    return (projections + conv_dim * spec.linear_conv_kernel + 2 * spec.linear_value_heads
            + spec.linear_value_head_dim + value_dim * d)


def validate_linear(spec: ModelSpec) -> None:
    """Gated DeltaNet sizes: all positive, and value heads a whole multiple of key heads."""
    if spec.linear_layers > spec.n_layer:
        raise error("budget.linear_layers", n=spec.linear_layers, layers=spec.n_layer)
    for name in ("linear_key_heads", "linear_value_heads", "linear_key_head_dim",
                 "linear_value_head_dim", "linear_conv_kernel"):
        check_dim(name, getattr(spec, name))
    if spec.linear_value_heads % spec.linear_key_heads:
        raise error("budget.linear_heads", value_heads=spec.linear_value_heads,
                    key_heads=spec.linear_key_heads)
