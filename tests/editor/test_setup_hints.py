"""The Scenario dock's set-up section is right for each game: French Foreign
Legion (and free play, which the editor checks) edit set-up restrictions in
the table with hints about buildings and squares of the fort; the other games
have no such restrictions, so the table is hidden and the set-up data is
edited whole, its hint naming the keys that game reads."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from editor import edits

LEFT = Qt.MouseButton.LeftButton


def _scenario_of(w, game: str) -> None:
    w.new_module("hex", 4, 3, game=game, module_id=game or "homebrew")
    w.push("new", edits.new_scenario(w.doc, "Skirmish", "map", ["a", "b"]))
    w.scenario_panel.refresh()
    w.show_dock(w.scenario_dock)


@pytest.mark.parametrize("game, keys", [
    ("limits_of_glory", ("french_momentum", "allied_momentum", "bedouin", "brueys")),
    ("card_game", ("hand_size", "required", "bonus")),
    ("legend_begins", ("first_turn", "control_west_of", "permanent_forts", "air")),
    ("phantom_fury", ("reads no set-up data", "Options")),
])
def test_a_game_without_set_up_restrictions_edits_its_set_up_data_whole(editor, game, keys):
    w = editor
    _scenario_of(w, game)
    table = w.scenario_panel.setup
    assert not table.table.isVisible() and not table.form.isVisible()
    assert not table.add_button.isVisible()
    assert table.title.text() == "<b>Set-up data (JSON)</b>" and table.other.isVisible()
    assert not table.other_label.isVisible()
    tip = table.other.toolTip()
    assert all(k in tip for k in keys), tip
    assert "Barracks" not in tip and "fort" not in tip.replace("forts", "")


def test_limits_of_glory_set_up_data_typed_whole_is_applied_as_typed(editor):
    w = editor
    _scenario_of(w, "limits_of_glory")
    sp = w.scenario_panel
    typed = {"french_momentum": 2, "allied_momentum": 2, "bedouin": 6,
             "a": {"off_board": True}}                  # a side's key too: kept as it is
    sp.setup.other.setPlainText(json.dumps(typed))
    QTest.mouseClick(sp.apply_button, LEFT)
    assert w.doc.data["scenarios"][0]["setup"] == typed
    assert sp.setup.rows() == []


@pytest.mark.parametrize("game", ["ffl", ""])
def test_french_foreign_legion_and_free_play_keep_the_restriction_table(editor, game):
    w = editor
    _scenario_of(w, game)
    table = w.scenario_panel.setup
    assert table.table.isVisible() and table.form.isVisible()
    assert table.title.text() == "<b>Set-up restrictions</b>"
    assert table.other_label.text() == "Other set-up data (JSON)"
    if game == "ffl":
        assert "Barracks" in table.param_edit.toolTip()
        assert "legion-cmd" in table.who_edit.toolTip()
    else:                           # free play: the module's own names, no fort
        assert "Barracks" not in table.param_edit.toolTip()
        assert "A1, B2" in table.param_edit.toolTip()
