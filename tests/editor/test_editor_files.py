"""Editor files: the shipped FFL module opens, validates clean and round-trips
through the text export; bad files are refused with a message; autosave and
crash recovery; --screenshot; "Play this scenario"."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from editor_helpers import Mouse

from ffl.catalog import module_path
from ffl.store import load_module, module_dump

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def ffl_dump():
    return module_dump(load_module(module_path("ffl")))


def test_shipped_ffl_module_opens_and_validates_clean(editor, ffl_dump):
    assert editor.open_path(module_path("ffl"))
    assert editor.problems == []
    assert editor.validation_panel.summary.text() == "No problems found"
    assert editor.doc.data == ffl_dump
    assert len(editor.scene.space_items) == 512
    assert editor.pieces_panel.table.rowCount() == len(ffl_dump["piece_types"])


def test_shipped_ffl_module_round_trips_through_export_and_import(editor, tmp_path, ffl_dump):
    assert editor.open_path(module_path("ffl"))
    text = tmp_path / "ffl.json"
    assert editor.export_to(text)
    assert '"wkt": "POLYGON ((' in text.read_text()
    assert editor.import_from(text)
    assert editor.doc.dump() == ffl_dump
    assert editor.save_as(tmp_path / "again.ffl")
    assert module_dump(load_module(tmp_path / "again.ffl")) == ffl_dump


def test_export_matches_the_catalog_review_export(editor, tmp_path):
    assert editor.open_path(module_path("ffl"))
    assert editor.export_to(tmp_path / "x.json")
    shipped = module_path("ffl").with_name(module_path("ffl").name + ".json")
    assert (tmp_path / "x.json").read_text() == shipped.read_text()


def test_a_damaged_file_is_refused_with_a_clear_message(editor, tmp_path):
    bad = tmp_path / "bad.ffl"
    bad.write_bytes(b"this is not a database at all")
    before = bad.read_bytes()
    editor.new_module("square", 2, 2)
    assert not editor.open_path(bad)
    assert str(bad) in editor.last_error and str(bad) in editor.status_label.text()
    assert bad.read_bytes() == before
    assert len(editor.doc.data["boards"][0]["spaces"]) == 4     # the old work stays


def test_importing_text_that_is_not_a_module_is_refused(editor, tmp_path):
    junk = tmp_path / "junk.json"
    junk.write_text('{"hello": 1}')
    assert not editor.import_from(junk)
    assert "not an exported module" in editor.last_error


def test_recent_files_remember_saved_and_opened_modules(editor, tmp_path):
    editor.new_module("square", 2, 2)
    assert editor.save_as(tmp_path / "a.ffl")
    assert editor.open_path(module_path("ffl"))
    assert editor.recent.paths() == [module_path("ffl").resolve(), (tmp_path / "a.ffl")]


def test_autosave_is_written_and_recovered_after_a_crash(make_editor, tmp_path):
    w = make_editor(autosave=True)
    w.new_module("square", 3, 3)
    assert w.save_as(tmp_path / "work.ffl")
    w.set_tool("paint")
    w.options.terrain.setCurrentText("woods")
    Mouse(w).click(0.5, 0.5)
    assert w.write_autosave()
    assert w.autosave.exists()
    edited = w.doc.data
    # "crash": a new window finds the autosave and recovers it, still unsaved
    w2 = make_editor(autosave=True)
    assert w2.recover_autosave()
    assert w2.doc.data == edited
    assert w2.path == tmp_path / "work.ffl"
    assert w2.is_dirty() and w2.windowTitle().startswith("*work.ffl")
    assert w2.save()
    assert not w2.autosave.exists()
    assert module_dump(load_module(tmp_path / "work.ffl")) == edited


def test_saving_removes_the_autosave_and_marks_clean(make_editor, tmp_path):
    w = make_editor(autosave=True)
    w.new_module("square", 2, 2)
    w.set_tool("paint")
    w.options.terrain.setCurrentText("hill")
    Mouse(w).click(0.5, 0.5)
    assert w.write_autosave() and w.is_dirty()
    assert w.save_as(tmp_path / "m.ffl")
    assert not w.autosave.exists() and not w.is_dirty()


def _with_scenarios(w, *titles):
    """A 3x3 module of the editor's own making with one scenario per title."""
    from editor import edits

    w.new_module("square", 3, 3, game="homebrew", module_id="homebrew")
    for title in titles:
        w.push(f"new {title}", edits.new_scenario(w.doc, title, "map", ["red", "blue"]))


