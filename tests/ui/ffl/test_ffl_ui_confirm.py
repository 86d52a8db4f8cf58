"""No irreversible surprises (issue 13, point 4; the End-phase question of
point 6): jump landings are marked apart from walking squares; a drag that
rolls dice asks first and says why; the Undo menu item says why it cannot
undo; Draw chit warns that the draw cannot be undone; the questions offer
"Don't ask again", remembered in the settings."""

from __future__ import annotations

from ffl_ui_helpers import do, drag, finish_legion_setup, hand_state, press, session_at, square
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QMessageBox

from ffl.ui.ffl.confirm import ASK_DRAW, ASK_END_PHASE, ASK_ROLL_DRAG
from ffl.ui.ffl.movement import JUMP_INK

N, E = 0, 2
ASK = {ASK_DRAW: True, ASK_ROLL_DRAG: True, ASK_END_PHASE: True}
YES, NO = QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No


def window_at(open_ffl, qtbot, where, **kw):
    w = open_ffl(prefs=ASK)
    w.set_session(session_at(w, hand_state(w, where, **kw)))
    qtbot.wait(10)
    w.map.fit()
    return w


def click_button(qtbot, box, which) -> None:
    qtbot.mouseClick(box.button(which), Qt.MouseButton.LeftButton)


