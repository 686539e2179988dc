"""Which parts of a text a model could not represent, named as the user typed them.

Why: a trace flags the positions read as a substitute (a run's unknown character, an HF
tokenizer's unk token), but a warning that names the substitute ("'<unk>' was read as '<unk>'")
tells the learner nothing. The warning must name what they typed and the model lacked: for a
run that is the character at each flagged position; for an HF model the unk token's character
span (the tokenizer's offsets mapping), narrowed to the characters the tokenizer cannot encode
on their own (a WordPiece tokenizer reads all of "Paris" as [UNK] when only "P" is missing),
except for a word-level vocabulary, where the whole word is what is missing. A tokenizer with no
unk token may instead drop what it cannot encode (a BPE model built with ``unk_token=None``):
no position stands for those characters, so they are named apart (``hf_dropped_chars``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from gatelab.core.messages import Msg

MAX_CHECKED = 512  # distinct characters encoded one by one (a 4096-token text has few more)
NAMED = 5  # characters a message names before "…"


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


def hf_dropped_chars(tokenizer: Any, text: str) -> tuple[str, ...]:
    """The characters of ``text`` that no token stands for, each once, in order: a tokenizer
    without an unk token drops what its vocabulary lacks ("Zürich" read as "rich"), so the model
    saw the text without them.

    Each distinct character is encoded alone; it is dropped when that gives no token, or only
    the tokens a space gives (a Metaspace tokenizer's "▁"), and none is the unk token (those
    are ``hf_unknown_chars``). Why not the offsets mapping: where the tokenizers library drops a
    character it misplaces the offsets of the rest of the word (the "r" of "Zürich" at the Z),
    hiding exactly these characters. Not counted: whitespace, which pre-tokenizers drop by design,
    and the text of added tokens typed in the text ("<s>", a token of its own). At most
    ``MAX_CHECKED`` distinct characters are checked; () when the tokenizer fails here."""
    typed = _without_added_tokens(tokenizer, text)
    candidates = list(dict.fromkeys(c for c in typed if not c.isspace()))[:MAX_CHECKED]
    if not candidates:
        return ()
    try:
        encoded = tokenizer([" ", *candidates], add_special_tokens=False)["input_ids"]
    except (KeyboardInterrupt, SystemExit, GeneratorExit):
        raise
    except BaseException:  # noqa: BLE001 (a tokenizer's Rust panic is a BaseException)
        return ()
    blank, unk = list(encoded[0]), getattr(tokenizer, "unk_token_id", None)
    return tuple(c for c, got in zip(candidates, encoded[1:])
                 if list(got) in ([], blank) and (unk is None or unk not in got))


def _without_added_tokens(tokenizer: Any, text: str) -> str:
    """``text`` with each added token's text (special tokens such as "<s>") blanked out: the
    tokenizer reads those whole, even where their characters alone would be dropped."""
    try:
        added = [t for t in tokenizer.get_added_vocab() if isinstance(t, str) and t]
    except (AttributeError, NotImplementedError, TypeError):
        return text
    for token in sorted(added, key=len, reverse=True):
        if token in text:
            text = text.replace(token, " ")
    return text


def dropped_note(chars: Sequence[str]) -> Msg | None:
    """The message saying that ``chars`` were dropped (the CLI's note, the Inside tab's
    warning), naming the first ``NAMED``; None when there are none."""
    if not chars:
        return None
    named = ", ".join([repr(c) for c in chars[:NAMED]] + (["…"] if len(chars) > NAMED else []))
    if len(chars) == 1:
        return Msg("inside.dropped_char", {"chars": named})
    return Msg("inside.dropped_chars", {"n": len(chars), "chars": named})
