"""Formatting and the preset comparison table (Markdown / CSV) as plain data."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

from gatelab.core.budget import (
    COLUMNS,
    comparison_row,
    count_from_hf_config,
    format_int,
    format_short,
    load_presets,
    matrix_d2,
    to_csv,
    to_markdown,
)

LLAMA2 = {"model_type": "llama", "hidden_size": 4096, "intermediate_size": 11008,
          "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000}


def test_formatting() -> None:
    assert format_int(6_738_415_616) == "6,738,415,616"
    assert format_int(10**12) == "1,000,000,000,000"
    assert format_short(6_738_415_616) == "6.74 B"
    assert format_short(124_439_808) == "124 M"
    assert format_short(46_702_792_704) == "46.7 B"
    assert format_short(999_999_999) == "1.00 B"
    assert format_short(10**12) == "1.00 T"
    assert format_short(512) == "512"
    assert format_short(-2500) == "-2.50 K"


def test_matrix_d2_keeps_8d2_between_classic_4x_and_gated_8_3() -> None:
    classic = matrix_d2(3, 12, gated=False)
    gated = matrix_d2(3, 8, gated=True)
    assert sum(classic.values()) == sum(gated.values()) == 8
    assert gated == {"gate": Fraction(8, 3), "up": Fraction(8, 3), "down": Fraction(8, 3)}
    assert classic["gate"] == 0 and classic["up"] == 4
    assert sum(matrix_d2(1024, 3584, gated=True).values()) == Fraction(21, 2)


def test_comparison_row_llama() -> None:
    row = comparison_row("Llama-2-7B", count_from_hf_config(LLAMA2))
    assert (row.d, row.intermediate, row.ffn_params) == (4096, 11008, 135_266_304)
    assert row.ratio == Fraction(11008, 4096)
    assert row.classic_width == 16512 and row.rule_8_3 == 10923
    assert row.cells()[4] == "135,266,304"
    assert row.cells()[7] == "64.2 %"


def test_markdown_and_csv() -> None:
    rows = [comparison_row(p.name, p.count()) for p in load_presets()]
    md = to_markdown(rows)
    lines = md.strip().splitlines()
    assert len(lines) == len(rows) + 2
    assert lines[0].startswith("| Model | d | I |")
    assert "| Llama-2-7B | 4,096 | 11,008 | 2.688 | 135,266,304 |" in md
    parsed = list(csv.reader(io.StringIO(to_csv(rows))))
    assert parsed[0][0] == "Model" and len(parsed) == len(rows) + 1
    llama = next(r for r in parsed if r[0] == "Llama-2-7B")
    assert llama[1:3] == ["4096", "11008"] and llama[8] == "6738415616"
    moe = next(r for r in rows if r.name == "Mixtral-8x7B")
    assert moe.moe and moe.active < moe.total


def test_table_row_shows_the_lessons_figures_for_qwen35_08b() -> None:
    preset = next(p for p in load_presets() if p.name == "Qwen3.5-0.8B")
    row = comparison_row(preset.name, preset.count())
    cells = dict(zip(COLUMNS, row.cells()))
    assert cells["MLP (all layers)"] == "264,241,152"
    assert cells["MLP share"] == "35.1 %"
    assert cells["Embedding table"] == "254,279,680"
    assert cells["FFN params / layer"] == "11,010,048"  # 3 × 1024 × 3584
    parsed = list(csv.reader(io.StringIO(to_csv([row]))))
    assert parsed[1][-2:] == ["264241152", "254279680"]
