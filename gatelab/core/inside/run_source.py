"""Trace a text through one of gatelab's own models: a saved run folder or the live trainer's model.

Why through the model's ``Capture`` protocol (and not copies of its maths): the numbers the tab
shows must be the ones the model computed. The model hands g, u, act(g) and h of every MLP, the
weight each query puts on key 0 (from the attention call itself), and the MLP and block outputs
to ``_TraceCapture``; one forward hook on q_proj reads the attention output gate where the model
has one. Tokens are characters.

``RunModel`` keeps a loaded run for repeated work (top-k contexts over the validation split, a
step slider) so the checkpoint is read once.
"""

from __future__ import annotations

import array
import os
import re
from pathlib import Path
from typing import Any

import numpy as np
import torch

from gatelab.core import data
from gatelab.core.devices import resolve_device
from gatelab.core.inside.capture import gate_mean_from_q, peak_abs, row_norms, sinks_from_lse, viewer
from gatelab.core.inside.errors import InsideError
from gatelab.core.inside.source_folder import looks_like_model_folder, unreachable_folder
from gatelab.core.messages import Msg, reason
from gatelab.core.inside.types import MAX_TEXT_CHARS, LayerTrace, Trace
from gatelab.core.inside.unknown_chars import run_unknown_chars
from gatelab.core.model import GPT, gate_branch, up_branch
from gatelab.core.state_fit import load_fitting
from gatelab.core.stats import eval_mode
from gatelab.core.trainconfig import TrainConfig

# what a run writes before its first checkpoint (a model folder's config.json is told apart
# before these are looked at)
RUN_FILES = ("config.json", "run.json", "metrics.jsonl")


class _TraceCapture:
    """gatelab's Capture protocol: keeps sequence 0's tensors of every layer as the model made
    them (no copy, no tensor op during the pass); ``finish`` reduces them all at once.

    The sink comes from the attention call itself (``wants_lse``: the model hands each query's
    log softmax denominator, see ``model.attention_with_lse``), so the weight on key 0 is
    exp(q_t·k_0/√hd − lse_t): one column, not the q·kᵀ and softmax that SDPA does not return."""

    wants_lse = True

    def __init__(self, n_layer: int) -> None:
        self.n = n_layer
        self.q: list[torch.Tensor] = []  # [1, H, T, hd] per layer
        self.k: list[torch.Tensor] = []  # [1, KV, T, hd]
        self.lse: list[torch.Tensor] = []  # [1, H, T]
        self.ffn_t: list[tuple[torch.Tensor, torch.Tensor | None, torch.Tensor]] = []  # g, u, h
        self.out: list[torch.Tensor] = []  # MLP outputs then layer outputs, [1, T, d] each
        self.x_out: list[torch.Tensor] = []
        self.gate_mean: list[float | None] = [None] * n_layer

    def attention(self, layer: int, q: torch.Tensor, k: torch.Tensor) -> None:
        self.q.append(q)
        self.k.append(k)

    def attention_lse(self, layer: int, lse: torch.Tensor) -> None:
        self.lse.append(lse)

    def ffn(self, layer: int, g: torch.Tensor, u: torch.Tensor | None, act: torch.Tensor,
            h: torch.Tensor) -> None:
        self.ffn_t.append((g, u, h))

    def block(self, layer: int, mlp_out: torch.Tensor, x_out: torch.Tensor) -> None:
        self.out.append(mlp_out)
        self.x_out.append(x_out)

    def finish(self) -> list[LayerTrace]:
        """Every layer's LayerTrace, reduced in numpy on zero-copy views of the pass's tensors.

        Why numpy, and few calls: after a pass every call runs cold (caches full of the model's
        kernels; 10–60 µs a torch op here), and a numpy call costs a third of a torch op. Each
        layer's products are written into one array, so the elementwise steps run once for all
        layers. Off the CPU, or in another dtype, each tensor is copied to the host first (a
        trace is one pass per text)."""
        L = self.n
        if len(self.ffn_t) != L or len(self.out) != L or len(self.lse) != L:
            raise InsideError(Msg("inside.missing_layers"))
        view = viewer(self.out[0])
        mlp = [view(t)[0] for t in self.out]  # [T, d] per layer
        x = [view(t)[0] for t in self.x_out]
        norms = row_norms(mlp + x)  # [2L, T]
        sink = sinks_from_lse([view(t)[0] for t in self.q], [view(t)[0, :, 0] for t in self.k],
                              [view(t)[0] for t in self.lse])  # [L, H]
        out = []
        for i, (g, u, h) in enumerate(self.ffn_t):
            gh = view(g)[0]  # [T, m]: the pass's tensors are [1, T, m]
            out.append(LayerTrace(
                kind="full_attention", g=gh, u=np.ones_like(gh) if u is None else view(u)[0],
                h=view(h)[0], mlp_norm=norms[i], resid_norm=norms[L + i], attn_sink=sink[i],
                attn_gate_mean=self.gate_mean[i], max_abs_hidden=peak_abs(x[i])))
        return out


