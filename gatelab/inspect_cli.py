"""``gatelab-inspect``: the "Inside the model" numbers of one token, for scripts and checks.

    gatelab-inspect SOURCE --text TEXT [--token I] [--eps 0.1] [--device D]
                    [--dtype float32|bf16] --json OUT

SOURCE is a gatelab run folder or a Hugging Face model folder. OUT ("-": standard output, for
pipes; a file is confirmed by one "wrote" line on stderr) receives
{"tokens": [...], "token": I, "dtype": "float32"|"bf16", "layers": [{"frac_neg", "frac_closed",
"mlp_ratio", "resid_norm", "attn_sink", "max_abs_h"}, ...]} with the definitions of
``gatelab.core.inside.analysis`` (the ones the tab's views use); numbers that do not exist (the
sink of a linear-attention layer) are null. "tokens" are the tokens as the Inside tab draws them:
a character that the tokenizer split over n tokens (byte-level BPE: 你, −, emoji) appears on each
of them with its piece number, "你(1/3)", "你(2/3)", "你(3/3)". "dtype" is what the weights were loaded as: --dtype
bf16 (HF folders only, like the Inside tab's dtype choice) halves the memory of the weights;
a gatelab run is always traced in float32. Characters outside a run's vocabulary are listed as
"unknown_tokens" (positions) with "unknown_read_as" (what the model saw instead: a character
for a run, the <unk> token for a model), "unknown_chars" (the characters typed there, each once)
and "unknown_in" ("run" or "model"), and noted on stderr. Characters a tokenizer without an unk
token dropped (no token stands for them) are in "unknown_chars" too and in "dropped_chars"; with
nothing read as <unk>, "unknown_tokens" is [] and "unknown_read_as" null. "notes" lists, in English, what the
model folder says that gatelab does not use (config.json naming a dtype the weight files do not
hold) and, when any traced number (of any token and layer) is NaN or infinite, as in damaged
weights, that such numbers are null; [] when nothing; each is also a "note:" line on stderr.
Bad input gives one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

from gatelab.cli_signals import guard_imports

guard_imports()  # first: Ctrl-C during the imports below is one line too, not a traceback

import argparse
import contextlib
import errno
import json
import math
import os
import sys
import warnings
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from gatelab.cli_signals import import_deferred, interruption, say, starting

if TYPE_CHECKING:  # the core is imported after parsing, so --help stays fast
    from gatelab.core.messages import KeyedError

PROG = "gatelab-inspect"
DEFAULT_DTYPE = "float32"     # the tab's and HfModel's default (core.inside.types.DTYPES[0])
STDOUT = "-"                  # --json -: the JSON on standard output (the usual convention)


class _BadArgs(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _BadArgs(message)


def _parser() -> _Parser:
    p = _Parser(prog=PROG, description="Per-layer gate and MLP numbers of one token of a text.")
    p.add_argument("source", help="a gatelab run folder or a Hugging Face model folder")
    p.add_argument("--text", required=True, help="the text to analyse")
    p.add_argument("--token", type=int, default=None, help="token index (default: the last; "
                   "negative counts from the end)")
    p.add_argument("--eps", type=float, default=0.1, help="a gate counts as closed when "
                   "|act(g)| < eps (default 0.1)")
    p.add_argument("--device", default=None, help="auto, cpu or cuda (default: cpu for runs, "
                   "auto for model folders)")
    from gatelab.core.inside.types import DTYPES  # the Inside tab's choices, same spelling
    p.add_argument("--dtype", choices=DTYPES, default=DEFAULT_DTYPE,
                   help="weights of a Hugging Face model folder as float32 or bf16 (half the "
                   "memory); runs are float32 (default float32)")
    p.add_argument("--json", required=True, dest="out", metavar="OUT",
                   help="file to write the JSON result to; '-' writes it to standard output")
    return p


NOT_FINITE_NOTE = ("some numbers are not finite (the model's weights or activations hold NaN or "
                   "infinity) and were written as null")


def _finite(v: Any) -> Any:
    return v if not isinstance(v, float) or math.isfinite(v) else None


def inspect(source: str, text: str, token: int | None, eps: float,
            device: str | None, out: str | None = None,
            dtype: str = DEFAULT_DTYPE) -> dict[str, Any]:
    """The JSON object gatelab-inspect writes (InsideError on bad input; ``out``, the JSON path,
    is refused when it lies inside ``source``). ``dtype`` ("float32" or "bf16") is passed to the
    HF loader the Inside tab uses, so its memory check and the load both see it; a run folder
    takes float32 only (its model code has no bf16 trace), and bf16 there is refused rather than
    silently ignored."""
    import_deferred("torch")  # a stop signal inside it aborted the process (cli_signals)
    from gatelab.core.inside.analysis import layer_summary
    from gatelab.core.inside.errors import InsideError, refuse_output_inside
    from gatelab.core.inside.hf_check import is_hf_folder
    from gatelab.core.inside.source_folder import unreachable_folder
    from gatelab.core.inside.types import checked, dtype_label
    p = Path(source)
    if not math.isfinite(eps) or eps <= 0:
        raise InsideError(f"--eps must be a finite number > 0, got {eps}")
    if out is not None:
        refuse_output_inside(out, p)
    unreachable = unreachable_folder(p)  # a link loop: named as the Inside tab names it
    if unreachable is not None:
        raise InsideError(unreachable)
    if p.exists() and not p.is_dir():  # /dev/zero or a FIFO was "a file" too (probe s16)
        what = "a file" if p.is_file() else "a pipe, device or socket"
        raise InsideError(f"{p}: is {what}, not a folder (give the run or model folder)")
    if not p.is_dir():
        raise InsideError(f"{p}: no such folder")
    if (p / "ckpt.pt").exists() or (p / "run.json").exists():
        if dtype != "float32":
            raise InsideError(f"{p}: --dtype {dtype} applies to Hugging Face model folders only; "
                              f"a gatelab run is traced in float32 (leave --dtype out)")
        from gatelab.core.inside.run_source import trace_run
        trace = trace_run(p, text, device=device or "cpu")
        used, notes, used_run = "float32", [], True
    elif is_hf_folder(p) or os.path.lexists(p / "config.json"):
        # a config.json that is a link to a device or a FIFO still means "a model folder":
        # the HF checks then say which file is not a regular file
        import_deferred("transformers")
        from gatelab.core.inside.hf_source import HfModel
        model = HfModel(p, device=device, dtype=dtype)  # the tab's loader (ui/inside_jobs)
        trace = model.trace(text)
        # read from the weights, not echoed from the request: what the numbers were computed in
        used = dtype_label(next(model.model.parameters()).dtype)
        # what config.json says that the load did not use: the tab shows these too
        notes = [" ".join(str(n).split()) for n in model.info.get("notes", ())]
        used_run = False
    else:
        raise InsideError(f"{p}: neither a gatelab run folder (ckpt.pt) nor a Hugging Face model "
                          f"folder (config.json)")
    trace = checked(trace)  # NaN weights: a note in the JSON, as the tab's amber warning
    rows = layer_summary(trace, token, eps=eps)
    t = len(trace.tokens) - 1 if token is None else token % len(trace.tokens)
    out: dict[str, Any] = {"tokens": trace.tokens, "token": t, "dtype": used,
                           "layers": [{k: _finite(v) for k, v in row.items()} for row in rows],
                           "notes": notes + ([] if trace.finite else [NOT_FINITE_NOTE])}
    dropped = list(trace.dropped_chars)
    if trace.unknown or dropped:  # the model read a substitute or nothing there: say so
        out["unknown_tokens"] = list(trace.unknown)
        out["unknown_read_as"] = trace.unknown_as if trace.unknown else None
        # what the user typed there, each once (a model's substitute is its <unk> token), and
        # what its tokenizer dropped (no token, so no position stands for it)
        out["unknown_chars"] = list(dict.fromkeys([*trace.unknown_chars, *dropped]))
        if dropped:
            out["dropped_chars"] = dropped
        out["unknown_in"] = "run" if used_run else "model"
    return out


def _memory_hint(exc: KeyedError, dtype: str) -> str:
    """What to add to a refusal for want of memory: the catalogue's "try bf16" names the tab's
    dtype choice, so the CLI adds its own spelling where bf16 would fit (or, where it would not
    or is in use already, the remaining ways); "" for every other error."""
    if exc.msg.key != "inside.memory":
        return ""
    if dtype == "bf16":
        return f" ({PROG}: --dtype bf16 is in use already; try --device or a smaller model)"
    advice = exc.msg.values.get("advice")
    if getattr(advice, "key", "") == "inside.memory_try_bf16":
        return f" ({PROG}: --dtype bf16)"
    return f" ({PROG}: --device)"  # bf16 would not fit either (probe s19 D5: for 4.1 TB)


def _cannot_create_in(folder: Path) -> str:
    """Why no file can be created in ``folder`` ("" when one can): tried with a real temporary
    file before the analysis, since permissions, read-only mounts and /proc all differ."""
    import tempfile
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".gatelab-probe-"):
            return ""
    except OSError as exc:
        if not folder.is_dir():
            return f"{folder} is not a folder" if folder.exists() else f"no folder {folder}"
        if exc.errno == errno.ENOENT:  # a folder that exists yet takes no new files (/proc):
            return f"no file can be created in {folder}"  # not "No such file" (probe s19 P6)
        return f"cannot create a file in {folder}: {exc.strerror or exc}"


@contextlib.contextmanager
def _stderr_captured(out: list[str]) -> Iterator[None]:
    """File descriptor 2 into a temporary file while the analysis runs; its text is appended to
    ``out``. Why at the descriptor: the tokenizers library (Rust) prints a panic and, with
    RUST_BACKTRACE set, a hundred-line backtrace straight to fd 2, before Python sees the error
    that the CLI turns into its one line."""
    import tempfile
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as tmp:
        os.dup2(tmp.fileno(), 2)
        try:
            yield
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            tmp.seek(0)
            out.append(tmp.read(1 << 16).decode("utf-8", "replace"))


@contextlib.contextmanager
def _stdout_kept_clean(active: bool) -> Iterator[None]:
    """With --json -, what Python code prints during the analysis goes to stderr (captured there
    like the rest): a library's chatter on stdout would make the JSON unparseable for the pipe."""
    if not active:
        yield
        return
    with contextlib.redirect_stdout(sys.stderr):
        yield


