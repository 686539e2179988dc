"""STAND-IN for the framework's lesson_card (FRAMEWORK.md §2): the dataclasses only.

Replaced by the integrator's module when ``main``'s framework commit is merged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class TryStep:
    title: str
    expect: str
    run: Callable[[], str | None]


@dataclass(frozen=True)
class Question:
    key: str
    text: str
    choices: tuple[str, ...]
    answer: int
    explanations: tuple[str, ...]


@dataclass(frozen=True)
class Lesson:
    steps: tuple[TryStep, ...]
    questions: tuple[Question, ...]
