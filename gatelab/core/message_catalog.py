"""The English templates of every message core composes, by key (see ``gatelab.core.messages``).

Each template is marked with ``QT_TRANSLATE_NOOP("core", …)`` so that pyside6-lupdate (run by
scripts/update_translations.sh over gatelab/**/*.py) extracts it into the .ts file; the UI then
translates it with ``QCoreApplication.translate("core", template)``. Placeholders are named
(``{path}``) and must survive translation; a translation that loses one falls back to English.
Keys are ``<area>.<what>``; never reuse a key for a different meaning (saved experiment verdicts
store the key).
"""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (Qt's name, found by lupdate)
    """Mark ``text`` for extraction into the translation context ``context``; returns it as is."""
    return text


MESSAGES: dict[str, str] = {
    # free text (an OS or library reason, a name): shown as is, not translated
    "text": "{text}",

    # -- reading and writing files (core/fileio.py) ------------------------------------------
    "file.missing": QT_TRANSLATE_NOOP("core", "{path}: no such file"),
    "file.is_folder": QT_TRANSLATE_NOOP("core", "{path}: is a folder, not a file"),
    "file.permission": QT_TRANSLATE_NOOP("core", "{path}: permission denied"),
    "file.not_regular": QT_TRANSLATE_NOOP("core", "{path}: is not a regular file"),
    "file.not_regular_kind": QT_TRANSLATE_NOOP(
        "core", "{path}: is not a regular file (a pipe, device or socket)"),
    "file.cannot_open": QT_TRANSLATE_NOOP("core", "{path}: cannot be opened ({reason})"),
    "file.read_failed": QT_TRANSLATE_NOOP("core", "{path}: read failed ({reason})"),
    "file.too_large": QT_TRANSLATE_NOOP("core", "{path}: larger than the {limit} limit"),
    "file.not_utf8": QT_TRANSLATE_NOOP("core", "{path}: not UTF-8 text (byte {byte})"),
    "file.cannot_write": QT_TRANSLATE_NOOP("core", "{path}: cannot be written ({reason})"),
    "file.could_not_read": QT_TRANSLATE_NOOP("core", "could not read {reason}"),
    "path_reason": QT_TRANSLATE_NOOP("core", "{path}: {reason}"),

    # -- JSON --------------------------------------------------------------------------------
    "json.too_many_digits": QT_TRANSLATE_NOOP("core", "{path}: a number in it has too many digits"),
    "json.invalid": QT_TRANSLATE_NOOP("core", "{path}: not valid JSON ({reason})"),
    "json.not_object": QT_TRANSLATE_NOOP("core", "{path}: expected a JSON object, found {found}"),

    # -- run folders (core/runs_read.py, core/runs.py) ---------------------------------------
    "load.pickle_refused": QT_TRANSLATE_NOOP(
        "core", "it holds Python objects, not only tensors and plain data (refused for safety)"),
    "run.in_folder": QT_TRANSLATE_NOOP("core", "{folder}: {reason}"),
    "run.json_too_deep": QT_TRANSLATE_NOOP("core", "{path}: nested too deeply to be a gatelab file"),
    "ckpt.none": QT_TRANSLATE_NOOP("core", "no checkpoint to resume from: {path}"),
    "ckpt.file_error": QT_TRANSLATE_NOOP("core", "checkpoint {reason}"),
    "ckpt.too_large": QT_TRANSLATE_NOOP("core", "checkpoint {path} is larger than {gb} GB"),
    "ckpt.damaged": QT_TRANSLATE_NOOP(
        "core", "checkpoint {path} cannot be read: it is truncated or damaged (not a complete "
                "checkpoint file)"),
    "ckpt.unreadable": QT_TRANSLATE_NOOP("core", "checkpoint {path} cannot be read: {reason}"),
    "ckpt.not_dict": QT_TRANSLATE_NOOP(
        "core", "checkpoint {path} is not a gatelab checkpoint (it holds a {found}, not a dict of "
                "model and optimizer states)"),
    "ckpt.key_missing": QT_TRANSLATE_NOOP(
        "core", "checkpoint {path} is not a gatelab checkpoint ('{name}' is missing)"),
    "ckpt.key_type": QT_TRANSLATE_NOOP(
        "core", "checkpoint {path} is not a gatelab checkpoint ('{name}' is {found})"),
    "ckpt.damaged_fields": QT_TRANSLATE_NOOP(
        "core", "checkpoint {path} is damaged (negative step or empty vocabulary)"),
    "ckpt.bad_config": QT_TRANSLATE_NOOP("core", "checkpoint {path} holds an invalid config: {reason}"),
    "stats.too_large": QT_TRANSLATE_NOOP(
        "core", "could not read {path}: its arrays hold {size:,} bytes, more than the {limit:,} "
                "byte limit"),
    "stats.damaged": QT_TRANSLATE_NOOP(
        "core", "could not read {path}: it is truncated or damaged (not a complete .npz archive)"),
    "stats.unreadable": QT_TRANSLATE_NOOP("core", "could not read {path}: {reason}"),
    "stats.not_numbers": QT_TRANSLATE_NOOP("core", "{path}: array '{name}' is {dtype}, not numbers"),
    "metrics.row_not_object": QT_TRANSLATE_NOOP("core", "not a JSON object"),
    "metrics.step_not_whole": QT_TRANSLATE_NOOP("core", "step {value} is not a whole number"),
    "metrics.not_number": QT_TRANSLATE_NOOP("core", "{name} {value} is not a number"),
    "metrics.not_list": QT_TRANSLATE_NOOP("core", "{name} is not a list of numbers"),
    "metrics.line": QT_TRANSLATE_NOOP("core", "line {line}: {why}"),
    "metrics.skipped": QT_TRANSLATE_NOOP("core", "{path}: skipped {n} bad row(s) ({first})"),
    "run.cannot_write": QT_TRANSLATE_NOOP("core", "cannot write {path}: {reason}"),
    "run.folder_in_way": QT_TRANSLATE_NOOP("core", "a folder is in the way where this file belongs"),
    "run.busy": QT_TRANSLATE_NOOP(
        "core", "{path} is still being trained by process {pid} on {host}; stop that run first"),
    "run.not_found": QT_TRANSLATE_NOOP("core", "run folder not found: {path}"),
    "run.not_run_folder": QT_TRANSLATE_NOOP("core", "not a gatelab run folder, refusing to delete: {path}"),
    "metrics.line_too_long": QT_TRANSLATE_NOOP("core", "longer than 1 MB"),
    "metrics.too_deep": QT_TRANSLATE_NOOP("core", "nested too deeply"),
    "metrics.bad_json": QT_TRANSLATE_NOOP("core", "not valid JSON"),
}
