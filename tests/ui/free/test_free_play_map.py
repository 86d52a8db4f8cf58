"""Free play on the map with real mouse and keyboard events: panning on empty
ground, drops that change nothing, the chosen counter's ring, the hover line,
the context menu (flip, turn, markers, take off), stacks, the keyboard
shortcuts and the status line's reasons."""

from __future__ import annotations

from free_helpers import (
    centre,
    counter_point,
    drag,
    menu_action,
    right_click,
    texts,
    tray_drag,
    vp,
)
from PySide6.QtCore import QPoint, QPointF, Qt

CTRL = Qt.KeyboardModifier.ControlModifier


def piece(w, pid):
    return w.session.state.pieces[pid]


def test_a_press_on_empty_ground_pans_the_view_and_changes_nothing(free_window, qtbot):
    w = free_window
    w.map.zoom_by(2.0)
    before = (w.map.horizontalScrollBar().value(), w.map.verticalScrollBar().value())
    start = centre(w, "0508")
    drag(qtbot, w, start, start + QPointF(-150, -120))
    after = (w.map.horizontalScrollBar().value(), w.map.verticalScrollBar().value())
    assert after != before
    assert texts(w) == []


def test_drops_off_the_board_or_in_place_change_nothing(free_window, qtbot):
    w = free_window
    home = counter_point(w, "guns-1")
    # off the board (beyond the last column): back where it was
    beyond = w.scene.board_rect().topRight() + QPointF(30, 60)
    drag(qtbot, w, home, beyond)
    assert texts(w) == [] and piece(w, "guns-1").space == "0805"
    assert w.scene.counter("guns-1").pos() == home
    assert "nothing moved" in w.statusBar().currentMessage()
    # dragged about and released on its own hex
    drag(qtbot, w, home, home + QPointF(20, 15))
    assert texts(w) == [] and w.scene.counter("guns-1").pos() == home
    # a tray piece released over the tray itself, not the map
    tray_drag(qtbot, w, "cavalry-2", None, off_map=QPoint(20, 20))
    assert texts(w) == [] and w.game_ui.tray.item_for("cavalry-2") is not None


def test_the_chosen_counter_is_ringed_and_the_hover_line_names_the_pieces(free_window, qtbot):
    w = free_window
    ui = w.game_ui
    viewport = w.map.viewport()
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=vp(w, counter_point(w, "guns-1")))
    assert ui.selected == "guns-1"
    assert ui.overlay.ring is not None and ui.overlay.ring.pos() == counter_point(w, "guns-1")
    # a click on empty ground lets go
    qtbot.mouseClick(viewport, Qt.MouseButton.LeftButton, pos=vp(w, centre(w, "0101")))
    assert ui.selected is None and ui.overlay.ring is None
    qtbot.mouseMove(viewport, vp(w, centre(w, "0101")))
    qtbot.mouseMove(viewport, vp(w, centre(w, "0203")))
    assert w.hover_label.text() == "0203 · clear · Infantry"
    # the ring follows a counter dragged onto a stack; both show, offset
    drag(qtbot, w, counter_point(w, "militia-1"), centre(w, "0805"))
    assert ui.selected == "militia-1"
    assert {p.id for p in w.session.state.pieces_at("0805")} == {"guns-1", "militia-1"}
    a, b = w.scene.counter("guns-1").pos(), w.scene.counter("militia-1").pos()
    assert a != b and ui.overlay.ring.pos() == b
    qtbot.mouseMove(viewport, vp(w, centre(w, "0704")))
    qtbot.mouseMove(viewport, vp(w, centre(w, "0805")))
    assert w.hover_label.text() == "0805 · clear · Guns, Militia"
    # the top of the stack is the one a press picks
    drag(qtbot, w, b, centre(w, "0905"))
    assert piece(w, "militia-1").space == "0905" and piece(w, "guns-1").space == "0805"


