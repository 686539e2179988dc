"""Hostile stats-history entries: zip bombs, damaged files and arrays of the wrong kind.

Why: the "Inside the model" tab reads every entry of a saved run's history and the slider indexes
its arrays by layer on the GUI thread. One bad file must cost one entry (named in ``problems``),
never the whole history, never gigabytes of memory, never an exception the view cannot draw.
"""

from __future__ import annotations

import dataclasses
import io
import os
import struct
import tracemalloc
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from gatelab.core import runs_read, stats_history
from gatelab.core.runs_read import RunError, read_stats
from gatelab.core.stats_history import entry_path, read_stats_history, stats_problem
from gatelab.core.trainconfig import LayerStats

L, BINS, M, TOKENS = 2, 4, 3, 5


def arrays(seed: int = 0) -> dict[str, np.ndarray]:
    """A consistent entry (2 layers, 4 bins, 3 neurons, 5 probe tokens), values from ``seed``."""
    rng = np.random.default_rng(seed)
    return {"frac_neg": rng.random(L), "frac_closed": rng.random(L),
            "act_hist": rng.random((L, BINS)), "hist_edges": np.linspace(-1.0, 3.0, BINS + 1),
            "mean_abs_h": rng.random(L), "max_abs_h": rng.random(L), "mlp_ratio": rng.random(L),
            "attn_sink": rng.random(L), "gate_pairs": rng.standard_normal((L, M, 2)).astype(np.float32),
            "neuron_acts": rng.standard_normal((L, TOKENS, M)).astype(np.float32)}


def write(run: Path, step: int, data: dict[str, Any], compressed: bool = False) -> Path:
    path = entry_path(run, step)
    path.parent.mkdir(parents=True, exist_ok=True)
    (np.savez_compressed if compressed else np.savez)(path, step=np.int64(step), **data)
    return path


@pytest.fixture
def run(tmp_path: Path) -> Path:
    """A run whose history holds good entries at steps 10 and 30 (20 is left to each test)."""
    folder = tmp_path / "run"
    write(folder, 10, arrays(10))
    write(folder, 30, arrays(30))
    return folder


def read(run: Path) -> tuple[list[int], list[str]]:
    problems: list[str] = []
    steps = [step for step, _ in read_stats_history(run, problems)]
    return steps, problems


def test_good_entries_read_back_exactly(run: Path) -> None:
    history = read_stats_history(run)
    assert [step for step, _ in history] == [10, 30]
    for (step, stats), seed in zip(history, (10, 30)):
        for name, want in arrays(seed).items():
            got = getattr(stats, name)
            np.testing.assert_array_equal(got, want)
            assert got.dtype == want.dtype
    assert stats_problem(history[0][1]) == ""


