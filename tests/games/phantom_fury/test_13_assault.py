"""13 Assaults: types, rolls, Events, modifiers, conclusion, Flooding, IED, Retreat, Explosives."""

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

from ffl.games.phantom_fury.rules.assault import assault_type


def zone3(**zone):
    state = blank(phase="assault")
    control(state, 2)
    insurgent_zone(state, 3)
    state.vars["zones"]["3"].update(zone)
    return state


def pools(state):
    c = ctx(state)
    return len(c.pool("suspects")), len(c.pool("insurgents"))


@pytest.mark.parametrize("frm, to, kind", [
    ("Z3.R", "Z3.2", "top-down"), ("Z3.2", "Z3.1", "top-down"), ("Z3.1", "Z3.2", "bottom-up"),
    ("Z3.2", "Z3.R", "bottom-up"), ("Z3.R", "Z4.R", "normal"), ("Z3.OG", "Z3.1", "normal")])
def test_13_1_to_13_3_the_type_of_an_assault_by_the_two_locations(frm, to, kind):
    assert assault_type(ctx(blank()), frm, to) == kind


def test_13_4_a_dummy_suspect_the_squad_enters_its_location():
    state = zone3()
    squad(state, "K1-1", "Z3.OG")
    suspect(state, "Z3.1")
    state = with_rolls(state, [2])                     # 5.3.3 Dummy
    state, events = act(state, "assault", piece="K1-1", target="Z3.1", explosives=False)
    assert state.pieces["K1-1"].space == "Z3.1"
    assert state.pieces["K1-1"].data["assaulted"] == 3
    assert verdict(state, "assault", piece="K1-1", target="Z3.2").rule == "13"   # one a phase


def test_13_4_4_activation_plus_1_and_13_4_7_a_surviving_guerillas_unit_retreats():
    state = zone3()
    squad(state, "K1-1", "Z3.OG")
    suspect(state, "Z3.1")
    s_pool, i_pool = pools(state)
    # activation 6: Guerillas; USMC roll 6 +1 activation = 7 > CF 6; insurgents 9: none;
    # the retreat draws a marker: Egress Route 1 of Zone 3 leads to Zone 15
    state = with_rolls(state, [6, None, 6, 9, None], [10, i_pool, 10, 10, s_pool])
    state, events = act(state, "assault", piece="K1-1", target="Z3.1", explosives=False)
    log = texts(events)
    assert "Activation +1" in log and "13.6.2" in log and "Egress Route 1" in log
    c = ctx(state)
    moved = [e for e in events if e.kind == "retreat"][0].info["to"]
    assert c.map.zone_of[moved] == 15
    assert state.pieces["K1-1"].space == "Z3.1"


def test_13_4_4_martyrs_plus_1_and_a_surviving_martyrs_unit_holds_its_location():
    state = zone3()
    squad(state, "K1-1", "Z3.OG")
    unit = insurgent(state, "Z3.1", 3, "martyrs")
    state = with_rolls(state, [6, 9])                 # 6 +1 = 7 > 6
    state, events = act(state, "assault", piece="K1-1", target="Z3.1", explosives=False)
    assert "against 'Martyrs' +1" in texts(events)
    assert state.pieces[unit].space == "Z3.1" and state.pieces["K1-1"].space == "Z3.OG"


def test_13_4_5_top_down_minus_1_and_the_insurgents_minus_1_if_it_survives():
    state = zone3()
    squad(state, "K1-1", "Z3.R")
    unit = insurgent(state, "Z3.2", 2, "martyrs")
    # USMC 8 -1 +1 (martyrs) = 8 > 6: survives; insurgent 3 -1 = 2 <= 2: Step Loss
    state = with_rolls(state, [8, 3])
    state, events = act(state, "assault", piece="K1-1", target="Z3.2", explosives=False)
    log = texts(events)
    assert "Top-Down -1" in log
    assert state.pieces["K1-1"].data["reduced"] and state.pieces[unit].space == "Z3.2"


