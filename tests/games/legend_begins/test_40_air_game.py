"""40.0 The air game (an advanced rule): air units, Support, the air sub-phase, Air-to-Air
Combat (the book's example of 40.12), Ground Support, Interdiction, aborts and repair,
replacement, Air HQs and airfields.  Positions are built on the 1940 map with the air
game switched on; every action goes through the controller."""

from __future__ import annotations

import pytest
from tlb_helpers import act, add, put, refused, segment

from ffl.engine import Action, fold
from ffl.engine.dice import die_value
from ffl.games.legend_begins.options import chosen

SCENARIO = "legend_begins/compass"
AIR = {"air_game": True}


def air_start(controller, module, seed: int = 5, options=AIR):
    """The scenario with the air game after its opening, every piece off the map (air
    units at their bases)."""
    st = controller.setup(module.scenarios[SCENARIO], options, seed)
    st = fold(st, controller.opening(st))
    for p in st.pieces.values():
        if p.status == "active":
            t = module.piece_types[p.type]
            flies = t.kind == "air" or t.values.get("utype") == "air_hq"
            p.status = "ready" if flies else "off"
            p.space = None
        p.data.pop("hq", None)
        p.data.pop("carried_by", None)
        p.data.pop("building", None)
    st.vars.update(pending=[], works={}, mv={}, mover=None, done=None, attacked=None,
                   defended=None, retreated=None, quiet=None, regular=False, recovery={},
                   segno=50)
    return st


def air_item(step: str, side: str, attacker: str) -> dict:
    return {"kind": "air", "step": step, "side": side, "attacker": attacker}


def fly(st, pid: str, key: str, mission: str, base: str) -> None:
    put(st, pid, key, mission=mission, base=base, hit=[])


def two_rolls(st, first: int, second: int) -> None:
    """Move the roll counter so the next two 2d6 rolls total ``first`` and ``second``."""
    n = 0
    while True:
        d = [die_value(st.seed, n + i, 6) for i in range(4)]
        if d[0] + d[1] == first and d[2] + d[3] == second:
            st.vars["_rolls"] = n
            return
        n += 1


def test_40_0_off_by_default_and_stored_in_the_game(controller, module):
    plain = controller.setup(module.scenarios[SCENARIO], {}, 1)
    assert not any(module.piece_types[p.type].kind == "air" for p in plain.pieces.values())
    assert "air_game" not in chosen({}) and "reaction" not in chosen({})
    st = controller.setup(module.scenarios[SCENARIO], AIR, 1)
    assert "air_game" in st.vars["options"]
    ready = [p for p in st.pieces.values() if p.status == "ready"]
    assert {p.id for p in ready} >= {"al-air-glad", "al-air-hur1", "ax-air-cr42a"}
    assert st.pieces["al-ahq"].space == "2264" and st.pieces["al-ahq"].status == "active"


def test_40_1_counter_values_and_interceptor_range(controller, module):
    st = air_start(controller, module)
    ctx = controller.ctx(st)
    from ffl.games.legend_begins.rules import air_base as air

    assert air.a2a(ctx, "al-air-hur1") == (3, 3)
    assert air.air_type(ctx, "al-air-blen1") == "B"
    assert air.air_range(ctx, "al-air-hur1", "escort") == 5
    assert air.air_range(ctx, "al-air-hur1", "intercept") == 2        # 40.3 halved


def test_40_2_placement_needs_range_and_support(controller, module):
    st = air_start(controller, module)
    segment(st, "allied", "primary", "combat")
    put(st, "al-ahq", "2264")                           # Fuka airfield: 6 + 2 (40.12)
    st.vars["pending"] = [air_item("attacker", "allied", "allied")]
    assert refused(controller, st, "fly", "allied", unit="al-air-glad", hex="2261",
                   mission="gs").rule == "40.6"
    # a Gladiator reaches four hexes from Fuka, no further
    v = refused(controller, st, "fly", "allied", unit="al-air-glad", hex="2259",
                mission="escort")
    assert v.rule == "40.2"
    st, ev = act(controller, st, "fly", "allied", unit="al-air-glad", hex="2260",
                 mission="escort")
    assert ev[-1].rule == "40.2" and st.pieces["al-air-glad"].data["base"] == "2264"
    assert ev[-1].text.startswith("40.2")
    # 40.3 a Fighter does not interdict, a Bomber does not escort; 40.6 Ground Support
    # needs a GSF (the Gladiator has none, the Hurricane one)
    assert refused(controller, st, "fly", "allied", unit="al-air-hur1", hex="2261",
                   mission="interdict").rule == "40.3"
    assert controller.legal(st, Action.make("fly", "allied", unit="al-air-hur1", hex="2261",
                                            mission="gs"))
    assert refused(controller, st, "fly", "allied", unit="al-air-blen1", hex="2261",
                   mission="escort").rule == "40.3"
    # 40.4 Interceptors come later (the attacker's third step)
    assert refused(controller, st, "fly", "allied", unit="al-air-hur1", hex="2261",
                   mission="intercept").rule == "40.4"


