"""Helpers that keep Qt objects out of Python reference cycles.

Why: an object that only a reference cycle keeps alive is freed by Python's cycle collector, and
the collector runs in whichever thread happens to allocate when its threshold is passed: the
Inside tab's loader, the trainer. When such garbage held a Qt object owned by Python (a
pyqtgraph ``ViewBox.menu``, a ``PlotItem.ctrlMenu``, a parameter tree of an exporter), its C++
destructor ran in that worker thread: ``~QObject`` took one of Qt's pooled mutexes and waited
for the GIL, while the GUI thread, holding the GIL, deleted a QMenu and waited for the same mutex.
The app hung for good (seen in tests/ui/test_inside_notes.py: the worker in
``AutoConfig.from_pretrained``, the GUI thread in ``QMenu::~QMenu``). Running the collector only
in the GUI thread was tried and crashed inside ``gc.collect`` (commit c1238aa reverts it), so
the cycles are broken where they are made, and Qt objects die by reference count or by their
Qt parent, in the GUI thread. tests/ui/test_qt_cycles.py holds the widgets to that.

The usual makers of such cycles, and the helper for each:

* a child widget keeps a bound method of its parent (``Button(on_click=self.export)``), or a
  lambda that names ``self``: ``weak_method`` / ``weak_call`` hold the parent weakly;
* an exception kept for later (to render its message again after a language switch) holds its
  traceback, whose frames hold ``self``: ``without_traceback``;
* pyqtgraph's exporters build a parameter tree (QObjects) whose children name their parent:
  ``release_exporter`` takes it apart once the export is written.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")
E = TypeVar("E", bound=BaseException)


def weak_method(method: Callable[..., T], default: Any = None) -> Callable[..., T]:
    """``method`` (a bound method) called through a weak reference to its object: a widget
    that stores it does not keep the method's owner alive. Returns ``default`` once the owner
    is gone. Anything that is not a bound method is returned as it is."""
    if getattr(method, "__self__", None) is None or not hasattr(method, "__func__"):
        return method
    ref = weakref.WeakMethod(method)  # type: ignore[arg-type]

    def call(*args: Any, **kwargs: Any) -> T:
        bound = ref()
        return default if bound is None else bound(*args, **kwargs)

    call.__name__ = getattr(method, "__name__", "weak_method")
    call.__qualname__ = getattr(method, "__qualname__", call.__name__)
    call.__doc__ = method.__doc__
    return call


def weak_call(owner: object, fn: Callable[..., T], default: Any = None) -> Callable[..., T]:
    """``fn(owner, *args)`` with ``owner`` held weakly: the cycle-free spelling of
    ``lambda *args: fn(self, *args)``. Returns ``default`` once ``owner`` is gone."""
    ref = weakref.ref(owner)

    def call(*args: Any, **kwargs: Any) -> T:
        obj = ref()
        return default if obj is None else fn(obj, *args, **kwargs)

    call.__name__ = getattr(fn, "__name__", "weak_call")
    return call


def without_traceback(exc: E) -> E:
    """``exc`` (and the exceptions it was raised from or during) without tracebacks: the
    frames of a traceback hold their locals, ``self`` among them, so an exception kept in a
    widget's attribute (or a closure stored there) made a cycle through the widget."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    while todo:
        item = todo.pop()
        if item is None or id(item) in seen:
            continue
        seen.add(id(item))
        item.__traceback__ = None
        todo += [item.__cause__, item.__context__]
    return exc


def release_exporter(exporter: object) -> None:
    """Take a pyqtgraph exporter's parameter tree apart (each child ``Parameter``, a QObject,
    names its parent and the parent lists it: a cycle of Python-owned QObjects per export)."""
    params = getattr(exporter, "params", None)
    if params is None:
        return
    todo = [params]
    while todo:
        param = todo.pop()
        children = list(param.children())
        todo += children
        if children:
            param.clearChildren()


__all__ = ["release_exporter", "weak_call", "weak_method", "without_traceback"]
