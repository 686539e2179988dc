"""The Inside tab says so when the weight files hold tensors the model built from config.json
does not use (a config.json naming 1 layer beside files of 2): the views describe the smaller
model, and the line that says what was traced names the unused tensors (probe s24)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("transformers")

from gatelab.ui.inside_panel import InsidePanel  # noqa: E402
from tests.ui.conftest import show_panel  # noqa: E402
from tests.ui.inside_synth import analyse_hf_folder  # noqa: E402


@pytest.fixture(scope="module")
def folders(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    from tests.core.inside_helpers import copy_with_config, save_hf_model

    root = tmp_path_factory.mktemp("inside-unused")
    whole = save_hf_model(root / "llama", "llama")
    return whole, copy_with_config(whole, root / "one_layer", num_hidden_layers=1)


@pytest.fixture
def panel(qtbot) -> Iterator[InsidePanel]:  # noqa: ANN001
    p = show_panel(qtbot, InsidePanel())
    yield p
    p.shutdown()


def test_unused_weights_are_named_in_the_traced_line(qtbot, panel: InsidePanel,  # noqa: ANN001
                                                     folders: tuple[Path, Path]) -> None:
    whole, one_layer = folders
    line = analyse_hf_folder(qtbot, panel, one_layer)
    assert len(panel.sel.trace.layers) == 1
    assert "the weight files hold 9 tensors that the model built from config.json does not use" \
        in line
    assert "model.layers.1." in line
    assert "does not use" not in analyse_hf_folder(qtbot, panel, whole)
