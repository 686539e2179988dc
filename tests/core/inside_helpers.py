"""Tiny models for the inside-the-model tests: random HF checkpoints and a gatelab run.

Everything is built in code and saved into tmp folders; nothing is downloaded.
"""

from __future__ import annotations

from pathlib import Path

import torch

SENTENCES = ["I flew from Paris to Tokyo last week", "The food was not bad at all",
             "Try this loop: for i in range(10):", "the gate opens on some tokens and not others"]


def save_tokenizer(folder: Path) -> None:
    """A byte-level BPE tokenizer trained in memory on a few sentences, saved as tokenizer.json."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast
    tok = Tokenizer(models.BPE(unk_token=None))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=300, special_tokens=["<|endoftext|>"],
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet())
    tok.train_from_iterator(SENTENCES * 5, trainer)
    fast = PreTrainedTokenizerFast(tokenizer_object=tok, eos_token="<|endoftext|>",
                                   pad_token="<|endoftext|>")
    fast.save_pretrained(folder)


def save_spread(folder: Path, config) -> Path:  # type: ignore[no-untyped-def]
    """A random model of ``config`` whose norms and biases are far from their initial 1 / 0 (so a
    post-norm changes the write and a bias changes h) and whose gates are spread wide, saved with
    ``save_tokenizer``'s tokenizer in ``folder`` (created)."""
    from transformers import AutoModelForCausalLM
    torch.manual_seed(0)
    model = AutoModelForCausalLM.from_config(config)
    with torch.no_grad():
        for name, p in model.named_parameters():
            if p.dim() >= 2:
                p.normal_(0, 0.3 if "gate" in name else 0.2)
            else:
                p.add_(0.5 * torch.randn_like(p))
    folder.mkdir(parents=True)
    model.save_pretrained(folder, safe_serialization=True)
    save_tokenizer(folder)
    return folder


def _config(kind: str):  # type: ignore[no-untyped-def]
    common = dict(vocab_size=320, hidden_size=32, intermediate_size=48, num_hidden_layers=2,
                  num_attention_heads=4, num_key_value_heads=2, max_position_embeddings=128,
                  tie_word_embeddings=False)
    if kind == "llama":
        from transformers import LlamaConfig
        return LlamaConfig(**common)
    if kind == "qwen3":
        from transformers import Qwen3Config
        return Qwen3Config(head_dim=8, **common)
    if kind == "qwen3_5":
        from transformers.models.qwen3_5.configuration_qwen3_5 import Qwen3_5TextConfig
        common.update(num_hidden_layers=4)
        return Qwen3_5TextConfig(head_dim=8, linear_key_head_dim=8, linear_value_head_dim=8,
                                 linear_num_key_heads=2, linear_num_value_heads=4,
                                 layer_types=["linear_attention", "full_attention",
                                              "linear_attention", "full_attention"], **common)
    if kind == "olmo2":  # norms after attention and after the MLP only
        from transformers import Olmo2Config
        return Olmo2Config(eos_token_id=0, pad_token_id=0, **common)
    if kind == "gemma2":  # norms before and after each block; LM head tied to the embedding
        from transformers import Gemma2Config
        return Gemma2Config(head_dim=8, **{**common, "tie_word_embeddings": True})
    raise ValueError(kind)


def save_hf_model(folder: Path, kind: str, seed: int = 0) -> Path:
    """A random tiny ``kind`` ("llama", "qwen3", "qwen3_5", "olmo2", "gemma2") model +
    tokenizer in ``folder``."""
    from transformers import AutoModelForCausalLM
    torch.manual_seed(seed)
    model = AutoModelForCausalLM.from_config(_config(kind))
    folder.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(folder, safe_serialization=True)
    save_tokenizer(folder)
    return folder


def train_tiny_run(run_dir: Path, **changes: object) -> list:  # type: ignore[type-arg]
    """Train a tiny gatelab run into ``run_dir``; returns its snapshots (stats every 2 steps,
    a checkpoint every 4)."""
    from gatelab.core.engine import train_steps
    from gatelab.core.trainconfig import TrainConfig
    cfg = TrainConfig(n_layer=2, n_head=2, n_embd=32, block_size=32, batch_size=4, steps=12,
                      lr=3e-3, warmup_steps=2, eval_interval=6, eval_iters=2, threads=1,
                      stats_interval=2, checkpoint_interval=4, sample_chars=0, device="cpu")
    cfg = cfg.replace(**changes)
    return list(train_steps(cfg, run_dir=run_dir))


def copy_with_config(src: Path, dest: Path, **changes: object) -> Path:
    """A copy of the folder ``src`` (an HF model or a run) at ``dest`` whose config.json has
    ``changes`` applied: a hostile or mismatched config beside good files."""
    import json
    import shutil

    shutil.copytree(src, dest)
    config = json.loads((dest / "config.json").read_text())
    config.update(changes)
    (dest / "config.json").write_text(json.dumps(config))
    return dest
