"""The GUI thread runs no torch op while the trainer trains, replays and samples.

Why (s23): torch's CPU ops run on libgomp's OpenMP. Once the main thread has run one it owns a
team of OpenMP threads, and libgomp then spins less in every other thread's team (more managed
threads than cores), so training in the trainer's worker thread slowed to about half: a matmul
in a thread took 0.33 ms, 0.47 ms once the main thread had run one; bench_ui_latency read 0.52×
headless while its reference trained in its main thread, 0.87× since. The app keeps torch off
the GUI thread (the rule for a responsive window too); this holds it to that where it trains.
A dispatch mode is per thread: pushed here, it sees the GUI thread's ops only.
"""

from __future__ import annotations

import threading

from torch.utils._python_dispatch import TorchDispatchMode

from tests.ui.test_trainer_panel import panel  # noqa: F401 (fixture)
from tests.ui.test_trainer_s10 import _replay, _train


class GuiThreadOps(TorchDispatchMode):
    """Every torch op that reaches the dispatcher on this (the GUI) thread."""

    def __init__(self) -> None:
        super().__init__()
        self.ops: list[str] = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):  # noqa: ANN001, ANN204
        if threading.current_thread() is threading.main_thread():
            self.ops.append(str(func))
        return func(*args, **(kwargs or {}))


def test_train_replay_and_sample_run_no_torch_on_the_gui_thread(qtbot, panel) -> None:  # noqa: ANN001, F811
    with GuiThreadOps() as spy:
        run = _train(qtbot, panel, steps=6, eval_interval=3)
        _replay(qtbot, panel, run)
        panel.live.btn_sample.click()  # from the run's checkpoint, in a worker
        qtbot.waitUntil(lambda: "---" in panel.live.sample.toPlainText()
                        and panel.live.btn_sample.isEnabled(), timeout=30000)
    assert spy.ops == [], sorted(set(spy.ops))[:10]


def test_the_spy_sees_an_op_on_this_thread() -> None:
    import torch

    with GuiThreadOps() as spy:
        torch.ones(2) + 1
    assert "aten.add.Tensor" in spy.ops
