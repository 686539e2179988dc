"""One helper for the "never blocks" tests (FIFOs, devices): run a call with a deadline."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


def raised_within(fn: Callable[[], Any], seconds: float = 5.0) -> BaseException | None:
    """Run ``fn`` in a daemon thread; return the exception it raised (None if it returned).
    The test fails if the call is still blocked after ``seconds``."""
    box: list[BaseException | None] = []

    def target() -> None:
        try:
            fn()
            box.append(None)
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            box.append(exc)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert box, f"still blocked after {seconds} s"
    return box[0]
