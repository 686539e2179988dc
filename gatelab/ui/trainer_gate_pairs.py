"""The trainer's neurons for the gate plane: each layer's (g, u) pairs from the run's latest
statistics, sent at most twice a second, with a label in the current language.

Why apart (a mixin of ``TrainerPanel``): it only reads the panel's statistics and layer picker
and emits the panel's signal; the panel wires it to progress, replays and the layer spin box.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np
from PySide6.QtCore import QCoreApplication

from gatelab.ui.variant_names import variant_name

GATE_PAIRS_INTERVAL_S = 0.5  # the gate plane redraws a scatter: twice a second is plenty


class GatePairs:
    """``_send_gate_pairs`` for ``TrainerPanel``."""

    # provided by TrainerPanel
    live: Any
    gate_pairs_changed: Any
    _stats: Any
    _stats_step: int
    _variant: str
    _pairs_sent: float = 0.0

    def _send_gate_pairs(self, force: bool = False) -> None:
        stats = self._stats
        now = time.monotonic()
        if stats is None or (not force and now - self._pairs_sent < GATE_PAIRS_INTERVAL_S):
            return
        pairs = np.asarray(stats.gate_pairs)
        if pairs.ndim != 3 or pairs.shape[0] == 0:
            return
        self.live.layer.setMaximum(pairs.shape[0] - 1)
        layer = min(self.live.layer.value(), pairs.shape[0] - 1)
        self._pairs_sent = now
        self.gate_pairs_changed.emit(pairs[layer], pairs_label(self._variant, layer,
                                                               self._stats_step), self._variant,
                                     layer)


def pairs_label(variant: str, layer: int, step: int) -> Callable[[], str]:
    """The gate plane's name for a run's neurons, as a function of the current language."""
    return lambda: QCoreApplication.translate("TrainerPanel", "{0}, layer L{1}, step {2}").format(
        variant_name(variant), layer, step)  # ("SwiGLU, layer L0", not the id "swiglu")


__all__ = ["GATE_PAIRS_INTERVAL_S", "GatePairs", "pairs_label"]
