"""What the "Inside the model" tab shows before the first text is analysed: how to begin.

Like the trainer's intro page, it says in plain words what to pick, what each view answers, and
offers one button that analyses the chosen text with the chosen source.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from gatelab.ui.intro_page import IntroPageBase


class IntroPage(IntroPageBase):
    """The first page; ``button`` starts the analysis."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(820, parent)
        self.retranslate()

    def retranslate(self) -> None:
        self.text.setText(self.tr(
            "<h2>Look inside a model: what each neuron fires on</h2>"
            "<ol>"
            "<li><b>Pick a source</b> above: the run training in the <i>Live trainer</i> tab, "
            "any saved run, or a Hugging Face model folder on your disk (Qwen3, Qwen3.5, Llama, "
            "SmolLM…). Nothing is ever downloaded.</li>"
            "<li><b>Type a text</b> or pick one of the lessons' examples (English or Chinese).</li>"
            "<li><b>Press Analyse.</b> The text runs through the model once, in the background; "
            "afterwards every switch of layer, neuron or token is instant.</li>"
            "</ol>"
            "<p>Then:</p><ul>"
            "<li><b>Neuron explorer</b>: the text shaded by one neuron's h; the layer's most "
            "selective neurons; drag across “Paris” to rank the neurons that fire on it; the "
            "neuron's top contexts in a larger text.</li>"
            "<li><b>Gates at a token</b>: every neuron's real (g, u) on the gate plane, with the "
            "share of negative pre-gates and closed gates beside the lesson's 61.9 % / 19.0 %.</li>"
            "<li><b>MLP as a small correction</b>: ‖MLP out‖ / ‖layer out‖ per layer, and the "
            "residual stream's norm growing.</li>"
            "<li><b>Attention sink</b>: how much attention lands on the first token, per layer "
            "and head.</li>"
            "<li><b>Training history</b>: a saved run's statistics checkpoint by checkpoint.</li>"
            "</ul><p>Pick a layer, a neuron or a token anywhere, and every view follows.</p>"))
        self.button.setText(self.tr("▶ Analyse this text"))
