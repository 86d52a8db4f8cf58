"""A new, empty Limits of Glory scenario cannot start: the invasion's set-up
rolls the glory of Brueys and Nelson (Invasion: Brueys and Nelson), so the
game looks both up by their ids.  The Validation dock says so in a designer's
words (who is missing, how to add them), a click chooses the type to add,
Add piece gives the piece the id the game looks for, and then it starts."""

from __future__ import annotations

from pathlib import Path

from editor_helpers import new_scenario, open_copy
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from editor.play import check_playable

LOG = Path(__file__).resolve().parents[2] / "scenarios" / "limits-of-glory.ffl"
LEFT = Qt.MouseButton.LeftButton


def _start(w) -> list:
    return [p for p in w.run_validation() if p.code == "scenario-start"]


def test_invasion_brueys_and_nelson_missing_from_a_new_scenario_said_and_added(editor,
                                                                              tmp_path):
    w = editor
    path = open_copy(w, LOG, tmp_path, "log.ffl")
    sp = w.scenario_panel
    w.scenario_dock.raise_()
    new_scenario(w, "Nile Raid", "french, allied")
    sid = sp.current()["id"]
    assert sid == "limits_of_glory/nile-raid" and sp.current()["placements"] == []
    [problem] = _start(w)
    text = problem.message
    # who is missing, by name and id, and how to add them; no bare lookup
    assert "Brueys (piece 'brueys' of type 'brueys', french)" in text
    assert "Nelson (piece 'nelson' of type 'nelson', allied)" in text
    assert "press Add piece" in text and "which the game does not know" not in text
    assert not problem.error                      # a warning: the module still saves
    # a click on it chooses the first type to add in the Scenario dock
    w.locate(problem)
    assert sp.type_box.currentText() == "brueys"
    QTest.mouseClick(sp.add_piece_button, LEFT)
    [problem] = _start(w)
    assert "Nelson" in problem.message and "Brueys" not in problem.message
    w.locate(problem)
    assert sp.type_box.currentText() == "nelson"
    QTest.mouseClick(sp.add_piece_button, LEFT)
    assert [p["piece"] for p in sp.current()["placements"]] == ["brueys", "nelson"]
    assert _start(w) == []
    assert w.save() and check_playable(path, sid) == ""
