"""The English templates of every message core composes, by key (see ``gatelab.core.messages``).

Each template is marked with ``QT_TRANSLATE_NOOP("core", …)`` so that pyside6-lupdate (run by
scripts/update_translations.sh over gatelab/**/*.py) extracts it into the .ts file; the UI then
translates it with ``QCoreApplication.translate("core", template)``. Placeholders are named
(``{path}``) and must survive translation; a translation that loses one falls back to English.
Keys are ``<area>.<what>``; never reuse a key for a different meaning (saved experiment verdicts
store the key). The budget tab's templates are in ``message_catalog_budget``, the inside-the-model
ones in ``message_catalog_inside`` and those of continuing an experiment in
``message_catalog_continue`` (only to keep files short); all are merged into ``MESSAGES`` here.
"""

from __future__ import annotations

from gatelab.core.message_catalog_budget import BUDGET_MESSAGES, QT_TRANSLATE_NOOP
from gatelab.core.message_catalog_continue import CONTINUE_MESSAGES
from gatelab.core.message_catalog_inside import INSIDE_MESSAGES


MESSAGES: dict[str, str] = {
    # free text (an OS or library reason, a name): shown as is, not translated
    "text": "{text}",
    # several reasons in one line: "a; b; c"
    "list.semicolon": QT_TRANSLATE_NOOP("core", "{first}; {rest}"),
    # a library's KeyError: its text alone ("'sampler'") says nothing
    "error.missing_entry": QT_TRANSLATE_NOOP("core", "the entry {key} is missing"),

    # -- reading and writing files (core/fileio.py) ------------------------------------------
    # GATELAB_HOME="~nouser/x": pathlib cannot expand the ~ (no such user, or no home known)
    "home.no_tilde": QT_TRANSLATE_NOOP(
        "core", "GATELAB_HOME is {path}, and its ~ cannot be expanded (no such user, or no home "
                "folder known): give a full path"),
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
    # FileReadError.reason: the above without the path, after "cannot read <file>: " (the other
    # kinds reuse os.* and json.reason_not_utf8)
    "file.reason_not_regular": QT_TRANSLATE_NOOP(
        "core", "it is not a regular file (a pipe, device or socket)"),
    "file.reason_too_large": QT_TRANSLATE_NOOP("core", "larger than the {limit} limit"),
    "path_reason": QT_TRANSLATE_NOOP("core", "{path}: {reason}"),

    # -- JSON --------------------------------------------------------------------------------
    "json.too_many_digits": QT_TRANSLATE_NOOP("core", "{path}: a number in it has too many digits"),
    "json.invalid": QT_TRANSLATE_NOOP("core", "{path}: not valid JSON ({reason})"),
    "json.not_object": QT_TRANSLATE_NOOP("core", "{path}: expected a JSON object, found {found}"),
    # why a JSON document could not be parsed (core/reasons.py json_reason), inside the above
    "json.reason_empty": QT_TRANSLATE_NOOP("core", "the file is empty"),
    "json.reason_at": QT_TRANSLATE_NOOP("core", "line {line}, column {column}"),
    "json.reason_not_utf8": QT_TRANSLATE_NOOP("core", "not UTF-8 text (byte {byte})"),
    "json.reason_digits": QT_TRANSLATE_NOOP("core", "a number has too many digits"),
    "json.reason_too_deep": QT_TRANSLATE_NOOP("core", "nested too deeply"),
    "json.reason_unparsable": QT_TRANSLATE_NOOP("core", "it cannot be parsed"),

    # -- why an OS call failed (core/reasons.py os_reason); other errnos show the OS's text ----
    # (four keep the OS's English words, which the CLI printed before and tests pin)
    "os.link_loop": QT_TRANSLATE_NOOP("core", "a symbolic link that loops back on itself"),
    "os.name_too_long": QT_TRANSLATE_NOOP("core", "the name or path is too long"),
    "os.not_folder": QT_TRANSLATE_NOOP("core", "a part of the path is not a folder"),
    "os.is_folder": QT_TRANSLATE_NOOP("core", "it is a folder"),
    "os.missing": QT_TRANSLATE_NOOP("core", "No such file or directory"),
    "os.permission": QT_TRANSLATE_NOOP("core", "Permission denied"),
    "os.not_permitted": QT_TRANSLATE_NOOP("core", "Operation not permitted"),
    "os.read_only": QT_TRANSLATE_NOOP("core", "the file system is read-only"),
    "os.no_space": QT_TRANSLATE_NOOP("core", "No space left on device"),
    "os.quota": QT_TRANSLATE_NOOP("core", "the disk quota is used up"),
    "os.io": QT_TRANSLATE_NOOP("core", "an input/output error (a failing disk or a lost connection?)"),
    "os.no_device": QT_TRANSLATE_NOOP("core", "no device is behind it (a socket, or an unplugged device)"),
    "os.invalid": QT_TRANSLATE_NOOP("core", "the system refused the request (an invalid argument)"),
    "os.too_big": QT_TRANSLATE_NOOP("core", "the file is too large for this file system"),
    "os.too_many_open": QT_TRANSLATE_NOOP("core", "too many files are open"),
    "os.busy": QT_TRANSLATE_NOOP("core", "the file or device is busy"),
    "os.exists": QT_TRANSLATE_NOOP("core", "something of that name is already there"),

    # -- what a JSON value is (core/reasons.py json_kind), after "got …" -------------------------
    "kind.text": QT_TRANSLATE_NOOP("core", "the text \"{value}\""),
    "kind.bool": QT_TRANSLATE_NOOP("core", "the value {value}"),
    "kind.number": QT_TRANSLATE_NOOP("core", "the number {value}"),
    "kind.null": QT_TRANSLATE_NOOP("core", "null (no value)"),
    "kind.list": QT_TRANSLATE_NOOP("core", "a list ({n} items)"),
    "kind.object": QT_TRANSLATE_NOOP("core", "an object {{…}}"),
    "os.stale": QT_TRANSLATE_NOOP("core", "a stale file handle (a network file system lost it)"),

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
        "core", "checkpoint {path} is damaged (negative token count or empty vocabulary)"),
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
    "disk.too_full": QT_TRANSLATE_NOOP("core", "{path}: this run needs about {need} free on its disk for its checkpoints and history, but only {free} is free; free some space or train in another folder"),  # noqa: E501
    "run.folder_in_way": QT_TRANSLATE_NOOP("core", "a folder is in the way where this file belongs"),
    "run.busy": QT_TRANSLATE_NOOP(
        "core", "{path} is still being trained by process {pid} on {host}; stop that run first"),
    "run.locked": QT_TRANSLATE_NOOP(
        "core", "{path} is still being trained by another process; stop that run first"),
    "run.not_found": QT_TRANSLATE_NOOP("core", "run folder not found: {path}"),
    "run.not_run_folder": QT_TRANSLATE_NOOP("core", "not a gatelab run folder, refusing to delete: {path}"),
    "run.empty": QT_TRANSLATE_NOOP(
        "core", "nothing was saved: training stopped (the app was closed or killed) before the "
                "run wrote its first file; there is nothing to replay or resume, so delete it"),
    "run.empty_open": QT_TRANSLATE_NOOP(
        "core", "{path} holds no run to replay or resume: it was stopped before it saved "
                "anything; delete it under Runs"),
    "run.empty_young": QT_TRANSLATE_NOOP(
        "core", "{path} was created {age} s ago and may belong to a run that is still starting "
                "(reading its text, building its model); it can be deleted once it is {grace} s "
                "old"),
    "run.empty_changed": QT_TRANSLATE_NOOP(
        "core", "{path} is no longer empty: a run has begun writing into it; not deleted"),
    "run.sample_not_saved": QT_TRANSLATE_NOOP("core", "the sample was not saved: {reason}"),
    "run.history_not_saved": QT_TRANSLATE_NOOP(
        "core", "the stats history was not saved: {reason}; training goes on (checkpoints are "
                "still saved)"),
    "runs.ckpt_step": QT_TRANSLATE_NOOP(
        "core", "checkpoint {path} is damaged or not a gatelab checkpoint: it claims step {step}, "
                "outside the 0–{limit} steps its config trains"),
    "runs.summary_step": QT_TRANSLATE_NOOP(
        "core", "{path}: step {step} is implausible for this run (expected 0–{limit}); its saved "
                "statistics are not shown at that step"),
    "runs.history_past_end": QT_TRANSLATE_NOOP(
        "core", "{path}: skipped (step {step} lies beyond step {limit}, where this run ended)"),
    "runs.history_past_config": QT_TRANSLATE_NOOP(
        "core", "{path}: skipped (step {step} lies beyond the {limit} steps this run is "
                "configured to train)"),
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
    "corpus.blank": QT_TRANSLATE_NOOP(
        "core", "corpus file holds only whitespace (spaces, tabs, new lines), no text: {path}"),
    "corpus.binary": QT_TRANSLATE_NOOP(
        "core", "corpus file looks binary (it contains NUL bytes), not text: {path}"),
    "corpus.wide_text": QT_TRANSLATE_NOOP(
        "core", "corpus file is {encoding} text; gatelab reads UTF-8 only, so save it as UTF-8: {path}"),
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
    "ckpt.not_finite": QT_TRANSLATE_NOOP(
        "core", "{count} of its weights hold NaN or infinity ({names}): the checkpoint is "
                "damaged, and training cannot go on from it; start a new run"),
    "ckpt.optimizer_layout": QT_TRANSLATE_NOOP(
        "core", "its optimizer state does not list this model's parameters"),
    "ckpt.optimizer_entry": QT_TRANSLATE_NOOP(
        "core", "the optimizer state of {name} does not fit it ({problem})"),
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
    # a resume (or a replay) of a run whose metrics.jsonl was cut below its checkpoint (metrics_gap)
    "resume.metrics_gap": QT_TRANSLATE_NOOP("core", "metrics.jsonl ends at step {last} but the "
                                            "checkpoint is at step {step}: steps {first}–{step} have no metrics"),
    "resume.metrics_gap_one": QT_TRANSLATE_NOOP("core", "metrics.jsonl ends at step {last} but the "
                                                "checkpoint is at step {step}: step {step} has no metrics"),
    "resume.metrics_none": QT_TRANSLATE_NOOP("core", "metrics.jsonl holds no rows but the "
                                             "checkpoint is at step {step}: steps 1–{step} have no metrics"),
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

    # -- experiment verdicts (core/experiment.py, core/sink_experiment.py) --------------------
    "verdict.need_two": QT_TRANSLATE_NOOP(
        "core", "none yet: it needs finished runs of at least two variants"),
    "verdict.one_seed": QT_TRANSLATE_NOOP(
        "core", "{best} lower by {diff:.4f}, but one seed gives no noise floor"),
    "verdict.better": QT_TRANSLATE_NOOP("core", "{best} better by {diff:.4f}, {ratio:.1f}× the noise"),
    "verdict.within": QT_TRANSLATE_NOOP(
        "core", "within noise (difference {diff:.4f} < noise floor {noise:.4f})"),
    "experiment.no_variant": QT_TRANSLATE_NOOP("core", "an experiment needs at least one variant"),
    "experiment.no_seed": QT_TRANSLATE_NOOP("core", "an experiment needs at least one seed"),
    "experiment.unreadable": QT_TRANSLATE_NOOP("core", "cannot read {path}: {reason}"),
    "experiment.malformed": QT_TRANSLATE_NOOP("core", "{path}: not a readable experiment ({reason})"),
    "experiment.reason_wrong_kind": QT_TRANSLATE_NOOP(
        "core", "the entry {key} does not hold what an experiment writes there"),
    "experiment.empty": QT_TRANSLATE_NOOP(
        "core", "nothing was saved: the experiment stopped (the app was closed or killed) before "
                "it wrote its first file; there is nothing to open or continue, so delete it"),
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
    "state.json_at": QT_TRANSLATE_NOOP(
        "core", "not a gatelab state: not valid JSON (line {line}, column {column})"),
    "state.empty": QT_TRANSLATE_NOOP("core", "not a gatelab state: the file is empty"),
    "state.format": QT_TRANSLATE_NOOP(
        "core", "not a gatelab state: the \"format\" is not \"gatelab-state\""),
    "state.version": QT_TRANSLATE_NOOP(
        "core", "not a gatelab state: \"version\" must be a whole number from 1 to {maximum:,}"),
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
    "map.linear_layers": QT_TRANSLATE_NOOP(
        "core", "{n_linear} linear-attention layers cannot be among {n_layer} layers"),
    "map.source": QT_TRANSLATE_NOOP("core", "source must be a string of at most {maximum} characters"),
    "map.not_mapping": QT_TRANSLATE_NOOP("core", "sizes must be a mapping, got {found}"),
    "map.variant": QT_TRANSLATE_NOOP("core", "variant must be a string, got {value!r}"),
    "map.lacks": QT_TRANSLATE_NOOP("core", "sizes lack {name!r}"),
    "map.bad_config": QT_TRANSLATE_NOOP("core", "expected a TrainConfig or a dict, got {found}"),
}
MESSAGES.update(BUDGET_MESSAGES)
MESSAGES.update(INSIDE_MESSAGES)
MESSAGES.update(CONTINUE_MESSAGES)
