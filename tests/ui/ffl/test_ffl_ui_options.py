"""10-18 the optional rules in the play window: chosen in the New game dialog,
shown in the phase bar, and each one's actions with the mouse: doors set up by
clicking them (10.15), attitudes and door work from a unit's right-click menu
(11, 10.13), tribes marked mounted with the tray's buttons (12)."""

from __future__ import annotations

from ffl_ui_helpers import click, do, finish_legion_setup, press, session_at, square
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QCheckBox

from ffl.ui.dialogs import NewGameDialog


def open_with(open_ffl, **options):
    return open_ffl(options=options)


def tick(qtbot, box) -> None:
    """Click a check box on its indicator."""
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))


def test_10_18_the_new_game_dialog_offers_every_optional_rule(open_ffl, qtbot):
    from ffl import catalog

    dialog = NewGameDialog(catalog.list_scenarios())
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.select("ffl/basic")
    boxes = {b.objectName(): b for b in dialog.options.findChildren(QCheckBox)}
    assert {"option_doors", "option_night", "option_wounds", "option_camerone"} <= set(boxes)
    assert len(boxes) == 11 and not any(b.isChecked() for b in boxes.values())
    tick(qtbot, boxes["option_night"])
    tick(qtbot, boxes["option_wounds"])
    chosen = dialog.chosen_options()
    assert chosen["night"] and chosen["wounds"] and not chosen["doors"]
    w = open_with(open_ffl, **chosen)
    assert w.session.state.vars["options"] == ["night", "wounds"]
    label = w.game_ui.bar.options_label
    assert label.text() == "Options: 16 18" and "Wounds" in label.toolTip()
    assert open_ffl().game_ui.bar.options_label.text() == "Basic Game"


def test_10_15_the_legion_sets_a_door_by_clicking_it(open_ffl, qtbot):
    w = open_with(open_ffl, doors=True)
    door = (w.scene.space_centre("M5") + w.scene.space_centre("M6")) / 2
    press(qtbot, w, door)
    qtbot.mouseRelease(w.map.viewport(), Qt.MouseButton.LeftButton)
    menu = w.game_ui.mode.menu
    texts = [a.text() for a in menu.actions()]
    assert texts == ["Set this door or window closed (10.15)",
                     "Set this door or window locked (10.15)"]
    menu.actions()[1].trigger()
    assert w.session.controller.doors(w.session.state)["M5|M6|0"] == "locked"
    assert w.game_ui.doors_layer.items               # the Closed units are drawn


def test_11_attitudes_and_10_13_doors_from_a_units_right_click_menu(open_ffl, qtbot):
    w = open_with(open_ffl, attitudes=True, doors=True)
    ctrl = w.session.controller
    state = ctrl.position(units={"L-1-Adler": ("I3", 2, "N"), "L-1-Cole": ("M5", 0, "S")},
                          chit="squad-1", options={"attitudes": True, "doors": True},
                          doors={"M5|M6|0": "closed"})
    w.set_session(session_at(w, state))
    w.map.fit()
    click(qtbot, w, square(w, "I3"), button=Qt.MouseButton.RightButton)
    menu = w.game_ui.mode.menu
    entry = next(a for a in menu.actions() if a.text().startswith("Stand exposed"))
    entry.trigger()
    assert w.session.state.pieces["L-1-Adler"].data["attitude"] == "exposed"
    # Cole stands on the Barracks floor, alone in M5: with the level diagrams hidden
    # (the default) his counter stands full size on the board square (1.12)
    click(qtbot, w, square(w, "M5"), button=Qt.MouseButton.RightButton)
    menu = w.game_ui.mode.menu
    entry = next(a for a in menu.actions() if a.text().startswith("Open the door"))
    entry.trigger()
    assert "M5|M6|0" not in ctrl.doors(w.session.state)