def _write_stdout(data: bytes) -> None:
    """The JSON's UTF-8 bytes on stdout: through the binary buffer where there is one, so a
    non-UTF-8 locale cannot fail on a token's character (the file is UTF-8 too)."""
    sys.stdout.flush()
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is not None:
        buffer.write(data)
        buffer.flush()
    else:
        sys.stdout.write(data.decode("utf-8"))
        sys.stdout.flush()


def main(argv: Sequence[str] | None = None) -> int:
    """``gatelab-inspect``. A stop signal at any moment (importing torch, loading the model,
    the pass) gives one line saying whether the JSON was written, and exit 128 + n."""
    wrote: list[str] = []  # where the JSON went, once it is written
    try:
        with starting():
            return _main(argv, wrote)
    except KeyboardInterrupt as exc:
        lead, how, code = interruption(exc)
        done = f"the JSON was written to {wrote[0]}" if wrote else "nothing was written"
        say(f"{lead}{PROG}: interrupted{how}; {done}\n")
        return code


def _is_null_device(out: str) -> bool:
    """``--json /dev/null``: the usual way to check that a model loads and runs, with the
    JSON thrown away. Refused as "not a regular file" before; never replaced, only skipped."""
    try:
        return os.path.samefile(out, os.devnull)
    except (OSError, ValueError):
        return False


