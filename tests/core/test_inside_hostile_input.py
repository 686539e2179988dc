"""Hostile input to the inside-the-model sources and gatelab-inspect: text that is not Unicode,
weights that miss tensors, memory for the real token count, oversized tokenizer files, NaN
weights, outputs inside the analysed folder. Each gives one clear line (exit 2), never a
traceback, a silent random model, or a 0 % that hides a NaN."""

from __future__ import annotations

import re

import json
import shutil
import warnings
from pathlib import Path

import pytest
import torch

pytest.importorskip("transformers")

from gatelab.core.inside import hf_check  # noqa: E402
from gatelab.core.inside.errors import InsideError  # noqa: E402
from gatelab.core.inside.hf_source import HfModel, trace_hf  # noqa: E402
from gatelab.core.inside.run_source import check_text  # noqa: E402
from gatelab.inspect_cli import main  # noqa: E402
from tests.core.inside_helpers import save_hf_model, save_tokenizer, train_tiny_run  # noqa: E402

torch.set_num_threads(1)
NOT_UTF8 = b"ab\xff\xfecd".decode("utf-8", "surrogateescape")  # what argv holds for such bytes


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hostile_run") / "run"
    train_tiny_run(path, steps=4)
    return path


@pytest.fixture(scope="module")
def llama(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return save_hf_model(tmp_path_factory.mktemp("hostile_hf") / "llama", "llama")


def _copy(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst)
    return dst


def _one_error_line(capsys: pytest.CaptureFixture[str], *needles: str) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("gatelab-inspect: error:"), err
    for needle in needles:
        assert needle in err, err
    return err


def test_check_text_refuses_surrogates_and_keeps_real_unicode() -> None:
    with pytest.raises(InsideError, match="2 character.*not valid Unicode.*position 2"):
        check_text(NOT_UTF8, 100)
    with pytest.raises(InsideError, match="position 1"):
        check_text("a\ud800b", 100)  # a lone surrogate typed into the GUI's text box
    assert check_text("café 東京 🙂", 100) == "café 東京 🙂"


@pytest.mark.parametrize("source", ["run", "llama"])
def test_inspect_text_that_is_not_utf8(source: str, run: Path, llama: Path, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    folder = {"run": run, "llama": llama}[source]
    out = tmp_path / "o.json"
    assert main([str(folder), "--text", NOT_UTF8, "--device", "cpu", "--json", str(out)]) == 2
    _one_error_line(capsys, "not valid Unicode")
    assert not out.exists()


@pytest.mark.skipif(torch.backends.mps.is_available(), reason="this machine has MPS")
def test_mps_on_a_model_folder_is_refused_clearly(llama: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(llama), "--text", "ab", "--device", "mps",
                 "--json", str(tmp_path / "o.json")]) == 2
    _one_error_line(capsys, "MPS is not available")


def test_huge_eps_gives_no_overflow_warning(run: Path, tmp_path: Path) -> None:
    out = tmp_path / "o.json"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # numpy's "overflow encountered in cast" would raise
        assert main([str(run), "--text", "abc", "--eps", "1e308", "--json", str(out)]) == 0
    layers = json.loads(out.read_text())["layers"]
    assert [row["frac_closed"] for row in layers] == [1.0, 1.0]  # every |act(g)| < 1e308


@pytest.mark.parametrize("name", ["ckpt.pt", "config.json", "new.json", "sub/../other.json"])
def test_json_inside_the_source_is_refused(run: Path, name: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    before = {p.name: p.read_bytes() for p in run.iterdir() if p.is_file()}
    assert main([str(run), "--text", "ab", "--json", str(run / name)]) == 2
    _one_error_line(capsys, "the folder being analysed")
    assert {p.name: p.read_bytes() for p in run.iterdir() if p.is_file()} == before


def test_json_in_a_folder_that_cannot_take_files(run: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(run), "--text", "ab", "--json", str(tmp_path / "nodir" / "o.json")]) == 2
    _one_error_line(capsys, "no folder")
    assert main([str(run), "--text", "ab", "--json", "/proc/version"]) == 2
    err = _one_error_line(capsys, "no file can be created in /proc")
    assert err.count("cannot write") == 1  # once, not "cannot write X: cannot write X"
    assert main([str(run), "--text", "ab", "--json", "/proc/self/status"]) == 2
    err = _one_error_line(capsys, "no file can be created in /proc/self")
    assert "No such file" not in err  # (probe s19 P6: the folder is there)


def test_weights_missing_a_layer_are_refused(llama: Path, tmp_path: Path) -> None:
    from safetensors.torch import load_file, save_file
    folder = _copy(llama, tmp_path / "m")
    tensors = load_file(str(folder / "model.safetensors"))
    dropped = [k for k in tensors if k.startswith("model.layers.1.mlp.")]
    assert len(dropped) == 3
    save_file({k: v for k, v in tensors.items() if k not in dropped},
              str(folder / "model.safetensors"), metadata={"format": "pt"})
    with pytest.raises(InsideError, match="lack 3 of the model's tensors.*model.layers.1.mlp"):
        trace_hf(folder, "ab", device="cpu")


def test_a_bad_config_is_not_blamed_on_the_tokenizer(llama: Path, tmp_path: Path) -> None:
    folder = _copy(llama, tmp_path / "m")
    cfg = json.loads((folder / "config.json").read_text())
    cfg["rope_scaling"] = "not a mapping"
    (folder / "config.json").write_text(json.dumps(cfg))
    with pytest.raises(InsideError) as info:
        trace_hf(folder, "ab", device="cpu")
    assert "config.json is not a valid model configuration" in str(info.value)
    assert "tokenizer" not in str(info.value)


def test_oversized_tokenizer_file_is_refused_before_loading(
        llama: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _copy(llama, tmp_path / "m")
    size = (folder / "tokenizer.json").stat().st_size
    monkeypatch.setitem(hf_check.SIDE_FILES, "tokenizer.json", size - 1)
    with pytest.raises(InsideError, match=r"tokenizer\.json: .* is larger than"):
        hf_check.check_hf_folder(folder, device="cpu")
    monkeypatch.setitem(hf_check.SIDE_FILES, "tokenizer.json", size)
    assert hf_check.check_hf_folder(folder, device="cpu")["tokenizer"] == ["tokenizer.json"]


def _long_context_model(folder: Path, max_pos: int) -> Path:
    from transformers import AutoModelForCausalLM, LlamaConfig
    torch.manual_seed(0)
    cfg = LlamaConfig(vocab_size=320, hidden_size=32, intermediate_size=48, num_hidden_layers=2,
                      num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=max_pos)
    AutoModelForCausalLM.from_config(cfg).save_pretrained(folder)
    save_tokenizer(folder)
    return folder


def test_memory_is_checked_for_the_real_token_count(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The load-time estimate assumes 512 tokens; a 2,000-token text needs ~16× more for the
    attention weights alone, so it is checked again, per text, before the pass."""
    folder = _long_context_model(tmp_path / "long", 4096)
    free = int(hf_check.trace_bytes(2, 32, 48, 4, 512) / hf_check.HEADROOM) + 4_000_000
    monkeypatch.setattr(hf_check, "available_bytes", lambda _device: free)
    model = HfModel(folder, device="cpu")  # fits: weights + 512-token activations
    short = model.trace("the food was not bad at all")
    assert len(short.tokens) < 20 and len(short.layers) == 2
    text = "Paris to Tokyo " * 250
    n = len(model.encode(text, special=True))
    assert 1500 < n <= 4096
    assert hf_check.trace_bytes(2, 32, 48, 4, n) > hf_check.HEADROOM * free
    with pytest.raises(InsideError, match=f"tracing {n:,} tokens needs about .* shorten the text"):
        model.trace(text)


def test_negative_max_positions_do_not_become_the_limit(tmp_path: Path) -> None:
    folder = _long_context_model(tmp_path / "neg", 64)
    cfg = json.loads((folder / "config.json").read_text())
    cfg["max_position_embeddings"] = -5
    (folder / "config.json").write_text(json.dumps(cfg))
    model = HfModel(folder, device="cpu")
    assert model.max_tokens == 4096 and model.max_len == 256
    assert len(model.trace("ab cd").layers) == 2


def test_nan_weights_give_null_shares_and_a_note(run: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy(run, tmp_path / "nanrun")
    ckpt = torch.load(folder / "ckpt.pt", weights_only=True)
    state = ckpt["model"] if "model" in ckpt else ckpt
    state["blocks.1.mlp.gate_proj.weight"][0, 0] = float("nan")  # layer 0 stays finite
    torch.save(ckpt, folder / "ckpt.pt")
    out = tmp_path / "o.json"
    assert main([str(folder), "--text", "abc", "--json", str(out)]) == 0
    rows = json.loads(out.read_text())["layers"]
    assert rows[1]["frac_neg"] is None and rows[1]["frac_closed"] is None
    assert rows[0]["frac_neg"] is not None and 0.0 <= rows[0]["frac_neg"] <= 1.0
    assert "not finite" in capsys.readouterr().err


# -- second probe: sizes from config.json, weights of the wrong kind, hostile tokenizers --------
def _edit_config(folder: Path, **changes: object) -> None:
    cfg = json.loads((folder / "config.json").read_text())
    cfg.update(changes)
    (folder / "config.json").write_text(json.dumps(cfg))


def test_memory_estimate_counts_the_sizes_config_json_asks_for(
        llama: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """transformers allocates what config.json describes before it compares the files: a
    vocab_size of 10⁷ must be refused on its own (2.6 GB of embeddings), not built."""
    folder = _copy(llama, tmp_path / "m")
    _edit_config(folder, vocab_size=10_000_000)
    monkeypatch.setattr(hf_check, "available_bytes", lambda _device: 1 << 30)
    with pytest.raises(InsideError, match=r"needs about .*\(640,0\d\d,\d{3} parameters"):
        hf_check.check_hf_folder(folder, device="cpu")


def test_weights_of_another_shape_than_the_config_are_named(llama: Path, tmp_path: Path) -> None:
    folder = _copy(llama, tmp_path / "m")
    _edit_config(folder, intermediate_size=40)
    with pytest.raises(InsideError) as info:
        trace_hf(folder, "ab", device="cpu")
    text = str(info.value)
    # 2 layers × gate/up/down: all six named by their count, two by name (walkthrough s13)
    assert ": 6 of the weight files' tensors do not fit config.json, for example " in text
    assert "model.layers.0.mlp.down_proj.weight is 32×48 in the file, 32×40 by config.json" in text


@pytest.mark.parametrize("dtype", [torch.bool, torch.int32, torch.uint8])
def test_weights_that_are_not_floating_point_are_refused(llama: Path, tmp_path: Path,
                                                         dtype: torch.dtype) -> None:
    from safetensors.torch import load_file, save_file
    folder = _copy(llama, tmp_path / "m")
    tensors = load_file(str(folder / "model.safetensors"))
    name = "model.layers.0.mlp.up_proj.weight"
    tensors[name] = tensors[name].to(dtype)
    save_file(tensors, str(folder / "model.safetensors"), metadata={"format": "pt"})
    with pytest.raises(InsideError, match=f"{name} holds .* not floating-point weights"):
        hf_check.check_hf_folder(folder, device="cpu")


def test_an_unknown_activation_is_refused_before_the_weights_load(
        llama: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from transformers import AutoModelForCausalLM
    folder = _copy(llama, tmp_path / "m")
    _edit_config(folder, hidden_act="foo")

    def never(*_a: object, **_k: object) -> None:
        raise AssertionError("the weights were loaded")

    monkeypatch.setattr(AutoModelForCausalLM, "from_pretrained", never)
    with pytest.raises(InsideError, match="MLP activation 'foo' has no gate variant"):
        HfModel(folder, device="cpu")


def _tokenizer_with_normalizer(folder: Path, normalizer: dict[str, object]) -> None:
    tok = json.loads((folder / "tokenizer.json").read_text())
    tok["normalizer"] = normalizer
    (folder / "tokenizer.json").write_text(json.dumps(tok))


def test_a_tokenizer_that_multiplies_the_text_is_refused_early(llama: Path,
                                                               tmp_path: Path) -> None:
    folder = _copy(llama, tmp_path / "m")
    _tokenizer_with_normalizer(folder, {"type": "Replace", "pattern": {"String": "a"},
                                        "content": "Ġ" * 2000})
    model = HfModel(folder, device="cpu")
    with pytest.raises(InsideError, match="turns 8 characters into [\\d,]+ tokens"):
        model.trace("a" * 5000)  # refused on its first 8 characters, not after 10⁷ tokens


def test_a_tokenizer_that_panics_is_one_line(llama: Path, tmp_path: Path,
                                             capfd: pytest.CaptureFixture[str]) -> None:
    """A regex normalizer that exceeds the regex engine's retry limit panics in Rust (a
    BaseException, with a backtrace printed to fd 2 when RUST_BACKTRACE is set)."""
    folder = _copy(llama, tmp_path / "m")
    _tokenizer_with_normalizer(folder, {"type": "Replace", "pattern": {"Regex": "(a+)+$"},
                                        "content": "b"})
    out = tmp_path / "o.json"
    assert main([str(folder), "--text", "a" * 117 + "c", "--device", "cpu",
                 "--json", str(out)]) == 2
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and "the tokenizer failed on this text" in err, err


def test_run_weights_that_are_not_floating_point_and_runs_without_a_checkpoint(
        run: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = _copy(run, tmp_path / "intrun")
    ckpt = torch.load(folder / "ckpt.pt", weights_only=True)
    ckpt["model"]["tok_emb.weight"] = ckpt["model"]["tok_emb.weight"].to(torch.int64)
    torch.save(ckpt, folder / "ckpt.pt")
    assert main([str(folder), "--text", "abc", "--json", str(tmp_path / "o.json")]) == 2
    _one_error_line(capsys, "tok_emb.weight holds torch.int64 numbers")
    (folder / "ckpt.pt").unlink()
    assert main([str(folder), "--text", "abc", "--json", str(tmp_path / "o.json")]) == 2
    _one_error_line(capsys, "this run has no checkpoint (ckpt.pt) yet")


@pytest.mark.parametrize("argv, message", [
    (["", "--text", "a", "--json", "o.json"], "SOURCE is empty"),
    (["{run}", "--text", "a", "--json", ""], "--json is empty"),
])
def test_empty_paths_are_refused(run: Path, argv: list[str], message: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(run) if a == "{run}" else a for a in argv]) == 2
    _one_error_line(capsys, message)


# -- third probe: a tokenizer from another model, nonsense RoPE settings -----------------------
def test_token_ids_beyond_the_embedding_are_refused_before_the_pass(llama: Path,
                                                                    tmp_path: Path) -> None:
    folder = _copy(llama, tmp_path / "m")
    tok = json.loads((folder / "tokenizer.json").read_text())
    vocab = tok["model"]["vocab"]
    piece = next(p for p, i in vocab.items() if p == "h")
    vocab[piece] = 500  # the model has 320 embeddings
    (folder / "tokenizer.json").write_text(json.dumps(tok))
    with pytest.raises(InsideError, match="gives token id 500 but the model has 320 embeddings"):
        trace_hf(folder, "h h", device="cpu")


@pytest.mark.parametrize("rope, name", [
    ({"rope_type": "linear", "factor": -1.0, "rope_theta": 10000.0}, "rope_parameters.factor"),
    ({"rope_type": "default", "rope_theta": 0.0}, "rope_parameters.rope_theta"),
    ({"rope_type": "default", "rope_theta": "big"}, "rope_parameters.rope_theta"),
])
def test_nonsense_rope_settings_are_refused(llama: Path, tmp_path: Path, rope: dict[str, object],
                                            name: str) -> None:
    folder = _copy(llama, tmp_path / "m")
    _edit_config(folder, rope_parameters=rope)
    with pytest.raises(InsideError, match=f"config.json's {name} is .* finite number above 0"):
        hf_check.check_hf_folder(folder, device="cpu")


def test_real_rope_settings_pass(llama: Path, tmp_path: Path) -> None:
    folder = _copy(llama, tmp_path / "m")
    _edit_config(folder, rope_parameters={"rope_type": "llama3", "factor": 8.0,
                                          "rope_theta": 500000.0, "low_freq_factor": 1.0,
                                          "high_freq_factor": 4.0,
                                          "original_max_position_embeddings": 64})
    assert hf_check.check_hf_folder(folder, device="cpu")["model_type"] == "llama"


def test_a_config_inflating_one_size_is_refused_before_it_is_built(
        llama: Path, tmp_path: Path) -> None:
    """head_dim 3,000,000 beside a tiny checkpoint: transformers built the config's 9.4 GB
    model before it compared the files (28 s, or torch's raw allocator error); a skeleton on
    the meta device now finds the shapes that do not fit, before anything is allocated."""
    import resource
    import time

    folder = _copy(llama, tmp_path / "m")
    _edit_config(folder, head_dim=3_000_000)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    start = time.perf_counter()
    with pytest.raises(InsideError) as info:
        trace_hf(folder, "ab", device="cpu")
    took = time.perf_counter() - start
    grew = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    text = str(info.value)
    assert "of the weight files' tensors do not fit config.json, for example " in text
    assert re.search(r"is \d+×32 in the file, \d{7,}×32 by config.json", text), text
    assert grew < 500_000, f"peak memory grew by {grew} KiB"  # the model was 9.4 GB
    assert took < 20, took


def test_the_memory_refusal_suggests_bf16_only_where_it_would_fit(
        llama: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """"try bf16" was said of a model needing 66.7 TB in bf16 too (probe s16)."""
    info = hf_check.check_hf_folder(llama, device="cpu")
    fp32, acts = info["weight_bytes"], info["activation_bytes"]
    between = (fp32 // 2 + acts + fp32 + acts) // 2  # bf16 fits, float32 does not
    monkeypatch.setattr(hf_check, "available_bytes", lambda _d: int(between / hf_check.HEADROOM))
    with pytest.raises(InsideError, match=r"; try bf16 \(about .* here\), a smaller model"):
        hf_check.check_hf_folder(llama, device="cpu")
    monkeypatch.setattr(hf_check, "available_bytes", lambda _d: 1000)  # neither fits
    with pytest.raises(InsideError, match=r"free on cpu; try a smaller model or another device$"):
        hf_check.check_hf_folder(llama, device="cpu")
    with pytest.raises(InsideError, match=r"try a smaller model or another device$"):
        hf_check.check_hf_folder(llama, device="cpu", dtype="bf16")  # bf16 already


@pytest.mark.parametrize("value, found", [(5, "the number 5"), ([1, 2], "a list (2 items)")])
def test_a_model_type_that_is_no_string_is_named_as_such(
        llama: Path, tmp_path: Path, value: object, found: str) -> None:
    """"model_type": 5 was "config.json names no model_type" (probe s16)."""
    folder = _copy(llama, tmp_path / "m")
    _edit_config(folder, model_type=value)
    with pytest.raises(InsideError) as info:
        hf_check.check_hf_folder(folder, device="cpu")
    assert str(info.value) == f"{folder}: config.json's model_type must be a string, got {found}"
