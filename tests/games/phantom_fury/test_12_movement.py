"""12 Movement: steps and their cost, stacking, streets, the M1A1, Defensive Fire."""

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
    verdict,
    with_rolls,
)

from ffl.games.phantom_fury import tables as T


def usmc_zones():
    state = blank(phase="movement")
    control(state, 1, 2, 3, 4)
    return state


def test_12_3_1_each_location_costs_1_mp_out_of_4():
    state = usmc_zones()
    squad(state, "K1-1", "Z3.OG")
    for to in ("Z3.1", "Z3.1p", "Z3.1pp"):
        state, _ = act(state, "move", piece="K1-1", to=to)
    assert controller().mp_left(state, "K1-1") == 1
    assert not verdict(state, "move", piece="K1-1", to="Z3.2")       # not Adjacent to 1"
    state, _ = act(state, "move", piece="K1-1", to="Z3.1p")
    assert state.pieces["K1-1"].data["moved"] == 3                    # no MP left: done
    assert verdict(state, "move", piece="K1-1", to="Z3.1").rule == "12.1"


def test_12_3_1_no_entry_into_a_location_holding_a_suspect_or_unit():
    state = usmc_zones()
    insurgent_zone(state, 3)
    squad(state, "K1-1", "Z3.OG")
    suspect(state, "Z3.1")
    assert verdict(state, "move", piece="K1-1", to="Z3.1").rule == "12.3.1"


def test_12_4_1_between_zones_only_through_door_and_roof_symbols():
    state = usmc_zones()
    squad(state, "K1-1", "Z2.1p")
    assert verdict(state, "move", piece="K1-1", to="Z3.1")            # the door symbol
    assert not verdict(state, "move", piece="K1-1", to="Z3.OG")       # no symbol there


def test_12_5_1_crossing_a_street_from_a_door_to_a_door_and_12_5_4_never_two_in_a_row():
    state = usmc_zones()
    control(state, 14)
    squad(state, "K1-1", "Z2.OG")
    c = ctx(state)
    assert "H1.2" in c.map.zone_streets[2]
    state, _ = act(state, "move", piece="K1-1", to="H1.2")
    assert verdict(state, "move", piece="K1-1", to="H1.3").rule == "12.5.4"
    assert verdict(state, "move", piece="K1-1", to="Z14.C")
    # 12.2.3 a squad does not end its move in a street
    assert verdict(state, "finish", piece="K1-1").rule == "12.2.3"
    assert verdict(state, "end-phase").rule == "12.2.3"


def test_12_5_2_sniper_attack_crossing_a_street_next_to_insurgents():
    state = usmc_zones()
    insurgent_zone(state, 14)
    squad(state, "K1-1", "Z2.OG")
    insurgent(state, "Z14.R", 2)
    # one unit around: a roll 1 <= 1 is a Step Loss: back to Z2.OG, movement over
    state = with_rolls(state, [1])
    state, events = act(state, "move", piece="K1-1", to="H1.2")
    p = state.pieces["K1-1"]
    assert p.space == "Z2.OG" and p.data["reduced"] and p.data["moved"] == 3
    assert "12.5.3" in texts(events)


def test_11_4_2_suspects_around_the_street_pin_the_squad_there():
    state = usmc_zones()
    insurgent_zone(state, 14)
    squad(state, "K1-1", "Z2.OG")
    suspect(state, "Z14.R")
    suspect(state, "Z14.2")
    state = with_rolls(state, [2])         # 2 <= 2 markers: Pinned in the street
    state, _ = act(state, "move", piece="K1-1", to="H1.2")
    assert state.pieces["K1-1"].space == "H1.2"
    assert state.pieces["K1-1"].data["fp"] == "pinned"
    # 12.2.3: no other squad enters a street where a squad is Pinned
    squad(state, "K1-2", "Z3.OG")
    state.vars["mover"] = None
    assert verdict(state, "move", piece="K1-2", to="H1.2").rule == "12.2.3"


def test_11_4_2_with_an_abrams_in_the_street_suspects_are_ignored_and_a_loss_pins():
    state = usmc_zones()
    insurgent_zone(state, 14)
    squad(state, "K1-1", "Z2.OG")
    put(state, "M1A1-1", "H1.2")
    insurgent(state, "Z14.R", 2)
    suspect(state, "Z14.2")
    state = with_rolls(state, [0])
    state, events = act(state, "move", piece="K1-1", to="H1.2")
    p = state.pieces["K1-1"]
    assert p.space == "H1.2" and not p.data.get("reduced") and p.data["fp"] == "pinned"
    assert "ignored" in texts(events)


def test_12_2_1_1_one_squad_in_a_zone_the_insurgents_control():
    state = usmc_zones()
    insurgent_zone(state, 3)
    suspect(state, "Z3.R")
    squad(state, "K1-1", "Z3.1pp")
    squad(state, "K1-2", "Z2.1p")
    assert verdict(state, "move", piece="K1-2", to="Z3.1").rule == "12.2.1.1"


