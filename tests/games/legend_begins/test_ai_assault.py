"""The program's Mobile Assaults (14.0) and Air HQs (40.11), in set positions on the
1940 map: it assaults a weak hex next to its tanks at good odds, drives next to one
and assaults it, leaves a strong one alone; it moves an Air HQ up behind the front,
takes one in danger off the map (or to a safe hex), and buys a lost one back for a
Resource Point.  Every choice is one the rules accept.  Slow: two programs (normal and
hard) in Compass with the air game, assaulting and moving Air HQs, none refused."""

from __future__ import annotations

import collections

import pytest
from tlb_helpers import act, clean, put, segment

from ffl.engine import fold
from ffl.games.legend_begins.ai import make

TANKS = ("al-1rtr", "al-2rtr", "al-7rtr")


def tanks_at(controller, module, key: str, at: str = "2455"):
    """Three Allied tank units at ``key``, an Italian infantry battalion at ``at``,
    every objective Allied (nothing draws the tanks elsewhere), an Allied Movement
    Phase."""
    st = clean(controller, module)
    for pid in TANKS:
        put(st, pid, key)
    put(st, "ax-64cat-1", at)
    vic = module.scenarios["legend_begins/compass"].setup["victory"]
    st.vars["control"] = dict.fromkeys([*vic["hexes"], *vic["axis_hexes"]], "allied")
    segment(st, "allied", "primary", "movement")
    return st


def moves(controller, st, side: str, limit: int = 8):
    """The program's actions while it is asked (each checked legal on the game)."""
    bot = make(controller, side, "normal", 1)
    taken = []
    for _ in range(limit):
        if controller.prompt(st).side != side:
            break
        action = bot.choose(controller.view(st, side), list(controller.legal_actions(st)))
        assert controller.legal(st, action), action
        taken.append(action)
        st = fold(st, controller.apply(st, action))
        if action.kind == "end-movement":
            break
    return st, taken


def test_14_mobile_assault_taken_when_the_odds_are_good(controller, module):
    """Three tank units next to a lone Italian battalion: 18 halved to 9 against 5,
    two shifts for armour, column 3-1 -- an Overrun one time in three."""
    st = tanks_at(controller, module, "2456")
    bot = make(controller, "allied", "normal", 1)
    choice = bot.choose(controller.view(st, "allied"), list(controller.legal_actions(st)))
    assert choice.kind == "assault" and choice["target"] == "2455"
    assert set(choice["units"]) == set(TANKS)               # 14.1 the whole stack
    assert controller.legal(st, choice)
    assert controller.odds(st, list(TANKS), ["2455"], mobile=True)["column"] == "3-1"


def test_14_3_mobile_assault_after_a_move_that_stops_next_to_the_enemy(controller, module):
    """The battalion holds Sidi Barrani (2651, an objective); three hexes off, the
    stack drives next to it and assaults it."""
    st = tanks_at(controller, module, "2654", at="2651")
    st.vars["control"]["2651"] = "axis"
    st, taken = moves(controller, st, "allied")
    assert taken[0].kind == "move" and taken[0]["path"][-1] == "2652"
    assert set(taken[0]["units"]) == set(TANKS)
    assert taken[1].kind == "assault" and taken[1]["target"] == "2651"
    assert set(taken[1]["units"]) == set(TANKS)


def test_14_no_mobile_assault_at_poor_odds(controller, module):
    """One tank unit alone (6 halved to 3 against 5): no assault."""
    st = tanks_at(controller, module, "2456")
    for pid in TANKS[1:]:
        st.pieces[pid].status, st.pieces[pid].space = "off", None
    st, taken = moves(controller, st, "allied")
    assert not [a for a in taken if a.kind == "assault"]


# -- 40.11 Air HQs ------------------------------------------------------------------------------

def air_step(controller, module, kind: str, places: dict, control: dict | None = None):
    """The Allied air step opening the Combat Phase of a ``kind`` segment, with the air
    game on and the pieces of ``places`` on the map."""
    from air_helpers import air_start

    st = air_start(controller, module)
    st.vars["control"].update(control or {})
    for pid, key in places.items():
        put(st, pid, key)
    segment(st, "allied", kind, "movement")
    st, _ = act(controller, st, "end-movement", "allied")
    assert st.vars["pending"][0]["step"] == "attacker"
    return st


def air_hq_choices(controller, st):
    from test_ai_air import program_plays

    st, taken = program_plays(controller, st, "allied")
    return st, [a for a in taken if a.kind == "air-hq"]


