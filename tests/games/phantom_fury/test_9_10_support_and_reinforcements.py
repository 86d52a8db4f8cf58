"""9 The Support Phase (Missions, Insurgent Reactions) and 10 USMC Reinforcements."""

from __future__ import annotations

import pytest
from pf_helpers import (
    act,
    blank,
    control,
    ctx,
    insurgent,
    insurgent_zone,
    put,
    squad,
    suspect,
    texts,
    verdict,
    with_rolls,
)

from ffl.games.phantom_fury import tables as T


def support_state():
    state = blank(phase="support")
    control(state, 1, 2, 3, 4)
    squad(state, "K1-1", "Z3.OG")
    return state


@pytest.mark.parametrize("mission, best", [("dragon_eye", 8), ("cobra", 6), ("hornet", 4)])
def test_9_3_success_ranges(mission, best):
    lo, _, hi = T.MISSION_TABLE[mission]["success"].partition("-")
    assert (int(lo), int(hi)) == (0, best)


def test_9_3_dragon_eye_activates_two_zones_and_their_suspects():
    state = support_state()
    c = ctx(state)
    assert 15 in c.map.contact(14)
    s_pool = len(c.pool("suspects"))
    act_total = 50
    # success 3; Zone 14: activation marker + 2 markers, Zone 15 the same, then each marker
    # revealed (all Dummies: 1)
    rolls = [3, None, None, None, 1, 1, None, None, None, 1, 1]
    sides = [10, act_total, s_pool, s_pool - 1, 10, 10, act_total - 1, s_pool - 2,
             s_pool - 3, 10, 10]
    state = with_rolls(state, rolls, sides)
    state, events = act(state, "mission", mission="dragon_eye", zones=(14, 15))
    c = ctx(state)
    assert c.activated(14) and c.activated(15)
    assert state.vars["missions"]["dragon_eye"] == 1
    assert state.vars["phase"] == "support"          # after a success the phase goes on


def test_9_3_dragon_eye_needs_two_adjacent_or_neighbouring_insurgent_zones_clear_of_usmc():
    state = support_state()
    assert verdict(state, "mission", mission="dragon_eye", zones=(14, 40)).rule == "9.3"
    insurgent_zone(state, 3)
    assert verdict(state, "mission", mission="dragon_eye", zones=(3, 14)).rule == "9.3"


def test_9_3_cobra_removes_up_to_two_in_one_zone_not_the_mosque():
    state = support_state()
    insurgent_zone(state, 14)
    a = insurgent(state, "Z14.1", 2)
    b = suspect(state, "Z14.R")
    state = with_rolls(state, [5])
    state, events = act(state, "mission", mission="cobra", targets=(a, b))
    assert state.pieces[a].status == "off" and state.pieces[b].status == "off"
    assert state.vars["vp"] == 1
    insurgent_zone(state, 26, act="fortified")
    m = insurgent(state, "Z26.1", 2)
    assert verdict(state, "mission", mission="cobra", targets=(m,)).rule == "9.3"


def test_9_3_hornet_ruins_a_zone_away_from_usmc_units_and_only_once():
    state = support_state()
    insurgent_zone(state, 40)
    unit = insurgent(state, "Z40.1", 2)
    assert not verdict(state, "mission", mission="hornet", zone=14)   # next to Zone 3's squad
    state = with_rolls(state, [4])
    state, events = act(state, "mission", mission="hornet", zone=40)
    c = ctx(state)
    assert c.ruins(40) and state.pieces[unit].status == "off"
    assert not c.exists("Z40.2") and not c.exists("Z40.R") and c.exists("Z40.1")
    assert verdict(state, "mission", mission="hornet", zone=41).rule == "9.2"


def test_9_1_a_postponed_mission_brings_a_reaction_and_ends_the_phase():
    state = support_state()
    state = with_rolls(state, [9, 0])            # Dragon Eye fails (9); reaction 0: none
    state, events = act(state, "mission", mission="dragon_eye", zones=(14, 15))
    assert "postponed" in texts(events) and "No effect" in texts(events)
    assert state.vars["phase"] != "support"
    assert state.vars["missions"]["dragon_eye"] == 0


def react(state, roll, *more, sides=None):
    state = with_rolls(state, [9, roll, *more], sides or [10] * (2 + len(more)))
    return act(state, "mission", mission="hornet", zone=40)


def test_9_4_reinforcements_reaction_upgrades_guerillas_drawn_stronger():
    state = support_state()
    insurgent_zone(state, 14)
    unit = insurgent(state, "Z14.1", 1)
    pool = ctx(state).pool("insurgents")
    strong = next(i for i, p in enumerate(pool, 1)
                  if ctx(state).types[p.type].get("guerillas") == 3)
    state, events = react(state, 2, strong, sides=[10, 10, len(pool)])
    assert "go from CF 1 to CF 3" in texts(events)
    assert state.pieces[unit].status == "off"
    assert ctx(state).ins_cf(ctx(state).enemy_at("Z14.1")) == 3