def test_40_10_and_40_12_support_factors(controller, module):
    st = air_start(controller, module)
    segment(st, "allied", "primary", "combat")
    ctx = controller.ctx(st)
    from ffl.games.legend_begins.rules import air_base as air

    assert air.sources(ctx, "allied").get("2264") == 2       # 40.12 an airfield alone
    put(st, "al-ahq", "2264")
    ctx = controller.ctx(st)
    assert air.sources(ctx, "allied")["2264"] == 8            # Air HQ 6 + airfield 2
    put(st, "al-ahq", "2259")
    ctx = controller.ctx(st)
    assert air.sources(ctx, "allied")["2259"] == 6
    st.pieces["al-ahq"].status = "ready"
    st.pieces["al-ahq"].space = None
    # with the airfield's two used, a third air unit has no Support
    st.vars["pending"] = [air_item("attacker", "allied", "allied")]
    for pid in ("al-air-blen1", "al-air-blen2"):
        st, _ = act(controller, st, "fly", "allied", unit=pid, hex="2262", mission="gs")
    assert refused(controller, st, "fly", "allied", unit="al-air-well", hex="2262",
                   mission="gs").rule == "40.2"


def test_40_4_the_air_sub_phase_in_order(controller, module):
    st = air_start(controller, module)
    put(st, "al-ahq", "2264")
    put(st, "ax-ahq", "2357")
    put(st, "al-16bde", "2361")
    put(st, "ax-1lib-1", "2360")
    segment(st, "allied", "primary", "movement")
    st, ev = act(controller, st, "end-movement", "allied")
    item = st.vars["pending"][0]
    assert item["kind"] == "air" and item["step"] == "attacker" and item["side"] == "allied"
    st, _ = act(controller, st, "fly", "allied", unit="al-air-blen1", hex="2360",
                mission="gs")
    st, _ = act(controller, st, "fly", "allied", unit="al-air-hur1", hex="2360",
                mission="escort")
    st, ev = act(controller, st, "end-air", "allied")
    item = st.vars["pending"][0]
    assert (item["step"], item["side"]) == ("defender", "axis")
    st, _ = act(controller, st, "fly", "axis", unit="ax-air-cr42a", hex="2359",
                mission="intercept")
    st, _ = act(controller, st, "fly", "axis", unit="ax-air-sm79a", hex="2360",
                mission="gs")
    st, _ = act(controller, st, "end-air", "axis")
    item = st.vars["pending"][0]
    assert (item["step"], item["side"]) == ("intercept", "allied")
    st, ev = act(controller, st, "end-air", "allied")
    item = st.vars["pending"][0]
    assert (item["step"], item["side"]) == ("fight-d", "axis")
    assert any(e.text.startswith("40.5") for e in ev)
    st, ev = act(controller, st, "end-air", "axis")
    assert not st.vars["pending"]
    assert any(e.text.startswith("40.4 the air sub-phase is over") for e in ev)
    # the ground combat now has the Blenheims' Ground Support; when it is over the air
    # units come off the map
    st, ev = act(controller, st, "end-combat", "allied")
    assert st.pieces["al-air-blen1"].status == "ready"
    assert any(e.rule == "40.4" and "back to base" in e.text for e in ev)


def test_40_4_no_air_missions_in_a_tertiary_segment(controller, module):
    st = air_start(controller, module)
    put(st, "al-ahq", "2264")
    segment(st, "allied", "tertiary", "combat")
    st.vars["pending"] = [air_item("attacker", "allied", "allied")]
    assert refused(controller, st, "fly", "allied", unit="al-air-blen1", hex="2262",
                   mission="gs").rule == "40.4"
    # 40.11 but an Air HQ may still be taken off the map
    st, ev = act(controller, st, "air-hq", "allied", unit="al-ahq", hex=None)
    assert st.pieces["al-ahq"].status == "ready" and ev[0].rule == "40.11"


