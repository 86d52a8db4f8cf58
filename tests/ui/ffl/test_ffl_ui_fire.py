"""Fire with the mouse (7.3, 7.5, 7.6, 7.13): arc and target numbers on
selection, the line of sight on hover, a click fires, several firers are
announced before rolling."""

from __future__ import annotations

from ffl_ui_helpers import click, hand_state, session_at, square, texts
from PySide6.QtCore import Qt

from ffl.ui.ffl.counters import TARGET

N, S = 0, 4


def fire_window(open_ffl, where, chit="squad-1", **kw):
    w = open_ffl()
    w.set_session(session_at(w, hand_state(w, where, chit=chit, phase="fire", **kw)))
    w.map.fit()
    return w


WHERE = {"L-1-Adler": ("I3", 2, N), "L-1-Cole": ("J3", 2, N),
         "B-A-Yusuf": ("I1", 0, S), "B-A-Abdul": ("Z1", 0, S)}


def test_7_3_selecting_a_firer_shades_its_arc_and_numbers_its_targets(open_ffl, qtbot):
    w = fire_window(open_ffl, WHERE)
    click(qtbot, w, square(w, "I3"))
    mode = w.game_ui.mode
    assert mode.selected == ["L-1-Adler"]
    yusuf = w.scene.counter("B-A-Yusuf")
    info = mode.infos["B-A-Yusuf"]
    assert info.possible
    assert (yusuf.highlight, yusuf.note) == (TARGET, str(info.needed))
    assert w.scene.counter("B-A-Abdul").highlight != TARGET      # far outside the arc
    # the arc: the widening wedge north of I3 (rows 2 and 1)
    shaded = {w.scene.space_at(i.rect().center()).key for i in mode.layer.items}
    assert shaded == {"H2", "I2", "J2", "G1", "H1", "I1", "J1", "K1"}
    # hovering the target draws the line of sight and reports it
    qtbot.mouseMove(w.map.viewport(), w.map.mapFromScene(square(w, "I1")))
    assert mode.sight_layer.items
    assert "line of sight clear" in w.statusBar().currentMessage()


def test_7_6_clicking_a_target_fires_and_the_roll_is_logged(open_ffl, qtbot):
    w = fire_window(open_ffl, WHERE)
    click(qtbot, w, square(w, "I3"))
    click(qtbot, w, square(w, "I1"))
    log = texts(w)
    assert any(t.startswith("7.6 Pvt. Adler fires at Ch. Yusuf") for t in log), log
    shot = [e for e in w.session.log.events if e.kind == "dice" and e.rule == "7.6"]
    assert len(shot) == 1
    assert w.session.state.pieces["L-1-Adler"].data["fired"] == 1
    assert log[-1].startswith("7.6") or log[-1].startswith("7.8")


def test_7_13_ctrl_click_selects_several_firers_announced_before_rolling(open_ffl, qtbot):
    w = fire_window(open_ffl, WHERE)
    click(qtbot, w, square(w, "I3"))
    click(qtbot, w, square(w, "J3"), modifiers=Qt.KeyboardModifier.ControlModifier)
    assert w.game_ui.mode.selected == ["L-1-Adler", "L-1-Cole"]
    click(qtbot, w, square(w, "I1"))
    events = w.session.log.events
    kinds = [e.kind for e in events]
    assert kinds[0] == "announce" and events[0].rule == "7.13"
    assert "dice" not in kinds[:1]
    assert kinds.count("fire") >= 1


def test_7_1_end_phase_asks_when_units_have_not_fired(open_ffl, qtbot):
    w = fire_window(open_ffl, WHERE)
    qtbot.mouseClick(w.game_ui.bar.end_button, Qt.MouseButton.LeftButton)
    box = w.game_ui.confirm_box
    assert box.isVisible() and "not acted" in box.text()
    assert w.session.state.vars["chit"] == "squad-1"
    box.button(box.StandardButton.Yes).click()
    assert w.session.state.vars.get("chit") is None
    log = texts(w)
    assert log[0].startswith("7.1 End of the Squad 1 fire phase")
    assert "3.5 Stun removal phase" in log and log[-1].startswith("3.1 Turn 2")
    assert w.game_ui.bar.turn_label.text() == "<b>Turn 2</b>"
