"""The argument parsers of ``gatelab-train`` and ``gatelab-experiment`` (see ``gatelab.cli``).

Why apart from the entry points: the flags, their help and the defaults shown in ``--help`` are
a contract of their own, and cli.py reads better (and stays under its size limit) without them.
The defaults shown are read from ``TrainConfig``'s field defaults, never written here, so the
help cannot drift from what a new run actually uses. The argparse defaults themselves stay None:
a flag left out keeps the config's default, or, with --resume, the resumed run's value.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Collection, Sequence
from pathlib import Path
from typing import NoReturn

from gatelab.core.messages import Msg
from gatelab.core.trainconfig import DEVICES, FFN_VARIANTS, POSITIONS, TrainConfig

# flag -> TrainConfig field (flags left out keep the config's default, or the resumed run's value)
FLAG_FIELDS = {
    "corpus": "corpus", "variant": "variant", "layers": "n_layer", "heads": "n_head",
    "kv_heads": "n_kv_head", "width": "n_embd", "intermediate": "intermediate",
    "multiple_of": "multiple_of", "block": "block_size", "batch": "batch_size", "steps": "steps",
    "lr": "lr", "warmup": "warmup_steps", "dropout": "dropout", "eval_interval": "eval_interval",
    "eval_iters": "eval_iters", "seed": "seed", "device": "device", "threads": "threads",
    "positions": "positions", "stats_interval": "stats_interval",
    "checkpoint_interval": "checkpoint_interval", "sample_chars": "sample_chars",
    "log_interval": "log_interval",
}

DEFAULT_VARIANTS = "swiglu,gelu"  # gatelab-experiment's, when --variants is left out
DEFAULT_SEEDS = 3

_DEFAULTS_NOTE = ("The defaults shown are those of a new run; with --resume, a flag left out keeps "
                  "the resumed run's value.")


class BadArgs(Exception):
    """Raised instead of argparse's SystemExit so the entry points return 2."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        raise BadArgs(f"{self.prog}: error: {message}")


