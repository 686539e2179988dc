"""Walkthrough 4 at 1280×800: what the user sees after each fix."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ui.conftest import tiny_trainer


@pytest.fixture
def panel(qtbot) -> Iterator[object]:  # noqa: ANN001
    widget = tiny_trainer(qtbot, (1280, 800), settle=True)
    yield widget
    widget.shutdown()


def _pick(qtbot, monkeypatch, box, path: str) -> None:  # noqa: ANN001
    from gatelab.ui import file_dialogs

    monkeypatch.setattr(file_dialogs, "open_file_name", lambda *a, **k: (path, ""))
    box.open_button.click()
    qtbot.waitUntil(lambda: "Cannot use" in box.info.text() or box.summary is not None
                    and box.corpus() == path, timeout=20000)


def _items(box) -> list[str]:  # noqa: ANN001
    return [str(box.combo.itemData(i)) for i in range(box.combo.count())]


@pytest.mark.parametrize("kind", ["fifo", "folder", "binary"])
def test_refused_pick_leaves_the_list_and_goes_back(qtbot, monkeypatch, panel, tmp_path: Path,  # noqa: ANN001
                                                    kind: str) -> None:
    box = panel.controls.corpus
    before = _items(box)
    path = tmp_path / "bad.txt"
    if kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path.write_bytes(b"abc\x00\x01" * 100)
    _pick(qtbot, monkeypatch, box, str(path))
    qtbot.waitUntil(lambda: box.summary is not None, timeout=20000)
    assert _items(box) == before  # the refused file is not an entry that shifts the popup
    assert box.corpus() == "generated" and box.combo.currentText().startswith("Generated")
    assert box.error == ""
    text = box.info.text()
    assert text.count("Cannot use") == 1
    assert str(path) in text and "characters" in text  # why, under the corpus still chosen
    # a usable file picked afterwards is chosen and listed, and the old message goes
    good = tmp_path / "good.txt"
    good.write_text("hello world\n" * 100)
    _pick(qtbot, monkeypatch, box, str(good))
    qtbot.waitUntil(lambda: box.summary is not None and box.corpus() == str(good), timeout=20000)
    assert _items(box) == before + [str(good)] and "Cannot use" not in box.info.text()


def test_fifo_message_reads_once(qtbot, monkeypatch, panel, tmp_path: Path) -> None:  # noqa: ANN001
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    box = panel.controls.corpus
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)
    _pick(qtbot, monkeypatch, box, str(fifo))
    qtbot.waitUntil(lambda: "Cannot use" in box.info.text(), timeout=20000)
    text = box.info.text()
    assert f"Cannot use {fifo}: it is not a regular file (a pipe, device or socket)" in text
    assert text.lower().count("cannot use") == 1 and "this corpus" not in text


# -- 3: the loss legend's "validation" key is the red of its dots, live and in replay ----------
def _rows(n: int) -> list[dict[str, float]]:
    return [dict(step=s, train_loss=3.0 / s, lr=1e-3, tokens_per_s=100.0,
                 **({"val_loss": 2.0 / s} if s % 5 == 0 else {})) for s in range(1, n + 1)]


def _key_pixel(plots) -> str:  # noqa: ANN001
    """The colour at the centre of the "validation" legend sample's symbol, as drawn."""
    from PySide6.QtGui import QColor, QImage, QPainter

    legend = plots.loss.plot.getPlotItem().legend
    sample = next(s for s, _label in legend.items if s.item is plots.c_val)
    scatter = plots.c_val.scatter.opts
    assert scatter["brush"].color() == QColor(plots.c_val.opts["symbolBrush"])
    assert scatter["pen"].color() == QColor(plots.c_val.opts["symbolPen"])
    image = QImage(14, 12, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    sample.paint(painter)
    painter.end()
    return image.pixelColor(7, 5).name()


@pytest.mark.parametrize("mode", ["live-before-eval", "live", "replay"])
def test_validation_legend_key_matches_the_dots(qtbot, mode: str) -> None:  # noqa: ANN001
    from gatelab.ui.trainer_plots import TrainerPlots

    plots = TrainerPlots()
    qtbot.addWidget(plots)
    plots.resize(900, 600)
    plots.show()
    if mode == "replay":
        plots.set_rows(_rows(20), steps_total=20)
    else:
        for row in _rows(3 if mode == "live-before-eval" else 20):
            plots.add_rows([row])
            qtbot.wait(1)
        plots.redraw_now()
    assert _key_pixel(plots) == "#d62728"


# -- 6: before the first statistics the "MLP share" layer axis has no 0.2 … 0.8 ticks -------------
def _bottom_labels(card) -> list[str]:  # noqa: ANN001
    from PySide6.QtGui import QImage, QPainter

    axis = card.plot.getAxis("bottom")
    image = QImage(10, 10, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    specs = axis.generateDrawSpecs(painter)
    painter.end()
    return [text for _rect, _flags, text in specs[2]] if specs else []


def test_mlp_share_layer_axis_has_no_fractional_ticks(qtbot) -> None:  # noqa: ANN001
    from gatelab.ui.trainer_plots import TrainerPlots

    plots = TrainerPlots()
    qtbot.addWidget(plots)
    plots.resize(1000, 700)
    plots.show()
    qtbot.wait(10)
    assert _bottom_labels(plots.ratio) == []  # fresh tab
    plots.clear(steps_total=20)
    plots.add_rows(_rows(4))
    plots.redraw_now()
    assert _bottom_labels(plots.ratio) == []  # a live run before its first statistics row
    stats = dict(step=5, train_loss=1.0, frac_closed=[0.1, 0.2], frac_neg=[0.3, 0.4],
                 max_abs_h=[1.0, 2.0], mlp_ratio=[0.5, 0.6], attn_sink=[0.1, 0.2])
    plots.add_rows([stats])
    plots.redraw_now()
    assert _bottom_labels(plots.ratio) == ["L0", "L1"]


# -- 5: the activation probe readout writes negative z with a true minus --------------------------
def test_probe_readout_uses_true_minus(qtbot) -> None:  # noqa: ANN001
    from PySide6.QtCore import Qt

    from gatelab.ui.activations_panel import ActivationsPanel

    panel = ActivationsPanel()
    qtbot.addWidget(panel)
    panel.resize(1280, 800)
    panel.show()
    panel.set_z(-1.0)
    assert panel.z_spin.lineEdit().text() == "\u22121.000"
    panel.z_line.label.setVisible(True)
    panel.z_line.label.valueChanged()
    assert panel.z_line.label.toPlainText() == "z = \u22121.000"
    for typed, want in (("\u22120.5", -0.5), ("-2", -2.0), ("1.25", 1.25)):
        panel.z_spin.lineEdit().setText(typed)  # keyClicks types ASCII only
        qtbot.keyClick(panel.z_spin.lineEdit(), Qt.Key.Key_Return)
        assert panel.z_spin.value() == pytest.approx(want)
        assert panel.z_line.value() == pytest.approx(want)
    assert panel.z_line.label.toPlainText() == "z = 1.250"


# -- 4: the gate plane's greyed-out layer box says why: the trainer chooses the live layer -------
def test_gate_plane_layer_box_explains_live_neurons(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    import numpy as np

    from gatelab.ui.gate_plane_panel import GatePlanePanel

    panel = GatePlanePanel()
    qtbot.addWidget(panel)
    panel.resize(1280, 800)
    panel.show()
    spin = panel.controls.layer_spin
    assert not spin.isEnabled() and "load a run" in spin.toolTip()
    live = np.array([[1.5, -2.0], [-3.0, -2.0], [0.0, 1.0]])  # one layer, as the trainer sends
    assert panel.set_neuron_points(live, lambda: "live run, layer L1, step 20")
    assert not spin.isEnabled()
    assert "Gate plane shows" in spin.toolTip() and "Trainer" in spin.toolTip()
    pairs = np.arange(2 * 4 * 2, dtype=np.float32).reshape(2, 4, 2) - 8
    np.savez(tmp_path / "stats.npz", gate_pairs=pairs)
    assert panel.load_neurons_from(str(tmp_path))
    assert spin.isEnabled() and spin.toolTip() == "Which layer's neurons to show"
    np.savez(tmp_path / "stats.npz", gate_pairs=pairs[:1])
    assert panel.load_neurons_from(str(tmp_path))
    assert not spin.isEnabled() and spin.toolTip() == "This model has one layer"
    panel.retranslate()  # a language switch keeps the reason
    assert spin.toolTip() == "This model has one layer"
    assert panel.set_neuron_points(None)
    assert not spin.isEnabled() and "load a run" in spin.toolTip()


def test_every_symbol_curve_has_its_colours_before_its_first_point(qtbot) -> None:  # noqa: ANN001
    """The early-colour fix lives in PlotCard.curve, so the Inside tab's history curves (which
    have a legend under their plot too) get it as well, not only the trainer's."""
    from PySide6.QtGui import QColor

    from gatelab.ui.inside_history import HistoryView
    from gatelab.ui.inside_state import InsideSelection

    view = HistoryView(InsideSelection())
    qtbot.addWidget(view)
    assert view.curves
    for curve in view.curves.values():
        assert curve.getData()[0] is None or len(curve.getData()[0]) == 0
        assert curve.scatter.opts["brush"].color() == QColor(curve.opts["symbolBrush"])
        assert curve.scatter.opts["size"] == curve.opts["symbolSize"]
