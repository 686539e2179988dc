"""DeepSeek-V3 / GLM-4.5: the budget counts the router's stored ``e_score_correction_bias`` and
says so, with the exact number of values transformers keeps outside ``parameters()``."""

from __future__ import annotations

import random

import pytest

from gatelab.core.budget.hfconfig import count_from_hf_config
from tests.core import oracle

pytest.importorskip("transformers")


@pytest.mark.parametrize("family", ["deepseek_v3", "glm4_moe"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_note_names_exactly_what_parameters_leaves_out(family: str, seed: int) -> None:
    cfg, _ = oracle.GENERATORS[family](random.Random(seed))
    model = oracle.build(cfg)
    buffers = sum(b.numel() for n, b in model.named_buffers()
                  if n.endswith("e_score_correction_bias"))
    in_parameters = sum(p.numel() for p in model.parameters())
    count = count_from_hf_config(cfg)
    notes = [n for n in count.notes if getattr(n, "key", "") == "note.correction_bias"]
    if buffers == 0:  # every layer dense (first_k_dense_replace = all): nothing to explain
        assert notes == []
        return
    assert [n.values["n"] for n in notes] == [buffers]
    assert count.total - in_parameters == buffers  # the count is parameters() + the buffer
    assert f"({buffers:,} numbers)" in str(notes[0])


def test_a_model_without_the_bias_has_no_note() -> None:
    cfg, _ = oracle.GENERATORS["qwen3_5_moe_text"](random.Random(0))
    notes = [n for n in count_from_hf_config(cfg).notes if getattr(n, "key", "") == "note.correction_bias"]
    assert notes == []
