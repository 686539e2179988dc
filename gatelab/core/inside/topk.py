"""Top-k activating contexts of one neuron over a large text, streamed in cancellable batches.

Why streamed: 1 MB of validation text is ~1 M character tokens; the text is cut into windows of
the model's length, a batch of windows runs at a time, and only the k best (score, position)
pairs survive each batch, so memory stays flat, progress can be reported and a cancel event is
honoured between batches. Only the blocks up to the chosen layer run, and only the neuron's own
rows of gate_proj/up_proj (``neuron_h`` of the source), which is what keeps it within seconds.

Windows do not overlap, so a token's context starts at its window's first token (documented
trade-off: half the work of overlapping windows). Score = h of the neuron at that token.

The text is tokenized in pieces of at most ``PIECE_CHARS`` characters (``text_pieces``), with the
cancel check and progress between pieces: a fast tokenizer needs tens of seconds for a 64 MB file
in one call, during which nothing could stop it. A text of one piece is encoded in one call, as
before. Longer texts are cut at a single whitespace character between two non-space ones, the
next piece starting with that whitespace (" word"): regex pre-tokenizers (GPT-2, Llama 3, Qwen
byte-level BPE) and whitespace-splitting ones never join a token across such a place, so their
ids are the same as in one call. A tokenizer that marks the start of its input (SentencePiece's
prefix "▁") may give one different token per cut, once in ~64 K characters; that is acceptable
because the search already cuts the model's context at every window of ``max_len`` tokens, a far
larger change to a few tokens' h than one re-split token, and the k best out of millions of
tokens stay the same contexts. Text without such a place is cut hard at ``PIECE_CHARS``.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import torch

from gatelab.core.inside.errors import InsideError
from gatelab.core.messages import Msg
from gatelab.core.inside.types import Trace

Progress = Callable[[float, str], None]
CONTEXT_BEFORE, CONTEXT_AFTER = 24, 8  # tokens shown around the top token
CONTEXT_MARGIN = 16  # tokens beyond those decoded with a context (token_text.CONTEXT + 8)
PROGRESS_STEP = 0.005  # report progress at most every 0.5 %
PIECE_CHARS = 1 << 16  # tokenize at most this many characters at a time (cancel in between)
CUT_LOOK_BACK = 4096  # look for a cut this far back from a piece's end first
TOKENIZE_SHARE = 0.2  # of the progress bar for tokenizing, when the text has several pieces
_CUT = re.compile(r"(?<=\S)\s(?=\S)")  # one whitespace character between two non-space ones


class Source(Protocol):
    """What a loaded model offers the streamed search (RunModel and HfModel both do)."""

    kind: str
    max_len: int
    device: torch.device

    def encode(self, text: str) -> list[int]: ...
    def pieces(self, ids: list[int]) -> list[str]: ...
    def neuron_h(self, ids: torch.Tensor, layer: int, neuron: int) -> torch.Tensor: ...
    @property
    def n_layer(self) -> int: ...
    def intermediate(self, layer: int) -> int: ...  # m of that layer


def open_source(source: Any, device: str | None = None) -> Source:
    """A loaded model from a run folder, an HF model folder, a ``Trace`` (its source and step)
    or an already loaded source (returned as is)."""
    if hasattr(source, "neuron_h"):
        return source  # type: ignore[no-any-return]
    step = None
    if isinstance(source, Trace):
        if source.source_kind not in ("run", "hf") or source.source == "live":
            raise InsideError(Msg("inside.topk_live"))
        step, source = source.step, source.source
    p = Path(source)
    from gatelab.core.inside.hf_source import HfModel, is_hf_folder
    from gatelab.core.inside.run_source import RunModel
    if is_hf_folder(p):
        return HfModel(p, device=device)
    return RunModel(p, device=device or "cpu", step=step)


MAX_TEXT_FILE_BYTES = 64 * 1024 * 1024


def load_text_file(path: Path | str, max_bytes: int = MAX_TEXT_FILE_BYTES) -> str:
    """A UTF-8 text file to search (e.g. for an HF model), read safely: regular files only,
    at most ``max_bytes``; every problem is an InsideError naming the file."""
    from gatelab.core.fileio import FileReadError, read_text_capped
    try:
        text = read_text_capped(path, max_bytes)
    except FileReadError as exc:
        raise InsideError(exc.msg) from None
    if not text.strip():
        raise InsideError(Msg("inside.file_no_text", {"path": path}))
    return text


def text_pieces(text: str, size: int = PIECE_CHARS) -> list[tuple[int, int]]:
    """[start, end) bounds that cut ``text`` into pieces of at most ``size`` characters, each
    (but the last) ending just before a whitespace character between two non-space ones, the
    last such place in the piece (see the module docstring); one piece when the text fits."""
    bounds, start, n = [], 0, len(text)
    size = max(2, size)
    while n - start > size:
        hard = start + size
        end = hard
        for lo in (max(start + 1, hard - CUT_LOOK_BACK), start + 1):
            last = None
            for last in _CUT.finditer(text, lo, hard + 1):
                pass
            if last is not None:
                end = last.start()
                break
        bounds.append((start, end))
        start = end
    bounds.append((start, n))
    return bounds


def _encode(src: Source, text: str, progress: Progress | None,
            cancel: threading.Event | None) -> tuple[torch.Tensor, float] | None:
    """All token ids of ``text``, tokenized piece by piece (None when cancelled in between),
    and the share of the progress bar that tokenizing took (0 for a text of one piece)."""
    bounds = text_pieces(text, PIECE_CHARS)
    share = TOKENIZE_SHARE if len(bounds) > 1 else 0.0
    parts, reported = [], 0.0
    for a, b in bounds:
        if cancel is not None and cancel.is_set():
            return None
        parts.append(torch.tensor(src.encode(text[a:b]), dtype=torch.long))
        f = share * b / len(text)
        if share and progress is not None and (b == len(text) or f - reported >= PROGRESS_STEP):
            reported = f
            progress(f, "")  # the view says "tokenizing" (no catalogue text for it in core)
    return torch.cat(parts), share


def _context(src: Source, ids: torch.Tensor, i: int) -> tuple[str, int, int, str]:
    """(context text, the token's offset and length in it, the token as drawn). A source that
    decodes a window of tokens together (an HF model: ``token_text.context``, so that a
    character split over several tokens reads whole) gets the window with a margin of
    ``CONTEXT_MARGIN`` tokens; a run's tokens are characters, joined."""
    decoded = getattr(src, "context", None)
    if decoded is not None:
        lo = max(0, i - CONTEXT_BEFORE - CONTEXT_MARGIN)
        hi = min(len(ids), i + CONTEXT_AFTER + 1 + CONTEXT_MARGIN)
        return decoded(ids[lo:hi].tolist(), i - lo, CONTEXT_BEFORE, CONTEXT_AFTER)
    lo, hi = max(0, i - CONTEXT_BEFORE), min(len(ids), i + CONTEXT_AFTER + 1)
    pieces = src.pieces(ids[lo:hi].tolist())
    before = "".join(pieces[:i - lo])
    return "".join(pieces), len(before), len(pieces[i - lo]), pieces[i - lo]


@torch.inference_mode()
def top_k_contexts(source: Any, layer: int, neuron: int, text: str, k: int = 10, *,
                   batch_tokens: int = 4096, progress: Progress | None = None,
                   cancel: threading.Event | None = None) -> list[dict[str, Any]]:
    """The k tokens of ``text`` where ``neuron`` of ``layer`` has the largest h, best first:
    ``[{"score", "token_index", "context_text", "position_in_context", "length_in_context",
    "token"}, ...]`` (the token's characters are context_text[position : position + length];
    "token" is how the token is drawn, "你(1/3)" for the first of three pieces of 你).

    ``progress(fraction, message)`` is called after a batch whenever the fraction has grown by
    ``PROGRESS_STEP`` (and after the last one); when ``cancel`` is set the
    search stops after the current batch and returns the best contexts found so far.
    A text longer than ``PIECE_CHARS`` is tokenized piece by piece first, with progress (an
    empty message, the first ``TOKENIZE_SHARE`` of the bar) and the cancel check (nothing found
    yet: ``[]``) between pieces.
    """
    src = open_source(source)
    if not 0 <= layer < src.n_layer:
        raise InsideError(Msg("inside.layer_range", {"layer": layer, "last": src.n_layer - 1}))
    if not 0 <= neuron < src.intermediate(layer):
        raise InsideError(Msg("inside.neuron_range", {"neuron": neuron,
                                                         "last": src.intermediate(layer) - 1}))
    if not isinstance(text, str) or not text:
        raise InsideError(Msg("inside.search_empty"))
    if k < 1:
        return []  # none asked for (k < 0 raised torch's bare "selected index k out of range")
    encoded = _encode(src, text, progress, cancel)
    if encoded is None:
        return []
    all_ids, share = encoded
    n, T = len(all_ids), max(1, src.max_len)
    rows = max(1, batch_tokens // T)
    best_v = torch.empty(0)
    best_i = torch.empty(0, dtype=torch.long)
    n_full = n // T
    reported = 0.0
    starts = list(range(0, n_full * T, rows * T)) + ([n_full * T] if n % T else [])
    for b, s in enumerate(starts):
        if cancel is not None and cancel.is_set():
            break
        if s < n_full * T:
            e = min(s + rows * T, n_full * T)
            x = all_ids[s:e].view(-1, T)
        else:
            e = n
            x = all_ids[s:e].view(1, -1)
        h = src.neuron_h(x.to(src.device), layer, neuron).float().flatten().cpu()
        idx = torch.arange(s, e)
        finite = torch.isfinite(h)  # NaN weights: no "highest" nan contexts (s19)
        h, idx = h[finite], idx[finite]
        v = torch.cat((best_v, h))
        i = torch.cat((best_i, idx))
        top = torch.topk(v, min(k, v.numel()))
        best_v, best_i = top.values, i[top.indices]
        if progress is not None and (e == n or e / n - reported >= PROGRESS_STEP):
            reported = e / n
            progress(share + (1.0 - share) * reported,
                     Msg("progress.tokens", {"done": e, "total": n}))
    out = []
    for v, i in zip(best_v.tolist(), best_i.tolist()):
        ctx, pos, length, piece = _context(src, all_ids, i)
        out.append({"score": float(v), "token_index": int(i), "context_text": ctx,
                    "position_in_context": pos, "length_in_context": length, "token": piece})
    return out


__all__ = ["PIECE_CHARS", "Source", "load_text_file", "open_source", "text_pieces",
           "top_k_contexts"]
