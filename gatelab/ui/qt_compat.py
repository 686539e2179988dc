"""Work around a PySide6 reference-count bug that crashes Python < 3.12 ("deallocating None").

Measured here with PySide6 6.12 on CPython 3.11: every call of a *void* Qt method from Python
(``widget.repaint()``, ``painter.save()``, ``item.setPos()``, …) hands back ``None`` without
taking a new reference, so ``sys.getrefcount(None)`` drops by one per call. ``None`` starts near
5 000 references, and a few hundred repaints of a plot later CPython aborts with
"Fatal Python error: none_dealloc". Python ≥ 3.12 makes ``None`` immortal, which is presumably
why the binding no longer increments it. We do the same by hand: give ``None`` 2⁴⁰ extra
references once, verified through ``sys.getrefcount``; nothing else changes. ``True`` leaks the
same way in pyqtgraph's paint path (about one per repaint), so it and ``False`` are pinned too.
"""

from __future__ import annotations

import sys

_EXTRA = 1 << 40
_done = False


def _pin(obj: object) -> bool:
    import ctypes

    before = sys.getrefcount(obj)
    refcnt = ctypes.c_ssize_t.from_address(id(obj))  # ob_refcnt: first field of PyObject
    if abs(refcnt.value - before) > 64:  # unexpected layout (debug build): leave it alone
        return False
    refcnt.value += _EXTRA
    if sys.getrefcount(obj) - before < _EXTRA - 64:  # not the field we thought: undo
        refcnt.value -= _EXTRA
        return False
    return True


def pin_none() -> bool:
    """Make ``None``, ``True`` and ``False`` effectively immortal on CPython < 3.12; idempotent."""
    global _done
    if _done or sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    _done = all([_pin(None), _pin(True), _pin(False)])
    return _done


pin_none()
