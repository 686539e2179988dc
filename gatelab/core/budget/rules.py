"""Per-layer FFN accounting and the rules people use to pick the intermediate width m.

Why a module of its own: these few integer formulas answer the most asked questions about gated
MLPs ("why 11008?", "doesn't the third matrix cost 50 % more?"), and both the budget panel and the
training engine (which parameter-matches classic and gated runs) must use the very same ones.
Everything is plain Python ``int`` / ``Fraction`` arithmetic, so 10¹²-sized models stay exact.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from gatelab.core.messages import error

#: Largest size accepted for any single dimension (anything larger is surely a typo).
MAX_DIM = 10**15
#: Weight vectors of width d per norm, by kind: "rms" a weight; "layer" a weight and a bias;
#: "none" a LayerNorm without learned weights (OPT's ``layer_norm_elementwise_affine`` false).
NORM_TENSORS: dict[str, int] = {"rms": 1, "layer": 2, "none": 0}


def check_dim(name: str, value: Any, minimum: int = 1, maximum: int = MAX_DIM) -> int:
    """Return ``value`` as an ``int`` if it is a whole number in [minimum, maximum], else ValueError."""
    if isinstance(value, bool) or not isinstance(value, int):
        # numpy integers and the like: accept only if they convert losslessly
        try:
            as_int = int(value)  # type: ignore[call-overload]
        except (TypeError, ValueError, OverflowError):
            raise error("value.whole", name=name, value=value) from None
        if isinstance(value, (bool, float, str, bytes)) or as_int != value:
            raise error("value.whole", name=name, value=value)
        value = as_int
    if value < minimum:
        raise error("value.at_least", name=name, minimum=minimum, value=value)
    if value > maximum:
        raise error("value.at_most_n", name=name, maximum=maximum, value=value)
    return int(value)


def round_up(value: int, multiple_of: int = 1) -> int:
    """Smallest multiple of ``multiple_of`` that is ≥ ``value``."""
    multiple_of = check_dim("multiple_of", multiple_of)
    return -(-int(value) // multiple_of) * multiple_of


def ffn_params(d: int, m: int, gated: bool, bias: bool = False) -> int:
    """Parameters of one FFN block of hidden width d and intermediate width m.

    Classic (two matrices d→m→d, any activation): 2dm, plus m + d biases.
    Gated (gate, up, down): 3dm, plus 2m + d biases.
    """
    d = check_dim("d", d)
    m = check_dim("m", m)
    if gated:
        return 3 * d * m + ((2 * m + d) if bias else 0)
    return 2 * d * m + ((m + d) if bias else 0)


def ffn_in_d2(d: int, m: int, gated: bool) -> Fraction:
    """The FFN's weight count in units of d² (classic 4× = 8; Qwen3.5-0.8B 1024→3584 gated = 10.5)."""
    return Fraction(ffn_params(d, m, gated), check_dim("d", d) ** 2)


def break_even_intermediate(d: int) -> Fraction:
    """The exact gated m = 8d/3 whose 3dm equals classic 4×'s 8d² (usually not an integer)."""
    return Fraction(8 * check_dim("d", d), 3)


def rule_8_3(d: int, multiple_of: int = 1) -> int:
    """The gated m: ceil(8d/3), rounded up to a multiple of ``multiple_of``."""
    d = check_dim("d", d)
    return round_up(-(-8 * d // 3), multiple_of)


def llama_rule(d: int, multiple_of: int = 256, ffn_dim_multiplier: float | None = None) -> int:
    """Meta's Llama rule for m: int(2·4d/3), times an optional multiplier, rounded up to multiple_of.

    4096 → 11008 (Llama-2-7B); 8192 with multiplier 1.3 and multiple_of 4096 → 28672 (Llama-3-70B).
    The multiplier is applied as the exact decimal it was written as (``Fraction(str(x))``).
    """
    d = check_dim("d", d)
    hidden = 8 * d // 3
    if ffn_dim_multiplier is not None:
        if isinstance(ffn_dim_multiplier, bool) or not isinstance(ffn_dim_multiplier, (int, float)) \
                or not math.isfinite(ffn_dim_multiplier) or ffn_dim_multiplier <= 0:
            raise error("value.positive", name="ffn_dim_multiplier", value=ffn_dim_multiplier)
        hidden = int(Fraction(str(ffn_dim_multiplier)) * hidden)
    return round_up(max(hidden, 1), multiple_of)


def minimind_rule(d: int) -> int:
    """MiniMind's current rule for m: ceil(d·π/64)·64 (768 → 2432)."""
    d = check_dim("d", d)
    return math.ceil(d * math.pi / 64) * 64


def partner_intermediate(m: int, gated: bool, multiple_of: int = 1) -> int:
    """m of the parameter-matched partner of an FFN of intermediate width m (never fewer parameters).

    For a gated m: the classic m' = 1.5·m (rounded up to multiple_of).
    For a classic m: the gated m' = 2m/3 (rounded up to multiple_of);
    e.g. d = 256, classic m = 1024 → gated 688 with multiple_of = 16 (528,384 vs 524,288 params).
    """
    m = check_dim("m", m)
    if gated:
        return round_up(-(-3 * m // 2), multiple_of)
    return round_up(-(-2 * m // 3), multiple_of)


def rounding_error(d: int, m: int, gated: bool = True) -> Fraction:
    """Relative parameter error of intermediate m versus exact break-even with classic 4× (8d²)."""
    return Fraction(ffn_params(d, m, gated), 8 * check_dim("d", d) ** 2) - 1



def attention_params(d: int, n_head: int, n_kv_head: int | None = None, head_dim: int | None = None,
                     bias: bool = False, out_gate: bool = False) -> int:
    """q, k, v, o projections of one attention layer (MHA / GQA / MQA); MHA at d = 4096 is 4d²."""
    d = check_dim("d", d)
    n_head = check_dim("n_head", n_head)
    kv = n_head if n_kv_head is None else check_dim("n_kv_head", n_kv_head)
    hd = d // n_head if head_dim is None else check_dim("head_dim", head_dim)
    if hd < 1:
        raise error("budget.head_dim_zero", d=d, heads=n_head)
    q_out = n_head * hd * (2 if out_gate else 1)
    kv_out = kv * hd
    weights = d * q_out + 2 * d * kv_out + n_head * hd * d
    return weights + ((q_out + 2 * kv_out + d) if bias else 0)
