"""Issue 12 (every click answered within 50 ms) in Phantom Fury's window: a drag
along a plan of several steps lays the map out once at its end, not after every
step, and the controller's answers kept for one state follow every change (a
move, its undo and redo), with real mouse events."""

from __future__ import annotations

from pf_ui_helpers import centre, counter_point, drag, zoom_on

from ffl import catalog
from ffl.engine import GameLog
from ffl.session import GameSession


def _session():
    """12: K1-1 in Zone 3's Outer Ground, three steps from Z3.1pp (test_12's position)."""
    module = catalog.load_module("phantom_fury")
    from ffl.games.phantom_fury.controller import PhantomFuryController

    ctrl = PhantomFuryController(module)
    scenario = module.scenarios["phantom_fury/jolan"]
    state = ctrl.setup(scenario, dict(scenario.options), 11)
    state.vars.update(turn=3, phase="movement")
    state.vars["zones"] = {n: {"act": "start", "usmc": True} for n in ("1", "2", "3")}
    p = state.pieces["K1-1"]
    p.space, p.status = "Z3.OG", "active"
    p.data.pop("pool", None)
    return GameSession(ctrl, scenario, dict(scenario.options), 11, GameLog(state))


def test_12_a_drag_of_three_steps_lays_the_map_out_once_on_the_way(qtbot, pf_window):
    window = pf_window
    window.set_session(_session())
    qtbot.wait(20)
    zoom_on(window, "Z3")
    ui = window.game_ui
    plan = window.session.controller.plan(window.session.state, "K1-1", "Z3.1pp")
    assert len(plan.steps) >= 2
    views = []
    real = ui.refresh_view
    ui.refresh_view = lambda: (views.append(1), real())[1]
    steps = len(window.session.log.steps)
    drag(qtbot, window, counter_point(window, "K1-1"), centre(window, "Z3.1pp"))
    ui.refresh_view = real
    assert window.session.state.pieces["K1-1"].space == "Z3.1pp"
    assert len(window.session.log.steps) == steps + 1          # one undo step
    # the press (the squad picked), the plan's end and the release: 3; it was the
    # press, one per step of the plan and the release
    assert len(views) == 3 < 2 + len(plan.steps)
    ctrl, state = window.session.controller, window.session.state
    assert ui.prompt() == ctrl.prompt(state)
    assert "MP left" in ui.panel.unit.text()


def test_12_the_answers_kept_for_a_state_follow_undo_and_redo(qtbot, pf_window):
    window = pf_window
    window.set_session(_session())
    qtbot.wait(20)
    zoom_on(window, "Z3")
    ui, ctrl = window.game_ui, window.session.controller
    moves_before = {a for a in ui.legal_actions() if a.kind == "move"}
    drag(qtbot, window, counter_point(window, "K1-1"), centre(window, "Z3.1"))
    state = window.session.state
    assert state.pieces["K1-1"].space == "Z3.1"
    assert ui.prompt() == ctrl.prompt(state)
    assert ui.legal_actions() == list(ctrl.legal_actions(state))
    window.undo_action.trigger()
    state = window.session.state
    assert state.pieces["K1-1"].space == "Z3.OG"
    assert ui.legal_actions() == list(ctrl.legal_actions(state))
    assert {a for a in ui.legal_actions() if a.kind == "move"} == moves_before
    window.redo_action.trigger()
    state = window.session.state
    assert state.pieces["K1-1"].space == "Z3.1"
    assert ui.prompt() == ctrl.prompt(state)
