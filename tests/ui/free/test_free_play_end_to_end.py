"""The issue's end-to-end check: a module made from scratch in the editor (hex
grid, two sides, a few piece types, one scenario) opens in the player as free
play and is played by hand with real mouse and keyboard events: counters
dragged on the map and from the tray, turned with the wheel and R, flipped
with Ctrl+F, marked through the context menu, dice rolled with the dock's
button; then saved, reopened in a new window with the same state and log, and
a drag undone and redone."""

from __future__ import annotations

from free_helpers import (
    centre,
    counter_point,
    drag,
    menu_action,
    right_click,
    texts,
    tray_drag,
    wheel,
)
from free_module import SCENARIO_ID
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from ffl.ui.counters import CounterItem
from ffl.ui.free import FreePlayUI

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier


def piece(w, pid):
    return w.session.state.pieces[pid]


def key(qtbot, w, k, mods=Qt.KeyboardModifier.NoModifier):
    qtbot.keyClick(w.map, k, mods)


def test_a_module_made_in_the_editor_is_played_by_hand_saved_and_reopened(
        free_window, make_play_window, qtbot, tmp_path):
    w = free_window
    ui = w.game_ui
    # -- it is free play, and says so -------------------------------------------------
    assert w.session.rules == "off"
    assert w.session.scenario.id == SCENARIO_ID
    assert isinstance(ui, FreePlayUI)
    assert w.mode_label.text() == "Free play: no rules checked"
    assert "Free play" in w.prompt_label.text()
    assert ui.tray_dock.windowTitle() == "Pieces" and ui.tray_dock.isVisible()
    assert ui.dice_dock.windowTitle() == "Dice" and ui.dice_dock.isVisible()
    assert w.scene.facings == 6
    assert all(c.facings == 6 for c in w.scene.counters.values())
    assert ui.tray.sides() == ["red", "red", "blue"]
    assert "3</b> off the map (red 2, blue 1), 4 on it" in ui.tray.title.text()
    assert ui.tray.pids() == ["cavalry-1", "cavalry-2", "militia-2"]

    # -- drag a counter to another hex ------------------------------------------------
    drag(qtbot, w, counter_point(w, "infantry-1"), centre(w, "0506"))
    assert piece(w, "infantry-1").position == ("0506", 0)
    assert texts(w)[-1] == "Free play: Infantry to 0506"
    assert w.scene.counter("infantry-1").pos() == centre(w, "0506")
    assert "Infantry to 0506" in w.statusBar().currentMessage()

    # -- undo and redo of the drag (Ctrl+Z, Ctrl+Y) -----------------------------------
    after_drag = w.session.state.hash()
    key(qtbot, w, Qt.Key.Key_Z, CTRL)
    assert piece(w, "infantry-1").position == ("0203", 0)
    assert w.scene.counter("infantry-1").pos() == centre(w, "0203")
    key(qtbot, w, Qt.Key.Key_Y, CTRL)
    assert w.session.state.hash() == after_drag
    assert w.scene.counter("infantry-1").pos() == centre(w, "0506")

    # -- a piece from the tray onto the map ---------------------------------------------
    tray_drag(qtbot, w, "cavalry-1", centre(w, "0405"))
    assert piece(w, "cavalry-1").position == ("0405", 0)
    assert piece(w, "cavalry-1").status == "active"
    assert ui.tray.item_for("cavalry-1") is None
    assert isinstance(w.scene.counter("cavalry-1"), CounterItem)

    # -- turn: Shift+wheel over a counter, then R; six facings wrap ---------------------
    wheel(w, counter_point(w, "infantry-1"), 1, SHIFT)
    assert piece(w, "infantry-1").facing == 1
    assert texts(w)[-1] == "Free play: Infantry faces NE"
    seen = []
    for _ in range(5):
        key(qtbot, w, Qt.Key.Key_R)
        seen.append(piece(w, "infantry-1").facing)
    assert seen == [2, 3, 4, 5, 0]
    key(qtbot, w, Qt.Key.Key_R, SHIFT)
    assert piece(w, "infantry-1").facing == 5
    assert "facing NW" in w.scene.counter("infantry-1").toolTip()

    # -- flip with Ctrl+F: the type's printed back shows ---------------------------------
    key(qtbot, w, Qt.Key.Key_F, CTRL)
    assert piece(w, "infantry-1").data == {"flipped": True}
    item = w.scene.counter("infantry-1")
    assert "flipped" in item.toolTip()
    assert item._lines()[0] == "Disordered"

    # -- a marker through the context menu's dialog ------------------------------------
    right_click(qtbot, w, counter_point(w, "guns-1"))
    menu = ui.mouse.menu
    assert menu is not None and ui.selected == "guns-1"
    assert all(a.toolTip() for a in menu.actions() if not a.isSeparator())
    menu_action(menu, "Add marker").trigger()
    dialog = ui.marker_dialog
    assert dialog is not None and dialog.isVisible()
    dialog.name.setCurrentText("")
    qtbot.keyClicks(dialog.name.lineEdit(), "disrupted")
    dialog.count.setValue(2)
    qtbot.mouseClick(dialog.buttons.button(QDialogButtonBox.StandardButton.Ok),
                     Qt.MouseButton.LeftButton)
    assert piece(w, "guns-1").markers == {"disrupted": 2}
    assert texts(w)[-1] == "Free play: Guns: marker disrupted x2"

    # -- dice: two d10 for a purpose, with the dock's Roll button -----------------------
    dice = ui.dice
    dice.count.setValue(2)
    qtbot.mouseClick(dice.preset_buttons[10], Qt.MouseButton.LeftButton)
    qtbot.keyClicks(dice.purpose, "artillery")
    qtbot.mouseClick(dice.roll_button, Qt.MouseButton.LeftButton)
    roll = w.session.log.events[-1]
    assert len(roll.dice) == 2 and all(1 <= v <= 10 for v in roll.dice)
    assert roll.info["sides"] == 10 and roll.rule == "free"
    assert roll.text.startswith("Free play: roll 2d10 for artillery: ")
    assert dice.total.text().endswith(f"= {sum(roll.dice)}")

    # -- save, reopen in a new window: same state, same log -----------------------------
    events = texts(w)
    assert events[:-1] == [
        "Free play: Infantry to 0506", "Free play: Cavalry to 0405",
        "Free play: Infantry faces NE", "Free play: Infantry faces SE",
        "Free play: Infantry faces S", "Free play: Infantry faces SW",
        "Free play: Infantry faces NW", "Free play: Infantry faces N",
        "Free play: Infantry faces NW", "Free play: Infantry flipped to its back",
        "Free play: Guns: marker disrupted x2"]
    assert events[-1].startswith("Free play: roll 2d10 for artillery")
    saved = tmp_path / "by-hand.fflsave"
    assert w.save_as(saved)
    digest = w.session.state.hash()
    w2 = make_play_window()
    assert w2.open_path(saved)
    assert isinstance(w2.game_ui, FreePlayUI) and w2.session.rules == "off"
    assert w2.session.state.hash() == digest
    assert texts(w2) == events
    assert w2.game_ui.tray.pids() == ["cavalry-2", "militia-2"]
    assert w2.scene.counter("infantry-1")._lines()[0] == "Disordered"
    assert w2.game_ui.dice.total.text() == dice.total.text()
    # the roll is final (as in every game, unless both players allow undoing rolls)
    assert not w2.session.log.can_undo()
    key(qtbot, w2, Qt.Key.Key_Z, CTRL)
    assert w2.session.state.hash() == digest


