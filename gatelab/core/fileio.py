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
from collections.abc import Callable
from io import FileIO
from pathlib import Path

from gatelab.core.messages import GatelabError, Msg
from gatelab.core.reasons import os_reason

CHUNK = 1 << 20  # the least a full buffer grows by (a file larger than it said)
HEAD_BYTES = 1 << 20  # what ``check_head`` sees before the rest is read
READ_AT_ONCE = 16 << 20  # bytes asked of one read call


class FileReadError(GatelabError):
    """A file that cannot be read safely; the message (``str``, ``.msg``) names the file and the
    reason, as the CLI prints it.

    ``path`` (the file) and ``reason`` (a catalogue message *without* the path: "No such file or
    directory", "larger than the 1.0 MB limit") are kept apart too. Why: a caller that says
    "cannot read <file>: <reason>" or "Could not open huge.gatelab: <reason>" named the file twice
    with the message, and stripping a leading "<path>:" off a rendered (translated) string broke
    on any other wording. Every raise in this module sets both; one built elsewhere from a
    message alone takes the message's "path" value and the whole message as its reason."""

    path: Path
    reason: Msg

    def __init__(self, msg: Msg | str, path: Path | str | None = None,
                 reason: Msg | None = None) -> None:
        super().__init__(msg)
        self.path = Path(path if path is not None else str(self.msg.values.get("path", "")))
        self.reason = reason if reason is not None else self.msg
        self.args = (self.msg, self.path, self.reason)  # a copy or pickle rebuilds it whole


def _fail(key: str, path: Path, why: Msg, shown: object = None, /,
          **values: object) -> FileReadError:
    """FileReadError ``key`` for ``path`` with the path-free reason ``why``; its message names
    ``shown`` (the caller's ``what``) when given, else ``path``. Positional-only: a message's
    own ``reason`` value goes in ``values``."""
    return FileReadError(Msg(key, {"path": path if shown is None else shown, **values}),
                         path, why)


def human_bytes(n: float) -> str:
    """A size in decimal units ("2.1 MB" for 2 MiB), the one form every cap, file size and
    memory figure takes: two formatters (1000 and 1024) made 2 MiB "2.1 MB" in one refusal and
    "2.0 MB" in the next."""
    for unit in ("bytes", "KB", "MB", "GB", "TB"):
        if abs(n) < 1000 or unit == "TB":
            return f"{n:,.0f} {unit}" if unit == "bytes" else f"{n:,.1f} {unit}"
        n /= 1000
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
        raise _fail("file.missing", p, Msg("os.missing")) from None
    except IsADirectoryError:
        raise _fail("file.is_folder", p, Msg("os.is_folder")) from None
    except PermissionError:
        raise _fail("file.permission", p, Msg("os.permission")) from None
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a FIFO opened for reading never blocks; a socket does this
            raise _fail("file.not_regular", p, Msg("file.reason_not_regular")) from None
        why = os_reason(exc)
        raise _fail("file.cannot_open", p, why, reason=why) from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise _fail("file.is_folder", p, Msg("os.is_folder"))
        if not stat.S_ISREG(st.st_mode):
            raise _fail("file.not_regular_kind", p, Msg("file.reason_not_regular"))
        # left non-blocking: a regular file never waits anyway, but a /proc file that does
        # (/proc/kmsg waits for the next kernel message) now ends the read instead of hanging
        # the reading thread for good, and Quit behind it (re-walk s20)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_bytes_capped(path: Path | str, max_bytes: int, what: str | None = None,
                      check_head: Callable[[bytearray], None] | None = None) -> bytearray:
    """All bytes of the regular file ``path``, refusing (FileReadError) once more than
    ``max_bytes`` would be read. The cap is enforced on the bytes actually read, never on
    ``st_size`` alone (a file that grows while read, or a /proc file that says 0).

    Read into one buffer sized from the file's size, never a list of chunks joined into a second
    copy: a 500 MB corpus costs 500 MB, not a GB. ``check_head``, when given, sees the first
    ``HEAD_BYTES`` (or the whole of a shorter file) before the rest is read and raises to refuse
    it: a 300 MB file of NUL bytes is refused as binary after 1 MB, not after reading it all."""
    p = Path(path)
    fd = open_regular(p)
    try:
        with FileIO(fd, "rb", closefd=False) as f:
            buf = bytearray()
            if check_head is not None:
                buf = _fill(f, bytearray(min(HEAD_BYTES, max_bytes + 1)), 0, max_bytes + 1,
                            p, what, stop_at_size=True)
                check_head(buf)
                if len(buf) < HEAD_BYTES:  # the whole file (or past the cap: refused below)
                    return _capped(buf, max_bytes, p, what)
            size = os.fstat(fd).st_size
            whole = bytearray(min(max(size, len(buf)), max_bytes) + 1)
            whole[:len(buf)] = buf
            n = len(buf)
            del buf
            return _capped(_fill(f, whole, n, max_bytes + 1, p, what), max_bytes, p, what)
    finally:
        os.close(fd)


