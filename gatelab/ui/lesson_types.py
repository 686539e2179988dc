"""What a tab's "Try this" card is made of: steps, questions, the lesson holding them (the
panels build them, ``lesson_card`` draws them), ``Later``, a step's answer that needs files
read first, ``Needs``, a "do this first" line that goes once it is done, and ``Awaits``, an
outcome the tab's own worker gives. Kept apart so the
card module stays about drawing; ``lesson_card`` re-exports them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Later:
    """A step that must read files before it can set the tab up (a disk is never read on the
    GUI thread): the card shows ``waiting``, runs ``work`` on a helper thread, then, on the GUI
    thread, ``finish(result)``, which sets the tab up and returns what a step's run() returns:
    None, or a line saying what to do first."""

    waiting: str  # translated: shown while ``work`` runs
    work: Callable[[], Any]
    finish: Callable[[Any], str | None]

    def now(self) -> str | None:
        """Both halves on the calling thread, for scripts and tests without an event loop."""
        return self.finish(self.work())


class Needs(str):
    """A step's "do this first" line that goes by itself once it is done: the card shows it
    (amber) until ``met`` (a Qt signal of the tab) fires with arguments that ``when`` accepts
    (any, without ``when``). Why: "Train a run first … then press this step again." stayed
    under the trainer's card after the run had finished, reading as if still blocked. A str,
    so a caller that only reads the line (a test, a script) sees the text."""

    met: Any
    when: Callable[..., bool] | None

    def __new__(cls, text: str, met: Any, when: Callable[..., bool] | None = None) -> Needs:
        self = super().__new__(cls, text)
        self.met, self.when = met, when
        return self


class Awaits(str):
    """A step whose outcome comes from the tab's own worker (the Inside tab's analysis): the
    card shows this line until ``done`` (a Qt signal of the tab) fires with the outcome, ""
    when the tab is set up ("Now look:"), else what to do. Why: the strings step returned None
    as soon as its analysis began, so the card marked "Now look" even when the analysis then
    said that the model cannot read quote marks. A str, so a caller that only reads the line
    sees the text. ``cancel`` undoes what is still to come (a later click on another step
    calls it: the late outcome then set up a view the card no longer pointed at)."""

    done: Any
    cancel: Callable[[], None] | None

    def __new__(cls, text: str, done: Any, cancel: Callable[[], None] | None = None) -> Awaits:
        self = super().__new__(cls, text)
        self.done, self.cancel = done, cancel
        return self


@dataclass(frozen=True)
class TryStep:
    title: str  # translated button text
    expect: str  # translated: what you should see, with the numbers
    run: Callable[[], str | Later | None]  # sets the tab up; None, or what to do first (a
    # str, or a Needs that the card withdraws once it is done), or an Awaits


@dataclass(frozen=True)
class Question:
    key: str  # stable id, the QSettings key
    text: str
    choices: tuple[str, ...]
    answer: int
    explanations: tuple[str, ...]  # one per choice, shown once it is chosen


@dataclass(frozen=True)
class Lesson:
    steps: tuple[TryStep, ...] = ()
    questions: tuple[Question, ...] = ()

    def problems(self) -> list[str]:
        """What is malformed (empty when the lesson is fine); tests assert it is empty."""
        out: list[str] = []
        keys = [q.key for q in self.questions]
        if len(set(keys)) != len(keys):
            out.append("question keys repeat")
        for q in self.questions:
            if not 2 <= len(q.choices) <= 4:
                out.append(f"{q.key}: {len(q.choices)} choices")
            if not 0 <= q.answer < len(q.choices):
                out.append(f"{q.key}: answer {q.answer} out of range")
            if len(q.explanations) != len(q.choices) or not all(x.strip() for x in q.explanations):
                out.append(f"{q.key}: every choice needs an explanation")
        for i, step in enumerate(self.steps):
            if not step.title.strip() or not step.expect.strip():
                out.append(f"step {i}: empty title or expectation")
        return out
