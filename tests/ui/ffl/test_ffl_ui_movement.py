"""Movement and melee with the mouse (6.1, 6.6, 6.7, 4.3): reachable squares on
press, a drag along a stairway, the wheel turning for free, melee by moving
onto an enemy, illegal drags refused with the reason in the status bar, the
undo rule after a die roll."""

from __future__ import annotations

from ffl_ui_helpers import drag, hand_state, press, session_at, square, texts, wheel
from PySide6.QtCore import Qt

from ffl.store import load_game

N, E = 0, 2


def movement_window(open_ffl, where, **kw):
    w = open_ffl()
    w.set_session(session_at(w, hand_state(w, where, **kw)))
    w.map.fit()
    return w


def test_6_12_pressing_a_unit_shows_every_reachable_square_with_mf_left(open_ffl, qtbot):
    w = movement_window(open_ffl, {"L-1-Adler": ("K8", 0, N), "B-A-Yusuf": ("A1", 0, E)})
    press(qtbot, w, square(w, "K8"))
    mode = w.game_ui.mode
    assert mode.selected == "L-1-Adler"
    reach = w.session.controller.reachable(w.session.state, "L-1-Adler")
    assert set(mode.reach) == set(reach)
    # the shaded squares carry the MF left: a neighbour of K8 costs 1 of 5
    labels = {i.text() for i in mode.layer.items if hasattr(i, "text")}
    assert "4" in labels and "0" in labels
    qtbot.mouseRelease(w.map.viewport(), Qt.MouseButton.LeftButton)


def test_6_62_a_drag_up_a_stairway_moves_step_by_step_and_the_wheel_turns_free(
        open_ffl, qtbot):
    w = movement_window(open_ffl, {"L-1-Adler": ("G4", 0, E), "B-A-Yusuf": ("A1", 0, E)})
    drag(qtbot, w, square(w, "G4"), square(w, "I3"),
         via=[square(w, "H4"), square(w, "I4"), square(w, "I3")])
    adler = w.session.state.pieces["L-1-Adler"]
    assert adler.position == ("I3", 2)
    steps = [t for t in texts(w) if "Adler" in t and t[0] == "6" and "starts" not in t]
    assert [t.split()[0] for t in steps] == ["6.13", "6.62", "6.62"]
    assert adler.data["mf_left"] == 0
    wheel(w, square(w, "I3"), 2, Qt.KeyboardModifier.ShiftModifier)
    assert w.session.state.pieces["L-1-Adler"].facing == E + 2
    assert texts(w)[-1].startswith("6.1241")


def test_6_7_dragging_onto_an_enemy_starts_a_melee_shown_in_the_log(open_ffl, qtbot):
    w = movement_window(open_ffl, {"L-1-Adler": ("K8", 0, E), "B-A-Yusuf": ("M8", 0, E)})
    drag(qtbot, w, square(w, "K8"), square(w, "M8"), via=[square(w, "L8")])
    log = texts(w)
    melee = [t for t in log if t.startswith("6.7 ")]
    assert melee, log
    rolls = [e for e in w.session.log.events if e.kind == "dice" and e.rule == "6.71"]
    assert len(rolls) == 1
    # the die shows in the dice display; one side lost or was stunned, as logged
    assert w.game_ui.bar.dice.value == rolls[0].dice[0]
    # whoever lost is eliminated, on the board and in the log (Basic Game: a hit kills)
    roll = next(e for e in w.session.log.events if e.kind == "melee-roll")
    loser = "B-A-Yusuf" if roll.info["modified"] >= roll.info["need"] else "L-1-Adler"
    state = w.session.state
    assert state.pieces[loser].status == "eliminated"
    assert w.scene.counter(loser) is None
    assert texts(w)[-1].startswith("6.71") and "eliminated" in texts(w)[-1]


