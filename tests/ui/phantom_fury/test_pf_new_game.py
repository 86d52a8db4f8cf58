"""6.1.2 the difficulty and 15 the historical variant are chosen in the New game
dialog, and reach the game."""

from __future__ import annotations

from PySide6.QtCore import Qt

from ffl import catalog
from ffl.ui.dialogs import NewGameDialog


def test_6_1_2_and_15_the_new_game_dialog_offers_difficulty_and_variant(qtbot):
    dialog = NewGameDialog(catalog.list_scenarios())
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.select("phantom_fury/jolan")
    fields = dialog.options.fields
    assert set(fields) == {"strong_points", "variant"}
    assert dialog.chosen_options() == {"strong_points": 2, "variant": False}
    box = fields["strong_points"]
    box.setCurrentIndex(box.findData(4))
    check = fields["variant"]
    check.setFocus()
    qtbot.keyClick(check, Qt.Key.Key_Space)          # the keyboard ticks it wherever it is
    options = dialog.chosen_options()
    assert options == {"strong_points": 4, "variant": True}
    session = catalog.new_session("phantom_fury/jolan", seed=5, options=options)
    state = session.state
    assert state.vars["act_pool"] == {"normal": 46, "strong": 4}
    assert state.vars["max_turn"] == 13
    assert state.pieces["M1A1-2"].space == "BOX-armour"
