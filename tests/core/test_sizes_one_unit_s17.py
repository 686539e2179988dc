"""Every size in a refusal in one unit (probe s16 #7): config.json's 2 MiB cap read "2.1 MB"
while tokenizer_config.json's read "2.0 MB" (a 1024-based formatter beside a 1000-based one)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gatelab.core.fileio import FileReadError, human_bytes, read_bytes_capped
from gatelab.core.inside import hf_check
from gatelab.core.inside.errors import InsideError


@pytest.mark.parametrize(("n", "text"), [
    (0, "0 bytes"), (999, "999 bytes"), (1000, "1.0 KB"), (2 * 1024 * 1024, "2.1 MB"),
    (16 * 1024 * 1024, "16.8 MB"), (9_400_000_000, "9.4 GB"), (3e15, "3,000.0 TB")])
def test_human_bytes_is_decimal(n: float, text: str) -> None:
    assert human_bytes(n) == text


def test_two_caps_of_the_same_size_read_the_same(tmp_path: Path) -> None:
    big = tmp_path / "config.json"
    big.write_bytes(b" " * (2 * 1024 * 1024 + 1))
    with pytest.raises(FileReadError) as plain:
        read_bytes_capped(big, 2 * 1024 * 1024)
    assert "2.1 MB" in str(plain.value)
    folder = tmp_path / "model"
    folder.mkdir()
    name = "tokenizer_config.json"
    limit = hf_check.SIDE_FILES[name]
    assert limit == 2 * 1024 * 1024  # the same cap as config.json's above
    (folder / name).write_bytes(b" " * (limit + 1))
    with pytest.raises(InsideError) as side:
        hf_check._side_files_capped(folder)
    assert f"larger than the {human_bytes(limit)} that a {name}" in str(side.value)
    assert human_bytes(limit).endswith(" MB") and "MiB" not in str(side.value)
