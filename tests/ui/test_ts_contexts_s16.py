"""Every string lupdate extracts has a translation context. Moving the Checkpoint view out of
budget_import.py left the budget's file-opening strings in a context with no name: lupdate
read the mixin's ``if TYPE_CHECKING:`` block of one-line stubs as the end of the class. At run
time ``self.tr`` looks them up as "BudgetFilesMixin", so the Chinese UI would have shown them in
English (s16)."""

from __future__ import annotations

from pathlib import Path
import xml.etree.ElementTree as ET

import gatelab
from tests.ui.conftest import extract_ts


def test_no_string_lands_in_an_unnamed_context(tmp_path: Path) -> None:
    files = sorted(Path(gatelab.__file__).parent.rglob("*.py"))
    ts = extract_ts(tmp_path, files)
    contexts = list(ET.parse(ts).getroot().iter("context"))
    assert len(contexts) > 50
    unnamed = [m.findtext("source") for c in contexts if not (c.findtext("name") or "").strip()
               for m in c.iter("message")]
    assert unnamed == []
    names = {c.findtext("name") for c in contexts}
    assert {"BudgetFilesMixin", "CheckpointView", "PresetTable", "ErrorLine"} <= names
