"""The trainer's run bar: Start / Pause / Stop, the progress text, the state line and the line
above the buttons that says why something failed, or a plain notice.

Why a module of its own: the bar's texts are rendered from a small record of what it shows, so
a language switch re-renders them, and it keeps that record to put back what it said after an
experiment or a Resume refused before its first step (``held`` / ``restore``).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from gatelab.ui.elide import shorten_long_words
from gatelab.ui.progress_bar import OneLineProgressBar
from gatelab.ui.trainer_clock import RecentRate, format_duration

START_KEY = QKeySequence("Ctrl+Return")  # the Start button's shortcut (named in its tooltip)
# Stop's: a keyboard-only learner who started with Ctrl+Return had no way back to Stop but a
# long Tab walk (walkthrough s15 F7); a run stopped is kept and can be resumed
STOP_KEY = QKeySequence("Ctrl+.")
# Pause/Resume's: the one run button without a key, so a teacher pausing a run to explain a plot
# had to Tab to it (keyboard probe s23 D3); not Ctrl+Space, which input methods take
PAUSE_KEY = QKeySequence("Ctrl+Shift+P")
ERROR_STYLE = "color: #b00020; font-weight: bold;"  # the run bar's line: something failed
NOTICE_STYLE = "color: #5c4300;"  # ... or a plain notice: a request was refused, nothing failed


class RunBar(QWidget):
    """Start / Pause / Stop, a progress bar with step, tokens/s and ETA, state and errors.

    The progress text is rendered from a small record of what the bar shows (``_mode``), so a
    language switch re-renders it in the new language with the same numbers."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.btn_start = QPushButton()
        self.btn_start.setStyleSheet("font-weight: bold;")
        self.btn_pause = QPushButton()
        self.btn_stop = QPushButton()
        self.progress = OneLineProgressBar()  # Fusion wrapped a long text, cut in two
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setTextVisible(True)
        self.state = QLabel()
        self.state.setStyleSheet("color: #333;")
        # kept when empty: the bar sits low in its column, so a line that came and went moved
        # Start, Pause and Stop between two clicks
        self.state.setMinimumHeight(self.state.fontMetrics().lineSpacing())
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error.setStyleSheet(ERROR_STYLE)
        self.error.setVisible(False)
        self._step: int | None = None  # last step shown, None before the first one
        self._rate = RecentRate()  # the ETA's speed: the last ~20 s of training
        self._tokens = RecentRate()  # tokens seen, for the speed shown beside it
        self._total = 1
        self._paused = False
        self._mode: tuple = ("idle", "not started")
        self._device = ""
        self._pause_resume = False  # the pause button reads "Resume"
        self._under: tuple | None = None  # what the bar said before an experiment took it
        self._start_reason = ""  # why the form keeps Start off ("" when it does not)
        self.device_name: Callable[[str], str] = str  # a device's name for people ("cpu" →
        # "CPU (2 threads)"), set by the panel
        buttons = QHBoxLayout()
        buttons.addWidget(self.btn_start, 2)
        buttons.addWidget(self.btn_pause, 1)
        buttons.addWidget(self.btn_stop, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        # the error goes above the buttons: the bar sits at the bottom of its column and grows
        # upwards, so an error wrapping onto three lines under them lifted Start, Pause and Stop
        layout.addWidget(self.error)
        layout.addLayout(buttons)
        layout.addWidget(self.progress)
        layout.addWidget(self.state)
        self.retranslate()

    def retranslate(self) -> None:
        """Buttons, tips and the progress text (re-rendered from ``_mode``) in the language."""
        self.btn_start.setText(self.tr("▶ Start"))
        # after setText, which replaces a button's shortcut by its text's mnemonic (none here):
        # set once before it, Ctrl+Return was silently gone by the first retranslate
        self.btn_start.setShortcut(START_KEY)
        self.set_start_reason(self._start_reason)
        self.set_pause_label(self._pause_resume)
        self.btn_pause.setToolTip(self.tr("Pause or resume the run (the model stays in memory) "
                                          "({0})").format(
            PAUSE_KEY.toString(QKeySequence.SequenceFormat.NativeText)))
        self.btn_stop.setText(self.tr("■ Stop"))
        self.btn_stop.setShortcut(STOP_KEY)  # (after setText, as Start's)
        self.btn_stop.setToolTip(self.tr("End the run now; it is kept and can be resumed "
                                         "({0})").format(
            STOP_KEY.toString(QKeySequence.SequenceFormat.NativeText)))
        self.progress.setToolTip(self.tr("Training on {0}").format(self.device_name(self._device))
                                 if self._device else "")
        self._render()

    def set_start_reason(self, reason: str) -> None:
        """Start's tooltip: what it does or, with ``reason``, why it is off (a disabled button
        still shows its tooltip; the form's own message may be out of sight)."""
        self._start_reason = reason
        self.btn_start.setToolTip(self.tr("Cannot start: {0}").format(reason) if reason else
                                  self.tr("Train a new model with these settings (Ctrl+Return)"))

    def set_pause_label(self, resume: bool) -> None:
        self._pause_resume = resume
        self.btn_pause.setText(self.tr("Resume") if resume else self.tr("Pause"))
        self.btn_pause.setShortcut(PAUSE_KEY)  # after setText, which replaces it (as Start's)

    def begin(self, steps: int) -> None:
        """A new run: nothing of the previous one (step, ETA, device, error) stays on screen."""
        self._step, self._paused = None, False
        self._rate.reset()
        self._tokens.reset()
        self._fill(0, steps)
        self._device = ""
        self.progress.setToolTip("")
        self.set_error("")
        self._show(("starting",))

    def show_progress(self, step: int, total: int, tokens_per_s: float, elapsed_s: float,
                      steps_done: int, device: str, tokens_seen: int | None = None) -> None:
        """Step, speed and ETA; ``elapsed_s`` must leave out paused time (see ActiveClock).
        With ``tokens_seen`` the speed is the last ~20 s's, like the ETA: one step's
        ``tokens_per_s`` swings tenfold (an evaluation, a busy machine), and the bar said
        "1,009 tok/s" beside a throughput plot of 10k–50k."""
        self._step = step
        self._fill(step, total)
        if device:
            self._device = device
            self.progress.setToolTip(self.tr("Training on {0}").format(self.device_name(device)))
        if self._paused:  # rows flushed at the pause arrive after it: no ETA while paused
            self._show(("paused",))
            return
        self._rate.add(elapsed_s, steps_done)
        eta = self._rate.eta(total - step)  # nan until the speed settles: "estimating…"
        if tokens_seen is not None:
            self._tokens.add(elapsed_s, tokens_seen)
            recent = self._tokens.recent_per_s()
            tokens_per_s = recent if recent == recent else tokens_per_s
        self._show(("progress", tokens_per_s, format_duration(eta) if eta == eta else None))

    def set_paused(self, paused: bool) -> None:
        """While paused the ETA is frozen out: the bar says "paused" instead of counting down."""
        self._paused = paused
        if paused:
            self._show(("paused",))
        else:
            self._show(("progress", None, "…") if self._step is not None else ("starting",))

    def _fill(self, step: int, total: int) -> None:
        """The bar out of ``total`` steps (at least 1), filled to ``step`` (clamped)."""
        self._total = max(1, total)
        self.progress.setRange(0, self._total)
        self.progress.setValue(min(max(step, 0), self._total))

    def show_final_sample(self, step: int, total: int) -> None:
        """The last step is done and the run writes its sample: a full bar that says so."""
        self._step, self._paused = step, False
        self._fill(step, total)
        self._show(("sampling",))

    def show_stopping(self) -> None:
        self._paused = False
        self._show(("stopping",))

    def end(self, status: str) -> None:
        """The run is over: say how it ended and where, never a stale ETA or "starting…"."""
        self._paused = False
        if status == "finished":
            self.progress.setValue(self.progress.maximum())
        self._show(("end", status))

    def show_replay(self, step: int, total: int) -> None:
        """A saved run opened for viewing: where it got to, and that nothing is training."""
        self._step, self._paused = None, False
        self._fill(step, total)
        self._device = ""
        self.progress.setToolTip("")
        self.set_error("")
        self._show(("replay", step, total))

    def show_idle(self, kind: str = "not started") -> None:
        """No run of this bar's own: an empty bar saying "not started" or, with
        ``kind="experiment"``, that an experiment is training."""
        self._step, self._paused = None, False
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self._device = ""
        self.progress.setToolTip("")
        self._show(("idle", kind))

    def show_experiment(self) -> None:
        """An experiment trains in its own view: say so, and keep what the bar said about the
        live page (a run or replay still shown there) for ``end_experiment``."""
        if self._mode[0] in ("end", "replay"):  # (no live state: the trainer is idle)
            self._under = self.held()
        elif self._mode != ("idle", "experiment"):
            self._under = None
        self.show_idle("experiment")

    def end_experiment(self) -> None:
        """Describe the live page again, as before the experiment; a replay opened meanwhile
        already replaced the experiment's text and stays."""
        under, self._under = self._under, None
        if self._mode != ("idle", "experiment"):
            return
        if under is None:
            return self.show_idle()
        self.restore(under)

    def held(self) -> tuple:
        """What the bar says while nothing trains (a replay, how a run ended, "not started"),
        for ``restore``: an experiment, or a Resume refused before its first step, puts it back."""
        return (self._mode, self._step, self._total, self._device, self.progress.maximum(),
                self.progress.value())

    def restore(self, held: tuple) -> None:
        mode, self._step, self._total, self._device, maximum, value = held
        self._paused = False
        self.progress.setRange(0, maximum)
        self.progress.setValue(value)
        self.progress.setToolTip(self.tr("Training on {0}").format(self.device_name(self._device))
                                 if self._device else "")
        self._show(mode)

    def set_state(self, text: str) -> None:  # (its line stays reserved when empty)
        self.state.setText(text)

    def set_error(self, text: str, notice: bool = False) -> None:
        """The line above the buttons: why something failed (red) or, with ``notice``, a plain
        notice (a request refused before anything started: nothing failed, nothing changed)."""
        self.error.setStyleSheet(NOTICE_STYLE if notice else ERROR_STYLE)
        shown = shorten_long_words(text)  # a very long path, cut in its middle
        self.error.setText(shown)
        self.error.setToolTip(text if shown != text else "")
        self.error.setVisible(bool(text))

    def showing_notice(self) -> bool:
        """Whether the line above the buttons shows a notice (not an error, not nothing)."""
        return self.error.isVisibleTo(self) and self.error.styleSheet() == NOTICE_STYLE

    # -- private -------------------------------------------------------------------------------
    def _show(self, mode: tuple) -> None:
        self._mode = mode
        self._render()

    def _render(self) -> None:
        self.progress.setFormat(self._text(self._mode))

    def _text(self, mode: tuple) -> str:
        """The progress text of ``mode``; step counts with thousands separators."""
        kind, step, total = mode[0], self._step, self._total
        if kind == "idle":
            return (self.tr("an experiment is training (see the Experiment view)")
                    if mode[1] == "experiment" else self.tr("not started"))
        if kind == "starting":
            return self.tr("starting… (building the model)")
        if kind == "replay":
            return self.tr("replay: step {0:,} / {1:,} (not training)").format(mode[1], mode[2])
        if kind == "stopping":
            return self.tr("stopping…")
        if kind == "sampling":
            return self.tr("step {0:,} / {1:,} · writing a sample…").format(step, total)
        if kind == "paused":
            return (self.tr("paused before the first step") if step is None else
                    self.tr("step {0:,} / {1:,} · paused").format(step, total))
        if kind == "progress":
            if mode[1] is None:
                return self.tr("step {0:,} / {1:,} · ETA …").format(step, total)
            return self.tr("step {0:,} / {1:,} · {2:,.0f} tok/s · ETA {3}").format(
                step, total, mode[1], mode[2] or self.tr("estimating…"))
        status = mode[1]  # kind == "end"
        if status == "finished":
            return self.tr("done: {0:,} steps").format(self.progress.maximum())
        if step is None:
            return (self.tr("failed before the first step") if status == "error"
                    else self.tr("stopped before the first step"))
        if status == "error":
            return self.tr("failed at step {0:,} / {1:,}").format(step, total)
        return self.tr("stopped at step {0:,} / {1:,}").format(step, total)
