"""``gatelab-experiment``: parameter-matched variants × seeds with a noise floor and verdict, and
``--continue FOLDER`` to finish a stopped or interrupted experiment in its own folder.

Why apart from cli.py: the experiment command grew a second mode (continue) and cli.py its size
limit. The shared pieces (progress bar, Ctrl-C handling, one-line errors) are cli.py's, imported,
so both commands behave alike. Ctrl-C (SIGTERM, SIGHUP) stops at the next step, prints the results
so far and the ``--continue`` command that finishes the experiment (``core.experiment_continue``),
exit 130 (143, 129); before training begins, it ends the command with one line.
"""

from __future__ import annotations

import argparse
import os
import shlex
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from gatelab import cli
from gatelab.cli import (
    ProgressBar,
    _about,
    _config_from,
    _ctrl_c_stops,
    _empty_path,
    _fail,
    _unexpected,
    _warner,
)
from gatelab.cli_args import DEFAULT_SEEDS, DEFAULT_VARIANTS, experiment_parser, parse
from gatelab.cli_signals import exit_code, import_deferred, interruption, say, signum_of, starting
from gatelab.core.trainconfig import FFN_VARIANTS, MAX_SEEDS, Snapshot, TrainConfig, TrainingError

WITH_CONTINUE = frozenset({"quiet", "continue_", "help"})  # the flags (dests) --continue takes
OnSnapshot = Callable[[str, int, Snapshot], None]
Trainer = Callable[[threading.Event, OnSnapshot, Callable[[str], None]], Any]


def experiment_main(argv: Sequence[str] | None = None) -> int:
    """``gatelab-experiment``: a new experiment, or with ``--continue`` the rest of a saved one.
    A stop signal before its first run trains (importing torch, the checks) gives one line and
    exit 128 + n; once training runs, the first one stops it after the step."""
    folder: list[str] = []  # the experiment --continue finishes, once found
    try:
        with starting():
            p = experiment_parser()
            args = parse(p, argv)
            if args is None:
                return 2
            if args.continue_ is not None:
                return _continue_main(p, args, folder)
            return _new_main(p, args, sys.argv[1:] if argv is None else list(argv))
    except KeyboardInterrupt as exc:  # training handles its own: this one came while starting
        return _interrupted_early(exc, folder[0] if folder else "")


def _interrupted_early(exc: BaseException, folder: str) -> int:
    """One line (never a traceback) for a stop signal before training began; exit 128 + n."""
    lead, how, code = interruption(exc)
    if folder:
        say(f"{lead}gatelab-experiment: interrupted{how} before training resumed; continue the "
            f"experiment with: {continue_command(folder)}\n")
    else:
        say(f"{lead}gatelab-experiment: interrupted{how} before its first run started; nothing "
            f"was saved\n")
    return code


