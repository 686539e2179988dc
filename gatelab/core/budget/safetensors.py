"""Read a ``.safetensors`` header (and a sharded index) without ever touching tensor data.

Why by hand: the format is an 8-byte little-endian header length followed by a JSON header, so
the tensor names, dtypes and shapes of a 100 GB checkpoint can be listed from a few kilobytes.
Because such files come from anywhere, everything is checked (length prefix, UTF-8, JSON, dtype,
shape × dtype size = byte range, ranges inside the data area and not overlapping) and every
defect is reported as a ``ValueError`` with a clear message — never another exception, never a
read of more than the header.
"""

from __future__ import annotations

import json
import math
import os
import struct
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, NoReturn

from gatelab.core.budget.jsonio import parse_json_object, read_json_object
from gatelab.core.fileio import FileReadError, open_regular
from gatelab.core.messages import Msg, error, reason
from gatelab.core.reasons import os_reason

MAX_HEADER_BYTES = 100 * 1024 * 1024
MAX_INDEX_BYTES = 64 * 1024 * 1024
MAX_DIMS = 64
#: Tensors in one file: real shards hold a few thousand (the largest MoE checkpoints ~100k in
#: all); a header of millions is a hostile file and would take many seconds to check.
MAX_TENSORS = 100_000
#: Tensors across all shards of an index. The largest real ones hold ~90k (DeepSeek-V3 with its
#: FP8 scales) to ~150k (Kimi-K2-class MoE); 250k leaves room and parses in ~5 s at worst. The
#: shard headers are counted on their raw bytes first, so more is refused before any is parsed.
MAX_INDEX_TENSORS = 250_000

#: Bits per element of every dtype the safetensors format defines.
DTYPE_BITS: dict[str, int] = {
    "BOOL": 8, "U8": 8, "I8": 8, "F8_E5M2": 8, "F8_E4M3": 8, "F8_E8M0": 8, "E8M0": 8,
    "I16": 16, "U16": 16, "F16": 16, "BF16": 16, "I32": 32, "U32": 32, "F32": 32,
    "I64": 64, "U64": 64, "F64": 64, "C64": 64, "F4": 4, "F6_E2M3": 6, "F6_E3M2": 6,
}

TensorInfo = tuple[str, tuple[int, ...]]


def numel(shape: tuple[int, ...] | list[int]) -> int:
    return math.prod(shape)


def _bytes_text(n: int) -> str:
    """A byte count for a message; absurd sizes (a shape of 2**62 × 64) stay short and never
    go through float (which overflows)."""
    return f"{n:,}" if n < 10**24 else Msg("st.more_than", {"exp": len(str(n)) - 1})


def _bad_shape(name: str) -> NoReturn:
    raise error("st.bad_shape", name=name, maximum=MAX_DIMS)


