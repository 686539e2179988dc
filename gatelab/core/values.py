"""Predicates on values read from files (JSON, pickled checkpoints, config.json).

Why a module of its own: Python's bool is an int, so ``isinstance(v, int)`` takes JSON's
``true`` for the count 1. Step counts, token ids, head counts and pids all need the same
"a real int" test, and it lived inline in eight places.
"""

from __future__ import annotations


def is_int(value: object) -> bool:
    """An int that is not a bool (JSON's true and a pickled True are no counts or ids)."""
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = ["is_int"]
