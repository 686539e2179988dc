"""Budget reopen, left over from s12: a config.json not reopened is named by its whole path
(every model's file is called config.json), and a checkpoint that had been compared with that
model is not compared with the fallback preset instead (every part red against Llama-2-7B)."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings

from gatelab.core.budget import write_safetensors_header_only
from gatelab.ui.budget_panel import BudgetPanel
from tests.ui.conftest import show_panel
from tests.ui.test_budget_polish_s12 import _in_group, _model_files, _reopened, _wait_reads


def _checkpoint_alone(folder: Path) -> Path:
    folder.mkdir()
    checkpoint = folder / "model.safetensors"
    write_safetensors_header_only(checkpoint, {"wte.weight": ("F16", (500, 64))})
    return checkpoint


def test_a_huge_config_is_named_by_its_path(qtbot, settings: QSettings,  # noqa: ANN001
                                            tmp_path: Path) -> None:
    folder = tmp_path / "qwen-huge"
    folder.mkdir()
    huge = folder / "config.json"
    with open(huge, "wb") as f:  # sparse: 200 MB on paper, nothing on disk
        f.truncate(200 * 1024 * 1024)
    checkpoint = _checkpoint_alone(tmp_path / "alone")
    panel, said = _reopened(qtbot, settings, huge, checkpoint, [False, True])
    line = panel.load_note.text()
    assert line.startswith(f"Not reopened: {huge}: ") and "limit" in line, line
    assert line in said
    panel.shutdown()


def test_a_checkpoint_is_not_compared_with_the_fallback(qtbot, settings: QSettings,  # noqa: ANN001
                                                        tmp_path: Path) -> None:
    checkpoint = _checkpoint_alone(tmp_path / "alone")
    gone = tmp_path / "moved" / "config.json"
    panel, _said = _reopened(qtbot, settings, gone, checkpoint, [False, True])
    assert panel.compare_name() == "Llama-2-7B"  # the fallback stays selected
    view = panel.checkpoint_view
    assert view.summary is not None and view.summary.total == 500 * 64
    assert view.compare_table.rowCount() == 0  # no all-red comparison with Llama-2-7B
    assert "Compared with" not in view.summary_label.text()
    # a checkpoint opened by hand afterwards is compared with the selection, as before
    assert _wait_reads(qtbot, panel, 1, lambda: panel.load_safetensors(checkpoint)) == [True]
    assert view.compare_table.rowCount() > 0
    assert "Llama-2-7B" in view.summary_label.text()
    panel.shutdown()


def test_a_config_beside_the_checkpoint_still_compares(qtbot, settings: QSettings,  # noqa: ANN001
                                                       tmp_path: Path) -> None:
    _config, checkpoint = _model_files(tmp_path / "tiny")
    gone = tmp_path / "moved" / "config.json"
    panel, _said = _reopened(qtbot, settings, gone, checkpoint, [False, True])
    view = panel.checkpoint_view
    assert view.compare_table.rowCount() > 0  # compared with the config.json beside it
    assert "config.json beside the file" in view.summary_label.text()
    assert os.path.exists(checkpoint)
    panel.shutdown()


def test_a_checkpoint_is_named_with_its_folder(qtbot, tmp_path: Path) -> None:  # noqa: ANN001
    """Walkthrough s13 P5: every HF checkpoint is called model.safetensors, so the panel said
    nothing of which folder it described (after a failed open it still showed the last one).
    The name is shown as text, never as markup."""
    checkpoint = _checkpoint_alone(tmp_path / "<i>qwen & co")
    panel = show_panel(qtbot, BudgetPanel(), (1000, 800))
    assert _wait_reads(qtbot, panel, 1, lambda: panel.load_safetensors(checkpoint)) == [True]
    label = panel.checkpoint_view.summary_label
    assert label.text().startswith("<b>&lt;i&gt;qwen &amp; co/model.safetensors</b>: 1 tensor, "
                                   "32,000 parameters")  # one tensor: singular (was "1 tensors")
    assert label.toolTip() == str(checkpoint)
    more = _checkpoint_alone(tmp_path / "two")
    write_safetensors_header_only(more, {"wte.weight": ("F16", (500, 64)),
                                         "lm_head.weight": ("F16", (500, 64))})
    said: list[str] = []
    panel.status_changed.connect(said.append)
    assert _wait_reads(qtbot, panel, 1, lambda: panel.load_safetensors(more)) == [True]
    assert label.text().startswith("<b>two/model.safetensors</b>: 2 tensors, 64,000 parameters")
    assert "two/model.safetensors: 2 tensors, 64.0 K parameters" in said
    panel.shutdown()


def test_the_launch_after_is_not_compared_either(qtbot, settings: QSettings,  # noqa: ANN001
                                                 tmp_path: Path) -> None:
    """Re-walk s13 N1: the first relaunch saved the fallback preset as the selection, and the
    next one compared the checkpoint with it, all red, with no line left to say why."""
    checkpoint = _checkpoint_alone(tmp_path / "alone")
    gone = tmp_path / "moved" / "config.json"
    _in_group(settings, lambda s: s.setValue("compare", "tiny-gpt2"))
    first, _said = _reopened(qtbot, settings, gone, checkpoint, [False, True])
    _in_group(settings, first.save_settings)
    first.shutdown()
    for _launch in range(2):
        panel = show_panel(qtbot, BudgetPanel(), (1000, 800))
        assert _wait_reads(qtbot, panel, 1, lambda p=panel: _in_group(settings, p.restore_settings)
                           ) == [True]
        view = panel.checkpoint_view
        assert view.summary is not None and view.compare_table.rowCount() == 0
        assert "Compared with" not in view.summary_label.text()
        _in_group(settings, panel.save_settings)
        panel.shutdown()


def test_a_comparison_chosen_by_hand_comes_back(qtbot, settings: QSettings,  # noqa: ANN001
                                                tmp_path: Path) -> None:
    checkpoint = _checkpoint_alone(tmp_path / "alone")
    first = show_panel(qtbot, BudgetPanel(), (1000, 800))
    assert _wait_reads(qtbot, first, 1, lambda: first.load_safetensors(checkpoint)) == [True]
    rows = first.checkpoint_view.compare_table.rowCount()
    assert rows > 0 and first.compare_name() == "Llama-2-7B"
    _in_group(settings, first.save_settings)
    first.shutdown()
    panel = show_panel(qtbot, BudgetPanel(), (1000, 800))
    assert _wait_reads(qtbot, panel, 1, lambda: _in_group(settings, panel.restore_settings)
                       ) == [True]
    assert panel.checkpoint_view.compare_table.rowCount() == rows  # as it was shown
    assert "Llama-2-7B" in panel.checkpoint_view.summary_label.text()
    panel.shutdown()
