"""Refuse the one Qt binding release known to crash gatelab, with a message instead of an abort.

PySide6 6.12.0 hands back ``None`` from every void Qt call without taking a reference, so on
CPython < 3.12 (where ``None`` is mortal) the interpreter aborts with "Fatal Python error:
none_dealloc" after a few thousand repaints: minutes into a session, losing the user's work.
pyproject.toml pins PySide6 below 6.12 on those Pythons; this check covers environments that were
set up by hand.
"""

from __future__ import annotations

import sys


def _version_tuple(text: str) -> tuple[int, ...]:
    parts: list[int] = []
    for piece in text.split(".")[:3]:
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits) if digits else 0)
    return tuple(parts)


def binding_problem(pyside_version: str, python: tuple[int, int] | None = None) -> str | None:
    """English message when this PySide6/Python pair is known to crash, else None."""
    py = python or (sys.version_info.major, sys.version_info.minor)
    if py < (3, 12) and _version_tuple(pyside_version)[:2] == (6, 12):
        return (
            f"PySide6 {pyside_version} on Python {py[0]}.{py[1]} drops references to None and "
            "crashes after a few thousand repaints. Install a fixed release with:\n"
            "    pip install \"PySide6-Essentials>=6.6,<6.12\"\n"
            "(or use Python 3.12 or newer)."
        )
    return None


def current_binding_problem() -> str | None:
    import PySide6

    return binding_problem(PySide6.__version__)
