"""Text sampled piece by piece, so a reader sees it being written instead of waiting in silence.

Why a module of its own: ``sample_text`` (below) returns the whole text at once, which is right
for a run's final sample (written to samples.txt) but leaves a learner staring at an empty box
while a bigger model writes 300 characters (seconds to minutes on a CPU: every character is a
full forward over the window, ``GPT.generate`` keeps no KV cache). ``stream_text`` yields the
same characters as they come, through ``GPT.generate`` itself, so the two never disagree and
whatever speeds up ``generate`` speeds up both.

``one_thread`` exists because sampling one sequence is latency-bound: on a busy two-core machine
torch's two OpenMP threads waited on each other (measured 35–50 ms per character with two
threads against 4–6 ms with one, for the default 4-layer model; 800–980 vs 140–150 ms for a
6-layer d=384 model at a full 256-character window). No Qt here.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import torch

from gatelab.core.data import Vocab
from gatelab.core.devices import autocast_for
from gatelab.core.model import GPT


def stream_text(model: GPT, vocab: Vocab, n_chars: int = 200, prompt: str = "\n",
                temperature: float = 0.8, top_k: int | None = None, seed: int = 0,
                chunk: int = 1) -> Iterator[str]:
    """Yield the prompt (as the vocabulary maps it), then the sampled characters ``chunk`` at a
    time; joined, the pieces equal ``engine.sample_text`` with the same arguments.

    Why it equals: ``GPT.generate`` is a loop whose only state is the ids and the random
    generator, both carried from one call to the next here. Closing the iterator early (a
    cancelled sample) stops the work and puts the model back in its training mode."""
    device = next(model.parameters()).device
    ids = vocab.encode(prompt) or [vocab.stoi.get("\n", vocab.unknown_id)]
    was_training = model.training
    model.eval()
    gen = torch.Generator().manual_seed(seed)
    x = torch.tensor([ids], dtype=torch.long, device=device)
    try:
        yield vocab.decode(ids)
        done = 0
        while done < n_chars:
            step = min(max(1, chunk), n_chars - done)
            with torch.no_grad(), autocast_for(device):
                x = model.generate(x, step, temperature=temperature, top_k=top_k, generator=gen)
            done += step
            yield vocab.decode(x[0, -step:])
    finally:
        model.train(was_training)


@contextlib.contextmanager
def one_thread() -> Iterator[None]:
    """Run the block with one torch CPU thread, then restore the count (see the module's note).

    Why it is safe beside a training thread: OpenMP's and MKL's counts are per thread, so a run
    already training keeps its threads (checked with torch 2.13); only a thread making its first
    torch call meanwhile would start with one (a new run sets its own count in ``_start``)."""
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        yield
    finally:
        torch.set_num_threads(before)


def sample_text(model: GPT, vocab: Vocab, n_chars: int = 200, prompt: str = "\n",
                temperature: float = 0.8, top_k: int | None = None, seed: int = 0) -> str:
    """``prompt`` plus ``n_chars`` characters sampled from ``model`` (unknown prompt characters
    are mapped by the vocabulary; deterministic for a given seed): ``stream_text`` in one
    piece, so the streamed sample of the trainer tab and this one never disagree."""
    return "".join(stream_text(model, vocab, n_chars, prompt, temperature, top_k, seed,
                               chunk=max(n_chars, 1)))
