"""The trainer's configuration form: corpus, model and training settings → one ``TrainConfig``.

The form holds no rules of its own: ``TrainConfig.validate()`` decides what is valid (its message
is shown under the form and nothing starts), the budget module counts parameters as you type (no
torch needed) and supplies the 8/3 and parameter-matched widths, and the device list comes from
the engine's detector, asked lazily (by the panel, off the GUI thread) because it imports torch.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QSettings, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gatelab.core import gates
from gatelab.core.budget import rule_8_3
from gatelab.core.trainconfig import (CLASSIC_VARIANTS, FFN_VARIANTS, TrainConfig,
                                      classic_matched_intermediate, count_params)
from gatelab.ui.messages import message_text
from gatelab.ui.trainer_corpus import CorpusBox

DEFAULT_CONFIG = TrainConfig(corpus="python", steps=1000, eval_interval=100, warmup_steps=50,
                             checkpoint_interval=250)


def _spin(lo: int, hi: int, step: int, tip: str, special: str = "") -> QSpinBox:
    box = QSpinBox()
    box.setRange(lo, hi)
    box.setSingleStep(step)
    box.setToolTip(tip)
    box.setKeyboardTracking(True)
    box.setAccelerated(True)
    if special:
        box.setSpecialValueText(special)
    return box


class TrainerControls(QWidget):
    """Edit a ``TrainConfig``; ``config_changed`` fires on every edit (valid or not)."""

    config_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.devices_loaded = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)

        self.corpus = CorpusBox(self)
        layout.addWidget(self.corpus)

        model = QGroupBox(self.tr("Model"))
        form = QFormLayout(model)
        self.variant = QComboBox()
        for name in FFN_VARIANTS:
            label = (self.tr("{0} — classic, 2 matrices").format(name.upper())
                     if name in CLASSIC_VARIANTS else gates.get(name).label)
            self.variant.addItem(label, name)
        self.variant.setToolTip(self.tr("The feed-forward block inside every layer"))
        form.addRow(self.tr("FFN variant"), self.variant)
        self.width = _spin(8, 4096, 16, self.tr("Model width d (embedding size)"))
        form.addRow(self.tr("Width d"), self.width)
        self.layers = _spin(1, 64, 1, self.tr("Number of transformer blocks"))
        form.addRow(self.tr("Layers"), self.layers)
        self.heads = _spin(1, 64, 1, self.tr("Attention heads (width must divide by it)"))
        form.addRow(self.tr("Heads"), self.heads)
        self.kv_heads = _spin(0, 64, 1, self.tr(
            "Key/value heads: same as heads (MHA), fewer (GQA) or 1 (MQA)"), self.tr("= heads"))
        form.addRow(self.tr("KV heads"), self.kv_heads)
        self.intermediate = _spin(0, 65536, 16, self.tr(
            "MLP intermediate width m; 'auto' uses 8/3·d for gated variants, 4·d for classic"),
            self.tr("auto"))
        self.btn_83 = QPushButton(self.tr("8/3"))
        self.btn_83.setToolTip(self.tr("m = ⌈8d/3⌉ rounded up to 16: a gated FFN with the "
                                       "parameters of a classic 4·d one"))
        self.btn_matched = QPushButton(self.tr("Param-matched"))
        self.btn_matched.setToolTip(self.tr(
            "Parameter-matched pair: a gated variant gets the width matching a classic 4·d FFN "
            "(d = 256: 688), a classic one gets 4·d (1024)"))
        row = QHBoxLayout()
        row.addWidget(self.intermediate, 1)
        row.addWidget(self.btn_83)
        row.addWidget(self.btn_matched)
        form.addRow(self.tr("Intermediate m"), row)
        self.block = _spin(8, 4096, 8, self.tr("Context length in characters"))
        form.addRow(self.tr("Block size"), self.block)
        self.attn_gate = QCheckBox(self.tr("Attention output gate"))
        self.attn_gate.setToolTip(self.tr(
            "A per-head sigmoid gate on the attention output, computed from the block input"))
        form.addRow("", self.attn_gate)
        self.params_label = QLabel()
        self.params_label.setToolTip(self.tr("Exact count from the budget module"))
        form.addRow(self.tr("Parameters"), self.params_label)
        layout.addWidget(model)

        train = QGroupBox(self.tr("Training"))
        tform = QFormLayout(train)
        self.steps = _spin(1, 1_000_000, 100, self.tr("Optimizer steps"))
        tform.addRow(self.tr("Steps"), self.steps)
        self.batch = _spin(1, 4096, 4, self.tr("Sequences per step"))
        tform.addRow(self.tr("Batch"), self.batch)
        self.lr = QLineEdit()
        self.lr.setToolTip(self.tr("Peak learning rate of AdamW, e.g. 1e-3"))
        tform.addRow(self.tr("Learning rate"), self.lr)
        self.warmup = _spin(0, 1_000_000, 10, self.tr("Linear warm-up steps before cosine decay"))
        tform.addRow(self.tr("Warm-up"), self.warmup)
        self.eval_interval = _spin(1, 1_000_000, 50, self.tr("Evaluate on validation every N steps"))
        tform.addRow(self.tr("Eval every"), self.eval_interval)
        self.seed = _spin(0, 2**31 - 1, 1, self.tr("Same seed, same run (on CPU)"))
        tform.addRow(self.tr("Seed"), self.seed)
        self.device = QComboBox()
        self.device.setToolTip(self.tr("Where to train; 'auto' picks CUDA, then MPS, then CPU"))
        self.device.addItem(self.tr("auto"), "auto")
        tform.addRow(self.tr("Device"), self.device)
        self.compile = QCheckBox(self.tr("torch.compile (slow start, faster steps)"))
        tform.addRow("", self.compile)
        layout.addWidget(train)

        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        self.error.setVisible(False)
        layout.addWidget(self.error)
        self.reset_button = QPushButton(self.tr("Reset to defaults"))
        self.reset_button.setToolTip(self.tr("Put every setting back to gatelab's defaults"))
        layout.addWidget(self.reset_button)
        layout.addStretch(1)

        for combo in (self.variant, self.device, self.corpus.combo):  # long labels must not
            combo.setSizeAdjustPolicy(                                  # widen the form
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(12)
        self.set_config(DEFAULT_CONFIG)
        for box in (self.width, self.layers, self.heads, self.kv_heads, self.intermediate,
                    self.block, self.steps, self.batch, self.warmup, self.eval_interval, self.seed):
            box.valueChanged.connect(self._on_changed)
        self.lr.textChanged.connect(self._on_changed)
        for combo in (self.variant, self.device):
            combo.currentIndexChanged.connect(self._on_changed)
        self.attn_gate.toggled.connect(self._on_changed)
        self.compile.toggled.connect(self._on_changed)
        self.corpus.corpus_changed.connect(self._on_changed)
        self.btn_83.clicked.connect(self._on_rule_83)
        self.btn_matched.clicked.connect(self._on_matched)
        self.reset_button.clicked.connect(lambda: self.set_config(DEFAULT_CONFIG))
        self._on_changed()

    # -- config <-> widgets --------------------------------------------------------------------
    def raw_config(self) -> TrainConfig:
        """The form as a config, not yet validated (lr text that is no number raises ValueError)."""
        try:
            lr = float(self.lr.text().strip())
        except ValueError:
            raise ValueError(self.tr("learning rate must be a number like 1e-3, got {0!r}")
                             .format(self.lr.text())) from None
        return DEFAULT_CONFIG.replace(
            corpus=self.corpus.corpus(), variant=str(self.variant.currentData()),
            n_embd=self.width.value(), n_layer=self.layers.value(), n_head=self.heads.value(),
            n_kv_head=self.kv_heads.value() or None, intermediate=self.intermediate.value() or None,
            block_size=self.block.value(), attn_gate=self.attn_gate.isChecked(),
            steps=self.steps.value(), batch_size=self.batch.value(), lr=lr,
            warmup_steps=self.warmup.value(), eval_interval=self.eval_interval.value(),
            seed=self.seed.value(), device=str(self.device.currentData() or "auto"),
            compile=self.compile.isChecked())

    def config(self) -> TrainConfig:
        """The validated config; raises ValueError with TrainConfig.validate()'s message."""
        return self.raw_config().validate()

    def set_config(self, cfg: TrainConfig) -> None:
        widgets = (self.width, self.layers, self.heads, self.kv_heads, self.intermediate,
                   self.block, self.steps, self.batch, self.warmup, self.eval_interval, self.seed,
                   self.variant, self.device, self.lr, self.attn_gate, self.compile, self.corpus)
        for w in widgets:
            w.blockSignals(True)
        try:
            self.corpus.set_corpus(cfg.corpus)
            index = self.variant.findData(cfg.variant)
            self.variant.setCurrentIndex(max(index, 0))
            self.width.setValue(cfg.n_embd)
            self.layers.setValue(cfg.n_layer)
            self.heads.setValue(cfg.n_head)
            self.kv_heads.setValue(cfg.n_kv_head or 0)
            self.intermediate.setValue(cfg.intermediate or 0)
            self.block.setValue(cfg.block_size)
            self.attn_gate.setChecked(cfg.attn_gate)
            self.steps.setValue(cfg.steps)
            self.batch.setValue(cfg.batch_size)
            self.lr.setText("{0:g}".format(cfg.lr))
            self.warmup.setValue(cfg.warmup_steps)
            self.eval_interval.setValue(cfg.eval_interval)
            self.seed.setValue(cfg.seed)
            self._select_device(cfg.device)
            self.compile.setChecked(cfg.compile)
        finally:
            for w in widgets:
                w.blockSignals(False)
        self._on_changed()

    def _select_device(self, device: str) -> None:
        index = self.device.findData(device)
        if index < 0:  # remembered device not (yet) detected: keep it selectable
            self.device.addItem(device, device)
            index = self.device.count() - 1
        self.device.setCurrentIndex(index)

    def set_devices(self, choices: list[tuple[str, str]]) -> None:
        """Fill the device list with the detector's (key, label) pairs; keeps the selection."""
        current = str(self.device.currentData() or "auto")
        self.device.blockSignals(True)
        self.device.clear()
        best = message_text(choices[0][1]) if choices else self.tr("CPU")
        self.device.addItem(self.tr("auto → {0}").format(best), "auto")
        for key, label in choices:
            self.device.addItem(message_text(label), key)
        self._select_device(current)
        self.device.blockSignals(False)
        self.devices_loaded = True

    # -- validation and live parameter count ---------------------------------------------------
    def validation_error(self) -> str:
        try:
            self.config()
        except ValueError as exc:
            return message_text(exc)
        return ""

    def _on_changed(self) -> None:
        self.corpus.set_block_size(self.block.value())  # "too short" shows before Start
        message = self.validation_error()
        self.error.setText(message)
        self.error.setVisible(bool(message))
        summary = self.corpus.summary
        try:
            count = count_params(self.raw_config(), summary.vocab_size if summary else None)
        except ValueError:
            count = None
        if count is None:
            self.params_label.setText(self.tr("—"))
        elif summary is None:
            self.params_label.setText(self.tr("≈ {0:,} ({1:.2f} M)").format(count, count / 1e6))
            self.params_label.setToolTip(self.tr("Exact once the corpus is read (the vocabulary "
                                                 "sets the embedding size)"))
        else:
            self.params_label.setText(self.tr("{0:,} ({1:.2f} M)").format(count, count / 1e6))
            self.params_label.setToolTip(self.tr("Exact count from the budget module, vocabulary "
                                                 "{0}").format(summary.vocab_size))
        self.config_changed.emit()

    def _on_rule_83(self) -> None:
        self.intermediate.setValue(rule_8_3(self.width.value(), DEFAULT_CONFIG.multiple_of))

    def _on_matched(self) -> None:
        self.intermediate.setValue(classic_matched_intermediate(
            self.width.value(), str(self.variant.currentData()), DEFAULT_CONFIG.multiple_of))

    # -- settings ------------------------------------------------------------------------------
    def save_settings(self, settings: QSettings) -> None:
        try:
            data = self.raw_config().to_dict()
        except ValueError:
            return  # an unparsable form is not remembered; the last good one stays
        settings.setValue("config", json.dumps(data))

    def restore_settings(self, settings: QSettings) -> None:
        raw: Any = settings.value("config", "")
        try:
            cfg = DEFAULT_CONFIG.replace(**{
                k: v for k, v in TrainConfig.from_dict(json.loads(str(raw))).to_dict().items()
                if k in FORM_FIELDS}).validate()
        except (ValueError, TypeError, AttributeError):  # garbage: keep defaults
            return
        self.set_config(cfg)


FORM_FIELDS = frozenset((
    "corpus", "variant", "n_embd", "n_layer", "n_head", "n_kv_head", "intermediate", "block_size",
    "attn_gate", "steps", "batch_size", "lr", "warmup_steps", "eval_interval", "seed", "device",
    "compile"))
