"""The live trainer's intro page, shown until the first run or replay.

Why a module of its own: a page of HTML is text, not behaviour; it names its translation
context ("LiveView", where it is shown), so lupdate reads it here with its translation unchanged.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

INTRO_HTML = QT_TRANSLATE_NOOP("LiveView", "<h2>Train a small transformer and watch its gates</h2>"
            "<ol>"
            "<li><b>Pick the text</b> it should learn to continue (left, top): Python source "
            "is built in, no download needed.</li>"
            "<li><b>Pick the FFN variant</b> — SwiGLU is the gated MLP of Llama, Qwen and "
            "friends; GELU is the classic two-matrix MLP. The parameter count updates as you "
            "type.</li>"
            "<li><b>Press Start.</b> Training runs in the background; the window stays usable, "
            "and Pause and Stop act at once.</li>"
            "</ol>"
            "<p>You will see, live:</p><ul>"
            "<li><b>Loss</b> falling (raw and smoothed), and the validation loss on unseen text;</li>"
            "<li><b>Gate sparsity</b>: how many of each layer's gates are nearly closed;</li>"
            "<li><b>MLP contribution</b>: each MLP writes a small correction into the residual "
            "stream, not a replacement;</li>"
            "<li><b>Largest |h|</b>: where activation outliers appear.</li></ul>"
            "<p>The real (g, u) pairs of every neuron go to the <i>Gate plane</i> tab. Saved runs "
            "are in <i>Runs</i>; the <i>Experiment</i> tab asks whether SwiGLU beats GELU at "
            "equal parameters, over several seeds.</p>")


__all__ = ["INTRO_HTML"]
