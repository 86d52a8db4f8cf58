"""A whole first turn of the Basic Game in the real window, with the mouse:
set-up, chit draws, a climb up a stairway, the wheel, Bedouin entering from
the tray, fire from the parapet, end of phases, the undo rule, save and
reopen; then the hand-over screen and the victory box."""

from __future__ import annotations

from ffl_ui_helpers import (
    click,
    drag,
    finish_legion_setup,
    hand_state,
    session_at,
    square,
    texts,
    tray_drag,
    wheel,
)
from PySide6.QtCore import Qt

from ffl.engine import Action, fold

ENTRY_SQUARES = [f"{c}1" for c in "DEFGHIJKLMNO"]


def end_phase(qtbot, w) -> None:
    """Click End phase and say yes if asked."""
    before = len(w.session.log.events)
    qtbot.mouseClick(w.game_ui.bar.end_button, Qt.MouseButton.LeftButton)
    box = getattr(w.game_ui, "confirm_box", None)
    if len(w.session.log.events) == before and box is not None and box.isVisible():
        box.button(box.StandardButton.Yes).click()


def enter_all(qtbot, w) -> None:
    """6.21 bring every waiting unit of the drawn tribe in on the north edge."""
    free = [k for k in ENTRY_SQUARES if not w.session.state.pieces_at(k)]
    while w.game_ui.tray.list.count():
        pid = w.game_ui.tray.list.item(0).data(Qt.ItemDataRole.UserRole)
        tray_drag(qtbot, w, pid, square(w, free.pop(0)))
        assert w.session.state.pieces[pid].status == "active", w.statusBar().currentMessage()


def play_turn_1(qtbot, w) -> None:
    bar = w.game_ui.bar
    # 2.31 / 2.32 set-up
    tray_drag(qtbot, w, "L-1-Adler", square(w, "G4"))
    finish_legion_setup(w)
    qtbot.mouseClick(bar.setup_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(bar.setup_button, Qt.MouseButton.LeftButton)
    assert w.session.state.vars["phase"] == "movement"
    # 3.2 movement phases, one per chit
    for _ in range(10):
        qtbot.mouseClick(bar.draw_button, Qt.MouseButton.LeftButton)
        chit = w.session.state.vars["chit"]
        assert bar.org_label.text().startswith("<b>")
        if chit == "squad-1":
            drag(qtbot, w, square(w, "G4"), square(w, "I3"),
                 via=[square(w, "H4"), square(w, "I4")])
            assert w.session.state.pieces["L-1-Adler"].position == ("I3", 2)
            wheel(w, square(w, "I3"), 1, Qt.KeyboardModifier.ShiftModifier)
            assert w.session.state.pieces["L-1-Adler"].facing == 1
        end_phase(qtbot, w)
        if w.session.state.vars.get("chit") == chit:
            assert "6.21" in w.statusBar().currentMessage()
            enter_all(qtbot, w)
            end_phase(qtbot, w)
        assert w.session.state.vars.get("chit") is None
    assert w.session.state.vars["phase"] == "fire"
    # 3.4 fire phases
    fired = False
    for _ in range(10):
        qtbot.mouseClick(bar.draw_button, Qt.MouseButton.LeftButton)
        if w.session.state.vars["chit"] == "squad-1":
            click(qtbot, w, square(w, "I3"))
            infos = w.game_ui.mode.infos
            target = next(t for t, i in infos.items() if i.possible)
            click(qtbot, w, w.scene.counter(target).scenePos())
            fired = True
        end_phase(qtbot, w)
    assert fired


def test_3_a_whole_turn_with_the_mouse_then_save_and_reopen(open_ffl, qtbot, tmp_path):
    w = open_ffl(seed=11)
    play_turn_1(qtbot, w)
    log = texts(w)
    assert any(t.startswith("6.62") and "Adler" in t for t in log)
    assert any(t.startswith("6.21") and "enters" in t for t in log)
    assert any(t.startswith("7.6 Pvt. Adler fires") for t in log)
    assert "3.5 Stun removal phase" in log
    state = w.session.state
    assert (state.vars["turn"], state.vars["phase"]) == (2, "movement")
    # the last phase has ended: undo cannot reach back into it
    assert not w.undo_action.isEnabled()
    assert w.undo_action.toolTip() in ("Undo reaches back only to the start of the current "
                                       "phase.",)
    # save, reopen in a new window, and go on playing
    path = tmp_path / "turn1.fflsave"
    assert w.save_as(path)
    w2 = open_ffl()
    assert w2.open_path(path), w2.last_error and (w2.last_error.text(), w2.last_error.informativeText())
    assert w2.session.state.hash() == state.hash()
    assert w2.scene.counter("L-1-Adler") is not None
    assert w2.session.state.pieces["L-1-Adler"].position == ("I3", 2)
    assert not w2.undo_action.isEnabled()
    qtbot.mouseClick(w2.game_ui.bar.draw_button, Qt.MouseButton.LeftButton)
    assert w2.session.state.vars["chit"]
    assert w2.game_ui.bar.cup_label.text() == "Cup: 9 left"


def test_hot_seat_hand_over_screen_on_a_change_of_side(open_ffl, qtbot):
    w = open_ffl(prefs={"ffl/handover": True})
    finish_legion_setup(w)
    assert not w.host.covered()
    qtbot.mouseClick(w.game_ui.bar.setup_button, Qt.MouseButton.LeftButton)
    hand = w.game_ui.handover
    assert hand.isVisible() and "Bedouin" in hand.label.text()
    # it covers the whole window, docks and event log included, and is opaque
    assert hand.geometry() == w.rect()
    assert hand.testAttribute(Qt.WidgetAttribute.WA_StyledBackground)
    # the map takes no clicks while the screen is up
    before = w.session.state.hash()
    click(qtbot, w, square(w, "K8"))
    assert w.session.state.hash() == before
    qtbot.mouseClick(hand.button, Qt.MouseButton.LeftButton)
    assert not hand.isVisible()


def test_9_the_victory_box_names_the_winner(open_ffl, qtbot):
    w = open_ffl()
    where = {"L-1-Adler": ("K8", 0, 2), "B-A-Yusuf": ("L8", 0, 6)}
    state = hand_state(w, where)
    # every other Bedouin unit is out of the game: Yusuf is the last one
    for p in state.pieces.values():
        if p.side == "bedouin" and p.status == "off" and p.id != "B-A-Yusuf":
            p.status = "eliminated"
    ctrl = w.session.controller
    attack = Action.make("move", "legion", piece="L-1-Adler", to="L8", level=0)
    for seed in range(1, 200):   # a seed whose melee roll Adler wins
        state.seed = seed
        if fold(state, ctrl.apply(state, attack)).pieces["B-A-Yusuf"].status == "eliminated":
            break
    w.set_session(session_at(w, state))
    w.map.fit()
    drag(qtbot, w, square(w, "K8"), square(w, "L8"))
    assert w.session.state.pieces["B-A-Yusuf"].status == "eliminated"
    assert w.session.state.vars["phase"] == "over"
    box = w.game_ui.victory_box
    assert box is not None and box.isVisible()
    assert "Legion wins" in box.text()