def test_9_4_retreat_reaction_moves_guerillas_away_from_squads():
    state = support_state()
    insurgent_zone(state, 3)
    unit = insurgent(state, "Z3.R", 2)
    pool = len(ctx(state).pool("suspects"))
    state, events = react(state, 4, None, sides=[10, 10, pool])
    assert ctx(state).map.zone_of[state.pieces[unit].space] == 15


def test_9_4_dagger_reactions_do_not_apply_in_zones_with_a_security_element():
    state = support_state()
    insurgent_zone(state, 3)
    unit = insurgent(state, "Z3.R", 2)
    put(state, "SE-K1-1", "Z3.OG", squad="K1-1")
    state.pieces["K1-1"].data["se"] = True
    state, events = react(state, 5)
    assert state.pieces[unit].space == "Z3.R"


def test_9_4_eagle_of_fallujah_snipes_squads_in_insurgent_zones():
    state = support_state()
    insurgent_zone(state, 3)
    suspect(state, "Z14.R")
    state, events = react(state, 6, 1)             # 1 marker around: 1 <= 1: Pinned
    assert state.pieces["K1-1"].data["fp"] == "pinned"


def test_9_4_counter_attack_the_strongest_guerillas_moves_next_to_the_squad():
    state = support_state()
    insurgent_zone(state, 3)
    weak = insurgent(state, "Z3.1pp", 1)
    insurgent(state, "Z3.R", 3)
    # the squad in OG; the CF 3 unit moves next to it (Location 1) and attacks, no modifier:
    # squad 9 (none), unit 2 <= 3: Step Loss; then the unit retreats (13.4.7)
    pool = len(ctx(state).pool("suspects"))
    state, events = react(state, 7, 9, 2, None, sides=[10, 10, 10, 10, pool])
    log = texts(events)
    assert "Counter-attack in Zone 3: the Guerillas 3 (highest CF)" in log
    assert "from Zone 3, Location 1 " in log
    assert state.pieces["K1-1"].data["reduced"]
    assert state.pieces[weak].space == "Z3.1pp"


def test_9_4_hbied_ruins_a_usmc_zone_next_to_the_insurgents():
    state = support_state()
    state.vars["zones"]["3"]["usmc"] = True
    squad(state, "K1-2", "Z3.R")
    state, events = react(state, 9)
    c = ctx(state)
    assert c.ruins(3)
    assert state.pieces["K1-2"].status == "eliminated"            # on the roof
    assert state.pieces["K1-1"].data["reduced"] and state.pieces["K1-1"].data["fp"] == "pinned"


# -- 10 reinforcements ---------------------------------------------------------------------------


def reinf_state(turn):
    state = blank(phase="reinforcement", turn=turn)
    control(state, 1, 2, 3)
    put(state, "K1-1", "BOX-company", group="company")
    put(state, "K1-2", "BOX-battalion", group="battalion")
    return state


def test_10_1_company_reinforcements_from_turn_2_at_the_entry_symbol():
    assert verdict(reinf_state(1), "reinforce", piece="K1-1", to=3).rule == "10.1"
    state = reinf_state(2)
    assert verdict(state, "reinforce", piece="K1-1", to=4).rule == "10.1"     # not USMC
    state, _ = act(state, "reinforce", piece="K1-1", to=3)
    assert state.pieces["K1-1"].space == ctx(state).map.entry[3]
    assert state.vars["vp"] == 0


def test_10_3_battalion_reinforcements_from_turn_9_cost_2_vp():
    assert verdict(reinf_state(8), "reinforce", piece="K1-2", to=3).rule == "10.3"
    state, _ = act(reinf_state(9), "reinforce", piece="K1-2", to=3)
    assert state.vars["vp"] == -2


def test_15_variant_battalion_from_turn_7_without_vp_cost():
    state = reinf_state(7)
    state.vars.update(variant=True, battalion_from=7)
    state, _ = act(state, "reinforce", piece="K1-2", to=3)
    assert state.vars["vp"] == 0


def test_10_2_the_abrams_enters_a_north_street_next_to_a_usmc_zone():
    state = reinf_state(2)
    put(state, "M1A1-1", "BOX-armour")
    assert verdict(state, "reinforce", piece="M1A1-1", to="H0.5").rule == "10.2"
    state, _ = act(state, "reinforce", piece="M1A1-1", to="H0.3")
    assert state.pieces["M1A1-1"].space == "H0.3"


def test_10_4_iif_the_turn_after_a_zone_neighbouring_26_is_taken_all_on_one_turn():
    state = reinf_state(5)
    assert verdict(state, "reinforce", piece="IIF-1", to=3).rule == "10.4"
    state.vars["iif_from"] = 5
    state, _ = act(state, "reinforce", piece="IIF-1", to=3)
    assert verdict(state, "end-phase").rule == "10.4"           # the other two come too
    state.vars["turn"] = 6
    assert verdict(state, "reinforce", piece="IIF-2", to=2).rule == "10.4"
