"""The user's settings file (QSettings), checked before Qt opens it.

Why: ``QSettings()`` reads its whole file in its constructor, on the GUI thread, before the
window exists. A FIFO in its place (``gatelab.conf``) hung the app at start-up for good, a
150 MB file cost 14 s and 2.9 GB, and a link to a device was written through at exit (run as
root, a link to /dev/zero replaced the device node with the settings). Every other file the
app reads is a regular file with a byte cap; this one is too: when it is not, the app starts
with default settings in a scratch file, says so once, and leaves the user's file as it is.
Windows keeps settings in the registry and macOS in its preferences: no file to check there.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import shutil
import stat
import sys
import tempfile
import time

from PySide6.QtCore import QCoreApplication, QSettings, QStandardPaths

MAX_SETTINGS_BYTES = 8 << 20  # gatelab.conf holds a few KB; a long Inside text at most ~1 MB


def user_settings_path() -> str:
    """Where ``QSettings()`` keeps this application's settings on Linux and other Unix
    desktops (``$XDG_CONFIG_HOME/ORG/APP.conf``); "" where it is no file (Windows, macOS)."""
    if sys.platform.startswith("win") or sys.platform == "darwin":
        return ""
    base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericConfigLocation)
    org, app = QCoreApplication.organizationName(), QCoreApplication.applicationName()
    return os.path.join(base, org or app, app + ".conf") if base and app else ""


def settings_problem(path: str) -> str:
    """Why the settings file at ``path`` must not be opened ("" when it may: a regular file
    within the cap, or none yet). English: it is printed before the translations load."""
    if not path:
        return ""
    try:
        info = os.stat(path)  # follows a link: its target is what Qt would read and replace
    except FileNotFoundError:
        return ""  # none yet (or a dangling link): Qt writes a new file at exit
    except OSError as exc:  # a link loop, a folder that cannot be searched
        return "cannot be read ({0})".format(exc.strerror or type(exc).__name__)
    if stat.S_ISDIR(info.st_mode):
        return "is a folder, not a file"
    if not stat.S_ISREG(info.st_mode):
        return "is not a regular file (a pipe, device or socket)"
    if info.st_size > MAX_SETTINGS_BYTES:
        return "is larger than {0} MB".format(MAX_SETTINGS_BYTES >> 20)
    return ""


SCRATCH_PREFIX = "gatelab-settings-"  # + the pid of the app that made it


def scratch_folder(prefix: str) -> str:
    """A new temp folder ``prefix<pid>-<random>``, after removing the ones of apps that are
    gone (``sweep_scratch``)."""
    sweep_scratch(prefix)
    return tempfile.mkdtemp(prefix=f"{prefix}{os.getpid()}-")


def sweep_scratch(prefix: str = SCRATCH_PREFIX) -> None:
    """Remove the ``prefix<pid>-…`` temp folders of apps that are gone (killed: their clean-up
    never ran); another running app's folder is left alone."""
    from gatelab.core.temp_files import temp_writer_may_run  # (the run files' liveness rule)

    try:
        entries = list(os.scandir(tempfile.gettempdir()))
    except OSError:
        return
    for entry in entries:
        pid = entry.name[len(prefix):].split("-", 1)[0]
        if not entry.name.startswith(prefix) or not (pid.isascii() and pid.isdigit()) \
                or len(pid) > 9 or int(pid) == os.getpid():
            continue  # ("²" is a digit to isdigit, not to int)
        if temp_writer_may_run(int(pid)):
            continue  # still running, or not ours to ask: its folder stays
        if entry.is_dir(follow_symlinks=False):
            shutil.rmtree(entry.path, ignore_errors=True)


SAVE_LEFTOVER_AGE_S = 600  # Qt's QSaveFile lives for milliseconds: older ones are a dead save's


def sweep_save_leftovers(path: str, now: float | None = None) -> int:
    """Remove the temp files Qt's QSaveFile leaves beside the settings file ``path`` when the
    app is killed while it saves (``gatelab.conf.SXzNKN``: the name, a dot, six letters or
    digits), older than ``SAVE_LEFTOVER_AGE_S``, regular files only; the number removed. Why:
    each kill at that moment left one for good (kill probe s21 D7: 4 after 4 kills), and no
    pid in the name tells a dead writer's from a live one, so age does (a save takes ms)."""
    folder, name = os.path.split(path)
    if not path:
        return 0
    now = time.time() if now is None else now
    removed = 0
    try:
        entries = list(os.scandir(folder or "."))
    except OSError:
        return 0
    for entry in entries:
        tail = entry.name[len(name) + 1:]
        if not (entry.name.startswith(name + ".") and len(tail) == 6 and tail.isascii()
                and tail.isalnum()):
            continue  # (Qt's lock file, gatelab.conf.lock, has four)
        with contextlib.suppress(OSError):
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > SAVE_LEFTOVER_AGE_S:
                os.unlink(entry.path)
                removed += 1
    return removed


def open_user_settings() -> tuple[QSettings, str]:
    """(the settings to use, "" or why the user's file was not opened: then the settings are
    a scratch file, removed at exit, so nothing is written over or through the user's)."""
    path = user_settings_path()
    sweep_save_leftovers(path)
    problem = settings_problem(path)
    if not problem:
        settings = QSettings()
        settings.allKeys()  # read it, then sync (nothing changed: nothing is written): only
        settings.sync()  # then does Qt tell a file it cannot parse
        if settings.status() != QSettings.Status.FormatError:  # (said at exit only, after
            return settings, ""  # it had merged the garbage with the session's keys: s19 D3)
        problem = "is not a settings file gatelab can read (it is left as it is)"
    scratch = scratch_folder(SCRATCH_PREFIX)
    atexit.register(shutil.rmtree, scratch, True)
    settings = QSettings(os.path.join(scratch, "settings.ini"), QSettings.Format.IniFormat)
    return settings, "{0} {1}".format(path, problem)


def save_problem(settings: QSettings) -> str:
    """Write ``settings`` to their file now; "" when that worked, else why not (English, like
    ``settings_problem``). Why: ``sync()`` says nothing, and a settings file made a folder or
    unwritable (chattr +i, a read-only folder) lost every setting of the session without a
    word (probe s14). Qt keeps the first error for the rest of the session (``status()`` is
    never reset), so after one failure this keeps saying so."""
    settings.sync()
    status = settings.status()
    if status == QSettings.Status.AccessError:
        return "cannot be written"
    if status == QSettings.Status.FormatError:
        return "is not in a format gatelab can write back"
    return ""


__all__ = ["MAX_SETTINGS_BYTES", "SCRATCH_PREFIX", "open_user_settings", "save_problem", "scratch_folder",
           "sweep_scratch", "settings_problem", "user_settings_path"]
