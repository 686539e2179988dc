"""Plain data shared by the "Inside the model" analysis (core) and its tab (ui).

Why a separate module: the analysis runs once per text (in a worker, possibly on a GPU) and the
views only re-index these arrays when the learner switches layer, neuron or token. Everything
here is numpy on the host, so the UI never touches torch.

Shapes: L = number of decoder layers, T = number of tokens, m = intermediate size of a layer
(may differ per layer), H = attention heads of a layer.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

MAX_TEXT_CHARS = 100_000  # the longest text analysed at once (torch-free: the text box reads it)
# the weights' dtype of a Hugging Face model as the tab's choice and gatelab-inspect --dtype spell
# it (hf_check.normalise_dtype turns it into torch's name); the first is the default
DTYPES = ("float32", "bf16")


def dtype_label(name: object) -> str:
    """A torch dtype or its name ("bfloat16", "torch.bfloat16") as DTYPES spell it ("bf16"), so
    what a model was analysed in reads the way the user chose it."""
    text = str(name).removeprefix("torch.")
    return "bf16" if text == "bfloat16" else text


@dataclass(frozen=True)
class LayerTrace:
    """What one decoder layer did to every token of the text."""

    kind: str                    # "full_attention", "linear_attention", ... (HF layer_types wording)
    g: np.ndarray                # [T, m] float32: pre-gate (gate_proj output; classic FFN: pre-activation)
    u: np.ndarray                # [T, m] float32: up_proj output (classic FFN: ones)
    h: np.ndarray                # [T, m] float32: act(g) * u exactly as the model computed it
    mlp_norm: np.ndarray         # [T] float32: ||what the MLP adds to the residual stream|| per token
    resid_norm: np.ndarray       # [T] float32: ||hidden state after the layer's residual add||
    attn_sink: np.ndarray | None  # [H] float32: mean weight on key 0 over queries t >= 1; None if no softmax attention
    attn_gate_mean: float | None = None   # mean value of the attention output gate, where the model has one
    max_abs_hidden: float | None = None   # largest |hidden activation| after the layer


@dataclass(frozen=True)
class Trace:
    """One forward pass over one text, with everything the views need."""

    source: str                  # run folder or HF model folder
    source_kind: str             # "run" or "hf"
    tokens: list[str]            # display pieces, one per position
    variant: str                 # gate variant name understood by gatelab.core.gates ("swiglu", "gelu", ...)
    gate_eps: float
    layers: list[LayerTrace] = field(default_factory=list)
    model_name: str = ""         # e.g. "Qwen3ForCausalLM" or "gatelab run-20261130-…"
    hidden_size: int = 0         # d
    vocab_size: int = 0          # the model's vocabulary (0: unknown)
    n_head: int = 0              # attention heads per layer (0: unknown)
    n_kv_head: int = 0           # key/value heads per layer (0: unknown; < n_head: GQA)
    attn_width: int = 0          # n_head · head_dim of the attention (0: unknown)
    norm_place: str = "pre"      # where the layer norms sit (budget.NORM_PLACES)
    tied_head: bool = False      # the LM head's weight is the embedding's
    norm: str = "rms"            # the layers' norm kind (forward_block.MAP_NORMS)
    block: str = "sequential"    # how attention and the MLP are wired (forward_block.BLOCKS)
    step: int | None = None      # training step of the weights (runs only)
    # positions whose character is outside the run's vocabulary: the model did not see it but
    # ``unknown_as`` in its place (Vocab.encode's substitute), so its numbers describe that
    unknown: tuple[int, ...] = ()
    unknown_as: str = ""
    # what the user typed at those positions, each once ("I", "P", "T"; for an HF model the
    # characters its tokenizer cannot encode, or a whole word a word-level vocabulary lacks):
    # unknown_chars.py; () when not worked out (the warning then names the token pieces)
    unknown_chars: tuple[str, ...] = ()
    # characters of the text that no token stands for (a tokenizer without an unk token drops
    # what it cannot encode), each once: the model read the text without them
    dropped_chars: tuple[str, ...] = ()
    # the text the model read and each token's [start, end) in it (a piece of a character split
    # over several tokens: that whole character); () when each token is its own text (a run).
    # Why: ``tokens`` are drawn pieces ("你(1/3)"), which joined are not the text
    text: str = ""
    token_spans: tuple[tuple[int, int], ...] = ()
    # every traced number is finite (``checked``); False for NaN or infinite weights, whose
    # views would otherwise read as ordinary results ("max 0.0000"; probe s19 D4)
    finite: bool = True


def checked(trace: Trace) -> Trace:
    """``trace`` with ``finite`` worked out (a pass over every array: run it off the GUI
    thread, where the trace is made)."""
    finite = all(bool(np.isfinite(a).all()) for layer in trace.layers
                 for a in (layer.g, layer.u, layer.h, layer.mlp_norm, layer.resid_norm))
    return trace if finite == trace.finite else replace(trace, finite=finite)
