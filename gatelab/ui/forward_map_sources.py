"""Where the Forward pass tab's sizes come from: the Inside tab's traced model, the Live
trainer's form, or the budget's preset or opened file (``SOURCES``), each read through the main
window's panel lookup, and re-read when the trainer's corpus or a budget file lands later.

A mixin of ``ForwardMapPanel`` (kept apart so that the panel's module stays under a screenful
of reading per part); it uses the panel's ``_lookup``, ``_build``, ``_pinned``, ``_sizes``,
``source()`` and ``_set_sizes``.
"""

from __future__ import annotations

import weakref
from typing import Any

from gatelab.core import forward_map as fm
from gatelab.core.forward_map import ForwardSizes

# where the sizes come from: "auto" is the first of the others that knows a model. Why a choice:
# the trainer's form always knows one, so the budget's preset (GPT-2, a config.json opened
# there) could never be drawn, nor the trainer's form once Inside had traced a text (walk s25 F1)
SOURCES = ("auto", "inside", "trainer", "budget")


_PRESETS: dict[str, ForwardSizes] = {}  # shipped presets by file stem and by name, read once


def preset_sizes(key: str) -> ForwardSizes | None:
    """A shipped preset's sizes by file stem or display name; None if it is not there."""
    if not _PRESETS:
        from gatelab.core.budget import load_presets  # the small JSON files under resources/

        try:
            for preset in load_presets():
                sizes = fm.sizes_from_hf_config(preset.config, preset.name, "budget")
                _PRESETS[preset.key] = _PRESETS[preset.name] = sizes
        except ValueError:
            _PRESETS.clear()
            return None
    return _PRESETS.get(key)


class ForwardSources:
    """The panel's readers of the other tabs' models."""

    def _panel(self, name: str, build: bool) -> Any:
        """Tab ``name``'s panel; with ``build``, the trainer's and the budget's are built if
        needed (an Inside-the-model panel built now would hold no model anyway)."""
        panel = self._lookup(name)
        if panel is None and build and name != "inside" and self._build is not None:
            panel = self._build(name)
        return panel

    def _sizes_from_panels(self, build: bool = True) -> ForwardSizes | None:
        """The chosen source's sizes; Automatic: the first source that knows sizes (inside,
        else trainer, else budget)."""
        if self.source() != "auto":
            return self._sizes_from(self.source(), build)
        for name in SOURCES[1:]:
            sizes = self._sizes_from(name, build)
            if sizes is not None:
                return sizes
        return None

    def _sizes_from(self, name: str, build: bool) -> ForwardSizes | None:
        """Tab ``name``'s sizes, or None (no panel, or an unusable source: a half-typed form)."""
        reader = {"inside": self._from_inside, "trainer": self._from_trainer,
                  "budget": self._from_budget}[name]
        try:
            panel = self._panel(name, build)
            return reader(panel) if panel is not None else None
        except (ValueError, TypeError, AttributeError, KeyError, IndexError):
            return None

    @staticmethod
    def _from_inside(panel: Any) -> ForwardSizes | None:
        raw = panel.model_sizes()
        if raw is None:
            return None
        return ForwardSizes.from_dict({**raw, "origin": "inside"})

    def _from_trainer(self, panel: Any) -> ForwardSizes | None:
        controls = panel.controls
        summary = getattr(controls.corpus, "summary", None)
        if summary is None:
            self._await_corpus(controls.corpus)
        vocab = getattr(summary, "vocab_size", None) if summary is not None else None
        cfg = controls.config()
        name = "{0}, d = {1}".format(fm.VARIANT_NAME.get(cfg.variant, cfg.variant), cfg.n_embd)
        return fm.sizes_from_train_config(cfg, vocab if isinstance(vocab, int) else None, name)

    def _await_corpus(self, box: Any) -> None:
        """Have the trainer's corpus box read its text (it waits for its tab to be shown) and
        show its vocabulary once read. Why: the map's "tokens" box said just "V" until the
        Live trainer tab had been opened, though the trainer's form had named the corpus."""
        changed, start = getattr(box, "corpus_changed", None), getattr(box, "activate", None)
        if changed is None or start is None:
            return  # (a stand-in form without a corpus box: nothing to wait for)
        if self._corpus_box is None or self._corpus_box() is not box:
            self._corpus_box = weakref.ref(box)
            changed.connect(self._on_trainer_corpus)
        start()  # a no-op once it has started reading

    def _on_trainer_corpus(self) -> None:
        """The trainer's corpus was read (or changed): its vocabulary joins the map, where the
        map shows the trainer's sizes and no lesson has pinned others."""
        if self._pinned or self._sizes is None or self._sizes.origin != "trainer":
            return
        sizes = self._sizes_from("trainer", build=False)
        if sizes is not None and sizes != self._sizes:
            self._set_sizes(sizes)

    def _from_budget(self, panel: Any) -> ForwardSizes | None:
        self._await_budget(panel)
        name = panel.compare_name()
        if not name:
            return None
        config = getattr(panel, "configs", {}).get(name)
        if config is not None:  # a config.json opened there names the activation (and family)
            return fm.sizes_from_hf_config(config, name, "config")  # (walk s25 F3: GPT-2 SiLU)
        sizes = preset_sizes(name)  # a preset: its config names the activation too
        if sizes is None:
            count = panel.models.get(name)
            # a config.json or checkpoint opened there, no shipped preset: "config" (walk s25 F2)
            sizes = None if count is None else fm.sizes_from_spec(count.spec, source=name,
                                                                  origin="config")
        return sizes

    def _await_budget(self, panel: Any) -> None:
        """Read the budget's model again whenever a file it reads in the background lands. Why:
        after a relaunch the budget opens the remembered config.json off the GUI thread, and the
        map, shown first, kept the budget's default preset until Refresh (walkthrough s25)."""
        loader = getattr(panel, "file_loader", None)
        if loader is None or (self._budget_panel is not None and self._budget_panel() is panel):
            return  # (a stand-in budget without files, or already listened to)
        self._budget_panel = weakref.ref(panel)
        loader().result_applied.connect(self._on_budget_read)

    def _on_budget_read(self, _kind: str, _path: str, ok: bool) -> None:
        """A config.json or checkpoint is on the budget's screen: redraw it where the map shows
        the budget's model (or would: Automatic without another model), unless a lesson pinned
        sizes or the learner chose another tab's model."""
        shown = self._sizes.origin if self._sizes is not None else ""
        if not ok or self._pinned or shown not in ("", "budget", "config"):
            return
        if self.source() not in ("auto", "budget"):
            return
        sizes = self._sizes_from_panels(build=False)
        if sizes is not None and sizes != self._sizes:
            self._set_sizes(sizes)