def test_with_undo_of_rolls_allowed_a_roll_undoes_and_redoes_and_the_dock_follows(
        free_window, qtbot):
    w = free_window
    dice = w.game_ui.dice
    w.undo_rolls_action.trigger()          # Edit > Allow undo of rolls (both agree)
    assert w.session.undo_rolls
    qtbot.mouseClick(dice.roll_button, Qt.MouseButton.LeftButton)
    first = w.session.log.events[-1]
    assert first.text.startswith("Free play: roll 1d6: ") and dice.total.text() == \
        str(first.dice[0])
    key(qtbot, w, Qt.Key.Key_D, CTRL)       # Ctrl+D rolls again
    second = w.session.log.events[-1]
    assert len(w.session.log.events) == 2 and dice.total.text() == str(second.dice[0])
    key(qtbot, w, Qt.Key.Key_Z, CTRL)
    assert w.session.log.events == [first] and dice.total.text() == str(first.dice[0])
    key(qtbot, w, Qt.Key.Key_Z, CTRL)
    assert w.session.log.events == [] and dice.total.text() == "–"
    key(qtbot, w, Qt.Key.Key_Y, CTRL)
    key(qtbot, w, Qt.Key.Key_Y, CTRL)
    assert w.session.log.events == [first, second]     # the same values come back
