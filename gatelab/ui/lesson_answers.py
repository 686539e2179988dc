"""Where a tab's quiz answers are kept: QSettings under ``lessons/<tab>/<question>``, and the
first choice ever made apart from it (``lessons/<tab>/first/<question>``). Why the first one
too: "wrong, then right" counted as plain right; a learner (or a teacher) sees both counts."""

from __future__ import annotations

from PySide6.QtCore import QSettings

from gatelab.ui.lesson_types import Question


class SavedAnswers:
    """The answers of one tab's questions, read and written through ``settings``."""

    def __init__(self, settings: QSettings, tab: str) -> None:
        self._settings, self._tab = settings, tab

    def _key(self, q: Question, first: bool = False) -> str:
        return f"lessons/{self._tab}/first/{q.key}" if first else f"lessons/{self._tab}/{q.key}"

    def get(self, q: Question, first: bool = False) -> int | None:
        """The choice kept for ``q`` (``first``: the first one ever made; an answer kept
        before first tries were, counts as its own first); None if none or not a choice."""
        raw = self._settings.value(self._key(q, first=True)) if first else None
        raw = raw if raw is not None else self._settings.value(self._key(q))
        try:
            chosen = int(str(raw))
        except (TypeError, ValueError):
            return None
        return chosen if 0 <= chosen < len(q.choices) else None

    def put(self, q: Question, choice: int) -> None:
        """Keep ``choice`` as ``q``'s answer (and as its first, if it is the first), on disk at
        once. Why the file is read first: another gatelab window may have answered since this
        one read it, and its first try must stay the first (probe s23 D3: a wrong first try
        there was replaced by the right one given here, at this window's next save)."""
        self._settings.sync()
        if self.get(q) is None:
            self._settings.setValue(self._key(q, first=True), choice)
        self._settings.setValue(self._key(q), choice)
        self._settings.sync()
