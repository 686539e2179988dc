"""Check the values in a model folder's config.json that transformers takes on trust.

Why before loading: transformers validates few of these values. An unknown ``rope_type`` comes
back from deep inside the model's constructor as a bare ``KeyError: 'nonexistent'``, a
``pad_token_id`` of 10¹² as "Padding_idx must be within num_embeddings", a longrope factor list
of strings as "too many dimensions 'str'"; others (a negative ``pad_token_id``, a RoPE factor of
−1, an ``eos_token_id`` beyond the vocabulary) pass without a word. Checked here on the parsed
JSON, each becomes one ``InsideError`` in gatelab's words that names the field and its value.
What transformers accepts (the RoPE types, the quantization methods) is asked of transformers
itself, so that a newer version's additions are not refused.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from gatelab.core.values import is_int
from gatelab.core.inside.errors import InsideError
from gatelab.core.inside.hf_config_fields import check_architectures, check_norm_eps
from gatelab.core.messages import Msg

# RoPE settings that must be finite numbers above 0 (bases, scale factors, lengths) ...
POSITIVE_ROPE_KEYS = ("rope_theta", "factor", "low_freq_factor", "high_freq_factor", "beta_fast",
                      "beta_slow", "original_max_position_embeddings", "partial_rotary_factor")
# ... and those where 0 is meaningful (DeepSeek's mscale_all_dim 0: no attention scaling)
NON_NEGATIVE_ROPE_KEYS = ("attention_factor", "mscale", "mscale_all_dim")
ROPE_FACTOR_LISTS = ("short_factor", "long_factor")  # longrope: one factor per rotary frequency
TOKEN_ID_KEYS = ("bos_token_id", "eos_token_id", "pad_token_id")
FLOAT_DTYPE_NAMES = ("float16", "bfloat16", "float32", "float64")
# the decoder's sizes: transformers divides by some (0 heads: "integer modulo by zero")
SIZE_KEYS = ("hidden_size", "intermediate_size", "num_hidden_layers", "num_attention_heads",
             "num_key_value_heads", "head_dim", "vocab_size")
# No real decoder comes near this in any size (the widest vocabularies hold ~2·10⁵ tokens, the
# longest contexts ~10⁷ positions): a larger one is a damaged or hostile file, refused before
# any memory estimate (2**70 once read as "needs 17592186044416 TB")
MAX_SIZE = 2**31
BOUNDED_KEYS = SIZE_KEYS + ("max_position_embeddings",)


def text_cfg(cfg: dict[str, Any]) -> dict[str, Any]:
    """The decoder's settings: a multimodal config's ``text_config``, else the config itself."""
    sub = cfg.get("text_config")
    return sub if isinstance(sub, dict) else cfg


def _parts(cfg: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """config.json and its text_config (where there is one), each with the prefix that its
    fields are named with in a message."""
    text = text_cfg(cfg)
    return [("", cfg)] + ([("text_config.", text)] if text is not cfg else [])


def _short(value: object) -> str:
    return repr(value)[:40]


def _is_number(value: object) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value))


def _config_class(model_type: str) -> Any:
    """transformers' config class for the decoder of ``model_type``: a multimodal model's
    text_config class (where ``text_cfg`` reads the values), else the model's own; None when it
    cannot be imported."""
    try:
        from transformers.models.auto.configuration_auto import CONFIG_MAPPING
        cls = CONFIG_MAPPING[model_type]
    except (ImportError, KeyError, AttributeError, ValueError):
        return None
    subs = getattr(cls, "sub_configs", None)
    text = subs.get("text_config") if isinstance(subs, dict) else None
    return text if isinstance(text, type) else cls


def known_rope_types(model_type: str) -> list[str]:
    """The ``rope_type`` names this transformers version can build for ``model_type``: its
    ``ROPE_INIT_FUNCTIONS``, plus "default" and the config class's own default type (both
    computed by the model itself, so not in that table)."""
    try:
        from transformers.modeling_rope_utils import ROPE_INIT_FUNCTIONS
    except ImportError:
        raise InsideError(Msg("inside.needs_hf")) from None
    names = {"default", *ROPE_INIT_FUNCTIONS}
    default = getattr(_config_class(model_type), "default_rope_type", None)
    if isinstance(default, str):
        names.add(default)
    return sorted(names)


def _rope_groups(cfg: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Each RoPE settings dict with the name it is reported under: ``rope_scaling`` and
    ``rope_parameters``, flat or nested per layer type (Gemma 3: full_attention, sliding_…)."""
    out = []
    for group in ("rope_scaling", "rope_parameters"):
        sub = cfg.get(group)
        if not isinstance(sub, dict) or not sub:
            continue
        flat = any(not isinstance(v, dict) and v is not None for v in sub.values())
        if flat:
            out.append((group, sub))
        else:
            out += [(f"{group}.{k}", v) for k, v in sub.items() if isinstance(v, dict)]
    return out


