"""14 the Weapon units fired from the play window with real mouse and key
events: the crew picked with the panel's check boxes and on the map (14.2),
the machinegun's five shots spread over its targets by clicks (14.5), Fire /
Enter and Esc, the cannon's canister with a chosen crew (14.61)."""

from __future__ import annotations

import os

from ffl_ui_helpers import click, session_at
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QCheckBox

ADLER, COLE, FISCHER, EVANS = "L-1-Adler", "L-1-Cole", "L-1-Fischer", "L-1-Evans"
ABDUL, DHABI = "B-A-Abdul", "B-A-Dhabi"
MG, CANNON = "weapon-mg", "weapon-cannon"


def aimed(open_ffl, qtbot, weapon=MG, extra=None):
    """A Legion fire phase with ``weapon`` at K8 facing south, its possible crew
    Adler, Cole and Fischer round it (Evans faces away), two Arabs to the south;
    the weapon clicked."""
    w = open_ffl(options={"heavy_weapons": True})
    units = {ADLER: ("K8", 0, "S"), COLE: ("L8", 0, "S"), FISCHER: ("J7", 0, "S"),
             EVANS: ("J8", 0, "N"), ABDUL: ("K12", 0, "N"), DHABI: ("J12", 0, "N"),
             **(extra or {})}
    state = w.session.controller.position(units=units, phase="fire", chit="squad-1",
                                          options={"heavy_weapons": True})
    piece = state.pieces[weapon]
    piece.status, piece.space, piece.level, piece.facing = "active", "K8", 0, 4
    w.set_session(session_at(w, state))
    w.map.fit()
    click(qtbot, w, w.scene.counter(weapon).sceneBoundingRect().center())
    mode = w.game_ui.mode
    assert mode.aim is not None and mode.panel.isVisible()
    return w, mode


def at(w, pid):
    return w.scene.counter(pid).sceneBoundingRect().center()


def tick(qtbot, box: QCheckBox) -> None:
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))


def test_14_2_14_5_pick_a_crew_and_fire_five_shots_at_two_targets(open_ffl, qtbot, tmp_path):
    w, mode = aimed(open_ffl, qtbot)
    panel = mode.panel
    # the crew offered first: Adler and Cole (full crew 2); Fischer may crew, Evans not
    assert mode.aim.crew == [ADLER, COLE]
    assert panel.checks[ADLER].isChecked() and not panel.checks[FISCHER].isChecked()
    evans = panel.findChild(QCheckBox, f"crew:{EVANS}")
    assert not evans.isEnabled() and "(14.2)" in evans.toolTip()
    # a number on the two targets the controller accepts: 4 with a full crew
    assert w.scene.counter(ABDUL).note == "4" and w.scene.counter(DHABI).note == "4"
    # Cole fires on his own instead: untick him in the panel (one short: 5 needed)
    tick(qtbot, panel.checks[COLE])
    assert mode.aim.crew == [ADLER] and w.scene.counter(ABDUL).note == "5"
    assert "-1 on every roll (14.43)" in panel.short_label.text()
    # ... and Fischer joins by a click on his counter on the map
    click(qtbot, w, at(w, FISCHER))
    assert mode.aim.crew == [ADLER, FISCHER] and w.scene.counter(ABDUL).note == "4"
    # five shots: Abdul 2, Dhabi 3 (one too many on Dhabi taken off with a right-click)
    assert not panel.fire.isEnabled() and "14.5" in panel.fire.toolTip()
    for target in (ABDUL, DHABI, DHABI, ABDUL, DHABI, DHABI):
        click(qtbot, w, at(w, target))
    assert mode.aim.shots == {ABDUL: 2, DHABI: 3}            # the sixth click: all placed
    click(qtbot, w, at(w, DHABI), button=Qt.MouseButton.RightButton)
    assert mode.aim.shots == {ABDUL: 2, DHABI: 2}
    click(qtbot, w, at(w, DHABI))
    assert panel.fire.isEnabled() and "5 of 5" in panel.shots_label.text()
    if os.environ.get("FFL_SHOTS_PNG"):                     # the screenshot for the docs
        qtbot.wait(50)
        w.map.zoom_by(2.8)
        w.map.centre_on(w.scene.space_centre("M10"))
        mode.refresh()
        w.map.viewport().repaint()
        w.grab().save(os.environ["FFL_SHOTS_PNG"])
    qtbot.mouseClick(panel.fire, Qt.MouseButton.LeftButton)
    log = w.session.log.events
    head = next(e for e in log if e.kind == "weapon-fire")
    assert head.info["crew"] == sorted([ADLER, FISCHER])
    assert head.text.startswith("14.5 The machinegun fires five shots: 2 at ")
    shots = [e for e in log if e.kind in ("hit", "miss", "shot-lost")]
    assert [e.info["shot"] for e in shots] == [1, 2, 3, 4, 5]
    assert [e.info["target"] for e in shots] == [ABDUL, ABDUL, DHABI, DHABI, DHABI]
    assert mode.aim is None and not panel.isVisible()
    # Cole, left out of the crew, may still fire on his own (14.42)
    alive = [t for t in (ABDUL, DHABI) if w.session.state.pieces[t].on_board]
    assert (COLE in mode.firers()) == bool(alive), [e.text for e in shots]


