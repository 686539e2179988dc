"""The inside-the-model tab end to end: a tiny gatelab run and a tiny HF model made in fixtures,
analysed through the worker like a user would, against a direct computation with the model's
own modules; the step slider; every bad source; the live run; top-k; settings; teardown."""

from __future__ import annotations

import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
import torch
from PySide6.QtCore import QSettings, Qt

from gatelab.core import gates
from gatelab.core.trainconfig import TrainConfig
from gatelab.ui.inside_gates import fmt_value
from gatelab.ui.inside_panel import InsidePanel
from tests.ui.conftest import show_panel
from gatelab.ui.inside_worker import TaskRunner
from gatelab.ui.widgets import fmt_number

from .inside_synth import isolated_dot

TEXT = "I flew from Paris to Tokyo last week"
CFG = TrainConfig(corpus="generated", variant="swiglu", n_layer=2, n_embd=32, n_head=2,
                  block_size=48, batch_size=4, steps=8, eval_interval=4, warmup_steps=1, seed=3,
                  device="cpu", stats_interval=4, checkpoint_interval=4, threads=1, sample_chars=10)


@pytest.fixture(scope="module")
def tiny_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from gatelab.core.engine import train_steps

    run = tmp_path_factory.mktemp("inside-run") / "run-tiny"
    list(train_steps(CFG, run_dir=run))
    return run