def test_13_4_5_the_insurgents_roll_has_no_top_down_modifier_when_it_is_eliminated():
    state = zone3()
    squad(state, "K1-1", "Z3.R")
    insurgent(state, "Z3.2", 2, "martyrs")
    state = with_rolls(state, [2, 3])              # USMC hits; the unit rolls 3 > CF 2
    state, events = act(state, "assault", piece="K1-1", target="Z3.2", explosives=False)
    line = next(e.text for e in events if e.kind == "assault" and e.rule == "13.4.2")
    assert "the Martyrs 2 rolls 3 (no modifier)" in line


def test_13_4_2_the_assault_line_says_who_rolls_and_who_takes_the_step_loss():
    """Each side's roll at most its own CF puts a Step Loss on the other side: the
    line names the roller, then the unit hit (before, "USMC K1-1 8 ... a Step Loss"
    read as if the squad took the loss it inflicted)."""
    state = zone3()
    squad(state, "K1-1", "Z3.R")
    unit = insurgent(state, "Z3.2", 2, "martyrs")
    state = with_rolls(state, [8, 3])      # USMC 8 -1 +1 = 8 > 6; insurgent 3 -1 = 2 <= 2
    state, events = act(state, "assault", piece="K1-1", target="Z3.2", explosives=False)
    line = next(e.text for e in events if e.kind == "assault" and e.rule == "13.4.2")
    assert line == ("13.4.2 Top-down Assault: USMC K1-1 rolls 8 (against 'Martyrs' +1, "
                    "Top-Down -1) -> 8 > CF 6: no Step Loss on the Martyrs 2; the Martyrs 2 "
                    "rolls 3 (Top-Down -1) -> 2 <= CF 2: USMC K1-1 takes a Step Loss")
    assert state.pieces["K1-1"].data["reduced"] and state.pieces[unit].status == "active"
    declared = next(e.text for e in events if e.kind == "assault" and e.rule == "13")
    assert declared == ("13 USMC K1-1 in Zone 3, Location R Assaults the Martyrs 2 in "
                        "Zone 3, Location 2 (top-down)")
    state = zone3()
    squad(state, "K1-1", "Z3.OG")
    insurgent(state, "Z3.1", 3, "guerillas")
    state = with_rolls(state, [2, 9])      # USMC 2 <= 6; the unit's unmodified 9 never hits
    state, events = act(state, "assault", piece="K1-1", target="Z3.1", explosives=False)
    line = next(e.text for e in events if e.kind == "assault" and e.rule == "13.4.2")
    assert line.endswith("-> 2 <= CF 6: the Guerillas 3 takes a Step Loss; the Guerillas 3 "
                         "rolls 9 (no modifier) -> an unmodified 9: no Step Loss on USMC K1-1")


def test_13_4_6_bottom_up_plus_1_to_both():
    state = zone3()
    squad(state, "K1-1", "Z3.1")
    insurgent(state, "Z3.2", 1, "martyrs")
    state = with_rolls(state, [6, 5])         # USMC 6+1+1=8 > 6; insurgent 5+1 = 6 > 1
    state, events = act(state, "assault", piece="K1-1", target="Z3.2", explosives=False)
    assert "Bottom-Up +1" in texts(events)


def test_13_4_3_both_zeros_cancel_the_events():
    state = zone3()
    squad(state, "K1-1", "Z3.OG")
    insurgent(state, "Z3.1", 1, "martyrs")
    state = with_rolls(state, [0, 0])
    state, events = act(state, "assault", piece="K1-1", target="Z3.1", explosives=False)
    assert "no Event (cancelled)" in texts(events)


def test_13_4_3_1_hero_before_the_resolution():
    state = zone3()
    squad(state, "K1-1", "Z3.OG")
    insurgent(state, "Z3.1", 3, "martyrs")
    state = with_rolls(state, [0, 9, 3])          # USMC Event 3: Hero
    state, events = act(state, "assault", piece="K1-1", target="Z3.1", explosives=False)
    assert state.pieces["K1-1"].data["hero"] == 1
    assert ctx(state).cf(state.pieces["K1-1"]) == 7


