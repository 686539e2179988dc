"""Inside's CSV and HTML exports replace a file whole or not at all (kill probe s21 D2: a kill
mid-export left an existing neuron.csv at 0 bytes, a full disk left a good gates.csv cut
mid-row; the PNG exports and Save state already wrote through a temp file)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gatelab.core import safe_write
from gatelab.core.safe_write import RunWriteError
from gatelab.ui.inside_export import write_csv, write_text_file


def test_a_csv_replaces_the_old_one_whole(tmp_path: Path) -> None:
    path = tmp_path / "neuron.csv"
    path.write_text("old,file\n")
    write_csv(path, ["token", "h"], [["a", 0.5], ["b", -1.25]])
    assert path.read_bytes() == b"token,h\r\na,0.5\r\nb,-1.25\r\n"  # (csv's own line ends)
    assert [p.name for p in tmp_path.iterdir()] == ["neuron.csv"]  # no temp file left


def test_a_failed_write_leaves_the_old_file_and_names_it(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "gates.csv"
    path.write_text("good,old\n1,2\n")

    def full_disk(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(safe_write.os, "replace", full_disk)
    with pytest.raises(RunWriteError) as caught:
        write_csv(path, ["layer", "g"], [[0, 0.1]] * 1000)
    assert "gates.csv" in str(caught.value)
    assert path.read_text() == "good,old\n1,2\n"
    with pytest.raises(RunWriteError):
        write_text_file(tmp_path / "text.html", "<p>x</p>")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gates.csv"]
