"""Why transformers failed to load a model folder's config, tokenizer or model, in gatelab's words.

Why after the failure, not before: each of these files is read by transformers (or the Rust
tokenizers library) itself, and a check gatelab ran first could refuse a file that a newer version
reads. Once loading failed, though, the library's own text is internals ("'str' object cannot be
interpreted as an integer", "data did not match any variant of untagged enum ModelUntagged at
line 1 column 5607", "Unexpected UTF-8 BOM"), so the files are read again here and the first
thing found wrong with one of them is named; the library's text stays only as a detail after a
clear first clause, or as the message when nothing here explains the failure.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from gatelab.core.fileio import FileReadError, read_bytes_capped
from gatelab.core.inside.hf_check import SIDE_FILES
from gatelab.core.messages import Msg, first_line, reason
from gatelab.core.reasons import json_kind, json_reason

BOM = b"\xef\xbb\xbf"  # UTF-8's byte-order mark: gatelab's readers skip it, transformers does not
TOKENIZER_JSON = ("tokenizer.json", "tokenizer_config.json", "special_tokens_map.json",
                  "added_tokens.json")
_ONIGURUMA = re.compile(r"Oniguruma error: (.{1,200}?) at (line \d+ column \d+)")
_FIELD = re.compile(r"Validation error for field '([A-Za-z0-9_.]{1,80})'")


def config_failure(p: Path, exc: BaseException) -> Msg:
    """Why transformers refused config.json, keyed: a byte-order mark (gatelab's own reader
    accepts it, so the budget reads a file that transformers calls "not a valid JSON file"), a
    field its type check refused (its own text is a Python repr: "doesn't match any type in
    (<class '…'>, …)"), else its first line."""
    bom = bom_problem(p, ("config.json",))
    if bom is not None:
        return bom
    found = _FIELD.search(str(exc))
    if found:
        return Msg("inside.config_field_form", {"path": p, "name": found.group(1)})
    return Msg("inside.config_invalid", {"path": p, "reason": first_line(exc)})


def tokenizer_failure(p: Path, exc: BaseException) -> Msg:
    """Why the tokenizer of ``p`` could not be loaded: the first of a byte-order mark, a file
    that is not a JSON object, a regular expression the library refuses, a tokenizer.json that
    the tokenizers library cannot read; else transformers' reason."""
    return (bom_problem(p, TOKENIZER_JSON) or tokenizer_json_problem(p)
            or tokenizer_regex_problem(p, exc) or tokenizer_file_problem(p)
            or Msg("inside.tokenizer_failed", {"path": p, "reason": reason(exc)}))


def model_failure(p: Path, exc: BaseException) -> Msg:
    """Why the model could not be loaded: a side file that is not valid JSON, else the first
    line of transformers' error."""
    return model_json_problem(p) or Msg("inside.model_failed", {"path": p,
                                                                 "reason": first_line(exc)})


def bom_problem(p: Path, names: tuple[str, ...]) -> Msg | None:
    """Msg naming the first of ``names`` in ``p`` that starts with a UTF-8 byte-order mark, or
    None. (The folder holds regular files only by now, so opening one cannot block.)"""
    for name in names:
        try:
            with open(p / name, "rb") as f:
                head = f.read(len(BOM))
        except OSError:
            continue
        if head == BOM:
            return Msg("inside.json_bom", {"path": p, "name": name})
    return None


def tokenizer_json_problem(p: Path) -> Msg | None:
    """Why the tokenizer of ``p`` could not be loaded when one of its JSON files is not valid
    JSON (nested too deeply, bad bytes, broken syntax) or holds no JSON object: the keyed reason
    naming the file, or None. Transformers' own text was "maximum recursion depth exceeded
    while decoding a JSON array…", or for [1, 2, 3] "'str' object cannot be interpreted as an
    integer"."""
    for name in TOKENIZER_JSON:
        try:
            raw = read_bytes_capped(p / name, SIDE_FILES[name])
            data = json.loads(raw.decode("utf-8-sig"))
        except FileReadError:
            continue
        except (ValueError, RecursionError) as exc:
            return Msg("inside.tokenizer_json", {"path": p, "name": name,
                                                 "reason": json_reason(exc)})
        if not isinstance(data, dict):
            return Msg("inside.tokenizer_not_object", {"path": p, "name": name,
                                                       "found": json_kind(data)})
    return None


def tokenizer_regex_problem(p: Path, exc: BaseException) -> Msg | None:
    """Why the tokenizer of ``p`` could not be loaded when tokenizer.json holds a regular
    expression its library (Oniguruma) refuses, or None: the library's own words named neither
    the file nor what kind of text was wrong."""
    found = _ONIGURUMA.search(str(exc))
    if found is None:
        return None
    return Msg("inside.tokenizer_regex", {"path": p, "reason": found.group(1),
                                          "where": found.group(2)})


def tokenizer_file_problem(p: Path) -> Msg | None:
    """Why the tokenizers library cannot read ``p``'s tokenizer.json (a JSON object), or None
    when it can (or the file is not there): a file without a "model" object is named as such, a
    model type it does not know with the ones it does (asked of the library, so a newer one's
    are not refused); else its own words, after a first clause that names the file."""
    path = p / "tokenizer.json"
    try:
        data = json.loads(read_bytes_capped(path, SIDE_FILES[path.name]).decode("utf-8-sig"))
        from tokenizers import Tokenizer, models
    except (FileReadError, ValueError, RecursionError, ImportError):
        return None
    model = data.get("model") if isinstance(data, dict) else None
    if not isinstance(model, dict):  # the library's words were "expected `,` or `}` at …"
        return Msg("inside.tokenizer_no_model", {"path": p})
    kind = model.get("type")
    known = sorted(n for n in dir(models) if n[:1].isupper() and n != "Model"
                   and isinstance(getattr(models, n), type))
    if kind is not None and known and kind not in known:
        return Msg("inside.tokenizer_model_type", {"path": p, "value": repr(kind)[:40],
                                                   "known": ", ".join(known)})
    try:
        Tokenizer.from_file(str(path))
    except (KeyboardInterrupt, SystemExit, GeneratorExit):
        raise
    except BaseException as exc:  # noqa: BLE001 (pyo3's PanicException is a BaseException)
        return Msg("inside.tokenizer_library", {"path": p, "reason": first_line(exc)})
    return None


def model_json_problem(p: Path) -> Msg | None:
    """Why the model could not be loaded when its side file generation_config.json (which
    transformers reads while loading the weights) is not valid JSON: one nested 10⁵ deep ended
    as Python's "maximum recursion depth exceeded while decoding a JSON array"."""
    name = "generation_config.json"
    try:
        json.loads(read_bytes_capped(p / name, SIDE_FILES[name]).decode("utf-8-sig"))
    except FileReadError:
        return None
    except (ValueError, RecursionError) as exc:
        return Msg("inside.model_json", {"path": p, "name": name, "reason": json_reason(exc)})
    return None


__all__ = ["bom_problem", "config_failure", "model_failure", "model_json_problem",
           "tokenizer_failure", "tokenizer_file_problem", "tokenizer_json_problem",
           "tokenizer_regex_problem"]
