"""MLPs that fuse gate_proj and up_proj into one gate_up_proj (Phi-3, GLM-4): Phi3MLP's forward
chunks the fused output in two, the first half the gate, the second the up branch,
``up · activation_fn(gate)``. Inside reads them as every other gated MLP; each number here is
checked against the test's own hooks on the model's modules (activation_fn's input is the gate,
down_proj's input is h), never against the split gatelab does. Tiny random models and a
tokenizer are built in code and saved into tmp folders; nothing is downloaded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch

pytest.importorskip("transformers")

from gatelab.core.inside.analysis import layer_summary  # noqa: E402
from gatelab.core.inside.hf_check import check_hf_folder  # noqa: E402
from gatelab.core.inside.hf_source import HfModel  # noqa: E402
from gatelab.core.inside.topk import top_k_contexts  # noqa: E402
from tests.core.inside_helpers import save_spread  # noqa: E402

TEXT = "I flew from Paris to Tokyo last week"
LONG = " ".join(["the food was not bad at all, I flew from Paris to Tokyo last week"] * 2)
COMMON = dict(vocab_size=320, hidden_size=32, intermediate_size=48, num_hidden_layers=2,
              num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=128,
              tie_word_embeddings=False, pad_token_id=0, eos_token_id=0, bos_token_id=0)
FAMILIES = ("phi3", "glm4")


def _save(folder: Path, family: str) -> Path:
    from transformers import AutoConfig
    return save_spread(folder, AutoConfig.for_model(family, **COMMON))


@pytest.fixture(scope="module")
def folders(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("hf_fused")
    return {f: _save(root / f, f) for f in FAMILIES}


def _reference(src: HfModel, ids: list[int], zero: int | None = None) -> list[dict[str, Any]]:
    """Per layer: the gate (activation_fn's input), h (down_proj's input) and the layer output;
    with ``zero``, that layer's MLP returns zeros (its write is then the output's difference)."""
    rec: list[dict[str, Any]] = [{} for _ in src.layers]
    hooks = []
    for r, layer in zip(rec, src.layers):
        mlp = layer.mlp
        hooks += [
            mlp.activation_fn.register_forward_pre_hook(lambda _m, a, r=r: r.__setitem__("g", a[0][0])),
            mlp.down_proj.register_forward_pre_hook(lambda _m, a, r=r: r.__setitem__("h", a[0][0])),
            layer.register_forward_hook(lambda _m, _i, o, r=r: r.__setitem__(
                "x", (o[0] if isinstance(o, tuple) else o)[0]))]
    if zero is not None:
        hooks.append(src.layers[zero].mlp.register_forward_hook(lambda _m, _i, o: torch.zeros_like(o)))
    with torch.no_grad():
        src.model(input_ids=torch.tensor([ids]), use_cache=False)
    for h in hooks:
        h.remove()
    return rec


@pytest.mark.parametrize("family", FAMILIES)
def test_a_fused_gate_up_mlp_is_read_as_gate_and_up(folders: dict[str, Path], family: str) -> None:
    assert check_hf_folder(folders[family], device="cpu")["model_type"] == family
    src = HfModel(folders[family], device="cpu")
    assert src.variant == "swiglu" and src.intermediate(0) == COMMON["intermediate_size"]
    trace = src.trace(TEXT)
    ids = src.encode(TEXT, special=True)
    ref = _reference(src, ids)
    for i, (lt, r) in enumerate(zip(trace.layers, ref)):
        act = torch.nn.functional.silu(r["g"])
        np.testing.assert_allclose(lt.g, r["g"].numpy(), rtol=1e-6, atol=1e-6)
        np.testing.assert_allclose(lt.h, r["h"].numpy(), rtol=1e-6, atol=1e-6)
        np.testing.assert_allclose(lt.u * act.numpy(), r["h"].numpy(), rtol=1e-5, atol=1e-6)
        write = r["x"] - _reference(src, ids, zero=i)[i]["x"]
        np.testing.assert_allclose(lt.mlp_norm, write.norm(dim=-1).numpy(), rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(lt.resid_norm, r["x"].norm(dim=-1).numpy(), rtol=1e-6)
    for token, eps in ((None, 0.1), (2, 0.05)):
        t = len(trace.tokens) - 1 if token is None else token
        rows = layer_summary(trace, token, eps)
        for row, r in zip(rows, ref):
            act = torch.nn.functional.silu(r["g"][t])
            assert row["frac_closed"] == pytest.approx(float((act.abs() < eps).float().mean()))
            assert row["frac_neg"] == pytest.approx(float((r["g"][t] < 0).float().mean()))
            assert row["max_abs_h"] == pytest.approx(float(r["h"][t].abs().max()), rel=1e-6)


@pytest.mark.parametrize("family", FAMILIES)
def test_top_k_of_a_fused_mlp_scores_the_neurons_h(folders: dict[str, Path], family: str) -> None:
    src = HfModel(folders[family], device="cpu")
    ids = src.encode(LONG)
    assert 20 < len(ids) <= src.max_len  # one window: the reference pass sees the same context
    for layer, neuron in ((0, 3), (1, 47)):
        h = _reference(src, ids)[layer]["h"][:, neuron]
        got = src.neuron_h(torch.tensor([ids]), layer, neuron)[0]
        torch.testing.assert_close(got, h, rtol=1e-5, atol=1e-6)
    best = top_k_contexts(src, 1, 47, LONG, k=5)
    h = _reference(src, ids)[1]["h"][:, 47]
    order = torch.argsort(-h, stable=True)[:5]
    assert [r["token_index"] for r in best] == order.tolist()
    np.testing.assert_allclose([r["score"] for r in best], h[order].numpy(), rtol=1e-5, atol=1e-6)
