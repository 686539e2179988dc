"""Top-k over a long text: tokenized in pieces (cut at whitespace), with progress and the cancel
check between pieces; a text of one piece gives exactly what one tokenizer call gives."""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pytest
import torch

from gatelab.core.inside import topk
from gatelab.core.inside.topk import text_pieces, top_k_contexts

torch.set_num_threads(1)
SENTENCE = "The food was not bad at all. I flew from Paris to Tokyo last week.\n"


@pytest.fixture(scope="module")
def hf(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    pytest.importorskip("transformers")
    from gatelab.core.inside.hf_source import HfModel
    from tests.core.inside_helpers import save_hf_model
    return HfModel(save_hf_model(tmp_path_factory.mktemp("pieces") / "m", "llama"), device="cpu")


def _one_shot(src, text: str, layer: int, neuron: int, k: int) -> list[tuple[int, float]]:  # noqa: ANN001
    """The search as it was: the whole text in one tokenizer call, every window, top k."""
    ids = torch.tensor(src.encode(text), dtype=torch.long)
    T = src.max_len
    h = torch.cat([src.neuron_h(ids[s:s + T].view(1, -1), layer, neuron).float().flatten()
                   for s in range(0, len(ids), T)])
    top = torch.topk(h, min(k, len(h)))
    return [(int(i), float(v)) for v, i in zip(top.values, top.indices)]


def test_pieces_cover_the_text_and_cut_at_one_whitespace_between_words() -> None:
    text = "ab cd\n\nef  gh\tij " * 50 + "x" * 300 + " end"
    bounds = text_pieces(text, 64)
    assert bounds[0][0] == 0 and bounds[-1][1] == len(text)
    assert all(a < b and b - a <= 64 for a, b in bounds)
    assert all(b == c for (_, b), (c, _) in zip(bounds, bounds[1:]))
    for _, end in bounds[:-1]:
        cut_hard = text[end - 1] == "x" and text[end] == "x"  # 300 letters: no place to cut
        assert cut_hard or (text[end].isspace() and not text[end - 1].isspace()
                            and not text[end + 1].isspace()), repr(text[end - 3:end + 3])
    assert text_pieces("short text", 64) == [(0, 10)]
    assert text_pieces("", 64) == [(0, 0)]


def test_a_text_of_one_piece_gives_what_one_tokenizer_call_gives(hf) -> None:  # noqa: ANN001
    text = SENTENCE * 40
    assert len(text_pieces(text, topk.PIECE_CHARS)) == 1
    messages: list[str] = []
    got = top_k_contexts(hf, 1, 3, text, k=6, batch_tokens=256,
                         progress=lambda _f, m: messages.append(m))
    want = _one_shot(hf, text, 1, 3, 6)
    assert [r["token_index"] for r in got] == [i for i, _ in want]
    np.testing.assert_allclose([r["score"] for r in got], [v for _, v in want], rtol=1e-5)
    assert messages and all(m for m in messages)  # no tokenizing reports for one piece


def test_pieces_give_the_same_ids_and_contexts_with_tokenizing_progress(
        hf, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    text = SENTENCE * 60 + "word  two\n\nthree"
    whole = top_k_contexts(hf, 0, 5, text, k=5)
    monkeypatch.setattr(topk, "PIECE_CHARS", 300)
    assert len(text_pieces(text, 300)) > 10
    pieces = [i for a, b in text_pieces(text, 300) for i in hf.encode(text[a:b])]
    assert pieces == hf.encode(text)  # byte-level BPE: a cut between words changes no token
    seen: list[tuple[float, str]] = []
    got = top_k_contexts(hf, 0, 5, text, k=5, progress=lambda f, m: seen.append((f, m)))
    assert got == whole
    fractions = [f for f, _ in seen]
    tokenizing = [f for f, m in seen if m == ""]
    assert tokenizing and max(tokenizing) == pytest.approx(topk.TOKENIZE_SHARE)
    assert fractions == sorted(fractions) and fractions[-1] == 1.0


class _Counting:
    """A source that counts its tokenizer calls (the HF model underneath)."""

    def __init__(self, src) -> None:  # noqa: ANN001
        self.src, self.calls = src, 0

    def __getattr__(self, name: str):  # noqa: ANN204
        return getattr(self.src, name)

    def encode(self, text: str) -> list[int]:
        self.calls += 1
        return self.src.encode(text)


def test_cancel_stops_between_pieces_of_tokenizing(hf, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(topk, "PIECE_CHARS", 500)
    text = SENTENCE * 200
    n_pieces = len(text_pieces(text, 500))
    src = _Counting(hf)
    cancel = threading.Event()

    def progress(_f: float, message: str) -> None:
        assert message == ""  # still tokenizing: no batch has run
        cancel.set()
    assert top_k_contexts(src, 0, 0, text, progress=progress, cancel=cancel) == []
    assert 1 <= src.calls <= 3 < n_pieces


def test_a_run_searches_its_text_in_pieces_the_same(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from gatelab.core.inside.analysis import validation_text
    from gatelab.core.inside.run_source import RunModel
    from tests.core.inside_helpers import train_tiny_run
    train_tiny_run(tmp_path / "run", steps=2)
    src = RunModel(tmp_path / "run")
    text = validation_text(tmp_path / "run")[:3000]
    whole = top_k_contexts(src, 1, 2, text, k=4)
    monkeypatch.setattr(topk, "PIECE_CHARS", 256)
    assert top_k_contexts(src, 1, 2, text, k=4) == whole  # one id per character: no change
