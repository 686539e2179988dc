"""Reasons inside core's messages are keyed, never a library's English (probe S9, Chinese UI).

JSON parse errors showed json's "Expecting value: line 1 column 1 (char 0)", the UTF-8 codec's
"'utf-8' codec can't decode byte 0xf1 in position 2" and Python's digit-limit text (cut
mid-word); OS errors showed strerror ("Too many levels of symbolic links"); the budget said
"config.json lacks the n head" for a file of another name. Each reason is now a Msg that the UI
translates, naming the file and the JSON key.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from gatelab.core.messages import MESSAGES, Msg

LIBRARY_WORDS = ("Expecting", "codec", "Exceeds the limit", "Too many levels", "char 0",
                 "int_max_str_digits", "Not a directory", "File name too long", "<class")


def keys(msg: object) -> list[str]:
    """The key of ``msg`` and of every Msg nested in its values, outermost first."""
    if not isinstance(msg, Msg):
        return []
    out = [msg.key]
    for value in msg.values.values():
        out += keys(value)
    return out


def plain(msg: object) -> None:
    """No value of ``msg`` (at any depth) is untranslated free text from a library."""
    assert isinstance(msg, Msg)
    assert "text" not in keys(msg), repr(msg)
    assert not any(w in msg for w in LIBRARY_WORDS), str(msg)
    for key in keys(msg):
        assert key in MESSAGES


def loop(tmp_path: Path, name: str) -> Path:
    a, b = tmp_path / name, tmp_path / ("other-" + name)
    os.symlink(b.name, a)
    os.symlink(a.name, b)
    return a


# -- JSON ------------------------------------------------------------------------------------
@pytest.mark.parametrize("raw, reason, values", [
    (b"", "json.reason_empty", {}), (b"  \n", "json.reason_empty", {}),
    (b"{", "json.reason_at", {"line": 1, "column": 2}),
    (b'{"a": 1,\n "b": }', "json.reason_at", {"line": 2, "column": 7}),
])
def test_budget_config_syntax_errors_say_where(tmp_path: Path, raw: bytes, reason: str,
                                               values: dict) -> None:
    from gatelab.core.budget import load_hf_config

    path = tmp_path / "empty.json"
    path.write_bytes(raw)
    with pytest.raises(ValueError) as info:
        load_hf_config(path)
    msg = info.value.msg  # type: ignore[attr-defined]
    assert msg.key == "json.invalid_what" and msg.values["what"] == "empty.json"
    assert msg.values["reason"].key == reason and msg.values["reason"].values == values
    plain(msg)


def test_run_json_that_is_not_utf8_says_which_byte(tmp_path: Path) -> None:
    from gatelab.core.runs_read import RunError, read_json_strict

    path = tmp_path / "run.json"
    path.write_bytes(b'{"\xf1": 1}')
    with pytest.raises(RunError) as info:
        read_json_strict(path)
    msg = info.value.msg
    assert msg.key == "json.invalid" and msg.values["reason"].key == "json.reason_not_utf8"
    assert msg.values["reason"].values == {"byte": 2}
    plain(msg)
    path.write_text("", encoding="utf-8")
    with pytest.raises(RunError) as info:
        read_json_strict(path)
    assert info.value.msg.values["reason"].key == "json.reason_empty"


def test_state_with_a_number_of_too_many_digits_is_keyed_and_whole() -> None:
    from gatelab.core.state_file import StateError, parse_state

    with pytest.raises(StateError) as info:
        parse_state('{"format": "gatelab-state", "version": ' + "9" * 5000 + "}")
    msg = info.value.msg
    assert msg.key == "state.invalid_json" and msg.values["reason"].key == "json.reason_digits"
    assert str(msg) == "not a gatelab state: not valid JSON (a number has too many digits)"
    plain(msg)


def test_json_reason_covers_every_decoding_failure() -> None:
    import json

    from gatelab.core.reasons import json_reason

    def fail(raw: bytes) -> BaseException:
        try:
            json.loads(raw.decode("utf-8"))
        except (ValueError, RecursionError) as exc:
            return exc
        raise AssertionError(raw)

    assert json_reason(fail(b"\xef\xbb\xbf")).key == "json.reason_empty"  # a BOM alone
    assert json_reason(fail(b"[" * 100_000)).key == "json.reason_too_deep"
    assert json_reason(fail(b"ab\xffcd")).values == {"byte": 2}
    assert json_reason(fail(b"[" + b"9" * 5000 + b"]")).key == "json.reason_digits"
    assert json_reason(ValueError("odd")).key == "json.reason_unparsable"


def test_experiment_and_preset_files_with_bad_json(tmp_path: Path) -> None:
    from gatelab.core.budget.presets import load_preset
    from gatelab.core.experiment import load_experiment

    (tmp_path / "experiment.json").write_text("{,}", encoding="utf-8")
    with pytest.raises(ValueError) as info:
        load_experiment(tmp_path)
    msg = info.value.msg  # type: ignore[attr-defined]
    assert msg.key == "experiment.unreadable" and msg.values["reason"].key == "json.reason_at"
    plain(msg)
    (tmp_path / "p.json").write_bytes(b"\xff")
    with pytest.raises(ValueError) as info:
        load_preset(tmp_path / "p.json")
    msg = info.value.msg  # type: ignore[attr-defined]
    assert msg.key == "preset.unreadable" and msg.values["reason"].key == "json.reason_not_utf8"
    plain(msg)


# -- OS errors -------------------------------------------------------------------------------
def test_a_symlink_loop_is_named_in_words_for_config_corpus_and_state(tmp_path: Path) -> None:
    from gatelab.core.budget import load_hf_config
    from gatelab.core.data import CorpusError, load_corpus
    from gatelab.core.fileio import FileReadError
    from gatelab.core.state_file import read_state_file

    with pytest.raises(ValueError) as info:
        load_hf_config(loop(tmp_path, "loop.json"))
    msg = info.value.msg  # type: ignore[attr-defined]
    assert keys(msg) == ["file.cannot_read", "file.cannot_open", "os.link_loop"]
    assert "a symbolic link that loops back on itself" in msg
    plain(msg)
    with pytest.raises(CorpusError) as info:
        load_corpus(str(loop(tmp_path, "corpus.txt")))
    assert keys(info.value.msg)[-1] == "os.link_loop"
    plain(info.value.msg)
    with pytest.raises(FileReadError) as info:
        read_state_file(loop(tmp_path, "s.gatelab"))
    assert keys(info.value.msg) == ["file.cannot_open", "os.link_loop"]
    plain(info.value.msg)


def test_not_a_folder_and_a_name_too_long(tmp_path: Path) -> None:
    from gatelab.core.fileio import FileReadError, check_write_target, read_bytes_capped

    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(FileReadError) as info:
        read_bytes_capped(tmp_path / "file" / "inner.json", 100)
    assert keys(info.value.msg) == ["file.cannot_open", "os.not_folder"]
    plain(info.value.msg)
    with pytest.raises(FileReadError) as info:
        read_bytes_capped(tmp_path / ("n" * 300), 100)
    assert keys(info.value.msg) == ["file.cannot_open", "os.name_too_long"]
    plain(info.value.msg)
    with pytest.raises(FileReadError) as info:
        check_write_target(loop(tmp_path, "out.json"))
    assert keys(info.value.msg) == ["file.cannot_write", "os.link_loop"]
    plain(info.value.msg)


def test_a_run_folder_behind_a_link_loop(tmp_path: Path) -> None:
    from gatelab.core.safe_write import RunWriteError, make_folder

    with pytest.raises(RunWriteError) as info:
        make_folder(loop(tmp_path, "run"))
    assert keys(info.value.msg) == ["path_reason", "folder.cannot_create", "os.link_loop"]
    plain(info.value.msg)


def test_os_reason_maps_common_errnos_and_keeps_unknown_ones() -> None:
    from gatelab.core.reasons import os_reason

    for code, key in ((errno.ELOOP, "os.link_loop"), (errno.ENOTDIR, "os.not_folder"),
                      (errno.EACCES, "os.permission"), (errno.EPERM, "os.not_permitted"),
                      (errno.EROFS, "os.read_only"), (errno.ENOSPC, "os.no_space"),
                      (errno.EIO, "os.io"), (errno.ENXIO, "os.no_device"),
                      (errno.ENAMETOOLONG, "os.name_too_long"), (errno.EINVAL, "os.invalid")):
        assert os_reason(OSError(code, os.strerror(code))).key == key
    # the CLI's English stays the OS's for these (tests and users' scripts read it)
    assert os_reason(OSError(errno.ENOSPC, "x")) == "No space left on device"
    odd = os_reason(OSError(errno.ECHILD, "No child processes"))
    assert odd.key == "text" and odd == "No child processes"
    assert os_reason(OSError("no errno")).key == "text"


# -- budget: missing fields ------------------------------------------------------------------
def test_a_missing_field_names_the_file_and_the_json_key(tmp_path: Path) -> None:
    from gatelab.core.budget import count_from_hf_config, load_hf_config

    deep = tmp_path / "text_config_deep.json"
    deep.write_text('{"model_type": "llava", "text_config": {"text_config": {"hidden_size": 32}}}',
                    encoding="utf-8")
    with pytest.raises(ValueError) as info:
        count_from_hf_config(load_hf_config(deep))  # as the budget tab calls it
    msg = info.value.msg  # type: ignore[attr-defined]
    assert msg.key == "hf.lacks_text_field"
    assert msg.values["path"] == "text_config_deep.json" and msg.values["name"] == "hidden_size"
    assert "config.json" not in msg and "hidden " not in msg
    flat = tmp_path / "mine.json"
    flat.write_text('{"model_type": "llama", "hidden_size": 32, "num_hidden_layers": 1, '
                    '"vocab_size": 10, "intermediate_size": 64}', encoding="utf-8")
    for arg in (flat, load_hf_config(flat)):
        with pytest.raises(ValueError) as info:
            count_from_hf_config(arg)
        msg = info.value.msg  # type: ignore[attr-defined]
        assert msg.key == "hf.lacks_family_field" and msg.values["name"] == "num_attention_heads"
        assert str(msg).startswith("mine.json lacks num_attention_heads (")
        assert "n head" not in msg
