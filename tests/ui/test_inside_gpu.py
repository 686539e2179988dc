"""The inside tab on a GPU: an HF model folder analysed with device "cuda" (float32 and bf16)
gives the CPU's numbers. Skipped where there is no CUDA device."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
import torch
from PySide6.QtCore import Qt

from gatelab.ui.inside_panel import InsidePanel

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")
TEXT = "I flew from Paris to Tokyo last week"


@pytest.fixture(scope="module")
def tiny_hf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.core.inside_helpers import save_hf_model

    return save_hf_model(tmp_path_factory.mktemp("inside-gpu") / "qwen3", "qwen3")


@pytest.fixture
def panel(qtbot) -> Iterator[InsidePanel]:  # noqa: ANN001
    p = InsidePanel()
    qtbot.addWidget(p)
    p.show()
    yield p
    p.shutdown()


def _trace(qtbot, panel: InsidePanel, path: Path, device: str, dtype: str):  # noqa: ANN001, ANN202
    panel.source.set_kind("hf")
    panel.source.hf_path.setText(str(path))
    panel.source.set_device(device)
    panel.source.dtype.setCurrentText(dtype)
    panel.source.text.setText(TEXT)
    qtbot.mouseClick(panel.source.analyse, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=120000)
    assert panel.sel.has_trace(), panel.source.message_text()
    return panel.sel.trace


@pytest.mark.parametrize("dtype, tol", [("float32", 1e-4), ("bf16", 5e-2)])
def test_cuda_trace_matches_the_cpu(qtbot, panel: InsidePanel, tiny_hf: Path, dtype: str,  # noqa: ANN001
                                    tol: float) -> None:
    cpu = _trace(qtbot, panel, tiny_hf, "cpu", "float32")
    gpu = _trace(qtbot, panel, tiny_hf, "cuda", dtype)
    assert gpu.tokens == cpu.tokens and len(gpu.layers) == len(cpu.layers)
    assert panel.cache.model.device.type == "cuda"
    for a, b in zip(cpu.layers, gpu.layers):
        scale = float(np.max(np.abs(a.h))) or 1.0
        np.testing.assert_allclose(b.h, a.h, atol=tol * scale, rtol=tol)
        np.testing.assert_allclose(b.g, a.g, atol=tol * float(np.max(np.abs(a.g))), rtol=tol)
    panel.sel.set_neuron(3, layer=1)  # the views re-index the GPU's trace like any other
    np.testing.assert_array_equal(panel.shaded.strip.values(), gpu.layers[1].h[:, 3])
