"""No Qt object may be left for Python's cycle collector to free.

Why: the collector runs in whichever thread allocates when its threshold is passed, so a Qt
object held only by a reference cycle had its destructor run in a worker thread (the Inside
tab's loader, the trainer), and ~QObject there deadlocked with the GUI thread deleting a QMenu
(test_inside_notes hung twice; see gatelab/ui/qt_cycles.py). Each test builds widgets, uses the
paths that made cycles, drops them, and lists every Qt wrapper the collector found with the
cycle that held it (tests/ui/qt_garbage.py). The collector is off inside each block, so what
it reports does not depend on when a collection happened to run.
"""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

import pytest
from PySide6.QtWidgets import QWidget

from gatelab.ui.qt_cycles import release_exporter, weak_call, weak_method, without_traceback
from tests.ui.qt_garbage import cycle_garbage, settle

def _drop(widget: QWidget) -> None:
    """Close and delete ``widget`` as pytest-qt does after a test (close, deleteLater)."""
    shutdown = getattr(widget, "shutdown", None)
    if callable(shutdown):
        shutdown()
    widget.close()
    widget.deleteLater()
    settle()


def _offenders_message(report: list[str], most: int = 25) -> str:
    more = f"\n… and {len(report) - most} more" if len(report) > most else ""
    return "Qt objects freed by the cycle collector (break the cycle at its source, see " \
           "gatelab/ui/qt_cycles.py):\n" + "\n".join(report[:most]) + more


