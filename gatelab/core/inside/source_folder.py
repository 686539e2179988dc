"""What an "Inside the model" source folder is, checked before it is opened as the chosen kind.

Why: the Inside tab opens a folder as the kind of source the user chose (Saved run or Hugging
Face model folder). A model folder opened as a run said "this run has no checkpoint (ckpt.pt)
yet; a run saves one every few steps", which sends the user waiting for a checkpoint that never
comes, and a run opened as a model folder said only that its config.json names no model_type.
A symbolic-link loop in place of the folder read "not a folder" in the tab and "no such folder"
in gatelab-inspect, while the same loop on config.json is named as a loop. These checks name
what the folder is (and the loop as a loop, with the reason the OS gave), so the tab and the
CLI say the same thing.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from gatelab.core.messages import Msg
from gatelab.core.reasons import os_reason

#: files only a gatelab run folder holds (a model folder has config.json and weights instead)
RUN_ONLY_FILES = ("ckpt.pt", "run.json")


def unreachable_folder(path: Path | str) -> Msg | None:
    """"<path>: <why>" when the OS cannot look at ``path`` at all (a symbolic link that loops
    back on itself, a part of the path that is a file, no permission, a folder whose files
    cannot be listed or opened: chmod 000); None when it can, or when nothing is there (each
    caller keeps its own words for a missing or non-folder path).

    Why ``os.stat`` and not ``Path.is_dir``: is_dir answers False for a loop as for a missing
    folder, so the reason was lost."""
    try:
        if stat.S_ISDIR(os.stat(path).st_mode):  # a folder: can its files be looked at?
            os.stat(os.path.join(path, "."))  # (needs search permission: chmod -x)
            with os.scandir(path):  # (needs read permission: chmod -r, as chmod 000 denies)
                pass
    except FileNotFoundError:
        return None
    except OSError as exc:
        return Msg("path_reason", {"path": path, "reason": os_reason(exc)})
    except ValueError:  # a NUL byte in the name: the callers' own "not a folder" fits
        return None
    return None


def run_files(path: Path) -> list[str]:
    """The gatelab run files (``RUN_ONLY_FILES``) in the folder ``path``, links included."""
    return [name for name in RUN_ONLY_FILES if os.path.lexists(path / name)]


def looks_like_model_folder(path: Path) -> bool:
    """True for a Hugging Face model folder: no run files, and a config.json naming a
    model_type or *.safetensors weights beside it. Why both clues and not config.json alone: a
    run folder made a moment ago holds gatelab's own config.json before its first checkpoint,
    and must still be called a run without a checkpoint."""
    from gatelab.core.inside.errors import InsideError
    from gatelab.core.inside.hf_check import is_hf_folder, read_config
    if not is_hf_folder(path):
        return False
    try:
        model_type = read_config(path).get("model_type")
    except InsideError:
        model_type = None
    if isinstance(model_type, str) and model_type:
        return True
    try:
        return next(path.glob("*.safetensors"), None) is not None
    except OSError:
        return False


__all__ = ["RUN_ONLY_FILES", "looks_like_model_folder", "run_files", "unreachable_folder"]
