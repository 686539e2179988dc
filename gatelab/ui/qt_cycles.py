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
* a widget keeps a function that names itself, to render a text again after a language switch
  (``self._say(lambda: self.tr(...))``): the storing method keeps ``detach(fn)``;
* an exception kept for later (to render its message again after a language switch) holds its
  traceback, whose frames hold ``self``: ``without_traceback``;
* pyqtgraph's exporters build a parameter tree (QObjects) whose children name their parent:
  ``release_exporter`` takes it apart once the export is written.
"""

from __future__ import annotations

import types
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QObject

T = TypeVar("T")
E = TypeVar("E", bound=BaseException)
F = TypeVar("F", bound=Callable[..., Any])


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


def detach(fn: F, holder: QObject) -> F:
    """``fn``, to be kept by ``holder``, with ``holder`` and its Qt ancestors held weakly: the
    same function, whose closure cells and default values that hold one of them hold a
    ``weakref.proxy`` of it instead (a bound method of one: ``weak_method``); nested functions
    found there are detached in turn. Anything else it names stays as it is.

    For the functions a widget keeps to render a text again after a language switch
    (``self._say(lambda: self.tr("Loading…"))``, or a panel's message kept by its controls) or
    to check a field (``NumberField(check=self._check_eps)``): an ancestor keeps ``holder``
    alive (Qt's parent, and in Python the parent's wrapper holds its children's), so a strong
    reference from ``holder`` back to it was a cycle. Call sites stay as they are (lupdate reads
    ``self.tr``); the method that stores the function detaches it. The proxy forwards attribute
    access, so ``self.tr(…)`` and ``self.field.value()`` work; handing ``self`` itself to a Qt
    call would not (a proxy is no QObject), which a renderer or a check has no reason to do."""
    owners, kept = _ancestry(holder)  # (kept alive while their ids are compared)
    detached = _detach(fn, owners, {})
    del kept
    return detached  # type: ignore[return-value]


def _ancestry(obj: QObject) -> tuple[set[int], list[Any]]:
    """The ids of ``obj`` and its ancestors (QObject parents and, for graphics objects, parent
    items), and those objects, which must outlive every comparison with the ids."""
    ids: set[int] = set()
    todo: list[Any] = [obj]
    # every wrapper met stays alive until the walk ends: ``parent()`` makes a new wrapper for
    # a plain Qt parent (a QWidget, a QStackedWidget), freed as soon as it is dropped, and the
    # next one could take its id, which then read as "seen" and ended the walk half way (the
    # Inside panel was never reached from its history view, three plain parents up)
    kept: list[Any] = []
    while todo:
        item = todo.pop()
        if item is None or id(item) in ids:
            continue
        kept.append(item)
        ids.add(id(item))
        todo.append(item.parent() if isinstance(item, QObject) else None)
        parent_item = getattr(item, "parentItem", None)
        if callable(parent_item):
            todo.append(parent_item())
    return ids, kept


def _detach(fn: object, owners: set[int], done: dict[int, object]) -> object:
    """``detach`` with a memo of what is already detached (a closure may name itself)."""
    if id(fn) in done:
        return done[id(fn)]
    if id(fn) in owners:
        return weakref.proxy(fn)
    if isinstance(fn, types.MethodType):
        return weak_method(fn) if id(fn.__self__) in owners else fn
    if not isinstance(fn, types.FunctionType) or not _names(fn, owners, set()):
        return fn
    cells = fn.__closure__ or ()
    closure = tuple(types.CellType() for _ in cells)
    out = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, None, closure or None)
    done[id(fn)] = out
    for new, old in zip(closure, cells):
        if _filled(old):
            new.cell_contents = _detach(old.cell_contents, owners, done)
    out.__defaults__ = tuple(_detach(d, owners, done) for d in fn.__defaults__ or ()) or None
    out.__kwdefaults__ = fn.__kwdefaults__
    out.__qualname__, out.__doc__ = fn.__qualname__, fn.__doc__
    return out


def _filled(cell: types.CellType) -> bool:
    try:
        cell.cell_contents  # noqa: B018 (an empty cell raises)
    except ValueError:
        return False
    return True


def _names(value: object, owners: set[int], seen: set[int]) -> bool:
    """Whether ``value`` is one of ``owners``, a bound method of one, or a function that names
    one (through its closure or its default values, nested functions included)."""
    if id(value) in owners:
        return True
    if isinstance(value, types.MethodType):
        return id(value.__self__) in owners
    if not isinstance(value, types.FunctionType) or id(value) in seen:
        return False
    seen.add(id(value))
    return any(_names(c.cell_contents, owners, seen) for c in value.__closure__ or ()
               if _filled(c)) or any(_names(d, owners, seen) for d in value.__defaults__ or ())


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


__all__ = ["detach", "release_exporter", "weak_call", "weak_method", "without_traceback"]