def test_12_2_2_passing_a_squad_under_usmc_control_but_not_stopping_on_it():
    state = usmc_zones()
    squad(state, "K1-1", "Z3.OG")
    squad(state, "K1-2", "Z3.1")
    state, _ = act(state, "move", piece="K1-1", to="Z3.1")
    assert verdict(state, "finish", piece="K1-1").rule == "12.2.2"
    state, _ = act(state, "move", piece="K1-1", to="Z3.2")
    assert verdict(state, "finish", piece="K1-1")


def test_12_1_2_a_zone_of_the_insurgents_with_no_enemy_keeps_the_squad():
    state = usmc_zones()
    insurgent_zone(state, 3)
    squad(state, "K1-1", "Z3.1", reduced=True)
    v = verdict(state, "move", piece="K1-1", to="Z2.1p")
    assert not v and v.rule == "12.1.2"
    assert verdict(state, "move", piece="K1-1", to="Z3.2")            # inside: allowed


def test_12_4_3_only_a_reduced_squad_takes_cover_into_a_usmc_zone():
    state = usmc_zones()
    insurgent_zone(state, 3, 4)
    suspect(state, "Z3.R")
    squad(state, "K1-1", "Z3.1")
    assert verdict(state, "move", piece="K1-1", to="Z2.1p").rule == "12.4.3"
    state.pieces["K1-1"].data["reduced"] = True
    assert verdict(state, "move", piece="K1-1", to="Z2.1p")
    state.pieces["K1-1"].space = "Z3.1p"
    assert verdict(state, "move", piece="K1-1", to="Z4.1").rule == "12.4.3"   # not USMC


def test_12_4_3_withdrawn_from_a_start_zone_with_nowhere_to_hide_costs_2_vp():
    state = blank(phase="movement")
    insurgent_zone(state, 3, act="start")
    suspect(state, "Z3.R")
    squad(state, "K1-1", "Z3.1", reduced=True)
    state, events = act(state, "withdraw", piece="K1-1")
    assert state.pieces["K1-1"].status == "eliminated"
    assert state.vars["vp"] == -2


def test_12_4_2_no_squad_enters_zone_26_and_nobody_zone_27():
    state = blank(phase="movement")
    control(state, 13)
    insurgent_zone(state, 26, act="fortified")
    squad(state, "K1-1", "Z13.C")
    squad(state, "IIF-1", "Z13.1")
    state, _ = act(state, "move", piece="K1-1", to="H2.1")
    assert verdict(state, "move", piece="K1-1", to="Z26.OG").rule == "12.4.2"


def test_5_1_6_1_iif_enter_only_the_mosque_among_insurgent_zones():
    state = blank(phase="movement")
    control(state, 13)
    insurgent_zone(state, 14, 26, act="normal")
    state.vars["zones"]["26"]["act"] = "fortified"
    control(state, 2)
    insurgent_zone(state, 3)
    squad(state, "IIF-2", "Z2.1p")
    assert verdict(state, "move", piece="IIF-2", to="Z3.1").rule == "5.1.6.1"
    squad(state, "IIF-1", "Z13.C")
    state, _ = act(state, "move", piece="IIF-1", to="H2.1")
    assert verdict(state, "move", piece="IIF-1", to="Z26.OG")


# -- 12.3.2 Security Elements ----------------------------------------------------------------


def test_12_3_2_1_securing_in_c_costs_1_mp_cf_minus_1_and_keeps_the_squad_in_the_zone():
    state = usmc_zones()
    control(state, 14)
    squad(state, "K1-1", "Z14.C")
    state, events = act(state, "secure", piece="K1-1")
    c = ctx(state)
    assert state.pieces["SE-K1-1"].space == "Z14.C"
    assert c.cf(state.pieces["K1-1"]) == 5                    # 6 - 1 (12.3.2.2)
    assert controller().mp_left(state, "K1-1") == 3
    assert verdict(state, "move", piece="K1-1", to="H1.2").rule == "12.3.2.1"
    v = verdict(state, "secure", piece="K1-1")
    assert not v


def test_12_3_2_3_picking_the_security_element_up_takes_all_mp():
    state = blank(phase="movement")
    insurgent_zone(state, 14)
    suspect(state, "Z14.R")
    squad(state, "K1-1", "Z14.C", se=True)
    put(state, "SE-K1-1", "Z14.C", squad="K1-1")
    state, _ = act(state, "regroup", piece="K1-1")
    assert state.pieces["SE-K1-1"].status == "off" and not state.pieces["K1-1"].data.get("se")
    assert state.pieces["K1-1"].data["moved"] == 3


# -- 12.6 the M1A1 ------------------------------------------------------------------------------


@pytest.mark.parametrize("roll, mc", [(0, 4), (1, 4), (2, 3), (5, 3), (6, 2), (8, 2), (9, 1)])
def test_12_6_1_abrams_movement_capacity_table(roll, mc):
    assert T.lookup(T.ABRAMS_MC_TABLE, roll) == mc


