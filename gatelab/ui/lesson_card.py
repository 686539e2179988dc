"""The "Try this" card beside every tab: guided steps that set the tab up, and check-yourself questions.

Panels only provide content (``panel.lesson()`` → :class:`Lesson`, built in the current language);
this card draws it, runs the steps, and remembers answers in QSettings. Why a card and not a
wizard: the learner stays in charge of the instrument, and each step is one click that puts the
tab into the state a lesson talks about, with one line on what to look for.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSettings, QSize, Qt, QTimer
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QFrame,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import getCppPointer

from gatelab.ui.elide import keep_math
from gatelab.ui.lesson_answers import SavedAnswers
from gatelab.ui.lesson_types import (  # noqa: F401 (re-exported)
    Awaits, Later, Lesson, Needs, Question, TryStep)
from gatelab.ui.lesson_widgets import ClickLabel, StepButton, bold_then, plain_label  # noqa: F401

# The result line's margins live in its style sheet: a repolish reset margins set in code to 0
# while the line was empty, and later lines sat flush with the frame (s12 walkthrough P16).
_RESULT_PAD = " padding: 4px 8px 8px 8px;"
_RESULT_OK = "color: palette(text);" + _RESULT_PAD
_RESULT_TODO = "color: #b45309;" + _RESULT_PAD  # amber: something to do first, not an error
_USER_ACTS = (QEvent.Type.MouseButtonPress, QEvent.Type.KeyPress, QEvent.Type.Wheel)
# A step's own sentence under its button, plain or marked as the one to look at now. Why marked
# in place and not repeated below the steps: the repeat (up to 9 lines) shrank the list under
# the user's pointer, and the next step's button moved under the line (walkthrough s16 #4).
# Both styles give the label the same geometry: marking it moves nothing.
_EXPECT = "margin: 0 0 6px 0; padding: 2px 4px 2px 7px; border-left: 3px solid {0}; {1}"
_EXPECT_PLAIN = _EXPECT.format("transparent", "")
_EXPECT_LOOK = _EXPECT.format("#2e7d32", "background: #e8f3ea;")


class LessonCard(QFrame):
    """Steps and questions of one tab; ``rebuild()`` redraws them (after a language switch)."""

    def __init__(self, tab: str, provider: Callable[[], Lesson], settings: QSettings,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(f"lesson-card-{tab}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        # No minimum width: on a narrow window the card gives way, never the panel it explains.
        self.setMaximumWidth(300)
        self._provider = provider
        self._answers = SavedAnswers(settings, tab)
        self._lesson = Lesson()
        self._groups: dict[str, QButtonGroup] = {}
        self._explain: dict[str, QLabel] = {}
        self._asked: dict[str, QLabel] = {}  # each question's text (the top of its block)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        self._scroll = QScrollArea(self)
        self._scroll.setWidgetResizable(True)
        self._scroll.setFrameShape(QFrame.Shape.NoFrame)
        self._scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # no invisible Tab stop; its buttons keep theirs
        # Everything wraps to the card's width; a sideways scroll bar would hide half a sentence.
        self._scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(self._scroll)
        self.result = plain_label("", self)  # the latest step's outcome; below the scroll area
        self.result.setObjectName("lesson-result")
        self.result.setStyleSheet(_RESULT_OK)  # its margins too (see _RESULT_PAD)
        outer.addWidget(self.result)
        self._looking: int | None = None  # the step whose sentence is marked "Now look:"
        self._expects: list[QLabel] = []  # each step's sentence, under its button
        self._pending = 0  # counts step clicks: only the latest one's Later may answer
        self._later: tuple[str, TryStep, Later] | None = None
        # the tab signal heard until the line is cleared (a Needs' met, an Awaits' done)
        self._heard: tuple[Any, Callable[..., None]] | None = None
        self._awaiting: Awaits | None = None  # the step whose outcome the tab still works on
        self._calls: Any = None  # BackgroundCalls for Later steps, made on the first one
        self._filtering = False
        self._mine: tuple[int, int] = (0, -1)  # the last input event that reached the card first
        self.rebuild()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(240, super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt override)
        return QSize(0, 0)

    @property
    def lesson(self) -> Lesson:
        return self._lesson

    def rebuild(self) -> None:
        """Ask the panel for its lesson again (current language) and redraw everything."""
        try:
            self._lesson = self._provider()
        except Exception as exc:  # a panel's broken lesson must not break the window
            self._lesson = Lesson()
            looking = None
            self._clear_result()
            self.result.setText(self.tr("This tab's lesson could not be built: {0}").format(exc))
        else:
            looking = self._looking
            self._clear_result()
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(8, 8, 8, 8)
        self._groups.clear()
        self._explain.clear()
        self._asked.clear()
        layout.addWidget(self._heading(self.tr("Try this")))
        expects: list[QLabel] = []
        for i, step in enumerate(self._lesson.steps):
            button = StepButton(step.title, body)
            button.setObjectName(f"lesson-step-{i}")
            button.setToolTip(f"{step.title}: {step.expect}")
            button.clicked.connect(lambda _=False, s=step: self.run_step(s))
            expect = plain_label(keep_math(step.expect), body)
            expect.setObjectName(f"lesson-expect-{i}")
            expect.setStyleSheet(_EXPECT_PLAIN)
            layout.addWidget(button)
            layout.addWidget(expect)
            expects.append(expect)
        if self._lesson.questions:
            layout.addWidget(self._heading(self.tr("Check yourself")))
            # wrapping: "0 of 3 answered correctly" on one line set the card's minimum width,
            # and a narrower card cut every line on its right (walkthrough s14 F1)
            self.progress = plain_label("", body)
            self.progress.setObjectName("lesson-progress")
            layout.addWidget(self.progress)
            for question in self._lesson.questions:
                self._add_question(layout, body, question)
            self._update_progress()
        layout.addStretch(1)
        self._scroll.setWidget(body)
        self._expects = expects
        if looking is not None and looking < len(self._lesson.steps):  # in the new language
            self._show_look(looking)

    def _heading(self, text: str) -> QLabel:
        label = QLabel(bold_then(text))
        label.setContentsMargins(0, 6, 0, 2)
        return label

    def _add_question(self, layout: QVBoxLayout, body: QWidget, q: Question) -> None:
        text = plain_label(keep_math(q.text), body)
        text.setContentsMargins(0, 8, 0, 0)
        layout.addWidget(text)
        group = QButtonGroup(body)
        for c, choice in enumerate(q.choices):
            # A radio button cannot wrap its text, so the choice is a wrapping label beside it.
            radio = QRadioButton(body)
            radio.setObjectName(f"lesson-q-{q.key}-{c}")
            radio.setAccessibleName(choice)
            group.addButton(radio, c)
            label = ClickLabel(keep_math(choice), radio, body)
            row = QHBoxLayout()
            row.setContentsMargins(0, 0, 0, 0)
            row.addWidget(radio, 0, Qt.AlignmentFlag.AlignTop)
            row.addWidget(label, 1)
            layout.addLayout(row)
        explain = QLabel(body)
        explain.setTextFormat(Qt.TextFormat.RichText)  # bold_then escapes the lesson's text
        explain.setObjectName(f"lesson-x-{q.key}")
        explain.setWordWrap(True)
        explain.hide()
        layout.addWidget(explain)
        self._groups[q.key] = group
        self._explain[q.key] = explain
        self._asked[q.key] = text
        chosen = self._answers.get(q)
        if chosen is not None:
            group.button(chosen).setChecked(True)
            self._show_explanation(q, chosen)
        group.idClicked.connect(lambda c, q=q: self.answer(q.key, c))

    def answer(self, key: str, choice: int) -> None:
        """Choose ``choice`` for question ``key`` (as a click does), explain it, remember it."""
        q = next(q for q in self._lesson.questions if q.key == key)
        button = self._groups[key].button(choice)
        if button is not None and not button.isChecked():
            button.setChecked(True)
        self._answers.put(q, choice)
        self._show_explanation(q, choice)
        self._update_progress()
        QTimer.singleShot(0, self, lambda: self.reveal(key))  # once the layout placed it

    def reveal(self, key: str) -> None:
        """Scroll the card just enough that question ``key``'s explanation shows whole (at
        768 px the "Not quite…" under the first question opened below the card's edge, and
        nothing said it was there), never so far that the question's first line (or, when that
        is already out of sight, its first choice) leaves the top. Above the explanation nothing
        moves in the card's layout: it only grows below."""
        explain, asked = self._explain.get(key), self._asked.get(key)
        body, first = self._scroll.widget(), self._groups[key].button(0) if asked else None
        if explain is None or first is None or explain.isHidden() or body is None:
            return
        for _ in range(3):  # the body's layout, then the scroll area's new size for the body
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        bar = self._scroll.verticalScrollBar()
        need = explain.mapTo(body, explain.rect().bottomLeft()).y() + 8 - bar.pageStep()
        for widget in (asked, first):
            want = min(need, widget.mapTo(body, widget.rect().topLeft()).y())
            if want > bar.value():
                bar.setValue(want)
                return

    def _show_explanation(self, q: Question, choice: int) -> None:
        verdict = self.tr("Right.") if choice == q.answer else self.tr("Not quite.")
        label = self._explain[q.key]
        label.setText(bold_then(verdict, keep_math(q.explanations[choice])))
        label.show()

    def _update_progress(self) -> None:
        """How many answers are right now, and, once a wrong one was put right, how many were
        right at the first try: "wrong, then right" counted as plain right (walkthrough s15)."""
        qs = self._lesson.questions
        right = sum(self._answers.get(q) == q.answer for q in qs)
        first = sum(self._answers.get(q, first=True) == q.answer for q in qs)
        self.progress.setText(
            self.tr("{0} of {1} answered correctly").format(right, len(qs)) if first == right
            else self.tr("{0} of {1} answered correctly, {2} at the first try").format(
                right, len(qs), first))

    def run_step(self, step: TryStep) -> str | None:
        """Run a step; show what to look for, or what to do first, or (``Later``, ``Awaits``)
        what it waits for. Never raises."""
        self._pending += 1  # a step still reading for an older click no longer answers
        awaiting, self._awaiting = self._awaiting, None
        if awaiting is not None and awaiting.cancel is not None:  # nor one the tab works for
            awaiting.cancel()
        try:
            todo = step.run()
        except Exception as exc:  # a step must never take the app down
            todo = self.tr("This step failed: {0}").format(exc)
        if isinstance(todo, Later):
            self._start_later(step, todo)
            return todo.waiting
        if isinstance(todo, Awaits):
            self._start_awaits(step, todo)
            return str(todo)
        return self._show_outcome(step, todo)

    def _start_awaits(self, step: TryStep, awaits: Awaits) -> None:
        """Show ``awaits``' line until the tab's ``done`` signal gives the step's outcome (a
        later click clears the line, and so stops listening)."""
        self._clear_result()
        self.result.setStyleSheet(_RESULT_OK)
        self.result.setText(awaits)
        self._awaiting = awaits
        self._listen(awaits.done, lambda outcome: self._awaited(step, outcome))

    def _awaited(self, step: TryStep, outcome: str) -> None:
        self._awaiting = None
        self._show_outcome(step, outcome or None)

    def _start_later(self, step: TryStep, later: Later) -> None:
        if self._calls is None:  # imported here: the window's start-up stays light
            from gatelab.ui.trainer_worker import BackgroundCalls

            self._calls = BackgroundCalls(self)
            self._calls.call_finished.connect(self._on_later)
        self._later = (str(self._pending), step, later)
        self._clear_result()
        self.result.setStyleSheet(_RESULT_OK)
        self.result.setText(later.waiting)
        self._calls.submit(str(self._pending), later.work)

    def _on_later(self, tag: str, result: object, error: str) -> None:
        """A ``Later`` step's files are read: finish it, unless another step ran meanwhile."""
        if self._later is None or tag != self._later[0] or tag != str(self._pending):
            return
        _tag, step, later = self._later
        self._later = None
        try:
            todo = self.tr("This step failed: {0}").format(error) if error else \
                later.finish(result)
        except Exception as exc:
            todo = self.tr("This step failed: {0}").format(exc)
        self._show_outcome(step, todo)

    def _show_outcome(self, step: TryStep, todo: str | None) -> str | None:
        self._clear_result()
        index = next((i for i, s in enumerate(self._lesson.steps) if s is step), None)
        if todo or index is None:
            self.result.setStyleSheet(_RESULT_TODO if todo else _RESULT_OK)
            self.result.setText(todo or self.tr("Now look: {0}").format(step.expect))
            if isinstance(todo, Needs):  # withdrawn once the tab says it is done
                self._listen(todo.met, lambda *args: self._clear_result()
                             if todo.when is None or todo.when(*args) else None)
        else:
            self._show_look(index)
        return todo

    def _listen(self, signal: Any, slot: Callable[..., None]) -> None:
        """Call ``slot`` on a tab's ``signal`` until the card's line is cleared."""
        try:
            signal.connect(slot)
        except (AttributeError, RuntimeError, TypeError):  # no signal: the line just stays
            return
        self._heard = (signal, slot)

    def look_text(self) -> str:
        """"Now look: …" while a step's sentence is marked (its tooltip says so), else ""."""
        if self._looking is None or self._looking >= len(self._lesson.steps):
            return ""
        return self.tr("Now look: {0}").format(self._lesson.steps[self._looking].expect)

    def looking_at(self) -> QLabel | None:
        """The step sentence marked "Now look:", if any."""
        return self._expects[self._looking] if self._looking is not None and \
            self._looking < len(self._expects) else None

    def _show_look(self, index: int) -> None:
        """Mark step ``index``'s sentence "Now look:" (and scroll it into view) until the user
        acts on the tab (a click, a key or the wheel outside this card): then the tab no longer
        shows what the step set up."""
        self._looking = index
        label = self.looking_at()
        if label is not None:
            label.setStyleSheet(_EXPECT_LOOK)
            label.setToolTip(look := self.look_text())
            label.setAccessibleDescription(look)
            self._scroll.ensureWidgetVisible(label, 0, 8)
        self._watch(self.isVisible())

    def _clear_result(self) -> None:
        label = self.looking_at()
        if label is not None:
            with suppress(RuntimeError):  # (a rebuilt card's old labels are deleted later)
                label.setStyleSheet(_EXPECT_PLAIN)
                label.setToolTip("")
                label.setAccessibleDescription("")
        self._looking = None
        self.result.clear()
        self._watch(False)
        heard, self._heard = self._heard, None
        if heard is not None:  # its line is gone: no need to hear the tab on it
            with suppress(RuntimeError, TypeError):
                heard[0].disconnect(heard[1])

    def _watch(self, on: bool) -> None:
        """Watch the application's input events, or stop: every event then passes through
        ``eventFilter`` (Python), so only while a "Now look:" shows on screen."""
        app = QApplication.instance()
        if on and not self._filtering and app is not None:
            app.installEventFilter(self)
            self._filtering = True
        elif not on and self._filtering and app is not None:
            app.removeEventFilter(self)
            self._filtering = False

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        self._watch(self._looking is not None)

    def hideEvent(self, event: QHideEvent) -> None:  # noqa: N802 (Qt override)
        """Another tab or a closed window: the line goes (what it describes may change while
        the user is elsewhere: the forward map follows the Inside tab's run, for one; the step's
        own sentence stays under its button). A minimised window keeps it, unwatched."""
        super().hideEvent(event)
        if event.spontaneous():
            self._watch(False)
        else:
            self._clear_result()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        """Only while a "Now look:" shows on screen (see ``_watch``). Input that reached this
        card first stays the card's when Qt passes it on to the tab (the wheel at the end of
        the card's scrolling, a key its button does not use): the filter sees the same event
        again, at each parent."""
        if event.type() in _USER_ACTS and isinstance(obj, QWidget):
            seen = (getCppPointer(event)[0], event.timestamp())  # type: ignore[attr-defined]
            if obj is self or self.isAncestorOf(obj):
                self._mine = seen
            elif seen != self._mine and self._on_my_tab(obj):
                self._clear_result()
        return False

    def _on_my_tab(self, widget: QWidget) -> bool:
        tab = self.parentWidget()  # (input inside the card is sorted out in eventFilter)
        return tab is not None and tab.isAncestorOf(widget)
