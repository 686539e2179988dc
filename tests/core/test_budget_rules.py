"""The per-layer FFN formulas and width rules, against the issue's known values."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gatelab.core.budget import (
    attention_params,
    break_even_intermediate,
    ffn_in_d2,
    ffn_params,
    llama_rule,
    minimind_rule,
    partner_intermediate,
    round_up,
    rounding_error,
    rule_8_3,
)


def test_ffn_params_known_values() -> None:
    assert ffn_params(4096, 11008, gated=True) == 135_266_304  # Llama-2-7B, one layer
    assert ffn_params(4096, 16384, gated=False) == 134_217_728  # classic 4×
    assert ffn_params(1024, 3584, gated=True) * 24 == 264_241_152  # Qwen3.5-0.8B's MLP
    assert ffn_in_d2(1024, 3584, gated=True) == Fraction(21, 2)
    assert ffn_in_d2(4096, 16384, gated=False) == 8


def test_ffn_params_biases() -> None:
    h, m = 768, 3072
    assert ffn_params(h, m, gated=False, bias=True) == 2 * h * m + m + h
    assert ffn_params(h, m, gated=True, bias=True) == 3 * h * m + 2 * m + h


def test_ffn_params_is_exact_for_huge_sizes() -> None:
    h = 10**12
    assert ffn_params(h, 4 * h, gated=False) == 8 * 10**24
    assert ffn_params(h + 1, 3, gated=True) == 9 * (h + 1)
    assert type(ffn_params(h, h, gated=True)) is int


@pytest.mark.parametrize("bad", [0, -1, 1.5, "7", None, True, 10**16])
def test_ffn_params_rejects_bad_sizes(bad: object) -> None:
    with pytest.raises(ValueError):
        ffn_params(bad, 10, gated=True)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        ffn_params(10, bad, gated=False)  # type: ignore[arg-type]


def test_rules() -> None:
    assert llama_rule(4096) == 11008
    assert llama_rule(8192, multiple_of=4096, ffn_dim_multiplier=1.3) == 28672
    assert llama_rule(4096, multiple_of=1024, ffn_dim_multiplier=1.3) == 14336  # Llama-3-8B
    assert minimind_rule(768) == 2432
    assert rule_8_3(4096) == 10923
    assert rule_8_3(4096, 256) == 11008
    assert rule_8_3(768, 64) == 2048
    assert rule_8_3(3) == 8
    assert break_even_intermediate(4096) == Fraction(32768, 3)
    assert round_up(10923, 128) == 11008
    assert round_up(11008, 128) == 11008


def test_partner_intermediate_lessons_example() -> None:
    gated_m = partner_intermediate(1024, gated=False, multiple_of=16)
    assert gated_m == 688
    assert ffn_params(256, gated_m, gated=True) == 528_384 >= ffn_params(256, 1024, gated=False)
    assert ffn_params(256, 1024, gated=False) == 524_288
    assert partner_intermediate(688, gated=True) == 1032
    assert partner_intermediate(11008, gated=True, multiple_of=256) == 16640
    assert partner_intermediate(1024, gated=False) == 683


def test_rounding_error() -> None:
    assert rounding_error(4096, 11008) == Fraction(3 * 11008, 8 * 4096) - 1
    assert rounding_error(3, 8) == 0


def test_attention_params() -> None:
    assert attention_params(4096, 32) == 67_108_864  # MHA at h = 4096
    assert attention_params(4096, 32, 8) == 41_943_040  # GQA (Mistral)
    assert attention_params(4096, 32, 8, out_gate=True) == 41_943_040 + 4096 * 4096