_SURROGATE = re.compile("[\ud800-\udfff]")


def check_text(text: Any, max_len: int, unit: str = "characters") -> str:
    """The text, or InsideError when it is not a non-empty string the model can take at once."""
    if not isinstance(text, str) or not text:
        raise InsideError(Msg("inside.text_empty"))
    if len(text) > MAX_TEXT_CHARS:
        raise InsideError(Msg("inside.text_too_long", {"n": len(text), "maximum": MAX_TEXT_CHARS}))
    bad = _SURROGATE.search(text)
    if bad is not None:  # bytes that were not UTF-8 (argv's surrogateescape) or a lone surrogate:
        # no tokenizer takes them and no JSON file can hold them
        raise InsideError(Msg("inside.text_not_unicode", {"pos": bad.start(),
                                                          "n": len(_SURROGATE.findall(text))}))
    return text


@torch.no_grad()
def traced_layers(model: GPT, config: TrainConfig, ids: list[int]) -> list[LayerTrace]:
    """One forward pass of ``ids`` with the trace capture (what the overhead benchmark times)."""
    device = model.tok_emb.weight.device
    cap = _TraceCapture(config.n_layer)
    hooks = []
    if config.attn_gate:
        hd = config.n_embd // config.n_head
        for i, block in enumerate(model.blocks):
            def hook(_m: Any, _inp: Any, out: torch.Tensor, i: int = i) -> None:
                cap.gate_mean[i] = gate_mean_from_q(out[0], hd)
            hooks.append(block.attn.q_proj.register_forward_hook(hook))
    try:
        # frombuffer: 4 µs where torch.tensor([ids]) takes 20 (a twentieth of the overhead budget)
        x = torch.frombuffer(array.array("q", ids), dtype=torch.long).view(1, -1)
        with eval_mode(model):
            model.trunk(x.to(device), capture=cap)  # the logits are not part of a trace
    finally:
        for h in hooks:
            h.remove()
    return cap.finish()


@torch.no_grad()
def _trace_gpt(model: GPT, vocab: data.Vocab, config: TrainConfig, text: str, source: str,
               step: int | None, name: str) -> Trace:
    text = check_text(text, config.block_size)
    if len(text) > config.block_size:
        raise InsideError(Msg("inside.text_over_block", {"n": len(text),
                                                        "block": config.block_size}))
    layers = traced_layers(model, config, vocab.encode(text))
    unknown = tuple(i for i, c in enumerate(text) if c not in vocab.stoi)
    return Trace(source=source, source_kind="run", tokens=list(text), variant=config.variant,
                 gate_eps=config.gate_eps, layers=layers, model_name=name,
                 hidden_size=config.n_embd, vocab_size=len(vocab), n_head=config.n_head,
                 n_kv_head=config.n_kv_head or config.n_head, attn_width=config.n_embd,
                 tied_head=config.tie_embeddings, norm="rms",  # model.RMSNorm
                 step=step, unknown=unknown, unknown_chars=run_unknown_chars(text, unknown),
                 unknown_as=vocab.chars[vocab.unknown_id] if unknown else "")


