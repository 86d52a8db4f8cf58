"""The play window: undo and redo through the menu and shortcuts, the event
log, the new-game dialog and About."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox

import ffl
from ffl.engine import Action


def move(window, piece: str, to: str) -> None:
    window.session.do(Action.make("move", "blue", piece=piece, to=to))


def test_undo_and_redo_follow_the_log_with_the_step_in_their_names(window):
    start = window.session.state.hash()
    assert not window.undo_action.isEnabled() and not window.redo_action.isEnabled()
    move(window, "b1", "A2")
    assert window.undo_action.isEnabled()
    assert window.undo_action.text() == "&Undo T.1 Move Pvt. Adler B2 -> A2"
    moved = window.session.state.hash()
    window.undo_action.trigger()
    assert window.session.state.hash() == start
    assert not window.undo_action.isEnabled()
    assert window.redo_action.text() == "&Redo T.1 Move Pvt. Adler B2 -> A2"
    window.redo_action.trigger()
    assert window.session.state.hash() == moved
    assert not window.redo_action.isEnabled()


def test_undo_redo_keyboard_shortcuts(window, qtbot):
    move(window, "b1", "A2")
    move(window, "b1", "A3")
    after_two = window.session.state.hash()
    ctrl = Qt.KeyboardModifier.ControlModifier
    qtbot.keyClick(window.map, Qt.Key.Key_Z, ctrl)
    assert window.session.state.pieces["b1"].space == "A2"
    qtbot.keyClick(window.map, Qt.Key.Key_Z, ctrl)
    assert window.session.state.pieces["b1"].space == "B2"
    qtbot.keyClick(window.map, Qt.Key.Key_Z, ctrl | Qt.KeyboardModifier.ShiftModifier)
    assert window.session.state.pieces["b1"].space == "A2"
    qtbot.keyClick(window.map, Qt.Key.Key_Y, ctrl)
    assert window.session.state.hash() == after_two
    # the counter on the map followed every step
    assert window.scene.space_at(window.scene.counter("b1").pos()).key == "A3"


def test_event_log_lists_events_with_rule_numbers_and_drops_undone_ones(window):
    log = window.event_log
    move(window, "b1", "A2")
    window.session.do(Action.make("end_turn", "blue"))
    assert log.texts() == ["T.1 Move Pvt. Adler B2 -> A2", "T.2 Turn 2 begins"]
    window.undo()
    assert log.texts() == ["T.1 Move Pvt. Adler B2 -> A2"]
    window.redo()
    assert log.texts()[-1] == "T.2 Turn 2 begins"


def test_event_log_filters_by_turn(window):
    log = window.event_log
    move(window, "b1", "A2")
    window.session.do(Action.make("end_turn", "blue"))
    window.session.do(Action.make("move", "red", piece="r1", to="E2"))
    assert log.turn_box.isVisibleTo(window)
    assert [log.turn_box.itemText(i) for i in range(log.turn_box.count())] == [
        "All turns", "Turn 1", "Turn 2"]
    log.set_turn_filter(2)
    assert log.texts(visible_only=True) == ["T.2 Turn 2 begins", "T.1 Move Raider E3 -> E2"]
    log.set_turn_filter(1)
    assert log.texts(visible_only=True) == ["T.1 Move Pvt. Adler B2 -> A2"]
    log.set_turn_filter(None)
    assert len(log.texts(visible_only=True)) == 3


def test_game_over_shows_in_the_status_bar(window):
    for side in ("blue", "red", "blue"):
        window.session.do(Action.make("end_turn", side))
    assert window.prompt_label.text() == "Game over: T.3 The game ends after turn 3: a draw"


def test_new_game_dialog_lists_scenarios_and_starts_the_chosen_one(window, qtbot):
    seen = {}

    def drive():
        dialog = QApplication.activeModalWidget()
        seen["titles"] = dialog.titles()
        dialog.select("tiny/hexes")
        seen["description"] = dialog.description.toPlainText()
        dialog.seed.setValue(42)
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)

    QTimer.singleShot(50, drive)
    window.new_action.trigger()
    assert seen["titles"] == ["Square skirmish", "Hex patrol", "Zones"]
    assert "A patrol on hexes." in seen["description"]
    assert window.session.scenario.id == "tiny/hexes"
    assert window.session.seed == 42
    assert "Hex patrol" in window.windowTitle()


def test_about_names_the_version(window, qtbot):
    window.about_action.trigger()
    box = window.findChild(QMessageBox, "aboutBox")
    assert box is not None and box.isVisible()
    assert ffl.__version__ in box.text()
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "aboutBox") is None)


def test_menus_hold_the_expected_actions(window):
    menus = {a.text().replace("&", ""): a.menu() for a in window.menuBar().actions()}
    assert list(menus) == ["File", "Edit", "View", "Game", "Help"]
    # the tiny test game has no GameUI, so its Game menu stays hidden
    assert not window.game_menu.menuAction().isVisible() and window.game_ui is None
    file_items = [a.text().replace("&", "") for a in menus["File"].actions() if a.text()]
    assert file_items == ["New game from scenario…", "Open…", "Open recent", "Save",
                          "Save As…", "Seal for mailing…",
                          "Replay…", "Replay this game", "Send turn file…",
                          "Open turn file…", "E-mail game", "Print…", "Export PDF…", "Quit"]
    assert window.save_action.shortcut().toString() == "Ctrl+S"
    assert window.open_action.shortcut().toString() == "Ctrl+O"
    assert window.save_as_action.shortcut().toString() == "Ctrl+Shift+S"
    assert window.quit_action.shortcut().toString() == "Ctrl+Q"
    assert [s.toString() for s in window.redo_action.shortcuts()] == ["Ctrl+Shift+Z", "Ctrl+Y"]
    assert [s.toString() for s in window.fit_action.shortcuts()] == ["F", "Ctrl+0"]


def test_a_replaced_game_frees_its_board_scene(window, qtbot):
    import shiboken6

    old = window.scene
    assert window.open_scenario("tiny/hexes", seed=1)
    assert window.scene is not old and window.map.scene() is window.scene
    # the old scene (parented to the window) goes with the old game, items and all
    qtbot.waitUntil(lambda: not shiboken6.isValid(old))
    assert window.overview.scene() is window.scene
