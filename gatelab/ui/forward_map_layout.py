"""Where the forward-pass diagram's boxes sit and how they are tinted: the fixed logical canvas
that ``forward_map_view`` scales to the widget (kept apart so the view reads as drawing and
input, and a test can read the layout without a widget)."""

from __future__ import annotations

from PySide6.QtCore import QRectF

CANVAS = QRectF(0, 0, 1000, 600)  # logical coordinates every rectangle below is given in
RESIDUAL_X = 120.0

#: Box rectangles on the canvas; circles ("+", "⊙") are their bounding squares.
RECTS: dict[str, QRectF] = {
    "tokens": QRectF(40, 10, 160, 54),
    "embedding": QRectF(40, 92, 160, 58),
    "attn_norm": QRectF(190, 218, 130, 48),
    "attention": QRectF(350, 212, 240, 60),  # wide: "d → a → d, n heads (k key/value)"
    "attn_post_norm": QRectF(640, 218, 130, 48),  # Gemma 2/3, OLMo 2: after attention
    "attn_add": QRectF(RESIDUAL_X - 18, 292, 36, 36),
    "mlp_norm": QRectF(190, 372, 130, 48),
    "mlp": QRectF(350, 330, 630, 148),
    "gate_proj": QRectF(380, 362, 150, 46),
    "up_proj": QRectF(380, 422, 150, 46),
    # "GELU (tanh)" whole at the least readable size (forward_map_fit.READABLE): 106 wide, and
    # left of the MLP box's centre, where a click opens the MLP's tab
    "act": QRectF(548, 362, 106, 46),
    "mul": QRectF(700, 425, 40, 40),
    "down_proj": QRectF(780, 398, 170, 46),
    # on the way back from the MLP to its add, centred on that wire (y = 502); 42 high (was
    # 38) so its title and size line fit at the least readable size (forward_map_fit.READABLE)
    "mlp_post_norm": QRectF(600, 481, 130, 42),
    "mlp_add": QRectF(RESIDUAL_X - 18, 484, 36, 36),
    "final_norm": QRectF(40, 540, 160, 50),
    "lm_head": QRectF(270, 540, 190, 50),
    "sample": QRectF(530, 540, 200, 50),
}
CIRCLES = frozenset({"attn_add", "mul", "mlp_add"})
FRAME = QRectF(14, 176, 976, 352)  # the "× N layers" frame

#: Fill tint per box (mixed with the palette's base colour, so dark themes stay readable).
TINTS: dict[str, str] = {
    "tokens": "#7f8c8d", "sample": "#7f8c8d", "embedding": "#2e86de", "lm_head": "#2e86de",
    "attn_norm": "#8e44ad", "mlp_norm": "#8e44ad", "final_norm": "#8e44ad",
    "attn_post_norm": "#8e44ad", "mlp_post_norm": "#8e44ad",
    "attention": "#e67e22", "mlp": "#27ae60", "gate_proj": "#16a085", "up_proj": "#16a085",
    "down_proj": "#16a085", "act": "#c0392b", "mul": "#7f8c8d", "attn_add": "#7f8c8d",
    "mlp_add": "#7f8c8d",
}
