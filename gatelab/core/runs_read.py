"""Reading run folders safely: every file a run leaves may be truncated, garbled or hostile.

Why a module of its own: the run list, replay, resume, the CLI and the gate plane all read the
same files, and one bad folder must never take the others down or show a traceback. Every read
goes through ``gatelab.core.fileio`` (regular files only, hard byte caps), every parsed value is
checked before use, and every failure becomes a ``RunError`` naming the file and the reason.
Error texts never echo torch's or numpy's hint to turn unpickling on.

Whether a "running" run's writer still runs is ``gatelab.core.run_liveness``'s question.
"""

from __future__ import annotations

import json
import os
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any
from zipfile import ZIP_DEFLATED, ZIP_STORED

import numpy as np

from gatelab.core.fileio import FileReadError, open_regular, read_bytes_capped, read_tail
from gatelab.core.messages import GatelabError, Msg
from gatelab.core.metrics_values import LAYER_KEYS, NUM_KEYS, gaps_as_nan, is_num
from gatelab.core.reasons import is_digit_limit, json_kind, json_reason
from gatelab.core.run_steps import step_plausible, step_text
from gatelab.core.temp_files import remove_stale_tmp  # noqa: F401 (its callers import it here)
from gatelab.core.trainconfig import BUILTIN_CORPORA, TrainConfig

CONFIG, METRICS, CKPT, STATS, SAMPLES, SUMMARY = (
    "config.json", "metrics.jsonl", "ckpt.pt", "stats.npz", "samples.txt", "run.json")
JSON_CAP = 1 << 20  # config.json and run.json are about 1 KB
STATS_CAP = 1 << 29
CKPT_CAP = 1 << 36
LINE_CAP = 1 << 20  # one metrics row (per-layer lists included)
SAMPLES_TAIL = 1 << 16


class RunError(GatelabError):
    """A run folder is missing or unreadable; the message names the folder and the problem."""


def safe_reason(exc: BaseException) -> str:
    """A one-line reason from a loader's exception, without any hint to allow unpickling."""
    if isinstance(getattr(exc, "msg", None), Msg):
        return exc.msg  # type: ignore[attr-defined,no-any-return]  # core's own, already safe
    text = " ".join(str(exc).split()) or type(exc).__name__
    if "weights_only" in text or "allow_pickle" in text or "pickle" in text.lower():
        return Msg("load.pickle_refused")
    return text[:300]


_DAMAGE_MARKS = ("zip", "central directory", "streamreader", "truncated", "unexpected end",
                 "ran out of input", "eof")


def is_damage(exc: BaseException) -> bool:
    """True when a loader's exception means the file is cut short or garbled (a truncated copy, a
    crash mid-write): torch then raises a bare ``OSError: [Errno 22]`` or a miniz error whose text
    explains nothing to a user, so callers say "truncated or damaged" instead."""
    if isinstance(exc, (OSError, EOFError)):
        return True
    text = str(exc).lower()
    return "pickle" not in text and any(mark in text for mark in _DAMAGE_MARKS)


# -- JSON --------------------------------------------------------------------------------------
def read_json_strict(path: Path) -> dict[str, Any]:
    """A JSON object from ``path``; RunError naming the file for anything else."""
    try:
        raw = read_bytes_capped(path, JSON_CAP, what=path.name)
        data = json.loads(raw.decode("utf-8"))
    except FileReadError as exc:
        raise RunError(Msg("run.in_folder", {"folder": path.parent, "reason": safe_reason(exc)})) from None
    except RecursionError:
        raise RunError(Msg("run.json_too_deep", {"path": path})) from None
    except ValueError as exc:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        if is_digit_limit(exc):  # never pass on Python's hint to raise the limit
            raise RunError(Msg("json.too_many_digits", {"path": path})) from None
        raise RunError(Msg("json.invalid", {"path": path, "reason": json_reason(exc)})) from None
    if not isinstance(data, dict):
        raise RunError(Msg("json.not_object", {"path": path, "found": json_kind(data)}))
    return data


def read_json(path: Path) -> dict[str, Any]:
    """Lenient ``read_json_strict``: {} for a missing or unreadable file."""
    try:
        return read_json_strict(path)
    except RunError:
        return {}