def trace_live(model: GPT, vocab: data.Vocab, config: TrainConfig, text: str,
               step: int | None = None) -> Trace:
    """Trace ``text`` through the live trainer's model (call it between steps, not during one);
    ``step`` is only recorded in the Trace."""
    return _trace_gpt(model, vocab, config, text, "live", step, "live run")


def _check_state_size(state: Any, config: TrainConfig, vocab_size: int, p: Path) -> None:
    """Refuse a checkpoint whose config describes more parameters than its weights hold.

    Why: the model is built from the checkpoint's own config before the weights load, so a
    damaged or crafted config (width 65,536, 256 layers) would allocate gigabytes first."""
    from gatelab.core.memory import count_training_params
    if not isinstance(state, dict):
        raise InsideError(Msg("inside.ckpt_no_weights", {"path": p}))
    for name, t in state.items():  # bool, integer or complex "weights" cast to float mean nothing
        if isinstance(t, torch.Tensor) and not t.is_floating_point():
            raise InsideError(Msg("inside.weights_dtype", {"path": p, "name": name,
                                                           "dtype": str(t.dtype)}))
    held = sum(t.numel() for t in state.values() if isinstance(t, torch.Tensor))
    needed = count_training_params(config, vocab_size)
    if needed > held:
        raise InsideError(Msg("inside.ckpt_short", {"path": p, "needed": needed,
                                                    "held": held}))


