"""core.sampling: a sample streamed piece by piece is the sample ``engine.sample_text`` writes.

Why these tests: the trainer shows a checkpoint's sample as it is written; if the stream drifted
from ``sample_text`` (another random draw order, a window cut elsewhere) the text a learner
watches would differ from the text the same seed gives in samples.txt and the CLI.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import torch

from gatelab.core.data import Vocab
from gatelab.core.engine import sample_text
from gatelab.core.model import GPT
from gatelab.core.sampling import one_thread, stream_text
from gatelab.core.trainconfig import TrainConfig

VOCAB = Vocab("\n abcdefghij0123456789")


@pytest.fixture(autouse=True)
def _one_torch_thread() -> Iterator[None]:
    """One thread: two fight over a busy two-core machine (10× slower, see core.sampling)."""
    with one_thread():
        yield


@torch.no_grad()
def _reference(model: GPT, vocab: Vocab, n_chars: int, prompt: str = "\n",
               temperature: float = 0.8, top_k: int | None = None, seed: int = 0) -> str:
    """The whole sample in one ``GPT.generate`` call (what ``sample_text`` did before it was
    written on top of the stream): an independent yardstick for both."""
    ids = vocab.encode(prompt) or [vocab.stoi["\n"]]
    was_training = model.training
    model.eval()
    gen = torch.Generator().manual_seed(seed)
    out = model.generate(torch.tensor([ids]), n_chars, temperature=temperature, top_k=top_k,
                         generator=gen)
    model.train(was_training)
    return vocab.decode(out[0])


def _model(**changes: object) -> GPT:
    """A small untrained model: its random weights give a varied, seed-dependent text."""
    cfg = TrainConfig(**{**dict(n_layer=2, n_head=2, n_embd=32, block_size=16), **changes})  # type: ignore[arg-type]
    torch.manual_seed(3)
    return GPT(cfg, len(VOCAB))


@pytest.mark.parametrize("chunk", [1, 7, 1000])
@pytest.mark.parametrize("kwargs", [
    {"seed": 0},
    {"seed": 5, "prompt": "abc"},
    {"seed": 1, "prompt": "0123456789" * 3, "temperature": 1.3},  # longer than the window
    {"seed": 2, "top_k": 3, "prompt": "xyz?"},  # characters the vocabulary lacks
])
def test_stream_joins_to_sample_text(chunk: int, kwargs: dict[str, object]) -> None:
    model = _model()
    expected = _reference(model, VOCAB, 30, **kwargs)  # type: ignore[arg-type]
    assert sample_text(model, VOCAB, 30, **kwargs) == expected  # type: ignore[arg-type]
    pieces = list(stream_text(model, VOCAB, 30, chunk=chunk, **kwargs))  # type: ignore[arg-type]
    assert "".join(pieces) == expected
    prompt = VOCAB.decode(VOCAB.encode(str(kwargs.get("prompt", "\n"))))
    assert pieces[0] == prompt  # the prompt as the vocabulary maps it (unknown → space)
    assert [len(p) for p in pieces[1:]] == [min(chunk, 30 - i) for i in range(0, 30, chunk)]
    assert len(set(expected[len(prompt):])) > 3  # a real sample, not one repeated character


def test_other_architectures_and_seeds() -> None:
    model = _model(positions="learned", attn_gate=True, n_kv_head=1, variant="geglu")
    texts = {seed: "".join(stream_text(model, VOCAB, 30, seed=seed, chunk=4)) for seed in (0, 1)}
    assert texts == {seed: _reference(model, VOCAB, 30, seed=seed) for seed in (0, 1)}
    assert texts[0] != texts[1]


def test_closing_early_stops_and_restores_the_training_mode() -> None:
    model = _model()
    model.train()
    pieces = stream_text(model, VOCAB, 300, seed=4)
    first = [next(pieces) for _ in range(6)]  # the prompt and five characters
    assert not model.training  # sampling runs in eval mode
    pieces.close()
    assert model.training
    assert "".join(first) == _reference(model, VOCAB, 5, seed=4)
    assert model.training  # sample_text puts it back too
    model.eval()
    assert len("".join(stream_text(model, VOCAB, 12, seed=4))) == 13 and not model.training


def test_zero_characters_is_the_prompt_only() -> None:
    assert list(stream_text(_model(), VOCAB, 0, prompt="ab")) == ["ab"]


def test_one_thread_inside_and_the_count_restored() -> None:
    torch.set_num_threads(2)  # (the fixture puts its own count back afterwards)
    before = torch.get_num_threads()
    with one_thread():
        assert torch.get_num_threads() == 1
    assert torch.get_num_threads() == before
    with pytest.raises(KeyError), one_thread():
        raise KeyError("boom")
    assert torch.get_num_threads() == before


def test_a_finished_run_writes_its_sample_on_one_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """train_steps' final sample (samples.txt, the CLI's last lines) is one sequence: it is
    written with one torch thread and the run's count comes back afterwards."""
    from gatelab.core import engine

    seen: list[int] = []
    real = GPT.generate

    def spy(self: GPT, *args: object, **kwargs: object) -> torch.Tensor:
        seen.append(torch.get_num_threads())
        return real(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(GPT, "generate", spy)
    cfg = TrainConfig(n_layer=1, n_head=2, n_embd=16, block_size=16, batch_size=2, steps=2,
                      eval_interval=2, eval_iters=1, threads=2, sample_chars=6, corpus="generated")
    snaps = list(engine.train_steps(cfg.validate()))  # sets 2 threads (the fixture had 1)
    assert snaps[-1].status == "finished" and len(snaps[-1].sample) == 7  # "\n" + 6 characters
    assert seen == [1]
    assert torch.get_num_threads() == 2  # the run's count, restored after the sample