def test_14_5_enter_fires_and_escape_cancels(open_ffl, qtbot):
    from ffl_ui_helpers import vp

    w, mode = aimed(open_ffl, qtbot)
    qtbot.mouseMove(w.map.viewport(), vp(w, at(w, ABDUL)))   # hover: the shot's figures
    assert "needs 4+" in w.statusBar().currentMessage() and mode.sight_layer.items
    click(qtbot, w, at(w, ABDUL), modifiers=Qt.KeyboardModifier.ShiftModifier)
    assert mode.aim.shots == {ABDUL: 5}                      # Shift: all the shots left
    qtbot.keyClick(w.map.viewport(), Qt.Key.Key_Escape)
    assert mode.aim is None and not mode.panel.isVisible()
    assert not [e for e in w.session.log.events if e.kind == "weapon-fire"]
    click(qtbot, w, w.scene.counter(MG).sceneBoundingRect().center())
    click(qtbot, w, at(w, DHABI))
    qtbot.keyClick(w.map.viewport(), Qt.Key.Key_Return)      # one shot only: refused
    assert "14.5" in w.statusBar().currentMessage() and mode.aim is not None
    click(qtbot, w, at(w, DHABI), modifiers=Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(w.map.viewport(), Qt.Key.Key_Return)
    assert mode.aim is None
    assert len([e for e in w.session.log.events if e.kind == "weapon-fire"]) == 1


def test_14_61_the_cannon_fires_canister_with_the_crew_picked(open_ffl, qtbot):
    w, mode = aimed(open_ffl, qtbot, weapon=CANNON)
    panel = mode.panel
    assert mode.aim.crew == [ADLER, COLE, FISCHER]          # full crew 3
    tick(qtbot, panel.checks[FISCHER])
    assert "1 short" in panel.short_label.text()
    assert panel.canister.isVisible() and not panel.fire.isVisible()
    qtbot.mouseClick(panel.canister, Qt.MouseButton.LeftButton)
    head = next(e for e in w.session.log.events if e.kind == "weapon-fire")
    assert head.rule == "14.61" and head.info["crew"] == [ADLER, COLE]
    assert all(["14.43", -1] in e.info["modifiers"]
               for e in w.session.log.events if e.kind in ("hit", "miss"))


def test_14_62_the_cannon_fires_shell_into_the_square_clicked(open_ffl, qtbot):
    from ffl_ui_helpers import square

    w, mode = aimed(open_ffl, qtbot, weapon=CANNON)
    click(qtbot, w, square(w, "K10"))                        # two squares: too near
    assert "14.62" in w.statusBar().currentMessage() and mode.aim is not None
    click(qtbot, w, square(w, "K13"))
    head = next(e for e in w.session.log.events if e.kind == "weapon-fire")
    assert head.rule == "14.62" and head.info["mode"] == "shell" and "K13" in head.text
    assert mode.aim is None


def test_14_7_a_weapon_that_fired_this_turn_is_not_aimed_again(open_ffl, qtbot):
    w, mode = aimed(open_ffl, qtbot)
    click(qtbot, w, at(w, ABDUL), modifiers=Qt.KeyboardModifier.ShiftModifier)
    counter = w.scene.counter(MG)
    where = w.map.mapFromScene(counter.sceneBoundingRect()).boundingRect()
    before = w.map.viewport().grab(where).toImage()
    assert "fired this turn" not in counter.toolTip()
    qtbot.keyClick(w.map.viewport(), Qt.Key.Key_Enter)
    assert mode.aim is None
    # the counter shows it at once: inverted (darker) and said in its tooltip
    assert "fired this turn (inverted, 14.7)" in counter.toolTip()
    assert w.map.viewport().grab(where).toImage() != before
    click(qtbot, w, w.scene.counter(MG).sceneBoundingRect().center())
    assert mode.aim is None and "(14.7)" in w.statusBar().currentMessage()
