"""A folder with none of a run's files, opened as a saved run (walkthrough s18 P1): it said
"this run has no checkpoint (ckpt.pt) yet; a run saves one every few steps", as if waiting
would help. It is named as no run at all; a run that has not saved yet keeps the old line."""

from __future__ import annotations

from pathlib import Path

import pytest

from gatelab.core.inside.errors import InsideError
from gatelab.core.inside.run_source import RunModel


@pytest.mark.parametrize("files", [(), ("notes.txt",), ("tokenizer.json",)])
def test_a_folder_without_run_files_is_not_a_run(tmp_path: Path, files: tuple[str, ...]) -> None:
    for name in files:
        (tmp_path / name).write_text("x")
    with pytest.raises(InsideError) as err:
        RunModel(tmp_path)
    assert err.value.msg.key == "inside.not_a_run"
    assert str(err.value) == (f"{tmp_path}: not a gatelab run folder (no ckpt.pt, config.json "
                              "or run.json); pick a folder that gatelab-train or the Live "
                              "trainer made")


@pytest.mark.parametrize("name", ["run.json", "metrics.jsonl"])
def test_a_run_before_its_first_checkpoint_says_so(tmp_path: Path, name: str) -> None:
    (tmp_path / name).write_text("{}")
    with pytest.raises(InsideError) as err:
        RunModel(tmp_path)
    assert err.value.msg.key == "inside.no_checkpoint"
    assert "yet" in str(err.value)
