"""The activation-curves tab's names and colours: legend names, checkbox formulas, curve colours.

Why a module of its own: they are tables, not behaviour, and lupdate reads them here just as
well (each entry names its context, "ActivationsPanel", so moving them kept every translation).
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

SHORT_NAMES: dict[str, str] = {  # legend and table names, translated when shown
    "silu": QT_TRANSLATE_NOOP("ActivationsPanel", "SiLU"),
    "relu": QT_TRANSLATE_NOOP("ActivationsPanel", "ReLU"),
    "gelu": QT_TRANSLATE_NOOP("ActivationsPanel", "GELU"),
    "gelu_tanh": QT_TRANSLATE_NOOP("ActivationsPanel", "GELU tanh"),
    "swish": QT_TRANSLATE_NOOP("ActivationsPanel", "Swish β=1"),
    "sigmoid": QT_TRANSLATE_NOOP("ActivationsPanel", "σ sigmoid"),
    "tanh": QT_TRANSLATE_NOOP("ActivationsPanel", "tanh"),
    "identity": QT_TRANSLATE_NOOP("ActivationsPanel", "identity"),
    "softplus": QT_TRANSLATE_NOOP("ActivationsPanel", "softplus"),
    "mish": QT_TRANSLATE_NOOP("ActivationsPanel", "Mish"),
}
# core's checkbox labels (formulas with a word or two, e.g. "approx."), listed for lupdate;
# a test keeps this list equal to core's labels
FORMULA_LABELS: tuple[str, ...] = (
    QT_TRANSLATE_NOOP("ActivationsPanel", "SiLU  z·σ(z)"),
    QT_TRANSLATE_NOOP("ActivationsPanel", "ReLU  max(0, z)"),
    QT_TRANSLATE_NOOP("ActivationsPanel", "GELU  z·Φ(z)"),
    QT_TRANSLATE_NOOP("ActivationsPanel", "GELU (tanh approx.)"),
    QT_TRANSLATE_NOOP("ActivationsPanel", "Swish  z·σ(βz)"),
    QT_TRANSLATE_NOOP("ActivationsPanel", "σ(z)"),
    QT_TRANSLATE_NOOP("ActivationsPanel", "tanh(z)"),
    QT_TRANSLATE_NOOP("ActivationsPanel", "z"),
    QT_TRANSLATE_NOOP("ActivationsPanel", "softplus  log(1+eᶻ)"),
    QT_TRANSLATE_NOOP("ActivationsPanel", "Mish  z·tanh(softplus z)"),
)
COLOURS: dict[str, str] = {
    "silu": "#1f77b4", "relu": "#d62728", "gelu": "#2ca02c", "gelu_tanh": "#17becf",
    "swish": "#8c564b", "sigmoid": "#ff7f0e", "tanh": "#9467bd", "identity": "#7f7f7f",
    "softplus": "#bcbd22", "mish": "#e377c2",
}
SILU_MINUS_RELU = "SiLU − ReLU"


__all__ = ["COLOURS", "FORMULA_LABELS", "SHORT_NAMES", "SILU_MINUS_RELU"]
