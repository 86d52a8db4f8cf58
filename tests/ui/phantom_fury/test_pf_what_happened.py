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
