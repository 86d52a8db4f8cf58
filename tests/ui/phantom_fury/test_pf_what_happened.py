"""What a step set off beyond the player's own move (the program's moves for the
insurgents, Zones taken or Activated) is listed, with its rules, in the Battle panel's
'What just happened' box, where the player looks; the log dock holds a few lines at
1366x768.  A Reorganisation's many Zones are one line a kind."""

from __future__ import annotations

from html import escape


def _step(window, kinds):
    """Through the window's own path: the first legal action of the first kind offered."""
    ui, ctrl = window.game_ui, window.session.controller
    actions = list(ctrl.legal_actions(window.session.state))
    pick = next(a for kind in kinds for a in actions if a.kind == kind)
    return ui.do(pick) or []


def test_14_2_the_panel_says_which_zones_the_reorganisation_activated(qtbot, pf_window):
    window = pf_window
    panel = window.game_ui.panel
    box, label = panel.doings_box, panel.doings
    events = []
    for _ in range(40):            # set up, then end each phase up to a Reorganisation
        events = _step(window, ("place", "attach", "end-setup", "end-phase"))
        if any(e.kind == "activate" for e in events):
            break
    activated = [e.info["zone"] for e in events if e.kind == "activate"]
    assert len(activated) >= 2
    assert not box.isHidden()
    text = label.text()
    rule = next(e.rule for e in events if e.kind == "activate")
    assert f"{rule} Activated: Zones {', '.join(map(str, activated))}" in text
    assert text.count("<br>") <= 4          # at most four lines and the "more" line
    assert "Activated" in label.toolTip() or "Activated" in text
    # a step that sets nothing off empties the box (nothing stale is left there)
    _step(window, ("end-phase",))
    assert box.isHidden()


def test_12_7_and_13_6_2_the_insurgents_doings_are_listed_and_ringed(qtbot, pf_window):
    """The controller's notices keep each Defensive Fire line as the log has it (the
    insurgents' choice of who fires first stays in the log); the counters the doings
    touched are ringed in orange where they now stand (here a Guerillas unit after its
    retreat), until the next step."""
    from ffl.engine import Change, Event
    from ffl.ui.phantom_fury.game_ui import DOINGS

    ui = pf_window.game_ui
    ctrl, state = pf_window.session.controller, pf_window.session.state
    shot = Event("defensive-fire", "12.7.2",
                 "12.7.2 Guerillas 3 fires on USMC K2-1: 4 (no modifier) = 4 > its CF 3: no effect")
    choice = Event("insurgent-decision", "12.7.1", "12.7.1 the insurgents fire in this order")
    assert ctrl.notices([choice, shot]) == [shot.text]
    ui.refresh([choice, shot])
    assert ui.panel.doings.text() == escape(shot.text)    # rich text
    assert not ui.panel.doings_box.isHidden()

    pid, piece = next((pid, p) for pid, p in sorted(state.pieces.items())
                      if p.status == "active" and ui.kind_of(pid) == "insurgents"
                      and p.space in pf_window.scene.board)
    retreat = Event("retreat", "13.6.2", f"13.6.2 {pid} retreats to {piece.space}",
                    [Change.set(pid, "space", piece.space)])

    def rings():
        return {item.data(0) for item in ui.overlay.highlights
                if hasattr(item, "pen") and item.pen().color().name() == DOINGS}

    ui.refresh([retreat])
    assert rings() == {piece.space}
    ui.refresh([])
    assert rings() == set() and ui.panel.doings_box.isHidden()


def test_13_4_2_the_panel_says_how_an_assault_came_out(qtbot, pf_window):
    """An Assault through the window: the box gives both sides' rolls and who took a
    Step Loss (13.4.2), and the unit it eliminated; before, only an Event showed, and a
    squad killed by the insurgents' roll was told in the log dock alone."""
    import random

    from pf_ui_helpers import eager_pick

    from ffl import catalog

    window = pf_window
    window.set_session(catalog.new_session("phantom_fury/jolan", seed=5))
    ui, ctrl = window.game_ui, window.session.controller
    rng = random.Random(5)
    for _ in range(19):                   # set-up and turn 1 up to its Assault Phase
        window.session.do(eager_pick(list(ctrl.legal_actions(window.session.state)), rng))
    pick = eager_pick(list(ctrl.legal_actions(window.session.state)), rng)
    assert pick.kind == "assault"
    events = ui.do(pick)
    result = next(e for e in events if e.kind == "assault" and e.rule == "13.4.2")
    gone = next(e for e in events if e.kind == "eliminated")
    text = ui.panel.doings.text()
    assert not ui.panel.doings_box.isHidden()
    assert escape(result.text) in text and escape(gone.text) in text
    assert "rolls" in result.text and "takes a Step Loss" in result.text
