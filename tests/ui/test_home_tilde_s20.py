"""Probe s20 D3: GATELAB_HOME="~nouser/x" (a ~ pathlib cannot expand) gave gatelab-train a
traceback, gatelab-experiment "failed unexpectedly: RuntimeError", and the trainer's Start did
nothing visible. Now one keyed line everywhere, and Start shows it in its error line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gatelab import paths
from gatelab.core.safe_write import RunWriteError
from tests.ui.test_trainer_panel import panel  # noqa: F401 (fixture)

ROOT = Path(__file__).resolve().parents[2]
WORDS = ("GATELAB_HOME is ~nouser-s20/x, and its ~ cannot be expanded (no such user, or no "
         "home folder known): give a full path")


def test_data_home_names_the_tilde(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GATELAB_HOME", "~nouser-s20/x")
    with pytest.raises(RunWriteError) as info:
        paths.runs_dir()
    assert str(info.value) == WORDS and isinstance(info.value, OSError)


@pytest.mark.parametrize("prog", ["train", "experiment"])
def test_the_clis_say_it_in_one_line(tmp_path: Path, prog: str) -> None:
    env = dict(os.environ, GATELAB_HOME="~nouser-s20/x")
    main = "train_main" if prog == "train" else "experiment_main"
    extra = ["--quiet"] if prog == "train" else ["--seeds", "2"]
    done = subprocess.run(
        [sys.executable, "-c", f"import sys; from gatelab.cli import {main}; sys.exit({main}())",
         "--layers", "1", "--width", "32", "--heads", "2", "--steps", "2", *extra],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2, done.stderr
    assert done.stderr == f"gatelab-{prog}: error: {WORDS}\n"
    assert list(tmp_path.iterdir()) == []  # no literal "~nouser-s20" folder made here


def test_start_shows_it(panel, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001, F811
    monkeypatch.setenv("GATELAB_HOME", "~nouser-s20/x")
    assert not panel.start()
    assert panel.error_text == f"Not started: cannot create a run folder: {WORDS}"
    assert panel.bar.error.isVisible()
