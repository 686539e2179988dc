"""Every preset's note is marked for translation, and the gpt-oss note's arithmetic holds."""

from __future__ import annotations

from gatelab.core.budget.presets import PRESET_NOTES, load_presets


def test_every_preset_note_is_marked_for_translation_and_none_is_stale() -> None:
    notes = sorted(p.note for p in load_presets() if p.note)
    assert notes == sorted(PRESET_NOTES)
    assert len(notes) >= 10


def test_gpt_oss_active_is_openais_plus_the_input_embedding() -> None:
    """The note says gatelab's active count adds the input embedding to OpenAI's 3.61 B."""
    oss = next(p for p in load_presets() if p.key == "gpt-oss-20b")
    count = oss.count()
    embedding = 201_088 * 2_880
    assert count.parts["embeddings"] == embedding
    assert round((count.active - embedding) / 1e9, 2) == 3.61
    assert "579 M" in oss.note and "3.61 B" in oss.note