def test_play_this_scenario_runs_ffl_open_on_the_saved_file(editor, tmp_path):
    _with_scenarios(editor, "Skirmish")
    assert editor.save_as(tmp_path / "p.ffl")
    cmd = editor.play_command()
    assert cmd[1:] == ["-m", "ffl", "open", str(tmp_path / "p.ffl"),
                       "--scenario", "homebrew/skirmish"]
    # the same command, run to a screenshot, opens the module's scenario in the player
    shot = tmp_path / "play.png"
    result = subprocess.run([*cmd, "--screenshot", str(shot)], cwd=ROOT,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 0


def test_play_this_scenario_without_a_scenario_says_so_in_a_dialog(editor, tmp_path):
    editor.new_module("square", 2, 2)
    assert not editor.play_scenario()
    box = editor.launcher.error_box
    assert box is not None and box.isVisible()
    assert "no scenario" in box.text() and "Scenario dock" in box.informativeText()


def test_play_this_scenario_asks_which_of_several_then_starts_it(editor, tmp_path, qtbot,
                                                                 monkeypatch):
    _with_scenarios(editor, "Skirmish", "Ambush")
    editor.path = tmp_path / "two.ffl"
    started = []
    monkeypatch.setattr(editor.launcher, "launch",
                        lambda path, sid, command, problem: started.append((path, sid, problem))
                        or True)
    assert editor.play_scenario()           # saved first, then asked
    assert (tmp_path / "two.ffl").is_file() and not editor.is_dirty()
    chooser = editor.launcher.chooser
    assert chooser is not None and chooser.isVisible()
    assert chooser.comboBoxItems() == ["Skirmish (homebrew/skirmish)",
                                       "Ambush (homebrew/ambush)"]
    chooser.setTextValue("Ambush (homebrew/ambush)")
    chooser.accept()
    # checked on the worker that it starts, then started
    qtbot.waitUntil(lambda: started == [(tmp_path / "two.ffl", "homebrew/ambush", "")],
                    timeout=15_000)


def test_a_scenario_that_cannot_start_is_reported_in_a_dialog_not_started(editor, tmp_path):
    from editor import edits
    from editor.files import save_document

    # a module the store reads, but whose game's rules refuse the scenario:
    # French Foreign Legion needs each side's set-up data
    editor.new_module("square", 3, 3, game="ffl", module_id="mine")
    editor.push("new", edits.new_scenario(editor.doc, "Skirmish", "map", ["legion", "bedouin"]))
    sc = editor.doc.data["scenarios"][0]
    # the editor's Save refuses it (the player would refuse to open the file) ...
    assert not editor.save_as(tmp_path / "unplayable.ffl")
    assert "cannot play this module" in editor.last_error
    # ... and a file written elsewhere (by hand, an older editor) is reported at Play
    save_document(editor.doc, tmp_path / "unplayable.ffl")
    editor.path = tmp_path / "unplayable.ffl"
    assert not editor.play(sc["id"])
    box = editor.launcher.error_box
    assert box is not None and box.isVisible()
    assert "ffl/skirmish cannot be played" in box.text()
    # the reason the game's own checks give (its terrain, its set-up data)
    assert "terrain 'clear'" in box.informativeText() or \
        "setup.legion is missing" in box.informativeText()


def test_an_error_of_the_player_itself_comes_back_as_a_dialog(editor, tmp_path, qtbot):
    _with_scenarios(editor, "Skirmish")
    assert editor.save_as(tmp_path / "p.ffl")
    failing = [sys.executable, "-c",
               "import sys; sys.stderr.write('ffl: error: the player could not open it\\n');"
               " sys.exit(2)"]
    assert editor.launcher.start(tmp_path / "p.ffl", "homebrew/skirmish", failing)
    qtbot.waitUntil(lambda: editor.launcher.error_box is not None, timeout=15_000)
    assert "could not open it" in editor.launcher.error_box.informativeText()


def test_screenshot_writes_a_png_of_the_editor(tmp_path, qtbot, capsys):
    """``ffl-editor FILE --screenshot OUT.png`` run by its main() in this
    process (the program's own start, ``python -m editor.app``, is run by
    test_editor_reports_its_version)."""
    from editor.app import main

    out = tmp_path / "editor.png"
    assert main([str(module_path("ffl")), "--screenshot", str(out)]) == 0
    assert capsys.readouterr().out.strip() == f"wrote {out}"
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000
    # a file that is not a module: refused with the store's reason, no picture
    bad = tmp_path / "bad.ffl"
    bad.write_text("hello")
    assert main([str(bad), "--screenshot", str(tmp_path / "bad.png")]) == 2
    assert "not a saved game or module" in capsys.readouterr().err
    assert not (tmp_path / "bad.png").exists()


def test_editor_reports_its_version():
    import ffl

    result = subprocess.run([sys.executable, "-m", "editor.app", "--version"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    assert result.stdout.strip() == f"ffl-editor {ffl.__version__}"