@pytest.fixture(scope="module")
def tiny_hf(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.core.inside_helpers import save_hf_model

    return save_hf_model(tmp_path_factory.mktemp("inside-hf") / "llama", "llama")


@pytest.fixture
def panel(qtbot) -> Iterator[InsidePanel]:  # noqa: ANN001
    p = show_panel(qtbot, InsidePanel())
    yield p
    p.shutdown()
    assert not p.runner.is_busy()


def analyse(qtbot, panel: InsidePanel, kind: str, path: str, text: str = TEXT) -> None:  # noqa: ANN001
    panel.source.set_kind(kind)
    if kind == "run":
        panel.source.select_run(path)
    elif kind == "hf":
        panel.source.hf_path.setText(path)
    panel.source.text.setText(text)
    qtbot.mouseClick(panel.source.analyse, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=60000)


@torch.no_grad()
def direct(run: Path, text: str) -> list[dict[str, np.ndarray]]:
    """g, u, ‖MLP out‖ and ‖block out‖ per layer from the model's own modules (forward hooks)."""
    from gatelab.core.engine import load_trained

    model, vocab, _cfg = load_trained(run, device="cpu")
    model.eval()
    got: list[dict[str, np.ndarray]] = [{} for _ in model.blocks]
    hooks = []
    for i, block in enumerate(model.blocks):
        def put(key: str, i: int = i):  # noqa: ANN202
            return lambda _m, _inp, out: got[i].__setitem__(key, out[0].float().numpy().copy())
        hooks += [block.mlp.gate_proj.register_forward_hook(put("g")),
                  block.mlp.up_proj.register_forward_hook(put("u")),
                  block.mlp.register_forward_hook(put("mlp")),
                  block.register_forward_hook(put("x"))]
    model(torch.tensor([vocab.encode(text)]))
    for h in hooks:
        h.remove()
    return got


def test_a_saved_run_against_a_direct_computation(qtbot, panel: InsidePanel, tiny_run: Path
                                                   ) -> None:  # noqa: ANN001
    analyse(qtbot, panel, "run", str(tiny_run))
    assert panel.sel.has_trace(), panel.source.message_text()
    assert panel.sel.trace.tokens == list(TEXT) and panel.sel.trace.step == CFG.steps
    ref = direct(tiny_run, TEXT)
    panel.sel.set_layer(1)
    panel.sel.set_token(14)  # "r" of Paris
    panel.views.setCurrentWidget(panel.gates)
    qtbot.wait(30)
    view = panel.gates
    m = ref[1]["g"].shape[1]
    assert view.dots.drawn() == m == panel.sel.intermediate()  # one dot per intermediate neuron
    neg = 100 * float(np.mean(ref[1]["g"][14] < 0))
    assert f"<b>{fmt_number(neg, 1)}&nbsp;%</b>" in view.stats.text()
    i = isolated_dot(view)
    qtbot.mouseClick(view.maps.widget.viewport(), Qt.MouseButton.LeftButton,
                     pos=view.dot_viewport_point(i).toPoint())
    assert panel.sel.neuron == i
    g, u = float(ref[1]["g"][14, i]), float(ref[1]["u"][14, i])
    assert view.readout.value_text("g") == fmt_value(g)
    assert view.readout.value_text("u") == fmt_value(u)
    h, dg, du = (float(x) for x in gates.evaluate("swiglu", g, u))
    assert view.readout.value_text("h_formula") == fmt_value(h)
    assert view.readout.value_text("dh_dg") == fmt_value(dg)
    # the shading is h of that neuron over the text (act(g)·u of the model's own g and u)
    expect = gates.evaluate("swiglu", ref[1]["g"][:, i].astype(np.float64),
                            ref[1]["u"][:, i].astype(np.float64))[0]
    np.testing.assert_allclose(panel.shaded.strip.values(), expect, rtol=1e-4, atol=1e-5)
    # the contribution bars: ‖MLP out‖ / ‖block out‖ at the token
    ratios = [np.linalg.norm(r["mlp"][14]) / np.linalg.norm(r["x"][14]) for r in ref]
    np.testing.assert_allclose(panel.mlp.token_bars.opts["height"], ratios, rtol=1e-4)


def test_step_slider_shows_each_checkpoint(qtbot, panel: InsidePanel, tiny_run: Path) -> None:  # noqa: ANN001
    analyse(qtbot, panel, "run", str(tiny_run))
    history = panel.history
    qtbot.waitUntil(lambda: history.slider.isEnabled(), timeout=20000)
    panel.views.setCurrentWidget(history)
    panel.sel.set_layer(1)
    steps = sorted(int(p.stem.split("_")[1]) for p in (tiny_run / "stats_history").glob("step_*.npz"))
    assert steps == [4, 8] and history.slider.maximum() == 1
    for index, step in enumerate(steps):
        history.set_index(index)
        with np.load(tiny_run / "stats_history" / f"step_{step:06d}.npz") as z:
            saved = {k: z[k] for k in z.files}
        text = history.readout.text()
        assert f"step {step}, L1" in text
        assert f"g &lt; 0 {fmt_number(100 * float(saved['frac_neg'][1]), 1)} %" in text
        assert f"MLP ratio {fmt_number(float(saved['mlp_ratio'][1]), 4)}" in text
        np.testing.assert_allclose(history.curves["frac_closed"].getData()[1], saved["frac_closed"])
        np.testing.assert_allclose(history.dots.data["x"], saved["gate_pairs"][1][:, 0])
        # that step's weights were kept: the text is traced at that step and every view follows
        panel.source.text.setText("edited meanwhile")  # the slider keeps the text on show
        qtbot.waitUntil(lambda s=step: panel.sel.trace.step == s and not panel.runner.is_busy(),
                        timeout=20000)
        assert f", step {step}" in panel.pickers.info.text()
        assert panel.sel.trace.tokens == list(TEXT)


def _copy(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst)
    return dst


def test_bad_sources_show_their_message_and_the_tab_stays_usable(
        qtbot, panel: InsidePanel, tiny_run: Path, tiny_hf: Path, tmp_path: Path) -> None:  # noqa: ANN001
    (tmp_path / "empty").mkdir()
    (tmp_path / "afile").write_text("x")
    notok = _copy(tiny_hf, tmp_path / "notok")
    (notok / "tokenizer.json").unlink()
    trunc = _copy(tiny_hf, tmp_path / "trunc")
    os.truncate(trunc / "model.safetensors", (trunc / "model.safetensors").stat().st_size - 100)
    alien = _copy(tiny_hf, tmp_path / "alien")
    (alien / "config.json").write_text('{"model_type": "frobnicator9000"}')
    cases = [("run", str(tmp_path / "nowhere"), "no such run folder"),
             ("run", str(tmp_path / "empty"), "not a gatelab run folder"),
             ("hf", str(tmp_path / "afile"), "not a folder"),
             ("hf", str(tmp_path / "empty"), "not a model folder"),
             ("hf", str(notok), "the tokenizer is missing"),
             ("hf", str(trunc), "damaged or truncated"),
             ("hf", str(alien), "frobnicator9000"),
             ("run", str(tiny_run), "block size")]  # a text longer than the model reads
    analyse(qtbot, panel, "run", str(tiny_run))
    for kind, path, message in cases:
        text = TEXT * 2 if message == "block size" else TEXT
        analyse(qtbot, panel, kind, path, text)
        # a failed analysis keeps the last good trace, and the message says so
        assert panel.sel.has_trace() and "still show the last trace" in panel.source.message_text()
        shown = panel.source.message_text()
        assert message in shown and "Could not analyse" in shown, (path, shown)
        assert "c0392b" in panel.source.message.styleSheet()
        assert "\n" not in shown.strip() and "Traceback" not in shown
        assert panel.source.analyse.isEnabled()
    panel.source.set_kind("hf")
    panel.source.hf_path.setText("")
    assert not panel.analyse() and "Choose a Hugging Face" in panel.source.message_text()
    analyse(qtbot, panel, "run", str(tiny_run))  # still usable
    assert panel.sel.has_trace() and "36 tokens" in panel.source.message_text()


def test_a_hugging_face_folder_and_top_k_contexts(qtbot, panel: InsidePanel, tiny_hf: Path,
                                                   tmp_path: Path) -> None:  # noqa: ANN001
    panel.source.device.setCurrentText("cpu")
    analyse(qtbot, panel, "hf", str(tiny_hf))
    trace = panel.sel.trace
    assert trace is not None and trace.source_kind == "hf", panel.source.message_text()
    assert "".join(trace.tokens).endswith("last week") and len(trace.tokens) < len(TEXT)
    assert panel.pickers.layer.count() == 2 and panel.sel.intermediate() == 48
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("The food was not bad at all. I flew from Paris to Tokyo. " * 40)
    assert panel.topk.file_button.isVisible()
    panel.topk.text_file = str(corpus)
    panel.sel.set_neuron(3, layer=1)
    assert panel.topk.find_button.isEnabled()
    qtbot.mouseClick(panel.topk.find_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=60000)
    found = panel.topk.found()
    assert len(found) == 10, panel.topk.message.text()
    from gatelab.core.inside.analysis import top_k_contexts

    want = top_k_contexts(panel.cache.model, 1, 3, corpus.read_text(), k=10)
    np.testing.assert_allclose([c["score"] for c in found], [c["score"] for c in want], rtol=1e-5)
    assert "L1 #3" in panel.topk.message.text()
    assert fmt_value(found[0]["score"]) in panel.topk.results.toHtml()


def test_top_k_for_a_run_can_be_cancelled(qtbot, panel: InsidePanel, tiny_run: Path) -> None:  # noqa: ANN001
    analyse(qtbot, panel, "run", str(tiny_run))
    panel.sel.set_neuron(2, layer=0)
    panel.find_top_k("")
    assert panel.topk.cancel_button.isEnabled()
    qtbot.mouseClick(panel.topk.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=30000)
    assert not panel.topk.cancel_button.isEnabled() and panel.topk.find_button.isEnabled()
    panel.find_top_k("")  # and run to the end
    qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=30000)
    found = panel.topk.found()
    assert len(found) == 10 and "cancelled" not in panel.topk.message.text()
    scores = [c["score"] for c in found]
    assert scores == sorted(scores, reverse=True)


