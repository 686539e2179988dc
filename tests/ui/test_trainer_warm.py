"""The trainer tab warms torch's first optimizer in the background when first shown (see
``core.optim.warm_up``): the first Start no longer spends ~2 s in a lazy import that no Stop or
window close could interrupt."""

from __future__ import annotations


def test_first_show_warms_torchs_optimizer_off_the_gui_thread(qtbot, monkeypatch) -> None:  # noqa: ANN001
    """The first Start paid ~2 s in torch's first optimizer (a lazy import) where no Stop or
    close could interrupt it; the tab warms it up in the background when first shown."""
    import threading

    import gatelab.ui.trainer_panel as trainer_panel_module
    from gatelab.ui.trainer_panel import TrainerPanel

    seen: list[bool] = []
    monkeypatch.setattr(trainer_panel_module, "warm_up",
                        lambda: seen.append(threading.current_thread() is threading.main_thread()))
    widget = TrainerPanel()
    qtbot.addWidget(widget)
    widget.activate()
    qtbot.waitUntil(lambda: bool(seen), timeout=10000)
    assert seen == [False]  # called once, and not on the GUI thread
    widget.shutdown()
