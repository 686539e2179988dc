"""Top-k contexts: equal to a brute-force search over the same windows, streamed with progress,
cancellable, over a run's validation split or an HF model's text."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import numpy as np
import pytest
import torch

from gatelab.core import data
from gatelab.core.inside.analysis import top_k_contexts, validation_text
from gatelab.core.inside.errors import InsideError
from gatelab.core.inside.run_source import RunModel
from gatelab.core.inside.topk import load_text_file
from tests.core.inside_helpers import train_tiny_run

torch.set_num_threads(1)


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("topk") / "run"
    train_tiny_run(path, steps=4, variant="geglu")
    return path


def _brute(src: RunModel, text: str, layer: int, neuron: int) -> np.ndarray:
    """h of the neuron at every token, from full traces of the same non-overlapping windows."""
    T = src.max_len
    return np.concatenate([src.trace(text[s:s + T]).layers[layer].h[:, neuron]
                           for s in range(0, len(text), T)])


def test_top_k_equals_brute_force_over_windows(run: Path) -> None:
    src = RunModel(run)
    text = validation_text(run)[:1000]
    h = _brute(src, text, 1, 3)
    seen: list[float] = []
    got = top_k_contexts(src, 1, 3, text, k=5, batch_tokens=128,
                         progress=lambda f, _m: seen.append(f))
    order = np.argsort(-h, kind="stable")[:5]
    assert [r["token_index"] for r in got] == [int(i) for i in order]
    np.testing.assert_allclose([r["score"] for r in got], h[order], rtol=1e-4, atol=1e-6)
    for r in got:
        i, ctx, pos = r["token_index"], r["context_text"], r["position_in_context"]
        assert ctx[pos] == text[i] == r["token"]
        assert text[i - pos:i - pos + len(ctx)] == ctx
    # 31 full windows of 32 in batches of 4 windows (8 batches), then the 8-token tail
    assert len(seen) == 9 and seen[-1] == 1.0 and seen == sorted(seen)


def test_no_contexts_asked_gives_none(run: Path) -> None:
    """k = 0 or below: an empty list (k = -1 raised torch's bare RuntimeError)."""
    src = RunModel(run)
    text = validation_text(run)[:200]
    assert top_k_contexts(src, 0, 0, text, k=0) == [] == top_k_contexts(src, 0, 0, text, k=-1)
    assert len(top_k_contexts(src, 0, 0, text, k=1)) == 1


def test_cancel_stops_between_batches(run: Path) -> None:
    src = RunModel(run)
    text = validation_text(run)[:1000]
    cancel = threading.Event()
    cancel.set()
    assert top_k_contexts(src, 0, 0, text, cancel=cancel) == []
    cancel.clear()
    calls: list[float] = []

    def progress(f: float, _m: str) -> None:
        calls.append(f)
        cancel.set()
    partial = top_k_contexts(src, 0, 0, text, k=3, batch_tokens=256, progress=progress,
                             cancel=cancel)
    assert len(calls) == 1 and len(partial) == 3
    assert all(r["token_index"] < 256 for r in partial)


def test_sources_by_path_and_validation_split(run: Path) -> None:
    corpus = data.load_corpus("generated")
    val = validation_text(run)
    _, val_ids = data.split(corpus, 32)
    assert val == corpus.vocab.decode(val_ids) and corpus.text.endswith(val)
    by_path = top_k_contexts(str(run), 0, 1, val[:300], k=3)
    by_model = top_k_contexts(RunModel(run), 0, 1, val[:300], k=3)
    assert by_path == by_model
    with pytest.raises(InsideError, match="neuron 100000 is out of range"):
        top_k_contexts(run, 0, 100000, val[:300])
    with pytest.raises(InsideError, match="layer 9 is out of range"):
        top_k_contexts(run, 9, 0, val[:300])
    with pytest.raises(InsideError, match="empty"):
        top_k_contexts(run, 0, 0, "")


def test_hf_top_k_matches_its_trace(tmp_path: Path) -> None:
    pytest.importorskip("transformers")
    from gatelab.core.inside.hf_source import HfModel
    from tests.core.inside_helpers import save_hf_model
    src = HfModel(save_hf_model(tmp_path / "m", "qwen3"), device="cpu")
    text = "The food was not bad at all. I flew from Paris to Tokyo last week."
    got = top_k_contexts(src, 1, 5, text, k=4)
    ids = src.encode(text)
    trace_h = src.trace(text).layers[1].h[:, 5]  # one window: same context as the trace
    order = np.argsort(-trace_h)[:4]
    assert len(ids) < src.max_len
    assert [r["token_index"] for r in got] == [int(i) for i in order]
    np.testing.assert_allclose([r["score"] for r in got], trace_h[order], rtol=1e-4, atol=1e-6)


def test_load_text_file_refuses_bad_files(tmp_path: Path) -> None:
    good = tmp_path / "t.txt"
    good.write_text("Paris and Tokyo", encoding="utf-8")
    assert load_text_file(good) == "Paris and Tokyo"
    with pytest.raises(InsideError, match="larger than"):
        load_text_file(good, max_bytes=4)
    (tmp_path / "empty.txt").write_text("  \n")
    with pytest.raises(InsideError, match="holds no text"):
        load_text_file(tmp_path / "empty.txt")
    (tmp_path / "bin").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(InsideError, match="not UTF-8"):
        load_text_file(tmp_path / "bin")
    with pytest.raises(InsideError, match="is a folder"):
        load_text_file(tmp_path)
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(InsideError, match="not a regular file"):
        load_text_file(tmp_path / "fifo")


def test_non_finite_h_is_never_a_top_context(run: Path) -> None:
    """Re-walk s19: a model with NaN weights listed ten "highest" contexts, every h nan."""
    src = RunModel(run)
    text = validation_text(run)[:300]
    real = src.neuron_h
    every_other = lambda x, layer, neuron: torch.where(  # noqa: E731
        torch.arange(x.numel()).view_as(x) % 2 == 0, real(x, layer, neuron), torch.nan)
    src.neuron_h = every_other  # type: ignore[method-assign]
    got = top_k_contexts(src, 0, 1, text, k=5, batch_tokens=64)
    assert len(got) == 5 and all(np.isfinite(r["score"]) for r in got)
    src.neuron_h = lambda x, layer, neuron: torch.full(x.shape, torch.nan)  # type: ignore[method-assign]
    assert top_k_contexts(src, 0, 1, text, k=5, batch_tokens=64) == []
