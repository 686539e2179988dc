"""What the learner sees of a model's norm kind and wiring on the forward-pass map: LayerNorm
boxes for a LayerNorm checkpoint (every norm box said "RMSNorm · d" before), the tooltip that
says what LayerNorm does, no norm boxes at all for a model without norms, and a note where the
family's layer is wired otherwise than drawn (GPT-NeoX, Phi: parallel; BERT: post-norm)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from gatelab.core import forward_map as fm
from gatelab.ui.forward_map import ForwardMapPanel
from gatelab.ui.forward_map_layout import RESIDUAL_X
from tests.ui.conftest import show_panel
from tests.ui.test_forward_map_norms import _norm_tinted

SIZES = {"hidden_size": 64, "intermediate_size": 256, "num_hidden_layers": 2,
         "num_attention_heads": 4, "vocab_size": 100}
GPT2 = {"model_type": "gpt2", "n_embd": 64, "n_layer": 2, "n_head": 4, "vocab_size": 100}


@pytest.fixture
def panel(qtbot) -> Iterator[ForwardMapPanel]:  # noqa: ANN001
    p = show_panel(qtbot, ForwardMapPanel(), (1200, 800))
    yield p
    p.shutdown()


@pytest.mark.parametrize(("config", "label", "tip"), [
    (GPT2, "LayerNorm · 64", "LayerNorm subtracts the mean and divides by the standard "
                             "deviation, with a learned scale and bias"),
    ({"model_type": "llama", **SIZES}, "RMSNorm · 64", "RMSNorm"),
])
def test_the_norm_boxes_name_the_checkpoints_norm(panel: ForwardMapPanel, config: dict,
                                                  label: str, tip: str) -> None:
    panel.show_sizes(fm.sizes_from_hf_config(config, "tiny"))
    view = panel.view
    shown = [k for k in view.keys() if k in fm.NORM_BOXES]
    assert set(shown) == {"attn_norm", "mlp_norm", "final_norm"}
    for key in shown:
        assert view.text(key).sub == label
        assert tip in view.tooltip(key)
        fitted = view.box_layout(key)  # the label fits its box whole, as painted
        assert not fitted.cut and fitted.sub.lines == (label,)
    name = label.split(" ")[0]  # "LayerNorm": what each norm's tooltip begins with
    assert all(view.tooltip(key).startswith(name) for key in shown)
    other = "RMSNorm" if name == "LayerNorm" else "LayerNorm"
    assert not any(other in view.text(key).sub + view.text(key).title for key in view.keys())
    panel.select_box("attn_norm")
    assert panel.readout.text().startswith(f"Norm before attention: {label}.")


def test_a_model_without_norms_shows_no_norm_box(panel: ForwardMapPanel) -> None:
    sizes = {"d": 64, "m": 256, "n_layer": 2, "vocab": 100, "n_head": 4}
    panel.apply_state({"sizes": {**sizes, "norm": "none"}})
    view = panel.view
    assert not fm.NORM_BOXES & set(view.keys())
    image = view.grab().toImage()
    for key in fm.NORM_BOXES - fm.POST_NORMS:
        assert not _norm_tinted(image, panel, key), key
        assert view.box_at(view.box_rect(key).center()) is None
    # the residual stream runs on down where the final norm was, to the LM head
    s, off = view._scale_offset()
    wire = QColor(image.pixel(round(off.x() + RESIDUAL_X * s), round(off.y() + 552 * s)))
    assert wire.lightness() < 200 and abs(wire.red() - wire.blue()) < 20  # grey, not purple
    assert view.box_at(QPointF(off.x() + RESIDUAL_X * s, off.y() + 552 * s)) is None
    with pytest.raises(ValueError, match="final_norm"):
        panel.apply_state({"selected": "final_norm"})
    panel.apply_state({"sizes": sizes})  # an RMSNorm model: the boxes are back
    assert {"attn_norm", "mlp_norm", "final_norm"} <= set(view.keys())


@pytest.mark.parametrize(("config", "note"), [
    ({"model_type": "gpt_neox", **SIZES}, "attention and the MLP run in parallel on the same "
                                          "input, each through its own norm"),
    ({"model_type": "phi", **SIZES}, "attention and the MLP run in parallel on the same "
                                     "normalised input (one norm shared by both)"),
    ({"model_type": "bert", **SIZES}, "normalises after each residual add (post-norm)"),
    ({"model_type": "llama", **SIZES}, ""),
    (GPT2, ""),
])
def test_the_family_note_says_how_the_layer_is_wired(panel: ForwardMapPanel, config: dict,
                                                     note: str) -> None:
    panel.show_sizes(fm.sizes_from_hf_config(config, "tiny"))
    label = panel.family_note
    assert label.isVisible() == bool(note)
    assert (note in label.text()) if note else label.text() == ""
    if note:  # on screen, between the caption and the map
        assert panel.caption.geometry().bottom() <= label.geometry().top()
        assert label.geometry().bottom() <= panel.view.geometry().top()
        assert label.geometry().height() >= label.fontMetrics().height()


def test_a_post_norm_family_says_its_norms_follow_the_add(panel: ForwardMapPanel) -> None:
    panel.show_sizes(fm.sizes_from_hf_config({"model_type": "bert", **SIZES}, "tiny"))
    view = panel.view
    assert view.text("attn_post_norm").sub == "LayerNorm · 64"
    assert "after attention's output is added to it (post-norm)" in view.tooltip(
        "attn_post_norm")
    panel.select_box("mlp_post_norm")
    assert panel.readout.text().startswith(
        "Norm after the residual add: LayerNorm · 64; this family normalises the stream after "
        "the MLP's output is added")


def test_an_encoder_without_a_final_norm_shows_none_and_says_so(panel: ForwardMapPanel) -> None:
    """BERT: no "final norm" box (the map drew one), the stream's wire runs on to the last
    boxes, and the note says it is an encoder whose base model has no LM head."""
    panel.show_sizes(fm.sizes_from_hf_config({"model_type": "bert", **SIZES}, "tiny"))
    view = panel.view
    assert "final_norm" not in view.keys()
    s, off = view._scale_offset()
    assert view.box_at(QPointF(off.x() + RESIDUAL_X * s, off.y() + 552 * s)) is None
    image = view.grab().toImage()
    wire = QColor(image.pixel(round(off.x() + RESIDUAL_X * s), round(off.y() + 552 * s)))
    assert wire.lightness() < 200 and abs(wire.red() - wire.blue()) < 20  # the grey wire
    note = panel.family_note.text()
    assert "normalises after each residual add" in note and "It is an encoder" in note
    assert panel.family_note.isVisible()
    panel.show_sizes(fm.sizes_from_hf_config(GPT2, "tiny"))  # a causal LM with a final norm
    assert "final_norm" in view.keys() and panel.family_note.text() == ""
