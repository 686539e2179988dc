"""Check a Hugging Face model folder before anything is loaded: files, architecture, memory.

Why before loading: ``from_pretrained`` on a truncated shard, an unknown architecture or a model
twice the size of RAM fails late, slowly, or takes the machine down. Reading config.json (capped),
the safetensors headers (a few KB each) and /proc/meminfo costs milliseconds and turns each of
those into one ``InsideError`` that names the file or the sizes.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Any

from gatelab.core.values import is_int
from gatelab.core.budget.jsonio import parse_json_object
from gatelab.core.budget.safetensors import numel, read_index, read_safetensors_header
from gatelab.core.fileio import FileReadError, human_bytes, open_regular, read_bytes_capped
from gatelab.core.inside.errors import InsideError
from gatelab.core.inside.hf_config_check import check_config_values, dtype_mismatch_notes
from gatelab.core.inside.hf_config_check import text_cfg as _text_cfg
from gatelab.core.inside.hf_config_fields import refuse_unreadable
from gatelab.core.inside.source_folder import run_files, unreachable_folder
from gatelab.core.messages import Msg, reason
from gatelab.core.reasons import json_kind, os_reason

# A causal LM's config.json is a few KB; transformers parses it several times (a 15 MB one
# took 42 s and 1 GB), so a model folder's may hold at most this much.
MAX_CONFIG_BYTES = 2 * 1024 * 1024
FLOAT_DTYPES = ("F16", "BF16", "F32", "F64")  # what the weights of an analysable model hold
ST_FLOAT_NAMES = dict(zip(FLOAT_DTYPES, ("float16", "bfloat16", "float32", "float64")))
TOKENIZER_FILES = ("tokenizer.json", "tokenizer.model", "vocab.json", "spiece.model")
TOKENIZER_SIDE_FILES = ("tokenizer_config.json", "special_tokens_map.json", "added_tokens.json",
                        "merges.txt", "vocab.txt")
# Files transformers reads whole, with the most each may hold here: the largest real tokenizer
# (Gemma 3's tokenizer.json) is 33 MB; a 150 MB one once took 1.3 GB of memory to parse.
MAX_TOKENIZER_BYTES = 64 * 1024 * 1024
SIDE_FILES = {**{n: MAX_TOKENIZER_BYTES for n in TOKENIZER_FILES + ("merges.txt", "vocab.txt")},
              **{n: MAX_CONFIG_BYTES for n in ("tokenizer_config.json", "special_tokens_map.json",
                                               "added_tokens.json", "generation_config.json",
                                               "chat_template.jinja", "chat_template.json")}}
DTYPE_BYTES = {"float32": 4, "bfloat16": 2}
ACTIVATION_TOKENS = 512  # activations are estimated for a text of this many tokens
HEADROOM = 0.9           # use at most this share of the free memory


def normalise_dtype(dtype: str) -> str:
    d = {"fp32": "float32", "float32": "float32", "bf16": "bfloat16", "bfloat16": "bfloat16"}.get(
        str(dtype).lower())
    if d is None:
        raise InsideError(Msg("inside.dtype", {"value": dtype}))
    return d


def is_hf_folder(path: Path | str) -> bool:
    """A folder with config.json and no gatelab checkpoint (run folders have ckpt.pt/run.json)."""
    p = Path(path)
    return (p.is_dir() and (p / "config.json").is_file() and not (p / "ckpt.pt").exists()
            and not (p / "run.json").exists())


def read_config(p: Path) -> dict[str, Any]:
    try:
        raw = read_bytes_capped(p / "config.json", MAX_CONFIG_BYTES)
        return parse_json_object(raw, "config.json", encoding="utf-8-sig")
    except FileReadError as exc:  # its path-free reason: the message names config.json already
        raise InsideError(Msg("inside.config_unreadable", {"path": p, "reason": exc.reason})) from None
    except ValueError as exc:
        raise InsideError(Msg("inside.config_unreadable", {"path": p, "reason": reason(exc)})) from None


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _unusable(path: Path) -> Msg | None:
    """Why ``path``, which is there (perhaps only as a link), cannot be read as a regular file
    (fileio's reason, naming it: a link loop, a folder, no permission), or None when it can be or
    is not there at all. Checked before transformers opens it and says something vaguer ("the
    tokenizer is missing", "no weights") or its own words."""
    if not os.path.lexists(path):
        return None
    try:
        os.close(open_regular(path))
    except FileReadError as exc:
        return exc.msg
    return None


def _check_tokenizer_files(p: Path) -> None:
    """InsideError naming the first tokenizer file that is there but cannot be read."""
    for name in TOKENIZER_FILES + TOKENIZER_SIDE_FILES:
        why = _unusable(p / name)
        if why is not None:
            raise InsideError(Msg("inside.tokenizer_file", {"reason": why}))


def _only_regular_files(p: Path) -> None:
    """Refuse a folder holding a pipe, socket or device (also behind a link): transformers opens
    the tokenizer and config files itself, and a FIFO would block it forever."""
    try:
        entries = list(p.iterdir())
    except OSError as exc:
        raise InsideError(Msg("inside.cannot_list", {"path": p, "reason": os_reason(exc)})) from None
    for entry in entries:
        try:
            mode = os.stat(entry).st_mode
        except OSError:
            continue  # a dangling link: from_pretrained reports it if it needs the file
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
            raise InsideError(Msg("inside.not_plain", {"path": entry}))


def _side_files_capped(p: Path) -> None:
    """Refuse a tokenizer or config side file larger than ``SIDE_FILES`` allows: transformers
    reads each one whole, with no cap of its own."""
    for name, limit in SIDE_FILES.items():
        try:
            size = os.stat(p / name).st_size
        except OSError:
            continue
        if size > limit:
            raise InsideError(Msg("inside.file_too_large", {
                "path": p / name, "size": human_bytes(size), "limit": human_bytes(limit),
                "kind": name}))


# "<stack>.<i>.mlp.<part>…" in a weight's name: block i of a stack of decoder blocks (or of a
# vision tower's) and the first module under its MLP: gate_proj, or experts / router / c_fc
# (Mixtral's checkpoints name the MLP block_sparse_moe; transformers renames it on loading)
_BLOCK_MLP = re.compile(r"^(.*?)\.(\d+)\.(?:mlp|block_sparse_moe)\.([A-Za-z_]\w*)")
_EXPERTS = re.compile(r"\.(mlp|block_sparse_moe)\.experts\.")


def gated_stack(names: Any) -> bool | None:
    """From the weights' names alone: does some stack of blocks have ``mlp.gate_proj`` (or a
    fused ``mlp.gate_up_proj``) in every block (what the views need: ``hf_mlp.is_gated``)? None
    where no name says
    (an MLP named otherwise, ``feed_forward``: loading decides).

    Why before loading: a mixture-of-experts folder (``mlp.experts``) was loaded whole and only
    then refused, minutes for a 30B checkpoint (walkthrough s13)."""
    stacks: dict[str, dict[str, set[str]]] = {}
    for name in names:
        found = _BLOCK_MLP.match(str(name))
        if found:
            prefix, block, part = found.groups()
            stacks.setdefault(prefix, {}).setdefault(block, set()).add(part)
    if not stacks:
        return None
    return any(all(parts & {"gate_proj", "gate_up_proj"} for parts in blocks.values())
               for blocks in stacks.values())


def _weights(p: Path) -> tuple[list[str], dict[str, tuple[str, tuple[int, ...]]]]:
    index = p / "model.safetensors.index.json"
    for f in [index, *sorted(p.glob("*.safetensors"))]:  # a folder or a link loop there
        why = _unusable(f)
        if why is not None:
            raise InsideError(Msg("inside.weights_file", {"reason": why}))
    try:
        if _regular(index):
            return [index.name], read_index(index)
        files = sorted(f for f in p.glob("*.safetensors") if _regular(f))
        if not files:
            if any(p.glob("*.bin")) or any(p.glob("*.pt")):
                raise InsideError(Msg("inside.pickle_only", {"path": p}))
            raise InsideError(Msg("inside.no_weights", {"path": p}))
        tensors: dict[str, tuple[str, tuple[int, ...]]] = {}
        for f in files:
            tensors.update(read_safetensors_header(f))
        return [f.name for f in files], tensors
    except InsideError:
        raise
    except ValueError as exc:
        why = getattr(exc, "msg", None)
        # a link loop, a shard that is not there (yet) or lies outside the folder: not damage
        if isinstance(why, Msg) and why.key in ("st.shard_unreadable", "st.cannot_read",
                                                "file.cannot_read", "st.shard"):
            raise InsideError(Msg("inside.weights_file", {"reason": why})) from None
        raise InsideError(Msg("inside.weights_damaged", {"path": p, "reason": reason(exc)})) from None


def weight_shapes(p: Path) -> dict[str, tuple[int, ...]]:
    """Each tensor's shape as the folder's safetensors headers give it (headers only)."""
    return {name: tuple(shape) for name, (_dtype, shape) in _weights(p)[1].items()}


def _float_weights(p: Path, tensors: dict[str, tuple[str, tuple[int, ...]]]) -> None:
    """Refuse weights that are not floating point (bool, integers, 8-bit floats: a quantized
    checkpoint, or a broken one): cast to float, their numbers would describe nothing."""
    for name, (dtype, _shape) in tensors.items():
        if name.endswith(".weight") and dtype not in FLOAT_DTYPES:
            raise InsideError(Msg("inside.weights_dtype", {"path": p, "name": name,
                                                           "dtype": dtype}))


def held_dtype(tensors: dict[str, tuple[str, tuple[int, ...]]]) -> str | None:
    """The float dtype ("float32", "bfloat16", ...) that holds most of the weights' numbers, by
    the safetensors headers (a checkpoint may keep its norms in float32 beside bfloat16
    matrices); None when no tensor is float."""
    counts: dict[str, int] = {}
    for dtype, shape in tensors.values():
        if dtype in ST_FLOAT_NAMES:
            counts[dtype] = counts.get(dtype, 0) + numel(shape)
    return ST_FLOAT_NAMES[max(counts, key=lambda k: counts[k])] if counts else None


def _config_params(cfg: dict[str, Any]) -> int:
    """The parameter count config.json describes (the budget module's exact count), or 0 when
    the budget module cannot read this config (the weight files' count then stands alone)."""
    from gatelab.core.budget.hfconfig import count_from_hf_config
    try:
        return int(count_from_hf_config(cfg).total)
    except (ValueError, TypeError, KeyError, AttributeError, OverflowError, RecursionError):
        return 0


def _architecture_known(model_type: str, path: Path) -> str:
    """The causal-LM class transformers maps ``model_type`` to, or InsideError naming the
    folder ``path`` (every other refusal of a model folder starts with it)."""
    try:
        from transformers.models.auto.configuration_auto import CONFIG_MAPPING_NAMES
        from transformers.models.auto.modeling_auto import MODEL_FOR_CAUSAL_LM_MAPPING_NAMES
    except ImportError:
        raise InsideError(Msg("inside.needs_hf")) from None
    cls = MODEL_FOR_CAUSAL_LM_MAPPING_NAMES.get(model_type)
    if cls is None:  # a newer transformers may know it; one that knows it otherwise will not help
        key = "inside.arch_not_causal" if model_type in CONFIG_MAPPING_NAMES else "inside.arch_unknown"
        raise InsideError(Msg(key, {"path": path, "model_type": model_type}))
    return str(cls)


def available_bytes(device: str) -> int:
    """Free memory on ``device`` ("cuda…" or "cpu"); 0 when unknown."""
    if device.startswith("cuda"):
        import torch
        return int(torch.cuda.mem_get_info(torch.device(device))[0])  # that device, not cuda:0
    try:
        with open("/proc/meminfo", encoding="ascii") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    try:
        return int(os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))
    except (ValueError, OSError, AttributeError):
        return 0


def _int(cfg: dict[str, Any], key: str, default: int) -> int:
    v = cfg.get(key, default)
    # a huge value stays huge (the memory estimate then refuses it): as "unknown" it once let
    # transformers build 2**31 layers
    return v if is_int(v) and v > 0 else default


def trace_bytes(n_layer: int, d: int, m: int, n_head: int, tokens: int) -> int:
    """Bytes a traced forward pass of ``tokens`` tokens keeps: g, u, h (float32, [T, m] per
    layer), attention weights ([H, T, T] per layer) and a few [T, d] hidden states, times 2 for
    the pass's temporaries (eager attention's scores and mask are as large as its weights)."""
    per_layer = 4 * (3 * tokens * m + n_head * tokens * tokens + 4 * tokens * d)
    return 2 * n_layer * per_layer


def activation_bytes(cfg: dict[str, Any], tokens: int = ACTIVATION_TOKENS) -> int:
    """``trace_bytes`` for the sizes in a config.json (before the model is loaded)."""
    t = _text_cfg(cfg)
    d = _int(t, "hidden_size", 1)
    return trace_bytes(_int(t, "num_hidden_layers", 1), d, _int(t, "intermediate_size", 4 * d),
                       _int(t, "num_attention_heads", 1), tokens)


def check_free_memory(need: int, device: str, tokens: int) -> None:
    """InsideError when a traced pass needing ``need`` bytes would not fit in the memory that is
    free on ``device`` now (checked per text: the estimate at load time assumed
    ``ACTIVATION_TOKENS`` tokens, and the attention weights grow with tokens²)."""
    free = available_bytes(device)
    if free and need > HEADROOM * free:
        raise InsideError(Msg("inside.trace_memory", {
            "tokens": tokens, "need": human_bytes(need), "free": human_bytes(free), "device": device}))


def check_hf_folder(path: Path | str, *, device: str | None = None, dtype: str = "float32",
                    tokens: int = ACTIVATION_TOKENS) -> dict[str, Any]:
    """Everything that can be known about an HF model folder without loading it, or InsideError.

    Returns {"path", "model_type", "architecture", "n_params", "dtype", "weight_bytes",
    "activation_bytes", "need_bytes", "device", "available_bytes", "weights", "tokenizer",
    "notes"}; "notes" lists the Msgs of what config.json says that gatelab does not use (a
    dtype the weights do not have), for the caller to show beside the result.
    """
    p = Path(path)
    if not p.is_dir():  # a link loop is named as one (not "not a folder")
        raise InsideError(unreachable_folder(p) or Msg("inside.not_folder", {"path": p}))
    found = run_files(p)  # its config.json is gatelab's: "names no model_type" would mislead
    if found:
        raise InsideError(Msg("inside.hf_is_run", {"path": p, "files": ", ".join(found)}))
    if not os.path.lexists(p / "config.json"):  # a link loop is there: read_config says why
        raise InsideError(Msg("inside.no_config", {"path": p}))
    _only_regular_files(p)
    _side_files_capped(p)
    cfg = read_config(p)
    model_type = cfg.get("model_type")
    if model_type is not None and not isinstance(model_type, str):  # 5 was "names no model_type"
        raise InsideError(Msg("inside.model_type_kind", {"path": p, "found": json_kind(model_type)}))
    if not model_type:
        raise InsideError(Msg("inside.no_model_type", {"path": p}))
    try:
        arch = _architecture_known(model_type, p)
    except InsideError as exc:
        if exc.msg.key == "inside.arch_unknown" and isinstance(cfg.get("auto_map"), dict):
            raise InsideError(Msg("inside.folder_code", {"path": p})) from None  # type is there
        raise
    refuse_unreadable(p, model_type, _text_cfg(cfg).get("model_type"))
    weights, tensors = _weights(p)
    _check_tokenizer_files(p)
    tok = [n for n in TOKENIZER_FILES if _regular(p / n)]
    if not tok:
        raise InsideError(Msg("inside.no_tokenizer", {"path": p, "files": ", ".join(TOKENIZER_FILES)}))
    dt = normalise_dtype(dtype)
    notes = check_config_values(p, cfg, model_type, dt)  # before the weights' dtype: names why
    _float_weights(p, tensors)
    notes += dtype_mismatch_notes(p, cfg, held_dtype(tensors), dt)
    if gated_stack(tensors) is False:  # experts or a classic MLP: no view could be drawn
        moe = any(_EXPERTS.search(str(name)) for name in tensors)
        raise InsideError(Msg("inside.moe" if moe else "inside.no_gated_mlp"))
    # transformers allocates what config.json describes before it compares the files' shapes:
    # a config asking for 10⁸ tokens of vocabulary must be refused on its own sizes
    n_params = max(sum(numel(shape) for _, shape in tensors.values()), _config_params(cfg))
    wbytes = n_params * DTYPE_BYTES[dt]
    abytes = activation_bytes(cfg, tokens)
    dev = device or _default_device()
    free = available_bytes(dev)
    need = wbytes + abytes
    if free and need > HEADROOM * free:
        # bf16 only where it would fit: "try bf16" for a model that needs 66.7 TB in bf16 too
        # misled (probe s16); activations are float32 in either dtype
        half = n_params * DTYPE_BYTES["bfloat16"] + abytes
        advice = (Msg("inside.memory_try_bf16", {"need": human_bytes(half)})
                  if dt != "bfloat16" and half <= HEADROOM * free else Msg("inside.memory_try"))
        raise InsideError(Msg("inside.memory", {
            "name": p.name, "need": human_bytes(need), "params": n_params, "bytes": DTYPE_BYTES[dt],
            "weights": human_bytes(wbytes), "activations": human_bytes(abytes), "tokens": tokens,
            "free": human_bytes(free), "device": dev, "advice": advice}))
    return {"path": str(p), "model_type": model_type, "architecture": arch, "n_params": n_params,
            "dtype": dt, "weight_bytes": wbytes, "activation_bytes": abytes, "need_bytes": need,
            "device": dev, "available_bytes": free, "weights": weights, "tokenizer": tok,
            "notes": notes}


def _default_device() -> str:
    import torch
    return "cuda" if torch.cuda.is_available() else "cpu"


__all__ = ["activation_bytes", "check_free_memory", "check_hf_folder", "is_hf_folder",
           "normalise_dtype", "trace_bytes", "weight_shapes"]
