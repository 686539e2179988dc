"""The forward-pass map's sizes of a traced model (walkthrough s13, defect 1): a Qwen3.5 folder
loaded in Inside the model was drawn as four softmax-attention layers of 4 heads; its three
Gated DeltaNet layers, its KV heads and its attention output gate went unsaid."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from types import SimpleNamespace

import pytest
import torch

from gatelab.core.forward_map import ForwardSizes, sizes_of_trace
from gatelab.core.inside.hf_layers import attention_width
from gatelab.core.inside.run_source import trace_run
from tests.core.inside_helpers import train_tiny_run

pytest.importorskip("transformers")
torch.set_num_threads(1)


def test_a_qwen3_5_folder_is_drawn_hybrid(tmp_path: Path) -> None:
    from gatelab.core.inside.hf_source import trace_hf
    from tests.core.inside_helpers import save_hf_model

    trace = trace_hf(save_hf_model(tmp_path / "q", "qwen3_5"), "The cat sat on the mat.",
                     device="cpu")
    raw = sizes_of_trace(trace)
    assert raw is not None
    sizes = ForwardSizes.from_dict(raw)
    # layer_types: linear, full, linear, full; 4 heads over 2 KV heads; gated full attention
    assert (sizes.n_layer, sizes.n_linear, sizes.n_head, sizes.n_kv_head) == (4, 2, 4, 2)
    assert sizes.attn_gate and sizes.attn_width is None  # 4 × 8 = 32 = d
    assert (sizes.d, sizes.m, sizes.variant) == (32, 48, "swiglu")


def test_a_llama_folder_has_no_linear_layers_or_gate(tmp_path: Path) -> None:
    from gatelab.core.inside.hf_source import trace_hf
    from tests.core.inside_helpers import save_hf_model

    trace = trace_hf(save_hf_model(tmp_path / "l", "llama"), "The cat sat.", device="cpu")
    sizes = ForwardSizes.from_dict(sizes_of_trace(trace) or {})
    assert (sizes.n_linear, sizes.n_kv_head, sizes.attn_gate) == (0, 2, False)


def test_a_run_keeps_its_heads_and_gate(tmp_path: Path) -> None:
    run = tmp_path / "run"
    train_tiny_run(run, n_kv_head=1, attn_gate=True)
    trace = trace_run(run, "hello")
    sizes = ForwardSizes.from_dict(sizes_of_trace(trace) or {})
    assert sizes.n_kv_head == 1 and sizes.attn_gate and sizes.n_linear == 0
    assert sizes.attn_width is None  # a run's attention is d wide
    full = dataclasses.replace(trace, n_kv_head=trace.n_head)
    assert ForwardSizes.from_dict(sizes_of_trace(full) or {}).n_kv_head is None  # not GQA


def test_an_empty_trace_has_no_sizes(tmp_path: Path) -> None:
    train_tiny_run(tmp_path / "run")
    trace = trace_run(tmp_path / "run", "hi")
    assert sizes_of_trace(dataclasses.replace(trace, layers=[])) is None


@pytest.mark.parametrize(("config", "width"), [
    (SimpleNamespace(num_attention_heads=8, head_dim=256, hidden_size=1024), 2048),  # Qwen3.5
    (SimpleNamespace(num_attention_heads=4, hidden_size=32), 32),  # head_dim derived
    (SimpleNamespace(num_attention_heads=4, head_dim=None, hidden_size=32), 32),
    (SimpleNamespace(hidden_size=32), 0), (SimpleNamespace(num_attention_heads=4), 0),
    (SimpleNamespace(num_attention_heads=True, hidden_size=32), 0),
])
def test_attention_width(config: object, width: int) -> None:
    assert attention_width(config) == width
