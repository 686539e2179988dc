"""FileReadError keeps the file (``.path``) and a path-free reason (``.reason``) apart from its
message, which stays as the CLI prints it.

Why: "cannot read <file>: <reason>" built from the message named the file twice, so two
workarounds grew (a key table in experiment.py, a "<path>:" stripper in the UI). Each raise kind
is provoked for real here; then ``load_experiment`` must name experiment.json exactly once for
every kind, including the ones the old key table missed (too large, not a regular file).
"""

from __future__ import annotations

import errno
import io
import os
import pickle
import socket
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gatelab.core import experiment, fileio
from gatelab.core.fileio import (
    FileReadError,
    check_write_target,
    open_regular,
    read_bytes_capped,
    read_head,
    read_text_capped,
)
from gatelab.core.messages import MESSAGES, Msg


def raised(fn: Callable[[], object]) -> FileReadError:
    with pytest.raises(FileReadError) as info:
        fn()
    return info.value


def assert_split(exc: FileReadError, key: str, path: Path, reason_key: str, english: str) -> None:
    """Message unchanged (key, English naming the file); ``path`` the file; ``reason`` a
    catalogue Msg that does not name it."""
    assert exc.msg.key == key and str(exc) == english and exc.msg == english
    assert exc.path == path and isinstance(exc.path, Path)
    assert isinstance(exc.reason, Msg) and exc.reason.key == reason_key
    assert reason_key in MESSAGES and "path" not in exc.reason.values
    assert str(path) not in exc.reason and path.name not in exc.reason


@pytest.fixture
def short_dir() -> Iterator[Path]:
    """A folder with a short path under /tmp: a socket's path is limited to ~107 bytes."""
    with tempfile.TemporaryDirectory(prefix="gl-", dir="/tmp") as d:
        yield Path(d)


def make_socket(path: Path) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(path))
    return sock


def test_missing_folder_and_fifo(tmp_path: Path) -> None:
    missing = tmp_path / "none.json"
    assert_split(raised(lambda: read_bytes_capped(missing, 10)), "file.missing", missing,
                 "os.missing", f"{missing}: no such file")
    assert_split(raised(lambda: read_head(tmp_path, 4)), "file.is_folder", tmp_path,
                 "os.is_folder", f"{tmp_path}: is a folder, not a file")
    fifo = tmp_path / "fifo-in"
    os.mkfifo(fifo)
    exc = raised(lambda: open_regular(fifo))
    assert_split(exc, "file.not_regular_kind", fifo, "file.reason_not_regular",
                 f"{fifo}: is not a regular file (a pipe, device or socket)")
    assert exc.reason == "it is not a regular file (a pipe, device or socket)"


def test_socket_is_not_regular(short_dir: Path) -> None:
    sock_path = short_dir / "sk.x"
    sock = make_socket(sock_path)
    try:
        exc = raised(lambda: read_text_capped(sock_path, 10))
    finally:
        sock.close()
    assert_split(exc, "file.not_regular", sock_path, "file.reason_not_regular",
                 f"{sock_path}: is not a regular file")


def test_too_large_and_not_utf8_keep_the_callers_name(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b"x" * 2000)
    exc = raised(lambda: read_bytes_capped(big, 1000, what="big.json"))
    assert_split(exc, "file.too_large", big, "file.reason_too_large",
                 "big.json: larger than the 1.0 KB limit")
    assert exc.reason == "larger than the 1.0 KB limit" and exc.reason.values == {"limit": "1.0 KB"}
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ab\xffcd")
    exc = raised(lambda: read_text_capped(bad, 100))
    assert_split(exc, "file.not_utf8", bad, "json.reason_not_utf8",
                 f"{bad}: not UTF-8 text (byte 2)")
    assert exc.reason == "not UTF-8 text (byte 2)"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads any file")
def test_permission(tmp_path: Path) -> None:
    locked = tmp_path / "locked.json"
    locked.write_text("{}", encoding="utf-8")
    locked.chmod(0)
    try:
        exc = raised(lambda: read_bytes_capped(locked, 10))
    finally:
        locked.chmod(0o600)
    assert_split(exc, "file.permission", locked, "os.permission", f"{locked}: permission denied")
    assert exc.reason == "Permission denied"