def _new_main(p: argparse.ArgumentParser, args: argparse.Namespace, argv: list[str]) -> int:
    """Check the flags before any training, then train every variant × seed in a new folder."""
    prog = p.prog
    if (code := _empty_path(prog, "--out", args.out)) is not None:
        return code
    import_deferred("torch")  # (a stop signal inside it aborted the process: cli_signals)
    from gatelab.core.allocator import keep_freed_memory  # torch: after --help and usage errors
    keep_freed_memory()
    from gatelab.core.experiment import run_experiment

    n_seeds = DEFAULT_SEEDS if args.seeds is None else args.seeds
    given = DEFAULT_VARIANTS if args.variants is None else args.variants
    variants = [v.strip() for v in given.split(",") if v.strip()]
    bad = [v for v in variants if v not in FFN_VARIANTS]
    if bad or not variants:
        return _fail(prog, f"unknown variant(s) {', '.join(bad) or '(none)'}; valid: {', '.join(FFN_VARIANTS)}")
    if len(set(variants)) < 2:  # the verdict compares two: say so before any training
        return _fail(prog, f"--variants needs at least two different variants to compare, got "
                           f"{', '.join(dict.fromkeys(variants))} (for example --variants swiglu,gelu)")
    if not 1 <= n_seeds <= MAX_SEEDS:
        return _fail(prog, f"--seeds must be from 1 to {MAX_SEEDS}, got {n_seeds}")
    try:
        config = _config_from(args, TrainConfig())
        config.replace(seed=config.seed + n_seeds - 1).validate()  # the last seed, up front
        if args.out:
            from gatelab.core.runs import check_folder
            check_folder(args.out)  # a file or FIFO there: say so before any training
    except (ValueError, TypeError) as exc:
        return _fail(prog, _about(exc, "--out", args.out))
    seeds = [config.seed + i for i in range(n_seeds)]

    def train(stop: threading.Event, on_snapshot: OnSnapshot, warn: Callable[[str], None]) -> Any:
        return run_experiment(variants, seeds, config, stop, on_snapshot, root=args.out,
                              on_warning=warn)

    rerun = shlex.join(["gatelab-experiment", *argv])
    return _train_and_report(prog, args.quiet, train, len(variants) * len(seeds),
                             ("--out", args.out), rerun=rerun)


def _continue_main(p: argparse.ArgumentParser, args: argparse.Namespace,
                   found: list[str]) -> int:
    """Refuse other flags and a folder that cannot be continued, then train its missing runs;
    ``found`` gets the folder once it holds an experiment.json (for the line after Ctrl-C)."""
    prog, value = p.prog, args.continue_
    if (code := _empty_path(prog, "--continue", value)) is not None:
        return code
    given = _plan_flags(p, args)
    if given:
        return _fail(prog, f"--continue trains the experiment as it was planned; leave out "
                           f"{', '.join(given)} (only --quiet goes with it)")
    from gatelab.core.experiment import EXPERIMENT_FILE
    folder = Path(value)
    if not os.path.lexists(folder):
        return _fail(prog, f"--continue {value}: no such folder")
    if not folder.is_dir():
        return _fail(prog, f"--continue {value}: not a folder (give the experiment's exp-… folder)")
    if not os.path.lexists(folder / EXPERIMENT_FILE):
        return _fail(prog, f"no experiment to continue in {folder} (experiment.json missing)")
    found.append(str(folder))
    import_deferred("torch")
    from gatelab.core.experiment_continue import continue_experiment, continue_plan
    try:
        plan, todo = continue_plan(folder)
        cli._check_memory(plan.config)  # too big for this machine now: say so, touch nothing
    except (ValueError, TypeError, OSError) as exc:
        return _fail(prog, _naming(folder, _about(exc, "--continue", value)))
    from gatelab.core.allocator import keep_freed_memory
    keep_freed_memory()
    if not args.quiet:
        sys.stderr.write(f"continuing {folder}: {todo} of {plan.n_runs} runs to train\n")

    def train(stop: threading.Event, on_snapshot: OnSnapshot, warn: Callable[[str], None]) -> Any:
        return continue_experiment(folder, stop, on_snapshot, on_warning=warn)

    return _train_and_report(prog, args.quiet, train, plan.n_runs, ("--continue", value),
                             folder=str(folder))


def _plan_flags(p: argparse.ArgumentParser, args: argparse.Namespace) -> list[str]:
    """The flags given besides the presentational ones: with --continue the experiment's own
    plan (experiment.json) sets variants, seeds and settings, so any of them would be ignored."""
    return [a.option_strings[0] for a in p._actions
            if a.option_strings and a.dest not in WITH_CONTINUE
            and getattr(args, a.dest, None) is not None]


def _naming(folder: Path, message: str) -> str:
    """``message``, led by the folder when it does not name it (e.g. experiment.no_plan)."""
    return message if str(folder) in message else f"{folder}: {message}"


