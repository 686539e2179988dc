"""The attention-sink experiment preset, run from the Attention sink view.

The lesson's claim (46.7 % of attention on the first token without an output gate, 4.8 % with
it; max activation 1053 vs 94) compares two trainings, so one button trains the same small
model with the gate off and on over a few seeds (``core.sink_experiment``) in a worker, with
progress and Stop, and shows sink share, max |hidden| and validation loss side by side with the
noise floor and a verdict. Nothing is computed here.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gatelab.ui.inside_worker import TaskRunner
from gatelab.ui.messages import message_text
from gatelab.ui.qt_cycles import detach
from gatelab.ui.widgets import fmt_number
from gatelab.ui.field_errors import ERROR_STYLE


PRESET_STEPS = 1500  # sink_preset_config().steps, shown without importing torch (a test checks)


def _pm(mean: float, std: float, decimals: int) -> str:
    if not math.isfinite(mean):
        return "—"
    text = fmt_number(mean, decimals)
    return text + (" ± " + fmt_number(std, decimals) if math.isfinite(std) else "")


class SinkExperimentBox(QGroupBox):
    """Seeds, steps, Run/Stop, progress and the side-by-side result table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.seeds = QSpinBox(self)
        self.seeds.setRange(1, 8)
        self.seeds.setValue(3)
        self.steps = QSpinBox(self)
        self.steps.setRange(10, 100_000)
        self.steps.setSingleStep(250)
        self.steps.setValue(PRESET_STEPS)
        self.run_button = QPushButton(self)
        self.stop_button = QPushButton(self)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, 1000)
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.table = QTableWidget(0, 5, self)
        self.table.setTabKeyNavigation(False)  # one Tab stop; the arrows move within
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setFixedHeight(4 * (self.table.fontMetrics().height() + 8) + 6)
        # two rows: in one, the box set the whole Inside tab's least width, and at 1024 px with
        # the "Try this" card the traced page scrolled sideways (re-walk s20)
        row, buttons = QHBoxLayout(), QHBoxLayout()
        row.setSpacing(4)
        self.seeds_label, self.steps_label = QLabel(self), QLabel(self)
        for w in (self.seeds_label, self.seeds, self.steps_label, self.steps):
            row.addWidget(w)
        row.addStretch(1)
        for w in (self.run_button, self.stop_button):
            buttons.addWidget(w)
        buttons.addStretch(1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 9, 6, 9)
        lay.addLayout(row)
        lay.addLayout(buttons)
        lay.addWidget(self.progress)
        lay.addWidget(self.message)
        lay.addWidget(self.table)
        self.runner = TaskRunner("sink-experiment", self)
        self.runner.progress_changed.connect(lambda _t, f, text: self._progress(f, text))
        self.runner.task_finished.connect(self._on_finished)
        self.runner.busy_changed.connect(self._on_busy)
        self.run_button.clicked.connect(self.start)
        self.stop_button.clicked.connect(self.runner.cancel)
        self._config: Any = None
        self.result: Any = None
        self._message: Callable[[], str] = lambda: ""  # re-rendered after a language switch
        self._on_busy(False)
        self.retranslate()

    def retranslate(self) -> None:
        self.setTitle(self.tr("Experiment: attention output gate off vs on"))
        self.seeds.setToolTip(self.tr("Seeds per arm; two or more give a noise floor"))
        self.seeds_label.setText(self.tr("seeds"))
        self.steps_label.setText(self.tr("steps"))
        self.run_button.setText(self.tr("Train both"))
        self.run_button.setToolTip(self.tr("Trains the same small model with the gate off and "
                                           "on for each seed (several minutes on a CPU)"))
        self.stop_button.setText(self.tr("Stop"))
        self.table.setHorizontalHeaderLabels([self.tr("metric"), self.tr("gate off"),
                                              self.tr("gate on"), self.tr("noise floor"),
                                              self.tr("verdict")])
        self.message.setText(self._message())
        if self.result is not None:
            self._fill(self.result)

    def _say(self, message: Callable[[], str], style: str = "") -> None:
        self._message = detach(message, self)  # names self: no cycle (qt_cycles)
        self.message.setStyleSheet(style)
        self.message.setText(message())

    def base_config(self) -> Any:
        """The preset's model (core.sink_experiment), unless a test or caller set another."""
        if self._config is None:
            from gatelab.core.sink_experiment import sink_preset_config

            self._config = sink_preset_config()
        return self._config

    def set_config(self, config: Any) -> None:
        self._config = config
        self.steps.setValue(config.steps)

    def start(self) -> bool:
        config = self.base_config().replace(steps=self.steps.value())
        seeds = list(range(1, self.seeds.value() + 1))
        total = 2 * len(seeds) * config.steps
        order = {(arm, s): i for i, (s, arm) in enumerate(
            (s, arm) for s in seeds for arm in ("gate off", "gate on"))}

        def task(progress: Callable[..., None], cancel: threading.Event) -> Any:
            from gatelab.core.sink_experiment import run_sink_experiment

            def on_snapshot(arm: str, seed: int, snap: Any) -> None:
                done = order.get((arm, seed), 0) * config.steps + snap.step
                progress(done / total, "{0}, seed {1}: step {2}".format(arm, seed, snap.step))

            return run_sink_experiment(config, seeds, cancel, on_snapshot)

        started = self.runner.start("sink", task, stop_on_cancel=False)
        if started:
            self._say(lambda: self.tr("Training {0} runs of {1} steps…").format(
                2 * len(seeds), config.steps))
        return started

    def shutdown(self) -> None:
        self.runner.shutdown()

    def _progress(self, fraction: float, text: str) -> None:
        if math.isfinite(fraction):
            self.progress.setValue(int(round(1000 * fraction)))
        self.progress.setFormat(text or "%p%")

    def _on_busy(self, busy: bool) -> None:
        self.run_button.setEnabled(not busy)
        self.stop_button.setEnabled(busy)
        self.progress.setVisible(busy)

    def _on_finished(self, _tag: str, result: Any, error: str, _cancelled: bool) -> None:
        if error:
            self._say(lambda: self.tr("The experiment failed: {0}").format(error), ERROR_STYLE)
            return
        self.result = result
        self._fill(result)
        self._say(lambda: self.tr("{0}; saved in {1}").format(
            self.tr("finished") if result.status == "finished" else self.tr("stopped early"),
            result.path))

    def _fill(self, result: Any) -> None:
        """The side-by-side table of a finished experiment, in the current language."""
        names = {"sink_share": self.tr("first-token share"),
                 "max_abs_hidden": self.tr("max |hidden|"), "val_loss": self.tr("val loss")}
        decimals = {"sink_share": 3, "max_abs_hidden": 1, "val_loss": 4}
        self.table.setRowCount(len(result.metrics))
        for r, m in enumerate(result.metrics):
            d = decimals.get(m.metric, 4)
            cells = [names.get(m.metric, m.metric), _pm(m.mean["gate off"], m.std["gate off"], d),
                     _pm(m.mean["gate on"], m.std["gate on"], d),
                     fmt_number(m.noise_floor, d) if math.isfinite(m.noise_floor) else "—",
                     message_text(m.verdict)]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if 0 < c < 4:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
