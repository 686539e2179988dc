"""File → Open state names the file once for every kind of unreadable file, in English and in
Chinese: "Could not open <name>: <reason>", the reason being FileReadError's path-free one.

Why: the reason used to be cut out of the rendered message by stripping a leading "<path>:",
which failed whenever the path given was spelled otherwise than the message spells it
("/tmp/./x.gatelab" is shown as "/tmp/x.gatelab") and the file was named twice.
"""

from __future__ import annotations

import os
import socket
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest

from gatelab.core.messages import Msg
from gatelab.core.state_file import MAX_STATE_BYTES
from gatelab.ui.messages import message_text

NAME = "st.gatelab"


def _cases() -> dict[str, tuple[Callable[[Path], object], Msg]]:
    """kind → (how to break <folder>/st.gatelab, its reason)."""
    def sock(file: Path) -> socket.socket:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.bind(str(file))
        return s

    return {
        "missing": (lambda f: None, Msg("os.missing")),
        "folder": (lambda f: f.mkdir(), Msg("os.is_folder")),
        "fifo": (lambda f: os.mkfifo(f), Msg("file.reason_not_regular")),
        "socket": (sock, Msg("file.reason_not_regular")),
        "too large": (lambda f: f.write_bytes(b" " * (MAX_STATE_BYTES + 1)),
                      Msg("file.reason_too_large", {"limit": "1.0 MB"})),
        "not utf8": (lambda f: f.write_bytes(b'{"a": "\xff"}'),
                     Msg("json.reason_not_utf8", {"byte": 7})),
        "link loop": (lambda f: os.symlink(f.name, f), Msg("os.link_loop")),
    }


def _open(qtbot, window, path: str) -> str:  # noqa: ANN001
    window.last_state_problem = ""
    window.open_state_from(path)
    qtbot.waitUntil(lambda: window.last_state_problem != "", timeout=5000)
    return window.last_state_problem


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_each_unreadable_kind_names_the_file_once(qtbot, main_window, language: str) -> None:  # noqa: ANN001
    window = main_window
    window.switch_language(language)
    try:
        for kind, (breaks, why) in _cases().items():
            # a short folder (a socket's path is limited), spelled with "/./" as a user may type it
            with tempfile.TemporaryDirectory(prefix="gl-", dir="/tmp") as d:
                made = breaks(Path(d) / NAME)
                try:
                    shown = _open(qtbot, window, f"{d}/./{NAME}")
                finally:
                    if isinstance(made, socket.socket):
                        made.close()
            expected = window.tr("Could not open {0}: {1}").format(NAME, message_text(why))
            assert shown == expected, kind
            assert shown.count(NAME) == 1 and d not in shown, kind
    finally:
        window.switch_language("en")


def test_english_and_chinese_words(qtbot, main_window, tmp_path: Path) -> None:  # noqa: ANN001
    """The reasons read as before in English; in Chinese the OS reasons are translated."""
    window = main_window
    (tmp_path / "dir.gatelab").mkdir()
    assert _open(qtbot, window, str(tmp_path / "none.gatelab")) == \
        "Could not open none.gatelab: No such file or directory"
    assert _open(qtbot, window, str(tmp_path / "dir.gatelab")) == \
        "Could not open dir.gatelab: it is a folder"
    assert _open(qtbot, window, "/dev/zero") == \
        "Could not open zero: it is not a regular file (a pipe, device or socket)"
    window.switch_language("zh_CN")
    try:
        assert _open(qtbot, window, str(tmp_path / "none.gatelab")) == \
            "无法打开 none.gatelab：没有那个文件或目录"
        assert _open(qtbot, window, str(tmp_path / "dir.gatelab")) == "无法打开 dir.gatelab：它是一个文件夹"
    finally:
        window.switch_language("en")
