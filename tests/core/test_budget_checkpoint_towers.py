"""A multimodal checkpoint's vision/audio towers are grouped apart from the language model.

Why: the config's count covers the language model only (``text_config``), so the tower's
attention, MLP and norm tensors, filed under the text model's parts, made every part row of the
cross-check look wrong (gemma3: attention +2,176, MLP +1,616, norms +144, other +2,080). Held on
checkpoints transformers itself saved, and on the names its in-memory models use.
"""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pytest

from gatelab.core.budget import compare, count_from_hf_config, read_checkpoint, summarize
from gatelab.core.budget.checkpoint import classify
from tests.core import oracle

transformers = pytest.importorskip("transformers")
torch = pytest.importorskip("torch")

WRAPPERS = ("gemma3", "qwen3_5", "qwen3_5_moe", "llama4")


def _towers(sizes: dict[str, int]) -> int:
    return sum(v for name, v in sizes.items() if name.startswith(oracle.TOWERS))


def _check(summary, cfg: dict) -> int:  # noqa: ANN001
    """Text parts equal, the towers their own row, the total = text + towers; the towers."""
    count = count_from_hf_config(cfg)
    rows = {part: (ck, conf, diff) for part, ck, conf, diff in compare(summary, count)}
    towers = rows["towers"][0]
    assert [p for p, (_, _, diff) in rows.items() if diff and p not in ("towers", "total")] == []
    assert rows["towers"] == (towers, 0, towers) and towers > 0
    assert rows["total"] == (summary.total, count.total, towers)
    assert sum(ck for p, (ck, _, _) in rows.items() if p != "total") == summary.total
    assert [n.values for n in summary.notes if n.key == "note.towers_ckpt"] == [{"n": towers}]
    return towers


@pytest.mark.parametrize("family", WRAPPERS)
def test_a_saved_wrapper_checkpoint_compares_equal_on_the_text_model(family: str,
                                                                     tmp_path: Path) -> None:
    cfg, _ = oracle.GENERATORS[family](random.Random(3))
    kwargs = {k: v for k, v in cfg.items() if k != "model_type"}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        config = transformers.AutoConfig.for_model(family, **kwargs)
        model = transformers.AutoModelForImageTextToText.from_config(config)
    model.save_pretrained(tmp_path)
    summary = summarize(read_checkpoint(tmp_path / "model.safetensors"))
    towers = _check(summary, cfg)
    assert towers == _towers({n: p.numel() for n, p in model.named_parameters()})


@pytest.mark.parametrize("family", WRAPPERS)
def test_in_memory_names_of_a_wrapper_group_the_towers_apart(family: str) -> None:
    cfg, _ = oracle.GENERATORS[family](random.Random(4))
    tensors = oracle.header(cfg)
    towers = _check(summarize(tensors), cfg)
    assert towers == _towers({n: oracle.torch.Size(s).numel() for n, (_, s) in tensors.items()})


@pytest.mark.parametrize(("name", "group"), [
    ("model.visual.blocks.0.attn.qkv.weight", "towers"),
    ("visual.merger.mlp.0.weight", "towers"),
    ("vision_tower.vision_model.encoder.layers.0.mlp.fc1.weight", "towers"),
    ("model.vision_tower.vision_model.post_layernorm.weight", "towers"),
    ("multi_modal_projector.mm_input_projection_weight", "towers"),
    ("model.multi_modal_projector.linear_1.weight", "towers"),
    ("vision_model.model.layers.0.self_attn.q_proj.weight", "towers"),
    ("model.audio_tower.layers.0.fc1.weight", "towers"),
    ("language_model.model.layers.0.self_attn.q_proj.weight", "attention"),
    ("model.language_model.layers.0.mlp.up_proj.weight", "mlp.up"),
    ("language_model.lm_head.weight", "lm_head"),
])
def test_tower_names_are_classified_apart(name: str, group: str) -> None:
    assert classify(name) == group
