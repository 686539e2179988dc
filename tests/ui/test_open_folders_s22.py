"""Where the Open dialogs start (walkthrough s21 #18): Open config.json, Open safetensors and Open
text file passed "" and opened in the working directory, the folder gatelab was started from,
every time. They now start in the folder of the file of that kind open now, else the home
folder, like Save/Open state and every Export…."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gatelab.ui import file_dialogs
from gatelab.ui.trainer_corpus import CorpusBox
from tests.ui.conftest import load_budget_file, show_panel


@pytest.fixture
def starts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The folder each Open dialog was asked to start in (the dialog itself is cancelled)."""
    seen: list[str] = []

    def fake(_parent, _title: str, start: str, _filters: str = "") -> tuple[str, str]:  # noqa: ANN001
        seen.append(start)
        return "", ""

    monkeypatch.setattr(file_dialogs, "open_file_name", fake)
    return seen


def test_the_budgets_open_dialogs_start_beside_the_open_config(
        budget_panel, qtbot, tmp_path: Path, starts: list[str]) -> None:  # noqa: ANN001
    budget_panel._on_open_config()
    budget_panel._on_open_safetensors()
    assert starts == [str(Path.home())] * 2  # nothing open yet: not the working directory
    folder = tmp_path / "my-gpt2"
    folder.mkdir()
    cfg = folder / "config.json"
    cfg.write_text(json.dumps({"model_type": "gpt2", "n_embd": 64, "n_layer": 2, "n_head": 2,
                               "n_positions": 128, "vocab_size": 100,
                               "_name_or_path": "my-gpt2"}))
    assert load_budget_file(budget_panel, qtbot, "config", cfg)
    budget_panel._on_open_config()
    budget_panel._on_open_safetensors()  # the weights usually lie beside their config
    assert starts[2:] == [str(folder)] * 2


def test_open_text_file_starts_beside_the_corpus_file(qtbot, tmp_path: Path,  # noqa: ANN001
                                                      starts: list[str]) -> None:
    box = show_panel(qtbot, CorpusBox())
    box._on_open()
    assert starts == [str(Path.home())]  # a built-in corpus: the home folder
    folder = tmp_path / "texts"
    folder.mkdir()
    (folder / "poems.txt").write_text("roses are red\n" * 100, encoding="utf-8")
    box.set_corpus(str(folder / "poems.txt"))
    box._on_open()
    box.set_corpus("python")  # a built-in again: the last file's folder
    box._on_open()
    assert starts[1:] == [str(folder)] * 2
    (folder / "poems.txt").unlink()
    folder.rmdir()  # gone: the home folder, never a folder that is not there
    box._on_open()
    assert starts[3] == str(Path.home())