def test_13_4_3_1_usmc_sniper_eliminates_a_cf_1_unit_before_the_resolution():
    state = zone3()
    squad(state, "K1-1", "Z3.OG")
    unit = insurgent(state, "Z3.1", 1, "martyrs")
    state = with_rolls(state, [0, 0 + 5, 6])       # USMC 0 -> Event 6: sniper; insurgent 5
    state, events = act(state, "assault", piece="K1-1", target="Z3.1", explosives=False)
    assert state.pieces[unit].status == "off" and state.pieces["K1-1"].space == "Z3.1"


def test_13_4_3_2_phantom_fury_marker_in_the_zone():
    state = zone3()
    squad(state, "K1-1", "Z3.OG")
    insurgent(state, "Z3.1", 3, "martyrs")
    state = with_rolls(state, [0, 9, 1])
    state, _ = act(state, "assault", piece="K1-1", target="Z3.1", explosives=False)
    assert ctx(state).zone(3)["pf"] == 15
    assert ctx(state).phantom_fury_near(2) and ctx(state).phantom_fury_near(14)


def test_13_4_3_3_fanaticism_marks_the_block_and_stops_the_retreat():
    state = zone3()
    insurgent_zone(state, 4)
    control(state, 2)
    squad(state, "K1-1", "Z3.OG")
    unit = insurgent(state, "Z3.1", 2)
    state = with_rolls(state, [8, 0, 1])            # insurgents' Event 1: Fanaticism
    state, events = act(state, "assault", piece="K1-1", target="Z3.1", explosives=False)
    c = ctx(state)
    assert c.fanaticism(3) and c.fanaticism(4) and not c.fanaticism(2)   # 2 is USMC's
    assert state.pieces[unit].space == "Z3.1"
    assert "'Fanaticism': no Retreat Movement" in texts(events)


def test_13_4_3_3_confusion_cancels_the_assault():
    state = zone3()
    squad(state, "K1-1", "Z3.OG")
    unit = insurgent(state, "Z3.1", 2)
    state = with_rolls(state, [1, 0, 2])
    state, events = act(state, "assault", piece="K1-1", target="Z3.1", explosives=False)
    assert state.pieces[unit].space == "Z3.1" and not state.pieces["K1-1"].data.get("reduced")


def test_13_4_3_3_suicide_bomber_eliminates_both_and_costs_only_5_vp():
    state = zone3()
    squad(state, "K1-1", "Z3.OG", caat="CAAT-1")
    state.pieces["CAAT-1"].data.update(ammo=4, explosives=True)
    unit = insurgent(state, "Z3.1", 2, "martyrs")
    state = with_rolls(state, [7, 0, 4])
    state, events = act(state, "assault", piece="K1-1", target="Z3.1", explosives=False)
    assert state.pieces["K1-1"].status == "eliminated"
    assert state.pieces["CAAT-1"].status == "eliminated"
    assert state.pieces[unit].status == "off"
    assert state.vars["vp"] == -5                      # 7.2.1: the CAAT goes with no VP


def test_13_4_3_3_drugged_fighters_survive_a_step_loss_with_cf_minus_1():
    state = zone3()
    squad(state, "K1-1", "Z3.OG")
    unit = insurgent(state, "Z3.1", 3, "martyrs")
    state = with_rolls(state, [2, 0, 7])
    state, events = act(state, "assault", piece="K1-1", target="Z3.1", explosives=False)
    c = ctx(state)
    now = c.enemy_at("Z3.1")
    assert now is not None and now.id != unit and c.ins_cf(now) == 2 and c.face(now) == "martyrs"


def test_13_6_4_no_insurgents_event_marker_cancels_their_events():
    state = zone3(noev=True)
    squad(state, "K1-1", "Z3.OG")
    insurgent(state, "Z3.1", 3, "martyrs")
    state = with_rolls(state, [8, 0])
    state, events = act(state, "assault", piece="K1-1", target="Z3.1", explosives=False)
    assert "the insurgents' Event is cancelled" in texts(events)