def _rope_numbers(p: Path, name: str, rope: dict[str, Any]) -> None:
    """Refuse a RoPE base, scale or length that is not a finite number above 0 (or, for the
    attention scales, at least 0): transformers takes a factor of −1 or a base of 10³⁰⁹
    without a word, and every number would then be computed with nonsense positions."""
    for key in POSITIVE_ROPE_KEYS + NON_NEGATIVE_ROPE_KEYS:
        value = rope.get(key)
        if value is None:
            continue
        if key in POSITIVE_ROPE_KEYS and not (_is_number(value) and value > 0):
            raise InsideError(Msg("inside.config_value", {"path": p, "name": f"{name}.{key}",
                                                          "value": _short(value)}))
        if key in NON_NEGATIVE_ROPE_KEYS and not (_is_number(value) and value >= 0):
            raise InsideError(Msg("inside.config_value_min0", {
                "path": p, "name": f"{name}.{key}", "value": _short(value)}))


def _rotary_half(cfg: dict[str, Any], rope: dict[str, Any]) -> int | None:
    """How many frequencies the rotary embedding has (head_dim × partial_rotary_factor / 2),
    from the same sizes transformers uses; None when config.json does not say."""
    heads, hidden = cfg.get("num_attention_heads"), cfg.get("hidden_size")
    head_dim = cfg.get("head_dim")
    if not (is_int(head_dim) and head_dim > 0):
        if not (is_int(heads) and is_int(hidden) and heads > 0):
            return None
        head_dim = hidden // heads
    share = rope.get("partial_rotary_factor", cfg.get("partial_rotary_factor", 1.0))
    return int(head_dim * share) // 2 if _is_number(share) else None


def _rope_factor_lists(p: Path, name: str, rope: dict[str, Any], half: int | None) -> None:
    """Refuse longrope factor lists that are missing or not one finite number above 0 per
    rotary frequency: transformers says "Missing required keys", or only logs a warning and then
    fails in torch's words ("too many dimensions 'str'", "Attempting to broadcast a dimension of
    length 4"), or divides by a factor of 0."""
    longrope = rope.get("rope_type", rope.get("type")) == "longrope"
    for key in ROPE_FACTOR_LISTS:
        value = rope.get(key)
        if value is None and not longrope:  # longrope needs both (transformers: "Missing …")
            continue
        field = f"{name}.{key}"
        bad = [v for v in value if not (_is_number(v) and v > 0)] if isinstance(
            value, list) and value else [value]
        if bad:
            raise InsideError(Msg("inside.rope_list", {"path": p, "name": field,
                                                       "value": _short(bad[0])}))
        if half is not None and len(value) != half:
            raise InsideError(Msg("inside.rope_list_length", {"path": p, "name": field,
                                                              "n": len(value), "expected": half}))


def _rope_type(p: Path, name: str, rope: dict[str, Any], model_type: str) -> None:
    """Refuse a ``rope_type`` (or the older ``type``) that transformers cannot build: it reads
    the name in the model's constructor and fails there with a bare KeyError."""
    key = "rope_type" if "rope_type" in rope else "type"
    value = rope.get(key)
    if value is None:
        return  # transformers takes "default"
    known = known_rope_types(model_type)
    if not isinstance(value, str) or value not in known:
        raise InsideError(Msg("inside.rope_type", {"path": p, "name": f"{name}.{key}",
                                                   "value": _short(value),
                                                   "known": ", ".join(known)}))


def check_rope(p: Path, cfg: dict[str, Any], model_type: str) -> None:
    """Every RoPE setting of the decoder (config.json's ``cfg``, or its text_config): the type,
    the numbers, the lists."""
    prefix, dec = _parts(cfg)[-1]
    value = dec.get("rope_theta")
    if value is not None and not (_is_number(value) and value > 0):
        raise InsideError(Msg("inside.config_value", {"path": p, "name": prefix + "rope_theta",
                                                      "value": _short(value)}))
    for group in ("rope_scaling", "rope_parameters"):  # transformers: "doesn't match any type
        value = dec.get(group)                          # in (<class '…RopeParameters'>, …)"
        if value is not None and not isinstance(value, dict):
            raise InsideError(Msg("inside.rope_form", {"path": p, "name": prefix + group,
                                                       "value": _short(value)}))
    for group, rope in _rope_groups(dec):
        name = prefix + group
        _rope_type(p, name, rope, model_type)
        _rope_numbers(p, name, rope)
        _rope_factor_lists(p, name, rope, _rotary_half(dec, rope))


