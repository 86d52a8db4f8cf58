"""Set-up restrictions as a table: the French Foreign Legion set-ups (Basic Game
and the draft scenarios 19-23) read into rows and written back unchanged; new
and edited rows typed in with the keyboard; undo puts the module back exactly."""

from __future__ import annotations

from pathlib import Path

import pytest
from editor_helpers import canonical
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from editor.setup_rules import Restriction, read_setup, write_setup
from editor.setup_table import RULE, SIDE, WHAT, WHO
from ffl.games.ffl.module import basic_setup, draft_scenarios

FFL = Path(__file__).resolve().parents[2] / "scenarios" / "french-foreign-legion.ffl"
LEFT, NONE = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier


def shown(rows):
    return [(r.side, r.who, r.kind, r.param, r.rule) for r in rows]


# -- the data side ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["basic"] + [d["id"] for d in draft_scenarios()])
def test_ffl_setups_read_and_write_back_unchanged(name):
    if name == "basic":
        setup, sides = basic_setup(), ["legion", "bedouin"]
    else:
        d = next(d for d in draft_scenarios() if d["id"] == name)
        setup, sides = d["setup"], d["sides"]
    rows, other = read_setup(setup, sides)
    assert rows, "every FFL set-up has restrictions to show"
    assert write_setup(rows, other) == setup
    # nothing the table shows is left in Other as well
    for side in sides:
        assert "restrictions" not in other.get(side, {})


def test_basic_game_rows_and_other():
    rows, other = read_setup(basic_setup(), ["legion", "bedouin"])
    assert shown(rows) == [
        ("legion", "", "one-per-square", "", "2.31"),
        ("legion", "", "inside", "terrain: fort", "2.31"),
        ("bedouin", "", "off-board", "", "2.32"),
    ]
    assert other["legion"] == {"rule": "2.31", "place": 30, "facing": "required",
                               "leave_out": basic_setup()["legion"]["leave_out"]}
    assert other["entry"] == basic_setup()["entry"]


def test_les_allemands_rows_show_who_where_and_the_rest():
    d = next(d for d in draft_scenarios() if d["id"] == "ffl/les-allemands")
    rows, _ = read_setup(d["setup"], d["sides"])
    assert shown(rows) == [
        ("legion", "org: legion-cmd", "inside", "building: Officer's Quarters", "19.111"),
        ("legion", "squads: 1", "inside", "building: Barracks", "19.112"),
        ("legion", "squads: 1", "inside", "areas: wall, tower", "19.113"),
        ("legion", "squads: 1", "inside", "terrain: fort", "19.114"),
        ("legion", "", "other", "", "19.115"),
    ]
    assert rows[2].more == {"levels": [2, 3], "facing": "outward"}
    assert rows[4].more == {"weapons_in": "parade"}


def test_new_and_edited_rows_are_written_in_plain_shapes():
    rows, other = read_setup(basic_setup(), ["legion", "bedouin"])
    rows[1].param = "area: parade"                  # a section row stays in its section
    rows.append(Restriction("legion", "org: squad-2", "squares", "A1, B2", "2.31"))
    rows.append(Restriction("legion", "pieces: L-LC-Kolb", "facing-out", ""))
    rows.append(Restriction("bedouin", "squads: 2", "one-per-square", "", "x"))
    setup = write_setup(rows, other)
    assert setup["legion"]["area"] == "parade" and "where" not in setup["legion"]
    assert setup["legion"]["restrictions"] == [
        {"rule": "2.31", "org": "squad-2", "squares": ["A1", "B2"]},
        {"pieces": ["L-LC-Kolb"], "facing": "outward"},
    ]
    assert setup["bedouin"]["restrictions"] == [
        {"rule": "x", "squads": 2, "one_per_square_level": True}]
    assert setup["entry"] == basic_setup()["entry"]


@pytest.mark.parametrize("row, message", [
    (Restriction("legion", "", "inside", ""), "needs a place"),
    (Restriction("legion", "", "inside", "room: Kitchen"), "not one of"),
    (Restriction("legion", "", "squares", " , "), "needs square keys"),
    (Restriction("legion", "squads: two", "off-board"), "whole number"),
    (Restriction("", "", "off-board"), "needs a side"),
])
def test_rows_that_cannot_be_written_say_why(row, message):
    with pytest.raises(ValueError, match=message):
        write_setup([row], {})


# -- the form -------------------------------------------------------------------------


def pick_row(table, row: int) -> None:
    """Choose a restriction in the list with the mouse."""
    rect = table.visualItemRect(table.item(row, WHAT))
    QTest.mouseClick(table.viewport(), LEFT, NONE, rect.center())


