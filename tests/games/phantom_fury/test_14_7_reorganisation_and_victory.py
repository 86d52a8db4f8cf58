"""14 The Reorganisation Phase and 7 Victory Conditions (VP, levels, the end)."""

from __future__ import annotations

import pytest
from pf_helpers import (
    act,
    blank,
    control,
    controller,
    ctx,
    insurgent,
    insurgent_zone,
    put,
    squad,
    suspect,
    texts,
    with_rolls,
)

from ffl.games.phantom_fury.rules.sequence import level


def end_turn(state, rolls=(), sides=10):
    if rolls:
        state = with_rolls(state, list(rolls), sides)
    return act(state, "end-phase")


def reorg_state():
    state = blank(phase="assault", turn=3)
    control(state, 1, 2)
    for n in range(3, 62):
        if n != 27:
            insurgent_zone(state, n)
    return state


def test_14_1_a_zone_holding_only_a_usmc_squad_comes_under_usmc_control():
    state = reorg_state()
    squad(state, "K1-1", "Z3.1")
    squad(state, "K1-2", "Z4.1")
    suspect(state, "Z4.R")
    state, events = end_turn(state)
    c = ctx(state)
    assert c.usmc_control(3) and not c.usmc_control(4)
    assert "14.1 Zone 3 holds only USMC K1-1" in texts(events)
    assert state.vars["turn"] == 4 and state.vars["phase"] == "support"


def test_14_1_a_security_element_alone_does_not_take_a_zone():
    state = reorg_state()
    put(state, "SE-K1-1", "Z3.R", squad="K1-1")
    state, _ = end_turn(state)
    assert not ctx(state).usmc_control(3)


def test_14_2_contact_activates_the_adjacent_and_neighbouring_zones():
    state = blank(phase="assault", turn=3)
    control(state, 1, 2)
    state.vars["zones"]["3"] = {"act": "start"}
    squad(state, "K1-1", "Z3.1")
    state, events = end_turn(state)
    c = ctx(state)
    assert all(c.activated(z) for z in c.map.contact(3) if z != 27)
    assert c.activated(14) and c.activated(15) and c.activated(16)


def test_14_3_fired_squads_recover_and_security_elements_rejoin_in_usmc_zones():
    state = reorg_state()
    squad(state, "K1-1", "Z2.OG", fp="fired")
    squad(state, "K1-2", "Z1.C", se=True)
    put(state, "SE-K1-2", "Z1.C", squad="K1-2")
    state, events = end_turn(state)
    assert not state.pieces["K1-1"].data.get("fp")
    assert state.pieces["SE-K1-2"].status == "off" and not state.pieces["K1-2"].data.get("se")


def test_14_3_4_pinned_squads_roll_under_their_cf_plus_2_in_og():
    state = reorg_state()
    squad(state, "K1-1", "Z2.OG", fp="pinned")            # CF 6
    suspect(state, "Z3.R")
    state2, events = end_turn(state, [5])                # 5 + 2 = 7 > 6: still Pinned
    assert state2.pieces["K1-1"].data["fp"] == "pinned" and "5+2 > CF 6" in texts(events)
    state3, _ = end_turn(state, [4])
    assert not state3.pieces["K1-1"].data.get("fp")


def test_14_3_4_automatic_when_nothing_is_around():
    state = reorg_state()
    squad(state, "K1-1", "Z2.OG", fp="pinned")
    state, events = end_turn(state)
    assert not state.pieces["K1-1"].data.get("fp") and "nothing around" in texts(events)


def test_14_3_5_a_caat_with_no_munitions_leaves_without_vp():
    state = reorg_state()
    squad(state, "K1-1", "Z2.OG", caat="CAAT-1")
    state.pieces["CAAT-1"].data.update(ammo=0, explosives=None)
    state, _ = end_turn(state)
    assert state.pieces["CAAT-1"].status == "eliminated" and state.vars["vp"] == 0


def test_14_4_infiltration_of_an_empty_usmc_zone_next_to_the_insurgents():
    state = reorg_state()
    squad(state, "K1-1", "Z1.OG")               # Zone 1 occupied: never infiltrated
    suspect(state, "Z3.R")                      # Zone 3 (insurgents) Adjacent to Zone 2
    state, events = end_turn(state)
    c = ctx(state)
    assert not c.usmc_control(2) and c.usmc_control(1)
    assert "14.4.1 the insurgents infiltrate Zone 2 from the Adjacent Zone 3" in texts(events)
    assert [p for p in c.enemies(2) if c.kind(p) == "suspect"]


