"""Top-k activating contexts of one neuron over a large text, streamed in cancellable batches.

Why streamed: 1 MB of validation text is ~1 M character tokens; the text is cut into windows of
the model's length, a batch of windows runs at a time, and only the k best (score, position)
pairs survive each batch, so memory stays flat, progress can be reported and a cancel event is
honoured between batches. Only the blocks up to the chosen layer run, and only the neuron's own
rows of gate_proj/up_proj (``neuron_h`` of the source), which is what keeps it within seconds.

Windows do not overlap, so a token's context starts at its window's first token (documented
trade-off: half the work of overlapping windows). Score = h of the neuron at that token.
"""

from __future__ import annotations

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
PROGRESS_STEP = 0.005  # report progress at most every 0.5 %


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
    def width(self, layer: int) -> int: ...


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


def _context(src: Source, ids: list[int], i: int) -> tuple[str, int, str]:
    lo, hi = max(0, i - CONTEXT_BEFORE), min(len(ids), i + CONTEXT_AFTER + 1)
    pieces = src.pieces(ids[lo:hi])
    before = "".join(pieces[:i - lo])
    return "".join(pieces), len(before), pieces[i - lo]


@torch.inference_mode()
def top_k_contexts(source: Any, layer: int, neuron: int, text: str, k: int = 10, *,
                   batch_tokens: int = 4096, progress: Progress | None = None,
                   cancel: threading.Event | None = None) -> list[dict[str, Any]]:
    """The k tokens of ``text`` where ``neuron`` of ``layer`` has the largest h, best first:
    ``[{"score", "token_index", "context_text", "position_in_context", "token"}, ...]``
    (position_in_context = character offset of the token inside context_text).

    ``progress(fraction, message)`` is called after a batch whenever the fraction has grown by
    ``PROGRESS_STEP`` (and after the last one); when ``cancel`` is set the
    search stops after the current batch and returns the best contexts found so far.
    """
    src = open_source(source)
    if not 0 <= layer < src.n_layer:
        raise InsideError(Msg("inside.layer_range", {"layer": layer, "last": src.n_layer - 1}))
    if not 0 <= neuron < src.width(layer):
        raise InsideError(Msg("inside.neuron_range", {"neuron": neuron,
                                                         "last": src.width(layer) - 1}))
    if not isinstance(text, str) or not text:
        raise InsideError(Msg("inside.search_empty"))
    ids = src.encode(text)
    n, T = len(ids), max(1, src.max_len)
    all_ids = torch.tensor(ids, dtype=torch.long)
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
        v = torch.cat((best_v, h))
        i = torch.cat((best_i, idx))
        top = torch.topk(v, min(k, v.numel()))
        best_v, best_i = top.values, i[top.indices]
        if progress is not None and (e == n or e / n - reported >= PROGRESS_STEP):
            reported = e / n
            progress(reported, Msg("progress.tokens", {"done": e, "total": n}))
    out = []
    for v, i in zip(best_v.tolist(), best_i.tolist()):
        ctx, pos, piece = _context(src, ids, i)
        out.append({"score": float(v), "token_index": int(i), "context_text": ctx,
                    "position_in_context": pos, "token": piece})
    return out


__all__ = ["Source", "load_text_file", "open_source", "top_k_contexts"]
