"""Changing a value in the editor changes play: the Game tables dock (the FFL
Game Card's movement tables, ``module.attrs["tables"]``) and the scenario's
set-up data, each edit one undo step, saved to a real file with the store and
played with ``GameSession``."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit

from ffl.catalog import module_path
from ffl.engine import Action
from ffl.session import GameSession
from ffl.store import load_module

LEGION, BEDOUIN = "legion", "bedouin"


def open_ffl(editor):
    assert editor.open_path(module_path("ffl"))
    editor.tables_dock.show()
    editor.tables_dock.raise_()
    return editor.tables_panel


def type_value(panel, path: tuple[str, ...], text: str) -> None:
    """Edit one Value cell with the keyboard: select, type, Enter."""
    item = panel.value_item(*path)
    panel.table.setCurrentItem(item)
    panel.table.setFocus()
    panel.table.editItem(item)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    QTest.keyClicks(editor, text)
    QTest.keyClick(editor, Qt.Key.Key_Return)
    QApplication.processEvents()        # the delegate commits the edit queued


def legion_set_up(session: GameSession, place: int) -> list[str]:
    """Leave out the first unit of each squad and place ``place`` others on the
    parade ground; returns the Legion units still waiting."""
    ctrl, state = session.controller, session.state
    types = ctrl.module.piece_types
    legion = [pid for pid in sorted(state.pieces)
              if types[state.pieces[pid].type].kind == "character"
              and state.pieces[pid].side == LEGION]
    left: set[str] = set()
    for pid in legion:
        org = types[pid].org
        if org.startswith("squad") and org not in left:
            left.add(org)
            session.do(Action.make("leave-out", LEGION, piece=pid))
    squares = ctrl.fort(state).squares("parade")
    waiting = [pid for pid in legion if session.state.pieces[pid].status == "off"]
    for pid in waiting[:place]:
        session.do(Action.make("place", LEGION, piece=pid, space=squares.pop(0), level=0,
                               facing=4))
    return waiting[place:]


def first_bedouin_draw(session: GameSession) -> str:
    """End the set-up, then draw until a Bedouin organization moves; returns it."""
    session.do(Action.make("end-setup", LEGION))
    session.do(Action.make("end-setup", BEDOUIN))
    while True:
        side = session.state.vars["active"]
        session.do(Action.make("draw", side))
        org = session.state.vars["chit"]
        if session.state.vars["active"] == BEDOUIN:
            return org
        session.do(Action.make("end-phase", LEGION))


def test_game_tables_dock_lists_the_tables_and_each_change_is_one_undo_step(editor):
    panel = open_ffl(editor)
    assert panel.value_item("mf_costs", "enter").text() == "1"
    assert panel.value_item("movement_rates", "foot", "fort").text() == "5"
    assert panel.table.item(panel.row_of("mf_costs", "enter"), 0).text() == "mf_costs › enter"
    steps = editor.stack.count()
    type_value(panel, ("mf_costs", "enter"), "2")
    assert editor.doc.data["module"]["attrs"]["tables"]["mf_costs"]["enter"] == 2
    assert editor.stack.count() == steps + 1 and editor.is_dirty()
    editor.stack.undo()
    assert editor.doc.data["module"]["attrs"]["tables"]["mf_costs"]["enter"] == 1
    assert panel.value_item("mf_costs", "enter").text() == "1"
    editor.stack.redo()
    assert panel.value_item("mf_costs", "enter").text() == "2"
    # not a whole number of 0 or more: refused, the old value shown again, no step
    type_value(panel, ("mf_costs", "window"), "-1")
    assert "Not changed: mf_costs › window" in panel.error.text()
    assert panel.value_item("mf_costs", "window").text() == "1"
    assert editor.doc.data["module"]["attrs"]["tables"]["mf_costs"]["window"] == 1
    assert editor.stack.count() == steps + 1


def test_game_tables_dock_says_when_a_module_has_none(editor):
    editor.new_module("square", 3, 3)
    assert editor.tables_panel.table.rowCount() == 0
    assert "no game tables" in editor.tables_panel.note.text()


def test_6_1242_the_enter_cost_edited_in_the_editor_changes_play(editor, tmp_path):
    panel = open_ffl(editor)
    type_value(panel, ("mf_costs", "enter"), "2")
    assert editor.save_as(tmp_path / "costly.ffl")
    games = {name: GameSession.new(load_module(path), "ffl/basic", seed=3)
             for name, path in (("default", module_path("ffl")),
                                ("edited", tmp_path / "costly.ffl"))}
    reach, left = {}, {}
    for name, session in games.items():
        assert legion_set_up(session, 30) == []
        org = first_bedouin_draw(session)
        ctrl = session.controller
        pid = ctrl.movable_pieces(session.state)[0]
        reach[name] = ctrl.reachable(session.state, pid)
        first = min(k for k, (_, path) in reach[name].items() if len(path) == 1)
        session.do(Action.make("enter", BEDOUIN, piece=pid, to=first[0]))
        left[name] = ctrl.mf_left(session.state, pid)
        assert ctrl.org_name(session.state, org).endswith("Tribe")
    # 6.1242 each square entered: 1 MF on the Game Card, 2 as edited (3 MF to start)
    assert {c for c, path in reach["default"].values() if len(path) == 1} == {1}
    assert {c for c, path in reach["edited"].values() if len(path) == 1} == {2}
    assert max(len(path) for _, path in reach["default"].values()) == 3
    assert max(len(path) for _, path in reach["edited"].values()) == 1
    assert (left["default"], left["edited"]) == (2, 1)


def test_2_31_the_placed_count_edited_in_the_editor_changes_play(editor, tmp_path):
    open_ffl(editor)
    panel = editor.scenario_panel
    assert panel.current()["id"] == "ffl/basic"
    other = json.loads(panel.setup.other.toPlainText())
    assert other["legion"]["place"] == 30
    other["legion"]["place"] = 29
    panel.setup.other.setPlainText(json.dumps(other))
    steps = editor.stack.count()
    panel.apply_button.click()
    assert editor.stack.count() == steps + 1
    assert editor.doc.data["scenarios"][0]["setup"]["legion"]["place"] == 29
    assert editor.save_as(tmp_path / "fewer.ffl")
    session = GameSession.new(load_module(tmp_path / "fewer.ffl"), "ffl/basic", seed=1)
    waiting = legion_set_up(session, 29)
    assert len(waiting) == 1
    squares = session.controller.fort(session.state).squares("parade")
    free = next(k for k in squares if session.controller.ctx(session.state).occupant(k, 0)
                is None)
    verdict = session.controller.legal(session.state, Action.make(
        "place", LEGION, piece=waiting[0], space=free, level=0, facing=0))
    assert not verdict and verdict.rule == "2.31"
    assert verdict.reason == "only 29 of the 33 Legion units are set up"
    # the set-up ends with 29 placed; the thirtieth unit stays out of the game
    session.do(Action.make("end-setup", LEGION))
    assert session.state.pieces[waiting[0]].status == "unused"
    assert session.state.vars["phase"] == "setup-bedouin"


def test_the_note_names_the_modules_own_game_and_its_tables(editor):
    """Not French Foreign Legion's Game Card for every module: a Limits of Glory
    module's tables are said to be its own."""
    editor.new_module("square", 3, 3, game="limits_of_glory", module_id="glory")
    editor.push("Tables", [(("module", "attrs", "tables"),
                            {"armies": {"6": {"ot-inf": 12}}, "combat": {"french": {"need": 5}}})])
    note = editor.tables_panel.note.text()
    assert note == ("The numbers Limits of Glory: Bonaparte's Eastern Empire reads in play, "
                    "by table: armies, combat.")
    assert "French Foreign Legion" not in note and "Game Card" not in note