def tick_dont_ask(qtbot, box) -> None:
    check = box.checkBox()
    assert check is not None and check.text() == "Don't ask again"
    qtbot.mouseClick(check, Qt.MouseButton.LeftButton, pos=QPoint(8, check.height() // 2))
    assert check.isChecked()


def hatched(w) -> set[str]:
    """Squares hatched as jump landings by the movement mode."""
    out = set()
    for item in w.game_ui.mode.layer.items:
        brush = getattr(item, "brush", None)
        if brush is not None and brush().style() == Qt.BrushStyle.BDiagPattern:
            out.add(w.scene.space_at(item.rect().center()).key)
    return out


def test_6_5_jump_landings_are_hatched_and_walking_squares_are_not(open_ffl, qtbot):
    # from the landing I4 (level 1): H4 below is cheapest by a jump
    w = window_at(open_ffl, qtbot, {"L-1-Adler": ("I4", 1, N), "B-A-Yusuf": ("A1", 0, E)})
    press(qtbot, w, square(w, "I4"))
    mode = w.game_ui.mode
    jumps = {k for (k, _lv), r in mode.reach.items() if getattr(r, "jump", False)}
    assert "H4" in jumps
    marked = hatched(w)
    assert "H4" in marked
    # every hatched square is a jump landing; walking squares carry no hatch
    assert marked <= jumps
    walk = {k for (k, _lv), r in mode.reach.items() if not getattr(r, "jump", False)}
    assert walk - jumps and not (walk - jumps) & marked
    hatch = next(i for i in mode.layer.items if getattr(i, "brush", None)
                 and i.brush().style() == Qt.BrushStyle.BDiagPattern)
    assert hatch.pen().style() == Qt.PenStyle.DashLine and hatch.brush().color() == JUMP_INK
    qtbot.mouseRelease(w.map.viewport(), Qt.MouseButton.LeftButton)


def test_6_7_a_drag_into_a_melee_asks_first_saying_it_rolls_and_cannot_be_undone(open_ffl,
                                                                                 qtbot):
    w = window_at(open_ffl, qtbot, {"L-1-Adler": ("K8", 0, E), "B-A-Yusuf": ("M8", 0, E)})
    before = len(w.session.log.events)
    drag(qtbot, w, square(w, "K8"), square(w, "M8"), via=[square(w, "L8")])
    box = w.game_ui.mode.confirm_box
    assert box is not None and box.isVisible() and box.objectName() == "rollDragBox"
    assert "rolls dice: a melee on arrival (6.7)" in box.text()
    assert "cannot be undone" in box.informativeText()
    assert len(w.session.log.events) == before                # nothing done yet
    click_button(qtbot, box, NO)
    assert len(w.session.log.events) == before
    assert w.session.state.pieces["L-1-Adler"].space == "K8"
    # again, this time moving
    drag(qtbot, w, square(w, "K8"), square(w, "M8"), via=[square(w, "L8")])
    box = w.game_ui.mode.confirm_box
    click_button(qtbot, box, YES)
    assert any(e.rule == "6.71" and e.kind == "dice" for e in w.session.log.events)
    # the Undo item says why it cannot undo, in its own text and status tip
    assert not w.undo_action.isEnabled()
    assert "not possible: a die was rolled" in w.undo_action.text()
    assert "Allow undo of rolls" in w.undo_action.statusTip()


def test_6_7_dont_ask_again_for_roll_drags_is_remembered(open_ffl, qtbot):
    w = window_at(open_ffl, qtbot, {"L-1-Adler": ("K8", 0, E), "L-1-Cole": ("K10", 0, E),
                                    "B-A-Yusuf": ("M8", 0, E), "B-A-Abdul": ("M10", 0, E)})
    drag(qtbot, w, square(w, "K8"), square(w, "M8"), via=[square(w, "L8")])
    box = w.game_ui.mode.confirm_box
    tick_dont_ask(qtbot, box)
    click_button(qtbot, box, YES)
    assert w.settings.value(ASK_ROLL_DRAG, type=bool) is False
    assert any(e.rule == "6.71" for e in w.session.log.events)
    melees = sum(e.rule == "6.71" and e.kind == "dice" for e in w.session.log.events)
    w.game_ui.mode.confirm_box = None
    if "L-1-Cole" in w.game_ui.controller.movable_pieces(w.session.state):
        drag(qtbot, w, square(w, "K10"), square(w, "M10"), via=[square(w, "L10")])
        assert w.game_ui.mode.confirm_box is None                 # not asked again
        assert sum(e.rule == "6.71" and e.kind == "dice"
                   for e in w.session.log.events) > melees


def test_3_2_draw_chit_warns_that_the_draw_cannot_be_undone(open_ffl, qtbot):
    w = open_ffl(prefs=ASK)
    finish_legion_setup(w)
    do(w, "end-setup", "legion")
    do(w, "end-setup", "bedouin")
    assert w.game_ui.draw_action.isEnabled()
    before = len(w.session.log.events)
    w.map.setFocus()
    qtbot.keyClick(w.map, Qt.Key.Key_Space)
    box = w.game_ui.confirm_box
    assert box.isVisible() and box.objectName() == "drawChitBox"
    assert "cannot be undone" in box.informativeText() and "3.2" in box.informativeText()
    click_button(qtbot, box, NO)
    assert len(w.session.log.events) == before
    qtbot.mouseClick(w.game_ui.bar.draw_button, Qt.MouseButton.LeftButton)
    box = w.game_ui.confirm_box
    tick_dont_ask(qtbot, box)
    click_button(qtbot, box, YES)
    assert w.session.state.vars.get("chit")
    assert w.settings.value(ASK_DRAW, type=bool) is False
    # the next draw goes straight through
    w.game_ui.end_phase(True)
    w.game_ui.confirm_box = None
    chit = w.session.state.vars.get("chit")
    assert chit is None
    qtbot.mouseClick(w.game_ui.bar.draw_button, Qt.MouseButton.LeftButton)
    assert w.game_ui.confirm_box is None and w.session.state.vars.get("chit")


def test_7_1_the_end_phase_question_has_dont_ask_again(open_ffl, qtbot):
    w = window_at(open_ffl, qtbot, {"L-1-Adler": ("I3", 2, N), "L-1-Cole": ("J3", 2, N),
                                    "B-A-Yusuf": ("I1", 0, 4)}, phase="fire")
    qtbot.mouseClick(w.game_ui.bar.end_button, Qt.MouseButton.LeftButton)
    box = w.game_ui.confirm_box
    assert box.isVisible() and "not acted" in box.text()
    tick_dont_ask(qtbot, box)
    click_button(qtbot, box, YES)
    assert w.session.state.vars.get("chit") is None
    assert w.settings.value(ASK_END_PHASE, type=bool) is False
    # a new game's phase with idle units ends without the question
    w.set_session(session_at(w, hand_state(w, {"L-1-Adler": ("I3", 2, N),
                                               "B-A-Yusuf": ("I1", 0, 4)}, phase="fire")))
    w.game_ui.confirm_box = None
    assert w.game_ui.idle_units()
    qtbot.mouseClick(w.game_ui.bar.end_button, Qt.MouseButton.LeftButton)
    assert w.game_ui.confirm_box is None
    assert w.session.state.vars.get("chit") is None