def test_plot_card_with_fitted_legend_and_exports(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    """FittedLegend named its PlotItem, which names it back as .legend; pyqtgraph's exporters
    leave a parameter tree of QObjects that name their parent."""
    from gatelab.ui.plot_card import PlotCard

    with cycle_garbage() as found:
        card = PlotCard("loss")
        card.add_fitted_legend()
        card.curve("train", pen="b").setData([0, 1, 2], [3.0, 2.0, 1.5])
        card.resize(500, 300)
        card.show()
        qtbot.waitExposed(card)
        for suffix in (".csv", ".png", ".svg"):
            card.export(tmp_path / f"plot{suffix}")
        _drop(card)
        del card
    assert not found.report, _offenders_message(found.report)


@pytest.fixture(autouse=True, scope="module")
def _torch_warmed() -> None:
    """torch (torch.fx) and torch._dynamo, imported once per process before any block: their
    imports leave cycles of torch's own that hold their importer's frames, BackgroundCalls'
    thread among them, and a block that imports them first reports those (a test run alone,
    or this file first in its process, failed so)."""
    import torch  # noqa: F401

    from gatelab.core.optim import warm_up

    warm_up()


def test_trainer_panel_after_a_refused_start(qtbot) -> None:  # noqa: ANN001
    """The kept "Not started" error held its traceback, whose frame held the panel."""
    import torch  # noqa: F401  (imported once per process before the block: torch.fx keeps
    # its importer's frames, BackgroundCalls' thread among them, in a cycle of its own)

    from gatelab.core.optim import warm_up
    from gatelab.ui.trainer_panel import TrainerPanel

    warm_up()  # the same for torch._dynamo, which the tab's warm-up imports (failed when this
    # file ran first in its process: a cycle of torch's, holding an already deleted wrapper)

    with cycle_garbage() as found:
        panel = TrainerPanel()
        panel.show()
        panel.activate()
        panel.controls.lr.setText("fast")
        assert not panel.start()
        assert panel.error_text.startswith("Not started")
        _drop(panel)
        del panel
    assert not found.report, _offenders_message(found.report)


def test_failed_job_lets_go_of_its_worker(qtbot) -> None:  # noqa: ANN001
    """A job whose failing frame keeps its error (the engine does: ``err = …; raise err``) made
    a cycle through the traceback that held the JobWorker (a QObject) by run()'s frame."""
    from gatelab.ui.trainer_worker import TrainingController

    def job(_worker: object) -> None:
        try:
            raise ValueError("broken corpus")
        except ValueError as exc:
            err = exc
        raise err

    with cycle_garbage() as found:
        controller = TrainingController()
        with qtbot.waitSignal(controller.job_finished, timeout=10000) as blocker:
            controller.start(job)
        assert blocker.args[0].status == "error"
        controller.shutdown()
        controller.deleteLater()
        settle()
        del controller, blocker
    assert not found.report, _offenders_message(found.report)


@pytest.mark.parametrize("name", ["activations", "budget", "forward"])
def test_panels_without_cycles(qtbot, tmp_path: Path, name: str) -> None:  # noqa: ANN001
    """The activations panel's range fields kept its bound checks; the budget panel kept the
    window's lookup and a checkpoint's "compared with" text closed over the panel; the
    forward-pass lesson named its panel."""
    from gatelab.core.budget import write_safetensors_header_only

    with cycle_garbage() as found:
        if name == "activations":
            from gatelab.ui.activations_panel import ActivationsPanel

            panel: QWidget = ActivationsPanel()
        elif name == "budget":
            from gatelab.ui.budget_panel import BudgetPanel

            panel = BudgetPanel()
            panel.set_panel_lookup({"budget": panel}.get)
            path = tmp_path / "lonely.safetensors"
            write_safetensors_header_only(
                path, {"model.embed_tokens.weight": ("F16", (32000, 4096))})
            panel.select_model("Llama-2-7B")
            with qtbot.waitSignal(panel.file_loader().result_applied, timeout=10000):
                panel.load_safetensors(path)
            assert "Llama-2-7B" in panel.checkpoint_view.summary_label.text()
        else:
            from gatelab.ui.forward_map import ForwardMapPanel

            panel = ForwardMapPanel()
            panel.lesson()
        panel.resize(1200, 800)
        panel.show()
        qtbot.waitExposed(panel)
        _drop(panel)
        del panel
    assert not found.report, _offenders_message(found.report)


@pytest.fixture(scope="module")
def tiny_hf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("transformers")
    from tests.core.inside_helpers import save_hf_model

    return save_hf_model(tmp_path_factory.mktemp("qt-cycles") / "llama", "llama")


# -- the main window, the Inside tab and the gate plane ---------------------------------------

def test_main_window_every_tab(qtbot, settings, tmp_path: Path) -> None:  # noqa: ANN001
    """The window handed each panel ``self._panels.get``: a lookup that reaches every panel,
    kept by each of them."""
    import torch  # noqa: F401  (see test_trainer_panel_after_a_refused_start)

    from gatelab.ui.main_window import MainWindow
    from gatelab.ui.tabs import TAB_SPECS

    with cycle_garbage() as found:
        window = MainWindow(settings=settings)
        window.resize(1400, 900)
        window.show()
        qtbot.waitExposed(window)
        for spec in TAB_SPECS:
            window.show_tab(spec.name)
            settle()
        window.close()
        _drop(window)
        del window
    assert not found.report, _offenders_message(found.report)


def test_inside_panel_after_a_trace(qtbot, tiny_hf: Path) -> None:  # noqa: ANN001
    """A Hugging Face model traced (the worker thread, the pickers' dtype, the views' exports),
    then the panel dropped."""
    from PySide6.QtCore import Qt

    from gatelab.ui.inside_panel import InsidePanel

    def trace_and_drop() -> None:  # the panel is a local: gone on return
        panel = InsidePanel()
        panel.resize(1400, 900)
        panel.show()
        qtbot.waitExposed(panel)
        panel.source.set_kind("hf")
        panel.source.hf_path.setText(str(tiny_hf))
        panel.source.text.setText("ab ba")
        qtbot.mouseClick(panel.source.analyse, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=60000)
        assert panel.sel.trace is not None, panel.source.message_text()
        _drop(panel)

    with cycle_garbage() as found:
        trace_and_drop()
    assert not found.report, _offenders_message(found.report)


def test_gate_plane_panel_with_errors_and_neurons(qtbot) -> None:  # noqa: ANN001
    """Retranslatable messages (a refused point, a layer's neuron count) closed over the panel."""
    import numpy as np

    from gatelab.ui.gate_plane_panel import GatePlanePanel

    with cycle_garbage() as found:
        panel = GatePlanePanel()
        panel.resize(1400, 900)
        panel.show()
        qtbot.waitExposed(panel)
        assert not panel.set_point(float("nan"), 0.0)
        assert panel.set_point(1.0, 0.5)
        rng = np.random.default_rng(0)
        assert not panel.set_variant("no-such-gate")
        assert panel.set_neuron_points(rng.normal(size=(2, 8, 2)), "test")
        assert not panel.set_neuron_points(np.zeros((3,)), "bad shape")
        _drop(panel)
        del panel
    assert not found.report, _offenders_message(found.report)


# -- the helpers themselves --------------------------------------------------------------------
class _Owner:
    def value(self, x: int) -> int:
        return x + 1


def test_weak_method_and_weak_call_do_not_keep_their_owner() -> None:
    owner = _Owner()
    method, call = weak_method(owner.value), weak_call(owner, lambda o, x: o.value(x) * 10)
    assert method(1) == 2 and call(1) == 20
    del owner
    gc.collect()
    assert method(1) is None and call(1) is None
    assert weak_method(len) is len  # not a bound method: as it is


def test_without_traceback_strips_the_chain() -> None:
    try:
        try:
            raise KeyError("inner")
        except KeyError as inner:
            raise ValueError("outer") from inner
    except ValueError as exc:
        kept = without_traceback(exc)
    assert kept.__traceback__ is None and kept.__cause__ is not None
    assert kept.__cause__.__traceback__ is None


def test_release_exporter_empties_the_parameter_tree(qtbot) -> None:  # noqa: ANN001
    import pyqtgraph as pg
    import pyqtgraph.exporters as pg_exporters

    widget = pg.PlotWidget()
    qtbot.addWidget(widget)
    exporter = pg_exporters.CSVExporter(widget.getPlotItem())
    assert exporter.params.children()
    release_exporter(exporter)
    assert not exporter.params.children()
    release_exporter(object())  # no parameters: nothing to do


def test_detach_holds_the_widgets_of_a_renderer_weakly(qtbot) -> None:  # noqa: ANN001
    """A renderer kept by the widget it names: after ``detach`` it still renders (in the
    widget's context), nested functions and default values included, and is no cycle."""
    from PySide6.QtWidgets import QLabel

    from gatelab.ui.qt_cycles import detach

    class Box(QLabel):
        def say(self, fn) -> None:  # noqa: ANN001
            self._fn = detach(fn, self)
            self.setText(self._fn())

        def value(self) -> int:
            return 7

    def show_one() -> None:  # its locals go on return; no deleteLater: the C++ object
        box = Box()          # lives until its wrapper is freed
        inner = lambda: box.tr("n = {0}").format(box.value())  # noqa: E731
        box.say(lambda suffix="!", check=box.value: inner() + suffix + str(check()))
        assert box.text() == "n = 7!7"
        outer = QWidget()
        outer.setObjectName("outer")
        child = Box(outer)  # a parent's message kept by its child: weak too (its ancestor)
        child.say(lambda: outer.objectName() + " " + outer.tr("says"))
        assert child.text() == "outer says"

    with cycle_garbage() as found:
        show_one()
        other = QLabel()
        assert detach(len, other) is len and detach(str.upper, other) is str.upper
        plain = lambda: other.text()  # noqa: E731 (names no holder: returned as it is)
        assert detach(plain, QLabel()) is plain
    assert not found.report, _offenders_message(found.report)


def test_detach_reaches_the_holders_ancestor_through_plain_qt_parents(qtbot) -> None:  # noqa: ANN001
    """``parent()`` makes a new wrapper for a plain Qt parent, freed once dropped; the walk up
    took a later wrapper with a reused id for one it had seen and stopped half way, so the
    Inside panel's messages kept by its history view (three plain parents up) still named the
    panel: 28 menus per panel left to the collector (s22)."""
    from gatelab.ui.inside_panel import InsidePanel
    from gatelab.ui.qt_cycles import detach

    panel = InsidePanel()
    qtbot.addWidget(panel)
    fn = detach(lambda: panel.tr("x"), panel.history)
    assert type(fn.__closure__[0].cell_contents) in weakref.ProxyTypes
    assert fn() == "x"
    chain = [panel.history]  # (the panel sits under plain QWidgets, as the test needs)
    while chain[-1] is not panel:
        chain.append(chain[-1].parent())
    assert sum(type(w) is QWidget for w in chain) >= 2
