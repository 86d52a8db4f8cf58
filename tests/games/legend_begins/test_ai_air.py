"""The program in the air game (40.0) and Reaction (41.0): in set positions on the 1940
map it flies Ground Support over the hex it attacks with an Escort beside it,
intercepts the enemy's Bombers and attacks them in Air-to-Air Combat, reinforces a hex
under a strong attack and pulls a lone tank battalion out of a bad one; every choice is
one the rules accept.  A short self-play of two programs with both rules on (slow)
counts the missions and Reaction moves and meets no refusal."""

from __future__ import annotations

import collections
import random

import pytest
from air_helpers import air_start
from tlb_helpers import act, next_dice, put, segment

from ffl.engine import fold
from ffl.games.legend_begins.ai import make

SCENARIO = "legend_begins/compass"


def program_plays(controller, st, side: str, limit: int = 12):
    """The program decides for ``side`` while the game asks it (each choice checked
    legal); the actions it took."""
    opp = make(controller, side, "normal", 1)
    taken = []
    for _ in range(limit):
        if controller.prompt(st).side != side:
            break
        action = opp.choose(st, list(controller.legal_actions(st)))
        verdict = controller.legal(st, action)
        assert verdict, f"{action}: {verdict.rule} {verdict.reason}"
        taken.append(action)
        st = fold(st, controller.apply(st, action))
        if action.kind.startswith("end"):
            break
    return st, taken


def air_battle(controller, module):
    """The Allied 16th Brigade next to the Libyan regiment at 2360, both Air HQs on the
    map, the Allied Combat Phase of a Primary Segment opening."""
    st = air_start(controller, module)
    put(st, "al-ahq", "2264")
    put(st, "ax-ahq", "2357")
    put(st, "al-16bde", "2361")
    put(st, "ax-1lib-1", "2360")
    segment(st, "allied", "primary", "movement")
    st, _ = act(controller, st, "end-movement", "allied")
    assert st.vars["pending"][0]["step"] == "attacker"
    return st


def test_40_6_the_program_flies_ground_support_over_its_attack_with_an_escort(controller,
                                                                              module):
    st = air_battle(controller, module)
    st, taken = program_plays(controller, st, "allied")
    missions = {(a["unit"], a["hex"], a["mission"]) for a in taken if a.kind == "fly"}
    gs = [m for m in missions if m[2] == "gs"]
    assert gs and all(m[1] == "2360" for m in gs)             # over the hex it attacks
    assert any(m[1] == "2360" and m[2] == "escort" for m in missions)   # escorted
    assert taken[-1].kind == "end-air"
    # 40.7 a Bomber without a combat to support interdicts near the enemy
    assert all(m[2] in ("gs", "escort", "interdict") for m in missions)


def test_40_3_the_program_intercepts_the_enemys_bombers_and_attacks_them(controller,
                                                                          module):
    st = air_battle(controller, module)
    st, _ = program_plays(controller, st, "allied")
    assert st.vars["pending"][0]["step"] == "defender"
    st, taken = program_plays(controller, st, "axis")
    flown = [(a["unit"], a["hex"], a["mission"]) for a in taken if a.kind == "fly"]
    from ffl.games.legend_begins import hexgeo as g

    bombers = {st.pieces[p].space for p in st.pieces
               if st.pieces[p].side == "allied" and st.pieces[p].status == "active"
               and st.pieces[p].data.get("mission") in ("gs", "interdict")}
    icpt = [f for f in flown if f[2] == "intercept"]
    assert icpt and all(min(g.distance(f[1], b) for b in bombers) <= 3 for f in icpt)
    # 40.6 the defender's Ground Support over its own hex under attack
    assert any(f[2] == "gs" and f[1] == "2360" for f in flown)
    # the Allies place their Interceptors, then the Axis' attack in Air-to-Air Combat
    st, _ = program_plays(controller, st, "allied")
    item = st.vars["pending"][0]
    assert (item["step"], item["side"]) == ("fight-d", "axis")
    st, taken = program_plays(controller, st, "axis")
    assert any(a.kind == "intercept" for a in taken)


def attacked(controller, module, defenders, attackers, tank_at=None, die: int = 6):
    """Allied units attack ``defenders``' hex in a Primary Segment with Reaction on; the
    Axis Reaction die shows ``die`` (3 MPs)."""
    st = air_start(controller, module, options={"reaction": True})
    for pid, key in attackers + defenders:
        put(st, pid, key)
    if tank_at:
        put(st, "ax-m13-3", tank_at)
    segment(st, "allied", "primary", "combat")
    next_dice(st, [die])
    st, _ = act(controller, st, "attack", "allied", attackers=[p for p, _k in attackers],
                targets=[defenders[0][1]])
    assert st.vars["pending"][0]["kind"] == "reaction"
    return st


def test_41_the_program_reinforces_a_hex_under_a_strong_attack(controller, module):
    st = attacked(controller, module, [("ax-1lib-1", "2360")],
                  [("al-16bde", "2361"), ("al-7rtr", "2361")], tank_at="2260")
    st, taken = program_plays(controller, st, "axis")
    assert taken[0].kind == "react" and taken[0]["path"][-1] == "2360"
    assert st.pieces["ax-m13-3"].space == "2360"


def test_41_the_program_leaves_a_weak_attack_alone(controller, module):
    st = attacked(controller, module, [("ax-1lib-1", "2360")], [("al-16bde", "2361")],
                  tank_at="2260")
    st, taken = program_plays(controller, st, "axis")
    assert [a.kind for a in taken] == ["end-reaction"]          # 1-2: not worth the tanks


def test_41_4_the_program_pulls_a_tank_battalion_out_of_a_bad_combat(controller, module):
    st = attacked(controller, module, [("ax-m13-3", "2360")],
                  [("al-16bde", "2361"), ("al-7rtr", "2361")])
    st, taken = program_plays(controller, st, "axis")
    assert taken[0].kind == "react"
    assert st.pieces["ax-m13-3"].space not in ("2360", "2361")
    item = st.vars["pending"][0]                          # 41.4 no combat: an Overrun
    assert item["kind"] == "advance" and item["overrun"]


@pytest.mark.slow
def test_40_41_two_programs_fly_and_react_in_self_play():
    """Compass for two game turns with the air game and Reaction on, both sides the
    program: no action refused, missions flown and Reaction moves made."""
    from ffl.catalog import new_session
    from ffl.games.legend_begins.ai import GoalPolicy
    from ffl.selfplay import play_game

    seen = collections.Counter()
    session = new_session(f"{SCENARIO}", seed=3,
                          options={"air_game": True, "reaction": True, "last_turn": 2})
    play_game(session, random.Random(3), 20000, GoalPolicy().choose, replay=False)
    for e in session.log.events:
        seen[e.kind] += 1
    assert seen["air-mission"] > 0
    assert "react" in seen or seen["reaction"] > 0