def test_40_5_the_books_example_escort_first_then_the_bomber(controller, module):
    """40.12's example: a German Interceptor against an Escort and two Bombers: the
    Escort first (+2, a 7: No Contact), then a Bomber (+4: DX, the Bomber eliminated
    and the Interceptor aborted)."""
    st = air_start(controller, module)
    add(st, module, "ger-air-109b")
    st.pieces["ger-air-109b"].status = "ready"
    segment(st, "allied", "primary", "combat")
    fly(st, "al-air-hur1", "2557", "escort", "2264")          # Hurricane 3-3
    fly(st, "al-air-blen1", "2557", "gs", "2264")             # Blenheim 0-1
    fly(st, "al-air-blen2", "2557", "gs", "2264")
    fly(st, "ger-air-109b", "2556", "intercept", "2937")      # Bf 109F 5-5
    st.vars["pending"] = [air_item("fight-d", "axis", "allied")]
    v = refused(controller, st, "intercept", "axis", unit="ger-air-109b",
                target="al-air-blen1")
    assert v.rule == "40.5"
    two_rolls(st, 7, 7)
    st, ev = act(controller, st, "intercept", "axis", unit="ger-air-109b",
                 target="al-air-hur1")
    combat = [e for e in ev if e.kind == "air-combat"][0]
    assert combat.rule == "40.5" and combat.info["diff"] == 2 and combat.info["roll"] == 7
    assert combat.info["result"] == "NC"
    assert st.pieces["al-air-hur1"].status == "active"
    # 40.5 not the same target twice
    assert refused(controller, st, "intercept", "axis", unit="ger-air-109b",
                   target="al-air-hur1").rule == "40.5"
    st, ev = act(controller, st, "intercept", "axis", unit="ger-air-109b",
                 target="al-air-blen1")
    combat = [e for e in ev if e.kind == "air-combat"][0]
    assert combat.info["diff"] == 4 and combat.info["result"] == "DX"
    assert st.pieces["al-air-blen1"].status == "cadre"                 # eliminated
    assert st.pieces["ger-air-109b"].status == "ready"                 # aborted
    assert st.pieces["ger-air-109b"].data["inop"] == 50                # 40.8 Inoperative
    assert not st.vars["pending"]          # nothing left to intercept: the ground combat


def test_40_5_two_against_one_when_interceptors_outnumber_escorts(controller, module):
    st = air_start(controller, module)
    segment(st, "allied", "primary", "combat")
    fly(st, "al-air-blen1", "2557", "gs", "2264")
    fly(st, "ax-air-cr42a", "2556", "intercept", "2651")      # CR.42 2-2
    fly(st, "ax-air-g50", "2556", "intercept", "2651")        # G.50 2-3
    st.vars["pending"] = [air_item("fight-d", "axis", "allied")]
    st.vars["_rolls"] = 0
    st, ev = act(controller, st, "intercept", "axis", unit="ax-air-cr42a",
                 target="al-air-blen1", partner="ax-air-g50")
    combat = [e for e in ev if e.kind == "air-combat"][0]
    assert combat.info["diff"] == 2 + 1 - 1          # the best Attack Factor plus one
    # with an Escort for each Interceptor, no two against one
    st = air_start(controller, module)
    segment(st, "allied", "primary", "combat")
    fly(st, "al-air-blen1", "2557", "gs", "2264")
    fly(st, "al-air-hur1", "2557", "escort", "2264")
    fly(st, "al-air-glad", "2557", "escort", "2264")
    fly(st, "ax-air-cr42a", "2556", "intercept", "2651")
    fly(st, "ax-air-g50", "2556", "intercept", "2651")
    st.vars["pending"] = [air_item("fight-d", "axis", "allied")]
    assert refused(controller, st, "intercept", "axis", unit="ax-air-cr42a",
                   target="al-air-hur1", partner="ax-air-g50").rule == "40.5"


