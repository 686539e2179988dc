"""On a CUDA machine: traces on the GPU equal the CPU's (float32), bf16 stays close, and the
memory check reads the GPU's free memory. Skipped where there is no GPU."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")
TEXT = "I flew from Paris to Tokyo last week"


@pytest.mark.parametrize("kind", ["llama", "qwen3_5"])
def test_hf_trace_on_cuda_equals_cpu(tmp_path: Path, kind: str) -> None:
    pytest.importorskip("transformers")
    from gatelab.core.inside.hf_source import check_hf_folder, trace_hf
    from tests.core.inside_helpers import save_hf_model
    folder = save_hf_model(tmp_path / kind, kind)
    info = check_hf_folder(folder)
    assert info["device"] == "cuda" and 0 < info["available_bytes"] <= torch.cuda.mem_get_info()[1]
    cpu = trace_hf(folder, TEXT, device="cpu")
    gpu = trace_hf(folder, TEXT)  # the default device is the GPU
    bf16 = trace_hf(folder, TEXT, dtype="bf16")
    for a, b, c in zip(cpu.layers, gpu.layers, bf16.layers):
        np.testing.assert_allclose(b.g, a.g, rtol=1e-3, atol=1e-4)
        np.testing.assert_allclose(b.h, a.h, rtol=1e-3, atol=1e-5)
        np.testing.assert_allclose(b.resid_norm, a.resid_norm, rtol=1e-3)
        np.testing.assert_allclose(c.g, a.g, atol=0.05)
        assert (a.attn_sink is None) == (b.attn_sink is None)
        if a.attn_sink is not None:
            np.testing.assert_allclose(b.attn_sink, a.attn_sink, rtol=1e-3, atol=1e-5)


def test_run_trace_on_cuda_equals_cpu(tmp_path: Path) -> None:
    from gatelab.core.inside.run_source import trace_run
    from tests.core.inside_helpers import train_tiny_run
    train_tiny_run(tmp_path / "run", steps=4, attn_gate=True)
    text = "def gate(x):"
    cpu, gpu = trace_run(tmp_path / "run", text), trace_run(tmp_path / "run", text, device="cuda")
    for a, b in zip(cpu.layers, gpu.layers):
        np.testing.assert_allclose(b.h, a.h, rtol=1e-3, atol=1e-6)
        np.testing.assert_allclose(b.attn_sink, a.attn_sink, rtol=1e-3)
        assert b.attn_gate_mean == pytest.approx(a.attn_gate_mean, rel=1e-4)