def test_the_context_menu_flips_turns_marks_and_takes_off(free_window, qtbot):
    w = free_window
    ui = w.game_ui

    def menu_on(pid):
        right_click(qtbot, w, counter_point(w, pid))
        assert ui.mouse.menu is not None
        return ui.mouse.menu

    # a type with no printed back: hatched, lighter, "flipped" on it
    menu_action(menu_on("militia-1"), "Flip").trigger()
    item = w.scene.counter("militia-1")
    assert item._lines() == ["Militia", "flipped"] and "flipped" in item.toolTip()
    assert texts(w)[-1] == "Free play: Militia flipped to its back"
    menu_action(menu_on("militia-1"), "Face S", exact=True).trigger()
    assert piece(w, "militia-1").facing == 3
    # the dialog offers the usual markers; a typed one works too
    menu_action(menu_on("militia-1"), "Add marker").trigger()
    dialog = ui.marker_dialog
    names = [dialog.name.itemText(i) for i in range(dialog.name.count())]
    assert names[:4] == ["disrupted", "spent", "hit", "out of command"]
    dialog.name.setCurrentText("out of command")
    dialog.accept()
    ui.add_marker()          # Ctrl+M's entry, on the chosen counter
    dialog = ui.marker_dialog
    dialog.name.setCurrentText("out of command")
    assert dialog.count.value() == 2          # one more than it carries
    dialog.name.setCurrentText("ammo low")
    dialog.count.setValue(3)
    dialog.accept()
    assert piece(w, "militia-1").markers == {"out of command": 1, "ammo low": 3}
    menu = menu_on("militia-1")
    menu_action(menu, "Remove marker ammo low (x3)").trigger()
    assert piece(w, "militia-1").markers == {"out of command": 1}
    menu_action(menu_on("militia-1"), "Take off the map").trigger()
    assert piece(w, "militia-1").space is None and piece(w, "militia-1").status == "off"
    assert ui.tray.item_for("militia-1").text() == "blue · Militia  (militia-1) — flipped"
    assert w.scene.counter("militia-1") is None


def test_the_keyboard_acts_on_the_chosen_counter_and_says_why_not(free_window, qtbot):
    w = free_window
    ui = w.game_ui
    qtbot.keyClick(w.map, Qt.Key.Key_R)
    assert texts(w) == [] and "Choose a counter first" in w.statusBar().currentMessage()
    # a piece chosen in the tray cannot be turned until it is on the map
    ui.tray.list.setCurrentItem(ui.tray.item_for("cavalry-2"))
    assert ui.selected == "cavalry-2"
    qtbot.keyClick(w.map, Qt.Key.Key_R)
    assert texts(w) == []
    assert w.statusBar().currentMessage() == \
        "Not done: only a counter on the map can be turned"
    qtbot.keyClick(w.map, Qt.Key.Key_F, CTRL)     # but it can be flipped there
    assert piece(w, "cavalry-2").data == {"flipped": True}
    qtbot.mouseClick(w.map.viewport(), Qt.MouseButton.LeftButton,
                     pos=vp(w, counter_point(w, "infantry-2")))
    qtbot.keyClick(w.map, Qt.Key.Key_R)
    assert piece(w, "infantry-2").facing == 0        # no facing yet: north first
    qtbot.keyClick(w.map, Qt.Key.Key_Delete)
    assert piece(w, "infantry-2").space is None
    assert texts(w)[-1] == "Free play: Infantry taken off the map"


def test_every_game_menu_entry_and_dock_button_has_a_tooltip(free_window):
    w = free_window
    ui = w.game_ui
    entries = [a for a in w.game_menu.actions() if not a.isSeparator()]
    assert [a.text() for a in entries] == ["Turn &right", "Turn &left", "&Flip",
                                           "Add &marker…", "&Take off the map", "Roll &dice"]
    assert all(a.toolTip() and a.shortcut().toString() for a in entries)
    assert [a.shortcut().toString() for a in entries] == ["R", "Shift+R", "Ctrl+F", "Ctrl+M",
                                                          "Del", "Ctrl+D"]
    widgets = [ui.dice.count, ui.dice.sides, ui.dice.purpose, ui.dice.roll_button,
               *ui.dice.preset_buttons.values(), ui.tray.list, ui.tray.filter]
    assert all(x.toolTip() for x in widgets)


def test_the_tray_filter_and_the_dice_bounds(free_window, qtbot):
    w = free_window
    ui = w.game_ui
    qtbot.keyClicks(ui.tray.filter, "blue")
    assert ui.tray.pids() == ["militia-2"] and ui.tray.sides() == ["blue"]
    ui.tray.filter.clear()
    assert len(ui.tray.pids()) == 3
    dice = ui.dice
    dice.count.setValue(99)
    dice.sides.setValue(1000)
    assert (dice.count.value(), dice.sides.value()) == (20, 100)
    qtbot.mouseClick(dice.roll_button, Qt.MouseButton.LeftButton)
    roll = w.session.log.events[-1]
    assert len(roll.dice) == 20 and roll.info["sides"] == 100
    assert dice.total.text() == str(sum(roll.dice))
