"""Trace a text through a Hugging Face causal LM stored in a local folder (never a download).

Why forward hooks: the model's own modules compute everything; hooks only copy what passes
through them. Per decoder layer: gate_proj's output is g, up_proj's is u (the two halves of a
fused gate_up_proj's, ``hf_mlp``), down_proj's *input* is h exactly as the model formed it
(act(g)·u); what the MLP adds to the residual stream (its output, or in post-norm families the
norm of it, times any scale of the branch, ``hf_layers.mlp_write``) and the layer's output give
the norms. The gate variant is the one of the module the MLP calls (``hf_layers.model_variant``).
Attention weights come from each self_attn's return value, which the eager implementation fills
(requested with attn_implementation="eager"); linear-attention layers (Gated DeltaNet) have no
softmax weights, so their sink is None. Where q_proj packs an output gate beside the queries
(Qwen3.5's gated attention), its mean σ(gate) is recorded.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch

from gatelab.core.budget.hffamilies import norm_place_of
from gatelab.core.forward_block import block_of, norm_kind
from gatelab.core.values import is_int
from gatelab.core.inside.capture import LayerParts, finish_all, gate_mean_from_q
from gatelab.core.inside.errors import InsideError
from gatelab.core.messages import Msg, first_line, reason
from gatelab.core.inside.hf_check import (check_free_memory, check_hf_folder, is_hf_folder,
                                          normalise_dtype, trace_bytes)
from gatelab.core.inside.hf_failures import config_failure, model_failure, tokenizer_failure
from gatelab.core.inside.hf_config_fields import model_name, refuse_unreadable
from gatelab.core.inside.hf_shapes import refuse_config_shapes, refuse_missing, unused_notes
from gatelab.core.inside.hf_layers import (ACT_TO_VARIANT, attention_width, config_variant,
                                           model_variant, tied_head, write_hooks)
from gatelab.core.inside.hf_mlp import act_module, gate_up_hooks, is_gated, neuron_gate_up, width
from gatelab.core.inside.run_source import check_text
from gatelab.core.inside.token_text import TokenText, context, split_tokens
from gatelab.core.inside.types import LayerTrace, Trace
from gatelab.core.inside.unknown_chars import hf_dropped_chars, hf_unknown_chars

Progress = Callable[[float, str], None]
MAX_TOKENS = 4096
MAX_TOKENS_PER_CHAR = 8  # byte-level BPE gives ≤ 4 per character (UTF-8); more is a hostile file
WINDOW = 256  # tokens per window when streaming top-k contexts


class _Stop(Exception):
    """Raised from a hook to end a forward pass early (top-k needs layers up to one only)."""


def _decoder_layers(model: torch.nn.Module) -> torch.nn.ModuleList:
    for _name, mod in model.named_modules():
        if isinstance(mod, torch.nn.ModuleList) and len(mod) and all(
                is_gated(getattr(b, "mlp", None)) for b in mod):
            return mod
    raise InsideError(Msg("inside.no_gated_mlp"))


def _refuse_folder_code(p: Path, exc: BaseException) -> None:
    """Raise a clear refusal when transformers declined to run Python code that ships in the
    folder (an ``auto_map`` naming a .py file). Why explicit: without ``trust_remote_code=False``
    transformers asks on the terminal for 15 s, and a "y" runs the folder's code."""
    if isinstance(exc, ValueError) and "trust_remote_code" in str(exc):
        raise InsideError(Msg("inside.folder_code", {"path": p})) from None


def _readable(piece: str) -> str:
    return piece.replace("Ġ", " ").replace("▁", " ").replace("Ċ", "\n").replace("ĉ", "\t")


