"""2.31 A new French Foreign Legion scenario made in the editor starts with
the set-up data of the module's scenario of the same sides (how many
Legionnaires set up, in which terrain, who is left out, where the Bedouin
enter), so the module stays saveable; Add each type adds the pieces of the
scenario's own sides only (not the mutineers of 23), and the scenario plays."""

from __future__ import annotations

import shutil
from pathlib import Path

from editor_helpers import new_scenario
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from editor.play import check_playable

FORT = Path(__file__).resolve().parents[2] / "scenarios" / "french-foreign-legion.ffl"
LEFT = Qt.MouseButton.LeftButton


def test_2_31_a_new_scenario_takes_the_set_up_of_one_of_its_sides_and_plays(editor, tmp_path):
    path = tmp_path / "fort.ffl"
    shutil.copy(FORT, path)
    w = editor
    assert w.open_path(path)
    basic = w.doc.data["scenarios"][0]
    assert basic["sides"] == ["legion", "bedouin"]
    sp = w.scenario_panel
    w.scenario_dock.raise_()
    new_scenario(w, "Water Party", "legion, bedouin")
    sc = sp.current()
    assert sc["id"] == "ffl/water-party" and sc["setup"] == basic["setup"]
    assert "starts as Basic Game's" in w.status_label.text()
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
