"""Shared test set-up: offscreen Qt, and settings/run folders isolated in a temp dir."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest


@pytest.fixture(autouse=True)
def _isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs and data written by any test land in a fresh temp folder, never in the user's home."""
    monkeypatch.setenv("GATELAB_HOME", str(tmp_path_factory.mktemp("gatelab-home")))
