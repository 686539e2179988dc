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
