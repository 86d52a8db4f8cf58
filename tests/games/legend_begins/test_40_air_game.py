"""40.0 The air game (an advanced rule): air units, Support, the air sub-phase, Air-to-Air
Combat (the book's example of 40.12), Ground Support, Interdiction, aborts and repair.
Replacement (40.9) and the Air HQs (40.11) are in test_40_air_hqs.py.  Positions are built
on the 1940 map with the air game switched on; every action goes through the controller."""

from __future__ import annotations

import pytest
from air_helpers import AIR, SCENARIO, air_item, air_start, fly, two_rolls
from tlb_helpers import act, add, put, refused, segment

from ffl.engine import Action
from ffl.games.legend_begins.options import chosen


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


def test_40_10_units_without_support_are_removed(controller, module):
    st = air_start(controller, module)
    put(st, "al-ahq", "2259")
    segment(st, "allied", "primary", "combat")
    fly(st, "al-air-well", "2262", "gs", "2259")
    st.vars["pending"] = [air_item("attacker", "allied", "allied")]
    st, ev = act(controller, st, "air-hq", "allied", unit="al-ahq", hex=None)
    assert st.pieces["al-air-well"].status == "ready"
    assert any(e.rule == "40.10" for e in ev)


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
