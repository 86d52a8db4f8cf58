"""5.3 'Suspect' markers (placement, the two activation tables) and 6 Set-up."""

from __future__ import annotations

import pytest
from pf_helpers import (
    act,
    blank,
    controller,
    ctx,
    insurgent,
    module,
    squad,
    suspect,
    texts,
    turn_of,
    verdict,
    with_rolls,
)

from ffl.engine import fold
from ffl.games.phantom_fury import tables as T
from ffl.games.phantom_fury.rules import draws


def test_3_the_d10_zero_reads_zero():
    assert T.d10(10) == 0 and T.d10(9) == 9 and T.d10(1) == 1


@pytest.mark.parametrize("roll, result", [(1, "dummy"), (5, "dummy"), (6, "guerillas"),
                                          (8, "guerillas"), (9, "martyrs"), (0, "ied")])
def test_5_3_3_activation_table_of_a_normal_zone(roll, result):
    assert T.lookup(T.SUSPECT_NORMAL_TABLE, roll) == result


@pytest.mark.parametrize("roll, result", [(0, "dummy"), (1, "martyrs"), (7, "martyrs"),
                                          (8, "ied"), (9, "ied")])
def test_5_3_4_activation_table_of_a_fortified_zone(roll, result):
    assert T.lookup(T.SUSPECT_FORTIFIED_TABLE, roll) == result


def test_5_3_2_2_a_marker_takes_the_first_free_location_of_its_printed_order():
    state = blank(zones={6: {"act": "normal"}})
    t = turn_of(state)
    # R first; R taken -> 2, then 2' (a type's locations unprimed first, then ')
    order = ["R", "2", "1", "C", "OG"]
    assert draws.priority_location(t, 6, order) == "Z6.R"
    suspect(state, "Z6.R")
    t = turn_of(state)
    assert draws.priority_location(t, 6, order) == "Z6.2"
    insurgent(state, "Z6.2", 2)
    assert draws.priority_location(turn_of(state), 6, order) == "Z6.2p"


def test_5_3_2_3_no_marker_where_a_marker_unit_or_squad_is_and_none_if_the_zone_is_full():
    state = blank(zones={1: {"act": "normal"}})
    for code in ("OG", "C", "1", "2"):
        suspect(state, f"Z1.{code}")
    squad(state, "K1-1", "Z1.R")
    t = turn_of(state)
    assert draws.priority_location(t, 1, ["R", "2", "1", "C", "OG"]) is None
    before = len(ctx(state).pool("suspects"))
    assert draws.place_suspect(t, 1) is None
    assert "goes back in its container" in texts(t.events)
    assert len(t.ctx.pool("suspects")) == before


def test_5_3_3_a_suspect_becomes_guerillas_in_its_location_and_goes_back():
    state = blank(zones={5: {"act": "normal"}})
    pid = suspect(state, "Z5.2")
    state = with_rolls(state, [7, None], [10, len(ctx(state).pool("insurgents"))])
    t = turn_of(state)
    result, unit = draws.activate_suspect(t, pid, "assault")
    assert result == "guerillas"
    assert t.state.pieces[unit].space == "Z5.2"
    assert t.state.pieces[unit].data["face"] == "guerillas"
    assert t.state.pieces[pid].status == "off"      # 5.3.5 back in its container


def test_5_3_4_in_a_fortified_zone_most_suspects_are_martyrs():
    state = blank(zones={5: {"act": "fortified"}})
    pid = suspect(state, "Z5.1")
    state = with_rolls(state, [3, None], [10, len(ctx(state).pool("insurgents"))])
    t = turn_of(state)
    result, unit = draws.activate_suspect(t, pid, "fire")
    assert result == "martyrs" and t.state.pieces[unit].data["face"] == "martyrs"


def test_9_3_dragon_eye_ied_result_leaves_the_marker_in_place():
    state = blank(zones={5: {"act": "normal"}})
    pid = suspect(state, "Z5.1")
    t = turn_of(with_rolls(state, [0]))
    result, _ = draws.activate_suspect(t, pid, "dragon")
    assert result == "ied" and t.state.pieces[pid].space == "Z5.1"


# -- 6 set-up ---------------------------------------------------------------------------------


def opened(seed=4, **options):
    c = controller()
    s0 = c.setup(module().scenarios["phantom_fury/jolan"], {"strong_points": 3, **options},
                 seed)
    events = c.opening(s0)
    return fold(s0, events), events


def test_6_1_2_the_difficulty_puts_strong_points_in_the_activation_container():
    state, events = opened()
    assert "47 'Activated Zone' and 3 'Activated Strong Point'" in events[0].text
    assert state.vars["strong_points"] == 3


def test_6_2_the_nine_start_zones_are_activated_normal_and_their_suspects_revealed():
    state, events = opened()
    c = ctx(state)
    black = [n for n in c.map.zones if c.map.circle[n] == "black"]
    assert all(c.zone(n)["act"] == "start" for n in black)
    assert not any(p for n in black for p in c.enemies(n) if c.kind(p) == "suspect")
    # N.B. a 0 reads Dummy: no IED at the start
    assert all(not (e.info.get("result") == "ied") for e in events)
    assert not any(c.activated(n) for n in c.map.zones if n not in black)


def test_6_3_nine_start_squads_three_company_three_battalion_drawn_at_random():
    state, _ = opened()
    c = ctx(state)
    assert len(c.here("BOX-start")) == 9
    assert len(c.here("BOX-company")) == 3
    assert len(c.here("BOX-battalion")) == 3
    assert c.here("BOX-armour")[0].id == "M1A1-1"
    assert len(c.here("BOX-iif")) == 3 and len(c.here("BOX-caat")) == 4


def test_6_3_placing_start_squads_and_6_3_2_allocating_caats():
    state, _ = opened()
    c = ctx(state)
    first = sorted(p.id for p in c.here("BOX-start"))[0]
    assert not verdict(state, "place", piece=first, zone=5)          # white circle
    state, _ = act(state, "place", piece=first, zone=3)
    assert state.pieces[first].space == c.map.entry[3]
    assert not verdict(state, "place", piece=sorted(p.id for p in ctx(state).here("BOX-start"))[0],
                       zone=3)                                       # one per Zone
    assert not verdict(state, "end-setup")
    state, _ = act(state, "attach", caat="CAAT-1", piece=first)
    assert state.pieces["CAAT-1"].space == state.pieces[first].space
    assert state.pieces["CAAT-1"].data["ammo"] == 4 and state.pieces["CAAT-1"].data["explosives"]
    assert not verdict(state, "attach", caat="CAAT-2", piece=first)  # one CAAT per squad


def test_6_set_up_ends_in_turn_1_support_phase():
    state, _ = opened()
    c = controller()
    while state.vars["phase"] == "setup":
        a = c.legal_actions(state)[0]
        state = fold(state, c.apply(state, a))
    assert state.vars["turn"] == 1 and state.vars["phase"] == "support"
    assert len(ctx(state).squads()) == 9
    assert sum(1 for p in ctx(state).squads() if ctx(state).caat_of(p)) == 4


def test_15_historical_variant_two_abrams_and_13_turns():
    state, _ = opened(variant=True)
    c = ctx(state)
    assert {p.id for p in c.here("BOX-armour")} == {"M1A1-1", "M1A1-2"}
    assert state.vars["max_turn"] == 13 and state.vars["battalion_from"] == 7