def test_the_live_run_is_the_trainers_run(qtbot, settings: QSettings, tiny_run: Path) -> None:  # noqa: ANN001
    from gatelab.ui.main_window import MainWindow

    window = MainWindow(settings=settings)
    qtbot.addWidget(window)
    window.show()
    try:
        panel = window.show_tab("inside")
        panel.source.set_kind("live")
        assert not panel.analyse() and "No live run yet" in panel.source.message_text()
        trainer = window.show_tab("trainer")
        assert trainer.open_run(str(tiny_run))
        window.show_tab("inside")
        # the run folder is read off the GUI thread, then the label follows the trainer
        qtbot.waitUntil(lambda: tiny_run.name in panel.source.live_label.text(), timeout=10000)
        assert panel.analyse()
        qtbot.waitUntil(lambda: not panel.runner.is_busy(), timeout=30000)
        assert panel.sel.has_trace() and panel.sel.trace.step == CFG.steps
    finally:
        window.shutdown()


def test_settings_remember_source_and_text(qtbot, panel: InsidePanel, tmp_path: Path) -> None:  # noqa: ANN001
    s = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    panel.source.set_kind("hf")
    panel.source.hf_path.setText("/models/qwen")
    panel.source.text.setText("这道菜一点也不差")
    panel.source.dtype.setCurrentText("bf16")
    panel.save_settings(s)
    other = InsidePanel()
    qtbot.addWidget(other)
    other.restore_settings(s)
    assert other.source.kind_key() == "hf" and other.source.hf_path.text() == "/models/qwen"
    assert other.source.text.text() == "这道菜一点也不差" and other.source.dtype.currentText() == "bf16"
    s.setValue("kind", "garbage")
    s.setValue("view", "x")
    other.restore_settings(s)
    assert other.source.kind_key() == "run" and other.views.currentIndex() == 0
    other.shutdown()