def test_13_4_3_4_iif_in_the_mosque_share_the_iif_events_table():
    state = blank(phase="assault")
    insurgent_zone(state, 26, act="fortified")
    squad(state, "IIF-1", "Z26.OG")
    insurgent(state, "Z26.1", 3, "martyrs")
    state = with_rolls(state, [0, 5, 1])       # Al Fajr: IIF CF 4 + 2
    state, events = act(state, "assault", piece="IIF-1", target="Z26.1", explosives=False)
    log = texts(events)
    assert "Al Fajr" in log and "CF 6" in log


def test_13_7_1_explosives_cf_8_no_modifier_then_the_marker_is_gone():
    state = zone3()
    squad(state, "K1-1", "Z3.R", caat="CAAT-1")
    state.pieces["CAAT-1"].data.update(ammo=4, explosives=True)
    insurgent(state, "Z3.2", 3, "martyrs")
    state = with_rolls(state, [8, 9])
    state, events = act(state, "assault", piece="K1-1", target="Z3.2", explosives=True, flood=False)
    assert "8 (no modifier) -> 8 <= CF 8" in texts(events)
    assert not state.pieces["CAAT-1"].data.get("explosives")


def test_13_5_ied_attack_pins_at_most_the_cf_and_the_squad_stays():
    state = zone3()
    squad(state, "K1-1", "Z3.OG")
    suspect(state, "Z3.1")
    state = with_rolls(state, [0, 4])           # 5.3.3 0: IED; 4 <= 6: Pinned
    state, events = act(state, "assault", piece="K1-1", target="Z3.1", explosives=False)
    assert state.pieces["K1-1"].data["fp"] == "pinned" and state.pieces["K1-1"].space == "Z3.OG"


def test_13_5_ied_attack_above_the_cf_is_a_step_loss():
    state = zone3()
    squad(state, "K1-3", "Z3.OG")               # CF 5
    suspect(state, "Z3.1")
    state = with_rolls(state, [0, 7])
    state, events = act(state, "assault", piece="K1-3", target="Z3.1", explosives=False)
    assert state.pieces["K1-3"].data["reduced"] and state.pieces["K1-3"].space == "Z3.1"


def test_13_4_8_flooding_after_a_top_down_assault_from_r():
    state = zone3()
    squad(state, "K1-1", "Z3.R")
    insurgent(state, "Z3.2", 1, "martyrs")
    second = insurgent(state, "Z3.1pp", 1, "martyrs")
    # R -> 2: 2-1 hits; 9; then Flooding: the squad walks to 1' and assaults 1": 3-1 hits; 9
    state = with_rolls(state, [2, 9, 3, 9])
    state, events = act(state, "assault", piece="K1-1", target="Z3.2", explosives=False)
    log = texts(events)
    assert "13.4.8 USMC K1-1 floods Zone 3" in log
    assert state.pieces[second].status == "off"
    assert state.pieces["K1-1"].space == "Z3.1pp"          # the Zone is clear: it enters


def test_13_4_8_2_no_flooding_with_cf_4_or_less():
    state = zone3()
    squad(state, "K2-3", "Z3.R")                          # CF 4
    insurgent(state, "Z3.2", 1, "martyrs")
    insurgent(state, "Z3.1", 1, "martyrs")
    state = with_rolls(state, [2, 9])
    state, events = act(state, "assault", piece="K2-3", target="Z3.2", explosives=False)
    assert "13.4.8.2" in texts(events)
    assert state.pieces["K2-3"].space == "Z3.2"


def test_13_4_7_a_reduced_squad_may_choose_not_to_flood():
    state = zone3()
    squad(state, "K1-1", "Z3.R", reduced=True)
    insurgent(state, "Z3.2", 1, "martyrs")
    insurgent(state, "Z3.1", 1, "martyrs")
    state = with_rolls(state, [2, 9])
    state, events = act(state, "assault", piece="K1-1", target="Z3.2", explosives=False,
                        flood=False)
    assert "floods" not in texts(events)


