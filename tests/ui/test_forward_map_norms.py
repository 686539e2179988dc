"""The map draws a model's norms where they are (before, after, or both sides of each block) and
says when its LM head is tied: checked on the painted pixels and the boxes' geometry."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QImage

from gatelab.core.forward_map import BOX_KEYS, POST_NORMS, PRE_NORMS
from gatelab.ui.forward_map import ForwardMapPanel
from gatelab.ui.forward_map_layout import TINTS
from tests.ui.conftest import show_panel

SIZES = {"d": 64, "m": 256, "n_layer": 2, "vocab": 100, "n_head": 4}


@pytest.fixture
def panel(qtbot) -> Iterator[ForwardMapPanel]:  # noqa: ANN001
    p = show_panel(qtbot, ForwardMapPanel(), (1200, 800))
    yield p
    p.shutdown()


def _norm_tinted(image: QImage, panel: ForwardMapPanel, key: str) -> bool:
    """Whether the box's inside (a point 8 px in from its corner) is painted in the norm tint:
    the tint's strongest channel (purple: blue) strongest, and not the white background."""
    r = panel.view.box_rect(key)
    colour = QColor(image.pixel(round(r.left() + 8), round(r.top() + 8)))
    channels = (colour.red(), colour.green(), colour.blue())
    tint = QColor(TINTS[key])
    tints = (tint.red(), tint.green(), tint.blue())
    return channels != (255, 255, 255) and channels.index(max(channels)) == tints.index(max(tints))


@pytest.mark.parametrize(("place", "shown", "gone"), [
    ("pre", PRE_NORMS, POST_NORMS), ("sandwich", PRE_NORMS | POST_NORMS, frozenset()),
    ("post", POST_NORMS, PRE_NORMS)])
def test_norms_are_painted_where_the_model_has_them(panel: ForwardMapPanel, place: str,
                                                    shown: frozenset, gone: frozenset) -> None:
    panel.apply_state({"sizes": {**SIZES, "norm_place": place}})
    view = panel.view
    assert set(view.keys()) == set(BOX_KEYS) - gone
    image = view.grab().toImage()
    for key in shown:
        assert _norm_tinted(image, panel, key), (place, key)
        assert view.box_at(view.box_rect(key).center()) == key
    for key in gone:
        assert not _norm_tinted(image, panel, key), (place, key)
        assert view.box_at(view.box_rect(key).center()) is None
    outer = [k for k in view.keys() if k not in ("gate_proj", "up_proj", "act", "mul",
                                                  "down_proj")]
    for i, a in enumerate(outer):
        for b in outer[i + 1:]:
            assert not view.box_rect(a).intersects(view.box_rect(b)), (a, b)
    area = view.rect()
    assert all(area.contains(view.box_rect(k).toRect()) for k in view.keys())


def test_the_post_norms_read_and_select(panel: ForwardMapPanel, qtbot) -> None:  # noqa: ANN001
    panel.apply_state({"sizes": {**SIZES, "norm_place": "sandwich"}, "selected": "attn_post_norm"})
    view = panel.view
    assert view.text("attn_post_norm").title == "norm"
    assert view.text("mlp_post_norm").sub == "RMSNorm · 64"
    assert panel.readout.text().startswith(
        "Norm after attention: RMSNorm · 64, on attention's output before the "
        "residual add.")
    assert "after" not in view.text("mlp_norm").tooltip.split("\n")[0]
    view.setFocus()
    keys = view.keys()
    assert keys.index("attn_post_norm") == keys.index("attention") + 1  # reading order
    assert keys.index("mlp_post_norm") == keys.index("down_proj") + 1
    with pytest.raises(ValueError, match="no attn_norm box"):
        panel.apply_state({"sizes": {**SIZES, "norm_place": "post"}, "selected": "attn_norm"})
    panel.apply_state({"sizes": {**SIZES, "norm_place": "pre"}})  # selection falls back
    assert view.selected() == "mlp"


def test_a_tied_head_is_named(panel: ForwardMapPanel) -> None:
    panel.apply_state({"sizes": {**SIZES, "tied_head": True}, "selected": "lm_head"})
    assert panel.view.text("lm_head").title == "LM head (tied)"
    assert panel.readout.text().startswith("LM head: 64 → 100, one logit per vocabulary entry; "
                                           "tied: it reuses the embedding's 100 × 64 table")
    panel.apply_state({"sizes": {**SIZES, "tied_head": False}})
    assert panel.view.text("lm_head").title == "LM head"


def test_the_gemma_preset_is_drawn_with_sandwich_norms(panel: ForwardMapPanel) -> None:
    assert panel.show_preset("gemma-2-2b")
    sizes = panel.sizes()
    assert sizes is not None and sizes.norm_place == "sandwich" and sizes.tied_head
    assert POST_NORMS <= set(panel.view.keys())
    assert panel.show_preset("llama-2-7b")
    assert not POST_NORMS & set(panel.view.keys())