def test_40_6_ground_support_doubled_for_the_attacker_in_a_primary_segment(controller,
                                                                          module):
    st = air_start(controller, module)
    put(st, "al-16bde", "2359")                 # 6-8-4 brigade
    put(st, "ax-1lib-1", "2358")                # 4-4 regiment
    segment(st, "allied", "primary", "combat")
    before = controller.odds(st, ["al-16bde"], ["2358"])
    fly(st, "al-air-blen1", "2358", "gs", "2264")             # GSF 2
    with_gs = controller.odds(st, ["al-16bde"], ["2358"])
    assert with_gs["attack"] == before["attack"] + 4          # doubled in a Primary
    assert any(n.startswith("40.6") for n in with_gs["notes"])
    segment(st, "allied", "secondary", "combat")
    sec = controller.odds(st, ["al-16bde"], ["2358"])
    st.pieces["al-air-blen1"].status = "ready"
    st.pieces["al-air-blen1"].space = None
    plain_sec = controller.odds(st, ["al-16bde"], ["2358"])
    assert sec["attack"] == plain_sec["attack"] + 2           # normal in a Secondary
    # the defender's Ground Support over his own hex
    fly(st, "ax-air-ba65", "2358", "gs", "2651")              # GSF 2
    d = controller.odds(st, ["al-16bde"], ["2358"])
    assert d["defence"] == plain_sec["defence"] + 2


def test_40_6_ground_support_never_more_than_the_ground_strength(controller, module):
    st = air_start(controller, module)
    put(st, "al-11hus", "2359")                 # a 2-2 recon battalion
    put(st, "ax-1lib-1", "2358")
    segment(st, "allied", "primary", "combat")
    before = controller.odds(st, ["al-11hus"], ["2358"])
    fly(st, "al-air-well", "2358", "gs", "2264")             # GSF 3, doubled: 6
    after = controller.odds(st, ["al-11hus"], ["2358"])
    assert after["attack"] == before["attack"] + 2           # capped at the printed 2


def test_40_7_interdiction_slows_enemy_road_movement(controller, module):
    from ffl.games.legend_begins.rules.movement import check_path

    st = air_start(controller, module)
    put(st, "ax-m13-3", "1603")                 # a motorized tank battalion
    segment(st, "axis", "primary", "movement")
    ok, recs = check_path(controller.ctx(st), ["ax-m13-3"], ["1604", "1605", "1606"])
    assert ok and recs["ax-m13-3"][0] == 6                    # three road hexes: 1 MP
    fly(st, "al-air-blen1", "1605", "interdict", "2264")
    ok, recs = check_path(controller.ctx(st), ["ax-m13-3"], ["1604", "1605", "1606"])
    assert ok and recs["ax-m13-3"][0] == 18                   # 1 MP a hex in the zone
    # the zone does not slow its own side
    put(st, "al-11hus", "1603")
    st.pieces["ax-m13-3"].status = "off"
    segment(st, "allied", "primary", "movement")
    ok, recs = check_path(controller.ctx(st), ["al-11hus"], ["1604", "1605", "1606"])
    assert ok and recs["al-11hus"][0] == 6


def test_40_7_road_across_an_escarpment_in_the_zone_costs_one_more(controller, module):
    from ffl.games.legend_begins.rules.movement import check_path

    st = air_start(controller, module)
    put(st, "ax-m13-3", "3040")
    segment(st, "axis", "primary", "movement")
    ok, recs = check_path(controller.ctx(st), ["ax-m13-3"], ["2941"])
    plain = recs["ax-m13-3"][0]
    fly(st, "al-air-blen1", "3040", "interdict", "2264")
    ok, recs = check_path(controller.ctx(st), ["ax-m13-3"], ["2941"])
    assert ok and recs["ax-m13-3"][0] == 6 + 6 and plain < 6


def test_40_7_interdiction_stays_until_the_next_combat_phase(controller, module):
    st = air_start(controller, module)
    put(st, "al-ahq", "2264")
    put(st, "al-16bde", "2459")
    segment(st, "allied", "primary", "combat")
    st.vars["pending"] = [air_item("attacker", "allied", "allied")]
    st, _ = act(controller, st, "fly", "allied", unit="al-air-blen1", hex="2261",
                mission="interdict")
    while st.vars["pending"]:
        st, _ = act(controller, st, "end-air", st.vars["pending"][0]["side"])
    st, _ = act(controller, st, "end-combat", "allied")
    assert st.pieces["al-air-blen1"].status == "active"       # still over 2261
    # at the next Combat Phase (here the enemy's) it returns and may fly again
    segment(st, "axis", "secondary", "movement")
    st, ev = act(controller, st, "end-movement", "axis")
    assert st.pieces["al-air-blen1"].status == "ready"
    assert any(e.rule == "40.7" for e in ev)