def _fill(f: FileIO, buf: bytearray, n: int, limit: int, path: Path, what: str | None,
          stop_at_size: bool = False) -> bytearray:
    """``buf`` filled from byte ``n`` on until the file ends or ``limit`` bytes are in it, cut
    to what was read. Full below ``limit`` (the file is larger than its size said) it grows,
    unless ``stop_at_size``: then a full buffer is what was asked for."""
    while n < limit:
        if n == len(buf):
            if stop_at_size:
                break
            buf.extend(bytes(min(max(n // 2, CHUNK), limit - n)))
        try:
            with memoryview(buf) as view:
                got = f.readinto(view[n:n + READ_AT_ONCE])
        except OSError as exc:
            why = os_reason(exc)
            raise _fail("file.read_failed", path, why, what or str(path), reason=why) from None
        if not got:  # the end, or (None) a non-blocking pseudo-file with nothing more to give
            break
        n += got
    del buf[n:]
    return buf


def _capped(buf: bytearray, max_bytes: int, path: Path, what: str | None) -> bytearray:
    """``buf``, or FileReadError ``file.too_large`` when it holds more than ``max_bytes``."""
    if len(buf) > max_bytes:
        limit = human_bytes(max_bytes)
        raise _fail("file.too_large", path, Msg("file.reason_too_large", {"limit": limit}),
                    what or str(path), limit=limit)
    return buf


def read_head(path: Path | str, n: int, what: str | None = None) -> bytes:
    """At most the first ``n`` bytes of the regular file ``path`` (fewer if it is shorter)."""
    p = Path(path)
    fd = open_regular(p)
    try:
        with FileIO(fd, "rb", closefd=False) as f:
            return bytes(_fill(f, bytearray(n), 0, n, p, what, stop_at_size=True))
    finally:
        os.close(fd)


def read_tail(path: Path | str, n: int) -> tuple[bytes, int]:
    """(at most the last ``n`` bytes of the regular file ``path``, the offset they start at).
    FileReadError when it is not a regular file (a FIFO is never opened to block); OSError
    when it cannot be read. For files whose end is what counts: samples.txt, metrics.jsonl."""
    fd = open_regular(path)
    with os.fdopen(fd, "rb") as f:
        start = max(0, os.fstat(f.fileno()).st_size - n)
        f.seek(start)
        return f.read(n) or b"", start  # (None: a /proc file with nothing to give, non-blocking)


def read_text_capped(path: Path | str, max_bytes: int, what: str | None = None,
                     errors: str = "strict") -> str:
    """UTF-8 text of a regular file, capped like ``read_bytes_capped``; undecodable bytes
    raise FileReadError (or are replaced, with ``errors="replace"``)."""
    raw = read_bytes_capped(path, max_bytes, what)
    try:
        return raw.decode("utf-8", errors=errors)
    except UnicodeDecodeError as exc:
        why = Msg("json.reason_not_utf8", {"byte": exc.start})  # "not UTF-8 text (byte N)"
        raise _fail("file.not_utf8", Path(path), why, what or path, byte=exc.start) from None


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
        why = os_reason(exc)
        raise _fail("file.cannot_write", p, why, reason=why) from None
    if stat.S_ISDIR(st.st_mode):
        raise _fail("file.is_folder", p, Msg("os.is_folder"))
    if not stat.S_ISREG(st.st_mode):
        raise _fail("file.not_regular_kind", p, Msg("file.reason_not_regular"))
    return p