class RunModel:
    """A saved run loaded once: its model (at the checkpoint or a history step) and vocabulary."""

    kind = "run"

    def __init__(self, run_dir: Path | str, device: str = "cpu", step: int | None = None) -> None:
        from gatelab.core.runs import load_checkpoint
        from gatelab.core.stats_history import read_weights, weights_problem
        p = Path(run_dir)
        if not p.is_dir():  # a link loop is named as one, as the CLI and the HF loader do
            raise InsideError(unreachable_folder(p) or Msg("inside.no_run", {"path": p}))
        ckpt_path = p / "ckpt.pt"
        if ckpt_path.exists() and not ckpt_path.is_file():  # a FIFO would block torch.load
            raise InsideError(Msg("file.is_folder" if ckpt_path.is_dir() else
                                  "file.not_regular_kind", {"path": ckpt_path}))
        if not os.path.lexists(ckpt_path) and looks_like_model_folder(p):  # it never will have one
            raise InsideError(Msg("inside.run_is_hf", {"path": p}))
        if not os.path.lexists(ckpt_path):  # not "no checkpoint to resume from": nothing resumes
            # a run that has not saved yet leaves its other files; a folder without any never
            # will ("no checkpoint yet" made waiting sound like the cure: walkthrough s18 P1)
            ran = any(os.path.lexists(p / name) for name in RUN_FILES)
            raise InsideError(Msg("inside.no_checkpoint" if ran else "inside.not_a_run",
                                  {"path": p}))
        try:
            dev = resolve_device(device)
            ckpt = load_checkpoint(p, map_location="cpu")
            self.config = TrainConfig.from_dict(ckpt["config"]).validate()
            self.vocab = data.Vocab(ckpt["vocab"])
            _check_state_size(ckpt["model"], self.config, len(self.vocab), p)
            self.model = GPT(self.config, len(self.vocab))
            if (misfit := load_fitting(self.model, ckpt["model"])) is not None:
                raise InsideError(Msg("inside.run_failed", {"path": p, "reason": misfit}))
            self.step: int | None = int(ckpt.get("step", 0))
        except InsideError:
            raise
        except Exception as exc:  # RunError, a foreign or truncated checkpoint, a bad device …
            raise InsideError(Msg("inside.run_failed", {"path": p, "reason": reason(exc)})) from None
        if step is not None and step != self.step:
            state = read_weights(p, step)
            if state is None:
                raise InsideError(Msg("path_reason", {"path": p, "reason": weights_problem(p, step)}))
            try:
                misfit = load_fitting(self.model, state)
            except Exception as exc:
                misfit = reason(exc)
            if misfit is not None:
                raise InsideError(Msg("inside.weights_misfit", {"path": p, "step": step,
                                                                "reason": misfit})) from None
            self.step = step
        self.model.to(dev).eval()
        self.path, self.device = p, dev
        self.max_len = self.config.block_size

    def trace(self, text: str) -> Trace:
        return _trace_gpt(self.model, self.vocab, self.config, text, str(self.path), self.step,
                          f"gatelab {self.path.name}")

    def encode(self, text: str) -> list[int]:
        return self.vocab.encode(text)

    def pieces(self, ids: list[int]) -> list[str]:
        return [self.vocab.chars[i] for i in ids]

    @torch.no_grad()
    def neuron_h(self, ids: torch.Tensor, layer: int, neuron: int) -> torch.Tensor:
        """h of one neuron for a batch of windows ids [B, T] → [B, T]; runs only the blocks up to
        ``layer`` and one row of gate_proj/up_proj (why top-k over 1 MB stays fast)."""
        m, cfg = self.model, self.config
        x = m.tok_emb(ids)
        rope = None
        if m.pos_emb is not None:
            x = x + m.pos_emb(torch.arange(ids.shape[1], device=ids.device))
        else:
            rope = (m.rope_cos_full, m.rope_sin_signed, m.rope_pairs)
        for block in m.blocks[:layer]:
            x = block(x, rope)
        blk = m.blocks[layer]
        x = x + blk.attn(blk.attn_norm(x), rope)
        n = blk.mlp_norm(x)  # [B, T, d]
        if cfg.gated:
            g = n @ blk.mlp.gate_proj.weight[neuron]  # [B, T]
            u = n @ blk.mlp.up_proj.weight[neuron]
            return gate_branch(cfg.variant, g, blk.mlp.params) * up_branch(cfg.variant, u, blk.mlp.params)
        return gate_branch(cfg.variant, n @ blk.mlp.up_proj.weight[neuron], {})

    @property
    def n_layer(self) -> int:
        return self.config.n_layer

    def intermediate(self, layer: int) -> int:
        return self.model.intermediate


def trace_run(run_dir: Path | str, text: str, *, device: str = "cpu",
              step: int | None = None) -> Trace:
    """Trace ``text`` (one token per character) through the model saved in ``run_dir``.

    step=None uses the checkpoint; another step uses the weights its history entry kept (small
    models only, see ``gatelab.core.stats_history``). Every failure is an ``InsideError``.
    """
    return RunModel(run_dir, device=device, step=step).trace(text)


def validation_text(run_dir: Path | str) -> str:
    """The validation split of the run's corpus as text: the same last characters that
    ``data.split`` holds out (so top-k contexts never show text the model trained on)."""
    from gatelab.core.runs import read_json
    p = Path(run_dir)
    cfg = read_json(p / "config.json")
    if not cfg:
        raise InsideError(Msg("inside.no_corpus_config", {"path": p}))
    try:
        config = TrainConfig.from_dict(cfg)
        corpus = data.load_corpus(config.corpus)
    except Exception as exc:
        raise InsideError(Msg("inside.corpus_failed", {"path": p, "reason": reason(exc)})) from None
    n = len(corpus.text)
    n_val = max(int(n * data.VAL_FRACTION), config.block_size + 1)
    return corpus.text[n - n_val:]


__all__ = ["RunModel", "check_text", "trace_live", "trace_run", "validation_text"]
