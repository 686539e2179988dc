"""One safe way to read a file that came from outside: regular files only, with a hard byte cap.

Why: a FIFO blocks ``open().read()`` forever, ``/dev/zero`` reports ``st_size == 0`` and then
never ends, a folder where a file belongs raises IsADirectoryError, and a huge file exhausts
memory. Every reader of user-supplied paths (corpus, config.json, safetensors headers, run
folders) goes through here, so each of those cases becomes one clear ``FileReadError`` naming the
file and the reason, and nothing blocks or reads past ``max_bytes``.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from gatelab.core.messages import GatelabError, Msg
from gatelab.core.reasons import os_reason

CHUNK = 1 << 20


class FileReadError(GatelabError):
    """A file that cannot be read safely; the message names the file and the reason."""


def _human(n: int) -> str:
    for unit in ("bytes", "KB", "MB", "GB"):
        if n < 1000 or unit == "GB":
            return f"{n:,} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1000  # type: ignore[assignment]
    return str(n)


def open_regular(path: Path | str) -> int:
    """Open ``path`` read-only without blocking and return the descriptor, or raise
    FileReadError when it is missing, not a regular file (FIFO, device, folder, socket) or
    unreadable. O_NONBLOCK keeps a FIFO with no writer from blocking the open itself."""
    p = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(p, flags)
    except FileNotFoundError:
        raise FileReadError(Msg("file.missing", {"path": p})) from None
    except IsADirectoryError:
        raise FileReadError(Msg("file.is_folder", {"path": p})) from None
    except PermissionError:
        raise FileReadError(Msg("file.permission", {"path": p})) from None
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a FIFO opened for reading never blocks; a socket does this
            raise FileReadError(Msg("file.not_regular", {"path": p})) from None
        raise FileReadError(Msg("file.cannot_open", {"path": p, "reason": os_reason(exc)})) from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise FileReadError(Msg("file.is_folder", {"path": p}))
        if not stat.S_ISREG(st.st_mode):
            raise FileReadError(Msg("file.not_regular_kind", {"path": p}))
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_bytes_capped(path: Path | str, max_bytes: int, what: str | None = None) -> bytes:
    """All bytes of the regular file ``path``, refusing (FileReadError) once more than
    ``max_bytes`` would be read. The cap is enforced on the bytes actually read, never on
    ``st_size`` alone."""
    p = Path(path)
    name = what or str(p)
    fd = open_regular(p)
    try:
        chunks: list[bytes] = []
        total = 0
        while True:
            try:
                block = os.read(fd, min(CHUNK, max_bytes + 1 - total))
            except OSError as exc:
                raise FileReadError(Msg("file.read_failed", {
                    "path": name, "reason": os_reason(exc)})) from None
            if not block:
                break
            total += len(block)
            if total > max_bytes:
                raise FileReadError(Msg("file.too_large", {"path": name, "limit": _human(max_bytes)}))
            chunks.append(block)
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_head(path: Path | str, n: int, what: str | None = None) -> bytes:
    """At most the first ``n`` bytes of the regular file ``path`` (fewer if it is shorter)."""
    p = Path(path)
    fd = open_regular(p)
    try:
        out = bytearray()
        while len(out) < n:
            try:
                block = os.read(fd, min(CHUNK, n - len(out)))
            except OSError as exc:
                raise FileReadError(Msg("file.read_failed", {
                    "path": what or p, "reason": os_reason(exc)})) from None
            if not block:
                break
            out += block
        return bytes(out)
    finally:
        os.close(fd)


def read_text_capped(path: Path | str, max_bytes: int, what: str | None = None,
                     errors: str = "strict") -> str:
    """UTF-8 text of a regular file, capped like ``read_bytes_capped``; undecodable bytes
    raise FileReadError (or are replaced, with ``errors="replace"``)."""
    raw = read_bytes_capped(path, max_bytes, what)
    try:
        return raw.decode("utf-8", errors=errors)
    except UnicodeDecodeError as exc:
        raise FileReadError(Msg("file.not_utf8", {"path": what or path, "byte": exc.start})) from None


def check_write_target(path: Path | str) -> Path:
    """``path`` as a Path, or FileReadError when it exists and is not a regular file.

    Why: writing to an existing FIFO blocks until a reader appears (forever, on the GUI
    thread), and replacing a device such as /dev/full would destroy it; exports and
    ``--json`` outputs check their target first. A missing file is fine: it will be created.
    A symbolic link is judged by what it points to (``os.stat`` follows it), as the write goes
    through it (``run_writer.atomic_write_bytes`` replaces the link's target, never the link)."""
    p = Path(path)
    try:
        st = os.stat(p)
    except FileNotFoundError:
        return p
    except OSError as exc:
        raise FileReadError(Msg("file.cannot_write", {"path": p, "reason": os_reason(exc)})) from None
    if stat.S_ISDIR(st.st_mode):
        raise FileReadError(Msg("file.is_folder", {"path": p}))
    if not stat.S_ISREG(st.st_mode):
        raise FileReadError(Msg("file.not_regular_kind", {"path": p}))
    return p