def _main(argv: Sequence[str] | None, wrote: list[str]) -> int:
    try:
        args = _parser().parse_args(argv)
        for name, value in (("SOURCE", args.source), ("--json", args.out)):
            if not value.strip():  # "" would silently mean the current folder
                raise _BadArgs(f"{name} is empty")
    except _BadArgs as exc:
        sys.stderr.write(f"{PROG}: error: {exc}\n")
        return 2
    from gatelab.core.allocator import keep_freed_memory
    from gatelab.core.fileio import FileReadError, check_write_target
    from gatelab.core.inside.errors import InsideError
    keep_freed_memory()  # the pass reuses freed memory instead of faulting it back (core/allocator)
    to_stdout = args.out == STDOUT
    discard = not to_stdout and _is_null_device(args.out)  # kept out of check_write_target
    try:  # before the (possibly long) analysis: a FIFO or device must never be replaced
        if not (to_stdout or discard):
            check_write_target(args.out)
    except FileReadError as exc:
        sys.stderr.write(f"{PROG}: error: --json {' '.join(str(exc).split())}\n")
        return 2
    folder_error = "" if to_stdout or discard else _cannot_create_in(Path(args.out).parent)
    if folder_error:
        sys.stderr.write(f"{PROG}: error: --json cannot write {args.out}: {folder_error}\n")
        return 2
    captured: list[str] = []
    try:  # library warnings (torch, transformers) become notes after a success, never lines
        with warnings.catch_warnings(record=True) as caught, _stderr_captured(captured), \
                _stdout_kept_clean(to_stdout):
            warnings.simplefilter("always")  # (around a one-line error, nothing else)
            result = inspect(args.source, args.text, args.token, args.eps, args.device,
                             None if to_stdout else args.out, dtype=args.dtype)
    except InsideError as exc:
        hint = _memory_hint(exc, args.dtype)
        sys.stderr.write(f"{PROG}: error: {' '.join(str(exc).split())}{hint}\n")
        return 2
    except Exception as exc:  # out of memory, a library bug: still one line, but not "bad input"
        sys.stderr.write(f"{PROG}: failed: {type(exc).__name__}: {' '.join(str(exc).split())}\n")
        return 1
    from gatelab.core.run_writer import RunWriteError, atomic_write_bytes
    try:
        data = json.dumps(result, ensure_ascii=False, allow_nan=False, indent=1)
        if to_stdout:
            _write_stdout((data + "\n").encode("utf-8"))
        elif not discard:  # (/dev/null: nothing to write, and never a file to replace)
            check_write_target(args.out)  # again: it may have changed during the analysis
            atomic_write_bytes(Path(args.out), data.encode("utf-8"))
    except (FileReadError, RunWriteError) as exc:  # their message names the file already
        sys.stderr.write(f"{PROG}: error: --json {' '.join(str(exc).split())}\n")
        return 2
    except OSError as exc:
        where = "to standard output" if to_stdout else args.out
        sys.stderr.write(f"{PROG}: error: cannot write {where}: {exc.strerror or exc}\n")
        return 2
    wrote.append("standard output" if to_stdout else args.out)
    if not to_stdout:  # a file gives no other sign that it worked; stdout shows it already
        n, layers = len(result["tokens"]), len(result["layers"])
        sys.stderr.write(f"{PROG}: wrote {args.out} ({n} token{'s' * (n != 1)}, "
                         f"{layers} layer{'s' * (layers != 1)})\n")
    if captured[0].strip():  # what libraries printed themselves, shown after a success only
        sys.stderr.write(captured[0][:2000].rstrip("\n") + "\n")
    for note in result["notes"]:  # the folder contradicts itself: the numbers stand, but say so
        sys.stderr.write(f"{PROG}: note: {note}\n")
    for text in list(dict.fromkeys(f"{w.category.__name__}: {str(w.message).splitlines()[0]}"
                                   for w in caught if str(w.message).strip()))[:3]:
        sys.stderr.write(f"{PROG}: note: a library warned: {text[:200]}\n")
    if result.get("unknown_tokens"):  # written, but the user should know what the model saw
        n, chars = len(result["unknown_tokens"]), result.get("unknown_chars") or []
        named = f" ({', '.join(repr(c) for c in chars[:10])})" if chars else ""
        sys.stderr.write(f"{PROG}: note: {n} piece(s) of the text{named} are not in this "
                         f"{result.get('unknown_in', 'run')}'s vocabulary and were read as "
                         f"{result['unknown_read_as']!r} (positions {result['unknown_tokens'][:10]})\n")
    if result.get("dropped_chars"):  # read as nothing at all: the same kind of note
        from gatelab.core.inside.unknown_chars import dropped_note
        sys.stderr.write(f"{PROG}: note: {dropped_note(result['dropped_chars'])}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