class HfModel:
    """An HF model folder loaded once (tokenizer, model, hooks' targets)."""

    kind = "hf"

    def __init__(self, path: Path | str, device: str | None = None, dtype: str = "float32",
                 progress: Progress | None = None) -> None:
        say = progress or (lambda _f, _m: None)
        p = Path(path)
        say(0.0, Msg("progress.checking"))
        if device in (None, "auto"):
            device = "cuda" if torch.cuda.is_available() else "cpu"
        if device.startswith("cuda") and not torch.cuda.is_available():
            raise InsideError(Msg("device.no_cuda"))
        if device not in ("cpu", "mps") and not device.startswith("cuda"):
            raise InsideError(Msg("inside.device_unknown", {"name": device}))
        if device == "mps" and not torch.backends.mps.is_available():
            raise InsideError(Msg("device.no_mps"))
        _check_cuda_index(device)
        dt = normalise_dtype(dtype)
        self.info = check_hf_folder(p, device=device, dtype=dt)
        os.environ["HF_HUB_OFFLINE"] = "1"
        os.environ["TRANSFORMERS_OFFLINE"] = "1"
        from transformers import AutoConfig, AutoModelForCausalLM, AutoTokenizer
        from transformers.utils import logging as hf_logging
        hf_logging.set_verbosity_error()  # the caller shows progress; keep stderr for real errors
        hf_logging.disable_progress_bar()
        try:  # first, so that a bad config is not blamed on the tokenizer (which reads it too)
            config = AutoConfig.from_pretrained(str(p), local_files_only=True,
                                                trust_remote_code=False)
        except Exception as exc:
            _refuse_folder_code(p, exc)
            raise InsideError(config_failure(p, exc)) from None
        config_variant(p, config)  # before the weights: an unknown activation fails late and vaguely
        say(0.1, Msg("progress.tokenizer"))
        try:
            self.tokenizer = AutoTokenizer.from_pretrained(str(p), local_files_only=True,
                                                           trust_remote_code=False)
        except Exception as exc:
            _refuse_folder_code(p, exc)
            raise InsideError(tokenizer_failure(p, exc)) from None
        say(0.2, Msg("progress.weights"))
        refuse_config_shapes(p, config)  # before transformers allocates config.json's sizes
        try:
            self.model, loading = AutoModelForCausalLM.from_pretrained(
                str(p), config=config, local_files_only=True, attn_implementation="eager",
                dtype=torch.float32 if dt == "float32" else torch.bfloat16,
                use_safetensors=True, output_loading_info=True, ignore_mismatched_sizes=True,
                trust_remote_code=False)
        except Exception as exc:
            _refuse_folder_code(p, exc)
            raise InsideError(model_failure(p, exc)) from None
        refuse_missing(p, loading)  # and mismatched shapes, each named
        self.info["notes"] = [*self.info.get("notes", ()), *unused_notes(p, loading)]
        self._setup(self.model, self.tokenizer, p, device)
        say(0.8, Msg("progress.loaded"))

    @classmethod
    def wrap(cls, model: torch.nn.Module, tokenizer: Any, path: Path | str = "",
             device: str = "cpu") -> HfModel:
        """An already loaded transformers model and tokenizer (no folder checks, no loading);
        the model must use eager attention for the sink to be measured."""
        self = cls.__new__(cls)
        self.info = {}
        self._setup(model, tokenizer, Path(path), device)
        return self

    def _setup(self, model: torch.nn.Module, tokenizer: Any, p: Path, device: str) -> None:
        self.model, self.tokenizer = model, tokenizer
        self.model.to(device).eval()
        self.device = torch.device(device)
        cfg = self.model.config
        self.text_config = cfg.get_text_config() if hasattr(cfg, "get_text_config") else cfg
        refuse_unreadable(p, getattr(cfg, "model_type", None),
                          getattr(self.text_config, "model_type", None))
        self.layers = _decoder_layers(self.model)
        self.variant = model_variant(p, self.layers, cfg)
        self.path = p
        maxpos = _positive_int(getattr(self.text_config, "max_position_embeddings", None))
        self.max_len = min(WINDOW, maxpos or MAX_TOKENS)
        self.max_tokens = min(MAX_TOKENS, maxpos or MAX_TOKENS)

    @property
    def n_layer(self) -> int:
        return len(self.layers)

    def intermediate(self, layer: int) -> int:
        return width(self.layers[layer].mlp)

    def layer_kind(self, i: int) -> str:
        types = getattr(self.text_config, "layer_types", None)
        if isinstance(types, (list, tuple)) and i < len(types):
            return str(types[i])
        return "full_attention" if hasattr(self.layers[i], "self_attn") else "linear_attention"

    def encode(self, text: str, special: bool = False) -> list[int]:
        """Token ids of ``text``; InsideError when the tokenizer fails or multiplies the text.

        A tokenizer's files are input too: a normalizer may turn each character into 10⁵, and a
        regex may panic inside the Rust library (a BaseException). So a short head of the text
        is encoded first, then a longer one, and each must stay within ``MAX_TOKENS_PER_CHAR``.
        Every id must also exist in the model's embedding (a tokenizer from another model)."""
        for head in (8, 256, 4096, len(text)):
            part = text[:head]
            ids = self._encode_checked(part, special)
            if len(ids) > MAX_TOKENS_PER_CHAR * max(len(part), 1) + 8:
                raise InsideError(Msg("inside.tokens_explode", {"path": self.path,
                                                                "chars": len(part),
                                                                "tokens": len(ids)}))
            if head >= len(text):
                break
        n_emb = int(self.model.get_input_embeddings().num_embeddings)
        beyond = [i for i in ids if not 0 <= i < n_emb]
        if beyond:  # torch would say only "index out of range in self", from inside the pass
            raise InsideError(Msg("inside.token_id_range", {"path": self.path, "id": beyond[0],
                                                            "n": n_emb}))
        return ids

    def _encode_checked(self, text: str, special: bool) -> list[int]:
        try:
            return list(self.tokenizer(text, add_special_tokens=special)["input_ids"])
        except (KeyboardInterrupt, SystemExit, GeneratorExit):
            raise
        except BaseException as exc:  # noqa: BLE001 (pyo3's PanicException is a BaseException)
            raise InsideError(Msg("inside.tokenize_failed", {"path": self.path,
                                                             "reason": first_line(exc)})) from None

    def _decode(self, ids: list[int]) -> str:
        return str(self.tokenizer.decode(ids, clean_up_tokenization_spaces=False))

    def _raw(self, token_id: int) -> str:
        return _readable(str(self.tokenizer.convert_ids_to_tokens(token_id)))

    def token_text(self, ids: list[int]) -> TokenText:
        """How each token reads, a character split over several tokens shown on each of them
        with its piece number (token_text.py: decoded alone, each piece would be "�")."""
        return split_tokens(self._decode, ids, self._raw)

    def pieces(self, ids: list[int]) -> list[str]:
        return self.token_text(ids).shown

    def context(self, ids: list[int], i: int, before: int, after: int) -> tuple[str, int, int, str]:
        """Token ``i``'s context in ``ids`` decoded together (``token_text.context``)."""
        return context(self._decode, ids, i, before, after, self._raw)

    def _gated_heads(self, attn: torch.nn.Module) -> int | None:
        """head_dim when q_proj packs an output gate (2·heads·head_dim outputs), else None."""
        hd = getattr(attn, "head_dim", None)
        heads = getattr(self.text_config, "num_attention_heads", None)
        q = getattr(attn, "q_proj", None)
        if isinstance(hd, int) and isinstance(heads, int) and isinstance(q, torch.nn.Linear):
            return hd if q.out_features == 2 * heads * hd else None
        return None

    def _hooks(self, parts: list[LayerParts]) -> list[Any]:
        hooks = []
        for i, layer in enumerate(self.layers):
            p = parts[i]
            mlp = layer.mlp

            def set_h(_m: Any, inp: tuple[torch.Tensor, ...], p: LayerParts = p) -> None:
                p.h = inp[0]

            def set_x(_m: Any, _i: Any, out: Any, p: LayerParts = p) -> None:
                p.x_out = out[0] if isinstance(out, tuple) else out

            hooks += [*gate_up_hooks(mlp, p),
                      mlp.down_proj.register_forward_pre_hook(set_h),
                      *write_hooks(layer, p), layer.register_forward_hook(set_x)]
            attn = getattr(layer, "self_attn", None)
            if attn is not None:
                def set_w(_m: Any, _i: Any, out: Any, p: LayerParts = p) -> None:
                    w = out[1] if isinstance(out, tuple) and len(out) > 1 else None
                    p.attn_w = w  # [1, H, T, T] or None; reduced for all layers at the end
                hooks.append(attn.register_forward_hook(set_w))
                hd = self._gated_heads(attn)
                if hd is not None:
                    def set_gate(_m: Any, _i: Any, out: torch.Tensor, p: LayerParts = p,
                                 hd: int = hd) -> None:
                        p.gate_mean = gate_mean_from_q(out[0], hd)
                    hooks.append(attn.q_proj.register_forward_hook(set_gate))
        return hooks

    @torch.no_grad()
    def trace(self, text: str, progress: Progress | None = None) -> Trace:
        """One forward pass over ``text`` with every hook installed."""
        text = check_text(text, self.max_tokens, "tokens")
        ids = self.encode(text, special=True)
        if not ids:
            raise InsideError(Msg("inside.no_tokens"))
        if len(ids) > self.max_tokens:
            raise InsideError(Msg("inside.too_many_tokens", {"n": len(ids),
                                                               "maximum": self.max_tokens}))
        self._check_memory(len(ids))
        if progress is not None:
            progress(0.85, Msg("progress.running", {"n": len(ids)}))
        layers = self.forward_layers(ids)
        if progress is not None:
            progress(1.0, Msg("progress.done"))
        # Pieces the vocabulary lacks became the unknown token: flag them like a run's unknown
        # characters, since their numbers describe "[UNK]", not the text the user typed (and
        # name the characters a tokenizer without one dropped).
        unk = getattr(self.tokenizer, "unk_token_id", None)
        unknown = tuple(i for i, t in enumerate(ids) if unk is not None and t == unk)
        tt = self.token_text(ids)
        family = str(getattr(self.text_config, "model_type", "")
                     or getattr(self.model.config, "model_type", ""))
        return Trace(source=str(self.path), source_kind="hf", tokens=tt.shown, text=tt.text,
                     token_spans=tuple(tt.spans),
                     variant=self.variant, gate_eps=0.1, layers=layers,
                     model_name=model_name(getattr(self.model.config, "architectures", None),
                                           type(self.model).__name__),
                     hidden_size=int(getattr(self.text_config, "hidden_size", 0) or 0),
                     vocab_size=_positive_int(getattr(self.text_config, "vocab_size", 0)),
                     n_head=_positive_int(getattr(self.text_config, "num_attention_heads", 0)),
                     n_kv_head=_positive_int(getattr(self.text_config, "num_key_value_heads", 0)),
                     attn_width=attention_width(self.text_config),
                     norm_place=norm_place_of(family), norm=norm_kind("rms", family),
                     block=block_of({**self.text_config.to_dict(), "model_type": family}),
                     tied_head=tied_head(self.model),
                     unknown=unknown, unknown_chars=hf_unknown_chars(self.tokenizer, text,
                                                                     ids, unk, special=True),
                     unknown_as=str(self.tokenizer.unk_token) if unknown else "",
                     dropped_chars=hf_dropped_chars(self.tokenizer, text))

    def _check_memory(self, tokens: int) -> None:
        """Refuse a text whose traced pass would not fit in the free memory (the weights are
        loaded already; the kept attention weights grow with tokens²)."""
        t = self.text_config
        m = max(self.intermediate(i) for i in range(self.n_layer))
        need = trace_bytes(self.n_layer, _positive_int(getattr(t, "hidden_size", 0)) or 1, m,
                           _positive_int(getattr(t, "num_attention_heads", 0)) or 1, tokens)
        check_free_memory(need, str(self.device), tokens)

    @torch.no_grad()
    def forward_layers(self, ids: list[int]) -> list[LayerTrace]:
        """The hooked forward pass alone (what the hook-overhead benchmark times)."""
        parts = [LayerParts() for _ in self.layers]
        hooks = self._hooks(parts)
        try:
            self.model(input_ids=torch.tensor([ids], device=self.device), use_cache=False)
        except Exception as exc:
            raise InsideError(Msg("inside.forward_failed", {"path": self.path,
                                                             "reason": reason(exc)})) from None
        finally:
            for h in hooks:
                h.remove()
        return finish_all(parts, [self.layer_kind(i) for i in range(len(parts))])

    @torch.no_grad()
    def neuron_h(self, ids: torch.Tensor, layer: int, neuron: int) -> torch.Tensor:
        """h of one neuron for windows ids [B, T] → [B, T]; the pass stops at that layer's MLP.

        Only the neuron's rows of gate_proj/up_proj (of a fused gate_up_proj: its rows n and
        m + n; with their biases, as the MLP's own Linear layers add them) run, so the score is
        the trace's h of that neuron. An MLP without an activation module (``hf_mlp.act_module``)
        runs whole and h is read from down_proj's input."""
        mlp = self.layers[layer].mlp
        got: list[torch.Tensor] = []
        act = act_module(mlp)

        def pre(_m: Any, inp: tuple[torch.Tensor, ...]) -> None:
            g, u = neuron_gate_up(mlp, inp[0], neuron)
            got.append(act(g) * u)  # type: ignore[misc]
            raise _Stop

        def h_in(_m: Any, inp: tuple[torch.Tensor, ...]) -> None:
            got.append(inp[0][..., neuron])
            raise _Stop

        hook = (mlp.register_forward_pre_hook(pre) if act is not None
                else mlp.down_proj.register_forward_pre_hook(h_in))
        try:
            self.model(input_ids=ids, use_cache=False)
        except _Stop:
            pass
        finally:
            hook.remove()
        return got[0]