def test_14_4_2_an_abrams_in_the_street_between_neighbouring_zones_stops_it():
    state = reorg_state()
    state.vars["zones"]["3"]["usmc"] = True
    insurgent_zone(state, 2, 4)
    # Zone 3 is infiltrated from Adjacent Zones unless they are empty: keep them empty
    suspect(state, "Z15.R")                      # Neighbouring across H1.3 only
    put(state, "M1A1-1", "H1.3")
    state, events = end_turn(state)
    assert ctx(state).usmc_control(3)


def test_14_4_3_no_dominoes():
    state = reorg_state()
    control(state, 3, 4)
    suspect(state, "Z5.R")                      # 5 next to 4; 4 next to 3
    squad(state, "K1-1", "Z1.OG")
    squad(state, "K1-2", "Z2.OG")
    state, events = end_turn(state)
    c = ctx(state)
    assert not c.usmc_control(4) and c.usmc_control(3)


def test_14_5_phantom_fury_markers_age_and_go():
    state = reorg_state()
    state.vars["zones"]["5"]["pf"] = 15
    state.vars["zones"]["6"]["pf"] = 30
    state, _ = end_turn(state)
    assert ctx(state).zone(5)["pf"] == 30 and "pf" not in ctx(state).zone(6)


# -- 7 Victory --------------------------------------------------------------------------------------


def all_but(*left):
    state = blank(phase="assault", turn=16)
    control(state, *[n for n in range(1, 62) if n not in (27, *left)])
    for n in left:
        insurgent_zone(state, n)
    return state


def test_7_1_after_turn_16_the_insurgents_win_if_any_zone_escapes():
    state = all_but(40, 41)
    state, events = end_turn(state)
    out = controller().outcome(state)
    assert out.winner == "insurgents" and out.rule == "7.1"


def test_7_1_exception_only_an_empty_mosque_left_is_a_win_at_minus_5():
    state = all_but(26)
    state, events = end_turn(state)
    out = controller().outcome(state)
    assert out.winner == "usmc" and state.vars["vp"] == -5
    assert "a bitter victory" in out.text


def test_7_2_all_zones_taken_before_the_end_plus_5_vp_a_turn_not_played():
    state = all_but()
    state.vars["turn"] = 12
    state, events = end_turn(state)
    out = controller().outcome(state)
    assert out.winner == "usmc" and state.vars["vp"] == 20
    assert "major victory" in out.text


@pytest.mark.parametrize("vp, text", [(11, "a major victory"), (10, "a minor victory"),
                                      (0, "a minor victory"), (-1, "a bitter victory")])
def test_7_2_2_levels_of_victory(vp, text):
    assert level(vp) == text


def test_7_2_1_a_squad_reduced_then_eliminated_costs_7_vp():
    from pf_helpers import turn_of

    from ffl.games.phantom_fury.rules.losses import step_loss
    state = blank()
    squad(state, "K1-1", "Z3.1")
    t = turn_of(state)
    step_loss(t, "K1-1", "13.5", "test")
    step_loss(t, "K1-1", "13.5", "test")
    assert t.state.vars["vp"] == -7


def test_5_1_1_2_the_players_order_gives_the_loss_to_the_caat():
    state = blank()
    squad(state, "K1-1", "Z3.1", caat="CAAT-1")
    state.pieces["CAAT-1"].data.update(ammo=4, explosives=True)
    state, _ = act(state, "loss-order", piece="K1-1", caat_first=True)
    from pf_helpers import turn_of

    from ffl.games.phantom_fury.rules.losses import step_loss
    t = turn_of(state)
    step_loss(t, "K1-1", "13.5", "test")
    assert t.state.pieces["CAAT-1"].status == "eliminated"
    assert not t.state.pieces["K1-1"].data.get("reduced") and t.state.vars["vp"] == -2


def test_7_2_1_iif_reduced_costs_nothing_eliminated_2():
    from pf_helpers import turn_of

    from ffl.games.phantom_fury.rules.losses import step_loss
    state = blank()
    squad(state, "IIF-1", "Z26.1")
    t = turn_of(state)
    step_loss(t, "IIF-1", "13.5", "test")
    assert t.state.vars["vp"] == 0
    step_loss(t, "IIF-1", "13.5", "test")
    assert t.state.vars["vp"] == -2


def test_14_1_iif_come_the_turn_after_a_zone_neighbouring_26_is_taken():
    state = reorg_state()
    c = ctx(state)
    near = sorted(c.map.neighbouring[26])[0]
    insurgent_zone(state, near)
    squad(state, "K1-1", c.map.locations[near][0])
    state, events = end_turn(state)
    assert state.vars["iif_from"] == 4
    assert insurgent is not None
