"""The Runs list keeps what the user was looking at when a run is added above it.

Why (noticed s22): runs are listed newest first, so a run started in a terminal (or an
experiment's next run) is inserted at the top while the user reads further down. The rows were
rebuilt and the selection re-made, so the view either jumped or the rows under the user's eyes
moved down by one each time a run appeared. Checked as the user sees it: the on-screen y of the
selected run (or, with no selection, of the run at the top of the view) before and after.
"""

from __future__ import annotations

from gatelab.ui.runs_view import RunsView
from tests.ui.conftest import settle
from tests.ui.test_runs_live_s22 import _row, _view


def _y_of(view: RunsView, path: str) -> int:
    r = next(i for i, row in enumerate(view.rows) if row.path == path)
    return view.table.visualRect(view.table.model().index(r, 0)).top()


def _scrolled(qtbot, selected: bool) -> tuple[RunsView, list, str]:  # noqa: ANN001
    rows = [_row(i) for i in range(100, 40, -1)]  # newest first
    view = _view(qtbot, rows, (700, 400))
    target = rows[30].path
    if selected:
        view.select_path(target)
    view.table.scrollTo(view.table.model().index(28, 0),
                        view.table.ScrollHint.PositionAtTop)
    settle()
    return view, rows, target


def test_selected_run_stays_put_when_a_run_is_added_above(qtbot) -> None:  # noqa: ANN001
    view, rows, target = _scrolled(qtbot, selected=True)
    before = _y_of(view, target)
    assert 0 <= before < view.table.viewport().height()
    for n in (1, 2, 3):  # three new runs, one poll each
        rows = [_row(200 + n), *rows]
        view._show_rows(rows, view.selected_path())
        settle()
        assert view.selected_path() == target
        assert _y_of(view, target) == before


def test_top_run_stays_put_without_a_selection(qtbot) -> None:  # noqa: ANN001
    view, rows, _target = _scrolled(qtbot, selected=False)
    top = view.rows[view.table.rowAt(0)].path
    before = _y_of(view, top)
    view._show_rows([_row(300), *rows], "")
    settle()
    assert _y_of(view, top) == before


def test_a_view_at_the_top_shows_the_new_run(qtbot) -> None:  # noqa: ANN001
    """At the very top the user is watching for new runs: the new one comes into view."""
    rows = [_row(i) for i in range(100, 40, -1)]
    view = _view(qtbot, rows, (700, 400))
    view._show_rows([_row(300), *rows], "")
    settle()
    assert view.table.rowAt(0) == 0 and view.rows[0].path == _row(300).path


def test_view_scrolled_away_from_the_selection_stays_where_the_user_left_it(qtbot) -> None:  # noqa: ANN001
    """Re-selecting the run made the view jump back to it (Qt scrolls to a new current row)."""
    rows = [_row(i) for i in range(100, 40, -1)]
    view = _view(qtbot, rows, (700, 400))
    view.select_path(rows[2].path)
    view.table.scrollTo(view.table.model().index(40, 0), view.table.ScrollHint.PositionAtTop)
    settle()
    top = view.rows[view.table.rowAt(0)].path
    before = _y_of(view, top)
    view._show_rows([_row(300), *rows], view.selected_path())
    settle()
    assert view.selected_path() == rows[2].path
    assert _y_of(view, top) == before
