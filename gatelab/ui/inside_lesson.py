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

from PySide6.QtCore import QCoreApplication

from gatelab.ui.lesson_card import Lesson, Question, TryStep

if TYPE_CHECKING:
    from gatelab.ui.inside_panel import InsidePanel

STRING_TEXT = 'label = "inside a string" + name'  # code: the same in every language
GATES_LAYER = 2  # the lesson's numbers are Qwen3.5-0.8B's layer 2


def _tr(text: str) -> str:
    return QCoreApplication.translate("InsideLesson", text)


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


def _need_trace(panel: InsidePanel) -> str | None:
    if panel.sel.has_trace():
        return None
    return _tr("Pick a saved run or a model folder above and press Analyse first.")


def _safe(run: Callable[[], str | None]) -> Callable[[], str | None]:
    """A step never raises: whatever goes wrong becomes the line the card shows."""
    def guarded() -> str | None:
        try:
            return run()
        except Exception as exc:  # noqa: BLE001 (a lesson step must never take the tab down)
            return _tr("This step could not run: {0}").format(exc)
    return guarded


def pick_string_neuron(panel: InsidePanel) -> None:
    """Select the inside of the string and pick the layer and neuron that prefer it most."""
    from gatelab.core.inside import analysis

    trace = panel.sel.trace
    if trace is None or not panel.sel.has_trace():
        return
    start, stop = string_span(list(trace.tokens))
    if stop <= start or stop - start >= len(trace.tokens):
        return
    best = max(((analysis.span_ranking(trace, layer, start, stop, k=1)[0], layer)
                for layer in range(len(trace.layers))),
               key=lambda found: found[0][1] if math.isfinite(found[0][1]) else -math.inf)
    (neuron, _score), layer = best
    panel.sel.set_neuron(neuron, layer)
    panel.sel.set_span(start, stop)
    panel.views.setCurrentWidget(panel.explorer)


def _strings_step(panel: InsidePanel) -> str | None:
    if panel.runner.is_busy():
        return _tr("Still busy: wait or press Cancel.")
    try:
        panel.source.spec(panel.live_run_dir())
    except ValueError:
        return _tr("Pick a saved run or a model folder above first; this step then analyses a "
                   "line of code with a string in it.")
    panel.source.text.setText(STRING_TEXT)
    panel.after_trace = lambda: pick_string_neuron(panel)
    if not panel.analyse():
        panel.after_trace = None
        return panel.source.message_text()
    return None


def _bar_step(panel: InsidePanel, largest: bool) -> str | None:
    todo = _need_trace(panel)
    if todo:
        return todo
    layer = panel.mlp.largest_bar() if largest else panel.mlp.smallest_bar()
    if layer < 0:
        return _tr("No layer of this text has a non-empty bar.")
    panel.views.setCurrentWidget(panel.mlp)
    panel.mlp.pick_layer(layer)
    return None


def _gates_step(panel: InsidePanel) -> str | None:
    todo = _need_trace(panel)
    if todo:
        return todo
    panel.views.setCurrentWidget(panel.gates)
    panel.sel.set_layer(min(GATES_LAYER, panel.sel.n_layers() - 1))
    panel.sel.set_token(panel.sel.n_tokens() - 1)
    return None


def _sink_step(panel: InsidePanel) -> str | None:
    todo = _need_trace(panel)
    if todo:
        return todo
    panel.views.setCurrentWidget(panel.sink)
    panel.sel.set_layer(0)
    return None


def _history_step(panel: InsidePanel) -> str | None:
    todo = _need_trace(panel)
    if todo:
        return todo
    if panel.history.entries() < 2:
        return _tr("This source has no training history to replay: open a saved run of your "
                   "own (Hugging Face models have none here).")
    panel.views.setCurrentWidget(panel.history)
    panel.history.set_index(0)
    return None


