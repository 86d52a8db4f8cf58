"""A scenario designer's tour of the shipped French Foreign Legion module, with
real widgets and mouse/key events: copy the Basic Game into a variant, repaint
a square's terrain, put a wall on a side, set a unit up on a square and move it
to another, change a counter's value, save with the keyboard, reopen the file in
a new editor (nothing lost), then start the variant in the play window."""

from __future__ import annotations

from pathlib import Path

import pytest
from editor_helpers import Mouse, open_copy
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from test_module_form import type_cell

from ffl.store import load_module, module_dump

SHIPPED = Path(__file__).resolve().parents[2] / "scenarios" / "french-foreign-legion.ffl"
LEFT = Qt.MouseButton.LeftButton


def _space(data, key):
    board = data["boards"][0]
    return next(s for s in board["spaces"] if s["key"] == key)


def _placement(data, sid, piece):
    sc = next(s for s in data["scenarios"] if s["id"] == sid)
    return next(p for p in sc["placements"] if p["piece"] == piece)


@pytest.mark.slow
def test_a_variant_of_the_basic_game_is_made_saved_reopened_and_played(make_editor, tmp_path,
                                                                      qtbot):
    w = make_editor()
    path = open_copy(w, SHIPPED, tmp_path, "variant.ffl")
    m = Mouse(w)
    w.view.fit()
    sp = w.scenario_panel
    # the Basic Game copied: the copy has its set-up and every placement
    w.scenario_dock.raise_()
    sp.choice.setCurrentIndex(0)
    QTest.mouseClick(sp.copy_button, LEFT)
    copy = w.doc.data["scenarios"][1]
    basic = w.doc.data["scenarios"][0]
    assert (copy["id"], copy["title"]) == ("ffl/basic-copy", "Basic Game (copy)")
    assert copy["placements"] == basic["placements"] and copy["setup"] == basic["setup"]
    assert sp.current_index() == 1
    sp.title_edit.setText("Basic Game, walled well")
    sp.title_edit.editingFinished.emit()
    # a sand square painted as fort; a thick wall on the side of A1 and B1
    w.set_tool("paint")
    w.options.paint_mode_box.setCurrentText("brush")
    w.options.terrain.setCurrentText("fort")
    m.click(0.5, 1.5)
    assert _space(w.doc.data, "A2")["attrs"]["terrain"] == "fort"
    w.set_tool("side")
    w.options.feature.setCurrentText("thick-wall")
    m.click(1.0, 0.5)
    side = next(s for s in w.doc.data["boards"][0]["sides"] if {s["a"], s["b"]} == {"A1", "B1"})
    assert "thick-wall" in side["features"]
    # Capt. LeJeune set up on E5, then dragged to F5
    sp.choose_piece("L-LC-LeJeune")
    w.set_tool("place")
    w.options.facing.setCurrentIndex(w.options.facing.findData(0))   # 4.2: units face
    m.click(4.5, 4.5)
    assert _placement(w.doc.data, "ffl/basic-copy", "L-LC-LeJeune")["space"] == "E5"
    m.drag([(4.5, 4.5), (5.0, 4.5), (5.5, 4.5)])
    assert _placement(w.doc.data, "ffl/basic-copy", "L-LC-LeJeune")["space"] == "F5"
    assert _placement(w.doc.data, "ffl/basic", "L-LC-LeJeune")["space"] is None  # untouched
    # LeJeune's fire value from 2 to 3
    w.pieces_dock.raise_()
    panel = w.pieces_panel
    panel.table.setCurrentCell(0, 0)
    values = panel.values
    type_cell(values.table, values._names.index("fire"), 1, "3")
    assert w.doc.data["piece_types"][0]["values"]["fire"] == 3
    # saved with Ctrl+S; the file holds exactly the document
    w.activateWindow()
    QTest.qWaitForWindowActive(w)
    QTest.keyClick(w, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not w.start_checks.busy(), timeout=15_000)   # saved on the worker
    assert w.stack.isClean(), w.status_label.text()
    saved = module_dump(load_module(path))
    assert saved == w.doc.data
    # reopened in a new editor: every change is there
    w2 = make_editor()
    assert w2.open_path(path)
    data = w2.doc.data
    assert _space(data, "A2")["attrs"]["terrain"] == "fort"
    assert _placement(data, "ffl/basic-copy", "L-LC-LeJeune")["space"] == "F5"
    assert data["piece_types"][0]["values"]["fire"] == 3
    assert data["scenarios"][1]["title"] == "Basic Game, walled well"
    assert w2.run_validation() == []
    # the variant starts in the play window, LeJeune on F5 with fire 3
    assert w2.play_command("ffl/basic-copy")[-2:] == ["--scenario", "ffl/basic-copy"]
    from ffl.session import GameSession
    from ffl.ui.app import main_window

    session = GameSession.new(load_module(path), "ffl/basic-copy", seed=1)
    assert session.state.pieces["L-LC-LeJeune"].space == "F5"
    assert session.module.piece_types["L-LC-LeJeune"].get("fire") == 3
    window = main_window(data_folder=tmp_path / "play", autosave=False)
    window._closing_confirmed = True
    qtbot.addWidget(window)
    window.resize(1200, 800)
    window.show()
    qtbot.waitExposed(window)
    assert window.set_session(session)
    QApplication.processEvents()
    assert window.session.scenario.id == "ffl/basic-copy"