def test_40_8_aborted_units_are_repaired_after_a_friendly_segment(controller, module):
    st = air_start(controller, module)
    st.pieces["al-air-hur1"].data["inop"] = 50                # aborted in segment 50
    segment(st, "allied", "primary", "supply", seg_id=50)
    st, ev = act(controller, st, "supply", "allied")
    assert st.pieces["al-air-hur1"].data.get("inop") == 50   # not the segment it aborted in
    segment(st, "allied", "secondary", "supply", seg_id=52)
    st, ev = act(controller, st, "supply", "allied")
    assert st.pieces["al-air-hur1"].data.get("inop") is None
    assert any(e.rule == "40.8" and e.text.startswith("40.8") for e in ev)


def replacement_start(controller, module):
    """Two Italian air units and a German one in the Axis Cadre Box, the Italian Air HQ
    on the map; the Axis Replacement Segment has opened the 40.9 decision."""
    from ffl.games.legend_begins.rules import air_effects

    st = air_start(controller, module)
    for pid in ("ax-air-cr42a", "ax-air-sm79a"):
        st.pieces[pid].status = "cadre"
    add(st, module, "ger-air-stuka1")
    st.pieces["ger-air-stuka1"].status = "cadre"
    put(st, "ax-ahq", "2937")                      # the Italian Air HQ: Italians only
    rb = controller.batch(st)
    air_effects.air_replacement(rb, "axis")
    assert [e.text for e in rb.events if e.rule == "40.9"][0].startswith("40.9")
    return fold(st, rb.events)


def strength(controller, st, pid: str) -> int:
    from ffl.games.legend_begins.rules.air_base import a2a

    ctx = controller.ctx(st)
    return sum(a2a(ctx, pid)) + int(ctx.value(pid, "gsf", 0))


def test_40_9_the_player_chooses_a_weaker_air_unit(controller, module):
    st = replacement_start(controller, module)
    assert st.vars["pending"][0]["kind"] == "air-replace"
    prompt = controller.prompt(st)
    assert prompt.side == "axis" and prompt.text.startswith("40.9")
    acts = controller.legal_actions(st)
    assert acts[0].kind == "decline"
    assert {a.get("unit") for a in acts if a.kind == "air-replace"} == {"ax-air-cr42a",
                                                                       "ax-air-sm79a"}
    weak, strong = sorted(("ax-air-cr42a", "ax-air-sm79a"),
                          key=lambda p: strength(controller, st, p))
    assert strength(controller, st, weak) < strength(controller, st, strong)
    st, ev = act(controller, st, "air-replace", "axis", unit=weak)
    assert st.pieces[weak].status == "ready" and st.pieces[weak].data.get("inop") == 50
    assert st.pieces[strong].status == "cadre"                 # one unit for one Air HQ
    assert st.pieces["ger-air-stuka1"].status == "cadre"
    label = controller.ctx(st).label(weak)
    assert any(e.rule == "40.9" and e.text.startswith(f"40.9 {label} comes out of the Cadre")
               for e in ev)
    assert st.vars["pending"] == []                             # the Air HQ is used


def test_40_9_an_air_hq_replaces_only_its_own_nation(controller, module):
    st = replacement_start(controller, module)
    v = refused(controller, st, "air-replace", "axis", unit="ger-air-stuka1")
    assert v.rule == "40.9" and "German" in v.reason
    v = refused(controller, st, "air-replace", "axis", unit="ax-air-cr42b")
    assert v.rule == "40.9" and "Cadre Box" in v.reason         # at its base already
    refused(controller, st, "air-replace", "allied", unit="ax-air-cr42a")   # the Axis decides
    # the Italian Air HQ already drawn on: no Air HQ is left for the other Italian unit
    st.vars["pending"] = [{"kind": "air-replace", "side": "axis", "used": ["ax-ahq"]}]
    v = refused(controller, st, "air-replace", "axis", unit="ax-air-sm79a")
    assert v.rule == "40.9" and "no Air HQ" in v.reason
    # with the German Air HQ on the map too, the German unit may come back through it
    st.vars["pending"] = [{"kind": "air-replace", "side": "axis", "used": []}]
    add(st, module, "ger-ahq")
    put(st, "ger-ahq", "3429")
    st, ev = act(controller, st, "air-replace", "axis", unit="ger-air-stuka1")
    assert st.pieces["ger-air-stuka1"].status == "ready"
    assert st.vars["pending"][0]["used"] == ["ger-ahq"]


