"""gatelab runs as a source: every Trace value equals a direct computation with the model's own
modules, the span ranking finds a planted neuron, and every bad run gives its InsideError."""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch

from gatelab.core import stats
from gatelab.core.engine import load_trained
from gatelab.core.inside.analysis import (
    SUMMARY_KEYS, layer_summary, mean_summary, selectivity, span_ranking)
from gatelab.core.inside.errors import InsideError
from gatelab.core.inside.run_source import RunModel, trace_live, trace_run
from gatelab.core.model import gate_branch, up_branch
from tests.core.inside_helpers import train_tiny_run

torch.set_num_threads(1)
TEXT = "def gate(x):\n    return up(x)"


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("inside") / "run"
    train_tiny_run(path, attn_gate=True)
    return path


@torch.no_grad()
def _direct(model: Any, ids: list[int]) -> list[dict[str, torch.Tensor]]:
    """Layer by layer with the model's own modules, no capture object."""
    cfg = model.cfg
    x = model.tok_emb(torch.tensor([ids]))
    rope = (model.rope_cos, model.rope_sin)
    out = []
    for blk in model.blocks:
        mid = x + blk.attn(blk.attn_norm(x), rope)
        n = blk.mlp_norm(mid)
        g, u = blk.mlp.gate_proj(n), blk.mlp.up_proj(n)
        p = blk.mlp.params
        h = gate_branch(cfg.variant, g, p) * up_branch(cfg.variant, u, p)
        m = blk.mlp.down_proj(h)
        x = mid + m
        out.append({"g": g[0], "u": u[0], "h": h[0], "m": m[0], "x": x[0], "mid": mid[0]})
    return out


def test_trace_values_equal_direct_computation(run: Path) -> None:
    model, vocab, cfg = load_trained(run)
    model.eval()
    trace = trace_run(run, TEXT)
    ids = vocab.encode(TEXT)
    ref = _direct(model, ids)
    assert trace.tokens == list(TEXT) and trace.source_kind == "run" and trace.step == 12
    assert trace.variant == "swiglu" and trace.gate_eps == cfg.gate_eps
    assert (trace.vocab_size, trace.n_head) == (len(vocab), cfg.n_head)
    for lt, r in zip(trace.layers, ref):
        assert lt.g.shape == (len(TEXT), model.intermediate)  # one dot per intermediate neuron
        np.testing.assert_allclose(lt.g, r["g"].numpy(), rtol=1e-5, atol=1e-7)
        np.testing.assert_allclose(lt.u, r["u"].numpy(), rtol=1e-5, atol=1e-7)
        np.testing.assert_allclose(lt.h, r["h"].numpy(), rtol=1e-5, atol=1e-8)
        np.testing.assert_allclose(lt.mlp_norm, r["m"].norm(dim=-1).numpy(), rtol=1e-5)
        np.testing.assert_allclose(lt.resid_norm, r["x"].norm(dim=-1).numpy(), rtol=1e-5)
        assert lt.max_abs_hidden == pytest.approx(float(r["x"].abs().max()), rel=1e-6)
    t = 5
    for lt, row, r in zip(trace.layers, layer_summary(trace, t, eps=0.05), ref):
        assert set(row) == set(SUMMARY_KEYS)
        g = r["g"][t]
        assert row["frac_neg"] == pytest.approx(float((g < 0).float().mean()))
        closed = (gate_branch("swiglu", g, {"beta": 1.0}).abs() < 0.05).float().mean()
        assert row["frac_closed"] == pytest.approx(float(closed))
        assert row["mlp_ratio"] == pytest.approx(float(r["m"][t].norm() / r["x"][t].norm()), rel=1e-5)
        assert row["resid_norm"] == pytest.approx(float(r["x"][t].norm()), rel=1e-5)
        assert row["max_abs_h"] == pytest.approx(float(r["h"][t].abs().max()), rel=1e-5)


def test_attention_sink_and_gate_match_stats_module(run: Path) -> None:
    model, vocab, cfg = load_trained(run)
    model.eval()
    ids = vocab.encode(TEXT)
    cap = stats.BatchCapture(cfg.n_layer, cfg.variant, cfg.gate_eps, cfg.hist_bins, "cpu")
    seen: list[torch.Tensor] = []
    hooks = [b.attn.q_proj.register_forward_hook(lambda _m, _i, o: seen.append(o[0]))
             for b in model.blocks]
    with torch.no_grad():
        model(torch.tensor([ids]), torch.tensor([ids]), capture=cap)
    for h in hooks:
        h.remove()
    trace = trace_run(run, TEXT)
    expected = cap.materialise().attn_sink
    hd = cfg.n_embd // cfg.n_head
    for i, (lt, row) in enumerate(zip(trace.layers, layer_summary(trace))):
        assert lt.attn_sink.shape == (cfg.n_head,)
        assert row["attn_sink"] == pytest.approx(float(expected[i]), rel=1e-5)
        gate = seen[i].view(len(ids), cfg.n_head, 2 * hd)[..., hd:]
        assert lt.attn_gate_mean == pytest.approx(float(torch.sigmoid(gate).mean()), rel=1e-6)