def _train_and_report(prog: str, quiet: bool, train: Trainer, n_runs: int,
                      flag: tuple[str, str | None], folder: str = "", rerun: str = "") -> int:
    """Run ``train`` with the progress bar and Ctrl-C handling, then report; ``flag`` (name,
    value) is the path flag an OSError is about. ``folder`` is the experiment folder when known
    before training (else learnt from the first snapshot), for the hint after a second Ctrl-C."""
    bar = ProgressBar()
    seen = {"folder": folder}

    def on_snapshot(variant: str, seed: int, snap: Snapshot) -> None:
        seen["trained"] = "yes"  # an error from now on is a failed run, not bad input
        if snap.run_dir:  # each run's folder lies in the experiment's
            seen["folder"] = str(Path(snap.run_dir).parent)
        if not quiet:
            bar.prefix = f"{variant} seed {seed} "
            bar.update(snap, force=snap.status != "running")
            if snap.status != "running":
                bar.done()
                bar.val = None

    try:
        with _ctrl_c_stops() as stop:  # held while reporting too: a late second Ctrl-C is clean
            return _report_experiment(train(stop, on_snapshot, _warner(prog, quiet)), n_runs,
                                      getattr(stop, "signum", signal.SIGINT))
    except TrainingError as exc:
        return _fail(prog, str(exc), code=1)
    except (ValueError, OSError) as exc:  # once a run trained: a failed run (a full disk), 1
        return _fail(prog, _about(exc, *flag), code=1 if seen.get("trained") else 2)
    except KeyboardInterrupt as exc:  # a second stop signal: the finished runs and files stand
        say(f"\naborted.\n{_experiment_hint(seen['folder'], rerun)}")
        return exit_code(signum_of(exc))
    except Exception as exc:  # a bug or a library failure: one line; finished runs stand
        return _fail(prog, _unexpected(exc), code=1)


def _report_experiment(result: Any, n_runs: int, signum: int = signal.SIGINT) -> int:
    """Print the table, noise floor and verdict; exit code 0 finished, 128 + ``signum`` when a
    stop signal stopped it (130 Ctrl-C, 143 SIGTERM, 129 SIGHUP)."""
    print(f"{'variant':<16}{'m':>6}{'FFN params':>12}{'val mean':>10}{'± std':>9}  finals")
    for r in result.variants:
        finals = ", ".join(_loss(x) for x in r.final_val)
        print(f"{r.variant:<16}{r.intermediate:>6}{r.ffn_params:>12,}{_loss(r.mean):>10}"
              f"{_loss(r.std):>9}  {finals}")
    print(f"noise floor (3 × pooled std): {_loss(result.noise_floor)}")
    print(f"verdict: {result.verdict}")
    print(f"experiment folder: {result.path}")
    if result.status == "stopped":  # only a stop signal sets the stop event here
        print(f"stopped after {sum(len(r.final_val) for r in result.variants)} of {n_runs} runs.")
        print(_experiment_hint(result.path), end="")
        return exit_code(signum)
    return 0 if result.status == "finished" else 1


def _loss(x: float) -> str:
    """``loss_text`` with "–" where there is no value, not Python's "nan"."""
    from gatelab.core.experiment import loss_text

    return loss_text(x, "–")


def continue_command(folder: str | Path) -> str:
    """The command line that finishes the experiment in ``folder`` (quoted for a POSIX shell)."""
    return shlex.join(["gatelab-experiment", "--continue", str(folder)])


def _experiment_hint(folder: str, rerun: str = "") -> str:
    """How to go on after Ctrl-C: continue the experiment in its folder (its finished runs are
    kept, the interrupted one resumes from its checkpoint). Only when it was stopped before its
    first run reported, so that its folder is unknown here, is it started again."""
    if folder:
        return f"continue the experiment with:\n  {continue_command(folder)}\n"
    return f"it stopped before its first run began; start it again with:\n  {rerun}\n"


__all__ = ["MAX_SEEDS", "continue_command", "experiment_main"]