def read_config(folder: Path) -> TrainConfig:
    """The validated TrainConfig of a run folder; RunError naming config.json otherwise. A
    corpus kept as a relative path (gatelab-train before session 17 kept "corp3.txt" as typed)
    is the absolute file run.json names, when that is the same file name and still there."""
    data = read_json_strict(folder / CONFIG)
    try:
        config = TrainConfig.from_dict(data).validate()
    except (TypeError, ValueError, OverflowError) as exc:
        raise RunError(Msg("path_reason", {"path": folder / CONFIG, "reason": safe_reason(exc)})) from None
    corpus = config.corpus
    if corpus in BUILTIN_CORPORA or os.path.isabs(os.path.expanduser(corpus)):
        return config
    info = read_json(folder / SUMMARY).get("corpus")
    source = info.get("source") if isinstance(info, dict) else None
    if (isinstance(source, str) and os.path.isabs(source)
            and os.path.basename(source) == os.path.basename(corpus) and os.path.isfile(source)):
        return config.replace(corpus=source)
    return config


# -- metrics.jsonl -----------------------------------------------------------------------------
def row_problem(row: Any) -> str:
    """Why a parsed metrics row cannot be plotted ("" when it can)."""
    if not isinstance(row, dict):
        return Msg("metrics.row_not_object")
    step = row.get("step")
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= 10**12:
        return Msg("metrics.step_not_whole", {"value": repr(step)})
    for key in NUM_KEYS:
        if key in row and not (is_num(row[key]) or (key == "val_loss" and row[key] is None)):
            return Msg("metrics.not_number", {"name": key, "value": repr(row[key])})
    if "tokens_seen" in row and not is_num(row["tokens_seen"]):
        return Msg("metrics.not_number", {"name": "tokens_seen", "value": repr(row["tokens_seen"])})
    for key in LAYER_KEYS:
        v = row.get(key)
        if v is not None and not (isinstance(v, list) and len(v) <= 4096
                                  and all(is_num(x) for x in v)):
            return Msg("metrics.not_list", {"name": key})
    return ""


def metrics_lines(path: Path, problems: list[str] | None = None, max_bytes: int | None = None
                  ) -> Iterator[tuple[int, bytes]]:
    """(line number, raw line) of a metrics.jsonl, streamed; overlong lines are skipped.

    ``max_bytes`` stops the scan once that many bytes were read, the skipped parts of overlong
    lines included (``run_history`` asks a few lines of a file that may be huge and never wants
    all of it read). A missing file yields nothing; an unreadable one RunError."""
    try:
        fd = open_regular(path)
    except FileReadError as exc:
        if not os.path.lexists(path):
            return
        raise RunError(Msg("run.in_folder", {"folder": path.parent, "reason": safe_reason(exc)})) from None
    limit = max_bytes if max_bytes is not None else float("inf")
    with os.fdopen(fd, "rb") as f:
        lineno = scanned = 0
        while scanned < limit:  # each read may pass the bound by one line (LINE_CAP) at most
            line = f.readline(LINE_CAP + 1)
            if not line:
                return
            scanned += len(line)
            lineno += 1
            if len(line) > LINE_CAP and not line.endswith(b"\n"):
                while line and not line.endswith(b"\n") and scanned < limit:  # skip the rest
                    line = f.readline(LINE_CAP)
                    scanned += len(line)
                _note(problems, lineno, Msg("metrics.line_too_long"))
            elif line.strip():
                yield lineno, line


def parse_row(lineno: int, line: bytes, problems: list[str] | None) -> dict[str, Any] | None:
    """The row of one line, or None (a truncated last line, a crash mid-write, silently; a bad
    row noted in ``problems`` when given). Also ``metrics_gap``'s reader of a file's tail."""
    try:
        row = gaps_as_nan(json.loads(line.decode("utf-8")))  # ±Infinity, 1e308: as null
        why = row_problem(row)
    except RecursionError:
        why = Msg("metrics.too_deep")
    except (ValueError, UnicodeDecodeError):
        if not line.endswith(b"\n"):
            return None
        why = Msg("metrics.bad_json")
    if why:
        _note(problems, lineno, why)
        return None
    return row  # type: ignore[no-any-return]


def iter_metrics(path: Path, problems: list[str] | None = None
                 ) -> Iterator[tuple[bytes, dict[str, Any]]]:
    """(raw line, row) of every valid row of a metrics.jsonl, streamed line by line.

    A truncated last line (a crash mid-write) is skipped silently; other bad rows are skipped
    and described in ``problems``. A missing file yields nothing; an unreadable one RunError.
    """
    for lineno, line in metrics_lines(path, problems):
        row = parse_row(lineno, line, problems)
        if row is not None:
            yield line if line.endswith(b"\n") else line + b"\n", row


def _note(problems: list[str] | None, lineno: int, why: str) -> None:
    if problems is not None:
        problems.append(Msg("metrics.line", {"line": lineno, "why": why}))