# -- 13.6 Retreat --------------------------------------------------------------------------------


def retreat_position():
    state = zone3()
    squad(state, "K1-1", "Z3.OG")
    unit = insurgent(state, "Z3.1", 2)
    return state, unit


def test_13_6_3_no_retreat_into_a_usmc_zone_with_a_squad_but_one_without_flips_back():
    state, unit = retreat_position()
    control(state, 15, 14)
    squad(state, "K2-1", "Z15.OG")
    s_pool, _ = pools(state)
    state = with_rolls(state, [9, 9, None], [10, 10, s_pool])
    state, events = act(state, "assault", piece="K1-1", target="Z3.1", explosives=False)
    log = texts(events)
    assert "Egress Route 1 of Zone 3 (15) is closed" in log
    assert ctx(state).map.zone_of[state.pieces[unit].space] == 14
    assert not ctx(state).usmc_control(14)                  # it passes back to the insurgents


def test_13_6_4_a_security_element_holds_the_guerillas_cf_minus_1():
    state, unit = retreat_position()
    put(state, "SE-K1-1", "Z3.OG", squad="K1-1")
    state.pieces["K1-1"].data["se"] = True
    state = with_rolls(state, [9, 9])
    state, events = act(state, "assault", piece="K1-1", target="Z3.1", explosives=False)
    c = ctx(state)
    held = c.enemy_at("Z3.1")
    assert held is not None and c.ins_cf(held) == 1 and c.no_event(3)


def test_13_6_5_isolated_neighbouring_zones_are_skipped():
    state, unit = retreat_position()
    # Zone 3's routes: 15, 14, 16, all Neighbouring across H1; an M1A1 in H1.2 isolates
    # H1.2 (to 14) and the street next to it, H1.3 (to 15), not H1.4 (to 16)
    put(state, "M1A1-1", "H1.2")
    c = ctx(state)
    assert c.map.separating(3, 15) == {"H1.3"} and c.map.separating(3, 16) == {"H1.4"}
    s_pool, _ = pools(state)
    state = with_rolls(state, [9, 9, None], [10, 10, s_pool])
    state, events = act(state, "assault", piece="K1-1", target="Z3.1", explosives=False)
    log = texts(events)
    assert "(15) is closed: Isolated" in log and "(14) is closed: Isolated" in log
    assert ctx(state).map.zone_of[state.pieces[unit].space] == 16


def test_13_6_6_exit_takes_the_unit_off_for_good_with_no_vp():
    state = blank(phase="assault")
    insurgent_zone(state, 50)
    squad(state, "K1-1", "Z50.OG")
    unit = insurgent(state, "Z50.1", 2)
    state = with_rolls(state, [9, 9])
    state, events = act(state, "assault", piece="K1-1", target="Z50.1", explosives=False)
    assert state.pieces[unit].status == "exited" and state.vars["vp"] == 0
    assert state.pieces["K1-1"].space == "Z50.1"


def test_13_6_1_guerillas_in_the_mosque_stay():
    state = blank(phase="assault")
    insurgent_zone(state, 26, act="fortified")
    squad(state, "IIF-1", "Z26.OG")
    unit = insurgent(state, "Z26.1", 2)
    state = with_rolls(state, [9, 9])
    state, events = act(state, "assault", piece="IIF-1", target="Z26.1", explosives=False)
    assert state.pieces[unit].space == "Z26.1" and "Zone 26 (mosque) stay" in texts(events)


def test_12_1_2_no_assault_into_another_zone_from_an_empty_insurgent_zone():
    state = zone3()
    insurgent_zone(state, 2)
    squad(state, "K1-1", "Z2.1p")
    suspect(state, "Z3.1")
    assert verdict(state, "assault", piece="K1-1", target="Z3.1").rule == "12.1.2"
