"""``keep_freed_memory``: on Linux with glibc, a freed 20 MB block stays in the process (the next
pass reuses it without page faults); with glibc's defaults it goes back to the system."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from gatelab.core import allocator

PROBE = """
import json, os, sys
import numpy as np
from gatelab.core.allocator import keep_freed_memory
took = keep_freed_memory() if sys.argv[1] == "keep" else None
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
a = np.ones(5 * 2**20, np.float32)  # 20 MB, written so that its pages are resident
before = rss()
del a
print(json.dumps({"took": took, "dropped_mb": (before - rss()) / 2**20}))
"""


def _probe(mode: str, env: dict[str, str] | None = None) -> dict:
    out = subprocess.run([sys.executable, "-c", PROBE, mode], capture_output=True, text=True,
                         check=True, env={**os.environ, **(env or {})}, timeout=60)
    return json.loads(out.stdout)


linux_glibc = pytest.mark.skipif(not sys.platform.startswith("linux")
                                 or not os.confstr("CS_GNU_LIBC_VERSION"), reason="glibc only")


@linux_glibc
def test_freed_block_stays_with_the_setting_and_goes_without() -> None:
    default, kept = _probe("default"), _probe("keep")
    assert default["dropped_mb"] > 15  # glibc's default: the block is unmapped at once
    assert kept["took"] is True
    assert kept["dropped_mb"] < 1  # kept for the next pass


@linux_glibc
def test_a_users_own_glibc_setting_wins() -> None:
    got = _probe("keep", {"MALLOC_TRIM_THRESHOLD_": "131072"})
    assert got["took"] is False


def test_other_systems_change_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(allocator.sys, "platform", "darwin")
    assert allocator.keep_freed_memory() is False