def read_metrics(path: Path, max_rows: int | None = None,
                 problems: list[str] | None = None) -> list[dict[str, Any]]:
    """Valid rows of a metrics.jsonl; with ``max_rows`` downsampled for plotting: every
    validation row and the last row are kept, the other rows are strided evenly to fit.

    Downsampling parses only the lines it keeps (JSON parsing is nearly all the cost: a
    300 MB file of 1.8 M rows would take ~20 s to parse whole)."""
    if max_rows is None:
        return [row for _line, row in iter_metrics(path, problems)]
    kept: list[tuple[int, dict[str, Any]]] = []
    stride, index = 1, -1
    tail: list[tuple[int, int, bytes]] = []  # the last two lines: the last may be half-written
    for lineno, line in metrics_lines(path, problems):
        index += 1
        tail = [*tail[-1:], (index, lineno, line)]
        is_val = b'"val_loss"' in line
        if not (is_val or index % stride == 0):
            continue
        row = parse_row(lineno, line, problems)
        if row is None:
            continue
        kept.append((index, row))
        if len(kept) > max_rows:  # double the stride; validation rows stay
            stride *= 2
            kept = [(i, r) for i, r in kept if r.get("val_loss") is not None or i % stride == 0]
            if len(kept) > max_rows:  # more validation rows than the cap: thin them too
                kept = kept[::2]
    for i, lineno, line in reversed(tail):  # keep the last valid row
        if kept and kept[-1][0] >= i:
            break
        row = parse_row(lineno, line, None)
        if row is not None:
            kept.append((i, row))
            break
    return [r for _i, r in kept]


# -- checkpoint, statistics, samples -----------------------------------------------------------
def torch_archive_problem(f: IO[bytes], size: int) -> Msg | None:
    """Why the open file ``f`` (``size`` bytes) must not be given to ``torch.load``, or None;
    EOFError (damage, as a truncated copy is) when it is neither a zip archive nor a pickle.

    Why: the file-size caps alone let a 3.5 MB file inflate to 3.3 GB inside torch.load, which
    inflates deflated zip members whole. ``torch.save`` writes a zip whose parts are all stored
    uncompressed, so a compressed part, or parts that list more bytes than the file holds
    (overlapping parts, each read in full), mean a forged or damaged file. A file that is not a
    zip (torch's legacy format, a pickle, reads storage sizes from the file and allocates them
    before reading) is refused too: gatelab never wrote one. ``f`` is left at offset 0."""
    try:
        with zipfile.ZipFile(f) as z:
            infos = z.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError,
            NotImplementedError):
        infos = []
    finally:
        f.seek(0)
    if not infos:
        if f.read(1) == b"\x80":  # pickle's PROTO opcode: torch's legacy format, or any pickle
            f.seek(0)
            return Msg("load.pickle_refused")
        raise EOFError("not a zip archive")
    packed = [i for i in infos if i.compress_type != ZIP_STORED]
    if packed:
        return Msg("torchfile.compressed", {"name": packed[0].filename})
    listed = sum(max(i.file_size, i.compress_size) for i in infos)
    if listed > size:
        return Msg("torchfile.oversized", {"size": listed, "limit": size})
    return None


_CKPT_TYPES: dict[str, type | tuple[type, ...]] = {
    "model": dict, "optimizer": dict, "step": int, "tokens_seen": int,
    "elapsed_s": (int, float), "config": dict, "vocab": str, "rng": dict}


def load_checkpoint(path: Path | str, map_location: Any = "cpu") -> dict[str, Any]:
    """The checked ``ckpt.pt`` of a run folder (or a ckpt file); RunError if missing, unreadable
    or not a gatelab checkpoint. Tensors only: never unpickles code."""
    import torch

    p = Path(path)
    if p.is_dir():
        p = p / CKPT
    if not os.path.lexists(p):
        raise RunError(Msg("ckpt.none", {"path": p}))
    try:
        fd = open_regular(p)
    except FileReadError as exc:
        raise RunError(Msg("ckpt.file_error", {"reason": safe_reason(exc)})) from None
    try:
        with os.fdopen(fd, "rb") as f:
            size = os.fstat(f.fileno()).st_size
            if size > CKPT_CAP:
                raise RunError(Msg("ckpt.too_large", {"path": p, "gb": CKPT_CAP >> 30}))
            why = torch_archive_problem(f, size)
            if why is not None:
                raise RunError(Msg("ckpt.unreadable", {"path": p, "reason": why}))
            ckpt = torch.load(f, map_location=map_location, weights_only=True)
    except RunError:
        raise
    except Exception as exc:  # truncated, foreign or pickled content
        if is_damage(exc):
            raise RunError(Msg("ckpt.damaged", {"path": p})) from None
        raise RunError(Msg("ckpt.unreadable", {"path": p, "reason": safe_reason(exc)})) from None
    _check_checkpoint(p, ckpt)
    return ckpt  # type: ignore[no-any-return]