def build_lesson(panel: InsidePanel) -> Lesson:
    """The lesson in the current language."""
    steps = (
        TryStep(_tr("Find a neuron that fires inside strings"),
                _tr("The line {0} is traced and the tokens between the quotes are selected. "
                    "“Fires on the selected span” ranks the neurons that fire there more than "
                    "elsewhere; its first row is picked, in the layer where that preference is "
                    "strongest, and the shaded text shows where it fires.").format(STRING_TEXT),
                _safe(lambda: _strings_step(panel))),
        TryStep(_tr("Click the largest bar of “MLP contribution”"),
                _tr("The readout under the bars shows that layer's ‖MLP out‖ / ‖layer out‖ at "
                    "this token. Note it down."),
                _safe(lambda: _bar_step(panel, largest=True))),
        TryStep(_tr("Click the smallest non-empty bar"),
                _tr("The readout's second line compares it with the largest: the larger ratio "
                    "is so many times the smaller. In a trained model both stay well below 1: "
                    "every MLP adds a small correction and no layer dominates."),
                _safe(lambda: _bar_step(panel, largest=False))),
        TryStep(_tr("Count the closed gates at the last token"),
                _tr("“This layer at this token” gives the share of negative pre-gates and of "
                    "closed gates beside the lesson's 61.9 % / 19.0 % (Qwen3.5-0.8B, layer 2), "
                    "and the same shares over all tokens."),
                _safe(lambda: _gates_step(panel))),
        TryStep(_tr("See how much attention lands on the first token"),
                _tr("The table gives each layer's first-token share, averaged over heads; the "
                    "lesson's model puts 46.7 % there without an attention output gate and "
                    "4.8 % with it."),
                _safe(lambda: _sink_step(panel))),
        TryStep(_tr("Replay training from the first checkpoint"),
                _tr("The step slider jumps to the first checkpoint: read g < 0 and closed "
                    "there, then drag the slider to the last one and watch them change."),
                _safe(lambda: _history_step(panel))),
    )
    return Lesson(steps=steps, questions=_questions())


def _questions() -> tuple[Question, ...]:
    return (
        Question(
            "mlp-vs-residual",
            _tr("How large is an MLP's output next to the residual stream it is added to?"),
            (_tr("Much smaller: a correction added to the stream"),
             _tr("About as large: each MLP rewrites the stream"),
             _tr("Far larger: the stream is mostly the last MLP's output")),
            0,
            (_tr("Right: ‖MLP out‖ / ‖layer out‖ is a small fraction in every layer. The stream "
                 "carries the sum of all earlier writes, so each MLP nudges it rather than "
                 "replacing it."),
             _tr("No: if every MLP wrote as much as the stream holds, the norm would jump at "
                 "each layer. The bars show a small share, and the residual norm grows slowly "
                 "as the small writes add up."),
             _tr("No: the stream after a layer is the input plus attention plus the MLP, and the "
                 "input part dominates. The bars measure exactly this share, and it is small.")),
        ),
        Question(
            "closed-gate",
            _tr("A neuron's gate is closed at a token (|act(g)| < ε). What does it write into "
                "the MLP's output there?"),
            (_tr("Almost nothing, whatever u is"),
             _tr("Its u, unchanged"),
             _tr("A large negative value")),
            0,
            (_tr("Right: h = act(g)·u, so a gate near 0 multiplies u away. The down projection "
                 "then adds almost nothing from that neuron at that token."),
             _tr("No: u passes only as far as the gate lets it; h = act(g)·u is near 0 when "
                 "act(g) is. Passing u unchanged would need act(g) = 1."),
             _tr("No: a closed gate makes h small, not large. SiLU's most negative value is "
                 "only about −0.28, so even a negative pre-gate gives a small gate.")),
        ),
        Question(
            "attention-sink",
            _tr("Why does so much attention land on the first token in many models?"),
            (_tr("Softmax weights must sum to 1, so a head with nothing to look at parks them "
                 "on a token it can ignore"),
             _tr("The first token always holds the most important word"),
             _tr("It is a bug of the attention mask")),
            0,
            (_tr("Right: a head cannot attend to nothing, so it uses the first token as a sink. "
                 "An output gate lets the head output about zero instead, and the sink shrinks."),
             _tr("No: the first token is often just “The” or a start token. The share stays "
                 "high whatever it is, which is why it is called a sink."),
             _tr("No: the mask is causal and correct; every query may see the first token. The "
                 "sink is learned, and an attention output gate removes most of it.")),
        ),
    )
