"""Probe s15 F2/F3 in the Inside tab: a model folder picked with Source "Saved run" (Folder…),
a run folder typed as a Hugging Face model folder and a folder link loop each give one red line
that says what the folder is, never "this run has no checkpoint yet" or "not a folder"."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from gatelab.ui.inside_panel import InsidePanel
from tests.ui.test_inside_panel import panel  # noqa: F401 (the fixture: a shown panel, shut down)


@pytest.fixture(scope="module")
def folders(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    from tests.core.inside_helpers import save_hf_model, train_tiny_run

    base = tmp_path_factory.mktemp("s15kinds")
    run = base / "run"
    train_tiny_run(run, steps=4)
    os.symlink(base / "dirloop_b", base / "dirloop_a")
    os.symlink(base / "dirloop_a", base / "dirloop_b")
    return {"hf": save_hf_model(base / "base", "llama"), "run": run, "loop": base / "dirloop_a"}


def _analyse(qtbot, panel: InsidePanel) -> str:  # noqa: ANN001
    panel.source.text.setText("ab")
    qtbot.mouseClick(panel.source.analyse, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=60000)
    assert panel.source.message.isVisible()
    assert "font-weight: bold" in panel.source.message.styleSheet()  # the red error line
    return panel.source.message_text()


def _pick_run_folder(qtbot, panel: InsidePanel, monkeypatch: pytest.MonkeyPatch,  # noqa: ANN001
                     folder: Path) -> None:
    """Source "Saved run", then Folder… answered with ``folder`` (the user's steps)."""
    from gatelab.ui import file_dialogs

    panel.source.set_kind("run")
    monkeypatch.setattr(file_dialogs, "existing_folder", lambda *_a, **_k: str(folder))
    qtbot.mouseClick(panel.source.run_folder, Qt.MouseButton.LeftButton)
    assert panel.source.run_path() == str(folder)


def test_model_folder_as_saved_run_says_choose_the_model_source(
        qtbot, panel: InsidePanel, folders: dict[str, Path],  # noqa: ANN001
        monkeypatch: pytest.MonkeyPatch) -> None:
    _pick_run_folder(qtbot, panel, monkeypatch, folders["hf"])
    shown = _analyse(qtbot, panel)
    assert shown == (f"Could not analyse: {folders['hf']}: this is a Hugging Face model folder "
                     f"(config.json and weights, no ckpt.pt), not a gatelab run; choose Source: "
                     f"Hugging Face model folder")
    assert "no checkpoint" not in shown


def test_run_folder_as_model_folder_says_choose_saved_run(
        qtbot, panel: InsidePanel, folders: dict[str, Path]) -> None:  # noqa: ANN001
    panel.source.set_kind("hf")
    panel.source.hf_path.setText(str(folders["run"]))
    shown = _analyse(qtbot, panel)
    assert shown == (f"Could not analyse: {folders['run']}: this is a gatelab run folder (it holds "
                     f"ckpt.pt, run.json), not a Hugging Face model folder; choose Source: "
                     f"Saved run")


def test_folder_link_loop_is_named_a_loop_for_both_kinds(
        qtbot, panel: InsidePanel, folders: dict[str, Path],  # noqa: ANN001
        monkeypatch: pytest.MonkeyPatch) -> None:
    loop = folders["loop"]
    expected = f"Could not analyse: {loop}: a symbolic link that loops back on itself"
    panel.source.set_kind("hf")
    panel.source.hf_path.setText(str(loop))
    assert _analyse(qtbot, panel) == expected
    _pick_run_folder(qtbot, panel, monkeypatch, loop)
    assert _analyse(qtbot, panel) == expected
