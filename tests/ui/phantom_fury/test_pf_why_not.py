"""The player can always see why an action is not possible: a unit of theirs that
cannot fire, Assault or move in this phase says why in the Unit box (and the status
line) when clicked, with the rule; an enemy counter clicked that the unit picked may
not fire at or Assault tells why in the status line, and the unit stays picked.
Before, the click just picked the other counter and said nothing."""

from __future__ import annotations

from pf_ui_helpers import click, counter_point, zoom_on

from ffl.engine import Action


def _to_phase(window, phase: str) -> None:
    """Set up (each squad and CAAT where the rules offer first), then end phases."""
    ui, ctrl = window.game_ui, window.session.controller
    for _ in range(60):
        state = window.session.state
        if ctrl.prompt(state).phase == phase:
            return
        actions = list(ctrl.legal_actions(state))
        pick = next((a for a in actions if a.kind in ("place", "attach")), None) or next(
            a for a in actions if a.kind in ("end-setup", "end-phase"))
        assert ui.do(pick) is not None
    raise AssertionError(f"no {phase} phase reached")


def _status(window) -> str:
    return window.statusBar().currentMessage()


def test_11_1_a_squad_outside_usmc_control_says_why_it_cannot_fire(qtbot, pf_window):
    window = pf_window
    _to_phase(window, "fire")                     # turn 1: no Zone under USMC Control yet
    ui, state = window.game_ui, window.session.state
    squad = sorted(p.id for p in state.pieces.values() if p.side == "usmc"
                   and ui.kind_of(p.id) == "squad" and p.space and "." in p.space)[0]
    zoom_on(window, state.pieces[squad].space)
    click(qtbot, window, counter_point(window, squad))
    assert ui.selected == squad
    unit = ui.panel.unit.text()
    assert "Cannot fire now: 11.1" in unit and "USMC Control" in unit
    assert _status(window).startswith(f"{ui.name(squad)}: Cannot fire now: 11.1")

    enemy = sorted(p.id for p in state.pieces.values() if p.status == "active"
                   and ui.kind_of(p.id) == "insurgents" and p.space and "." in p.space)[0]
    zoom_on(window, state.pieces[enemy].space)
    click(qtbot, window, counter_point(window, enemy))
    assert ui.selected == squad                      # still the squad picked
    assert _status(window).startswith(f"{ui.name(squad)} cannot fire at the ")
    assert ": 11.1 a squad fires only from a Zone under USMC Control" in _status(window)


def test_12_1_a_squad_that_finished_its_move_says_so(qtbot, pf_window):
    window = pf_window
    _to_phase(window, "movement")
    ui, ctrl = window.game_ui, window.session.controller
    step = next(a for a in ctrl.legal_actions(window.session.state) if a.kind == "move"
                and ui.kind_of(a["piece"]) == "squad")
    squad = step["piece"]
    assert ui.do(step) is not None                   # one step, then its move ends
    assert ui.do(Action.make("finish", "usmc", piece=squad)) is not None
    state = window.session.state
    assert squad not in ctrl.movable(state)
    zoom_on(window, state.pieces[squad].space)
    click(qtbot, window, counter_point(window, squad))
    assert ui.selected == squad
    assert "Cannot move now: 12.1 it has finished its move this phase" in ui.panel.unit.text()
    assert "12.1" in _status(window)


def test_6_3_start_turn_1_is_greyed_until_the_start_squads_are_placed_and_says_why(
        qtbot, pf_window):
    window = pf_window
    ui, ctrl = window.game_ui, window.session.controller
    button = ui.panel.end_button
    assert button.text() == "Start turn 1" and not button.isEnabled()
    assert not ui.end_action.isEnabled()
    why = "Start turn 1: not yet (6.3 place the nine start squads first)"
    assert button.toolTip() == why and why in ui.panel.hint.text()
    for _ in range(13):                         # the nine squads, then the four CAATs
        ui.do(next(a for a in ctrl.legal_actions(window.session.state)
                   if a.kind in ("place", "attach")))
    assert button.isEnabled() and ui.end_action.isEnabled()
    assert "not yet" not in button.toolTip() + ui.panel.hint.text()
