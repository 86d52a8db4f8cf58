"""14.3.2 Regrouping: a Security Element whose USMC squad has been eliminated is
removed from the game at the Reorganisation Phase; one whose squad lives on in a Zone
the insurgents still Control stays (the squad must spend its MPs to pick it up,
12.3.2.3).  A Security Element alone does not take Control of its Zone (14.1)."""

from __future__ import annotations

from pf_helpers import act, blank, control, ctx, insurgent, insurgent_zone, put, squad


def reorg_state():
    state = blank(phase="assault", turn=3)
    control(state, 1, 2)
    for n in range(3, 62):
        if n != 27:
            insurgent_zone(state, n)
    return state


def test_14_3_2_the_security_element_of_an_eliminated_squad_is_removed():
    state = reorg_state()
    put(state, "SE-K1-2", "Z5.C", squad="K1-2")          # K1-2 itself is off the map
    state.pieces["K1-2"].status = "eliminated"
    squad(state, "K1-1", "Z6.C", se=True)
    put(state, "SE-K1-1", "Z6.C", squad="K1-1")          # its squad lives: it stays
    insurgent(state, "Z6.R", 2)                           # and Zone 6 stays theirs
    state, events = act(state, "end-phase")
    lost = [e for e in events if e.rule == "14.3.2"]
    assert len(lost) == 1 and lost[0].text.startswith("14.3.2")
    assert state.pieces["SE-K1-2"].status == "off" and state.pieces["SE-K1-2"].space is None
    assert state.pieces["SE-K1-1"].space == "Z6.C" and state.pieces["K1-1"].data.get("se")
    c = ctx(state)
    assert not c.usmc_control(5)                          # 14.1: a Security Element alone
