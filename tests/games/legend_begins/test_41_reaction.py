"""41.0 Reaction (an advanced rule): after an attack is declared and between two
segments in a row the other player moves a few motorized units for half a die's MPs.
Positions on the 1940 map; every action goes through the controller."""

from __future__ import annotations

from tlb_helpers import act, next_dice, put, refused, segment

from ffl.engine import Action, fold
from ffl.engine.dice import die_value

SCENARIO = "legend_begins/compass"
REACT = {"reaction": True}


def react_start(controller, module, seed: int = 5):
    st = controller.setup(module.scenarios[SCENARIO], REACT, seed)
    st = fold(st, controller.opening(st))
    for p in st.pieces.values():
        if p.status == "active":
            p.status = "off"
            p.space = None
        p.data.pop("hq", None)
        p.data.pop("carried_by", None)
    st.vars.update(pending=[], works={}, mv={}, mover=None, done=None, attacked=None,
                   defended=None, retreated=None, quiet=None, regular=False, recovery={})
    return st


def attack_on_2360(controller, module, die: int, tank_at: str = "2260"):
    """The Allied brigade at 2361 attacks the Italian regiment at 2360; an Italian M13
    battalion waits at ``tank_at``; the Reaction die will show ``die``."""
    st = react_start(controller, module)
    put(st, "al-16bde", "2361")
    put(st, "ax-1lib-1", "2360")
    put(st, "ax-m13-3", tank_at)
    segment(st, "allied", "primary", "combat")
    next_dice(st, [die])
    return act(controller, st, "attack", "allied", attackers=["al-16bde"], targets=["2360"])


def test_41_0_off_by_default(controller, module):
    st = controller.setup(module.scenarios[SCENARIO], {}, 5)
    assert "reaction" not in (st.vars.get("options") or [])


def test_41_2_an_attack_waits_for_the_defenders_reaction(controller, module):
    st, ev = attack_on_2360(controller, module, die=6)
    item = st.vars["pending"][0]
    assert item["kind"] == "reaction" and item["side"] == "axis"
    assert item["left"] == 3 and item["trigger"] == "combat"             # 6 / 2
    assert not any(e.kind == "combat" for e in ev)                       # not yet resolved
    assert any(e.rule == "41.3" and e.text.startswith("41.3") for e in ev)
    # the M13 battalion joins the regiment under attack; with 2 MPs left it cannot leave
    # the brigade's ZOC again and no other unit may react: the Reaction is over and the
    # attack is fought against both
    st, ev = act(controller, st, "react", "axis", units=["ax-m13-3"], path=["2360"])
    assert st.pieces["ax-m13-3"].space == "2360"
    assert any(e.kind == "react" and e.rule == "41.3" for e in ev)
    assert any(e.text == "41.3 no unit can react any more" for e in ev)
    combat = [e for e in ev if e.kind == "combat"]
    assert combat and "ax-m13-3" in st.vars["defended"]                  # now attacked too


def test_41_3_the_die_halved_and_a_one_gives_no_reaction(controller, module):
    st, ev = attack_on_2360(controller, module, die=1)
    assert any(e.rule == "41.4" and "no Reaction" in e.text for e in ev)
    assert any(e.kind == "combat" for e in ev)                           # resolved at once
    st, ev = attack_on_2360(controller, module, die=3)
    assert st.vars["pending"][0]["left"] == 1
    st, ev = attack_on_2360(controller, module, die=5)
    assert st.vars["pending"][0]["left"] == 2


def test_41_4_only_motorized_units_within_three_mps(controller, module):
    st, _ = attack_on_2360(controller, module, die=6)
    put(st, "ax-63cir-1", "2358")                                       # on foot
    v = refused(controller, st, "react", "axis", units=["ax-63cir-1"], path=["2359"])
    assert v.rule == "41.4"
    # a tank battalion far away may not react to this combat
    st, ev = attack_on_2360(controller, module, die=6, tank_at="2352")
    assert not any(e.rule.startswith("41") for e in ev)    # no unit could react: no roll
    assert any(e.kind == "combat" for e in ev)


def test_41_4_a_group_moves_together_from_one_hex(controller, module):
    st, _ = attack_on_2360(controller, module, die=6)
    put(st, "ax-m11-1", "2358")
    v = refused(controller, st, "react", "axis", units=["ax-m13-3", "ax-m11-1"],
                path=["2360"])
    assert v.rule == "41.4"


