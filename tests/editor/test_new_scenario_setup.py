"""2.31 A new French Foreign Legion scenario made in the editor starts with
the set-up data of the module's scenario of the same sides (how many
Legionnaires set up, in which terrain, who is left out, where the Bedouin
enter), so the module stays saveable; Add each type adds the pieces of the
scenario's own sides only (not the mutineers of 23), and the scenario plays."""

from __future__ import annotations

from pathlib import Path

import pytest
from editor_helpers import new_scenario, open_copy
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from editor.play import check_playable

FORT = Path(__file__).resolve().parents[2] / "scenarios" / "french-foreign-legion.ffl"
LEFT = Qt.MouseButton.LeftButton


def test_2_31_a_new_scenario_takes_the_set_up_of_one_of_its_sides_and_plays(editor, tmp_path):
    w = editor
    path = open_copy(w, FORT, tmp_path, "fort.ffl")
    basic = w.doc.data["scenarios"][0]
    assert basic["sides"] == ["legion", "bedouin"]
    sp = w.scenario_panel
    w.scenario_dock.raise_()
    new_scenario(w, "Water Party", "legion, bedouin")
    sc = sp.current()
    assert sc["id"] == "ffl/water-party" and sc["setup"] == basic["setup"]
    assert "starts as Basic Game's" in w.status_label.text()
    # no pieces yet: the game cannot check its set-up against them, and says so
    [problem] = [p for p in w.run_validation() if p.error]
    assert "has no pieces yet" in problem.message and "Add each type" in problem.message
    # the restrictions are listed in the table, to change
    assert [r.rule for r in sp.setup.rows()][:2] == ["2.31", "2.31"]
    QTest.mouseClick(sp.each_button, LEFT)
    placed = sp.current()["placements"]
    sides = {p["side"] for p in placed}
    assert sides <= {"legion", "bedouin", ""} and "mutineer" not in sides
    assert any(p["side"] == "legion" for p in placed)
    assert w.run_validation() == []
    assert w.save() and check_playable(path, sc["id"]) == ""
    # without its set-up data it cannot be played: an error that says where to look,
    # and a click on it chooses the scenario
    from editor import edits

    sci = sp.current_index()
    w.push("no set-up", edits.set_at(w.doc, ("scenarios", sci, "setup"), {}))
    sp.choice.setCurrentIndex(0)
    [problem] = [p for p in w.run_validation() if p.error]
    assert "setup.legion is missing" in problem.message
    assert "Set-up in the Scenario dock" in problem.message
    w.locate(problem)
    assert sp.current()["id"] == "ffl/water-party"


PF = Path(__file__).resolve().parents[2] / "scenarios" / "phantom-fury.ffl"


def test_6_3_pieces_added_to_a_new_phantom_fury_scenario_keep_their_pools(editor, tmp_path):
    """6.3 draws the squads from their side's pool: a piece added in the editor
    starts with the data the module's own scenario gives a piece of its type
    (its pool, a CAAT's ammunition, the variant's tank unused), which the dock
    does not edit, so the new scenario plays."""
    from editor.play import check_playable

    w = editor
    path = open_copy(w, PF, tmp_path, "pf.ffl")
    jolan = {p["piece"]: p for p in w.doc.data["scenarios"][0]["placements"]}
    sp = w.scenario_panel
    w.scenario_dock.raise_()
    new_scenario(w, "Night Push", "usmc, insurgents")
    QTest.mouseClick(sp.each_button, LEFT)
    placed = {p["piece"]: p for p in sp.current()["placements"]}
    assert placed["K1-1"]["data"] == jolan["K1-1"]["data"] == {"pool": "usmc"}
    assert placed["INS-01"]["data"] == {"pool": "insurgents"}
    assert placed["M1A1-2"]["status"] == "unused"
    for piece, box in (("IIF-1", "BOX-iif"), ("CAAT-1", "BOX-caat"), ("M1A1-1", "BOX-armour")):
        w.push("place", edits_place(w, piece, box))
    assert placed["CAAT-1"]["data"] == jolan["CAAT-1"]["data"]
    assert [p for p in w.run_validation() if p.code == "scenario-start"] == []
    assert w.save() and check_playable(path, sp.current()["id"]) == ""


def edits_place(w, piece: str, space: str):
    from editor import edits

    return edits.place(w.doc, w.scenario_panel.current_index(), piece, space)


LB = Path(__file__).resolve().parents[2] / "scenarios" / "the-legend-begins.ffl"


@pytest.mark.slow
def test_a_small_legend_begins_scenario_made_in_the_dock_plays(editor, tmp_path, qtbot):
    """The Legend Begins (seconds to open, so slow): a new scenario takes
    Operation Compass' set-up data (same sides), four units added with Add
    piece and placed with the mouse, saved with Ctrl+S, and it starts."""
    from editor_helpers import Mouse

    from editor.play import check_playable

    w = editor
    path = open_copy(w, LB, tmp_path, "lb.ffl")
    sp = w.scenario_panel
    w.scenario_dock.raise_()
    new_scenario(w, "Tobruk Sortie", "axis, allied")
    sc = sp.current()
    assert sc["setup"] == w.doc.data["scenarios"][0]["setup"]
    assert not sp.setup.table.isVisible() and "control_west_of" in sp.setup.other.toolTip()
    w.set_tool("place")
    for type_id, key in (("ax-1lib-1", "2652"), ("ax-art21", "2651"), ("al-7hus", "2560"),
                         ("al-4ind", "2560")):
        sp.type_box.setCurrentText(type_id)
        QTest.mouseClick(sp.add_piece_button, LEFT)
        assert sp.current_piece() == type_id
        Mouse(w).click(*w.scene.board[key].centre)
    assert [(p["piece"], p["space"]) for p in sp.current()["placements"]] == [
        ("ax-1lib-1", "2652"), ("ax-art21", "2651"), ("al-7hus", "2560"), ("al-4ind", "2560")]
    w.activateWindow()
    QTest.qWaitForWindowActive(w)
    QTest.keyClick(w, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: not w.start_checks.busy(), timeout=60_000)
    assert not w.is_dirty() and w.problems == []
    assert check_playable(path, sc["id"]) == ""