def peak_bytes(fn: Callable[[], Any]) -> tuple[Any, int]:
    """``fn()`` and the peak of Python and numpy allocations while it ran."""
    tracemalloc.start()
    try:
        return fn(), tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_zip_bomb_is_refused_from_the_directory(run: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """32 MB of zeros deflate to ~32 KB; the directory's sizes refuse it before it is inflated."""
    monkeypatch.setattr(runs_read, "STATS_CAP", 1 << 20)
    bomb = write(run, 20, {**arrays(), "neuron_acts": np.zeros((L, 1 << 11, 1 << 10), np.float64)},
                 compressed=True)
    assert bomb.stat().st_size < 200_000
    (steps, problems), peak = peak_bytes(lambda: read(run))
    assert steps == [10, 30]
    size = sum(i.file_size for i in zipfile.ZipFile(bomb).infolist() if i.filename != "step.npy")
    assert problems == [f"could not read {bomb}: its arrays hold {size:,} bytes, more than the "
                        f"1,048,576 byte limit"]
    assert peak < 8 << 20  # the 32 MB array was never inflated


def lying_bz2_entry(path: Path, inflated: int) -> None:
    """An entry whose neuron_acts is bzip2-compressed zeros (``inflated`` bytes) while the zip
    directory lists 1,000 bytes: zipfile inflates a whole bzip2 chunk in one call, so only the
    compression method can refuse it in time."""
    buf = io.BytesIO()
    np.savez(buf, **{k: v for k, v in arrays().items() if k != "neuron_acts"})
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {"descr": "<f8", "fortran_order": False,
                                                  "shape": (L, inflated // (8 * L), 1)})
    with zipfile.ZipFile(buf, "a", compression=zipfile.ZIP_BZIP2) as zf:
        zf.writestr("neuron_acts.npy", header.getvalue() + bytes(inflated))
    data = bytearray(buf.getvalue())
    central = data.rfind(b"PK\x01\x02")  # the last central entry: neuron_acts.npy
    struct.pack_into("<I", data, central + 24, 1000)  # its uncompressed size, a lie
    path.write_bytes(bytes(data))


def test_lying_directory_cannot_smuggle_a_bzip2_bomb(run: Path) -> None:
    path = entry_path(run, 20)
    lying_bz2_entry(path, 32 << 20)
    assert zipfile.ZipFile(path).getinfo("neuron_acts.npy").file_size == 1000
    (steps, problems), peak = peak_bytes(lambda: read(run))
    assert steps == [10, 30]
    assert problems == [f"could not read {path}: neuron_acts.npy is compressed with method 12; "
                        "only stored or deflated arrays are read"]
    assert peak < 8 << 20
    with pytest.raises(RunError, match="compressed with method 12"):  # the gate plane's reader too
        read_stats(path, ("neuron_acts",))


def _truncated(path: Path) -> None:
    write(path.parents[1], 20, arrays())
    path.write_bytes(path.read_bytes()[:300])


def _bad_zip(path: Path) -> None:
    good = io.BytesIO()
    np.savez(good, **arrays())
    data = bytearray(good.getvalue())
    data[-22:-18] = b"\0\0\0\0"  # the end-of-directory record loses its signature
    path.write_bytes(bytes(data))


DAMAGE: dict[str, tuple[Callable[[Path], None], str]] = {
    "garbage": (lambda p: p.write_bytes(b"garbage"), "could not read {p}: "),
    "empty": (lambda p: p.write_bytes(b""), "could not read {p}: "),
    "truncated": (_truncated, "could not read {p}: it is truncated or damaged"),
    "bad zip": (_bad_zip, "could not read {p}: it is truncated or damaged"),
    "fifo": (os.mkfifo, "could not read {p}: is not a regular file"),
    "folder": (lambda p: p.mkdir(), "could not read {p}: is a folder, not a file"),
    "/dev/zero": (lambda p: p.symlink_to("/dev/zero"), "could not read {p}: is not a regular file"),
}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_a_damaged_entry_costs_only_itself(run: Path, kind: str) -> None:
    make, start = DAMAGE[kind]
    path = entry_path(run, 20)
    make(path)
    steps, problems = read(run)
    assert steps == [10, 30]
    assert len(problems) == 1 and problems[0].startswith(start.format(p=path)), problems


def _drop(name: str) -> Callable[[dict[str, Any]], None]:
    return lambda a: a.pop(name)


def _set(name: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda a: a.__setitem__(name, value)


def _poke(name: str, index: tuple[int, ...], value: float) -> Callable[[dict[str, Any]], None]:
    return lambda a: a[name].__setitem__(index, value)


WRONG: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("missing", _drop("neuron_acts"), "array 'neuron_acts' is missing"),
    ("strings", _set("frac_neg", np.array(["a", "b"])), "array 'frac_neg' is <U1, not numbers"),
    ("bools", _set("mlp_ratio", np.array([True, False])), "array 'mlp_ratio' is bool, not numbers"),
    ("complex", _set("frac_closed", np.ones(L, complex)),
     "array 'frac_closed' holds complex128, not real numbers"),
    ("times", _set("max_abs_h", np.ones(L, "m8[s]")),
     "array 'max_abs_h' holds timedelta64[s], not real numbers"),
    ("0-d", _set("frac_neg", np.float64(0.5)), "array 'frac_neg' has shape [], expected [1–256]"),
    ("empty", _set("frac_neg", np.zeros(0)), "array 'frac_neg' has shape [0], expected [1–256]"),
    ("too many layers", _set("frac_neg", np.zeros(257)),
     "array 'frac_neg' has shape [257], expected [1–256]"),
    ("per-layer lengths", _set("mlp_ratio", np.zeros(L + 1)),
     "array 'mlp_ratio' has shape [3], expected [2]"),
    ("per-layer ndim", _set("attn_sink", np.zeros((L, 1))),
     "array 'attn_sink' has shape [2, 1], expected [2]"),
    ("pairs 2-d", _set("gate_pairs", np.zeros((L, M))),
     "array 'gate_pairs' has shape [2, 3], expected [2, m ≤ 262144, 2]"),
    ("pairs not pairs", _set("gate_pairs", np.zeros((L, M, 3))),
     "array 'gate_pairs' has shape [2, 3, 3], expected [2, m ≤ 262144, 2]"),
    ("pairs layers", _set("gate_pairs", np.zeros((L + 1, M, 2))),
     "array 'gate_pairs' has shape [3, 3, 2], expected [2, m ≤ 262144, 2]"),
    ("edges 0-d", _set("hist_edges", np.float64(1.0)),
     "array 'hist_edges' has shape [], expected [bins + 1 ≥ 2]"),
    ("hist bins", _set("act_hist", np.zeros((L, BINS + 1))),
     "array 'act_hist' has shape [2, 5], expected [2, 4]"),
    ("acts neurons", _set("neuron_acts", np.zeros((L, TOKENS, M + 1))),
     "array 'neuron_acts' has shape [2, 5, 4], expected [2, tokens, 3]"),
    ("NaN", _poke("frac_closed", (1,), np.nan), "array 'frac_closed' holds infinite or NaN values"),
    ("inf pairs", _poke("gate_pairs", (0, 1, 0), np.inf), "array 'gate_pairs' holds infinite or NaN values"),
    ("-inf sink", _poke("attn_sink", (0,), -np.inf), "array 'attn_sink' holds infinite or NaN values"),
]


@pytest.mark.parametrize("mutate, why", [w[1:] for w in WRONG], ids=[w[0] for w in WRONG])
def test_arrays_of_the_wrong_kind_are_refused(run: Path, mutate: Callable[[dict[str, Any]], None],
                                             why: str) -> None:
    data = arrays()
    mutate(data)
    path = write(run, 20, data)
    steps, problems = read(run)
    assert steps == [10, 30]
    assert problems == [f"{path}: skipped ({why})"] or problems == [f"{path}: {why}"], problems


def test_object_arrays_are_never_unpickled(run: Path) -> None:
    path = write(run, 20, {**arrays(), "gate_pairs": np.array([{"x": 1}], dtype=object)})
    steps, problems = read(run)
    assert steps == [10, 30]
    assert problems == [f"could not read {path}: it holds Python objects, not only tensors and "
                        "plain data (refused for safety)"]


def test_nan_sink_and_whole_numbers_are_kept(run: Path) -> None:
    """NaN in attn_sink means "not measured" (stats.materialise writes it); integers are numbers."""
    data = {**arrays(20), "attn_sink": np.array([np.nan, 0.25]), "frac_neg": np.array([0, 1])}
    write(run, 20, data)
    steps, problems = read(run)
    assert steps == [10, 20, 30] and problems == []
    stats = dict(read_stats_history(run))[20]
    assert stats.frac_neg.dtype == np.float64 and stats.frac_neg.tolist() == [0.0, 1.0]
    assert np.isnan(stats.attn_sink[0]) and stats.attn_sink[1] == 0.25


def test_a_large_history_is_read_in_part_spread_over_the_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Thousands of entries (the writer keeps 120) or arrays past the byte budget: an even part,
    the first and latest entries included, instead of all of them."""
    monkeypatch.setattr(stats_history, "MAX_STATS_ENTRIES", 5)
    run = tmp_path / "run"
    for step in range(0, 1000, 25):
        write(run, step, arrays())
    steps, problems = read(run)
    assert steps == [0, 225, 475, 725, 975] and problems == []
    one = sum(a.nbytes for a in arrays().values())
    monkeypatch.setattr(stats_history, "MAX_HISTORY_BYTES", 3 * one)
    steps, problems = read(run)
    assert steps == [0, 475, 975]
    assert problems == [f"{entry_path(run, 225)}: not read, the entries read before it already "
                        f"hold {3 * one:,} bytes (a history may hold {3 * one:,})"]


def test_the_same_step_under_two_names_is_one_entry(run: Path) -> None:
    np.savez(run / "stats_history" / "step_0000030.npz", **arrays())
    assert stats_history.history_steps(run) == [10, 30]
    assert read(run) == ([10, 30], [])


def test_an_old_runs_hostile_stats_npz_gives_no_history(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runs_read, "STATS_CAP", 1 << 16)
    run = tmp_path / "old"
    run.mkdir()
    np.savez_compressed(run / "stats.npz", **{**arrays(), "neuron_acts": np.zeros((L, 64, 256))})
    steps, problems = read(run)
    assert steps == [] and len(problems) == 1 and "65,536 byte limit" in problems[0]
    np.savez(run / "stats.npz", **arrays(7))
    (run / "run.json").write_text('{"steps": 70}')
    history = read_stats_history(run)
    assert [s for s, _ in history] == [70]
    np.testing.assert_array_equal(history[0][1].gate_pairs, arrays(7)["gate_pairs"])


def test_stats_problem_takes_layer_stats_and_foreign_objects() -> None:
    good = LayerStats(**arrays())
    assert stats_problem(good) == ""
    assert stats_problem(dataclasses.replace(good, mlp_ratio=[0.1, [0.2]])) == (
        "array 'mlp_ratio' holds list, not real numbers")
    assert stats_problem(object()) == "array 'frac_neg' is missing"
    assert stats_problem({**arrays(), "gate_pairs": "text"}) == (
        "array 'gate_pairs' holds <U4, not real numbers")


def test_oversized_files_and_many_damaged_ones_cost_a_bounded_effort(
        run: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file larger than an entry may be is not opened as a zip (its directory could be of any
    size); a folder of thousands of damaged entries is tried a bounded number of times."""
    cap = entry_path(run, 10).stat().st_size + 1000
    monkeypatch.setattr(stats_history, "MAX_ENTRY_BYTES", cap)
    big = write(run, 20, {**arrays(), "neuron_acts": np.ones((L, 100, M))})
    steps, problems = read(run)
    assert steps == [10, 30] and problems == [f"{big}: larger than the {cap:,} bytes limit"]
    monkeypatch.setattr(stats_history, "MAX_STATS_ENTRIES", 2)
    junk = tmp_path / "junk"
    for step in range(20):
        write(junk, step, {}).write_bytes(b"garbage")
    steps, problems = read(junk)
    assert steps == [] and len(problems) == 4 * 2 + 1  # and stats.npz, missing too
    assert problems[-1].startswith(f"could not read {junk / 'stats.npz'}: no such file")
