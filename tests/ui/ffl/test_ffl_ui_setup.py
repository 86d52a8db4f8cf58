"""Set-up in the FFL play window (2.31, 2.32): units dragged from the tray onto
fort squares, turned with the wheel, left out, ropes given; the look of the
fort (symbols, level selector)."""

from __future__ import annotations

from ffl_ui_helpers import click, drag, finish_legion_setup, square, texts, tray_drag, wheel
from PySide6.QtCore import Qt

from ffl.ui.ffl import FFLGameUI, FFLStyle
from ffl.ui.ffl.counters import FFLCounterItem


def test_the_ffl_window_uses_the_fort_style_counters_and_symbols(open_ffl):
    w = open_ffl()
    assert isinstance(w.game_ui, FFLGameUI)
    assert isinstance(w.scene.style, FFLStyle)
    names = {item.text() for item in w.game_ui.decor.names}
    assert {"Barracks", "Officer's Quarters", "Store Room", "Guard House", "Main Gate"} <= names
    assert all(isinstance(c, FFLCounterItem) for c in w.scene.counters.values())
    # the level browns: a tower square (top level 3) is darker than a wall (2)
    style = w.scene.style
    tower, wall = w.scene.board["D3"], w.scene.board["J3"]
    assert style.space_colour(tower).lightness() < style.space_colour(wall).lightness()


def test_2_31_units_dragged_from_the_tray_land_on_fort_squares(open_ffl, qtbot):
    w = open_ffl()
    tray_drag(qtbot, w, "L-1-Adler", square(w, "K8"))
    adler = w.session.state.pieces["L-1-Adler"]
    assert (adler.status, adler.space, adler.level) == ("active", "K8", 0)
    assert texts(w)[-1].startswith("2.31")
    assert w.game_ui.tray.item_for("L-1-Adler") is None
    # a building square takes the unit to its roof unless level 0 is chosen
    tray_drag(qtbot, w, "L-1-Cole", square(w, "L5"))
    assert w.session.state.pieces["L-1-Cole"].position == ("L5", 1)
    w.game_ui.bar.level_buttons[0].click()
    tray_drag(qtbot, w, "L-1-Evans", square(w, "L5"))
    assert w.session.state.pieces["L-1-Evans"].position == ("L5", 0)
    w.game_ui.bar.level_buttons[None].click()


def test_2_31_a_drop_on_the_sand_is_refused_and_says_why(open_ffl, qtbot):
    w = open_ffl()
    before = w.session.state.hash()
    tray_drag(qtbot, w, "L-1-Adler", square(w, "B2"))
    assert w.session.state.hash() == before
    assert "2.31" in w.statusBar().currentMessage()
    assert "fort squares" in w.statusBar().currentMessage()


def test_2_31_placed_units_move_by_dragging_and_turn_with_the_wheel(open_ffl, qtbot):
    w = open_ffl()
    tray_drag(qtbot, w, "L-2-Olsen", square(w, "M9"))
    drag(qtbot, w, square(w, "M9"), square(w, "N10"), via=[square(w, "N9")])
    olsen = w.session.state.pieces["L-2-Olsen"]
    assert olsen.position == ("N10", 0)
    assert olsen.facing == 0
    wheel(w, square(w, "N10"), 1, Qt.KeyboardModifier.ShiftModifier)
    assert w.session.state.pieces["L-2-Olsen"].facing == 1
    wheel(w, square(w, "N10"), -2, Qt.KeyboardModifier.ShiftModifier)
    assert w.session.state.pieces["L-2-Olsen"].facing == 7
    # R and Shift+R turn the unit last touched
    qtbot.keyClick(w.map, Qt.Key.Key_R)
    assert w.session.state.pieces["L-2-Olsen"].facing == 0


def test_2_31_right_click_leaves_a_unit_out_and_the_tray_button_too(open_ffl, qtbot):
    w = open_ffl()
    tray_drag(qtbot, w, "L-3-Nagy", square(w, "P9"))
    click(qtbot, w, square(w, "P9"), button=Qt.MouseButton.RightButton)
    menu = w.game_ui.mode.menu
    assert menu is not None
    [entry] = menu.actions()
    assert "2.31" in entry.text()
    entry.trigger()
    assert w.session.state.pieces["L-3-Nagy"].status == "unused"
    tray = w.game_ui.tray
    tray.list.setCurrentItem(tray.item_for("L-1-Jensen"))
    qtbot.mouseClick(tray.leave_button, Qt.MouseButton.LeftButton)
    assert w.session.state.pieces["L-1-Jensen"].status == "unused"
    assert "left out" in tray.item_for("L-1-Jensen").text()


def test_2_32_the_bedouin_give_ropes_in_the_tray_then_turn_1_starts(open_ffl, qtbot):
    w = open_ffl()
    finish_legion_setup(w)
    bar = w.game_ui.bar
    assert bar.setup_button.isEnabled()
    qtbot.mouseClick(bar.setup_button, Qt.MouseButton.LeftButton)
    assert w.session.state.vars["phase"] == "setup-bedouin"
    tray = w.game_ui.tray
    assert tray.rope_panel.isVisibleTo(tray)
    tray.rope_box.setCurrentIndex(tray.rope_box.findData("rope-01"))
    tray.carrier_box.setCurrentIndex(tray.carrier_box.findData("B-A-Yusuf"))
    qtbot.mouseClick(tray.assign_button, Qt.MouseButton.LeftButton)
    assert w.session.state.pieces["rope-01"].data["carrier"] == "B-A-Yusuf"
    assert "Yusuf" in tray.item_for("rope-01").text()
    qtbot.mouseClick(bar.setup_button, Qt.MouseButton.LeftButton)
    assert w.session.state.vars["phase"] == "movement"
    assert bar.turn_label.text() == "<b>Turn 1</b>"
    assert bar.cup_label.text() == "Cup: 10 left"
    assert bar.draw_button.isEnabled()


def test_2_1_the_high_roller_chooses_his_side_with_the_mouse(open_ffl, qtbot):
    w = open_ffl()
    tray = w.game_ui.tray
    high = w.session.state.vars["side_roll"]["high"]
    assert tray.side_panel.isVisible()
    assert f"{high.capitalize()} rolled high" in tray.side_label.text()
    qtbot.mouseClick(tray.side_buttons["bedouin"], Qt.MouseButton.LeftButton)
    assert w.session.state.vars["side_roll"]["bedouin"] == high
    assert texts(w)[-1].startswith("2.1 ") and "Bedouin" in texts(w)[-1]
    assert not tray.side_panel.isVisible()          # chosen once


def test_2_1_setting_up_the_legion_first_keeps_it_and_closes_the_choice(open_ffl, qtbot):
    w = open_ffl()
    tray_drag(qtbot, w, "L-1-Adler", square(w, "K8"))
    high = w.session.state.vars["side_roll"]["high"]
    assert w.session.state.vars["side_roll"]["legion"] == high
    assert not w.game_ui.tray.side_panel.isVisible()