def test_40_9_the_player_may_decline(controller, module):
    st = replacement_start(controller, module)
    st, ev = act(controller, st, "decline", "axis")
    assert st.vars["pending"] == []
    assert all(st.pieces[p].status == "cadre"
               for p in ("ax-air-cr42a", "ax-air-sm79a", "ger-air-stuka1"))
    assert any(e.rule == "40.9" and e.text.startswith("40.9") for e in ev)


def test_40_9_the_program_replaces_the_strongest_air_unit(controller, module):
    from ffl.games.legend_begins.ai import make

    st = replacement_start(controller, module)
    choice = make(controller, "axis", "normal", 1).choose(st, list(controller.legal_actions(st)))
    strong = max(("ax-air-cr42a", "ax-air-sm79a"), key=lambda p: strength(controller, st, p))
    assert choice.kind == "air-replace" and choice.get("unit") == strong
    assert controller.legal(st, choice)


def test_40_9_the_choice_opens_in_the_turns_initial_phase(controller, module):
    from ffl.games.legend_begins.rules import turn

    st = air_start(controller, module)
    st.pieces["ax-air-cr42a"].status = "cadre"
    st.pieces["al-air-hur1"].status = "cadre"
    put(st, "ax-ahq", "2937")
    put(st, "al-ahq", "2264")
    rb = controller.batch(st)
    turn.start_turn(rb, int(st.vars.get("turn", 1)) + 1)
    st = fold(st, rb.events)
    assert st.vars["phase"] in ("recovery", "organization")
    assert [i["side"] for i in st.vars["pending"]] == ["axis", "allied"]
    st, _ = act(controller, st, "air-replace", "axis", unit="ax-air-cr42a")
    assert controller.prompt(st).side == "allied"
    st, _ = act(controller, st, "decline", "allied")
    assert st.vars["pending"] == [] and st.pieces["al-air-hur1"].status == "cadre"
    assert not controller.prompt(st).text.startswith("40.9")


def test_40_9_no_decision_without_a_fitting_air_hq(controller, module):
    from ffl.games.legend_begins.rules import air_effects

    st = air_start(controller, module)
    add(st, module, "ger-air-stuka1")
    st.pieces["ger-air-stuka1"].status = "cadre"
    put(st, "ax-ahq", "2937")
    rb = controller.batch(st)
    air_effects.air_replacement(rb, "axis")
    assert fold(st, rb.events).vars["pending"] == []


def test_40_10_units_without_support_are_removed(controller, module):
    st = air_start(controller, module)
    put(st, "al-ahq", "2259")
    segment(st, "allied", "primary", "combat")
    fly(st, "al-air-well", "2262", "gs", "2259")
    st.vars["pending"] = [air_item("attacker", "allied", "allied")]
    st, ev = act(controller, st, "air-hq", "allied", unit="al-ahq", hex=None)
    assert st.pieces["al-air-well"].status == "ready"
    assert any(e.rule == "40.10" for e in ev)


def test_40_11_an_air_hq_comes_off_the_map_in_any_friendly_segment(controller, module):
    """Placing and moving wait for a friendly Primary Segment; taking an Air HQ off the
    map is open in the friendly Secondary and Tertiary Segments too (at the air step
    that opens the owner's Combat Phase), never in the enemy's."""
    from ffl.games.legend_begins.rules.air import open_air_phase

    for kind in ("secondary", "tertiary"):
        st = air_start(controller, module)
        put(st, "al-16bde", "2459")
        put(st, "al-ahq", "2264")
        segment(st, "allied", kind, "combat")
        rb = controller.batch(st)
        open_air_phase(rb)
        st = fold(st, rb.events)
        assert st.vars["pending"][0]["step"] == "attacker"
        assert refused(controller, st, "air-hq", "allied", unit="al-ahq",
                       hex="2459").rule == "40.11"
        st, ev = act(controller, st, "air-hq", "allied", unit="al-ahq", hex=None)
        assert st.pieces["al-ahq"].status == "ready"
        assert any(e.rule == "40.11" and e.text.startswith("40.11") for e in ev)
    st = air_start(controller, module)
    put(st, "al-ahq", "2264")
    segment(st, "axis", "primary", "combat")
    st.vars["pending"] = [air_item("defender", "allied", "axis")]
    refused(controller, st, "air-hq", "allied", unit="al-ahq", hex=None)   # the enemy's segment