def test_41_4_leaving_an_enemy_zoc_takes_a_roll_of_six(controller, module):
    """The defender itself motorized: leaving the enemy ZOC costs 2 MPs (+1 for the hex
    entered), so only 3 MPs let it go; the attack then finds the hex empty and the
    attacker may advance as after an Overrun."""
    st = react_start(controller, module)
    put(st, "al-16bde", "2361")
    put(st, "ax-m13-3", "2360")
    segment(st, "allied", "primary", "combat")
    next_dice(st, [5])
    st, ev = act(controller, st, "attack", "allied", attackers=["al-16bde"],
                 targets=["2360"])
    assert any(e.text.startswith("41.3") and "2 MP" in e.text for e in ev)
    assert any(e.text == "41.3 no unit can react any more" for e in ev)
    assert st.pieces["ax-m13-3"].space == "2360" and any(e.kind == "combat" for e in ev)
    st = react_start(controller, module)
    put(st, "al-16bde", "2361")
    put(st, "ax-m13-3", "2360")
    segment(st, "allied", "primary", "combat")
    next_dice(st, [6])
    st, _ = act(controller, st, "attack", "allied", attackers=["al-16bde"], targets=["2360"])
    st, ev = act(controller, st, "react", "axis", units=["ax-m13-3"], path=["2260"])
    assert not any(e.kind == "combat" for e in ev)
    assert any(e.rule == "41.4" and "Overrun" in e.text for e in ev)
    item = st.vars["pending"][0]
    assert item["kind"] == "advance" and item["side"] == "allied" and item["overrun"]
    st, ev = act(controller, st, "advance", "allied", units=["al-16bde"], path=["2360"])
    assert st.pieces["al-16bde"].space == "2360"


def test_41_1_two_segments_in_a_row_let_the_other_player_react(controller, module):
    from ffl.games.legend_begins.rules.turn import draw_chit

    st = react_start(controller, module)
    put(st, "ax-m13-3", "2352")                   # anywhere: no distance limit here
    put(st, "al-16bde", "2361")
    st.vars.update(last=["axis", "allied"], cup=["allied-S", "axis-T"], drawn=["allied-P1"])
    # the chit die then the Reaction die: find a counter giving Allied and a 6
    n = 0
    while not (die_value(st.seed, n, 2) == 1 and die_value(st.seed, n + 1, 6) == 6):
        n += 1
    st.vars["_rolls"] = n
    rb = controller.batch(st)
    draw_chit(rb)
    st = fold(st, rb.events)
    assert st.vars["seg"]["side"] == "allied"
    item = st.vars["pending"][0]
    assert item["kind"] == "reaction" and item["side"] == "axis" and item["left"] == 3
    assert item["trigger"] == "segments"
    st, ev = act(controller, st, "react", "axis", units=["ax-m13-3"], path=["2353"])
    assert st.pieces["ax-m13-3"].space == "2353"
    st, ev = act(controller, st, "end-reaction", "axis")
    assert not st.vars["pending"] and st.vars["phase"] == "movement"


def test_41_listed_reaction_actions_are_legal(controller, module):
    st, _ = attack_on_2360(controller, module, die=6)
    acts = controller.legal_actions(st)
    assert acts[0].kind == "end-reaction"
    assert any(a.kind == "react" for a in acts)
    assert all(controller.legal(st, a) for a in acts)


def test_41_4_a_trucked_attacker_advances_into_the_emptied_hex_on_its_truck(controller,
                                                                           module):
    st = react_start(controller, module)
    put(st, "al-16bde", "2361")
    put(st, "truck-allied-1", "2361")
    st.pieces["al-16bde"].data["carried_by"] = "truck-allied-1"
    put(st, "ax-m13-3", "2360")
    segment(st, "allied", "primary", "combat")
    next_dice(st, [6])
    st, _ = act(controller, st, "attack", "allied", attackers=["al-16bde"], targets=["2360"])
    st, _ = act(controller, st, "react", "axis", units=["ax-m13-3"], path=["2260"])
    st, _ = act(controller, st, "advance", "allied", units=["al-16bde"], path=["2360"])
    assert st.pieces["al-16bde"].space == st.pieces["truck-allied-1"].space == "2360"
    assert not controller.invariants(st)


def test_41_3_where_a_stack_may_react_for_the_menu(controller, module):
    st, _ = attack_on_2360(controller, module, die=6)
    reach = controller.reaction_reach(st, ["ax-m13-3"])
    assert "2360" in reach and reach["2360"] == ["2360"]
    assert all(controller.legal(st, Action.make("react", "axis", units=["ax-m13-3"],
                                                path=p)) for p in reach.values())
    assert any(len(p) > 1 for p in reach.values())           # further than one hex
    assert controller.reaction_reach(st, ["ax-1lib-1"]) == {}      # on foot


def test_41_4_display_units_advance_only_with_their_hq(controller, module):
    """After a hex is emptied (by a Reaction, or any result) the attacker's units on a
    division's display advance with their HQ, never without it (6.1, 12.0)."""
    st = react_start(controller, module)
    put(st, "al-7armd", "2361")
    put(st, "al-1rtr", "2361", hq="al-7armd")
    segment(st, "allied", "primary", "combat")
    st.vars["pending"] = [{"kind": "advance", "side": "allied",
                           "units": ["al-7armd", "al-1rtr"], "into": ["2360"],
                           "overrun": True, "mobile": False, "combat": 1}]
    assert refused(controller, st, "advance", "allied", units=["al-1rtr"],
                   path=["2360"]).rule == "6.1"
    advances = [a for a in controller.legal_actions(st) if a.kind == "advance"]
    assert advances and all("al-7armd" in a["units"] for a in advances)
    st, _ = act(controller, st, "advance", "allied", units=["al-7armd", "al-1rtr"],
                path=["2360"])
    assert st.pieces["al-1rtr"].space == "2360" and not controller.invariants(st)