def test_40_11_air_hq_moves_forward_with_the_front(controller, module):
    """The Allied Air HQ at 2264, thirteen hexes behind the 16th Brigade in contact at
    Sidi Barrani: in a Primary Segment it moves up to the tanks two hexes behind."""
    st = air_step(controller, module, "primary",
                  {"al-ahq": "2264", "ax-ahq": "2937", "al-16bde": "2651",
                   "al-7rtr": "2652", "ax-1lib-1": "2650"})
    st, hq = air_hq_choices(controller, st)
    assert [(a["unit"], a["hex"]) for a in hq] == [("al-ahq", "2652")]
    assert st.pieces["al-ahq"].data["building"] is True


def test_40_11_air_hq_stays_when_the_front_is_in_range(controller, module):
    st = air_step(controller, module, "primary",
                  {"al-ahq": "2453", "ax-ahq": "2937", "al-16bde": "2651",
                   "al-7rtr": "2652", "ax-1lib-1": "2650"})
    assert air_hq_choices(controller, st)[1] == []


DANGER = {"al-ahq": "2651", "ax-ahq": "2937", "al-16bde": "2453", "ax-m13-3": "2648",
          "ax-m11-2": "2648"}


def test_40_11_air_hq_in_danger_comes_off_the_map_in_a_secondary_segment(controller,
                                                                           module):
    """Two Italian tank battalions three hexes from the Air HQ alone on the Sidi
    Barrani airfield: in a Secondary Segment it may only come off the map, and does."""
    st = air_step(controller, module, "secondary", DANGER, {"2651": "allied"})
    st, hq = air_hq_choices(controller, st)
    assert [(a["unit"], a["hex"]) for a in hq] == [("al-ahq", None)]
    assert st.pieces["al-ahq"].status == "ready"


def test_40_11_air_hq_in_danger_moves_to_a_safe_hex_in_a_primary_segment(controller,
                                                                          module):
    st = air_step(controller, module, "primary", DANGER, {"2651": "allied"})
    st, hq = air_hq_choices(controller, st)
    assert [(a["unit"], a["hex"]) for a in hq] == [("al-ahq", "2453")]


def test_40_11_air_hq_in_danger_comes_off_the_map_in_the_supply_phase(controller, module):
    """The Supply Phase closing a friendly segment (the controller offers taking an Air
    HQ off the map there): off it comes when enemy tanks are near, not otherwise."""
    from air_helpers import air_start

    for danger in (True, False):
        st = air_start(controller, module)
        st.vars["control"]["2651"] = "allied"
        for pid, key in DANGER.items():
            if danger or not pid.startswith("ax-m"):
                put(st, pid, key)
        segment(st, "allied", "secondary", "supply")
        choice = make(controller, "allied", "normal", 1).choose(
            controller.view(st, "allied"), list(controller.legal_actions(st)))
        assert controller.legal(st, choice)
        assert (choice.kind, choice.get("hex")) == (("air-hq", None) if danger
                                                    else ("supply", None))


def test_40_11_air_hq_lost_is_bought_back_for_a_resource_point(controller, module):
    places = {"ax-ahq": "2937", "al-16bde": "2651", "al-7rtr": "2652", "ax-1lib-1": "2650"}
    st = air_step(controller, module, "primary", places)
    st.pieces["al-ahq"].status, st.pieces["al-ahq"].space = "cadre", None
    st.vars["rp"] = {"allied": 0, "axis": 1}
    assert air_hq_choices(controller, st)[1] == []              # no Resource Point
    st.vars["rp"] = {"allied": 1, "axis": 1}
    st, hq = air_hq_choices(controller, st)
    assert [(a["unit"], a["hex"]) for a in hq] == [("al-ahq", "2652")]
    assert st.vars["rp"]["allied"] == 0 and st.pieces["al-ahq"].status == "active"


@pytest.mark.slow
def test_14_40_11_two_programs_assault_and_move_air_hqs_in_self_play(controller):
    """Compass for two game turns with the air game and Reaction on, normal against
    hard: every action legal on the game, Mobile Assaults made, Air HQs moved."""
    from ffl.catalog import new_session

    s = new_session("legend_begins/compass", seed=3,
                    options={"air_game": True, "reaction": True, "last_turn": 2})
    ctl = s.controller
    bots = {"axis": make(ctl, "axis", "normal", 1), "allied": make(ctl, "allied", "hard", 2)}
    kinds = collections.Counter()
    while ctl.outcome(s.state) is None:
        side = ctl.prompt(s.state).side
        action = bots[side].choose(ctl.view(s.state, side), list(ctl.legal_actions(s.state)))
        assert ctl.legal(s.state, action), action
        kinds[action.kind] += 1
        s.do(action)
    assert kinds["assault"] > 0 and kinds["air-hq"] > 0