def test_12_the_bedouin_mark_tribes_mounted_with_the_tray_buttons(open_ffl, qtbot):
    w = open_with(open_ffl, mounted=True)
    finish_legion_setup(w)
    do(w, "end-setup", "legion")
    tray = w.game_ui.tray
    assert tray.mount_panel.isVisible()
    qtbot.mouseClick(tray.mount_buttons["arab"], Qt.MouseButton.LeftButton)
    assert w.session.state.vars["mounted"] == ["arab"]
    marks = w.session.controller.unit_marks(w.session.state)
    assert marks["B-A-Abdul"] == ["MT"]
    # once on the board the counters carry the mark
    state = w.session.controller.position(units={"B-A-Abdul": ("B2", 0, "S"),
                                                 "L-1-Adler": ("K8", 0, "N")},
                                          chit="arab", options={"mounted": True},
                                          mounted=["arab"])
    w.set_session(session_at(w, state))
    assert "MT" in w.scene.counter("B-A-Abdul").marks
    assert "mounted (12)" in w.scene.counter("B-A-Abdul").toolTip()


def test_12_the_mount_buttons_keep_the_units_dock_narrow(open_ffl, qtbot):
    """Six tribe buttons in one row widened the Units dock to ~510 px (and the map
    lost as much); three to a row it keeps its width."""
    w = open_with(open_ffl, mounted=True)
    before = w.game_ui.tray_dock.width()
    finish_legion_setup(w)
    do(w, "end-setup", "legion")
    qtbot.wait(20)
    tray = w.game_ui.tray
    assert tray.mount_panel.isVisible()
    rows = {b.geometry().top() for b in tray.mount_buttons.values()}
    assert len(rows) == 2
    assert w.game_ui.tray_dock.width() <= max(before, 300)
    assert all(b.isEnabled() for b in tray.mount_buttons.values())   # every tribe may ride


def test_14_1_the_weapons_come_from_the_tray_and_14_5_fire_from_a_click(open_ffl, qtbot):
    from ffl_ui_helpers import tray_drag

    w = open_with(open_ffl, heavy_weapons=True)
    tray_drag(qtbot, w, "weapon-mg", square(w, "K8"))
    assert w.session.state.pieces["weapon-mg"].position == ("K8", 0)
    ctrl = w.session.controller
    state = ctrl.position(units={"L-1-Adler": ("K8", 0, "S"), "L-1-Cole": ("L8", 0, "S"),
                                 "B-A-Abdul": ("K12", 0, "N")},
                          phase="fire", chit="squad-1", options={"heavy_weapons": True})
    mg = state.pieces["weapon-mg"]
    mg.status, mg.space, mg.level, mg.facing = "active", "K8", 0, 4
    w.set_session(session_at(w, state))
    w.map.fit()
    counter = w.scene.counter("weapon-mg")
    press(qtbot, w, counter.scenePos())
    qtbot.mouseRelease(w.map.viewport(), Qt.MouseButton.LeftButton)
    # the weapon's panel (ffl/ui/ffl/weapons.py): Shift+click puts all five shots on Abdul
    abdul = w.scene.counter("B-A-Abdul").sceneBoundingRect().center()
    press(qtbot, w, abdul, modifiers=Qt.KeyboardModifier.ShiftModifier)
    qtbot.mouseClick(w.game_ui.mode.panel.fire, Qt.MouseButton.LeftButton)
    fired = [e for e in w.session.log.events if e.kind == "weapon-fire"]
    assert fired and fired[0].text.startswith("14.5 The machinegun fires five shots")
    rolls = [e for e in w.session.log.events if e.kind == "dice" and e.rule == "14.5"]
    assert 1 <= len(rolls) <= 5          # the shots left are lost once the target falls
    assert w.session.state.pieces["weapon-mg"].data["fired_turn"] == 1


def test_17_31_the_bedouin_pick_the_roll_that_counts_with_the_tray(open_ffl, qtbot):
    w = open_with(open_ffl, cafard=True)
    panel = w.game_ui.tray.panels
    assert panel.cafard_panel.isVisible() and panel.pick_buttons[2].isVisible()
    qtbot.mouseClick(panel.pick_buttons[2], Qt.MouseButton.LeftButton)
    assert w.session.state.vars["cafard_secret"]["which"] == 2
    assert w.session.controller.prompt(w.session.state).phase == "setup-legion"
    assert not panel.cafard_panel.isVisible()


