"""What each token of a text reads as, when the tokenizer splits one character over several.

Why: byte-level BPE (GPT-2, Llama 3, Qwen) and SentencePiece's byte fallback cut a character
their vocabulary lacks (a rarer CJK character, "−", an emoji) into its UTF-8 bytes, one or two
per token. Decoded alone, such a token is an incomplete character, which every tokenizer shows
as "�": the strip read "· � � �" for " 你" and a top-k context "(���0.2785" for "(−0.2785".

Here each token is decoded *after* the tokens before it (up to ``CONTEXT`` of them): the text it
adds is what it completes (and a SentencePiece "▁cat" keeps its space, which its decoder drops
from the start of what it decodes), so a token ending in part of a character adds nothing for it yet,
and the token with the character's last byte adds the character whole. Joined, the tokens'
texts are the real text. How a token is drawn (``TokenText.shown``): its own characters, and
for a character split over n tokens that character followed by "(i/n)" on each of them ("你(1/3)",
"你(2/3)", "你(3/3)"). Why not byte notation ("<E4>"): the learner reads the text, most often
Chinese or a maths symbol, and the marks still say that the model saw the character in n pieces
and which piece each token is. ``TokenText.spans`` gives each token's place in the text (a
piece: its whole character), which the top-k contexts highlight.

A real U+FFFD typed just before a split character is taken for part of it (rare, harmless); a
token that still ends incomplete after four tokens (more than a UTF-8 character has bytes) is
shown as decoded, "�" included.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

Decode = Callable[[list[int]], str]
PARTIAL = "\ufffd"  # what a tokenizer decodes an incomplete UTF-8 character to
CONTEXT = 8   # tokens decoded before each one (≥ 8 bytes: past any cut character at the start)
MAX_PARTS = 4  # a UTF-8 character has at most 4 bytes, so at most 4 tokens


@dataclass(frozen=True)
class TokenText:
    """Per token: ``shown`` (how it is drawn), ``chars`` (what it completes: joined, the text)
    and ``spans`` ([start, end) of its characters in that text; a piece of a split character:
    the whole character)."""

    shown: list[str]
    chars: list[str]
    spans: list[tuple[int, int]]
    ends_inside: list[bool]  # the token ends inside a character that a later one completes

    @property
    def text(self) -> str:
        return "".join(self.chars)


def _added(decode: Decode, ids: Sequence[int], k: int) -> str:
    """The text token ``k`` adds after the ``CONTEXT`` tokens before it, an incomplete character
    at its end included as "�". A decoder whose text of the longer run does not extend the
    shorter one's: the token decoded alone."""
    a = max(0, k - CONTEXT)
    whole = decode(list(ids[a:k + 1]))
    before = decode(list(ids[a:k])).rstrip(PARTIAL) if a < k else ""
    return whole[len(before):] if whole.startswith(before) else decode([ids[k]])


def split_tokens(decode: Decode, ids: Sequence[int],
                 raw: Callable[[int], str] | None = None) -> TokenText:
    """``TokenText`` of ``ids``; ``decode(ids)`` is the tokenizer's decode, ``raw(id)`` what to
    draw for a token that decodes to nothing (its vocabulary entry)."""
    n = len(ids)
    chars: list[str] = []
    pending: list[bool] = []
    run = 0  # tokens so far holding bytes of a character not yet complete
    for k in range(n):
        # every token after the first is decoded after those before it: a piece of a split
        # character, and a SentencePiece token ("▁cat"), whose decoder drops the leading space
        # of what it decodes, so that alone it read "cat" and the text "thecatsat" (re-walk s14)
        added = _added(decode, ids, k) if k else decode([ids[k]])
        text = added.rstrip(PARTIAL)
        # incomplete: the next tokens complete it, unless this is the last token or the
        # character would have more than MAX_PARTS pieces (then shown as decoded, "�" and all)
        partial = text != added and k < n - 1 and (bool(text) or run < MAX_PARTS - 1)
        if not partial:
            text = added
        run = (run + 1 if not text else 1) if partial else 0
        chars.append(text)
        pending.append(partial)
    marks = _marks(chars, pending)
    shown = [_shown(chars[k], marks[k], raw, ids[k]) for k in range(n)]
    spans, at = [], 0
    for k in range(n):
        end = at + len(chars[k]) + (1 if pending[k] else 0)
        spans.append((at, end))
        at += len(chars[k])
    return TokenText(shown, chars, spans, pending)


Mark = tuple[str, int, int]  # (character, piece number from 1, pieces)


def _marks(chars: list[str], pending: list[bool]) -> list[dict[str, Mark]]:
    """Per token, its marks: "ends" for the split character it completes (the first of its
    characters), "holds" for the one it holds part of without completing it."""
    marks: list[dict[str, Mark]] = [{} for _ in chars]
    run: list[int] = []
    for k, (text, part) in enumerate(zip(chars, pending)):
        if run and text:
            members = run + [k]
            for i, t in enumerate(members, 1):
                marks[t]["ends" if t == k else "holds"] = (text[0], i, len(members))
            run = []
        if part:
            run.append(k)
    return marks


def _shown(text: str, marks: dict[str, Mark], raw: Callable[[int], str] | None,
           token_id: int) -> str:
    out = text
    if "ends" in marks:
        ch, i, n = marks["ends"]
        out = f"{ch}({i}/{n}){text[1:]}"
    if "holds" in marks:
        ch, i, n = marks["holds"]
        out += f"{ch}({i}/{n})"
    if not out and raw is not None:
        out = raw(token_id)
    return out


def plain(pieces: list[str]) -> TokenText:
    """``TokenText`` of a vocabulary whose tokens are whole characters (a gatelab run)."""
    spans, at = [], 0
    for piece in pieces:
        spans.append((at, at + len(piece)))
        at += len(piece)
    return TokenText(list(pieces), list(pieces), spans, [False] * len(pieces))


def context(decode: Decode, ids: Sequence[int], i: int, before: int, after: int,
            raw: Callable[[int], str] | None = None) -> tuple[str, int, int, str]:
    """The text around token ``i`` of ``ids`` (``before`` tokens before it, ``after`` after),
    decoded together: (context text, the token's offset in it, its length there, how it is
    drawn). Where an edge of the window would cut a character, the window grows to take it
    whole; the token's place is where the text of the tokens before it ends (a piece of a split
    character: that whole character)."""
    a = max(0, i - before - CONTEXT)
    tt = split_tokens(decode, ids[a:min(len(ids), i + after + 1 + MAX_PARTS)], raw)
    inside = tt.ends_inside
    lo, hi = max(0, i - before), min(len(ids), i + after + 1)
    while lo > a and inside[lo - 1 - a]:
        lo -= 1
    while hi < a + len(inside) and inside[hi - 1 - a]:
        hi += 1
    text = decode(list(ids[lo:hi]))
    start = len(decode(list(ids[lo:i])).rstrip(PARTIAL)) if i > lo else 0
    end = len(decode(list(ids[lo:i + 1])).rstrip(PARTIAL)) + (1 if inside[i - a] else 0)
    return text, start, max(0, min(end, len(text)) - start), tt.shown[i - a]


def span_text(trace: Any, start: int, stop: int) -> str:
    """The text that tokens [start, stop) of a ``Trace`` read as (its tokens joined where the
    trace has no spans: a run's tokens are characters)."""
    spans = getattr(trace, "token_spans", ())
    if stop > start and len(spans) == len(trace.tokens):
        return str(trace.text[spans[start][0]:spans[stop - 1][1]])
    return "".join(trace.tokens[start:stop])


__all__ = ["TokenText", "context", "plain", "span_text", "split_tokens"]
