"""Find Qt objects that only a reference cycle keeps alive, and say which cycle.

Why: Python's cycle collector frees such objects in whichever thread it happens to run, and a
Qt destructor run in a worker thread deadlocked the app with the GUI thread (see
gatelab/ui/qt_cycles.py). ``cycle_garbage()`` switches the automatic collector off while its
block runs (so nothing is collected early, in any thread), then collects once with
``DEBUG_SAVEALL`` and keeps what the collector found instead of freeing it; ``offenders()``
names each Qt wrapper among it with the cycle that held it, e.g.
``ExportButton ... .__dict__ -> dict ['_export'] -> method GatesView.export .__self__ -> ...``.
The collector's state is restored and the garbage freed, here in the GUI thread, afterwards.
"""

from __future__ import annotations

import collections
import gc
import types
import weakref
from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtWidgets import QGraphicsItem
from shiboken6 import Shiboken


def settle() -> None:
    """Run pending deleteLater()s and posted events, as the event loop would."""
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    QCoreApplication.processEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


class Garbage:
    """What one collection found: ``objects`` (kept alive only by cycles) while the block runs."""

    def __init__(self) -> None:
        self.objects: list[object] = []
        self.report: list[str] = []


@contextmanager
def cycle_garbage() -> Iterator[Garbage]:
    """Within the block build, use and drop widgets; on leaving, ``found.report`` lists every
    Qt object that the cycle collector would have freed (empty when none)."""
    found = Garbage()
    was_enabled, old_debug = gc.isenabled(), gc.get_debug()
    gc.collect()  # earlier tests' garbage is not this block's
    gc.disable()
    try:
        yield found
        settle()
        gc.set_debug(old_debug | gc.DEBUG_SAVEALL)
        gc.collect()
        found.objects = list(gc.garbage)
        del gc.garbage[:]
        gc.set_debug(old_debug)
        found.report = offenders(found.objects)
    finally:
        gc.set_debug(old_debug)
        found.objects = []
        del gc.garbage[:]
        if was_enabled:
            gc.enable()
        gc.collect()  # freed for real, in this (the GUI) thread


def is_offender(obj: object) -> bool:
    """A QObject or graphics item whose C++ object still exists (freeing the wrapper runs its
    destructor), or any wrapper of a gatelab class (a cycle that gatelab made, even when the
    widget was deleteLater()ed first). Not offenders: values (QPen, QRectF: no destructor worth
    the name) and deleted pyqtgraph items in pyqtgraph's own cycles (an InfiniteLine and its
    label name each other), which free nothing in Qt."""
    if type(obj) in weakref.ProxyTypes:  # a proxy (qt_cycles.detach) holds nothing; a dead
        return False                      # one raises ReferenceError on isinstance
    if not isinstance(obj, Shiboken.Object):
        return False
    if type(obj).__module__.startswith("gatelab."):
        return True
    return isinstance(obj, (QObject, QGraphicsItem)) and Shiboken.isValid(obj)


def offenders(garbage: list[object]) -> list[str]:
    """One line per offending wrapper type and the cycle that held it (shortest found)."""
    ids = {id(o): o for o in garbage}
    succ = {i: [id(r) for r in gc.get_referents(o) if id(r) in ids] for i, o in ids.items()}
    pred: dict[int, list[int]] = collections.defaultdict(list)
    for i, targets in succ.items():
        for t in targets:
            pred[t].append(i)
    lines: dict[str, int] = {}
    for i, obj in ids.items():
        if not is_offender(obj):
            continue
        key = f"{_describe(obj)}  held by  {_cycle_text(i, ids, succ, pred)}"
        lines[key] = lines.get(key, 0) + 1
    return [f"{n}× {text}" for text, n in sorted(lines.items(), key=lambda kv: -kv[1])]


def _cycle_text(start: int, ids: dict[int, object], succ: dict[int, list[int]],
                pred: dict[int, list[int]]) -> str:
    """The shortest cycle through ``start`` or, if none, through its nearest garbage referrer
    that lies on one."""
    todo = collections.deque([start])
    seen = {start}
    while todo:  # breadth first over referrers: the nearest object that is on a cycle
        node = todo.popleft()
        cycle = _shortest_cycle(node, succ)
        if cycle:
            return " -> ".join(_describe(ids[a]) + _edge(ids[a], ids[b])
                               for a, b in zip(cycle, cycle[1:]))
        for p in pred[node]:
            if p not in seen:
                seen.add(p)
                todo.append(p)
    return "(no cycle found)"


def _shortest_cycle(start: int, succ: dict[int, list[int]]) -> list[int] | None:
    prev: dict[int, int | None] = {start: None}
    todo = collections.deque([start])
    while todo:
        node = todo.popleft()
        for nxt in succ[node]:
            if nxt == start:
                path = [node]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])  # type: ignore[arg-type]
                return [*reversed(path), start]
            if nxt not in prev:
                prev[nxt] = node
                todo.append(nxt)
    return None


def _describe(obj: object) -> str:
    if isinstance(obj, Shiboken.Object):
        state = "" if Shiboken.isValid(obj) else " (deleted)"
        return f"{type(obj).__module__}.{type(obj).__qualname__}{state}"
    if isinstance(obj, types.FunctionType):
        code = obj.__code__
        return f"function {obj.__qualname__} ({code.co_filename.rsplit('/', 1)[-1]}:" \
               f"{code.co_firstlineno})"
    if isinstance(obj, types.MethodType):
        return f"method {type(obj.__self__).__qualname__}.{obj.__func__.__name__}"
    if isinstance(obj, types.FrameType):
        return f"frame {obj.f_code.co_name} ({obj.f_code.co_filename.rsplit('/', 1)[-1]}:" \
               f"{obj.f_lineno})"
    if isinstance(obj, types.CellType):
        return "cell"
    if isinstance(obj, (dict, list, tuple, set)):
        return type(obj).__name__
    return type(obj).__qualname__


def _edge(src: object, dst: object) -> str:
    """How ``src`` refers to ``dst``, where that is easy to say."""
    if isinstance(src, dict):
        key = next((k for k, v in src.items() if v is dst), None)
        if key is not None:
            return f"[{key!r}]"
    if getattr(src, "__dict__", None) is dst:
        return ".__dict__"
    if isinstance(src, types.MethodType) and src.__self__ is dst:
        return ".__self__"
    return ""


__all__ = ["Garbage", "cycle_garbage", "is_offender", "offenders", "settle"]