def test_mean_summary_and_selectivity(run: Path) -> None:
    trace = trace_run(run, TEXT)
    per_token = [layer_summary(trace, t) for t in range(len(TEXT))]
    for i, row in enumerate(mean_summary(trace)):
        for key in ("frac_neg", "frac_closed", "mlp_ratio", "resid_norm", "max_abs_h"):
            assert row[key] == pytest.approx(np.mean([p[i][key] for p in per_token]), rel=1e-6)
    h = trace.layers[1].h.astype(np.float64)
    score = selectivity(trace, 1)
    sd = h.std(axis=0)
    n = int(np.argmax(score))
    assert score[n] == pytest.approx((h[:, n].max() - h[:, n].mean()) / (sd[n] + np.median(sd)),
                                     rel=1e-4)
    assert score.shape == (h.shape[1],)


def test_planted_neuron_ranks_first_for_its_span(run: Path) -> None:
    model, vocab, cfg = load_trained(run)
    text = "x = relu(gate_proj(up))"
    start, stop = text.index("relu"), text.index("relu") + 4
    blk, neuron = model.blocks[0], 7
    with torch.no_grad():  # layer 0 reads the embeddings alone once its attention writes nothing
        blk.attn.o_proj.weight.zero_()
        keys = [blk.mlp_norm(model.tok_emb.weight[vocab.stoi[c]]) for c in set("relu")]
        others = [blk.mlp_norm(model.tok_emb.weight[vocab.stoi[c]]) for c in set(text) - set("relu")]
        w = sum(k / k.norm() for k in keys) - sum(o / o.norm() for o in others) / len(others)
        blk.mlp.gate_proj.weight[neuron] = 4.0 * w / w.norm()
        blk.mlp.up_proj.weight[neuron] = 4.0 * w / w.norm()
    trace = trace_live(model, vocab, cfg, text)
    ranking = span_ranking(trace, 0, start, stop, k=5)
    assert ranking[0][0] == neuron and len(ranking) == 5
    assert ranking[0][1] > 2 * ranking[1][1]
    assert trace.source == "live" and trace.step is None


def test_history_step_traces_the_weights_of_that_step(run: Path) -> None:
    at4, at12 = trace_run(run, TEXT, step=4), trace_run(run, TEXT)
    assert at4.step == 4 and not np.allclose(at4.layers[0].g, at12.layers[0].g)
    src = RunModel(run, step=4)
    ref = _direct(src.model, src.vocab.encode(TEXT))
    np.testing.assert_allclose(at4.layers[1].h, ref[1]["h"].numpy(), rtol=1e-5, atol=1e-8)
    with pytest.raises(InsideError, match="no weights were kept for step 5; steps with weights: 4, 6, 8, 12"):
        trace_run(run, TEXT, step=5)


def test_bad_runs_and_texts(run: Path, tmp_path: Path) -> None:
    with pytest.raises(InsideError, match="no such run folder"):
        trace_run(tmp_path / "nope", TEXT)
    (tmp_path / "empty").mkdir()
    with pytest.raises(InsideError, match="not a gatelab run folder"):
        trace_run(tmp_path / "empty", TEXT)
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "ckpt.pt").write_bytes(b"not a checkpoint")
    with pytest.raises(InsideError, match="cannot open this run: checkpoint .* cannot be read"):
        trace_run(bad, TEXT)
    fifo = tmp_path / "fifo"
    fifo.mkdir()
    os.mkfifo(fifo / "ckpt.pt")
    with pytest.raises(InsideError, match="ckpt.pt: is not a regular file"):
        trace_run(fifo, TEXT)
    with pytest.raises(InsideError, match="empty"):
        trace_run(run, "")
    with pytest.raises(InsideError, match="has 40 characters but this model reads at most 32"):
        trace_run(run, "x" * 40)
    with pytest.raises(InsideError, match="unknown device"):
        trace_run(run, TEXT, device="tpu")
    trace = trace_run(run, TEXT)
    with pytest.raises(InsideError, match="token 99 is out of range"):
        layer_summary(trace, 99)
    with pytest.raises(InsideError, match="layer 5 is out of range"):
        selectivity(trace, 5)
    with pytest.raises(InsideError, match="holds no token"):
        span_ranking(trace, 0, 4, 4)
    assert math.isfinite(layer_summary(trace, -1)[0]["mlp_ratio"])


def test_checkpoint_config_larger_than_its_weights_is_refused(run: Path, tmp_path: Path) -> None:
    """A ckpt.pt whose config claimed width 16,384 × 8 layers (weights emptied) made the run
    loader allocate gigabytes before failing; now it is refused before the model is built."""
    import shutil
    import time
    bad = tmp_path / "bad"
    shutil.copytree(run, bad)
    ckpt = torch.load(bad / "ckpt.pt", weights_only=True)
    ckpt["config"].update(n_embd=16384, n_head=16, n_layer=8)
    ckpt["model"] = {"tok_emb.weight": torch.zeros(2, 2)}
    torch.save(ckpt, bad / "ckpt.pt")
    t0 = time.perf_counter()
    with pytest.raises(InsideError, match="describes .* parameters but the file holds only 4 numbers"):
        RunModel(bad)
    assert time.perf_counter() - t0 < 5
    assert RunModel(run).config.n_embd < 16384  # the genuine run still opens