def test_6_13_an_illegal_drag_changes_nothing_and_says_why(open_ffl, qtbot):
    where = {"L-1-Adler": ("K7", 0, N), "L-1-Cole": ("K9", 0, N), "L-1-Evans": ("L6", 0, N),
             "B-A-Yusuf": ("A1", 0, E)}
    w = open_ffl()
    state = hand_state(w, where)
    state.pieces["L-1-Evans"].data["mf_left"] = 1   # too few MF to go round by a door
    w.set_session(session_at(w, state))
    w.map.fit()
    before = w.session.state.hash()
    status = w.statusBar()
    # through the Barracks' wall: L5 is inside, behind a wall from L6
    drag(qtbot, w, square(w, "L6"), square(w, "L5"))
    assert w.session.state.hash() == before
    assert "cannot go to L5: 6.13" in status.currentMessage()
    # beyond the movement factors
    drag(qtbot, w, square(w, "K7"), square(w, "K14"))
    assert w.session.state.hash() == before
    assert "cannot reach K14" in status.currentMessage()
    # onto a friend
    drag(qtbot, w, square(w, "K7"), square(w, "K9"))
    assert w.session.state.hash() == before
    assert "4.3" in status.currentMessage()


def test_a_dragged_path_of_several_squares_undoes_as_one_step(open_ffl, qtbot):
    w = movement_window(open_ffl, {"L-1-Adler": ("K8", 0, E), "L-1-Cole": ("K10", 0, E),
                                   "B-A-Yusuf": ("A1", 0, E)})
    before = w.session.state.hash()
    drag(qtbot, w, square(w, "K10"), square(w, "M10"), via=[square(w, "L10")])
    assert w.session.state.pieces["L-1-Cole"].space == "M10"
    moves = [e for e in w.session.log.undo_step() if e.kind == "move"]
    assert len(moves) == 2, "both squares of the drag are in the one undo step"
    w.undo_action.trigger()
    assert w.session.state.pieces["L-1-Cole"].space == "K10"
    assert w.session.state.hash() == before


def test_undo_goes_back_within_the_phase_but_not_past_a_roll(open_ffl, qtbot, tmp_path):
    w = movement_window(open_ffl, {"L-1-Adler": ("K8", 0, E), "L-1-Cole": ("K10", 0, E),
                                   "B-A-Yusuf": ("M8", 0, E)})
    drag(qtbot, w, square(w, "K10"), square(w, "L10"))
    assert w.session.state.pieces["L-1-Cole"].space == "L10"
    assert w.undo_action.isEnabled()
    w.undo_action.trigger()
    assert w.session.state.pieces["L-1-Cole"].space == "K10"
    drag(qtbot, w, square(w, "K8"), square(w, "M8"), via=[square(w, "L8")])
    assert any(e.kind == "dice" for e in w.session.log.events)
    assert not w.undo_action.isEnabled()
    assert "die was rolled" in w.undo_action.toolTip()
    # both players agree: rolls may be undone from now on (Edit menu); the agreement
    # is part of the game, so a saved and reopened game keeps it
    w.undo_rolls_action.setChecked(True)
    assert w.session.undo_rolls
    w.session.save(tmp_path / "agreed.fflsave")
    # (a hand-made position is no game a file can rebuild, so the save's record is read)
    assert load_game(tmp_path / "agreed.fflsave").meta["undo_rolls"]


def test_6_5_a_drag_whose_cheapest_way_is_a_jump_asks_jump_or_stairs(open_ffl, qtbot):
    # from the landing I4 (level 1) down to H4: a jump (1 MF, dice) or the stair (2 MF)
    w = movement_window(open_ffl, {"L-1-Adler": ("I4", 1, N), "B-A-Yusuf": ("A1", 0, E)})
    press(qtbot, w, square(w, "I4"))
    mode = w.game_ui.mode
    labels = {i.text() for i in mode.layer.items if hasattr(i, "text")}
    assert "4 L0 J" in labels                       # H4: 4 MF left, by a jump
    qtbot.mouseMove(w.map.viewport(), w.map.mapFromScene(square(w, "H4")))
    qtbot.mouseRelease(w.map.viewport(), Qt.MouseButton.LeftButton,
                       pos=w.map.mapFromScene(square(w, "H4")))
    menu = mode.jump_menu
    assert [a.text() for a in menu.actions()] == [
        "Jump down (1 MF; 6.5 dice are rolled, cannot be undone)",
        "Go by stairs or rope (2 MF, no roll)"]
    menu.actions()[1].trigger()
    adler = w.session.state.pieces["L-1-Adler"]
    assert adler.position == ("H4", 0) and adler.data["mf_left"] == 3
    assert texts(w)[-1].startswith("6.62")
    assert not any(e.kind == "dice" for e in w.session.log.events if e.rule.startswith("6.5"))
