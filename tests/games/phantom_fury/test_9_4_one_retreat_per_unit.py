"""9.4 Retreat (reaction): every 'Guerillas' unit in a Zone holding a USMC squad when
the insurgents react makes one Retreat Movement (13.6).  A unit whose Egress Route
takes it into another Zone holding a squad stays there: before, the Zones were
taken in turn by number and such a unit retreated a second time from the later
Zone (Zone 3's unit went on through Zone 15 to Zone 14)."""

from __future__ import annotations

from pf_helpers import act, blank, control, ctx, insurgent, insurgent_zone, squad, with_rolls


def test_9_4_a_guerillas_unit_retreats_once_even_into_a_zone_with_a_squad():
    state = blank(phase="support")
    control(state, 1, 2, 4)
    insurgent_zone(state, 3, 15)
    squad(state, "K1-1", "Z3.OG")
    squad(state, "K1-2", "Z15.OG")
    unit = insurgent(state, "Z3.R", 2)
    c = ctx(state)
    assert c.map.egress[3][0] == 15 and c.map.egress[15][0] == 14
    pool = len(c.pool("suspects"))
    # the Hornet fails (9), Reaction 4: Retreat; a marker drawn to place the unit
    state = with_rolls(state, [9, 4, None, None], [10, 10, pool, pool])
    state, events = act(state, "mission", mission="hornet", zone=40)
    assert any(e.rule == "9.4" and "Retreat" in e.text for e in events)
    assert ctx(state).map.zone_of[state.pieces[unit].space] == 15
    assert sum(1 for e in events if e.kind == "retreat" and e.info.get("piece") == unit) == 1