def test_12_6_1_the_abrams_rolls_its_mc_then_moves_in_streets_and_og():
    state = usmc_zones()
    put(state, "M1A1-1", "H0.3")
    state = with_rolls(state, [6])            # MC 2
    state, events = act(state, "move", piece="M1A1-1", to="H0.4")
    assert "MC 2" in texts(events)
    assert controller().mp_left(state, "M1A1-1") == 1
    assert verdict(state, "move", piece="M1A1-1", to="Z4.1").rule == "4.2.2"   # OG only
    assert verdict(state, "move", piece="M1A1-1", to="H0.5").rule == "12.6.3"  # Zone 5: no
    state, _ = act(state, "move", piece="M1A1-1", to="H0.3")
    assert state.pieces["M1A1-1"].data["moved"] == 3


def test_12_6_3_the_abrams_ends_next_to_a_usmc_zone():
    state = blank(phase="movement")
    control(state, 3)
    put(state, "M1A1-1", "H0.3")
    state.pieces["M1A1-1"].data.update(mc=[3, 4], mp=[3, 4])
    c = ctx(state)
    # H0.4 touches only Zone 4 (insurgents): it may pass but not stop there
    assert not c.usmc_control(4)
    state, _ = act(state, "move", piece="M1A1-1", to="H0.4")
    assert verdict(state, "finish", piece="M1A1-1").rule == "12.6.3"


# -- 12.7 Defensive Fire ------------------------------------------------------------------------


def df_position(**zone):
    state = blank(phase="movement")
    control(state, 2)
    insurgent_zone(state, 3)
    state.vars["zones"]["3"].update(zone)
    squad(state, "K1-1", "Z2.OG")
    return state


def test_12_7_2_below_the_cf_a_step_loss_equal_pinned_above_nothing():
    for roll, expect in ((2, "loss"), (3, "pinned"), (4, "none")):     # CF 2, -1 alone
        state = df_position()
        insurgent(state, "Z3.R", 2)
        squad(state, "K1-1", "Z3.1")
        state = with_rolls(state, [roll])      # alone in OG: -1
        state, events = act(state, "move", piece="K1-1", to="Z3.OG")
        p = state.pieces["K1-1"]
        assert ("alone in OG -1" in texts(events))
        assert bool(p.data.get("reduced")) == (expect == "loss"), roll
        assert (p.data.get("fp") == "pinned") == (expect == "pinned"), roll


def test_12_7_2_modifiers_abrams_security_ruins_fanaticism():
    from pf_helpers import turn_of

    from ffl.games.phantom_fury.rules.defensive import defensive_drm

    state = df_position(fan=True)
    squad(state, "K1-1", "Z3.OG")
    put(state, "M1A1-1", "Z3.OG")
    mods = dict(defensive_drm(turn_of(state), "K1-1"))
    assert mods == {"with an M1A1 in OG": 1, "'Fanaticism'": -1}
    state = df_position(ruins=True)
    squad(state, "K1-2", "Z4.C", se=True)
    insurgent_zone(state, 4)
    state.vars["zones"]["4"]["ruins"] = True
    put(state, "SE-K1-2", "Z4.C", squad="K1-2")
    mods = dict(defensive_drm(turn_of(state), "K1-2"))
    assert mods == {"in C with its Security Element": 1, "in C of a Ruins Zone": 1}


def test_12_7_3_a_suspect_beaten_by_the_roll_is_activated_and_its_unit_fires_at_once():
    state = df_position()
    suspect(state, "Z3.R")
    squad(state, "K1-1", "Z3.1")
    pool = len(ctx(state).pool("insurgents"))
    # suspect roll 8 > CF 6: activated; 7: Guerillas drawn; its Defensive Fire 9: no effect
    state = with_rolls(state, [8, 7, None, 9], [10, 10, pool, 10])
    state, events = act(state, "move", piece="K1-1", to="Z3.OG")
    log = texts(events)
    assert "12.7.3" in log and "Guerillas" in log and "12.7.2" in log
    assert state.pieces["K1-1"].space == "Z3.OG"


def test_12_7_1_no_defensive_fire_entering_a_location_1():
    state = df_position()
    insurgent(state, "Z3.R", 3)
    state, events = act(state, "move", piece="K1-1", to="Z2.1")
    assert not [e for e in events if e.kind == "dice"]


def test_11_4_2_a_step_loss_and_pinned_together_back_where_it_came_from_and_pinned():
    state = usmc_zones()
    insurgent_zone(state, 14)
    squad(state, "K1-1", "Z2.OG")
    insurgent(state, "Z14.R", 2)
    suspect(state, "Z14.2")
    state = with_rolls(state, [1, 1])         # 1 <= 1 unit: Step Loss; 1 <= 1 marker: Pinned
    state, events = act(state, "move", piece="K1-1", to="H1.2")
    p = state.pieces["K1-1"]
    assert p.space == "Z2.OG" and p.data["reduced"] and p.data["fp"] == "pinned"
