"""The inside tab's "Try this" lesson: steps that set the tab up, and check-yourself questions.

Why these steps: the lessons claim that some neurons are detectors (here: of the inside of a
string literal), that every MLP writes a small correction into the residual stream (the
exercise: the largest and the smallest non-empty bar of the contribution chart, compared), that
many gates of a layer are shut at a token, and that attention piles up on the first token. Each
step only picks what a learner would pick by hand (a text, a span, a layer, a view); the numbers
it points at are the views' own readouts. A step that needs a traced text says so and changes
nothing until there is one.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject

from gatelab.ui.inside_layout import reveal
from gatelab.ui.lesson_card import Awaits, Lesson, Question, TryStep

translate = QCoreApplication.translate  # lupdate reads translate("context", "text") calls

if TYPE_CHECKING:
    from gatelab.ui.inside_panel import InsidePanel

STRING_TEXT = 'label = "inside a string" + name'  # code: the same in every language
GATES_LAYER = 2  # the lesson's numbers are Qwen3.5-0.8B's layer 2


def string_span(tokens: list[str]) -> tuple[int, int]:
    """Tokens [start, stop) inside the first "…" literal of the text: those wholly between the
    quotes, else (a tokenizer that glues a quote to a word) those that overlap the inside;
    (0, 0) when the text holds no closed string."""
    text = "".join(tokens)
    first = text.find('"')
    second = text.find('"', first + 1) if first >= 0 else -1
    if first < 0 or second < 0 or second == first + 1:
        return (0, 0)
    starts, pos = [], 0
    for token in tokens:
        starts.append(pos)
        pos += len(token)
    ranges = [(s, s + len(t)) for s, t in zip(starts, tokens)]
    inside = [i for i, (s, e) in enumerate(ranges) if s > first and e <= second and e > s]
    if not inside:
        inside = [i for i, (s, e) in enumerate(ranges) if e > first + 1 and s < second]
    return (inside[0], inside[-1] + 1) if inside else (0, 0)


def pick_string_neuron(panel: InsidePanel) -> Callable[[], str] | None:
    """Select the inside of the string and pick the layer and neuron that prefer it most; or,
    when the model cannot read the quote marks (a run trained on text without them), say so
    and pick nothing: its "string" would be an unknown character like any other."""
    from gatelab.core.inside import analysis

    trace = panel.sel.trace
    if trace is None or not panel.sel.has_trace():
        return None
    # a run's unknown piece is the character itself; a model's is its <unk> token, so the
    # characters it stands for (``unknown_chars``) say whether the quote marks were lost, as
    # do those its tokenizer dropped (``dropped_chars``)
    lost = (*getattr(trace, "unknown_chars", ()), *getattr(trace, "dropped_chars", ()))
    if (any('"' in trace.tokens[i] for i in getattr(trace, "unknown", ()))
            or any('"' in c for c in lost)):
        if getattr(trace, "source_kind", "") == "hf":  # one is open: another one, then
            return lambda: translate(
                "InsideLesson", "This model's vocabulary has no quote marks, so it cannot tell "
                                "the inside of a string from the rest: for this step, open "
                                "another Hugging Face model (one whose vocabulary has them) or "
                                "train a run on the Python corpus (Live trainer).")
        return lambda: translate(
            "InsideLesson", "This model's vocabulary has no quote marks, so it cannot tell the "
                            "inside of a string from the rest: for this step, train a run on the "
                            "Python corpus (Live trainer) or open a Hugging Face model.")
    start, stop = string_span(list(trace.tokens))
    if stop <= start or stop - start >= len(trace.tokens):
        return None
    best = max(((analysis.span_ranking(trace, layer, start, stop, k=1)[0], layer)
                for layer in range(len(trace.layers))),
               key=lambda found: found[0][1] if math.isfinite(found[0][1]) else -math.inf)
    (neuron, _score), layer = best
    panel.sel.set_neuron(neuron, layer)
    panel.sel.set_span(start, stop)
    panel.views.setCurrentWidget(panel.explorer)
    return None


class InsideLesson(QObject):
    """Builds the lesson for one panel; a QObject so its strings are ``self.tr`` in one context."""

    def __init__(self, panel: InsidePanel) -> None:
        super().__init__()  # no parent: the steps' closures keep it alive, the card drops it
        self.panel = panel

    # -- the steps' actions --------------------------------------------------------------------
    def _safe(self, run: Callable[[], str | None]) -> Callable[[], str | None]:
        """A step never raises: whatever goes wrong becomes the line the card shows."""
        def guarded() -> str | None:
            try:
                return run()
            except Exception as exc:  # noqa: BLE001 (a lesson step must never take the tab down)
                return self.tr("This step could not run: {0}").format(exc)
        return guarded

    def _busy(self) -> str | None:
        """The line for a step clicked while the panel's worker runs (an analysis on its way
        would replace whatever the step set up), else None."""
        return self.tr("Still busy: wait or press Cancel.") if self.panel.runner.is_busy() else None

    def _need_trace(self) -> str | None:
        """What to do before a step can point at a trace's view: one to show, and none on its
        way."""
        if busy := self._busy():
            return busy
        if self.panel.sel.has_trace():
            return None
        return self.tr("Pick a saved run or a model folder above and press Analyse first.")

    def strings_step(self) -> str | None:
        panel = self.panel
        if busy := self._busy():
            return busy
        try:
            panel.source.spec(panel.live_run_dir())
        except ValueError:
            return self.tr("Pick a saved run or a model folder above first; this step then "
                           "analyses a line of code with a string in it.")
        panel.source.text.setText(STRING_TEXT)
        panel.after_trace = lambda: pick_string_neuron(panel)
        if not panel.analyse():
            panel.after_trace = None
            return panel.source.message_text()
        # the card marks "Now look" once the trace shows the string neuron, or says why not;
        # another step clicked meanwhile drops the pick (the card then points at that step)
        return Awaits(self.tr("Tracing the line…"), panel.step_finished,
                      cancel=lambda: setattr(panel, "after_trace", None))

    def bar_step(self, largest: bool) -> str | None:
        todo = self._need_trace()
        if todo:
            return todo
        mlp = self.panel.mlp
        layer = mlp.largest_bar() if largest else mlp.smallest_bar()
        if layer < 0:
            return self.tr("No layer of this text has a non-empty bar.")
        self.panel.views.setCurrentWidget(mlp)
        mlp.pick_layer(layer)
        reveal(self.panel.pages.widget(1), mlp.readout)  # what the step's text points at
        return None

    def gates_step(self) -> str | None:
        todo = self._need_trace()
        if todo:
            return todo
        sel = self.panel.sel
        self.panel.views.setCurrentWidget(self.panel.gates)
        sel.set_layer(min(GATES_LAYER, sel.n_layers() - 1))
        sel.set_token(sel.n_tokens() - 1)
        return None

    def sink_step(self) -> str | None:
        todo = self._need_trace()
        if todo:
            return todo
        self.panel.views.setCurrentWidget(self.panel.sink)
        self.panel.sel.set_layer(0)
        return None

    def history_step(self) -> str | None:
        todo = self._need_trace()
        if todo:
            return todo
        if self.panel.history.entries() < 2:
            return self.tr("This source has no training history to replay: open a saved run "
                           "of your own (Hugging Face models have none here).")
        self.panel.views.setCurrentWidget(self.panel.history)
        self.panel.history.set_index(0)
        reveal(self.panel.pages.widget(1), self.panel.history.readout)
        return None

    # -- the lesson ----------------------------------------------------------------------------
    def build(self) -> Lesson:
        """The lesson in the current language."""
        steps = (
            TryStep(self.tr("Find a neuron that fires inside strings"),
                    self.tr("The line {0} is traced and the tokens between the quotes are "
                            "selected. “Fires on the selected span” ranks the neurons that "
                            "fire there more than elsewhere; its first row is picked, in the "
                            "layer where that preference is strongest, and the shaded text "
                            "shows where it fires.").format(STRING_TEXT),
                    self._safe(self.strings_step)),
            TryStep(self.tr("Click the largest bar of “MLP contribution”"),
                    self.tr("The readout under the bars shows that layer's ‖MLP out‖ / "
                            "‖layer out‖ at this token. Note it down."),
                    self._safe(lambda: self.bar_step(largest=True))),
            TryStep(self.tr("Click the smallest non-empty bar"),
                    self.tr("The readout's second line compares it with the largest: the "
                            "larger ratio is so many times the smaller. In a deep, well-trained "
                            "model most layers stay well below 1: each MLP adds a small "
                            "correction to the stream. A small run (a layer or two, a few "
                            "hundred steps) can read near or above 1: its MLPs still write much "
                            "of what the stream holds."),
                    self._safe(lambda: self.bar_step(largest=False))),
            TryStep(self.tr("Count the closed gates at the last token"),
                    self.tr("“This layer at this token” gives the share of negative pre-gates "
                            "and of closed gates beside the lesson's 61.9 % / 19.0 % "
                            "(Qwen3.5-0.8B, layer 2), and the same shares over all tokens."),
                    self._safe(self.gates_step)),
            TryStep(self.tr("See how much attention lands on the first token"),
                    self.tr("The table gives each layer's first-token share, averaged over "
                            "heads; the lesson's model puts 46.7 % there without an attention "
                            "output gate and 4.8 % with it."),
                    self._safe(self.sink_step)),
            TryStep(self.tr("Replay training from the first checkpoint"),
                    self.tr("The step slider jumps to the first checkpoint: read g < 0 and "
                            "closed there, then drag the slider to the last one and watch them "
                            "change."),
                    self._safe(self.history_step)),
        )
        return Lesson(steps=steps, questions=self.questions())

    def questions(self) -> tuple[Question, ...]:
        return (
            Question(
                "mlp-vs-residual",
                self.tr("In a deep, well-trained model, how large is an MLP's output next to "
                        "the residual stream it is added to?"),
                (self.tr("Much smaller: a correction added to the stream"),
                 self.tr("About as large: each MLP rewrites the stream"),
                 self.tr("Far larger: the stream is mostly the last MLP's output")),
                0,
                (self.tr("In most layers ‖MLP out‖ / ‖layer out‖ is a small fraction. The "
                         "stream carries the sum of all earlier writes, so each MLP nudges it "
                         "rather than replacing it. (A small run of a few hundred steps can "
                         "still read near 1.)"),
                 self.tr("If every MLP wrote as much as the stream holds, the norm would "
                         "jump at each layer. In a deep trained model the bars show a small "
                         "share, and the residual norm grows slowly as the small writes add "
                         "up."),
                 self.tr("The stream after a layer is the input plus attention plus the "
                         "MLP, and in a deep trained model the input part dominates. The bars "
                         "measure exactly this share.")),
            ),
            Question(
                "closed-gate",
                self.tr("A neuron's gate is closed at a token (|act(g)| < ε). What does it "
                        "write into the MLP's output there?"),
                (self.tr("Almost nothing, whatever u is"),
                 self.tr("Its u, unchanged"),
                 self.tr("A large negative value")),
                0,
                (self.tr("h = act(g)·u, so a gate near 0 multiplies u away. The down "
                         "projection then adds almost nothing from that neuron at that token."),
                 self.tr("u passes only as far as the gate lets it; h = act(g)·u is near 0 "
                         "when act(g) is. Passing u unchanged would need act(g) = 1."),
                 self.tr("A closed gate makes h small, not large. SiLU's most negative "
                         "value is only about −0.28, so even a negative pre-gate gives a small "
                         "gate.")),
            ),
            Question(
                "attention-sink",
                self.tr("Why does so much attention land on the first token in many models?"),
                (self.tr("Softmax weights must sum to 1, so a head with nothing to look at "
                         "parks them on a token it can ignore"),
                 self.tr("The first token always holds the most important word"),
                 self.tr("It is a bug of the attention mask")),
                0,
                (self.tr("A head cannot attend to nothing, so it uses the first token as "
                         "a sink. An output gate lets the head output about zero instead, and "
                         "the sink shrinks."),
                 self.tr("The first token is often just “The” or a start token. The share "
                         "stays high whatever it is, which is why it is called a sink."),
                 self.tr("The mask is causal and correct; every query may see the first "
                         "token. The sink is learned, and an attention output gate removes "
                         "most of it.")),
            ),
        )


def build_lesson(panel: InsidePanel) -> Lesson:
    """The inside tab's lesson in the current language."""
    return InsideLesson(panel).build()
