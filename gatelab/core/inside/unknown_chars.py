"""Which parts of a text a model could not represent, named as the user typed them.

Why: a trace flags the positions read as a substitute (a run's unknown character, an HF
tokenizer's unk token), but a warning that names the substitute ("'<unk>' was read as '<unk>'")
tells the learner nothing. The warning must name what they typed and the model lacked: for a
run that is the character at each flagged position; for an HF model the unk token's character
span (the tokenizer's offsets mapping), narrowed to the characters the tokenizer cannot encode
on their own (a WordPiece tokenizer reads all of "Paris" as [UNK] when only "P" is missing),
except for a word-level vocabulary, where the whole word is what is missing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

MAX_CHECKED = 512  # distinct characters encoded one by one (a 4096-token text has few more)


def run_unknown_chars(text: str, positions: Iterable[int]) -> tuple[str, ...]:
    """The characters of ``text`` at ``positions`` (a run reads one character per position),
    each once, in the order they first appear."""
    return tuple(dict.fromkeys(text[i] for i in positions if 0 <= i < len(text)))


def hf_unknown_chars(tokenizer: Any, text: str, ids: Sequence[int], unk_id: int | None,
                     special: bool = True) -> tuple[str, ...]:
    """The pieces of ``text`` that ``tokenizer`` read as its unk token, each once, in order.

    A piece is one character where the tokenizer cannot encode that character alone ("I" for a
    lowercase vocabulary); where every character of an unk span is unknown alone (a word-level
    vocabulary lacking "zaps", or fused unknowns) or none is, the span's text is the piece.
    ``ids`` are the trace's ids (encoded with ``special``); () when nothing was unknown or the
    tokenizer fails here (the caller then falls back to the token pieces)."""
    if unk_id is None or unk_id not in ids:
        return ()
    try:
        spans = _unk_spans(tokenizer, text, ids, unk_id, special)
        candidates = list(dict.fromkeys(c for s, e in (spans if spans is not None else [(0, len(text))])
                                        for c in text[s:e]))[:MAX_CHECKED]
        alone = _unknown_alone(tokenizer, candidates, unk_id)
    except (KeyboardInterrupt, SystemExit, GeneratorExit):
        raise
    except BaseException:  # noqa: BLE001 (a tokenizer's Rust panic is a BaseException)
        return ()
    if spans is None:  # no offsets: every character the tokenizer cannot encode alone
        return tuple(c for c in candidates if c in alone)
    whole = _word_level(tokenizer)  # a word is known whole or not at all: no letter is "missing"
    pieces: list[str] = []
    for s, e in spans:
        span = text[s:e].strip() or text[s:e]  # Metaspace offsets may take the space before
        missing = [c for c in span if c in alone]
        if len(span) > 1 and (whole or not missing or len(missing) == len(span)):
            pieces.append(span)
        else:
            pieces.extend(missing or [span])
    return tuple(dict.fromkeys(p for p in pieces if p))


def _unk_spans(tokenizer: Any, text: str, ids: Sequence[int], unk_id: int,
               special: bool) -> list[tuple[int, int]] | None:
    """Character spans of the unk tokens, from the tokenizer's offsets mapping; None when it
    has none (a slow tokenizer) or encodes differently than the trace did."""
    try:
        enc = tokenizer(text, add_special_tokens=special, return_offsets_mapping=True)
        offsets = list(enc["offset_mapping"])
        same = list(enc["input_ids"]) == list(ids)
    except (NotImplementedError, KeyError, TypeError, ValueError):
        same, offsets = False, []
    if not same or len(offsets) != len(ids):
        return None
    return [(int(s), int(e)) for t, (s, e) in zip(ids, offsets) if t == unk_id and e > s]


def _word_level(tokenizer: Any) -> bool:
    """Whether ``tokenizer`` reads whole words from a list (a WordLevel model): "last" is
    unknown as a word even where "a" is a word of its own, so its letters were named
    ('l', 's', 't') instead of "last" (walkthrough s17)."""
    try:
        return type(tokenizer.backend_tokenizer.model).__name__ == "WordLevel"
    except AttributeError:  # a slow tokenizer: no model to ask
        return False


def _unknown_alone(tokenizer: Any, chars: list[str], unk_id: int) -> set[str]:
    """The characters among ``chars`` that the tokenizer reads as unk when encoded alone."""
    if not chars:
        return set()
    encoded = tokenizer(chars, add_special_tokens=False)["input_ids"]
    return {c for c, got in zip(chars, encoded) if unk_id in got}
