"""The corpus picker's messages are current: a fixed or replaced corpus clears the old error, and a
corpus too short for the block size is flagged when chosen, not after Start (issue 8)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from gatelab.core.trainconfig import TrainConfig

from tests.ui.conftest import TINY_TRAIN, tiny_trainer

TINY = TINY_TRAIN


@pytest.fixture
def panel(qtbot) -> Iterator[object]:  # noqa: ANN001
    widget = tiny_trainer(qtbot, None, settle=False)
    yield widget
    widget.shutdown()


def _choose(qtbot, panel, spec: str) -> None:  # noqa: ANN001
    box = panel.controls.corpus
    box.set_corpus(spec)
    qtbot.waitUntil(lambda: box.summary is not None or bool(box.error), timeout=20000)


def test_old_error_goes_when_a_valid_corpus_is_chosen(qtbot, panel, tmp_path: Path) -> None:  # noqa: ANN001
    bad = tmp_path / "binary.txt"
    bad.write_bytes(b"abc\x00\x01" * 100)
    _choose(qtbot, panel, str(bad))
    assert not panel.start()
    assert "binary" in panel.error_text and panel.bar.error.isVisible()
    _choose(qtbot, panel, "generated")
    assert panel.controls.corpus.error == ""
    assert panel.error_text == "" and not panel.bar.error.isVisible()
    assert "Cannot use" not in panel.controls.corpus.info.text()


def test_fixed_file_is_read_again(qtbot, panel, tmp_path: Path) -> None:  # noqa: ANN001
    path = tmp_path / "c.txt"
    path.write_bytes(b"abc\x00" * 100)
    _choose(qtbot, panel, str(path))
    assert "binary" in panel.controls.corpus.error
    path.write_text("hello world\n" * 100)
    _choose(qtbot, panel, "generated")
    _choose(qtbot, panel, str(path))  # picked again from the list: not the cached error
    assert panel.controls.corpus.error == "" and panel.controls.corpus.summary.chars == 1200


def test_too_short_is_flagged_when_chosen_and_when_the_block_changes(qtbot, panel,  # noqa: ANN001
                                                                     tmp_path: Path) -> None:
    short = tmp_path / "short.txt"
    short.write_text("x" * 100)
    panel.controls.block.setValue(64)
    _choose(qtbot, panel, str(short))
    box = panel.controls.corpus
    assert "too short: 100 characters" in box.error and "block size 64" in box.error
    assert "too short" in box.info.text()
    assert not panel.start() and "too short" in panel.error_text  # refused, nothing launched
    panel.controls.block.setValue(49)  # 2 · (49 + 1) = 100 fits exactly
    assert box.error == "" and "too short" not in box.info.text()
    assert panel.error_text == ""  # the "Not started" message went with the cause
    panel.controls.block.setValue(50)
    assert "block size 50 needs at least 102" in box.error


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_fifo_corpus_is_refused_without_blocking(qtbot, panel, tmp_path: Path) -> None:  # noqa: ANN001
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)
    _choose(qtbot, panel, str(fifo))  # read by the background call: the GUI never waits on it
    assert "not a regular file" in panel.controls.corpus.error


def test_a_run_too_big_for_memory_is_refused_with_the_numbers(qtbot, panel) -> None:  # noqa: ANN001
    """Regression (issue 8): a too-large model was built anyway and the process was killed."""
    panel.controls.set_config(TrainConfig(**{**TINY, "n_embd": 4096, "n_head": 64, "n_layer": 64,
                                             "batch_size": 4096, "block_size": 4096}))
    assert panel.start()
    qtbot.waitUntil(lambda: not panel.controller.is_busy(), timeout=30000)
    assert panel.run_state == "error"
    assert "needs ≈" in panel.error_text and "available" in panel.error_text
    assert not Path(panel.run_dir).exists()  # refused before anything was written