def test_40_11_air_hq_placement_construction_side_and_loss(controller, module):
    st = air_start(controller, module)
    put(st, "al-16bde", "2459")
    segment(st, "allied", "secondary", "combat")
    st.vars["pending"] = [air_item("attacker", "allied", "allied")]
    assert refused(controller, st, "air-hq", "allied", unit="al-ahq",
                   hex="2459").rule == "40.11"                 # Primary Segments only
    segment(st, "allied", "primary", "combat")
    st.vars["pending"] = [air_item("attacker", "allied", "allied")]
    st, ev = act(controller, st, "air-hq", "allied", unit="al-ahq", hex="2459")
    assert st.pieces["al-ahq"].data["building"] is True
    ctx = controller.ctx(st)
    from ffl.games.legend_begins.rules import air_base as air
    from ffl.games.legend_begins.rules import air_effects

    assert "2459" not in air.sources(ctx, "allied")          # construction side
    # one Air HQ to a hex
    assert refused(controller, st, "air-hq", "allied", unit="al-ahq",
                   hex="2459").rule == "40.11"
    # the next friendly Primary Segment flips it
    segment(st, "allied", "primary", "movement", seg_id=53)
    rb = controller.batch(st)
    air_effects.segment_start(rb)
    st = fold(st, rb.events)
    assert not st.pieces["al-ahq"].data.get("building")
    assert air.sources(controller.ctx(st), "allied")["2459"] == 6
    # eliminated: to the Cadre Box, and its owner picks an air unit caught on the ground
    from ffl.games.legend_begins.rules.ops import eliminate

    rb = controller.batch(st)
    eliminate(rb, "al-ahq", "9.5", "test")
    st = fold(st, rb.events)
    assert st.pieces["al-ahq"].status == "cadre"
    item = st.vars["pending"][0]
    assert item["kind"] == "air-lost"
    acts = controller.legal_actions(st)
    assert acts and all(a.kind == "air-lost" for a in acts)
    st, ev = act(controller, st, "air-lost", "allied", unit="al-air-well")
    assert st.pieces["al-air-well"].status == "cadre" and ev[0].rule == "40.11"
    # replaced for a Resource Point in a Primary Segment
    st.vars["rp"] = {"allied": 2, "axis": 1}
    segment(st, "allied", "primary", "combat", seg_id=55)
    st.vars["pending"] = [air_item("attacker", "allied", "allied")]
    st, ev = act(controller, st, "air-hq", "allied", unit="al-ahq", hex="2459")
    assert st.vars["rp"]["allied"] == 1 and st.pieces["al-ahq"].status == "active"


def test_40_11_air_hq_forced_to_retreat_is_eliminated(controller, module):
    st = air_start(controller, module)
    put(st, "al-ahq", "2459")
    put(st, "ax-1lib-1", "2458")
    segment(st, "axis", "primary", "combat")
    st.vars["pending"] = [{"kind": "retreat", "side": "allied", "units": ["al-ahq"],
                           "from": "2459", "disrupt": True, "combat": 1}]
    from ffl.games.legend_begins.rules.pending import settle

    rb = controller.batch(st)
    settle(rb)
    st = fold(st, rb.events)
    assert st.pieces["al-ahq"].status == "cadre"
    assert any(e.rule == "40.11" and "retreat" in e.text for e in rb.events)