def retype(edit, text: str) -> None:
    """Click into a line edit, select what is there and type ``text`` over it."""
    QTest.mouseClick(edit, LEFT, NONE, edit.rect().center())
    QTest.keyClick(edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    QTest.keyClick(edit, Qt.Key.Key_Backspace)
    QTest.keyClicks(edit, text)


def choose(box, text: str) -> None:
    """Pick ``text`` in a combo box with the keyboard."""
    box.setFocus()
    index = box.findText(text)
    assert index >= 0, text
    while box.currentIndex() != index:
        QTest.keyClick(box, Qt.Key.Key_Down if box.currentIndex() < index else Qt.Key.Key_Up)


def test_basic_game_form_adds_a_restriction_and_undoes_exactly(editor):
    w = editor
    assert w.open_path(FFL)
    sp, st = w.scenario_panel, w.scenario_panel.setup
    table = st.table
    w.scenario_dock.raise_()
    assert sp.current()["id"] == "ffl/basic"
    assert [[table.item(r, c).text() for c in (RULE, SIDE, WHO, WHAT)] for r in range(3)] == [
        ["2.31", "legion", "(all)", "one per square and level"],
        ["2.31", "legion", "(all)", "in terrain: fort"],
        ["2.32", "bedouin", "(all)", "off board"]]
    assert not st.who_edit.isEnabled()           # nothing chosen yet
    pick_row(table, 1)
    assert (st.side_box.currentText(), st.kind_box.currentText(), st.param_edit.text()) == \
        ("legion", "inside area/building", "terrain: fort")
    assert st.rule_edit.isReadOnly()             # the whole side's rule: edited in Other
    assert '"place": 30' in st.other.toPlainText()
    before = canonical(w.doc.data)
    # Apply with nothing changed changes nothing
    QTest.mouseClick(sp.apply_button, LEFT)
    assert w.stack.count() == 0 and canonical(w.doc.data) == before

    QTest.mouseClick(st.add_button, LEFT)
    assert table.rowCount() == 4 and table.currentRow() == 3
    assert st.side_box.currentText() == "legion" and not st.rule_edit.isReadOnly()
    choose(st.kind_box, "on squares")
    retype(st.who_edit, "org: squad-1")
    retype(st.param_edit, "N7, N8")
    retype(st.rule_edit, "2.31")
    assert table.item(3, WHAT).text() == "on N7, N8"
    QTest.mouseClick(sp.apply_button, LEFT)
    assert sp.error.text() == ""
    setup = w.doc.data["scenarios"][0]["setup"]
    assert setup["legion"]["restrictions"] == [
        {"rule": "2.31", "org": "squad-1", "squares": ["N7", "N8"]}]
    expected = basic_setup()
    expected["legion"]["restrictions"] = setup["legion"]["restrictions"]
    assert setup == expected
    assert w.stack.count() == 1
    # the list is read back from the document, grouped by side
    assert table.rowCount() == 4 and table.item(2, WHAT).text() == "on N7, N8"
    assert table.item(3, WHAT).text() == "off board"
    after = canonical(w.doc.data)
    # a bad More is refused with a message naming the restriction
    pick_row(table, 2)
    retype(st.more_edit, "[1]")
    pick_row(table, 0)
    QTest.mouseClick(sp.apply_button, LEFT)
    assert "restriction 3 (2.31): More must be a JSON object" in sp.error.text()
    assert canonical(w.doc.data) == after
    pick_row(table, 2)
    assert st.more_edit.text() == "[1]"          # kept as typed until it is fixed
    retype(st.more_edit, '{"levels": [0]}')
    assert table.item(2, WHAT).text() == "on N7, N8 + levels"
    # remove the off-board row (chosen with the mouse, Delete key)
    pick_row(table, 3)
    QTest.keyClick(table, Qt.Key.Key_Delete)
    assert table.rowCount() == 3
    QTest.mouseClick(sp.apply_button, LEFT)
    assert sp.error.text() == ""
    bedouin = w.doc.data["scenarios"][0]["setup"]["bedouin"]
    assert "off_board" not in bedouin and bedouin["rule"] == "2.32"
    assert w.doc.data["scenarios"][0]["setup"]["legion"]["restrictions"] == [
        {"rule": "2.31", "org": "squad-1", "squares": ["N7", "N8"], "levels": [0]}]

    w.stack.undo()
    assert canonical(w.doc.data) == after
    w.stack.undo()
    assert canonical(w.doc.data) == before
    assert table.rowCount() == 3


def test_draft_scenario_is_shown_and_edited_in_the_same_form(editor):
    w = editor
    assert w.open_path(FFL)
    sp, st = w.scenario_panel, w.scenario_panel.setup
    table = st.table
    w.scenario_dock.raise_()
    titles = [sp.choice.itemText(i) for i in range(sp.choice.count())]
    assert titles[0] == "Basic Game (ffl/basic)"
    assert "Draft: Les Allemands (ffl/les-allemands)" in titles
    before = canonical(w.doc.data)
    sp.choice.setCurrentIndex(titles.index("Draft: Les Allemands (ffl/les-allemands)"))
    assert sp.current() is None and sp.entry()["rule"] == "19"
    assert not sp.board_box.isEnabled() and not sp.add_piece_button.isEnabled()
    assert table.rowCount() == 5
    assert table.item(0, WHO).text() == "org: legion-cmd"
    assert table.item(2, WHAT).text() == "in areas: wall, tower + facing, levels"
    pick_row(table, 2)
    assert st.more_edit.text() == '{"facing": "outward", "levels": [2, 3]}'
    pick_row(table, 1)
    retype(st.param_edit, "building: Guard House")
    QTest.mouseClick(sp.apply_button, LEFT)
    draft = w.doc.data["module"]["attrs"]["draft_scenarios"][0]
    assert draft["setup"]["legion"]["restrictions"][1] == \
        {"rule": "19.112", "squads": 1, "building": "Guard House"}
    assert draft["victory"] == "19.4" and "board" not in draft
    w.stack.undo()
    assert canonical(w.doc.data) == before
    # a draft can be deleted (and comes back with Undo)
    QTest.mouseClick(sp.delete_button, LEFT)
    assert [d["id"] for d in w.doc.data["module"]["attrs"]["draft_scenarios"]][0] == \
        "ffl/negotiations"
    w.stack.undo()
    assert canonical(w.doc.data) == before
