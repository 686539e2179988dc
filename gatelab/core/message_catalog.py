"""The English templates of every message core composes, by key (see ``gatelab.core.messages``).

Each template is marked with ``QT_TRANSLATE_NOOP("core", …)`` so that pyside6-lupdate (run by
scripts/update_translations.sh over gatelab/**/*.py) extracts it into the .ts file; the UI then
translates it with ``QCoreApplication.translate("core", template)``. Placeholders are named
(``{path}``) and must survive translation; a translation that loses one falls back to English.
Keys are ``<area>.<what>``; never reuse a key for a different meaning (saved experiment verdicts
store the key). The budget tab's templates are in ``message_catalog_budget`` (only to keep files
short) and merged into ``MESSAGES`` here.
"""

from __future__ import annotations

from gatelab.core.message_catalog_budget import BUDGET_MESSAGES, QT_TRANSLATE_NOOP


MESSAGES: dict[str, str] = {
    # free text (an OS or library reason, a name): shown as is, not translated
    "text": "{text}",
    # several reasons in one line: "a; b; c"
    "list.semicolon": QT_TRANSLATE_NOOP("core", "{first}; {rest}"),

    # -- reading and writing files (core/fileio.py) ------------------------------------------
    "file.missing": QT_TRANSLATE_NOOP("core", "{path}: no such file"),
    "file.is_folder": QT_TRANSLATE_NOOP("core", "{path}: is a folder, not a file"),
    "file.permission": QT_TRANSLATE_NOOP("core", "{path}: permission denied"),
    "file.not_regular": QT_TRANSLATE_NOOP("core", "{path}: is not a regular file"),
    "file.not_regular_kind": QT_TRANSLATE_NOOP(
        "core", "{path}: is not a regular file (a pipe, device or socket)"),
    "file.cannot_open": QT_TRANSLATE_NOOP("core", "{path}: cannot be opened ({reason})"),
    "file.read_failed": QT_TRANSLATE_NOOP("core", "{path}: read failed ({reason})"),
    "file.too_large": QT_TRANSLATE_NOOP("core", "{path}: larger than the {limit} limit"),
    "file.not_utf8": QT_TRANSLATE_NOOP("core", "{path}: not UTF-8 text (byte {byte})"),
    "file.cannot_write": QT_TRANSLATE_NOOP("core", "{path}: cannot be written ({reason})"),
    "file.could_not_read": QT_TRANSLATE_NOOP("core", "could not read {reason}"),
    "path_reason": QT_TRANSLATE_NOOP("core", "{path}: {reason}"),

    # -- JSON --------------------------------------------------------------------------------
    "json.too_many_digits": QT_TRANSLATE_NOOP("core", "{path}: a number in it has too many digits"),
    "json.invalid": QT_TRANSLATE_NOOP("core", "{path}: not valid JSON ({reason})"),
    "json.not_object": QT_TRANSLATE_NOOP("core", "{path}: expected a JSON object, found {found}"),

    # -- run folders (core/runs_read.py, core/runs.py) ---------------------------------------
    "load.pickle_refused": QT_TRANSLATE_NOOP(
        "core", "it holds Python objects, not only tensors and plain data (refused for safety)"),
    "run.in_folder": QT_TRANSLATE_NOOP("core", "{folder}: {reason}"),
    "run.json_too_deep": QT_TRANSLATE_NOOP("core", "{path}: nested too deeply to be a gatelab file"),
    "ckpt.none": QT_TRANSLATE_NOOP("core", "no checkpoint to resume from: {path}"),
    "ckpt.file_error": QT_TRANSLATE_NOOP("core", "checkpoint {reason}"),
    "ckpt.too_large": QT_TRANSLATE_NOOP("core", "checkpoint {path} is larger than {gb} GB"),
    "ckpt.damaged": QT_TRANSLATE_NOOP(
        "core", "checkpoint {path} cannot be read: it is truncated or damaged (not a complete "
                "checkpoint file)"),
    "ckpt.unreadable": QT_TRANSLATE_NOOP("core", "checkpoint {path} cannot be read: {reason}"),
    "ckpt.not_dict": QT_TRANSLATE_NOOP(
        "core", "checkpoint {path} is not a gatelab checkpoint (it holds a {found}, not a dict of "
                "model and optimizer states)"),
    "ckpt.key_missing": QT_TRANSLATE_NOOP(
        "core", "checkpoint {path} is not a gatelab checkpoint ('{name}' is missing)"),
    "ckpt.key_type": QT_TRANSLATE_NOOP(
        "core", "checkpoint {path} is not a gatelab checkpoint ('{name}' is {found})"),
    "ckpt.damaged_fields": QT_TRANSLATE_NOOP(
        "core", "checkpoint {path} is damaged (negative step or empty vocabulary)"),
    "ckpt.bad_config": QT_TRANSLATE_NOOP("core", "checkpoint {path} holds an invalid config: {reason}"),
    "torchfile.compressed": QT_TRANSLATE_NOOP(
        "core", "it is damaged or not a torch checkpoint ({name} is compressed; torch.save "
                "stores its parts uncompressed)"),
    "torchfile.oversized": QT_TRANSLATE_NOOP(
        "core", "it is damaged or not a torch checkpoint (its parts list {size:,} bytes, more "
                "than the file's {limit:,})"),
    "stats.too_large": QT_TRANSLATE_NOOP(
        "core", "could not read {path}: its arrays hold {size:,} bytes, more than the {limit:,} "
                "byte limit"),
    "stats.damaged": QT_TRANSLATE_NOOP(
        "core", "could not read {path}: it is truncated or damaged (not a complete .npz archive)"),
    "stats.unreadable": QT_TRANSLATE_NOOP("core", "could not read {path}: {reason}"),
    "stats.not_numbers": QT_TRANSLATE_NOOP("core", "{path}: array '{name}' is {dtype}, not numbers"),
    "stats.compression": QT_TRANSLATE_NOOP(
        "core", "could not read {path}: {name} is compressed with method {method}; only stored "
                "or deflated arrays are read"),
    "metrics.row_not_object": QT_TRANSLATE_NOOP("core", "not a JSON object"),
    "metrics.step_not_whole": QT_TRANSLATE_NOOP("core", "step {value} is not a whole number"),
    "metrics.not_number": QT_TRANSLATE_NOOP("core", "{name} {value} is not a number"),
    "metrics.not_list": QT_TRANSLATE_NOOP("core", "{name} is not a list of numbers"),
    "metrics.line": QT_TRANSLATE_NOOP("core", "line {line}: {why}"),
    "metrics.skipped": QT_TRANSLATE_NOOP("core", "{path}: skipped {n} bad row(s) ({first})"),
    "run.cannot_write": QT_TRANSLATE_NOOP("core", "cannot write {path}: {reason}"),
    "run.folder_in_way": QT_TRANSLATE_NOOP("core", "a folder is in the way where this file belongs"),
    "run.busy": QT_TRANSLATE_NOOP(
        "core", "{path} is still being trained by process {pid} on {host}; stop that run first"),
    "run.not_found": QT_TRANSLATE_NOOP("core", "run folder not found: {path}"),
    "run.not_run_folder": QT_TRANSLATE_NOOP("core", "not a gatelab run folder, refusing to delete: {path}"),
    "run.sample_not_saved": QT_TRANSLATE_NOOP("core", "the sample was not saved: {reason}"),
    "run.history_not_saved": QT_TRANSLATE_NOOP(
        "core", "the stats history was not saved: {reason}; training goes on (checkpoints are "
                "still saved)"),
    "folder.is_file": QT_TRANSLATE_NOOP("core", "is a file, not a folder"),
    "folder.is_special": QT_TRANSLATE_NOOP("core", "is a pipe, device or socket, not a folder"),
    "folder.broken_link": QT_TRANSLATE_NOOP("core", "is a link to nothing, not a folder"),
    "folder.parent_not_folder": QT_TRANSLATE_NOOP("core", "cannot be created: {parent} is not a folder"),
    "folder.cannot_create": QT_TRANSLATE_NOOP("core", "cannot be created ({reason})"),
    "metrics.line_too_long": QT_TRANSLATE_NOOP("core", "longer than 1 MB"),
    "metrics.too_deep": QT_TRANSLATE_NOOP("core", "nested too deeply"),
    "metrics.bad_json": QT_TRANSLATE_NOOP("core", "not valid JSON"),

    # -- values and configs (core/trainconfig.py and other validate()s) -----------------------
    "value.whole_min1": QT_TRANSLATE_NOOP("core", "{name} must be a whole number ≥ 1, got {value!r}"),
    "value.at_most": QT_TRANSLATE_NOOP("core", "{name} must be ≤ {maximum}, got {value}"),
    "value.finite": QT_TRANSLATE_NOOP("core", "{name} must be a finite number, got {value!r}"),
    "value.ge0": QT_TRANSLATE_NOOP("core", "{name} must be ≥ 0, got {value}"),
    "value.gt0": QT_TRANSLATE_NOOP("core", "{name} must be > 0, got {value}"),
    "value.whole_range": QT_TRANSLATE_NOOP(
        "core", "{name} must be a whole number from 0 to {maximum:,}, got {value!r}"),
    "value.one_of": QT_TRANSLATE_NOOP("core", "{name} must be one of {valid}, got {value!r}"),
    "train.corpus": QT_TRANSLATE_NOOP(
        "core", "corpus must be 'python', 'generated' or a path to a text file"),
    "train.variant": QT_TRANSLATE_NOOP("core", "unknown FFN variant {variant!r}; valid: {valid}"),
    "train.eval_iters": QT_TRANSLATE_NOOP(
        "core", "eval_iters must be ≤ {maximum:,} validation batches per evaluation, got {value:,}"),
    "train.too_large": QT_TRANSLATE_NOOP(
        "core", "model too large for gatelab's trainer (layers ≤ 256, width ≤ 65536)"),
    "train.width_heads": QT_TRANSLATE_NOOP("core", "width {width} must be divisible by heads {heads}"),
    "train.rope_even": QT_TRANSLATE_NOOP("core", "rotary positions need an even head size (width ÷ heads)"),
    "train.kv_heads": QT_TRANSLATE_NOOP("core", "heads {heads} must be divisible by KV heads {kv}"),
    "train.intermediate": QT_TRANSLATE_NOOP(
        "core", "intermediate must be ≤ {limit:,} ({ratio} × width {width}, at most {maximum:,}), "
                "got {value:,}"),
    "train.positions": QT_TRANSLATE_NOOP("core", "positions must be one of {valid}"),
    "train.min_lr_ratio": QT_TRANSLATE_NOOP("core", "min_lr_ratio must lie in [0, 1], got {value}"),
    "train.dropout": QT_TRANSLATE_NOOP("core", "dropout must lie in [0, 1), got {value}"),

    # -- corpus (core/data.py) ----------------------------------------------------------------
    "corpus.prov_python": QT_TRANSLATE_NOOP(
        "core", "Python 3.11.7 standard library (PSF licence), shipped with gatelab: 40 top-level "
        ".py files in name order (__future__.py … contextlib.py), first {chars:,} characters, "
        "SHA-256 {digest}…"),
    "corpus.prov_generated": QT_TRANSLATE_NOOP(
        "core", "synthetic Python-like lines generated deterministically by gatelab (seed 1234, "
        "{chars:,} characters)"),
    "corpus.prov_file": QT_TRANSLATE_NOOP("core", "text file {path}"),
    "corpus.vocab_empty": QT_TRANSLATE_NOOP("core", "the vocabulary is empty"),
    "corpus.vocab_large": QT_TRANSLATE_NOOP(
        "core", "the corpus has {n:,} distinct characters; the character-level trainer accepts at "
                "most {maximum:,} (pick a text in fewer scripts)"),
    "corpus.too_large": QT_TRANSLATE_NOOP(
        "core", "corpus file is too large ({size:,} bytes; limit {limit:,}): {path}"),
    "corpus.not_found": QT_TRANSLATE_NOOP("core", "corpus file not found: {path}"),
    "corpus.is_folder": QT_TRANSLATE_NOOP("core", "corpus path is a folder, not a text file: {path}"),
    "corpus.cannot_use": QT_TRANSLATE_NOOP("core", "cannot use the corpus file {reason}"),
    "corpus.empty": QT_TRANSLATE_NOOP("core", "corpus file is empty: {path}"),
    "corpus.binary": QT_TRANSLATE_NOOP(
        "core", "corpus file looks binary (it contains NUL bytes), not text: {path}"),
    "corpus.not_utf8": QT_TRANSLATE_NOOP(
        "core", "corpus file is not valid UTF-8 text (bad byte at offset {offset}): {path}"),
    "corpus.builtin_missing": QT_TRANSLATE_NOOP(
        "core", "the built-in python corpus is missing or unreadable ({reason}); reinstall gatelab"),
    "corpus.builtin_changed": QT_TRANSLATE_NOOP(
        "core", "the built-in python corpus {path} has been changed (SHA-256 {digest}…, expected "
                "{expected}…); reinstall gatelab"),
    "corpus.none": QT_TRANSLATE_NOOP(
        "core", "no corpus given: use 'python', 'generated' or a path to a text file"),
    "corpus.too_short": QT_TRANSLATE_NOOP(
        "core", "corpus is too short: {chars:,} characters, but block size {block} needs at least "
                "{need:,} (one block + 1 for training and one for validation)"),

    # -- training and resuming (core/engine.py, core/devices.py) ------------------------------
    "ckpt.does_not_fit": QT_TRANSLATE_NOOP("core", "checkpoint of {folder} does not fit its model: {reason}"),
    "ckpt.cannot_restore": QT_TRANSLATE_NOOP("core", "checkpoint of {folder} cannot be restored: {reason}"),
    "resume.arch": QT_TRANSLATE_NOOP(
        "core", "cannot resume: the run was trained with {name}={saved}, not {wanted}"),
    "resume.intermediate": QT_TRANSLATE_NOOP(
        "core", "cannot resume: the run's intermediate size is {saved}, not {wanted}"),
    "resume.vocab": QT_TRANSLATE_NOOP(
        "core", "cannot resume: the corpus vocabulary changed since the checkpoint"),
    "resume.done": QT_TRANSLATE_NOOP(
        "core", "the run already completed {steps} steps; ask for more than that to continue it"),
    "resume.no_folder": QT_TRANSLATE_NOOP("core", "resume needs the run folder to continue"),
    "resume.nothing": QT_TRANSLATE_NOOP(
        "core", "no run to resume in {folder} (no checkpoint, no config.json)"),
    "train.oom": QT_TRANSLATE_NOOP(
        "core", "out of {device} memory at step {step} with batch {batch} × block {block} "
                "({params:,} parameters); lower the batch size, block size or width"),
    "train.loss_nan": QT_TRANSLATE_NOOP(
        "core", "loss became {loss} at step {step} (learning rate {lr:.3g}); lower the learning "
                "rate or raise warmup"),
    "train.val_nan": QT_TRANSLATE_NOOP("core", "validation loss became {loss} at step {step}"),
    "device.no_cuda": QT_TRANSLATE_NOOP(
        "core", "device 'cuda' was requested but no CUDA GPU is available here"),
    "device.no_mps": QT_TRANSLATE_NOOP(
        "core", "device 'mps' was requested but Apple MPS is not available here"),
    "device.unknown": QT_TRANSLATE_NOOP("core", "unknown device {name!r}; use auto, cpu, cuda or mps"),
    "device.cpu_label": QT_TRANSLATE_NOOP("core", "CPU ({threads} threads)"),

    # -- memory estimates (core/memory.py) ---------------------------------------------------
    "value.whole_min0": QT_TRANSLATE_NOOP("core", "{name} must be a whole number ≥ 0, got {value!r}"),
    "memory.parts": QT_TRANSLATE_NOOP(
        "core", "{weights} weights, {grads} gradients, {optimizer} AdamW state, {activations} "
                "activations, {logits} logits"),
    "memory.this_run": QT_TRANSLATE_NOOP("core", "this run"),
    "memory.training": QT_TRANSLATE_NOOP("core", "training this model"),
    "memory.training_hint": QT_TRANSLATE_NOOP(
        "core", "lower the batch size, block size, width, layers or intermediate size"),
    "memory.gpu": QT_TRANSLATE_NOOP("core", "GPU memory"),
    "memory.ram": QT_TRANSLATE_NOOP("core", "RAM"),
    "memory.needs": QT_TRANSLATE_NOOP("core", "{what} needs ≈ {needed}, {free} {where} available"),
    "memory.needs_detail": QT_TRANSLATE_NOOP(
        "core", "{what} needs ≈ {needed}, {free} {where} available ({detail})"),
    "memory.hint": QT_TRANSLATE_NOOP("core", "{message}; {hint}"),

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
        "core", "architecture {model_type!r} is not a causal language model that this "
                "transformers version knows; update transformers or pick another model"),
    "inside.not_folder": QT_TRANSLATE_NOOP("core", "{path}: not a folder"),
    "inside.no_config": QT_TRANSLATE_NOOP("core", "{path}: not a model folder (no config.json)"),
    "inside.no_model_type": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json names no model_type, so it is not a transformers model"),
    "inside.no_tokenizer": QT_TRANSLATE_NOOP("core", "{path}: the tokenizer is missing (none of {files})"),
    "inside.memory": QT_TRANSLATE_NOOP(
        "core", "{name} needs about {need} ({params:,} parameters × {bytes} bytes = {weights}, "
                "plus {activations} of activations for a text of {tokens:,} tokens; a longer "
                "text is checked again before its pass) but only {free} is free on {device}; "
                "try bf16, a smaller model or another device"),

    # -- inside the model: sources, traces, top-k (core/inside/*) -----------------------------
    "inside.no_gated_mlp": QT_TRANSLATE_NOOP(
        "core", "this model has no decoder layers with a gated MLP (mlp.gate_proj, mlp.up_proj); "
                "only gated-MLP models can be inspected"),
    "inside.device_unknown": QT_TRANSLATE_NOOP("core", "unknown device {name!r}; use auto, cpu or cuda"),
    "inside.tokenizer_failed": QT_TRANSLATE_NOOP("core", "{path}: the tokenizer cannot be loaded: {reason}"),
    "inside.model_failed": QT_TRANSLATE_NOOP("core", "{path}: the model cannot be loaded: {reason}"),
    "inside.activation_unknown": QT_TRANSLATE_NOOP(
        "core", "{path}: MLP activation {act!r} has no gate variant in gatelab"),
    "inside.no_tokens": QT_TRANSLATE_NOOP("core", "the tokenizer turned the text into no tokens"),
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
        "core", "{path}: the weight files do not fit config.json: {names}"),
    "inside.no_device_index": QT_TRANSLATE_NOOP(
        "core", "there is no {device}: this machine has {n} CUDA device(s)"),
    "inside.no_checkpoint": QT_TRANSLATE_NOOP(
        "core", "{path}: this run has no checkpoint (ckpt.pt) yet; a run saves one every few "
                "steps and when it ends"),
    "inside.token_id_range": QT_TRANSLATE_NOOP(
        "core", "{path}: the tokenizer gives token id {id:,} but the model has {n:,} embeddings; "
                "the tokenizer and the model do not belong together"),
    "inside.config_value": QT_TRANSLATE_NOOP(
        "core", "{path}: config.json's {name} is {value}; it must be a finite number above 0"),
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
    "inside.run_failed": QT_TRANSLATE_NOOP("core", "{path}: cannot open this run: {reason}"),
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

    # -- experiment verdicts (core/experiment.py, core/sink_experiment.py) --------------------
    "verdict.need_two": QT_TRANSLATE_NOOP("core", "need at least two variants with results"),
    "verdict.one_seed": QT_TRANSLATE_NOOP(
        "core", "{best} lower by {diff:.4f}, but one seed gives no noise floor"),
    "verdict.better": QT_TRANSLATE_NOOP("core", "{best} better by {diff:.4f}, {ratio:.1f}× the noise"),
    "verdict.within": QT_TRANSLATE_NOOP(
        "core", "within noise (difference {diff:.4f} < noise floor {noise:.4f})"),
    "experiment.no_variant": QT_TRANSLATE_NOOP("core", "an experiment needs at least one variant"),
    "experiment.no_seed": QT_TRANSLATE_NOOP("core", "an experiment needs at least one seed"),
    "experiment.unreadable": QT_TRANSLATE_NOOP("core", "cannot read {path}: {reason}"),
    "sink.need_runs": QT_TRANSLATE_NOOP("core", "needs a finished run of each arm"),
    "sink.one_seed": QT_TRANSLATE_NOOP("core", "off − on = {diff:.4g}, but one seed gives no noise floor"),
    "sink.arm_on": QT_TRANSLATE_NOOP("core", "gate on"),
    "sink.arm_off": QT_TRANSLATE_NOOP("core", "gate off"),
    "sink.lower": QT_TRANSLATE_NOOP("core", "{arm} lower by {diff:.4g}, {ratio:.1f}× the noise"),
    "sink.within": QT_TRANSLATE_NOOP(
        "core", "within noise (|off − on| = {diff:.4g} < noise floor {noise:.4g})"),
    "sink.no_seed": QT_TRANSLATE_NOOP("core", "the attention-sink experiment needs at least one seed"),

    # -- curves, gate plane, activations (core/curves.py, plane.py, activations.py, gates.py) --
    "range.finite": QT_TRANSLATE_NOOP("core", "{name} must be finite, got ({lo}, {hi})"),
    "range.order": QT_TRANSLATE_NOOP("core", "{name}: minimum {lo} must be below maximum {hi}"),
    "range.wide": QT_TRANSLATE_NOOP("core", "z range is wider than 10⁶"),
    "value.finite_plain": QT_TRANSLATE_NOOP("core", "{name} must be finite, got {value}"),
    "plane.resolution": QT_TRANSLATE_NOOP(
        "core", "resolution must be a whole number in [{lo}, {hi}], got {value!r}"),
    "plane.eps": QT_TRANSLATE_NOOP("core", "ε must be a finite number > 0, got {value}"),
    "plane.gu": QT_TRANSLATE_NOOP("core", "g and u must be finite, got ({g}, {u})"),
    "plane.no_stats": QT_TRANSLATE_NOOP(
        "core", "no stats.npz in {folder} (train a run with statistics on first)"),
    "plane.no_pairs": QT_TRANSLATE_NOOP("core", "{path} has no 'gate_pairs' array (found: {found})"),
    "plane.no_pairs_none": QT_TRANSLATE_NOOP("core", "{path} has no 'gate_pairs' array (found: nothing)"),
    "plane.pairs_shape": QT_TRANSLATE_NOOP(
        "core", "'gate_pairs' in {path} must have shape [n_layer, m, 2], got {shape}"),
    "plane.pairs_dtype": QT_TRANSLATE_NOOP("core", "'gate_pairs' in {path} must be numbers, got {dtype}"),
    "plane.pairs_finite": QT_TRANSLATE_NOOP("core", "'gate_pairs' in {path} contains non-finite values"),
    "act.unknown": QT_TRANSLATE_NOOP("core", "unknown activation {name!r}; valid names: {valid}"),
    "act.no_param": QT_TRANSLATE_NOOP("core", "{owner} takes no parameter {names}; accepted: {valid}"),
    "act.param_number": QT_TRANSLATE_NOOP("core", "{owner}: parameter {key} must be a number, got {value!r}"),
    "act.param_finite": QT_TRANSLATE_NOOP("core", "{owner}: parameter {key} must be finite, got {value!r}"),
    "gate.unknown": QT_TRANSLATE_NOOP("core", "unknown gate variant {variant!r}; valid names: {valid}"),
    "gate.param_positive": QT_TRANSLATE_NOOP("core", "{variant}: parameter {key} must be > 0, got {value}"),
    "model.variant": QT_TRANSLATE_NOOP("core", "unknown FFN variant {variant!r}"),
    "smoothing.beta": QT_TRANSLATE_NOOP("core", "beta must lie in [0, 1), got {value}"),

    # -- saved states (core/state_file.py) ----------------------------------------------------
    "state.too_large": QT_TRANSLATE_NOOP("core", "a state is at most {limit:,} bytes"),
    "state.too_deep": QT_TRANSLATE_NOOP("core", "not a gatelab state: nested too deeply"),
    "state.invalid_json": QT_TRANSLATE_NOOP("core", "not a gatelab state: not valid JSON ({reason})"),
    "state.format": QT_TRANSLATE_NOOP(
        "core", "not a gatelab state: the \"format\" is not \"gatelab-state\""),
    "state.version": QT_TRANSLATE_NOOP(
        "core", "not a gatelab state: \"version\" must be a positive integer"),
    "state.newer": QT_TRANSLATE_NOOP(
        "core", "this state was saved by a newer gatelab (format {version}); this one reads "
                "format {supported}"),
    "state.tabs": QT_TRANSLATE_NOOP("core", "not a gatelab state: \"tabs\" must map tab names to objects"),
    "state.not_finite": QT_TRANSLATE_NOOP(
        "core", "the state holds a number that is not finite (NaN or infinity)"),
    "state.current_tab": QT_TRANSLATE_NOOP("core", "not a gatelab state: \"current_tab\" must be a tab name"),
    "summary.status_missing": QT_TRANSLATE_NOOP("core", "status is missing"),
    "summary.status_not_text": QT_TRANSLATE_NOOP("core", "status is not text"),
    "summary.status_empty": QT_TRANSLATE_NOOP("core", "status is empty"),
    "summary.not_number": QT_TRANSLATE_NOOP("core", "{name} is not a number"),
    "summary.empty": QT_TRANSLATE_NOOP("core", "{path}: holds an empty object"),

    # -- forward-pass map sizes (core/forward_map.py) -----------------------------------------
    "map.disagree": QT_TRANSLATE_NOOP("core", "variant {variant!r} and gated={gated} disagree"),
    "map.source": QT_TRANSLATE_NOOP("core", "source must be a string of at most {maximum} characters"),
    "map.not_mapping": QT_TRANSLATE_NOOP("core", "sizes must be a mapping, got {found}"),
    "map.variant": QT_TRANSLATE_NOOP("core", "variant must be a string, got {value!r}"),
    "map.lacks": QT_TRANSLATE_NOOP("core", "sizes lack {name!r}"),
    "map.bad_config": QT_TRANSLATE_NOOP("core", "expected a TrainConfig or a dict, got {found}"),
}
MESSAGES.update(BUDGET_MESSAGES)
