"""English templates of the budget tab's messages: JSON and safetensors readers, model specs,
Hugging Face configs, presets and the notes shown beside a count (see ``message_catalog``).

A separate module only to keep files short; ``gatelab.core.message_catalog.MESSAGES`` holds these
too. Marked for pyside6-lupdate in context "core" like every core message.
"""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (Qt's name, found by lupdate)
    """Mark ``text`` for extraction into the translation context ``context``; returns it as is."""
    return text


BUDGET_MESSAGES: dict[str, str] = {
    # -- budget: JSON and safetensors headers (core/budget/jsonio.py, safetensors.py) --------
    "file.cannot_read": QT_TRANSLATE_NOOP("core", "cannot read {reason}"),
    "json.key_twice": QT_TRANSLATE_NOOP("core", "the key {key!r} appears twice"),
    "json.not_utf8": QT_TRANSLATE_NOOP("core", "{what} is not UTF-8 text (byte {byte})"),
    "json.too_deep": QT_TRANSLATE_NOOP("core", "{what} is nested too deeply"),
    "json.ambiguous": QT_TRANSLATE_NOOP("core", "{what} is ambiguous: {reason}"),
    "json.digits": QT_TRANSLATE_NOOP("core", "a number in {what} has too many digits"),
    "json.invalid_what": QT_TRANSLATE_NOOP("core", "{what} is not valid JSON ({reason})"),
    "json.must_object": QT_TRANSLATE_NOOP("core", "{what} must hold a JSON object, got {found}"),
    "st.more_than": QT_TRANSLATE_NOOP("core", "more than 10^{exp}"),
    "st.bad_shape": QT_TRANSLATE_NOOP(
        "core", "tensor {name!r}: shape must be a list of at most {maximum} whole numbers ≥ 0"),
    "st.entry": QT_TRANSLATE_NOOP("core", "tensor {name!r}: entry must be an object"),
    "st.dtype": QT_TRANSLATE_NOOP("core", "tensor {name!r}: unknown dtype {dtype!r}"),
    "st.offsets": QT_TRANSLATE_NOOP("core", "tensor {name!r}: data_offsets must be [begin, end]"),
    "st.offsets_outside": QT_TRANSLATE_NOOP(
        "core", "tensor {name!r}: data_offsets [{begin}, {end}] lie outside the data area of "
                "{size:,} bytes"),
    "st.size_mismatch": QT_TRANSLATE_NOOP(
        "core", "tensor {name!r}: shape [{dims}] of {dtype} needs {need} bytes but data_offsets "
                "span {span:,}"),
    "st.too_many": QT_TRANSLATE_NOOP(
        "core", "{path}: {count:,} tensors, more than the {limit:,} this reader accepts in one "
                "file (not a real checkpoint?)"),
    "st.header": QT_TRANSLATE_NOOP("core", "{path}: safetensors header"),
    "st.metadata": QT_TRANSLATE_NOOP("core", "{path}: __metadata__ must map strings to strings"),
    "st.overlap": QT_TRANSLATE_NOOP(
        "core", "{path}: tensors {a!r} and {b!r} overlap (bytes {begin:,}–{end:,})"),
    "st.gap": QT_TRANSLATE_NOOP(
        "core", "{path}: bytes {begin:,}–{end:,} of its data belong to no tensor (a damaged or "
                "edited header)"),
    "st.shrank": QT_TRANSLATE_NOOP("core", "{path}: file shrank while reading its header"),
    "st.too_short": QT_TRANSLATE_NOOP("core", "{path}: too short to be a safetensors file ({size} bytes)"),
    "st.header_empty": QT_TRANSLATE_NOOP(
        "core", "{path}: its header length is 0, so it is not a safetensors file (those start "
                "with the length of a JSON header)"),
    "st.header_cap": QT_TRANSLATE_NOOP(
        "core", "{path}: header length {length:,} bytes exceeds the {cap} MB cap (not a "
                "safetensors file?)"),
    "st.header_long": QT_TRANSLATE_NOOP(
        "core", "{path}: header length {length:,} bytes is longer than the file ({size:,} "
                "bytes); truncated or not a safetensors file"),
    "st.cannot_read": QT_TRANSLATE_NOOP("core", "cannot read {path}: {reason}"),
    "st.index": QT_TRANSLATE_NOOP(
        "core", "{path}: expected an object with a 'weight_map' of name → shard file"),
    "st.twice": QT_TRANSLATE_NOOP("core", "tensor {name!r} appears in more than one shard"),
    "st.missing": QT_TRANSLATE_NOOP(
        "core", "{path}: {n} tensor(s) listed in the index are missing from their shards, e.g. "
                "{example!r}"),
    "st.shard": QT_TRANSLATE_NOOP(
        "core", "{path}: shard {shard!r} must be a .safetensors file beside the index"),
    "st.shard_unreadable": QT_TRANSLATE_NOOP(
        "core", "{path}: shard {shard!r} cannot be read: {reason}"),
    "st.shards_too_many": QT_TRANSLATE_NOOP(
        "core", "{path}: its shards hold more than {limit:,} tensors in all (not a real "
                "checkpoint?)"),

    # -- budget: model specs and HF configs (core/budget/*) ------------------------------------
    "value.whole": QT_TRANSLATE_NOOP("core", "{name} must be a whole number, got {value!r}"),
    "value.at_least": QT_TRANSLATE_NOOP("core", "{name} must be ≥ {minimum}, got {value}"),
    "value.at_most_n": QT_TRANSLATE_NOOP("core", "{name} must be ≤ {maximum:,}, got {value:,}"),
    "value.positive": QT_TRANSLATE_NOOP("core", "{name} must be a positive number, got {value!r}"),
    "value.bool": QT_TRANSLATE_NOOP("core", "{name} must be true or false, got {value!r}"),
    "budget.head_dim_zero": QT_TRANSLATE_NOOP("core", "head_dim d ÷ heads is 0 (d = {d}, heads = {heads})"),
    "budget.kv_heads": QT_TRANSLATE_NOOP("core", "heads ({heads}) must be a multiple of KV heads ({kv})"),
    "budget.hidden_heads": QT_TRANSLATE_NOOP(
        "core", "hidden size {hidden} is smaller than the number of heads {heads}"),
    "budget.first_dense": QT_TRANSLATE_NOOP(
        "core", "first_dense_layers ({n}) exceeds the number of layers ({layers})"),
    "budget.linear_layers": QT_TRANSLATE_NOOP(
        "core", "linear-attention layers ({n}) exceed the number of layers ({layers})"),
    "budget.linear_heads": QT_TRANSLATE_NOOP(
        "core", "linear value heads ({value_heads}) must be a multiple of linear key heads "
                "({key_heads})"),
    "hf.whole": QT_TRANSLATE_NOOP("core", "config key {name!r} must be a whole number, got {value!r}"),
    "hf.range": QT_TRANSLATE_NOOP("core", "config key {name!r} is out of range ({value!r})"),
    "hf.layer_types": QT_TRANSLATE_NOOP("core", "config key 'layer_types' must be a list of strings"),
    "hf.layer_types_len": QT_TRANSLATE_NOOP(
        "core", "layer_types lists {n} layers but num_hidden_layers is {layers}"),
    "hf.layer_kind": QT_TRANSLATE_NOOP(
        "core", "layer_types[{i}] is {kind!r}, a layer kind gatelab does not know (known: {known})"),
    "hf.moe_layers": QT_TRANSLATE_NOOP("core", "config key 'moe_layers' must be a list of layer indices"),
    "hf.no_linear": QT_TRANSLATE_NOOP(
        "core", "layer_types marks {n} layers as linear_attention, but model_type {family!r} has "
                "no linear-attention layers"),
    "note.towers_both": QT_TRANSLATE_NOOP(
        "core", "Counted the language model of text_config; not counted: the vision tower, the "
                "audio tower, the multimodal projector."),
    "note.towers_vision": QT_TRANSLATE_NOOP(
        "core", "Counted the language model of text_config; not counted: the vision tower, the "
                "multimodal projector."),
    "note.towers_audio": QT_TRANSLATE_NOOP(
        "core", "Counted the language model of text_config; not counted: the audio tower, the "
                "multimodal projector."),
    "note.towers_none": QT_TRANSLATE_NOOP(
        "core", "Counted the language model of text_config; not counted: any vision/audio towers."),
    "hf.whole_type": QT_TRANSLATE_NOOP("core", "config key {name!r} must be a whole number, got {found}"),
    "hf.at_least": QT_TRANSLATE_NOOP("core", "config key {name!r} must be ≥ {minimum}, got {value}"),
    "hf.huge": QT_TRANSLATE_NOOP("core", "config key {name!r} is absurdly large ({value:.3g})"),
    "hf.lacks": QT_TRANSLATE_NOOP("core", "config.json lacks the {what} (any of: {aliases})"),
    "hf.lacks_field": QT_TRANSLATE_NOOP(
        "core", "{path} lacks {name} (also accepted in its place: {aliases})"),
    "hf.lacks_text_field": QT_TRANSLATE_NOOP(
        "core", "{path}: its text_config lacks {name} (also accepted in its place: {aliases})"),
    "hf.lacks_family_field": QT_TRANSLATE_NOOP("core", "{path} lacks {name} ({reads})"),
    "hf.lacks_family_text_field": QT_TRANSLATE_NOOP(
        "core", "{path}: its text_config lacks {name} ({reads})"),
    "hf.reads_only": QT_TRANSLATE_NOOP(
        "core", "the only name transformers' {family} config reads for it"),
    "hf.reads_also": QT_TRANSLATE_NOOP(
        "core", "transformers' {family} config also reads it as {aliases}"),
    "hf.not_read": QT_TRANSLATE_NOOP("core", "{family} does not read {keys}"),
    "hf.wrapper_flat": QT_TRANSLATE_NOOP(
        "core", "{path}: a {family} config keeps its language model in text_config, which this "
                "file lacks (transformers would build its default one)"),
    "hf.bool": QT_TRANSLATE_NOOP("core", "config key {name!r} must be true or false, got {value!r}"),
    "hf.string": QT_TRANSLATE_NOOP("core", "config key {name!r} must be a string, got {found}"),
    "hf.text_config": QT_TRANSLATE_NOOP("core", "config key 'text_config' must be an object"),
    "hf.mlp_only_layers": QT_TRANSLATE_NOOP(
        "core", "config key 'mlp_only_layers' must be a list of layer indices"),
    "hf.not_object": QT_TRANSLATE_NOOP("core", "config.json must hold a JSON object, got {found}"),
    "hf.no_intermediate": QT_TRANSLATE_NOOP("core", "config.json has dense layers but no intermediate_size"),
    "hf.experts_every_layer": QT_TRANSLATE_NOOP(
        "core", "config key {name!r} must be at least 1 for {family}: its every layer is a "
                "mixture of experts"),
    "hf.experts_some_layers": QT_TRANSLATE_NOOP(
        "core", "config key {name!r} must be at least 1 for {family}: {n} of its {layers} layers "
                "are mixtures of experts"),
    "hf.top_k_experts": QT_TRANSLATE_NOOP(
        "core", "config key {name!r} ({k}) must not exceed the number of experts ({n})"),
    "hf.top_k_default": QT_TRANSLATE_NOOP(
        "core", "{name} is not set, and transformers' {family} default ({k}) exceeds the number "
                "of experts ({n}): add {name} to the config"),
    "hf.no_expert_width": QT_TRANSLATE_NOOP(
        "core", "config.json gives its experts no width: {name} is missing or 0"),
    "hf.kv_default": QT_TRANSLATE_NOOP(
        "core", "num_key_value_heads is not set, and transformers' {family} default ({kv}) does "
                "not divide num_attention_heads ({heads}): add num_key_value_heads to the config"),
    "hf.bad_arg": QT_TRANSLATE_NOOP("core", "expected a config.json path or a dict, got {found}"),
    "hf.malformed": QT_TRANSLATE_NOOP("core", "malformed config: {reason}"),
    "hf.bigcode_mq_cross": QT_TRANSLATE_NOOP(
        "core", "add_cross_attention with multi_query: transformers' gpt_bigcode model refuses "
                "this combination (multi-query cross-attention is not supported)"),
    "preset.unreadable": QT_TRANSLATE_NOOP("core", "preset {name}: {reason}"),
    "preset.no_config": QT_TRANSLATE_NOOP("core", "preset {name} must be an object with a 'config' object"),
    "preset.no_name": QT_TRANSLATE_NOOP("core", "preset {name} needs 'name' and 'source' strings"),
    "preset.total": QT_TRANSLATE_NOOP("core", "preset {name}: checkpoint_total must be a positive integer"),

    # -- budget notes (shown beside a count) ---------------------------------------------------
    "note.unknown_family": QT_TRANSLATE_NOOP(
        "core", "Unknown model_type {family!r}: counted as a Llama-style decoder (not verified)."),
    "note.unverified": QT_TRANSLATE_NOOP(
        "core", "model_type {family!r} is counted from its config but not verified against "
                "transformers' model."),
    "note.mtp_beside": QT_TRANSLATE_NOOP(
        "core", "The checkpoint also stores a multi-token-prediction layer; transformers' model "
                "does not build it, so it is shown beside the total, not in it."),
    "note.mtp_not_counted": QT_TRANSLATE_NOOP(
        "core", "The checkpoint's multi-token-prediction layers are not counted (transformers' "
                "model does not build them)."),
    "note.minimind_rule": QT_TRANSLATE_NOOP(
        "core", "intermediate_size not set: MiniMind's rule ceil(d·π/64)·64 gives {m}."),
    "note.correction_bias": QT_TRANSLATE_NOOP(
        "core", "Counts the router's e_score_correction_bias ({n:,} numbers): the checkpoint stores "
                "it, while transformers keeps it as a buffer, so model.parameters() is that much "
                "smaller."),
    "note.ignored_keys": QT_TRANSLATE_NOOP(
        "core", "Ignored {keys}: transformers' {family} model has no such setting and builds "
                "nothing for it, so neither does this count."),
    "note.t5_decoder_depth": QT_TRANSLATE_NOOP(
        "core", "The decoder has {n} layers, not num_hidden_layers' {encoder}: transformers' "
                "{family} config takes the decoder's depth from num_layers ({n} here; {default} "
                "when the file leaves it out)."),
    "note.base_model_only": QT_TRANSLATE_NOOP(
        "core", "{family!r} is counted as its base model (the encoder, and its pooler shown as the "
                "head); task heads "
                "such as the masked-LM head (cls.*) differ by checkpoint and are not counted."),
    "note.cross_attention": QT_TRANSLATE_NOOP(
        "core", "add_cross_attention: every layer also has a cross-attention block and its norm "
                "(to attend to an encoder's outputs), counted under attention and norms."),
    "note.empty_shared_bias": QT_TRANSLATE_NOOP(
        "core", "n_shared_experts is 0, yet transformers' DeepSeek-V2 builds an empty shared "
                "expert whose down_proj keeps its bias (mlp_bias): {n:,} numbers this count "
                "leaves out."),
    "note.gpt_oss": QT_TRANSLATE_NOOP(
        "core", "gpt-oss checkpoints store the expert matrices as MXFP4 blocks; this counts the "
                "logical (unpacked) parameters."),
    "note.mxfp4": QT_TRANSLATE_NOOP(
        "core", "MXFP4 *_blocks tensors hold two 4-bit values per byte: counted as 2 × stored "
                "elements; their *_scales are quantization metadata, not parameters."),
    "note.int_packed": QT_TRANSLATE_NOOP(
        "core", "Integer-packed (quantized) tensors are counted as stored elements; their true "
                "parameter count depends on the packing and may differ."),
    "note.quant_meta": QT_TRANSLATE_NOOP(
        "core", "{n:,} elements of quantization metadata (scales, zeros) are not counted as "
                "parameters."),
    "note.towers_ckpt": QT_TRANSLATE_NOOP(
        "core", "{n:,} parameters belong to the vision/audio towers and the multimodal "
                "projector: grouped apart, as the config's count is of the language model only."),
    "note.buffers": QT_TRANSLATE_NOOP("core", "{n:,} elements of buffers or tied copies are not counted."),
}
