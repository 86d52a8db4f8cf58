"""11.1 Who Retreats: an Advance or an Overrun makes the defender retreat; the attacker
may retreat on any result but Engaged.  11.3: every unit that retreats is Disrupted
(the attacker's voluntary retreat too)."""

from __future__ import annotations

from test_rule_11_16_results import _overrun, _take_losses
from tlb_helpers import act, next_dice

ATTACKERS = ["al-16bde", "al-5ind"]


def attack(controller, module, white, black):
    st = _overrun(controller, module)       # 16 Bde and 5 Ind at 3-1 on a Libyan regiment
    next_dice(st, [white, black])
    st, _ = act(controller, st, "attack", "allied", attackers=ATTACKERS, targets=["2455"],
                supply="sp-allied-01")
    return _take_losses(controller, st)


def test_11_1_engaged_the_attacker_may_not_retreat(controller, module):
    st = attack(controller, module, 1, 1)
    assert st.vars["last_combat"]["result"] == "Engaged"
    assert "retreat" not in controller.prompt(st).kinds


def test_11_1_after_an_overrun_the_attacker_may_retreat_and_11_3_is_disrupted(controller,
                                                                             module):
    st = attack(controller, module, 5, 5)
    assert st.vars["last_combat"]["result"] == "Overrun"
    prompt = controller.prompt(st)
    assert prompt.side == "allied" and {"advance", "retreat", "stay"} <= set(prompt.kinds)
    back = next(a for a in controller.legal_actions(st) if a.kind == "retreat")
    st, events = act(controller, st, "retreat", "allied", **dict(back.args))
    assert any(e.rule.startswith("11") for e in events)
    assert len(back["path"]) == 2                                          # 11.2
    moved = list(back["units"])
    assert moved and all(st.pieces[p].space == back["path"][-1] for p in moved)
    assert all(st.pieces[p].data.get("disrupted") is True for p in moved)     # 11.3
