"""The forward-pass map's wires and arrows (kept apart from ``forward_map_view`` so the view
stays under a screenful of drawing per part): each drawn on the fixed logical canvas, between
the boxes' rectangles ``r`` (``forward_map_layout.RECTS``, as the view places them)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from gatelab.ui.forward_map_layout import RESIDUAL_X


def arrow(p: QPainter, points: list[tuple[float, float]]) -> None:
    """A polyline ending in an arrow head."""
    path = QPainterPath(QPointF(*points[0]))
    for x, y in points[1:]:
        path.lineTo(x, y)
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawPath(path)
    (x0, y0), (x1, y1) = points[-2], points[-1]
    dx, dy = x1 - x0, y1 - y0
    n = max((dx * dx + dy * dy) ** 0.5, 1e-9)
    ux, uy = dx / n, dy / n
    head = QPainterPath(QPointF(x1, y1))
    head.lineTo(x1 - 8 * ux - 4 * uy, y1 - 8 * uy + 4 * ux)
    head.lineTo(x1 - 8 * ux + 4 * uy, y1 - 8 * uy - 4 * ux)
    head.closeSubpath()
    p.setBrush(p.pen().color())
    p.drawPath(head)


def paint_wires(p: QPainter, line: QColor, r: dict[str, QRectF],
                hidden: frozenset[str]) -> None:
    """The residual stream's wires: down the left, into each block and back to its add."""
    p.setPen(QPen(line, 2))
    x = RESIDUAL_X
    arrow(p, [(x, r["tokens"].bottom()), (x, r["embedding"].top())])
    arrow(p, [(x, r["embedding"].bottom()), (x, r["attn_add"].top())])
    arrow(p, [(x, r["attn_add"].bottom()), (x, r["mlp_add"].top())])
    if "final_norm" in hidden:  # no norm after the last layer: the stream goes on to the LM head
        arrow(p, [(x, r["mlp_add"].bottom()), (x, 565), (r["lm_head"].left(), 565)])
    else:
        arrow(p, [(x, r["mlp_add"].bottom()), (x, r["final_norm"].top())])
        arrow(p, [(r["final_norm"].right(), 565), (r["lm_head"].left(), 565)])
    arrow(p, [(r["lm_head"].right(), 565), (r["sample"].left(), 565)])
    for norm, block, post, add in (("attn_norm", "attention", "attn_post_norm", "attn_add"),
                                   ("mlp_norm", "mlp", "mlp_post_norm", "mlp_add")):
        y, ya = r[norm].center().y(), r[add].center().y()
        if norm in hidden:  # no norm before the block: the stream goes straight in
            arrow(p, [(x, y), (r[block].left(), y)])
        else:
            arrow(p, [(x, y), (r[norm].left(), y)])
            arrow(p, [(r[norm].right(), y), (r[block].left(), y)])
        yo = y if block == "attention" else r["down_proj"].center().y()
        turn = r[block].right() + (40 if block == "attention" else 6)
        if post not in hidden:  # the block's output is normed before the add
            if block == "attention":  # beside attention, then down to the add
                arrow(p, [(r[block].right(), yo), (r[post].left(), yo)])
                turn = r[post].right() + 30
                back = [(r[post].right(), yo), (turn, yo), (turn, ya)]
            else:  # on the way back along the bottom
                arrow(p, [(r[block].right(), yo), (turn, yo), (turn, ya),
                          (r[post].right(), ya)])
                back = [(r[post].left(), ya)]
        else:
            back = [(r[block].right(), yo), (turn, yo), (turn, ya)]
        arrow(p, back + [(r[add].right(), ya)])


def paint_mlp_wires(p: QPainter, r: dict[str, QRectF], gated: bool) -> None:
    """Inside the MLP box: split to gate/up, act on the gate path, ⊙, then down_proj."""
    x_in, y_in = r["mlp"].left(), r["mlp_norm"].center().y()
    split = x_in + 14
    yu = r["up_proj"].center().y()
    yd = r["down_proj"].center().y()
    if gated:
        yg = r["gate_proj"].center().y()
        p.drawLine(QPointF(x_in, y_in), QPointF(split, y_in))
        p.drawLine(QPointF(split, yg), QPointF(split, yu))
        arrow(p, [(split, yg), (r["gate_proj"].left(), yg)])
        arrow(p, [(split, yu), (r["up_proj"].left(), yu)])
        arrow(p, [(r["gate_proj"].right(), yg), (r["act"].left(), yg)])
        mx, my = r["mul"].center().x(), r["mul"].center().y()
        arrow(p, [(r["act"].right(), yg), (mx, yg), (mx, r["mul"].top())])
        arrow(p, [(r["up_proj"].right(), yu), (r["mul"].left(), my)])
        arrow(p, [(r["mul"].right(), my), (r["mul"].right() + 20, my),
                  (r["mul"].right() + 20, yd), (r["down_proj"].left(), yd)])
    else:
        p.drawLine(QPointF(x_in, y_in), QPointF(split, y_in))
        p.drawLine(QPointF(split, y_in), QPointF(split, yu))
        arrow(p, [(split, yu), (r["up_proj"].left(), yu)])
        arrow(p, [(r["up_proj"].right(), yu), (r["act"].left(), yu)])
        arrow(p, [(r["act"].right(), yu), (r["act"].right() + 30, yu),
                  (r["act"].right() + 30, yd), (r["down_proj"].left(), yd)])
    p.drawLine(QPointF(r["down_proj"].right(), yd), QPointF(r["mlp"].right(), yd))


__all__ = ["arrow", "paint_mlp_wires", "paint_wires"]