def test_40_11_a_working_enemy_air_hq_halves_a_port(controller, module):
    from ffl.games.legend_begins.rules.ports import interdicted

    st = air_start(controller, module)
    st.vars["control"]["2651"] = "allied"         # no enemy airfield near Mersa Matruh
    ctx = controller.ctx(st)
    assert not interdicted(ctx, "2560", "allied")
    put(st, "ax-ahq", "2558")
    st.pieces["ax-ahq"].data["building"] = True
    assert not interdicted(controller.ctx(st), "2560", "allied")
    st.pieces["ax-ahq"].data["building"] = None
    assert interdicted(controller.ctx(st), "2560", "allied")
    # 24.2 ignoring the threat: the port's full capacity, +2 on the AST roll
    from ffl.games.legend_begins.rules.ports import convoy_roll, usable

    ctx = controller.ctx(st)
    assert usable(ctx, "2560", "allied") == usable(ctx, "2560", "allied", ignore=True) // 2
    texts = []
    for ignore in (False, True):
        st.vars["_rolls"] = 0
        rb = controller.batch(st)
        convoy_roll(rb, "allied", "Nile Delta", "2560", ignore=ignore)
        texts.append([e.text for e in rb.events if e.kind == "ast"][0])
    drm = [int(t.split(": ")[1].split()[1]) for t in texts]
    assert drm[1] == drm[0] + 2, texts


def test_40_listed_actions_are_legal_and_end_air_comes_first(controller, module):
    st = air_start(controller, module)
    put(st, "al-ahq", "2264")
    put(st, "al-16bde", "2359")
    put(st, "ax-1lib-1", "2358")
    segment(st, "allied", "primary", "combat")
    st.vars["pending"] = [air_item("attacker", "allied", "allied")]
    acts = controller.legal_actions(st)
    assert acts[0] == Action.make("end-air", "allied")
    assert any(a.kind == "fly" for a in acts)
    assert all(controller.legal(st, a) for a in acts)


def test_40_11_an_air_hq_sets_up_with_the_army_or_on_an_airfield(controller, module):
    st = air_start(controller, module)
    segment(st, "allied", "primary", "combat")
    st.vars["pending"] = [air_item("attacker", "allied", "allied")]
    assert refused(controller, st, "air-hq", "allied", unit="al-ahq",
                   hex="2263").rule == "40.11"           # an empty hex behind the lines
    st, _ = act(controller, st, "air-hq", "allied", unit="al-ahq", hex="2264")   # Fuka


@pytest.mark.slow
def test_40_a_saved_game_keeps_its_air_units_and_reaction(tmp_path):
    """(slow: about five seconds, most of it writing and reading the module file)"""
    import random

    from ffl.catalog import new_session
    from ffl.session import GameSession

    s = new_session("legend_begins/crusader", seed=2,
                    options={"air_game": True, "reaction": True})
    rng = random.Random(2)
    flown = 0
    for _ in range(70):
        acts = list(s.controller.legal_actions(s.state))
        pick = [a for a in acts if a.kind in ("fly", "react", "intercept")]
        action = rng.choice(pick if pick and rng.random() < 0.7 else acts)
        flown += action.kind == "fly"
        s.do(action)
    assert flown
    path = tmp_path / "g.fflsave"
    s.save(path)
    again = GameSession.load(path)
    assert again.state.hash() == s.state.hash()
    assert set(again.state.vars["options"]) == {"air_game", "reaction"}


def test_40_2_air_units_on_the_map_are_seen_under_fog_of_war(controller, module):
    st = air_start(controller, module, options={"air_game": True, "fog_of_war": True})
    put(st, "ax-1lib-1", "2360")
    put(st, "ax-63cir-1", "2360")
    fly(st, "ax-air-ba65", "2360", "gs", "2651")
    view = controller.view(st, "allied")
    assert "ax-air-ba65" in view.pieces
    assert len([p for p in ("ax-1lib-1", "ax-63cir-1") if p in view.pieces]) == 1


def test_40_11_an_air_unit_lost_at_the_turns_end_is_chosen_in_the_initial_phase(controller,
                                                                                module):
    """An Air HQ lost to the last segment's attrition: its owner's choice waits at the
    start of the next turn's Initial Phase, a decision that phase declares."""
    phases = {ph.id: ph for ph in controller.phases}
    for phase in ("recovery", "organization"):
        st = air_start(controller, module)
        st.vars.update(phase=phase, side="allied",
                       pending=[{"kind": "air-lost", "side": "axis"}])
        prompt = controller.prompt(st)
        assert prompt.side == "axis" and prompt.kinds == ("air-lost",)
        assert set(prompt.kinds) <= set(phases[phase].kinds)
        acts = controller.legal_actions(st)
        assert acts and all(a.kind == "air-lost" for a in acts)
