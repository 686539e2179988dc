"""The run list's Status cell: a long reason is cut at a word with "…", the tooltip holds it all."""

from __future__ import annotations

from gatelab.ui.runs_view import STATUS_CHARS, RunsView, elide_words
from gatelab.ui.trainer_jobs import RunRow

REASON = ("checkpoint /home/someone/.local/share/gatelab/runs/run-20261201-001500-abcd/ckpt.pt "
          "cannot be read: it is truncated or damaged (not a complete checkpoint file)")


def test_elide_words_cuts_at_a_word_boundary() -> None:
    assert elide_words("short reason", 40) == "short reason"
    cut = elide_words("alpha beta gamma delta epsilon", 18)
    assert cut == "alpha beta gamma…" and len(cut) <= 18
    assert elide_words("error in /usr/local/share/gatelab/runs", 30) == "error in /usr/local/share/…"
    full = "broken: " + REASON
    shown = elide_words(full, STATUS_CHARS)
    assert len(shown) <= STATUS_CHARS and shown.endswith("…")
    kept = shown[:-1]
    assert full.startswith(kept)
    rest = full[len(kept):]
    assert kept.endswith("/") or rest[0] in " ,;:"  # between words or folders, never inside one


def test_status_tooltip_holds_the_full_reason(qtbot) -> None:  # noqa: ANN001
    view = RunsView()
    qtbot.addWidget(view)
    view.shutdown()  # no background refresh: the rows below are the only ones
    rows = [RunRow("/x/a", "a", "swiglu", "", "", "0/10", None, None, "broken", REASON),
            RunRow("/x/b", "b", "swiglu", "", "", "10/10", 1.0, 1.1, "finished")]
    view._show_rows(rows, "")
    cell = view.table.item(0, 7)
    assert cell.toolTip() == "broken: " + REASON
    assert cell.text().endswith("…") and len(cell.text()) <= STATUS_CHARS
    assert REASON.split()[-1] not in cell.text()
    assert view.table.item(1, 7).text() == "finished"
    assert view.table.item(1, 7).toolTip() == "finished"
    assert view.table.item(0, 0).toolTip() == "/x/a"