def trace_hf(path: Path | str, text: str, *, device: str | None = None, dtype: str = "float32",
             progress: Progress | None = None) -> Trace:
    """Load the HF model folder ``path`` (local files only) and trace ``text`` through it.

    device None: CUDA when available, else the CPU; dtype "float32" or "bf16". Every failure is an
    ``InsideError``; ``progress(fraction, message)`` reports loading and the pass.
    """
    return HfModel(path, device=device, dtype=dtype, progress=progress).trace(text, progress)


def _check_cuda_index(device: str) -> None:
    """InsideError for "cuda:N" beyond this machine's devices (torch's own error is a bare
    "invalid device ordinal" from deep inside ``.to``)."""
    if not device.startswith("cuda:"):
        return
    try:
        index = int(device.split(":", 1)[1])
    except ValueError:
        raise InsideError(Msg("inside.device_unknown", {"name": device})) from None
    n = torch.cuda.device_count()
    if not 0 <= index < n:
        raise InsideError(Msg("inside.no_device_index", {"device": device, "n": n}))


def _positive_int(value: object) -> int:
    """value when it is a positive int (a config's size), else 0 (unknown)."""
    return value if is_int(value) and value > 0 else 0


__all__ = ["ACT_TO_VARIANT", "HfModel", "check_hf_folder", "is_hf_folder", "trace_hf"]