def test_permission_as_root_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same kind when the OS refuses (root reads any file, so the refusal is simulated)."""
    def refuse(*args: object) -> int:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(fileio.os, "open", refuse)
    locked = tmp_path / "locked.json"
    exc = raised(lambda: read_text_capped(locked, 10))
    assert_split(exc, "file.permission", locked, "os.permission", f"{locked}: permission denied")


def test_cannot_open_read_failed_and_write_targets(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    inner = tmp_path / "file" / "inner.json"
    exc = raised(lambda: read_bytes_capped(inner, 10))
    assert_split(exc, "file.cannot_open", inner, "os.not_folder",
                 f"{inner}: cannot be opened (a part of the path is not a folder)")
    assert exc.msg.values["reason"] is exc.reason  # the message holds the same reason

    os.symlink("cycle", tmp_path / "cycle")
    exc = raised(lambda: check_write_target(tmp_path / "cycle"))
    assert_split(exc, "file.cannot_write", tmp_path / "cycle", "os.link_loop",
                 f"{tmp_path / 'cycle'}: cannot be written (a symbolic link that loops back on "
                 "itself)")
    assert_split(raised(lambda: check_write_target(tmp_path)), "file.is_folder", tmp_path,
                 "os.is_folder", f"{tmp_path}: is a folder, not a file")
    assert_split(raised(lambda: check_write_target("/dev/null")), "file.not_regular_kind",
                 Path("/dev/null"), "file.reason_not_regular",
                 "/dev/null: is not a regular file (a pipe, device or socket)")

    class BrokenDisk(io.FileIO):
        def readinto(self, buffer: object) -> int:  # type: ignore[override]
            raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(fileio, "FileIO", BrokenDisk)
    ok = tmp_path / "ok.json"
    ok.write_text("{}", encoding="utf-8")
    for read in (lambda: read_bytes_capped(ok, 10, what="ok.json"),
                 lambda: read_head(ok, 4, what="ok.json")):
        exc = raised(read)
        assert_split(exc, "file.read_failed", ok, "os.io", "ok.json: read failed (an input/output "
                     "error (a failing disk or a lost connection?))")


def test_a_copy_keeps_path_and_reason(tmp_path: Path) -> None:
    exc = raised(lambda: read_bytes_capped(tmp_path / "gone", 10))
    back = pickle.loads(pickle.dumps(exc))
    assert type(back) is FileReadError and str(back) == str(exc)
    assert back.path == exc.path and back.reason == exc.reason and back.reason.key == "os.missing"
    alone = FileReadError(Msg("file.missing", {"path": "/x/y"}))  # built from a message alone
    assert alone.path == Path("/x/y") and alone.reason is alone.msg and str(alone) == "/x/y: no such file"


# -- experiment.json: "cannot read <file>: <reason>", the file named once ----------------------
def _experiment_cases(folder: Path, short: Path) -> dict[str, tuple[Callable[[], object], str]]:
    """kind → (how to break <folder>/experiment.json, its expected reason)."""
    file = folder / experiment.EXPERIMENT_FILE

    def fifo() -> None:
        os.mkfifo(file)

    def big() -> None:
        file.write_text("{}" + " " * 100, encoding="utf-8")

    def sock() -> socket.socket:
        return make_socket(short / experiment.EXPERIMENT_FILE)

    return {
        "missing": (lambda: None, "No such file or directory"),
        "folder": (file.mkdir, "it is a folder"),
        "fifo": (fifo, "it is not a regular file (a pipe, device or socket)"),
        "too large": (big, "larger than the 64 bytes limit"),
        "not utf8": (lambda: file.write_bytes(b'{"a": "\xff"}'), "not UTF-8 text (byte 7)"),
        "link loop": (lambda: os.symlink(file.name, file),
                      "a symbolic link that loops back on itself"),
        "socket": (sock, "it is not a regular file (a pipe, device or socket)"),
    }


@pytest.mark.parametrize("kind", ["missing", "folder", "fifo", "too large", "not utf8",
                                  "link loop", "socket"])
def test_load_experiment_names_the_file_once(kind: str, tmp_path: Path, short_dir: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(experiment, "EXPERIMENT_CAP", 64)
    folder = short_dir if kind == "socket" else tmp_path
    breaks, why = _experiment_cases(folder, short_dir)[kind]
    made = breaks()
    try:
        with pytest.raises(ValueError) as info:
            experiment.load_experiment(folder)
    finally:
        if isinstance(made, socket.socket):
            made.close()
    file = folder / experiment.EXPERIMENT_FILE
    msg = info.value.msg  # type: ignore[attr-defined]
    assert msg.key == "experiment.unreadable" and str(info.value) == f"cannot read {file}: {why}"
    assert str(info.value).count(str(file)) == 1 and msg.values["reason"] == why


def test_load_experiment_permission_names_the_file_once(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Simulated (os.open refuses): root, which runs this suite, reads any file."""
    def refuse(*args: object) -> int:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(fileio.os, "open", refuse)
    file = tmp_path / experiment.EXPERIMENT_FILE
    with pytest.raises(ValueError) as info:
        experiment.load_experiment(tmp_path)
    assert str(info.value) == f"cannot read {file}: Permission denied"


def test_hf_config_json_named_once(tmp_path: Path) -> None:
    """A model folder's config.json: "<folder>: config.json cannot be read: <reason>", not the
    file's full path again inside the reason."""
    from gatelab.core.inside.errors import InsideError
    from gatelab.core.inside.hf_check import read_config

    (tmp_path / "config.json").mkdir()
    with pytest.raises(InsideError) as info:
        read_config(tmp_path)
    assert str(info.value) == f"{tmp_path}: config.json cannot be read: it is a folder"
