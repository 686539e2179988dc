"""A window saves the panel settings that changed in it, not every value it holds.

Why: two gatelab windows share one settings file. Each panel's ``save_settings`` writes all its
values, at every autosave (20 s) and at the close, and Qt's QSettings merges a save into the
file key by key: the values a window had read at its start went back over the ones another
window had saved since. The user set z min to −3 in one window and quit; the other, idle
window said −6 again 20 s later, and so for the trainer's form, the Inside text and every panel
value (probe s23 D1). Now each window keeps what it last wrote of each key, or what its panel
would have written right after it read its settings, and writes a key only when the value
differs: a change made in this window is saved (over another window's, last change wins), an
untouched value leaves another window's alone. Quiz answers were never at risk: they are
written once, when given (``lesson_answers``).
"""

from __future__ import annotations

import copy
from typing import Any, Protocol, cast

from PySide6.QtCore import QSettings

_UNSET = object()  # a key this window has not written nor started from
_REMOVED = object()  # a key this window removed


class SavesSettings(Protocol):
    def save_settings(self, settings: QSettings) -> None: ...


class ChangedOnly:
    """``settings`` as a save sees it: ``setValue`` and ``remove`` reach the file only for a
    value other than the one ``known`` holds for that key (full key → value, kept by the
    window across saves); ``record``: nothing reaches it, the values are only noted (a panel's
    start). Everything else (``value``, ``beginGroup``, ``group``…) is the settings' own."""

    def __init__(self, settings: QSettings, known: dict[str, Any], record: bool = False) -> None:
        self._settings, self._known, self._record = settings, known, record

    def _changed(self, key: str, value: Any) -> bool:
        group = self._settings.group()
        full = f"{group}/{key}" if group else key
        before = self._known.get(full, _UNSET)
        try:
            kept = copy.copy(value)  # (a list changed in place later must still compare)
        except Exception:
            kept = value
        self._known[full] = kept
        return not self._record and (before is _UNSET or not _same(before, value))

    def setValue(self, key: str, value: Any) -> None:  # noqa: N802 (QSettings' name)
        if self._changed(key, value):
            self._settings.setValue(key, value)

    def remove(self, key: str) -> None:
        if self._changed(key, _REMOVED):
            self._settings.remove(key)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._settings, name)


def _same(before: Any, value: Any) -> bool:
    """Whether a value is the one noted before: same type and equal (an int 1 is not True)."""
    if before is value:
        return True
    try:
        return type(before) is type(value) and bool(before == value)
    except Exception:  # a value that cannot be compared is taken as changed
        return False


def changed_only(settings: QSettings, known: dict[str, Any]) -> QSettings:
    """``settings`` for a panel's ``save_settings``: only changed values are written."""
    return cast(QSettings, ChangedOnly(settings, known))


def note_start(panel: SavesSettings, settings: QSettings, group: str,
               known: dict[str, Any]) -> None:
    """Note what ``panel`` would save right after it read its settings (in ``group``), so
    that its next save writes only what changes from now on. A panel whose save fails here
    is left unnoted: its first save writes all its values, as every save did before."""
    settings.beginGroup(group)
    try:
        panel.save_settings(cast(QSettings, ChangedOnly(settings, known, record=True)))
    except Exception:
        pass
    finally:
        settings.endGroup()


__all__ = ["ChangedOnly", "changed_only", "note_start"]
