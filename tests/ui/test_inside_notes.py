"""The Inside tab shows a model folder's notes (``HfModel.info["notes"]``) in the line that says
what was traced: a config.json that claims float8 weights (the files hold float32) is analysed,
and the line says so, in the current language (the core message goes through the translator
of context "core", and a language switch re-renders it). A clean folder shows no note."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator

pytest.importorskip("transformers")

from gatelab.core.messages import MESSAGES  # noqa: E402
from gatelab.ui.inside_panel import InsidePanel  # noqa: E402
from tests.ui.conftest import show_panel  # noqa: E402
from tests.ui.inside_synth import analyse_hf_folder  # noqa: E402

NOTE = "config.json's torch_dtype says the weights are float8_e4m3fn"
TEMPLATE = MESSAGES["inside.config_dtype_note"]


class CoreOnly(QTranslator):
    """The dtype note's template in "another language" (same placeholders); nothing else."""

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str:
        if context == "core" and source == TEMPLATE:
            return "ÜBERSETZT {name} = {value} ({dtype}) in {path}"
        return source  # (an empty string would replace the source: PySide has no null QString)

    def isEmpty(self) -> bool:  # noqa: N802 (Qt's name)
        return False


@pytest.fixture(scope="module")
def tiny_hf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.core.inside_helpers import save_hf_model

    return save_hf_model(tmp_path_factory.mktemp("inside-notes") / "llama", "llama")


@pytest.fixture
def panel(qtbot) -> Iterator[InsidePanel]:  # noqa: ANN001
    p = show_panel(qtbot, InsidePanel())
    yield p
    p.shutdown()


def test_a_config_dtype_note_is_shown_and_translated(qtbot, panel: InsidePanel,  # noqa: ANN001
                                                     tiny_hf: Path, tmp_path: Path) -> None:
    folder = tmp_path / "float8"
    shutil.copytree(tiny_hf, folder)
    cfg = json.loads((folder / "config.json").read_text())
    cfg["torch_dtype"] = "float8_e4m3fn"
    (folder / "config.json").write_text(json.dumps(cfg))
    text = analyse_hf_folder(qtbot, panel, folder)
    assert "tokens through" in text and "Note: " in text and NOTE in text, text
    assert "they were analysed as float32" in text
    assert panel.source.message.isVisible()
    translator = CoreOnly()
    QCoreApplication.installTranslator(translator)
    try:
        panel.retranslate()
        text = panel.source.message_text()
        assert "ÜBERSETZT torch_dtype = float8_e4m3fn (float32)" in text, text
        assert NOTE not in text
    finally:
        QCoreApplication.removeTranslator(translator)
    panel.retranslate()
    assert NOTE in panel.source.message_text()


def test_a_clean_folder_shows_no_note(qtbot, panel: InsidePanel, tiny_hf: Path) -> None:  # noqa: ANN001
    text = analyse_hf_folder(qtbot, panel, tiny_hf)
    assert "tokens through" in text and "Note:" not in text, text