def _vocab_size(text: dict[str, Any], model_type: str) -> int | None:
    """The vocabulary config.json describes, or the config class's default that transformers
    then uses; None when neither is a positive int."""
    for value in (text.get("vocab_size"), getattr(_config_class(model_type), "vocab_size", None)):
        if is_int(value) and value > 0:
            return value
    return None


def check_token_ids(p: Path, cfg: dict[str, Any], model_type: str) -> None:
    """Refuse a bos/eos/pad token id that is not a token of the vocabulary: a pad id becomes the
    embedding's padding_idx (10¹² fails in torch's words; −5 silently means "the fifth from
    the end"), and an id beyond the vocabulary names no token at all. ``eos_token_id`` may be a
    list (Llama 3 stops on several)."""
    vocab = _vocab_size(text_cfg(cfg), model_type)
    for prefix, part in _parts(cfg):
        for key, tid in _token_ids(part):
            name = prefix + key
            if not (is_int(tid) and tid >= 0):
                raise InsideError(Msg("inside.token_id_value", {"path": p, "name": name,
                                                                "value": _short(tid)}))
            if vocab is not None and tid >= vocab:
                raise InsideError(Msg("inside.token_id_vocab", {
                    "path": p, "name": name, "value": tid, "vocab": vocab, "last": vocab - 1}))


def _token_ids(cfg: dict[str, Any]) -> list[tuple[str, object]]:
    """(field name, id) for each token id set in ``cfg``; null means "none" and is skipped, and
    so is a ``pad_token_id`` of −1, which real Hub configs use for "no padding" (transformers'
    own comment says so; the embedding then marks its last row, harmless for an analysis)."""
    out: list[tuple[str, object]] = []
    for key in TOKEN_ID_KEYS:
        value = cfg.get(key)
        if key == "pad_token_id" and value == -1 and is_int(value):
            continue
        if key == "eos_token_id" and isinstance(value, list):
            out += [(f"{key}[{i}]", v) for i, v in enumerate(value)]
        elif value is not None:
            out.append((key, value))
    return out


def check_quantization(p: Path, cfg: dict[str, Any]) -> None:
    """Refuse a checkpoint that config.json says is quantized, naming the method.

    A refusal, not a note, whatever the method: a method transformers knows needs its own
    library (and fails in that library's words, "requires accelerate"), and one it does not know
    is ignored without a word, so the files' numbers would be read as plain weights although the
    config says they are not (codes, scaled values) and every view would describe them as if
    they were the model. The weights themselves must be float anyway (``_float_weights``)."""
    q = cfg.get("quantization_config")
    if q is None:
        return
    method = q.get("quant_method") if isinstance(q, dict) else q
    name = "quantization_config.quant_method" if isinstance(q, dict) else "quantization_config"
    if isinstance(method, str) and method in _quant_methods():
        raise InsideError(Msg("inside.quantized", {"path": p, "method": method}))
    raise InsideError(Msg("inside.quant_unknown", {"path": p, "name": name,
                                                   "value": _short(method)}))


def _quant_methods() -> set[str]:
    """The quantization methods this transformers version knows (its own table)."""
    try:
        from transformers.utils.quantization_config import QuantizationMethod
    except ImportError:
        return set()
    return {str(m.value) for m in QuantizationMethod}


def dtype_notes(p: Path, cfg: dict[str, Any], dtype: str) -> list[Msg]:
    """Check config.json's ``dtype`` / ``torch_dtype``; the notes for the result.

    A value that names no torch dtype ("junk", "auto", 5) is refused: transformers fails on it
    in its own words ("module 'torch' has no attribute 'junk'") or, as ``torch_dtype`` beside a
    ``dtype``, ignores it, and either way the file is damaged. A real dtype that is not a float
    one gatelab loads ("float8_e4m3fn", "int8") is only a note: the field records what the
    weights were saved as, gatelab passes its own ``dtype`` when loading (transformers then
    ignores the config's), and the weight files are checked to hold float numbers, so the
    analysis is sound; the user should still know that the folder contradicts itself."""
    import torch
    notes: list[Msg] = []
    for prefix, part in _parts(cfg):
        for key, value in _dtype_values(part):
            name = prefix + key
            found = getattr(torch, value, None) if isinstance(value, str) else None
            if not isinstance(found, torch.dtype):
                raise InsideError(Msg("inside.config_dtype", {"path": p, "name": name,
                                                              "value": _short(value)}))
            if str(found).removeprefix("torch.") not in FLOAT_DTYPE_NAMES:
                notes.append(Msg("inside.config_dtype_note", {"path": p, "name": name,
                                                              "value": value, "dtype": dtype}))
    return notes


