"""What the Inside tab draws for characters split over several byte-level tokens (walkthrough
#5: "· � � �" in the strip, "(���0.2785" in the top-k contexts), and the one-line messages of
the hostile folders of probe #8 in the Inside and Budget tabs."""

from __future__ import annotations

import html
import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("transformers")

from gatelab.core.inside.hf_source import HfModel  # noqa: E402
from gatelab.core.inside.topk import top_k_contexts  # noqa: E402
from gatelab.ui.inside_panel import InsidePanel  # noqa: E402
from gatelab.ui.inside_worker import inside_error_message  # noqa: E402
from gatelab.ui.messages import message_text  # noqa: E402
from tests.core.inside_helpers import save_hf_model  # noqa: E402
from tests.ui.conftest import show_panel  # noqa: E402

BAD = "\ufffd"
TEXT = "The gate, 你 world (−0.2785)"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return save_hf_model(tmp_path_factory.mktemp("s11_ui") / "qwen3", "qwen3")


@pytest.fixture(scope="module")
def model(folder: Path) -> HfModel:
    return HfModel(folder, device="cpu")


@pytest.fixture
def panel(qtbot, model: HfModel) -> Iterator[InsidePanel]:  # noqa: ANN001
    p = show_panel(qtbot, InsidePanel())
    p.sel.set_trace(model.trace(TEXT))
    yield p
    p.shutdown()


def _plain(rich: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", rich))


def test_strip_draws_each_piece_with_its_character(qtbot, panel: InsidePanel) -> None:  # noqa: ANN001
    strip = panel.shaded.strip
    trace = panel.sel.trace
    i = trace.tokens.index("你(1/3)")
    drawn = _plain(strip.to_html("t"))
    assert BAD not in drawn and "你(1/3)" in drawn and "−(3/3)" in drawn
    assert "你(2/3)" in _plain(strip.tooltip_at(i + 1))
    # a span dragged over the pieces names the real text, not the drawn pieces
    panel.sel.set_span(i - 1, i + 4)
    hint = panel.rankings.span_hint.text()
    assert "“·你·w”" in hint and "(1/3)" not in hint and BAD not in hint, hint


def test_top_k_contexts_read_as_the_text(qtbot, panel: InsidePanel,  # noqa: ANN001
                                         model: HfModel) -> None:
    text = "ab (−0.2785) 你好 the gate, " * 30
    found = top_k_contexts(model, 0, 3, text, k=30)
    panel.topk.show_results(found, "L0 #3", len(text), False)
    page = panel.topk.to_html()
    rows = re.findall(r"<td style='font-family:monospace'>(.*?)</td>", page)
    assert len(rows) == 30
    for row, c in zip(rows, found):
        assert _plain(row) == c["context_text"] and BAD not in _plain(row)
        marked = _plain(re.search(r"<span[^>]*>(.*?)</span>", row).group(1))
        piece = re.fullmatch(r"(.)\(\d/\d\)", c["token"])
        assert marked == (piece.group(1) if piece else c["token"])
    assert "(−0.2785" in _plain(page)


def test_loop_index_messages_in_the_inside_and_budget_tabs(folder: Path, tmp_path: Path) -> None:
    bad = tmp_path / "loop"
    shutil.copytree(folder, bad)
    (bad / "sub").mkdir()
    os.symlink("b.safetensors", bad / "sub" / "a.safetensors")
    os.symlink("a.safetensors", bad / "sub" / "b.safetensors")
    index = bad / "model.safetensors.index.json"
    index.write_text(json.dumps({"weight_map": {"model.embed_tokens.weight": "sub/a.safetensors"}}))
    with pytest.raises(ValueError) as got:  # the Inside tab's worker shows this message
        HfModel(bad, device="cpu")
    line = inside_error_message(got.value)
    assert line == ("the weights cannot be read: model.safetensors.index.json: shard "
                    "'sub/a.safetensors' cannot be read: a symbolic link that loops back on itself")
    from gatelab.ui.budget_loader import read_checkpoint
    with pytest.raises(ValueError) as got:  # the budget loader shows ValueErrors as their text
        read_checkpoint(str(index))
    assert message_text(got.value).startswith("model.safetensors.index.json: shard 'sub/a.")
