"""Character-level corpora for the trainer: load, check, encode, split and sample batches.

Character-level keeps the lesson honest and self-contained: no tokenizer to download, a vocabulary
a learner can read, and a corpus shipped with gatelab (1 MB of Python's standard library, the same
text on every machine). Every failure a user can cause (missing, empty, binary, too short) raises a
``CorpusError`` whose message names the problem, so the GUI and the CLI can show it as it is.
"""

from __future__ import annotations

import hashlib
import os
import random
import stat
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch

from gatelab.core.fileio import FileReadError, read_bytes_capped
from gatelab.core.messages import GatelabError, Msg
from gatelab.paths import resources_dir

PYTHON_CORPUS_CHARS = 1_000_000  # "python" corpus: 1 MB of CPython 3.11.7's stdlib (shipped)
PYTHON_CORPUS_FILE = resources_dir() / "corpus" / "python_stdlib.txt"
PYTHON_CORPUS_SHA256 = "5af7af7aba6a186ac647a265dc03e6b52df5b85c969f971d25d34a788a04cde2"
GENERATED_CORPUS_CHARS = 60_000
MAX_FILE_BYTES = 512 * 1024 * 1024
VAL_FRACTION = 0.1
#: Distinct characters a corpus may hold: ids then fit in uint16 (and the embedding stays sane).
MAX_VOCAB = 65_535
ENCODE_CHUNK = 1 << 20  # characters encoded at a time
UTF8_BOM = b"\xef\xbb\xbf"
# UTF-32 first: its little-endian BOM begins with UTF-16's
WIDE_BOMS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
             (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))


class CorpusError(GatelabError):
    """The corpus cannot be used; the message says why (missing, empty, binary, too short …)."""


@dataclass(frozen=True)
class CorpusInfo:
    name: str  # "python", "generated" or the file name
    source: str  # the path or the description of where the text came from
    chars: int
    bytes: int
    vocab_size: int
    provenance: str  # one readable sentence about where the text came from

    def to_dict(self) -> dict[str, object]:
        return dict(self.__dict__)


class Vocab:
    """Sorted characters of a corpus; ``encode`` maps characters it does not know sensibly."""

    def __init__(self, chars: str) -> None:
        if not chars:
            raise CorpusError(Msg("corpus.vocab_empty"))
        self.chars = "".join(sorted(set(chars)))
        if len(self.chars) > MAX_VOCAB:
            raise CorpusError(Msg("corpus.vocab_large", {"n": len(self.chars),
                                                         "maximum": MAX_VOCAB}))
        self.stoi = {c: i for i, c in enumerate(self.chars)}
        # unknown characters become a space when the corpus has one, else the first character
        self.unknown_id = self.stoi.get(" ", 0)

    def __len__(self) -> int:
        return len(self.chars)

    def encode(self, text: str) -> list[int]:
        get, unk = self.stoi.get, self.unknown_id
        return [get(c, unk) for c in text]

    def decode(self, ids: list[int] | torch.Tensor) -> str:
        if isinstance(ids, torch.Tensor):
            ids = ids.tolist()
        return "".join(self.chars[i] for i in ids)


@dataclass
class Corpus:
    text: str
    vocab: Vocab
    info: CorpusInfo


