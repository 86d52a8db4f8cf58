"""A new card-game scenario made from nothing: the New scenario dialog, then
Add each type puts the whole pack in (one undo step), the game's own check
is satisfied and the scenario starts in the player (Deal 2)."""

from __future__ import annotations

from pathlib import Path

from editor_helpers import new_scenario, open_copy
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from editor.play import check_playable

CARDS = Path(__file__).resolve().parents[2] / "scenarios" / "foreign-legion-card-game.ffl"
LEFT = Qt.MouseButton.LeftButton


def test_deal_2_a_new_scenario_gets_the_whole_pack_in_one_step_and_plays(editor, tmp_path):
    w = editor
    path = open_copy(w, CARDS, tmp_path, "cards.ffl")
    sp = w.scenario_panel
    w.scenario_dock.raise_()
    new_scenario(w, "Duel", "p1, p2")
    sid = sp.current()["id"]
    assert sid == "card_game/duel" and sp.current()["placements"] == []
    # Deal 2: 2 hands of 9 need 18 cards: an empty scenario is an error, said why
    assert any("need 18 cards; it has 0" in p.message for p in w.run_validation())
    assert sp.each_button.isEnabled() and sp.each_button.toolTip()
    before = w.stack.index()
    QTest.mouseClick(sp.each_button, LEFT)
    placed = sp.current()["placements"]
    types = [pt["id"] for pt in w.doc.data["piece_types"]]
    assert [p["type"] for p in placed] == types and len(types) == 36
    assert [p["piece"] for p in placed] == types          # a card's id is its type's
    assert all(p["space"] is None and p["status"] == "off" for p in placed)
    assert w.stack.index() == before + 1                  # one undo step
    assert w.run_validation() == []
    # nothing more to add: said so in the status bar, no empty undo step
    QTest.mouseClick(sp.each_button, LEFT)
    assert w.stack.index() == before + 1 and "every type" in w.status_label.text()
    assert w.save() and check_playable(path, sid) == ""
    w.stack.undo()
    assert sp.current()["placements"] == []


def test_scoring_a_card_the_rules_refuse_is_chosen_in_the_pieces_dock_by_a_click(editor,
                                                                                 tmp_path):
    """Scoring: a card number below zero is an error naming the card; a click on
    it in the Validation list brings the Pieces dock up with that card chosen."""
    from editor import edits

    w = editor
    open_copy(w, CARDS, tmp_path, "cards.ffl")
    row = [pt["id"] for pt in w.doc.data["piece_types"]].index("M-Q")
    w.push("Number", edits.set_at(w.doc, ("piece_types", row, "values", "number"), -5))
    (problem,) = w.run_validation()
    assert problem.error and problem.extra == {"piece_type": "M-Q"}
    assert "card 'M-Q' number should be a whole number from 0 to 10000, not -5" in \
        problem.message
    w.scenario_dock.raise_()
    lst = w.validation_panel.list
    QTest.mouseClick(lst.viewport(), LEFT, Qt.KeyboardModifier.NoModifier,
                     lst.visualItemRect(lst.item(0)).center())
    assert w.pieces_panel.table.currentRow() == row
    assert not w.pieces_dock.visibleRegion().isEmpty()