def test_15_the_bedouin_give_dynamite_and_plot_a_tunnel_with_the_mouse(open_ffl, qtbot):
    from ffl_ui_helpers import click

    w = open_with(open_ffl, siege=True)
    finish_legion_setup(w)
    do(w, "end-setup", "legion")
    # the hand-over screen comes first, forced: the Bedouin plot in secret (15.21)
    assert w.host.covered()
    qtbot.mouseClick(w.game_ui.handover.button, Qt.MouseButton.LeftButton)
    panels = w.game_ui.tray.panels
    assert panels.siege_panel.isVisible()
    qtbot.mouseClick(panels.dynamite_button, Qt.MouseButton.LeftButton)
    assert len(w.session.state.vars["siege_secret"]["dynamite"]) == 1
    # a tunnel: the edge square A5, then its last square E5 (under the west wall)
    click(qtbot, w, square(w, "A5"))
    click(qtbot, w, square(w, "E5"))
    tunnels = w.session.state.vars["siege_secret"]["tunnels"]
    assert tunnels == [{"label": 1, "squares": ["A5", "B5", "C5", "D5", "E5"]}]
    assert w.game_ui.siege_layer.items                 # drawn for the Bedouin
    assert panels.tunnel_number.value() == 2


def test_15_142_the_breach_is_chosen_with_a_button(open_ffl, qtbot):
    w = open_with(open_ffl, siege=True)
    ctrl = w.session.controller
    state = ctrl.position(units={"B-A-Abdul": ("B5", 0, "E"), "L-1-Adler": ("K8", 0, "N")},
                          phase="fire", chit="arab", options={"siege": True})
    state.vars["pending"] = {"kind": "breach", "side": "bedouin", "square": "C5", "level": 0,
                             "options": ["D5"], "rule": "15.142"}
    w.set_session(session_at(w, state))
    panels = w.game_ui.tray.panels
    assert not panels.choice_panel.isHidden()
    assert [b.text() for b in panels.choice_buttons] == [
        "Breach the wall towards D5 (15.142)", "No breach (15.142)"]
    qtbot.mouseClick(panels.choice_buttons[0], Qt.MouseButton.LeftButton)
    assert w.session.state.vars["siege"]["collapsed"] == ["D5"]
    assert w.game_ui.siege_layer.items                 # the breach and the rubble


def test_17_31_19_1_the_dialog_greys_out_le_cafard_in_les_allemands(qtbot):
    """19 has no Bedouin player to prepare Le Cafard (17.31), nor to carry dynamite
    and dig tunnels (15), and no tribe to ride in (12): the New game dialog offers
    them unticked and greyed, saying why, and offers them again for another
    scenario."""
    from ffl import catalog

    dialog = NewGameDialog(catalog.list_scenarios())
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.select("ffl/basic")
    boxes = {b.objectName(): b for b in dialog.options.findChildren(QCheckBox)}
    tick(qtbot, boxes["option_cafard"])
    dialog.select("ffl/les-allemands")
    cafard = boxes["option_cafard"]
    assert not cafard.isEnabled() and not cafard.isChecked()
    assert "no Bedouin player" in cafard.toolTip() and "19.1" in cafard.toolTip()
    assert not dialog.options.form.labelForField(cafard).isEnabled()
    tick(qtbot, cafard)                  # a click on it does nothing
    assert dialog.chosen_options()["cafard"] is False
    assert boxes["option_wounds"].isEnabled()
    for key, rule in (("mounted", "12"), ("siege", "15")):     # the tribes' and his own
        box = boxes[f"option_{key}"]
        assert not box.isEnabled() and not box.isChecked()
        assert f"({rule})" in box.toolTip() and "19.1" in box.toolTip()
    dialog.select("ffl/basic")
    assert cafard.isEnabled() and "17.3" in cafard.toolTip()
    tick(qtbot, cafard)
    assert dialog.chosen_options()["cafard"] is True
