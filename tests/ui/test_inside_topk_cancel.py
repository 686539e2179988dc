"""Top-k over a multi-MB text file with an HF model: progress while the text is tokenized,
Cancel within a bound, a shutdown mid-search that returns promptly with no thread left running,
and a new search that clears the last one's error."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from gatelab.ui import qt_threads
from gatelab.ui.inside_panel import InsidePanel
from tests.ui.conftest import show_panel

CANCEL_BOUND_S = 3.0  # a piece of ~64 K characters takes well under a second to tokenize
CLOSE_BOUND_S = 3.0  # shutdown waits at most inside_worker.SHUTDOWN_WAIT_MS (2 s)


@pytest.fixture(scope="module")
def tiny_hf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("transformers")
    from tests.core.inside_helpers import save_hf_model

    return save_hf_model(tmp_path_factory.mktemp("topk-cancel") / "llama", "llama")


@pytest.fixture(scope="module")
def big_text(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """8 MB: one tokenizer call over it takes many seconds (the old, uncancellable search)."""
    path = tmp_path_factory.mktemp("topk-text") / "big.txt"
    line = "The food was not bad at all. I flew from Paris to Tokyo last week.\n"
    path.write_text(line * (8_000_000 // len(line)), encoding="utf-8")
    return path


@pytest.fixture
def panel(qtbot, tiny_hf: Path) -> Iterator[InsidePanel]:  # noqa: ANN001
    p = show_panel(qtbot, InsidePanel())
    p.source.set_kind("hf")
    p.source.device.setCurrentText("cpu")
    p.source.hf_path.setText(str(tiny_hf))
    p.source.text.setText("the cat")
    assert p.analyse()
    qtbot.waitUntil(lambda: not p.runner.is_busy(), timeout=60000)
    assert p.sel.has_trace(), p.source.message_text()
    yield p
    p.shutdown()
    assert not p.runner.is_busy()


def _find(qtbot, p: InsidePanel, text_file: Path) -> None:  # noqa: ANN001
    """Choose the text file and press "Find top contexts", as a user would."""
    p.topk.text_file = str(text_file)
    p.topk.set_target(*p.topk.target_args())
    assert p.topk.find_button.isEnabled()
    qtbot.mouseClick(p.topk.find_button, Qt.MouseButton.LeftButton)


def _wait_for_progress(qtbot, p: InsidePanel) -> None:  # noqa: ANN001
    """The search shows progress while the text is still being tokenized."""
    qtbot.waitUntil(lambda: p.topk.progress.value() > 0, timeout=10000)
    assert p.topk.progress.isVisible() and p.runner.is_busy()
    assert "tokens" in p.topk.progress.text(), p.topk.progress.text()


def test_a_search_over_a_big_text_shows_progress_and_cancels_in_time(
        qtbot, panel: InsidePanel, big_text: Path) -> None:  # noqa: ANN001
    _find(qtbot, panel, big_text)
    assert panel.runner.is_busy() and panel.topk.cancel_button.isEnabled()
    _wait_for_progress(qtbot, panel)
    t0 = time.monotonic()
    qtbot.mouseClick(panel.topk.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=int(CANCEL_BOUND_S * 1000))
    assert time.monotonic() - t0 < CANCEL_BOUND_S
    assert "cancelled" in panel.topk.message.text(), panel.topk.message.text()
    assert panel.topk.find_button.isEnabled() and not panel.topk.progress.isVisible()


def test_shutdown_mid_search_returns_promptly_and_leaves_no_thread_running(
        qtbot, panel: InsidePanel, big_text: Path) -> None:  # noqa: ANN001
    _find(qtbot, panel, big_text)
    _wait_for_progress(qtbot, panel)
    thread = panel.runner._thread
    assert thread is not None and thread.isRunning()
    t0 = time.monotonic()
    panel.shutdown()  # what closing the window calls
    assert time.monotonic() - t0 < CLOSE_BOUND_S
    assert not panel.runner.is_busy() and thread.isFinished() and not thread.isRunning()
    assert all(not t.isRunning() for t, _w in qt_threads.PARKED + qt_threads.STARTED)


def test_a_new_search_clears_the_last_error_and_starts_from_zero(
        qtbot, panel: InsidePanel, big_text: Path, tmp_path: Path) -> None:  # noqa: ANN001
    _find(qtbot, panel, tmp_path / "missing.txt")
    qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=30000)
    old_error = panel.topk.message.text()
    assert "missing.txt" in old_error
    _find(qtbot, panel, big_text)
    assert panel.runner.is_busy()
    shown = panel.topk.message.text()
    assert "missing.txt" not in shown and "Searching" in shown, shown
    assert panel.topk.message.styleSheet() == ""  # not the error's red
    assert panel.topk.progress.isVisible() and panel.topk.progress.value() == 0
    panel.runner.cancel()
    qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=int(CANCEL_BOUND_S * 1000))
