"""A state file's refusal names the setting in the form's words, once (probe s15 F4).

Why: a trainer state with a 65536-wide model was refused as "Live trainer: n_embd has a bad
value: 65536" (the form says "Width d", and the range was not given), and a budget state as
"Parameter budget: Budget state: preset must be a model name" (the tab named twice)."""

from __future__ import annotations

import pytest

from gatelab.core.state_file import StateDoc, StateError


def test_a_trainer_value_out_of_range_names_the_field_and_its_range(main_window) -> None:  # noqa: ANN001
    with pytest.raises(StateError) as caught:
        main_window.apply_state_doc(StateDoc("trainer", {"trainer": {"form": {"n_embd": 65536}}}))
    assert str(caught.value) == ("Live trainer: Width d (n_embd) must be a whole number from 8 "
                                 "to 4,096, not 65536")
    with pytest.raises(StateError) as caught:
        main_window.apply_state_doc(StateDoc("trainer", {"trainer": {"form": {"variant": "nope"}}}))
    assert str(caught.value) == "Live trainer: FFN variant (variant) has a bad value: nope"


def test_a_budget_refusal_names_its_tab_once(main_window) -> None:  # noqa: ANN001
    with pytest.raises(StateError) as caught:
        main_window.apply_state_doc(StateDoc("budget", {"budget": {"preset": 5}}))
    assert str(caught.value) == "Parameter budget: preset must be a model name"