def parse(p: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace | None:
    """The parsed arguments, or None after printing the usage error (the caller returns 2)."""
    try:
        return p.parse_args(argv)
    except BadArgs as exc:
        sys.stderr.write(f"{exc}\n")
        return None


def config_default(field: str) -> object:
    """``TrainConfig``'s default for ``field`` (what a new run uses when the flag is left out)."""
    return next(f.default for f in dataclasses.fields(TrainConfig) if f.name == field)


def _show_defaults(p: argparse.ArgumentParser) -> None:
    """Append "(default: X)" to each TrainConfig-backed flag's help. Fields whose default is None
    (kv heads, intermediate, threads) mean "derived", which their help already explains."""
    for action in p._actions:
        field = FLAG_FIELDS.get(action.dest)
        if field is None or action.help is None:
            continue
        value = config_default(field)
        if value is not None:
            action.help = f"{action.help} (default: {value})"


def common_flags(p: argparse.ArgumentParser) -> None:
    """The model, training and execution flags both commands share."""
    a = p.add_argument
    a("--corpus", help="'python' (1 MB of Python's standard library, shipped; the app's "
                     "default), 'generated' (tiny) or a UTF-8 text file path")
    a("--layers", type=int, help="transformer blocks")
    a("--heads", type=int, help="attention heads")
    a("--kv-heads", type=int, help="key/value heads (fewer than --heads: GQA; default: --heads)")
    a("--width", type=int, help="model width d")
    a("--intermediate", type=int, help="FFN width m (default: gated 8d/3 rounded, classic 4d)")
    a("--multiple-of", type=int, help="round the 8d/3 rule up to a multiple of this")
    a("--block", type=int, help="context length in characters")
    a("--batch", type=int, help="sequences per step")
    a("--steps", type=int, help="optimizer steps")
    a("--lr", type=float, help="peak learning rate")
    a("--warmup", type=int, help="warmup steps")
    a("--dropout", type=float, help="dropout rate")
    a("--eval-interval", type=int, help="evaluate on the validation split every N steps")
    a("--eval-iters", type=int, help="validation batches per evaluation")
    a("--seed", type=int, help="random seed")
    a("--device", choices=DEVICES, help="auto picks cuda, then mps, then cpu")
    a("--threads", type=int, help="CPU threads (default: all cores)")
    a("--positions", choices=POSITIONS, help="rotary or learned positions")
    a("--attn-gate", action="store_true", default=None, help="sigmoid output gate on attention")
    a("--untied", action="store_true", default=None, help="separate LM head (not tied)")
    a("--compile", action="store_true", default=None, help="torch.compile the model")
    a("--no-stats", action="store_true", default=None, help="switch instrumentation off")
    a("--stats-interval", type=int, help="collect layer statistics every N steps")
    a("--checkpoint-interval", type=int, help="checkpoint every N steps; also at the first "
      "evaluation and at least once a minute, so a crash loses about a minute at most")
    a("--log-interval", type=int, help="report (and log) every N steps")
    a("--sample-chars", type=int, help="characters sampled at the end")
    a("--quiet", action="store_true", help="no progress bar")


def train_parser() -> Parser:
    """``gatelab-train``'s parser."""
    p = Parser(prog="gatelab-train", description="Train a small gated transformer (character level).",
               epilog=_DEFAULTS_NOTE)
    p.add_argument("--variant", choices=FFN_VARIANTS, help="FFN variant (gated or classic)")
    common_flags(p)
    p.add_argument("--run-dir", help="run folder (default: a new folder under the runs directory)")
    p.add_argument("--resume", action="store_true",
                   help="continue the run in --run-dir (a finished run: with a larger --steps)")
    _show_defaults(p)
    return p


def experiment_parser() -> Parser:
    """``gatelab-experiment``'s parser."""
    p = Parser(prog="gatelab-experiment",
               description="Compare FFN variants at equal parameters over several seeds.")
    # defaults None (applied by the command): --continue must tell a flag given from one left out
    p.add_argument("--variants", help=f"comma-separated FFN variants (default: {DEFAULT_VARIANTS})")
    p.add_argument("--seeds", type=int, help=f"number of seeds (seed, seed+1, …; default: {DEFAULT_SEEDS})")
    common_flags(p)
    p.add_argument("--out", help="folder for the experiment (default: the runs directory)")
    p.add_argument("--continue", dest="continue_", metavar="FOLDER",
                   help="finish the stopped or interrupted experiment in FOLDER (its exp-… folder): "
                        "train only its missing runs, then print its verdict; its own plan sets "
                        "the variants, seeds and settings, so give no other flag but --quiet")
    _show_defaults(p)
    return p


# -- errors in the words of the command line ------------------------------------------------
def flag_for(field: str) -> str:
    """The flag that sets TrainConfig ``field`` ("n_embd" → "--width"), or "" when none does."""
    flag = next((f for f, name in FLAG_FIELDS.items() if name == field), "")
    return f"--{flag.replace('_', '-')}" if flag else ""


def flag_named(exc: ValueError, given: Collection[str]) -> ValueError:
    """``exc`` with the config field it starts with ("n_embd must be ≤ 65,536, got …") replaced
    by the flag the user typed ("--width must be …"). Only for a field given as a flag: one
    read from a resumed run's config.json keeps the name config.json uses."""
    text = str(exc)
    for field in given:
        if text.startswith(f"{field} ") and (flag := flag_for(field)):
            return ValueError(f"{flag}{text[len(field):]}")
    return exc


def resume_mismatch(msg: Msg, args: argparse.Namespace, run_dir: Path) -> str:
    """resume.arch ("the run was trained with n_embd=128, not 64") in the words of the command
    line. Why: its "not 64" reads as if the user typed 64, but without a flag that value is the
    one the run folder's config.json gives, which disagrees with its checkpoint (config.json
    edited, or ckpt.pt copied in from another run): no flag the user could leave out fixes it."""
    name, saved, wanted = (str(msg.values.get(k)) for k in ("name", "saved", "wanted"))
    flag = {"attn_gate": "--attn-gate", "tie_embeddings": "--untied"}.get(name) or flag_for(name)
    from gatelab.core.runs import CONFIG, read_json

    written = read_json(run_dir / CONFIG)  # what the folder's config.json itself says
    typed = flag and getattr(args, flag[2:].replace("-", "_"), None) not in (None, False)
    if typed and not (name in written and repr(written[name]) == wanted):
        if name in ("attn_gate", "tie_embeddings"):
            return f"cannot resume with {flag}: the run was trained without it; leave {flag} out"
        keep = name in written and repr(written[name]) == saved  # config.json agrees with it
        return (f"cannot resume with {flag} {wanted}: the run was trained with {flag} {saved}"
                + (f"; leave {flag} out to keep the run's value" if keep else ""))
    says = (f"gives {name}={wanted}" if name in written
            else f"does not set {name} (the default is {wanted})")
    return (f"cannot resume: {run_dir / CONFIG} {says}, but the checkpoint was trained with "
            f"{name}={saved} (config.json was edited, or the checkpoint comes from another run)")


__all__ = ["DEFAULT_SEEDS", "DEFAULT_VARIANTS", "FLAG_FIELDS", "BadArgs", "Parser", "common_flags",
           "config_default", "experiment_parser", "flag_for", "flag_named", "parse",
           "resume_mismatch", "train_parser"]
