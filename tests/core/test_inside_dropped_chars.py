"""Characters a tokenizer without an unk token drops: no token stands for them, so the numbers
describe the text without them, and the user must be told (probe s21: "I flew to Zürich, Köln &
München" lost Z, ü, the comma, K, ö, & and M with exit 0 and no note).

The tokenizers are plain BPE models trained here on a small corpus (with and without an unk
token), saved beside a tiny random Llama; nothing is downloaded. The reference for "dropped" is
independent of gatelab's search: the decoded ids, which hold every character a token stands for.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import torch

pytest.importorskip("transformers")

from gatelab.core.inside.hf_source import HfModel, trace_hf  # noqa: E402
from gatelab.core.inside.unknown_chars import hf_dropped_chars  # noqa: E402
from gatelab.inspect_cli import main  # noqa: E402
from tests.core.inside_helpers import save_tokenizer  # noqa: E402

TEXT = "I flew to Zürich, Köln & München"
DROPPED = ("Z", "ü", ",", "K", "ö", "&", "M")
CORPUS = ["I flew from Paris to Tokyo and then back to Paris.",
          "the quick brown fox jumps over the lazy dog"] * 20


def _bpe(unk: str | None) -> Any:
    """A BPE tokenizer that splits on whitespace and punctuation and knows only the corpus's
    characters; ``unk``: its unk token, or None (the tokenizers library then drops the rest)."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast
    tok = Tokenizer(models.BPE(unk_token=unk))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.decoder = decoders.BPEDecoder()
    specials = ["<s>", "</s>", "<pad>"] + ([unk] if unk else [])
    tok.train_from_iterator(CORPUS, trainers.BpeTrainer(vocab_size=200, special_tokens=specials))
    return PreTrainedTokenizerFast(tokenizer_object=tok, bos_token="<s>", eos_token="</s>",
                                   pad_token="<pad>", **({"unk_token": unk} if unk else {}))


def _folder(root: Path, unk: str | None) -> Path:
    from transformers import AutoModelForCausalLM, LlamaConfig
    folder = root / ("with_unk" if unk else "no_unk")
    folder.mkdir(parents=True)
    _bpe(unk).save_pretrained(folder)
    torch.manual_seed(0)
    config = LlamaConfig(vocab_size=200, hidden_size=32, intermediate_size=48,
                         num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                         max_position_embeddings=128, bos_token_id=0, eos_token_id=1,
                         pad_token_id=2)
    AutoModelForCausalLM.from_config(config).save_pretrained(folder, safe_serialization=True)
    return folder


@pytest.fixture(scope="module")
def folders(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("dropped")
    return {"no_unk": _folder(root, None), "with_unk": _folder(root, "<unk>")}


def _lost(tokenizer: Any, text: str) -> set[str]:
    """The reference: non-space characters of ``text`` missing from its decoded ids."""
    kept = tokenizer.decode(tokenizer(text)["input_ids"], skip_special_tokens=True)
    return {c for c in text if not c.isspace() and c not in kept}


def test_characters_no_token_stands_for_are_named_in_order() -> None:
    tok = _bpe(None)
    assert tok.unk_token_id is None
    assert _lost(tok, TEXT) == set(DROPPED)  # what the probe saw
    assert hf_dropped_chars(tok, TEXT) == DROPPED
    assert hf_dropped_chars(tok, "I flew to Paris") == ()  # spaces are dropped by design


def test_a_tokenizer_with_an_unk_token_or_byte_level_drops_nothing(tmp_path: Path) -> None:
    from transformers import AutoTokenizer
    assert hf_dropped_chars(_bpe("<unk>"), TEXT) == ()  # read as <unk> instead (flagged there)
    save_tokenizer(tmp_path)
    byte_level = AutoTokenizer.from_pretrained(tmp_path)
    assert _lost(byte_level, TEXT + " 你好 🙂") == set()
    assert hf_dropped_chars(byte_level, TEXT + " 你好 🙂") == ()


def test_a_special_token_typed_in_the_text_is_not_dropped() -> None:
    tok = _bpe(None)  # "<" and ">" are not in its alphabet, but "<s>" is a token of its own
    assert tok.convert_tokens_to_ids("<s>") in tok("a <s> b")["input_ids"]
    assert hf_dropped_chars(tok, "the <s> fox") == ()
    assert hf_dropped_chars(tok, "the <x> fox") == ("<", ">")


def test_a_trace_carries_the_dropped_characters(folders: dict[str, Path]) -> None:
    trace = trace_hf(folders["no_unk"], TEXT, device="cpu")
    assert trace.dropped_chars == DROPPED
    assert trace.unknown == () and trace.unknown_chars == ()  # nothing was read as <unk>
    clean = trace_hf(folders["no_unk"], "I flew to Paris", device="cpu")
    assert clean.dropped_chars == ()
    unk = HfModel(folders["with_unk"], device="cpu").trace(TEXT)
    assert unk.dropped_chars == () and unk.unknown_as == "<unk>"
    assert set(unk.unknown_chars) == set(DROPPED)


def test_inspect_writes_and_notes_the_dropped_characters(
        folders: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.json"
    assert main([str(folders["no_unk"]), "--text", TEXT, "--device", "cpu",
                 "--json", str(out)]) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["unknown_chars"] == list(DROPPED)
    assert result["dropped_chars"] == list(DROPPED)
    assert result["unknown_tokens"] == [] and result["unknown_read_as"] is None
    assert result["unknown_in"] == "model"
    err = capsys.readouterr().err
    assert ("note: 7 characters of the text ('Z', 'ü', ',', 'K', 'ö', …) are not in this "
            "model's vocabulary and were dropped by its tokenizer") in err
    assert main([str(folders["no_unk"]), "--text", "I flew to Paris", "--device", "cpu",
                 "--json", str(out)]) == 0
    assert "dropped_chars" not in json.loads(out.read_text(encoding="utf-8"))
    assert "dropped" not in capsys.readouterr().err