def dtype_mismatch_notes(p: Path, cfg: dict[str, Any], held: str | None,
                         dtype: str) -> list[Msg]:
    """Notes for a float dtype in config.json that is not the one the weight files hold
    (``held``, the safetensors headers' dtype of most of their numbers; None: unknown).

    Read as transformers reads it: ``dtype``, else the older ``torch_dtype`` (which it ignores
    beside a ``dtype``). A note, not a refusal: gatelab passes its own ``dtype`` when loading,
    so the numbers stand, but a config.json saying float16 beside float32 files contradicts
    itself (probe s21: no note was given for a float dtype). Non-float and invalid values are
    ``dtype_notes``'s."""
    import torch
    notes: list[Msg] = []
    for prefix, part in (_parts(cfg) if held is not None else []):
        key = "dtype" if part.get("dtype") is not None else "torch_dtype"
        value = part.get(key)
        found = getattr(torch, value, None) if isinstance(value, str) else None
        name = str(found).removeprefix("torch.") if isinstance(found, torch.dtype) else ""
        if name in FLOAT_DTYPE_NAMES and name != held:
            notes.append(Msg("inside.config_dtype_mismatch", {
                "path": p, "name": prefix + key, "value": value, "held": held, "dtype": dtype}))
    return notes


def _dtype_values(cfg: dict[str, Any]) -> list[tuple[str, object]]:
    """(field name, value) of each dtype set in ``cfg``; a composite model's may be a dict of
    one per part."""
    out: list[tuple[str, object]] = []
    for key in ("dtype", "torch_dtype"):
        value = cfg.get(key)
        if isinstance(value, dict):
            out += [(f"{key}.{k}", v) for k, v in value.items() if v is not None]
        elif value is not None:
            out.append((key, value))
    return out


def check_sizes(p: Path, cfg: dict[str, Any]) -> None:
    """Refuse a decoder size that is a number or text but not a whole number above 0, or that is
    beyond ``MAX_SIZE``; lists and objects (a per-layer size in some families) are left to
    transformers."""
    prefix, dec = _parts(cfg)[-1]
    for key in BOUNDED_KEYS:
        value = dec.get(key)
        if _is_number(value) and value > MAX_SIZE:
            raise InsideError(Msg("inside.config_size_huge", {
                "path": p, "name": prefix + key, "value": _short(value), "maximum": MAX_SIZE}))
    for key in SIZE_KEYS:
        value = dec.get(key)
        if isinstance(value, (int, float, str)) and not (is_int(value) and value > 0):
            raise InsideError(Msg("inside.config_size", {"path": p, "name": prefix + key,
                                                         "value": _short(value)}))


def check_text_config(p: Path, cfg: dict[str, Any]) -> None:
    """Refuse a ``text_config`` that is there but no JSON object, in the budget reader's words
    (hfconfig's "config key 'text_config' must be an object"): transformers keeps any value
    and fails only while building the model, as "'str' object has no attribute 'to_dict'"."""
    text = cfg.get("text_config")
    if text is not None and not isinstance(text, dict):
        raise InsideError(Msg("inside.config_invalid", {"path": p, "reason": Msg("hf.text_config")}))


def check_config_values(p: Path, cfg: dict[str, Any], model_type: str,
                        dtype: str) -> list[Msg]:
    """Every value check above on config.json's ``cfg`` (InsideError naming the field), for a
    model to be loaded as ``dtype``; returns the notes that belong in the result."""
    check_text_config(p, cfg)  # first: the checks below read the decoder's values from it
    check_quantization(p, cfg)
    check_architectures(p, cfg)
    check_sizes(p, cfg)
    check_norm_eps(p, cfg)
    check_rope(p, cfg, model_type)
    check_token_ids(p, cfg, model_type)
    return dtype_notes(p, cfg, dtype)


__all__ = ["check_config_values", "check_quantization", "check_rope", "check_sizes",
           "check_text_config", "check_token_ids", "dtype_mismatch_notes", "dtype_notes",
           "known_rope_types", "text_cfg"]