def _read_text_file(path: Path) -> str:
    """The UTF-8 text of a regular file of at most ``MAX_FILE_BYTES`` (a UTF-8 BOM dropped).

    Read by ``fileio.read_bytes_capped`` (a FIFO or a device is refused without blocking; one
    buffer, no second copy; the cap counts the bytes actually read, so a file that grows while it
    is read is refused too), with its first MB checked before the rest is read: a 300 MB file of
    NUL bytes used to be read whole, twice its size in memory, only to be refused as binary."""
    try:  # a regular file's size is known: refuse a huge one before reading 512 MB of it
        st = path.stat()
        if stat.S_ISREG(st.st_mode) and st.st_size > MAX_FILE_BYTES:
            raise CorpusError(Msg("corpus.too_large", {"size": st.st_size,
                                                           "limit": MAX_FILE_BYTES, "path": path}))
    except OSError:
        pass  # missing or unreadable: open_regular names the reason
    try:
        raw = read_bytes_capped(path, MAX_FILE_BYTES, str(path),
                                check_head=lambda head: _check_head(head, path))
    except FileReadError as exc:
        key = exc.msg.key
        if key == "file.missing":
            raise CorpusError(Msg("corpus.not_found", {"path": path})) from None
        if key == "file.is_folder":
            raise CorpusError(Msg("corpus.is_folder", {"path": path})) from None
        if key == "file.too_large":  # it grew while read: its size now, at least what was read
            raise CorpusError(Msg("corpus.too_large", {"size": max(_size(path), MAX_FILE_BYTES + 1),
                                                       "limit": MAX_FILE_BYTES, "path": path})) from None
        raise CorpusError(Msg("corpus.cannot_use", {"reason": exc.msg})) from None
    bom = len(UTF8_BOM) if raw.startswith(UTF8_BOM) else 0  # Notepad's UTF-8 mark: not text
    try:
        text = raw.decode("utf-8-sig" if bom else "utf-8")
    except UnicodeDecodeError as exc:  # (the offset counts from the file's first byte)
        raise CorpusError(Msg("corpus.not_utf8", {"offset": exc.start + bom,
                                                  "path": path})) from None
    del raw
    if not text:
        raise CorpusError(Msg("corpus.empty", {"path": path}))
    if text.isspace():  # isspace: no copy of a large text, unlike strip()
        raise CorpusError(Msg("corpus.blank", {"path": path}))
    return text


def _check_head(head: bytearray, path: Path) -> None:
    """Refuse from the first MB alone: an empty file, UTF-16 or UTF-32 text (by its BOM: it is
    full of NUL bytes, but "binary" would send the user looking for the wrong problem), and a
    binary file (a NUL byte)."""
    if not head:
        raise CorpusError(Msg("corpus.empty", {"path": path}))
    for bom, encoding in WIDE_BOMS:
        if head.startswith(bom):
            raise CorpusError(Msg("corpus.wide_text", {"encoding": encoding, "path": path}))
    if 0 in head:
        encoding = _wide_without_bom(head)
        if encoding:
            raise CorpusError(Msg("corpus.wide_text", {"encoding": encoding, "path": path}))
        raise CorpusError(Msg("corpus.binary", {"path": path}))


