"""English templates of the "inside the model" messages: model folders, sources, traces, top-k
and their progress lines (see ``message_catalog``).

A separate module only to keep files short; ``gatelab.core.message_catalog.MESSAGES`` holds these
too. Marked for pyside6-lupdate in context "core" like every core message.
"""

from __future__ import annotations

from gatelab.core.message_catalog_budget import QT_TRANSLATE_NOOP


INSIDE_MESSAGES: dict[str, str] = {
    # -- inside the model: model folders (core/inside/hf_check.py) ----------------------------
    "inside.dtype": QT_TRANSLATE_NOOP("core", "dtype must be float32 or bf16, got {value!r}"),
    "inside.config_unreadable": QT_TRANSLATE_NOOP("core", "{path}: config.json cannot be read: {reason}"),
    "inside.cannot_list": QT_TRANSLATE_NOOP("core", "{path}: cannot list the folder ({reason})"),
    "inside.not_plain": QT_TRANSLATE_NOOP(
        "core", "{path}: is not a regular file (a pipe, device or socket); a model folder holds "
                "plain files only"),
    "inside.pickle_only": QT_TRANSLATE_NOOP(
        "core", "{path}: only pickle weights (*.bin / *.pt) here; gatelab loads .safetensors "
                "weights only, because pickle files can run code"),
    "inside.no_weights": QT_TRANSLATE_NOOP("core", "{path}: no *.safetensors weights in this folder"),
    "inside.weights_damaged": QT_TRANSLATE_NOOP(
        "core", "{path}: a weights file is damaged or truncated: {reason}"),
    "inside.needs_hf": QT_TRANSLATE_NOOP(
        "core", "reading Hugging Face models needs the optional extra: pip install -e \".[hf]\" "
                "(transformers)"),
    "inside.arch_unknown": QT_TRANSLATE_NOOP(
        "core", "{path}: architecture {model_type!r} is not a causal language model that this "
                "transformers version knows; update transformers or pick another model"),
    "inside.weights_unused": QT_TRANSLATE_NOOP(
        "core", "{path}: the weight files hold {n:,} tensors that the model built from "
                "config.json does not use (for example {names}); these views show that smaller "
                "model, not all of the files"),
    "inside.arch_not_causal": QT_TRANSLATE_NOOP(
        "core", "{path}: transformers knows {model_type!r}, but not as a causal language model "
                "(an encoder, an encoder-decoder or an image/audio model); these views trace "
                "decoder-only language models: pick one of those"),
    "inside.not_folder": QT_TRANSLATE_NOOP("core", "{path}: not a folder"),
    "inside.no_config": QT_TRANSLATE_NOOP("core", "{path}: not a model folder (no config.json)"),
    "inside.no_model_type": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json names no model_type, so it is not a transformers model"),
    "inside.model_type_kind": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json's model_type must be a string, got {found}"),
    "inside.no_tokenizer": QT_TRANSLATE_NOOP("core", "{path}: the tokenizer is missing (none of {files})"),
    "inside.memory": QT_TRANSLATE_NOOP(
        "core", "{name} needs about {need} ({params:,} parameters × {bytes} bytes = {weights}, "
                "plus {activations} of activations set aside for texts of up to {tokens:,} "
                "tokens; a longer text is checked again before its pass) but only {free} is "
                "free on {device}; {advice}"),
    "inside.memory_try_bf16": QT_TRANSLATE_NOOP(
        "core", "try bf16 (about {need} here), a smaller model or another device"),
    "inside.memory_try": QT_TRANSLATE_NOOP("core", "try a smaller model or another device"),

    # -- inside the model: sources, traces, top-k (core/inside/*) -----------------------------
    "inside.no_gated_mlp": QT_TRANSLATE_NOOP(
        "core", "this model has no decoder layers with a gated MLP (mlp.gate_proj, mlp.up_proj); "
                "only gated-MLP models can be inspected"),
    # a family whose layers the views cannot read (core/inside/hf_layers.py); {why} is one of
    # the two reasons below
    "inside.family_unreadable": QT_TRANSLATE_NOOP(
        "core", "{path}: Inside cannot read model type {model_type!r} yet: {why}"),
    "inside.why_dory": QT_TRANSLATE_NOOP(
        "core", "its MLP rescales the outputs of gate_proj and up_proj and normalises act(g)·u "
                "before down_proj, and each layer moves the residual stream towards its update "
                "instead of adding it, so the views' g, u, h and MLP ratio would not be its "
                "numbers"),
    "inside.why_altup": QT_TRANSLATE_NOOP(
        "core", "each layer carries several predictions of the residual stream (AltUp) and "
                "sparsifies the gate before its activation, while the views read one residual "
                "stream and gate_proj's output"),
    "inside.moe": QT_TRANSLATE_NOOP(
        "core", "this is a mixture-of-experts model (mlp.experts): each token's MLP is a few "
                "gated experts picked per token, while these views read one dense gated MLP per "
                "layer, so it cannot be inspected here; the Parameter budget tab counts it"),
    "inside.device_unknown": QT_TRANSLATE_NOOP("core", "unknown device {name!r}; use auto, cpu or cuda"),
    "inside.tokenizer_failed": QT_TRANSLATE_NOOP("core", "{path}: the tokenizer cannot be loaded: {reason}"),
    "inside.folder_code": QT_TRANSLATE_NOOP(
        "core", "{path}: loading this model would run Python code that ships in the folder (an "
                "auto_map entry); gatelab never runs a model folder's code"),
    "inside.model_failed": QT_TRANSLATE_NOOP("core", "{path}: the model cannot be loaded: {reason}"),
    "inside.activation_unknown": QT_TRANSLATE_NOOP(
        "core", "{path}: MLP activation {act!r} has no gate variant in gatelab"),
    "inside.activation_mixed": QT_TRANSLATE_NOOP(
        "core", "{path}: the MLP activation differs between layers ({first} in layer "
                "{first_layer}, {other} in layer {layer}); gatelab shows one gate variant per model"),
    "inside.activation_unnamed": QT_TRANSLATE_NOOP(
        "core", "{path}: neither the MLP modules (act_fn) nor config.json name the MLP's "
                "activation, so its gate variant is unknown"),
    "inside.no_tokens": QT_TRANSLATE_NOOP("core", "the tokenizer turned the text into no tokens"),
    # characters a tokenizer without an unk token dropped (core/inside/unknown_chars.py); {chars}
    # names them, quoted, five at most and then "…"
    "inside.dropped_char": QT_TRANSLATE_NOOP(
        "core", "1 character of the text ({chars}) is not in this model's vocabulary and was "
                "dropped by its tokenizer: no token stands for it, so the numbers describe the "
                "text without it"),
    "inside.dropped_chars": QT_TRANSLATE_NOOP(
        "core", "{n} characters of the text ({chars}) are not in this model's vocabulary and "
                "were dropped by its tokenizer: no token stands for them, so the numbers "
                "describe the text without them"),
    "inside.too_many_tokens": QT_TRANSLATE_NOOP(
        "core", "the text is {n:,} tokens; at most {maximum:,} are analysed at once"),
    "inside.forward_failed": QT_TRANSLATE_NOOP("core", "{path}: the forward pass failed: {reason}"),
    "inside.missing_layers": QT_TRANSLATE_NOOP("core", "the model did not hand over every layer's tensors"),
    "inside.text_empty": QT_TRANSLATE_NOOP("core", "the text to analyse is empty"),
    "inside.text_not_unicode": QT_TRANSLATE_NOOP(
        "core", "the text holds {n} character(s) that are not valid Unicode (bytes that are not "
                "UTF-8?), the first at position {pos}; no tokenizer can read them"),
    "inside.trace_memory": QT_TRANSLATE_NOOP(
        "core", "tracing {tokens:,} tokens needs about {need} for the kept activations and "
                "attention weights, but only {free} is free on {device}; shorten the text"),
    "inside.weights_missing": QT_TRANSLATE_NOOP(
        "core", "{path}: the weight files lack {n} of the model's tensors (for example {names}); "
                "transformers would fill them with random numbers, so the model is not analysed"),
    "inside.config_invalid": QT_TRANSLATE_NOOP("core", "{path}: config.json is not a valid model "
                                                       "configuration: {reason}"),
    "inside.file_too_large": QT_TRANSLATE_NOOP(
        "core", "{path}: {size} is larger than the {limit} that a {kind} may have here"),
    "inside.weights_dtype": QT_TRANSLATE_NOOP(
        "core", "{path}: {name} holds {dtype} numbers, not floating-point weights (a quantized "
                "checkpoint?); gatelab analyses float16, bfloat16 or float32 weights"),
    "inside.tokenize_failed": QT_TRANSLATE_NOOP(
        "core", "{path}: the tokenizer failed on this text: {reason}"),
    "inside.tokens_explode": QT_TRANSLATE_NOOP(
        "core", "{path}: the tokenizer turns {chars} characters into {tokens:,} tokens; a real "
                "tokenizer gives at most a few per character, so this one is refused"),
    "inside.shapes_mismatch": QT_TRANSLATE_NOOP(
        "core", "{path}: {n} of the weight files' tensors do not fit config.json, for "
                "example {names}"),
    "inside.no_device_index": QT_TRANSLATE_NOOP(
        "core", "there is no {device}: this machine has {n} CUDA device(s)"),
    "inside.no_checkpoint": QT_TRANSLATE_NOOP(
        "core", "{path}: this run has no checkpoint (ckpt.pt) yet; a run saves one every few "
                "steps and when it ends"),
    "inside.token_id_range": QT_TRANSLATE_NOOP(
        "core", "{path}: the tokenizer gives token id {id:,} but the model has {n:,} embeddings; "
                "the tokenizer and the model do not belong together"),
    "inside.config_size": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json's {name} is {value}; it must be a whole number above 0"),
    "inside.config_value": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json's {name} is {value}; it must be a finite number above 0"),
    "inside.config_architectures": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json's architectures is {value}; it must be a list of class "
                "names such as [\"LlamaForCausalLM\"]"),
    "inside.model_json": QT_TRANSLATE_NOOP(
        "core", "{path}: the model cannot be loaded: {name} is not valid JSON ({reason})"),
    # -- inside the model: config.json values (core/inside/hf_config_check.py) ----------------
    "inside.config_size_huge": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json's {name} is {value}; no real model has more than "
                "{maximum:,}, so the file is damaged"),
    "inside.rope_form": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json is not a valid model configuration: its {name} is {value}, "
                "but transformers accepts only an object of RoPE settings (rope_type, factor, "
                "…) or null there"),
    "inside.config_field_form": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json is not a valid model configuration: its {name} is not in a "
                "form transformers accepts"),
    "inside.tokenizer_json": QT_TRANSLATE_NOOP(
        "core", "{path}: the tokenizer cannot be loaded: {name} is not valid JSON ({reason})"),
    # the library's "Oniguruma error: premature end of char-class at line 1 column 332"
    "inside.tokenizer_regex": QT_TRANSLATE_NOOP(
        "core", "{path}: the tokenizer cannot be loaded: tokenizer.json holds a pattern that is not "
                "a valid regular expression ({reason}, at {where})"),
    "inside.tokenizer_file": QT_TRANSLATE_NOOP("core", "the tokenizer cannot be read: {reason}"),
    # why transformers failed on a tokenizer or config file, found after it did
    # (core/inside/hf_failures.py); {found} is json_kind's "a list (3 items)"
    "inside.tokenizer_not_object": QT_TRANSLATE_NOOP(
        "core", "{path}: the tokenizer cannot be loaded: {name} must hold a JSON object, got "
                "{found}"),
    "inside.tokenizer_no_model": QT_TRANSLATE_NOOP(
        "core", "{path}: the tokenizer cannot be loaded: tokenizer.json has no \"model\" object, "
                "so it is not a tokenizer the tokenizers library can read"),
    "inside.tokenizer_model_type": QT_TRANSLATE_NOOP(
        "core", "{path}: the tokenizer cannot be loaded: tokenizer.json's model type is {value}, "
                "which the tokenizers library does not know (it knows {known})"),
    # {reason}: the tokenizers library's own words ("invalid type: …, expected … at line 1 …")
    "inside.tokenizer_library": QT_TRANSLATE_NOOP(
        "core", "{path}: the tokenizer cannot be loaded: tokenizer.json is not a tokenizer the "
                "tokenizers library can read ({reason})"),
    "inside.json_bom": QT_TRANSLATE_NOOP(
        "core", "{path}: {name} starts with a UTF-8 byte-order mark (BOM), which transformers "
                "cannot read; save it as UTF-8 without one"),
    "inside.weights_file": QT_TRANSLATE_NOOP("core", "the weights cannot be read: {reason}"),
    "inside.config_value_min0": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json's {name} is {value}; it must be a finite number, 0 or more"),
    "inside.rope_type": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json's {name} is {value}, a RoPE type this transformers version "
                "does not know; it knows {known}"),
    "inside.rope_list": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json's {name} must be a list of finite numbers above 0, one per "
                "rotary frequency; it holds {value}"),
    "inside.rope_list_length": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json's {name} holds {n} numbers, but the model's rotary "
                "embedding has {expected} frequencies (one number each)"),
    "inside.token_id_value": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json's {name} is {value}; a token id must be a whole number, 0 "
                "or more (or null for none)"),
    "inside.token_id_vocab": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json's {name} is {value:,}, but the vocabulary has only "
                "{vocab:,} tokens (ids 0 to {last:,})"),
    "inside.quantized": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json describes a model quantized with {method!r}; gatelab "
                "analyses unquantized float16, bfloat16 or float32 models only"),
    "inside.quant_unknown": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json's {name} is {value}, a quantization this transformers "
                "version does not know; gatelab analyses unquantized float16, bfloat16 or "
                "float32 models only"),
    "inside.config_dtype": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json's {name} is {value}, which names no torch dtype (such as "
                "bfloat16 or float32)"),
    "inside.config_dtype_note": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json's {name} says the weights are {value}, but the weight files "
                "hold floating-point numbers; they were analysed as {dtype}"),
    "inside.config_dtype_mismatch": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json's {name} says the weights are {value}, but the weight files "
                "hold {held}; they were analysed as {dtype}"),
    "inside.json_in_source": QT_TRANSLATE_NOOP(
        "core", "{path} is inside {source}, the folder being analysed; write the result "
                "elsewhere, so that the model or run stays as it is"),
    "inside.text_too_long": QT_TRANSLATE_NOOP(
        "core", "the text has {n:,} characters; the limit is {maximum:,}"),
    "inside.text_over_block": QT_TRANSLATE_NOOP(
        "core", "the text has {n} characters but this model reads at most {block} (its block "
                "size); shorten it"),
    "inside.ckpt_no_weights": QT_TRANSLATE_NOOP("core", "{path}: ckpt.pt holds no model weights"),
    "inside.ckpt_short": QT_TRANSLATE_NOOP(
        "core", "{path}: ckpt.pt's config describes {needed:,} parameters but the file holds only "
                "{held:,} numbers; the checkpoint is damaged"),
    "inside.no_run": QT_TRANSLATE_NOOP("core", "{path}: no such run folder"),
    "inside.not_a_run": QT_TRANSLATE_NOOP(
        "core", "{path}: not a gatelab run folder (no ckpt.pt, config.json or run.json); "
                "pick a folder that gatelab-train or the Live trainer made"),
    # a folder opened as the other kind of source (core/inside/source_folder.py); the Source
    # choices are the Inside tab's own labels
    "inside.run_is_hf": QT_TRANSLATE_NOOP(
        "core", "{path}: this is a Hugging Face model folder (config.json and weights, no "
                "ckpt.pt), not a gatelab run; choose Source: Hugging Face model folder"),
    "inside.hf_is_run": QT_TRANSLATE_NOOP(
        "core", "{path}: this is a gatelab run folder (it holds {files}), not a Hugging Face "
                "model folder; choose Source: Saved run"),
    "inside.run_failed": QT_TRANSLATE_NOOP("core", "{path}: cannot open this run: {reason}"),
    # weights that do not fit the model their checkpoint describes (core/state_fit.py)
    "ckpt.weight_shape": QT_TRANSLATE_NOOP(
        "core", "its weight {name} is {found}, where the model it describes has {wanted}; the "
                "checkpoint is damaged or was not written by gatelab"),
    "ckpt.weights_missing": QT_TRANSLATE_NOOP(
        "core", "weights of the model are missing ({names}; {count} in all); the checkpoint is "
                "damaged or was not written by gatelab"),
    "ckpt.weights_extra": QT_TRANSLATE_NOOP(
        "core", "it holds weights the model does not have ({names}; {count} in all); the "
                "checkpoint is damaged or was not written by gatelab"),
    "inside.weights_misfit": QT_TRANSLATE_NOOP(
        "core", "{path}: the weights of step {step} do not fit the model: {reason}"),
    "inside.no_corpus_config": QT_TRANSLATE_NOOP(
        "core", "{path}: no readable config.json, so its corpus is unknown"),
    "inside.corpus_failed": QT_TRANSLATE_NOOP("core", "{path}: its corpus cannot be loaded: {reason}"),
    "inside.topk_live": QT_TRANSLATE_NOOP(
        "core", "top-k contexts need a saved run or a model folder, not the live run"),
    "inside.file_no_text": QT_TRANSLATE_NOOP("core", "{path}: the file holds no text"),
    "inside.layer_range": QT_TRANSLATE_NOOP("core", "layer {layer} is out of range (0–{last})"),
    "inside.neuron_range": QT_TRANSLATE_NOOP("core", "neuron {neuron} is out of range (0–{last})"),
    "inside.search_empty": QT_TRANSLATE_NOOP("core", "the text to search is empty"),
    "inside.variant_unknown": QT_TRANSLATE_NOOP("core", "unknown gate variant {variant!r}"),
    "inside.trace_empty": QT_TRANSLATE_NOOP("core", "the trace has no tokens"),
    "inside.token_range": QT_TRANSLATE_NOOP(
        "core", "token {token} is out of range: the text has {n} tokens (0–{last})"),
    "inside.layer_range_n": QT_TRANSLATE_NOOP(
        "core", "layer {layer} is out of range: the model has {n} layers (0–{last})"),
    "inside.span_empty": QT_TRANSLATE_NOOP("core", "the span [{start}, {stop}) holds no token"),
    "inside.no_mlp_tensors": QT_TRANSLATE_NOOP(
        "core", "layer {layer}: the model did not expose its MLP tensors (gate_proj, up_proj, the "
                "MLP output and the layer output)"),
    "history.not_regular": QT_TRANSLATE_NOOP("core", "it is not a regular file"),
    "history.damaged": QT_TRANSLATE_NOOP("core", "the weights kept for step {step} are damaged ({why})"),
    "history.no_weights": QT_TRANSLATE_NOOP(
        "core", "no weights were kept for step {step}; steps with weights: {kept}"),
    "history.no_weights_none": QT_TRANSLATE_NOOP(
        "core", "no weights were kept for step {step}; steps with weights: none"),
    "history.garbled": QT_TRANSLATE_NOOP("core", "the file is truncated, garbled or holds Python objects"),
    "history.not_dict": QT_TRANSLATE_NOOP("core", "it holds a {found}, not a dict of tensors"),
    "history.entry_skipped": QT_TRANSLATE_NOOP("core", "{path}: skipped ({why})"),
    "history.array_missing": QT_TRANSLATE_NOOP("core", "array '{name}' is missing"),
    "history.array_kind": QT_TRANSLATE_NOOP("core", "array '{name}' holds {dtype}, not real numbers"),
    "history.array_shape": QT_TRANSLATE_NOOP(
        "core", "array '{name}' has shape {shape}, expected {expected}"),
    "history.array_finite": QT_TRANSLATE_NOOP("core", "array '{name}' holds infinite or NaN values"),
    "history.budget": QT_TRANSLATE_NOOP(
        "core", "{path}: not read, the entries read before it already hold {size:,} bytes (a "
                "history may hold {limit:,})"),
    "progress.checking": QT_TRANSLATE_NOOP("core", "checking the model folder"),
    "progress.tokenizer": QT_TRANSLATE_NOOP("core", "loading the tokenizer"),
    "progress.weights": QT_TRANSLATE_NOOP("core", "loading the weights"),
    "progress.loaded": QT_TRANSLATE_NOOP("core", "model loaded"),
    "progress.running": QT_TRANSLATE_NOOP("core", "running {n} tokens through the model"),
    "progress.done": QT_TRANSLATE_NOOP("core", "done"),
    "progress.tokens": QT_TRANSLATE_NOOP("core", "{done:,} of {total:,} tokens"),
}
