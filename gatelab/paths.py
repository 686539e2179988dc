"""Where gatelab finds its shipped data and keeps the user's runs.

Kept free of Qt so the command-line trainer and the GUI agree on the same run folders.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def resources_dir() -> Path:
    """The ``resources/`` folder shipped beside the package (source checkout or editable install)."""
    return Path(__file__).resolve().parent.parent / "resources"


def data_home() -> Path:
    """Per-user data folder; ``GATELAB_HOME`` overrides it (tests, portable installs)."""
    env = os.environ.get("GATELAB_HOME")
    if env:
        try:
            return Path(env).expanduser()
        except RuntimeError:  # "~nouser/x": pathlib's "Could not determine home directory."
            from gatelab.core.messages import Msg
            from gatelab.core.safe_write import RunWriteError  # (an OSError: callers catch it)
            raise RunWriteError(Msg("home.no_tilde", {"path": env}), filename=env) from None
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA", Path.home() / "AppData" / "Local"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share"))
    return base / "gatelab"


def runs_dir() -> Path:
    """Folder holding one sub-folder per training run (GUI and ``gatelab-train`` alike)."""
    return data_home() / "runs"