def _check_checkpoint(p: Path, ckpt: Any) -> None:
    if not isinstance(ckpt, dict):
        raise RunError(Msg("ckpt.not_dict", {"path": p, "found": type(ckpt).__name__}))
    for key, kind in _CKPT_TYPES.items():
        value = ckpt.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise RunError(Msg("ckpt.key_missing", {"path": p, "name": key}) if key not in ckpt
                           else Msg("ckpt.key_type", {"path": p, "name": key,
                                                      "found": type(value).__name__}))
    try:
        steps = TrainConfig.from_dict(ckpt["config"]).validate().steps
    except (TypeError, ValueError, OverflowError) as exc:
        raise RunError(Msg("ckpt.bad_config", {"path": p, "reason": safe_reason(exc)})) from None
    if not step_plausible(ckpt["step"], steps):  # training stops at config.steps: 2**63 is damage
        raise RunError(Msg("runs.ckpt_step", {"path": p, "step": step_text(ckpt["step"]),
                                               "limit": steps}))
    if ckpt["tokens_seen"] < 0 or not ckpt["vocab"]:
        raise RunError(Msg("ckpt.damaged_fields", {"path": p}))


def _open_npz(f: IO[bytes]) -> Any:
    """``np.load`` of an .npz, or EOFError (damage) when ``f`` does not start as a zip archive:
    np.load takes any other bytes for a pickle and refuses it "for safety", which would call a
    stats.npz of random bytes (a damaged disk) a hostile file."""
    head = f.read(2) or b""  # (None: a non-blocking /proc file with nothing to give)
    f.seek(0)
    if head != b"PK" and head[:1] != b"\x80":  # a pickle (PROTO) is still refused as one
        raise EOFError("not a zip archive")
    return np.load(f, allow_pickle=False)


def read_stats(path: Path, keys: tuple[str, ...] | None = None) -> dict[str, np.ndarray]:
    """The numeric arrays of a stats.npz (only ``keys`` when given: the gate plane reads just
    ``gate_pairs``, whatever the size of the rest); RunError naming the file when it cannot be
    read. Sizes are checked from the archive's directory before any array is read; zipfile
    never inflates a member past its listed size, except with bzip2 or lzma, which are refused."""
    try:
        fd = open_regular(path)
    except FileReadError as exc:
        raise RunError(Msg("file.could_not_read", {"reason": safe_reason(exc)})) from None
    try:
        with os.fdopen(fd, "rb") as f, _open_npz(f) as z:
            names = [k for k in z.files if keys is None or k in keys]
            infos = [z.zip.getinfo(k + ".npy") for k in names]
            odd = [i for i in infos if i.compress_type not in (ZIP_STORED, ZIP_DEFLATED)]
            if odd:  # bzip2/lzma inflate a whole chunk at once, whatever size the directory lists
                raise RunError(Msg("stats.compression", {"path": path, "name": odd[0].filename,
                                                         "method": odd[0].compress_type}))
            size = sum(i.file_size for i in infos)
            if size > STATS_CAP:
                raise RunError(Msg("stats.too_large", {"path": path, "size": size, "limit": STATS_CAP}))
            arrays = {k: np.asarray(z[k]) for k in names}
    except RunError:
        raise
    except Exception as exc:  # BadZipFile, EOFError, object arrays, a non-zip file, …
        if is_damage(exc):
            raise RunError(Msg("stats.damaged", {"path": path})) from None
        raise RunError(Msg("stats.unreadable", {"path": path, "reason": safe_reason(exc)})) from None
    for key, arr in arrays.items():
        if not np.issubdtype(arr.dtype, np.number):
            raise RunError(Msg("stats.not_numbers", {"path": path, "name": key, "dtype": str(arr.dtype)}))
    return arrays


def read_samples_tail(path: Path, n: int = SAMPLES_TAIL) -> str:
    """The last ``n`` bytes of samples.txt as text ("" when absent)."""
    if not os.path.lexists(path):
        return ""
    try:
        tail, _start = read_tail(path, n)
    except FileReadError as exc:
        raise RunError(Msg("run.in_folder", {"folder": path.parent, "reason": safe_reason(exc)})) from None
    return tail.decode("utf-8", errors="replace")
