"""9.4 Counter-attack: the Zones that hold both 'Guerillas' units and USMC squads when
the insurgents react see one Assault each.  A unit that survives a Counter-attack
retreats (13.4.7); landing in another Zone with a squad it does not attack again
there: before, the Zones were taken by number as they stood by then, and Zone 3's
unit, driven into Zone 15, counter-attacked a second time."""

from __future__ import annotations

from pf_helpers import act, blank, control, ctx, insurgent, insurgent_zone, squad, with_rolls


def test_9_4_a_zone_reached_by_a_retreat_sees_no_counter_attack():
    state = blank(phase="support")
    control(state, 1, 2, 4)
    insurgent_zone(state, 3, 15)
    squad(state, "K1-1", "Z3.OG")
    squad(state, "K1-2", "Z15.OG")
    unit = insurgent(state, "Z3.R", 2)
    c = ctx(state)
    assert c.map.egress[3][0] == 15
    pool = len(c.pool("suspects"))
    # the Hornet fails (9), Reaction 7: Counter-attack; both Assault rolls a 9 (no
    # Step Loss either way), the Guerillas retreat (a marker drawn to place them)
    rolls = [9, 7, 9, 9, None] + [None] * 6
    state = with_rolls(state, rolls, [10, 10, 10, 10, pool] + [10] * 6)
    state, events = act(state, "mission", mission="hornet", zone=40)
    assaults = [e for e in events if e.kind == "assault" and e.rule == "13.4.2"]
    assert len(assaults) == 1, [e.text for e in assaults]
    assert ctx(state).map.zone_of[state.pieces[unit].space] == 15
