"""The parameter count beside the trainer's form went blank ("—") while the learning rate's
text was no number, though the learning rate sizes nothing (walkthrough s25): a learner fixing
one field lost the count the other fields set. Its error line still says what is wrong."""

from __future__ import annotations

from gatelab.core.trainconfig import count_params
from tests.ui.test_trainer_panel import panel  # noqa: F401 (fixture)


def test_a_bad_learning_rate_keeps_the_parameter_count(qtbot, panel) -> None:  # noqa: ANN001, F811
    c = panel.controls
    c.width.setValue(64)
    counted = c.params_label.text()
    cfg = c.config()
    vocab = c.corpus.summary.vocab_size if c.corpus.summary else None
    assert "{0:,}".format(count_params(cfg, vocab)) in counted
    c.lr.setText("abc")
    assert c.params_label.text() == counted  # the same model, the same count
    assert "learning rate must be a number" in c.error.text() and c.error.isVisibleTo(panel)
    c.width.setValue(96)  # the count still follows the fields that size the model
    bigger = count_params(cfg.replace(n_embd=96), vocab)
    assert "{0:,}".format(bigger) in c.params_label.text()
    c.lr.setText("1e-3")
    assert "{0:,}".format(bigger) in c.params_label.text() and c.error.text() == ""
