"""The trainer's configuration form: corpus, model and training settings → one ``TrainConfig``.

The form holds no rules of its own: ``TrainConfig.validate()`` decides what is valid (its message
is shown under the form and nothing starts), the budget module counts parameters as you type (no
torch needed) and supplies the 8/3 and parameter-matched widths, and the device list comes from
the engine's detector, asked lazily (by the panel, off the GUI thread) because it imports torch.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QSettings, QTimer, Signal
from PySide6.QtWidgets import (QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QPushButton,
                               QVBoxLayout, QWidget)

from gatelab.core.budget import rule_8_3
from gatelab.core.trainconfig import (FFN_VARIANTS, TrainConfig, classic_matched_intermediate,
                                      count_params, salvage_config)
from gatelab.ui.messages import message_text
from gatelab.ui.trainer_corpus import CorpusBox
from gatelab.ui.trainer_form_errors import LrTextError, fields_of, mark_rows, reveal, show_message
from gatelab.ui.trainer_spin import make_widget
from gatelab.ui.trainer_fields import (DEFAULT_CONFIG, FIELDS,  # noqa: F401 (re-exported for
                                       FORM_FIELDS, Field, form_config, variant_label)  # tests)


class TrainerControls(QWidget):
    """Edit a ``TrainConfig``; ``config_changed`` fires on every edit (valid or not)."""

    config_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.devices_loaded = False
        self._best_device: object = ""  # the detector's first choice, shown as "auto → …"
        self._device_labels: dict[str, object] = {}  # detected devices' labels (core Msgs)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)

        self.corpus = CorpusBox(self)
        layout.addWidget(self.corpus)
        self.model_box, self.train_box = QGroupBox(), QGroupBox()
        forms = {"model": QFormLayout(self.model_box), "train": QFormLayout(self.train_box)}
        self._labels: dict[str, QLabel] = {}
        self.btn_83 = QPushButton()
        self.btn_matched = QPushButton()
        self.params_label = QLabel()
        for f in FIELDS:
            widget = make_widget(f)
            setattr(self, f.attr, widget)
            shown: Any = widget
            if f.key == "intermediate":  # the width with its two rule buttons
                shown = QHBoxLayout()
                shown.addWidget(widget, 1)
                shown.addWidget(self.btn_83)
                shown.addWidget(self.btn_matched)
            if f.kind == "check":
                forms[f.group].addRow("", shown)
            else:
                self._labels[f.key] = QLabel()
                forms[f.group].addRow(self._labels[f.key], shown)
        for name in FFN_VARIANTS:
            self.variant.addItem(name, name)
        self.device.addItem("auto", "auto")
        self._params_caption = QLabel()
        forms["model"].addRow(self._params_caption, self.params_label)
        layout.addWidget(self.model_box)
        layout.addWidget(self.train_box)

        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        self.error.setVisible(False)
        layout.addWidget(self.error)
        self.reset_button = QPushButton()
        layout.addWidget(self.reset_button)
        layout.addStretch(1)

        for combo in (self.variant, self.device, self.corpus.combo):  # long labels must not
            combo.setSizeAdjustPolicy(                                  # widen the form
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(12)
        self.retranslate(emit=False)
        self.set_config(DEFAULT_CONFIG)
        for f in FIELDS:
            widget = getattr(self, f.attr)
            signal = {"spin": "valueChanged", "combo": "currentIndexChanged", "check": "toggled",
                      "lr": "textChanged"}[f.kind]
            getattr(widget, signal).connect(self._on_changed)
        self.corpus.corpus_changed.connect(self._on_changed)
        self.btn_83.clicked.connect(self._on_rule_83)
        self.btn_matched.clicked.connect(self._on_matched)
        self.reset_button.clicked.connect(lambda: self.set_config(DEFAULT_CONFIG))
        self._on_changed()

    def retranslate(self, emit: bool = True) -> None:
        """Every label, tip and item text of the form in the current language."""
        self.corpus.retranslate()
        self.model_box.setTitle(self.tr("Model"))
        self.train_box.setTitle(self.tr("Training"))
        for f in FIELDS:
            widget = getattr(self, f.attr)
            widget.setToolTip(self.tr(f.tip))
            if f.kind == "check":
                widget.setText(self.tr(f.label))
            else:
                self._labels[f.key].setText(self.tr(f.label))
            if f.special:
                widget.set_special(self.tr(f.special), f.special)  # "auto" typed too
        for i in range(self.variant.count()):
            self.variant.setItemText(i, variant_label(str(self.variant.itemData(i))))
        self._retranslate_auto_device()
        self.btn_83.setText(self.tr("8/3"))
        self.btn_83.setToolTip(self.tr("m = ⌈8d/3⌉ rounded up to 16: a gated FFN with the "
                                       "parameters of a classic 4·d one"))
        self.btn_matched.setText(self.tr("Param-matched"))
        self.btn_matched.setToolTip(self.tr(
            "Parameter-matched pair: a gated variant gets the width matching a classic 4·d FFN "
            "(d = 256: 688), a classic one gets 4·d (1024)"))
        for button in (self.btn_83, self.btn_matched):  # their words' width, not the style's 80
            button.setMinimumWidth(button.fontMetrics().horizontalAdvance(button.text()) + 20)
        self._params_caption.setText(self.tr("Parameters"))
        self.reset_button.setText(self.tr("Reset to defaults"))
        self.reset_button.setToolTip(self.tr("Put every setting back to gatelab's defaults"))
        if emit:
            self._on_changed()  # the parameter count and the validation message

    def _retranslate_auto_device(self) -> None:
        """"auto → best device" and the detected devices' labels (core Msgs) in the language."""
        for i in range(self.device.count()):
            key = self.device.itemData(i)
            if key == "auto":
                best = (message_text(self._best_device) if self._best_device else
                        self.tr("CPU"))
                self.device.setItemText(i, self.tr("auto → {0}").format(best)
                                        if self.devices_loaded or self._best_device
                                        else self.tr("auto"))
            elif key in self._device_labels:
                self.device.setItemText(i, message_text(self._device_labels[key]))

    def device_name(self, device: str) -> str:
        """A device the engine reports ("cpu", "cuda:0") as the Device list names it ("CPU (2
        threads)"); the id itself when the list does not know it."""
        kind = device.split(":")[0]
        label = self._device_labels.get(kind) if device in (kind, kind + ":0") else None
        if label:
            return message_text(label)
        return self.tr("CPU") if device == "cpu" else device

    # -- config <-> widgets --------------------------------------------------------------------
    def raw_config(self) -> TrainConfig:
        """The form as a config, not yet validated (lr text that is no number raises ValueError)."""
        values = {f.key: self._value(f) for f in FIELDS}
        return DEFAULT_CONFIG.replace(corpus=self.corpus.corpus(), **values)

    def _sized_config(self) -> TrainConfig:
        """The form as a config for the parameter count. Why not ``raw_config``: a learning rate
        that is no number raised there and blanked the count ("—"), though it sizes nothing
        (walkthrough s25); such text keeps the default here."""
        values = {}
        for f in FIELDS:
            try:
                values[f.key] = self._value(f)
            except LrTextError:
                continue
        return DEFAULT_CONFIG.replace(corpus=self.corpus.corpus(), **values)

    def _value(self, f: Field) -> Any:
        widget = getattr(self, f.attr)
        if f.kind == "spin":
            return (widget.value() or None) if f.special else widget.value()
        if f.kind == "combo":
            return str(widget.currentData() or "auto")
        if f.kind == "check":
            return widget.isChecked()
        try:
            return float(widget.text().strip())
        except ValueError:
            raise LrTextError(self.tr("learning rate must be a number like 1e-3, got {0!r}")
                              .format(widget.text())) from None

    def config(self) -> TrainConfig:
        """The validated config; raises ValueError with TrainConfig.validate()'s message."""
        return self.raw_config().validate()

    def set_config(self, cfg: TrainConfig) -> None:
        widgets = [getattr(self, f.attr) for f in FIELDS] + [self.corpus]
        for w in widgets:
            w.blockSignals(True)
        try:
            self.corpus.set_corpus(cfg.corpus)
            for f in FIELDS:
                self._set_value(f, getattr(cfg, f.key))
        finally:
            for w in widgets:
                w.blockSignals(False)
        self._on_changed()

    def _set_value(self, f: Field, value: Any) -> None:
        widget = getattr(self, f.attr)
        if f.kind == "spin":
            widget.setValue(value or 0)
        elif f.kind == "check":
            widget.setChecked(bool(value))
        elif f.kind == "lr":
            widget.setText("{0:g}".format(value))
        elif f.key == "device":
            self._select_device(str(value))
        else:
            widget.setCurrentIndex(max(widget.findData(value), 0))

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
        self._best_device = choices[0][1] if choices else ""  # a core Msg or text
        self._device_labels = dict(choices)
        self.devices_loaded = True
        self.device.addItem("auto", "auto")
        for key, label in choices:
            self.device.addItem(message_text(label), key)
        self._retranslate_auto_device()
        self._select_device(current)
        self.device.blockSignals(False)

    # -- validation and live parameter count ---------------------------------------------------
    def validation_error(self) -> str:
        try:
            self.config()
        except ValueError as exc:
            return message_text(exc)
        return ""

    def invalid_fields(self) -> tuple[str, ...]:
        """The form's fields that the validation message is about (empty when valid)."""
        try:
            self.config()
        except ValueError as exc:
            return fields_of(exc, {f.key for f in FIELDS})
        return ()

    def reveal_error(self) -> None:
        """Scroll to the validation message and the first field it is about, and focus that
        field: what Start does when the form cannot start."""
        keys = self.invalid_fields()
        first = next((f for f in FIELDS if f.key in keys), None)
        if first is None:
            reveal(self.error)
        else:
            reveal(getattr(self, first.attr), self.error)

    def _show_reason(self) -> None:
        """The form's message scrolled into view, with the field being edited (else the first
        one the message is about); the focus stays where it is."""
        keys = self.invalid_fields()
        show_message(self, self.error, next((getattr(self, f.attr) for f in FIELDS
                                             if f.key in keys), None))

    def _on_changed(self) -> None:
        self.corpus.set_block_size(self.block.value())  # "too short" shows before Start
        message, said = self.validation_error(), self.error.text()
        self.error.setText(message)
        self.error.setVisible(bool(message))
        if message and message != said:  # out of sight below the fold: scrolled into view
            QTimer.singleShot(0, self, self._show_reason)
        rows = {f.key: getattr(self, f.attr) if f.kind == "check" else self._labels[f.key]
                for f in FIELDS}
        mark_rows(rows, self.invalid_fields() if message else (), message)
        summary = self.corpus.summary
        try:
            count = count_params(self._sized_config(), summary.vocab_size if summary else None)
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

    # -- state (File → Save state, Copy state) ------------------------------------------------
    def state(self) -> dict[str, Any]:
        """Every form value as plain JSON; an lr that is no number is kept as its text."""
        out: dict[str, Any] = {"corpus": self.corpus.corpus()}
        for f in FIELDS:
            try:
                out[f.key] = self._value(f)
            except ValueError:
                out[f.key] = self.lr.text()
        return out

    def check_state(self, state: Any) -> dict[str, Any]:
        """The known keys of ``state`` checked against each widget's range; ValueError (one
        translated line) on the first bad one. Nothing is changed here."""
        if not isinstance(state, dict):
            raise ValueError(self.tr("the trainer form must be an object"))
        values: dict[str, Any] = {}
        for key, value in state.items():
            f = next((x for x in FIELDS if x.key == key), None)
            if key == "corpus":
                if not isinstance(value, str) or not value or len(value) > 4096 or "\0" in value:
                    raise ValueError(self.tr("corpus must be 'python', 'generated' or a file "
                                             "path"))
            elif f is not None:
                value = self._check_value(f, value)
            else:
                continue  # unknown keys are ignored
            values[key] = value
        return values

    def _check_value(self, f: Field, value: Any) -> Any:
        name = "{0} ({1})".format(self.tr(f.label), f.key)  # the form's words, then the file's
        bad = ValueError(self.tr("{0} has a bad value: {1}").format(name, str(value)[:40]))
        if f.kind == "spin":
            if value is None and f.special:
                return None
            if isinstance(value, bool) or not isinstance(value, int) or not f.lo <= value <= f.hi:
                raise ValueError(self.tr("{0} must be a whole number from {1:,} to {2:,}, not "
                                         "{3}").format(name, f.lo, f.hi, str(value)[:40]))
            return value
        if f.kind == "check":
            if not isinstance(value, bool):
                raise bad
            return value
        if f.kind == "lr":
            try:
                lr = float(value) if not isinstance(value, bool) else float("nan")
            except (TypeError, ValueError):
                raise bad from None
            if not 0.0 < lr < 10.0:  # NaN fails too
                raise bad
            return lr
        choices = FFN_VARIANTS if f.key == "variant" else None
        if not isinstance(value, str) or not value or len(value) > 64 or (
                choices is not None and value not in choices):
            raise bad
        return value

    def apply_state(self, state: Any) -> None:
        """Put ``state``'s values into the form; all checked first, nothing changed on error."""
        values = self.check_state(state)
        if not values:
            return
        corpus = values.pop("corpus", self.corpus.corpus())
        self.set_config(DEFAULT_CONFIG.replace(corpus=corpus, **{
            **self._current_values(), **values}))

    def _current_values(self) -> dict[str, Any]:
        out = {}
        for f in FIELDS:
            try:
                out[f.key] = self._value(f)
            except ValueError:
                out[f.key] = DEFAULT_CONFIG.lr
        return out

    # -- settings ------------------------------------------------------------------------------
    def save_settings(self, settings: QSettings) -> None:
        try:
            data = self.raw_config().to_dict()
        except ValueError:
            return  # an unparsable form is not remembered; the last good one stays
        settings.setValue("config", json.dumps(data))

    def restore_settings(self, settings: QSettings) -> bool:
        """The remembered form, each usable field of it; False when some of it was not."""
        raw: Any = settings.value("config", "")
        if raw in ("", None):
            return True  # nothing remembered yet
        try:
            data = json.loads(str(raw))
        except (ValueError, TypeError, RecursionError):  # (a damaged file: [[[… 50,000 deep)
            return False  # nothing to salvage: the form stays as it is
        cfg, whole = salvage_config(data, DEFAULT_CONFIG, FORM_FIELDS)
        self.set_config(cfg)
        return whole

