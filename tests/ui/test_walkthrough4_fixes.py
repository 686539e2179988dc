"""Walkthrough 4 at 1280×800: what the user sees after each fix."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from gatelab.core.trainconfig import TrainConfig

TINY = dict(corpus="generated", variant="swiglu", n_layer=1, n_embd=32, n_head=2, block_size=16,
            batch_size=4, steps=5, eval_interval=5, warmup_steps=1, seed=7, device="cpu")


@pytest.fixture
def panel(qtbot) -> Iterator[object]:  # noqa: ANN001
    from gatelab.ui.trainer_panel import TrainerPanel

    widget = TrainerPanel()
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    widget.activate()
    widget.controls.set_config(TrainConfig(**TINY))
    box = widget.controls.corpus
    qtbot.waitUntil(lambda: box.summary is not None, timeout=20000)
    yield widget
    widget.shutdown()


def _pick(qtbot, monkeypatch, box, path: str) -> None:  # noqa: ANN001
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (path, ""))
    box.open_button.click()
    qtbot.waitUntil(lambda: "Cannot use" in box.info.text() or box.summary is not None
                    and box.corpus() == path, timeout=20000)


def _items(box) -> list[str]:  # noqa: ANN001
    return [str(box.combo.itemData(i)) for i in range(box.combo.count())]


@pytest.mark.parametrize("kind", ["fifo", "folder", "binary"])
def test_refused_pick_leaves_the_list_and_goes_back(qtbot, monkeypatch, panel, tmp_path: Path,  # noqa: ANN001
                                                    kind: str) -> None:
    box = panel.controls.corpus
    before = _items(box)
    path = tmp_path / "bad.txt"
    if kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs here")
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        path.write_bytes(b"abc\x00\x01" * 100)
    _pick(qtbot, monkeypatch, box, str(path))
    qtbot.waitUntil(lambda: box.summary is not None, timeout=20000)
    assert _items(box) == before  # the refused file is not an entry that shifts the popup
    assert box.corpus() == "generated" and box.combo.currentText().startswith("Generated")
    assert box.error == ""
    text = box.info.text()
    assert text.count("Cannot use") == 1
    assert str(path) in text and "characters" in text  # why, under the corpus still chosen
    # a usable file picked afterwards is chosen and listed, and the old message goes
    good = tmp_path / "good.txt"
    good.write_text("hello world\n" * 100)
    _pick(qtbot, monkeypatch, box, str(good))
    qtbot.waitUntil(lambda: box.summary is not None and box.corpus() == str(good), timeout=20000)
    assert _items(box) == before + [str(good)] and "Cannot use" not in box.info.text()


def test_fifo_message_reads_once(qtbot, monkeypatch, panel, tmp_path: Path) -> None:  # noqa: ANN001
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    box = panel.controls.corpus
    fifo = tmp_path / "fifo.txt"
    os.mkfifo(fifo)
    _pick(qtbot, monkeypatch, box, str(fifo))
    qtbot.waitUntil(lambda: "Cannot use" in box.info.text(), timeout=20000)
    text = box.info.text()
    assert f"Cannot use {fifo}: is not a regular file (a pipe, device or socket)" in text
    assert text.lower().count("cannot use") == 1 and "this corpus" not in text
