"""12.3.2.1: a squad standing in a Location C or R may detach its Security Element
(1 MP) and then go on moving, inside that Zone (12.3.2.2).  So a drag may leave the
marker not only on its last step but where the squad stands or in a C or R it passes,
and the controller's ``secure_plans`` offers each of them; played back through the
rules' own actions, the marker lies where the plan left it."""

from __future__ import annotations

from pf_helpers import act, blank, control, controller, insurgent_zone, squad, suspect


def _position(at: str, **data):
    state = blank(phase="movement")
    insurgent_zone(state, 14)
    squad(state, "K1-1", at, **data)
    return state


def _play(state, plan):
    for step in plan.steps:
        state, _ = act(state, step.action.kind, **dict(step.action.args))
    return state


def test_12_3_2_1_the_security_element_left_in_r_on_the_way_then_the_squad_goes_on():
    state = _position("Z14.2p")
    ctrl = controller()
    assert [s.position[0] for s in ctrl.plan(state, "K1-1", "Z14.2").steps] == ["Z14.2"]
    plans = ctrl.secure_plans(state, "K1-1", "Z14.2")
    assert list(plans) == ["Z14.R"]
    plan = plans["Z14.R"]
    assert [(s.action.kind, s.action["to"], s.action.get("secure")) for s in plan.steps] == [
        ("move", "Z14.R", True), ("move", "Z14.2", None)]
    assert plan.cost == 3 and plan.steps[-1].left == 1
    state = _play(state, plan)
    assert state.pieces["SE-K1-1"].space == "Z14.R"
    assert state.pieces["K1-1"].space == "Z14.2" and state.pieces["K1-1"].data.get("se")


def test_12_3_2_1_the_security_element_left_where_the_squad_stands_in_r():
    state = _position("Z14.R")
    plans = controller().secure_plans(state, "K1-1", "Z14.2p")
    assert list(plans) == ["Z14.R"]
    assert [s.action.kind for s in plans["Z14.R"].steps] == ["secure", "move"]
    state = _play(state, plans["Z14.R"])
    assert state.pieces["SE-K1-1"].space == "Z14.R"
    assert state.pieces["K1-1"].space == "Z14.2p"


def test_12_3_2_1_every_c_and_r_of_the_zone_on_a_longer_drag_in_the_order_of_the_way():
    state = _position("Z14.R")
    plans = controller().secure_plans(state, "K1-1", "Z14.C")
    assert list(plans) == ["Z14.R", "Z14.C"]
    # where it stands first, then on arriving in C (the last step, before any fire)
    assert plans["Z14.C"].steps[-1].action.get("secure") is True
    assert controller().secure_plan(state, "K1-1", "Z14.C") == plans["Z14.C"]


def test_12_3_2_2_not_where_the_squad_would_have_to_leave_the_zone_or_lacks_the_mp():
    ctrl = controller()
    # R of Zone 15 lies next to Z14.R, but a squad that leaves its Security Element
    # there may not go on into Zone 14: only Z14.R itself, on arriving
    state = blank(phase="movement")
    control(state, 14)
    insurgent_zone(state, 15)
    suspect(state, "Z15.OG")
    squad(state, "K1-1", "Z15.R", reduced=True)
    assert ctrl.plan(state, "K1-1", "Z14.R") is not None      # taking cover (12.4.3)
    assert list(ctrl.secure_plans(state, "K1-1", "Z14.R")) == ["Z14.R"]     # on arrival
    # two MP left: the step to 2 alone, not the way through R with 1 MP more
    state = _position("Z14.2p", mp=[3, 2])
    assert ctrl.plan(state, "K1-1", "Z14.2") is not None
    assert ctrl.secure_plans(state, "K1-1", "Z14.2") == {}
    # a Security Element already detached
    state = _position("Z14.R", se=True)
    assert ctrl.secure_plans(state, "K1-1", "Z14.2p") == {}
