"""The gate plane's tables: the lessons' quick points, the variant labels and parameter names.

Why a module of its own: they are data, not behaviour; each label names its translation
context ("GatePlaneControls"), so lupdate reads them here with their translations unchanged.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

QUICK_POINTS: tuple[tuple[float, float, str], ...] = (
    (1.5, -2.0, QT_TRANSLATE_NOOP("GatePlaneControls", "open gate, negative u: h = −2.4527")),
    (-3.0, -2.0, QT_TRANSLATE_NOOP("GatePlaneControls", "negative gate flips the sign: h = +0.2846")),
    (2.0, 0.5, QT_TRANSLATE_NOOP("GatePlaneControls", "SiLU(2) = 1.7616, times u = 0.5: h = 0.8808")),
    (0.0, 1.0, QT_TRANSLATE_NOOP("GatePlaneControls", "closed gate, yet ∂h/∂g = 0.5: it can still be pushed open")),
    (10.0, 10.0, QT_TRANSLATE_NOOP("GatePlaneControls", "outside the map: h = 99.9955 (SwiGLU is unbounded)")),
)
# core's variant labels (formulas with a few words), listed for lupdate; a test keeps this list
# equal to core's labels
VARIANT_LABELS: tuple[str, ...] = (
    QT_TRANSLATE_NOOP("GatePlaneControls", "SwiGLU  h = SiLU(g)·u"),
    QT_TRANSLATE_NOOP("GatePlaneControls", "GEGLU  h = GELU(g)·u"),
    QT_TRANSLATE_NOOP("GatePlaneControls", "GEGLU (tanh)  h = GELUₜ(g)·u"),
    QT_TRANSLATE_NOOP("GatePlaneControls", "ReGLU  h = ReLU(g)·u"),
    QT_TRANSLATE_NOOP("GatePlaneControls", "GLU  h = σ(g)·u"),
    QT_TRANSLATE_NOOP("GatePlaneControls", "Bilinear  h = g·u"),
    QT_TRANSLATE_NOOP("GatePlaneControls", "SwiGLU clamped (gpt-oss)  h = g·σ(αg)·(u+1)"),
    QT_TRANSLATE_NOOP("GatePlaneControls", "SwiGLU soft-capped  h = cap(SiLU g, β₁)·cap(u, β₂)"),
)
PARAM_NAMES: tuple[str, ...] = ("beta", "limit", "alpha", "beta1", "beta2")


__all__ = ["PARAM_NAMES", "QUICK_POINTS", "VARIANT_LABELS"]
