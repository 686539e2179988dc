"""The Inside tab's warning for characters a tokenizer without an unk token dropped (probe s21):
"read as '<unk>'" would be untrue for them, since no token stands for them at all, so the
warning says they were dropped, and it is shown as a warning. The model and tokenizer are
built here (tiny, on the CPU); nothing is downloaded."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from gatelab.ui.inside_messages import trace_text
from gatelab.ui.inside_panel import InsidePanel
from tests.core.test_inside_dropped_chars import DROPPED, TEXT, _folder
from tests.ui.conftest import show_panel
from tests.ui.inside_synth import make_trace

from .test_inside_panel import analyse


@pytest.fixture
def inside(qtbot) -> Iterator[InsidePanel]:  # noqa: ANN001
    p = show_panel(qtbot, InsidePanel())
    yield p
    p.shutdown()


def test_the_warning_says_dropped_not_read_as() -> None:
    trace = dataclasses.replace(make_trace(text="abc"), source_kind="hf")
    many = dataclasses.replace(trace, dropped_chars=DROPPED)
    assert ("Warning: 7 characters of the text ('Z', 'ü', ',', 'K', 'ö', …) are not in this "
            "model's vocabulary and were dropped by its tokenizer: no token stands for them, so "
            "the numbers describe the text without them.") in trace_text(many)
    assert "read as" not in trace_text(many)
    one = dataclasses.replace(trace, dropped_chars=("&",))
    assert "1 character of the text ('&') is not in this model's vocabulary and was dropped" \
        in trace_text(one)
    both = dataclasses.replace(one, unknown=(1,), unknown_as="<unk>", unknown_chars=("b",))
    text = trace_text(both)
    assert "('b') is not in this model's vocabulary and was read as '<unk>'" in text
    assert "('&') is not in this model's vocabulary and was dropped" in text
    assert "Warning" not in trace_text(trace)


def test_the_tab_warns_of_a_models_dropped_characters(qtbot, inside: InsidePanel,  # noqa: ANN001
                                                      tmp_path: Path) -> None:
    analyse(qtbot, inside, "hf", str(_folder(tmp_path, None)), TEXT)
    msg = inside.source.message_text()
    assert ("Warning: 7 characters of the text ('Z', 'ü', ',', 'K', 'ö', …) are not in this "
            "model's vocabulary and were dropped by its tokenizer") in msg
    assert "bold" in inside.source.message.styleSheet()  # shown as a warning