def _parse_entry(name: str, entry: Any, data_size: int) -> tuple[str, tuple[int, ...], int, int]:
    if type(entry) is not dict:
        raise error("st.entry", name=name)
    dtype = entry.get("dtype")
    bits_per = DTYPE_BITS.get(dtype) if type(dtype) is str else None
    if bits_per is None:
        raise error("st.dtype", name=name, dtype=dtype)
    shape = entry.get("shape")
    if type(shape) is not list or len(shape) > MAX_DIMS:
        _bad_shape(name)
    for d in shape:  # a plain loop: this runs once per dimension of up to 100,000 tensors
        if type(d) is not int or d < 0:  # type(): bool is a subclass of int
            _bad_shape(name)
    offsets = entry.get("data_offsets")
    if type(offsets) is not list or len(offsets) != 2:
        raise error("st.offsets", name=name)
    begin, end = offsets
    if type(begin) is not int or type(end) is not int:
        raise error("st.offsets", name=name)
    if not 0 <= begin <= end <= data_size:
        raise error("st.offsets_outside", name=name, begin=_bytes_text(begin),
                    end=_bytes_text(end), size=data_size)
    bits = numel(shape) * bits_per
    if bits % 8 or bits // 8 != end - begin:
        dims = " × ".join(map(str, shape)) if len(shape) <= 8 else f"{len(shape)} dimensions"
        raise error("st.size_mismatch", name=name, dims=dims, dtype=dtype,
                    need=_bytes_text(-(-bits // 8)), span=end - begin)
    return dtype, tuple(shape), begin, end


def _check_count(count: int, label: str, limit: int = MAX_TENSORS) -> None:
    if count > limit:
        raise error("st.too_many", path=label, count=count, limit=limit)


def parse_header(header: bytes, data_size: int, label: str = "file") -> dict[str, TensorInfo]:
    """Validate a raw JSON header for a data area of ``data_size`` bytes.

    Refused, each with one ``ValueError``: more than ``MAX_TENSORS`` tensors (counted on the raw
    bytes before parsing, so a hostile header costs milliseconds), a name given twice (the
    reference reader refuses it too), and every malformed entry."""
    _check_count(header.count(b'"data_offsets"'), label)
    obj = parse_json_object(header, Msg("st.header", {"path": label}), unique_keys=True)
    _check_count(len(obj) - ("__metadata__" in obj), label)
    meta = obj.get("__metadata__")
    if meta is not None and not (isinstance(meta, dict)
                                 and all(isinstance(v, str) for v in meta.values())):
        raise error("st.metadata", path=label)
    tensors: dict[str, TensorInfo] = {}
    ranges: list[tuple[int, int, str]] = []
    for name, entry in obj.items():
        if name == "__metadata__":
            continue
        try:
            dtype, shape, begin, end = _parse_entry(name, entry, data_size)
        except ValueError as exc:
            raise error("path_reason", path=label, reason=reason(exc)) from None
        tensors[name] = (dtype, shape)
        if end > begin:
            ranges.append((begin, end, name))
    ranges.sort()
    for (b0, e0, n0), (b1, _e1, n1) in zip(ranges, ranges[1:]):
        if b1 < e0:
            raise error("st.overlap", path=label, a=n0, b=n1, begin=b1, end=e0)
    _check_covered(ranges, data_size, label)
    return tensors


def _check_covered(ranges: list[tuple[int, int, str]], data_size: int, label: str) -> None:
    """Every byte of the data area belongs to a tensor, as the format requires and the reference
    reader checks. Why here: a header with a layer's entries removed passed, and loading the
    model failed ten seconds later in the library's words, "invalid offset for tensor"
    (probe s19 P5)."""
    at = 0
    for begin, end, _name in ranges:
        if begin != at:
            raise error("st.gap", path=label, begin=at, end=begin)
        at = end
    if at != data_size:
        raise error("st.gap", path=label, begin=at, end=data_size)


def _read_exact(fd: int, n: int, label: str) -> bytes:
    out = bytearray()
    while len(out) < n:
        block = os.read(fd, min(1 << 20, n - len(out)))
        if not block:
            raise error("st.shrank", path=label)
        out += block
    return bytes(out)


def read_safetensors_header(path: str | os.PathLike[str]) -> dict[str, TensorInfo]:
    """``{tensor name: (dtype, shape)}`` from a .safetensors file, reading only its header.

    Only a regular file is opened (a FIFO or device is refused without blocking) and at most
    8 + ``MAX_HEADER_BYTES`` bytes are read, whatever the file claims."""
    p = Path(path)
    header, data_size = _raw_header(p)
    return parse_header(header, data_size, label=p.name)


def _raw_header(p: Path) -> tuple[bytes, int]:
    """The raw JSON header of a .safetensors file and the size of its data area."""
    try:
        fd = open_regular(p)
    except FileReadError as exc:
        raise error("file.cannot_read", reason=reason(exc)) from None
    try:
        size = os.fstat(fd).st_size
        prefix = _read_exact(fd, 8, p.name) if size >= 8 else b""
        if len(prefix) < 8:
            raise error("st.too_short", path=p.name, size=size)
        (length,) = struct.unpack("<Q", prefix)
        if length == 0:  # not "the file is empty": the JSON is, of a file that need not be
            raise error("st.header_empty", path=p.name)
        if length > MAX_HEADER_BYTES:
            raise error("st.header_cap", path=p.name, length=length,
                        cap=MAX_HEADER_BYTES // 2**20)
        if 8 + length > size:
            raise error("st.header_long", path=p.name, length=length, size=size)
        header = _read_exact(fd, length, p.name)
    except OSError as exc:
        raise error("st.cannot_read", path=p, reason=os_reason(exc)) from None
    finally:
        os.close(fd)
    return header, size - 8 - length


def read_index(path: str | os.PathLike[str],
               progress: Callable[[int, int], None] | None = None) -> dict[str, TensorInfo]:
    """Read a sharded ``model.safetensors.index.json`` and the header of each shard it names;
    ``progress(done, total)`` is called after each shard (the GUI's worker reports it)."""
    p = Path(path)
    obj = read_json_object(p, MAX_INDEX_BYTES, p.name)
    weight_map = obj.get("weight_map")
    if not isinstance(weight_map, Mapping) or not all(
            isinstance(v, str) for v in weight_map.values()):
        raise error("st.index", path=p.name)
    _check_count(len(weight_map), p.name, MAX_INDEX_TENSORS)
    shard_paths = _shard_paths(p, sorted(set(weight_map.values())))
    _check_total(p.name, shard_paths)
    tensors: dict[str, TensorInfo] = {}
    for done, shard_path in enumerate(shard_paths, 1):
        for name, info in read_safetensors_header(shard_path).items():
            if name in tensors:
                raise error("st.twice", name=name)
            tensors[name] = info
        _check_count(len(tensors), p.name, MAX_INDEX_TENSORS)
        if progress is not None:
            progress(done, len(shard_paths))
    missing = [n for n in weight_map if n not in tensors]
    if missing:
        raise error("st.missing", path=p.name, n=len(missing), example=missing[0])
    return tensors


def _shard_paths(index: Path, shards: list[str]) -> list[Path]:
    folder = _resolved(index, index.parent, ".")
    out = []
    for shard in shards:
        if not shard.endswith(".safetensors") or "\0" in shard:
            raise error("st.shard", path=index.name, shard=shard)
        shard_path = _resolved(index, folder / shard, shard)
        if shard_path.parent != folder:
            raise error("st.shard", path=index.name, shard=shard)
        out.append(shard_path)
    return out


def _resolved(index: Path, path: Path, shard: str) -> Path:
    """``path`` with its links resolved, or a ValueError naming the index and the shard: a link
    loop makes ``Path.resolve`` raise RuntimeError up to Python 3.12 (OSError later), which
    every caller would otherwise report as an unexpected error with Python's words."""
    try:
        return path.resolve()
    except RuntimeError:
        why: Msg = Msg("os.link_loop")
    except OSError as exc:
        why = os_reason(exc)
    raise error("st.shard_unreadable", path=index.name, shard=shard, reason=why)


def _check_total(label: str, shard_paths: list[Path]) -> None:
    """Count the tensors of every shard on its raw header bytes (milliseconds per shard) and
    refuse an index whose total is beyond ``MAX_INDEX_TENSORS`` before parsing any header:
    10 shards of 99,999 tensors once kept the reader busy for 20 s and 541 MB."""
    total = 0
    for shard_path in shard_paths:
        total += _raw_header(shard_path)[0].count(b'"data_offsets"')
        if total > MAX_INDEX_TENSORS:
            raise error("st.shards_too_many", path=label, limit=MAX_INDEX_TENSORS)


def read_checkpoint(path: str | os.PathLike[str],
                    progress: Callable[[int, int], None] | None = None
                    ) -> dict[str, TensorInfo]:
    """A .safetensors file or a sharded index (chosen by the file name)."""
    if str(path).endswith(".json"):
        return read_index(path, progress)
    return read_safetensors_header(path)


def write_safetensors_header_only(path: str | os.PathLike[str],
                                  tensors: Mapping[str, TensorInfo]) -> None:
    """Write a valid .safetensors file of zero-filled tensors (for tests and examples)."""
    header: dict[str, Any] = {}
    offset = 0
    for name, (dtype, shape) in tensors.items():
        nbytes = numel(tuple(shape)) * DTYPE_BITS[dtype] // 8
        header[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": [offset,
                                                                               offset + nbytes]}
        offset += nbytes
    raw = json.dumps(header).encode("utf-8")
    with open(path, "wb") as fh:
        fh.write(struct.pack("<Q", len(raw)) + raw)
        fh.truncate(8 + len(raw) + offset)  # sparse zeros: cheap even for big shapes
