"""12.3.2.1 on a drag of more than one step: the controller's ``secure_plan`` says
whether the drag's last step may detach the Security Element on arrival (the rules'
own ``move`` with ``secure``, asked where the squad stands before that step)."""

from __future__ import annotations

from pf_helpers import act, blank, controller, insurgent_zone, squad, suspect


def _position(**data):
    state = blank(phase="movement")
    insurgent_zone(state, 14)
    suspect(state, "Z14.R")
    squad(state, "K1-1", "Z14.2", **data)
    return state


def test_12_3_2_1_the_last_step_of_a_longer_drag_into_c_may_detach_the_se():
    state = _position()
    ctrl = controller()
    plain = ctrl.plan(state, "K1-1", "Z14.C")
    assert [s.position[0] for s in plain.steps] == ["Z14.1", "Z14.C"]
    secure = ctrl.secure_plan(state, "K1-1", "Z14.C")
    assert secure is not None
    assert [s.action.get("secure") for s in secure.steps] == [None, True]
    assert [s.action["to"] for s in secure.steps] == ["Z14.1", "Z14.C"]
    assert secure.steps[-1].cost == 2 and secure.steps[-1].left == plain.steps[-1].left - 1
    # played back, the Security Element is detached in C before any Defensive Fire
    for step in secure.steps:
        state, events = act(state, "move", **dict(step.action.args))
    assert state.pieces["SE-K1-1"].space == "Z14.C"
    assert state.pieces["K1-1"].data.get("se")


def test_12_3_2_1_not_offered_where_the_rules_refuse_it():
    ctrl = controller()
    # a plain Location (1, 2, 2', OG) holds no Security Element
    state = _position()
    assert ctrl.secure_plan(state, "K1-1", "Z14.1") is None
    # two MP left: enough to get into C, not to detach it there too
    state = _position(mp=[3, 2])
    assert ctrl.plan(state, "K1-1", "Z14.C") is not None
    assert ctrl.secure_plan(state, "K1-1", "Z14.C") is None
    # a Security Element already detached
    state = _position(se=True)
    assert ctrl.secure_plan(state, "K1-1", "Z14.C") is None