def _wide_without_bom(head: bytearray) -> str:
    """"UTF-16" or "UTF-32" when ``head`` reads as mostly-ASCII wide text saved without a BOM
    (what PowerShell's ``>`` and many Windows tools write): the NUL bytes then sit at fixed
    places, one byte of every 2 (or 3 of every 4), and nowhere else; else "". A binary file's
    NUL bytes fall anywhere."""
    a = np.frombuffer(memoryview(head)[:len(head) // 4 * 4], dtype=np.uint8)
    if a.size < 8:
        return ""
    zero4 = (a == 0).reshape(-1, 4).mean(axis=0)  # share of NUL bytes at each place mod 4
    for text_at in (0, 3):  # little-endian: the text byte first; big-endian: last
        others = [zero4[i] for i in range(4) if i != text_at]
        if min(others) > 0.95 and zero4[text_at] < 0.05:
            return "UTF-32"
    zero2 = (a == 0).reshape(-1, 2).mean(axis=0)
    if max(zero2) > 0.5 and min(zero2) < 0.02:
        return "UTF-16"
    return ""


def _size(path: Path) -> int:
    """The size ``path`` says it has, 0 when it cannot be asked."""
    try:
        return path.stat().st_size
    except OSError:
        return 0


def utf8_size(text: str) -> int:
    """Bytes of ``text`` in UTF-8, without a full encoded copy (chunked; O(1) for ASCII)."""
    if text.isascii():
        return len(text)
    return sum(len(text[i:i + ENCODE_CHUNK].encode("utf-8"))
               for i in range(0, len(text), ENCODE_CHUNK))


def _code_points(chunk: str) -> np.ndarray:
    """Code points of ``chunk`` as a numpy array (uint8 for ASCII, else uint32)."""
    if chunk.isascii():
        return np.frombuffer(chunk.encode("ascii"), dtype=np.uint8)
    return np.frombuffer(chunk.encode("utf-32-le"), dtype=np.uint32)


def distinct_chars(text: str) -> str:
    """The sorted distinct characters of ``text``, counted chunk by chunk with numpy.

    Why not ``set(text)``: for a 200 MB corpus that walks 200 M one-character strings; a
    bincount over code points is ~50× faster and needs only one chunk in memory at a time."""
    seen = np.zeros(0x110000, dtype=bool)
    for start in range(0, len(text), ENCODE_CHUNK):
        cps = _code_points(text[start:start + ENCODE_CHUNK])
        seen[np.unique(cps) if len(cps) < 4096 else np.flatnonzero(np.bincount(cps))] = True
    return "".join(map(chr, np.flatnonzero(seen).tolist()))


def encode_array(text: str, vocab: Vocab) -> np.ndarray:
    """``text`` as vocabulary ids in the smallest array type (uint8 up to 256 symbols, else
    uint16), encoded chunk by chunk: a 200 MB corpus costs its own size again, not 18×.
    Characters missing from ``vocab`` map to its unknown id, as ``Vocab.encode`` does."""
    dtype = np.uint8 if len(vocab) <= 256 else np.uint16
    lut = np.full(0x110000, vocab.unknown_id, dtype=dtype)
    lut[np.fromiter(map(ord, vocab.chars), dtype=np.int64, count=len(vocab))] = np.arange(
        len(vocab), dtype=dtype)
    out = np.empty(len(text), dtype=dtype)
    for start in range(0, len(text), ENCODE_CHUNK):
        cps = _code_points(text[start:start + ENCODE_CHUNK])
        out[start:start + len(cps)] = lut[cps]
    return out


def python_corpus_text() -> tuple[str, str]:
    """(text, provenance) of the built-in "python" corpus: 1,000,000 characters of CPython
    3.11.7's standard library, shipped in resources/corpus (licence and provenance beside it).

    Why shipped, not read from the running interpreter: the host's standard library differs
    between Python versions, so the same settings would train on different text. The file's
    SHA-256 is checked; a changed or missing file is a CorpusError, never a silent new corpus."""
    path = PYTHON_CORPUS_FILE
    try:
        raw = read_bytes_capped(path, 2 * PYTHON_CORPUS_CHARS, what=str(path))
    except FileReadError as exc:
        raise CorpusError(Msg("corpus.builtin_missing", {"reason": exc.msg})) from None
    digest = hashlib.sha256(raw).hexdigest()
    if digest != PYTHON_CORPUS_SHA256:
        raise CorpusError(Msg("corpus.builtin_changed", {"path": path, "digest": digest[:12],
                                                          "expected": PYTHON_CORPUS_SHA256[:12]}))
    text = raw.decode("utf-8")
    prov = Msg("corpus.prov_python", {"chars": len(text), "digest": PYTHON_CORPUS_SHA256[:12]})
    return text, prov


_NAMES = ("gate", "up", "down", "x", "h", "norm", "attn", "proj", "silu", "relu", "act", "out")


def generated_text(chars: int = GENERATED_CORPUS_CHARS, seed: int = 1234) -> str:
    """A small deterministic corpus of Python-like lines with learnable structure (for tests, demos)."""
    rng = random.Random(seed)
    lines: list[str] = []
    total = 0
    while total < chars:
        a, b = rng.choice(_NAMES), rng.choice(_NAMES)
        n = rng.randrange(10)
        kind = rng.randrange(4)
        if kind == 0:
            block = f"def {a}_{n}(x):\n    return silu({a}_proj(x)) * {b}_proj(x)\n\n"
        elif kind == 1:
            block = f"{a} = {b}_{n} + {n} * x\n"
        elif kind == 2:
            block = f"for i in range({n}):\n    {a} = relu({b}(i))\n"
        else:
            block = f"# the {a} writes a small correction to {b}\n"
        lines.append(block)
        total += len(block)
    return "".join(lines)[:chars]


def load_corpus(spec: str) -> Corpus:
    """Load ``"python"``, ``"generated"`` or a UTF-8 text file path; raise ``CorpusError`` if unusable."""
    if not isinstance(spec, str) or not spec.strip():
        raise CorpusError(Msg("corpus.none"))
    if spec == "python":
        text, prov = python_corpus_text()
        name, source = "python", str(PYTHON_CORPUS_FILE)
    elif spec == "generated":
        text = generated_text()
        name, source = "generated", "gatelab.core.data.generated_text(seed=1234)"
        prov = Msg("corpus.prov_generated", {"chars": len(text)})
    else:
        path = Path(os.path.expanduser(spec))
        text = _read_text_file(path)
        name, source = path.name, str(path.resolve())
        prov = Msg("corpus.prov_file", {"path": str(path.resolve())})
    vocab = Vocab(distinct_chars(text))
    info = CorpusInfo(name=name, source=source, chars=len(text),
                      bytes=utf8_size(text), vocab_size=len(vocab), provenance=prov)
    return Corpus(text=text, vocab=vocab, info=info)


def check_length(chars: int, block_size: int) -> None:
    """Raise ``CorpusError`` when ``chars`` characters cannot hold one block + 1 for training
    and one for validation (the GUI checks this as soon as a corpus or block size is chosen)."""
    need = 2 * (block_size + 1)
    if chars < need:
        raise CorpusError(Msg("corpus.too_short", {"chars": chars, "block": block_size,
                                                    "need": need}))


def split(corpus: Corpus, block_size: int) -> tuple[torch.Tensor, torch.Tensor]:
    """Encode and split 90/10 into (train, val) id tensors (uint8 or uint16: ``BatchSampler``
    widens each batch to int64); each must hold one block + 1."""
    n = len(corpus.text)
    check_length(n, block_size)
    n_val = max(int(n * VAL_FRACTION), block_size + 1)
    ids = torch.from_numpy(encode_array(corpus.text, corpus.vocab))  # uint8/uint16, no copy
    return ids[: n - n_val], ids[n - n_val:]


class BatchSampler:
    """Random contiguous (x, y) windows from a 1-D id tensor; its generator state can be saved."""

    def __init__(self, data: torch.Tensor, block_size: int, batch_size: int, seed: int,
                 device: torch.device | str = "cpu") -> None:
        self.windows = data.unfold(0, block_size + 1, 1)  # [N - T, T + 1] view, no copy
        self.batch_size = batch_size
        self.device = torch.device(device)
        self.generator = torch.Generator().manual_seed(seed)
        self._pin = self.device.type == "cuda"
        self.last: torch.Tensor | None = None  # x of the latest batch (a checkpoint's stats pass)

    def next(self) -> tuple[torch.Tensor, torch.Tensor]:
        ix = torch.randint(self.windows.shape[0], (self.batch_size,), generator=self.generator)
        w = self.windows[ix]  # [B, T + 1], the corpus's compact id type
        if self._pin:
            w = w.pin_memory().to(self.device, non_blocking=True)
        elif self.device.type != "cpu":
            w = w.to(self.device)
        w = w.long()  # embedding and cross-entropy take int64 (after the copy: 8× less to move)
        self.last = w[:, :-1]
        return self.last, w[:, 1:]

    def peek(self) -> torch.Tensor:
        """x of the batch ``next`` returns next, leaving the generator where it was (the run's
        batches are unchanged). Why: a resumed run measures its checkpoint's statistics
        (``engine_resume.fill_history``) before its first step, and the batch of the step it
        resumes from cannot be drawn again."""
        state = self.generator.get_state()
        try:
            return self.next()[0]
        finally:
            self.generator.set_state(state)

    def get_state(self) -> torch.Tensor:
        return self.generator.get_state()

    def set_state(self, state: torch.Tensor) -> None:
        self.generator.set_state(state)
