"""A safetensors file whose 8-byte header length is 0 (eight zero bytes, or a sparse file of
zeros) was called "not valid JSON (the file is empty)", though the file is not empty (probe s13,
finding 7): it is named for what it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from gatelab.core.budget import read_safetensors_header


@pytest.mark.parametrize("size", [8, 300 * 1024 * 1024])
def test_a_zero_header_length_is_said(tmp_path: Path, size: int) -> None:
    path = tmp_path / "model.safetensors"
    with open(path, "wb") as f:
        f.truncate(size)  # zeros: sparse, nothing on disk
    with pytest.raises(ValueError) as info:
        read_safetensors_header(path)
    text = str(info.value)
    assert text == ("model.safetensors: its header length is 0, so it is not a safetensors file "
                    "(those start with the length of a JSON header)")
    assert "empty" not in text


def _write(path: Path, header: dict, data: bytes) -> Path:
    import json
    import struct

    raw = json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(raw)) + raw + data)
    return path


@pytest.mark.parametrize("drop, extra, gap", [
    ("b", b"", "bytes 8–16 of its data belong to no tensor"),  # a layer's entry removed
    ("", b"\0" * 8, "bytes 24–32 of its data belong to no tensor"),  # bytes after the last
    ("a", b"", "bytes 0–8 of its data belong to no tensor"),  # before the first
])
def test_data_no_tensor_covers_is_refused_by_name(tmp_path: Path, drop: str, extra: bytes,
                                                  gap: str) -> None:
    """Probe s19 P5: a header with a layer's entries removed (the data kept) passed, and the
    model failed to load seconds later in the library's words ("invalid offset for tensor")."""
    from safetensors.numpy import load_file

    entries = {name: {"dtype": "F32", "shape": [2], "data_offsets": [8 * i, 8 * i + 8]}
               for i, name in enumerate("abc")}
    whole = _write(tmp_path / "whole.safetensors", entries, bytes(24))
    assert set(read_safetensors_header(whole)) == set(load_file(whole)) == {"a", "b", "c"}
    entries.pop(drop, None)
    path = _write(tmp_path / "model.safetensors", entries, bytes(24) + extra)
    with pytest.raises(ValueError) as info:
        read_safetensors_header(path)
    assert str(info.value) == f"model.safetensors: {gap} (a damaged or edited header)"
    with pytest.raises(Exception):  # noqa: B017 (the reference reader refuses it too)
        load_file(path)
