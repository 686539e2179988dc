"""Numbers as people read them, and the preset comparison table as data (Markdown / CSV).

Why in core: the panel must do no maths, and the figures it shows (d² units of each matrix, the
comparison table's columns, "6.74 B") are exactly what tests should pin down without a display.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from gatelab.core.budget.model import ModelCount
from gatelab.core.budget.rules import check_dim, partner_intermediate, rule_8_3

_UNITS = ((10**12, "T"), (10**9, "B"), (10**6, "M"), (10**3, "K"))


def format_int(n: int) -> str:
    """Thousands separators: 6738415616 → '6,738,415,616' (exact for any size)."""
    return f"{int(n):,}"


def format_short(n: int) -> str:
    """Three significant figures with a unit: 6738415616 → '6.74 B', 124439808 → '124 M'."""
    n = int(n)
    sign = "-" if n < 0 else ""
    a = abs(n)
    digits = len(str(a))
    if digits > 3:  # round to three significant figures first, so 999,999,999 reads '1.00 B'
        q = 10 ** (digits - 3)
        a = (a + q // 2) // q * q
    if a >= 1000 * 10**12:
        return f"{sign}{a:.2e}"
    for unit, suffix in _UNITS:
        if a >= unit:
            value = Fraction(a, unit)
            places = 0 if value >= 100 else 1 if value >= 10 else 2
            return f"{sign}{float(value):.{places}f} {suffix}"
    return f"{sign}{a}"


def format_signed(n: int) -> str:
    return f"{int(n):+,}"


def matrix_d2(d: int, m: int, gated: bool) -> dict[str, Fraction]:
    """Each FFN matrix's weights in units of d²: gate (gated only), up, down — m/d each."""
    d, m = check_dim("d", d), check_dim("m", m)
    each = Fraction(m, d)
    return {"gate": each if gated else Fraction(0), "up": each, "down": each}


matrix_h2 = matrix_d2  # deprecated alias (h was the budget's old name for d)


COLUMNS: tuple[str, ...] = ("Model", "d", "I", "I ÷ d", "FFN params / layer",
                            "Equivalent classic width", "8d/3 rule", "MLP share", "Total",
                            "Active", "MLP (all layers)", "Embedding table")


@dataclass(frozen=True)
class ComparisonRow:
    name: str
    d: int
    intermediate: int
    ratio: Fraction
    ffn_params: int  # one FFN (one expert for MoE)
    classic_width: int  # classic width with the same parameters (1.5·I for gated)
    rule_8_3: int
    mlp_share: float
    total: int
    active: int
    exact: bool
    moe: bool
    mlp: int = 0  # all layers' MLP parameters (the lesson's 3 × d × I × layers for dense models)
    embeddings: int = 0  # the token embedding table (and learned positions), beside the MLP

    def cells(self, moe_suffix: str = " (MoE: one expert)") -> list[str]:
        """Display strings, in COLUMNS order (``moe_suffix`` marks MoE rows' per-expert I)."""
        mark = "" if self.exact else " (≈)"
        return [self.name + (moe_suffix if self.moe else ""), format_int(self.d),
                format_int(self.intermediate), f"{float(self.ratio):.3f}",
                format_int(self.ffn_params), format_int(self.classic_width),
                format_int(self.rule_8_3), f"{100 * self.mlp_share:.1f} %",
                format_int(self.total) + mark, format_int(self.active) + mark,
                format_int(self.mlp) + mark, format_int(self.embeddings)]

    def sort_keys(self) -> list[object]:
        return [self.name.lower(), self.d, self.intermediate, float(self.ratio), self.ffn_params,
                self.classic_width, self.rule_8_3, self.mlp_share, self.total, self.active,
                self.mlp, self.embeddings]


def comparison_row(name: str, count: ModelCount) -> ComparisonRow:
    spec = count.spec
    inter = spec.moe_intermediate if spec.is_moe else spec.intermediate
    classic = partner_intermediate(inter, gated=True) if spec.gated else inter
    return ComparisonRow(name=name, d=spec.hidden, intermediate=inter,
                         ratio=Fraction(inter, spec.hidden), ffn_params=count.ffn_per_mlp,
                         classic_width=classic, rule_8_3=rule_8_3(spec.hidden),
                         mlp_share=count.mlp_share, total=count.total, active=count.active,
                         exact=count.exact, moe=spec.is_moe, mlp=count.mlp,
                         embeddings=count.parts["embeddings"])


def to_markdown(rows: Sequence[ComparisonRow], columns: Sequence[str] = COLUMNS,
                moe_suffix: str = " (MoE: one expert)") -> str:
    def esc(text: str) -> str:
        return text.replace("|", "\\|")

    lines = ["| " + " | ".join(esc(c) for c in columns) + " |",
             "|" + "|".join("---" if i == 0 else "---:" for i in range(len(columns))) + "|"]
    lines += ["| " + " | ".join(esc(c) for c in row.cells(moe_suffix)) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def to_csv(rows: Sequence[ComparisonRow], columns: Sequence[str] = COLUMNS) -> str:
    """CSV with raw numbers (no separators) so spreadsheets read them as numbers."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(columns)
    for r in rows:
        writer.writerow([r.name, r.d, r.intermediate, f"{float(r.ratio):.6f}", r.ffn_params,
                         r.classic_width, r.rule_8_3, f"{r.mlp_share:.6f}", r.total, r.active,
                         r.mlp, r.embeddings])
    return buf.getvalue()