def test_worker_is_stopped_on_teardown(qtbot) -> None:  # noqa: ANN001
    runner = TaskRunner("test")
    started = threading.Event()

    def slow(progress, cancel):  # noqa: ANN001, ANN202
        started.set()
        while True:
            progress(0.5, "")  # raises once a stop was requested
            cancel.wait(0.01)

    assert runner.start("slow", slow)
    assert not runner.start("again", slow)  # one task at a time
    assert started.wait(5)
    thread = runner._thread
    runner.shutdown()
    assert runner._thread is None and thread is not None and thread.isFinished()
    runner.shutdown()  # idempotent


def test_the_gate_off_on_experiment_preset_runs_from_the_sink_view(qtbot, panel: InsidePanel,  # noqa: ANN001
                                                                   tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GATELAB_HOME", str(tmp_path))
    box = panel.sink.experiment
    box.set_config(CFG.replace(block_size=16, steps=6, eval_interval=3, checkpoint_interval=6,
                               stats_interval=6))
    box.seeds.setValue(2)
    qtbot.mouseClick(box.run_button, Qt.MouseButton.LeftButton)
    assert box.stop_button.isEnabled() and not box.run_button.isEnabled()
    qtbot.waitUntil(lambda: not box.runner.is_busy(), timeout=120000)
    result = box.result
    assert result is not None and result.status == "finished", box.message.text()
    assert [m.metric for m in result.metrics] == ["sink_share", "max_abs_hidden", "val_loss"]
    assert len(result.runs) == 4 and {r["arm"] for r in result.runs} == {"gate off", "gate on"}
    sink = result.metrics[0]
    assert box.table.rowCount() == 3
    assert box.table.item(0, 1).text().startswith(fmt_number(sink.mean["gate off"], 3))
    assert box.table.item(0, 2).text().startswith(fmt_number(sink.mean["gate on"], 3))
    assert box.table.item(0, 3).text() == fmt_number(sink.noise_floor, 3)
    assert box.table.item(0, 4).text() == sink.verdict
    assert result.path in box.message.text()


def test_the_preset_steps_shown_are_the_presets(panel: InsidePanel) -> None:
    from gatelab.core.sink_experiment import sink_preset_config

    assert panel.sink.experiment.steps.value() == sink_preset_config().steps


def test_closing_mid_analysis_stops_the_worker(qtbot, tiny_hf: Path) -> None:  # noqa: ANN001
    p = InsidePanel()
    qtbot.addWidget(p)
    p.source.set_kind("hf")
    p.source.hf_path.setText(str(tiny_hf))
    p.source.device.setCurrentText("cpu")
    assert p.analyse() and p.runner.is_busy()
    thread = p.runner._thread
    p.shutdown()  # request stop, quit(), wait()
    assert not p.runner.is_busy() and thread is not None and thread.isFinished()
    p.shutdown()  # idempotent


def test_a_live_run_without_a_checkpoint_says_so(qtbot, panel: InsidePanel, tmp_path: Path) -> None:  # noqa: ANN001
    class Trainer:
        run_dir = str(tmp_path)
        run_state = "running"

    panel.set_panel_lookup(lambda name: Trainer() if name == "trainer" else None)
    panel.source.set_kind("live")
    assert "running" in panel.source.live_label.text()
    assert not panel.analyse() and "no checkpoint yet" in panel.source.message_text()


def test_top_k_text_files_are_read_safely(tmp_path: Path) -> None:
    from gatelab.core.inside.errors import InsideError
    from gatelab.ui.inside_jobs import ModelCache, SourceSpec, topk_text

    spec = SourceSpec("hf", str(tmp_path))
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path, message in ((str(fifo), "not a regular file"), (str(tmp_path), "is a folder"),
                          ("", "choose a text file")):
        with pytest.raises(InsideError, match=message):
            topk_text(ModelCache(), spec, path)
    bad = tmp_path / "latin1.txt"
    bad.write_bytes("Paris \xff".encode("latin-1"))
    with pytest.raises(InsideError, match="not UTF-8"):
        topk_text(ModelCache(), spec, str(bad))
    good = tmp_path / "t.txt"
    good.write_text("Paris and Tokyo", encoding="utf-8")
    assert topk_text(ModelCache(), spec, str(good)) == "Paris and Tokyo"


def test_an_older_run_without_history_shows_its_latest_stats(qtbot, panel: InsidePanel,  # noqa: ANN001
                                                              tiny_run: Path, tmp_path: Path) -> None:
    old = _copy(tiny_run, tmp_path / "old-run")
    shutil.rmtree(old / "stats_history")
    analyse(qtbot, panel, "run", str(old))
    assert panel.sel.has_trace(), panel.source.message_text()
    history = panel.history
    qtbot.waitUntil(lambda: history.current_step() is not None, timeout=20000)
    assert history.current_step() == CFG.steps and not history.slider.isEnabled()
    with np.load(old / "stats.npz") as z:
        frac_neg = float(z["frac_neg"][panel.sel.layer])
    text = history.readout.text()
    assert f"g &lt; 0 {fmt_number(100 * frac_neg, 1)} %" in text and "no weights kept" in text


def test_the_run_list_lists_saved_runs(qtbot, panel: InsidePanel, tiny_run: Path,  # noqa: ANN001
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GATELAB_HOME", str(tiny_run.parent.parent))
    (tiny_run.parent.parent / "runs").mkdir(exist_ok=True)
    listed = tiny_run.parent.parent / "runs" / "run-listed"
    if not listed.exists():
        shutil.copytree(tiny_run, listed)
    panel.refresh_runs()
    qtbot.waitUntil(lambda: panel.source.runs.findData(str(listed)) >= 0, timeout=20000)
    label = panel.source.runs.itemText(panel.source.runs.findData(str(listed)))
    assert "run-listed" in label and " · SwiGLU · " in label  # the name, not the id
