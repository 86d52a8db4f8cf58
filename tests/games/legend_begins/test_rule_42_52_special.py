"""The special rules of the scenarios (42.0 - 51.0) and 52.0 lulls."""

from __future__ import annotations

from tlb_helpers import act, next_dice, put, refused, segment

from ffl.engine import fold
from ffl.games.legend_begins.rules import logistics


def start(controller, module, sid: str, options=None, seed: int = 5):
    st = controller.setup(module.scenarios[sid], options or {}, seed)
    return fold(st, controller.opening(st))


def away(st, *keep):
    """Every combat piece off the map but ``keep`` (a quiet position to test in)."""
    for pid, p in st.pieces.items():
        if p.status == "active" and pid not in keep and p.space and p.space[0].isdigit():
            p.status, p.space = "off", None
            p.data.pop("hq", None)
            p.data.pop("carried_by", None)
    return st


# -- 42.0 railroad construction ------------------------------------------------------------

def test_42_one_resource_point_builds_a_rail_hex_each_friendly_segment(controller, module):
    st = start(controller, module, "legend_begins/campaign")
    st.vars["rp"] = {"axis": 1, "allied": 2}
    segment(st, "allied", phase="organization")
    st, events = act(controller, st, "purchase", "allied", what="rail")
    assert events[-1].rule == "42.0" and st.vars["rp"]["allied"] == 1
    v = refused(controller, st, "purchase", "allied", what="rail")
    assert v.rule == "42.1"                                # one a turn
    segment(st, "allied", phase="movement", seg_id=61)
    v = refused(controller, st, "build-rail", "allied", hex="2458")
    assert v.rule == "42.2"                                # the next hex is 2459
    st, events = act(controller, st, "build-rail", "allied", hex="2459")
    assert events[-1].rule == "42.1" and st.vars["rail_built"] == ["2459"]
    assert refused(controller, st, "build-rail", "allied", hex="2458").rule == "42.1"
    segment(st, "allied", phase="movement", seg_id=62)
    st, _ = act(controller, st, "build-rail", "allied", hex="2458")
    ctx = controller.ctx(st)
    assert {"2459", "2458"} <= logistics.rail_network(ctx)   # joined to the line (42.2)


def test_42_not_in_other_scenarios(controller, module):
    st = start(controller, module, "legend_begins/gazala")
    segment(st, "allied", phase="organization")
    assert refused(controller, st, "purchase", "allied", what="rail").rule == "42.0"


# -- 43.0 the Littorio ---------------------------------------------------------------------

def _littorio(controller, module):
    st = start(controller, module, "legend_begins/gazala")
    away(st)
    for pid in ("ax-lit-4", "ax-lit-lz"):
        put(st, pid, "2726", reserve="littorio")
    return st


def test_43_1_a_reserve_unit_may_not_fight_nor_close_within_six_hexes(controller, module):
    st = _littorio(controller, module)
    put(st, "al-kdg", "2727")
    st.pieces["ax-lit-4"].data["reserve"] = "littorio"
    segment(st, "axis", phase="combat")
    assert refused(controller, st, "attack", "axis", attackers=["ax-lit-4"],
                   targets=["2727"]).rule == "43.1"
    st.pieces["al-kdg"].space = "2733"
    segment(st, "axis", phase="movement")
    v = refused(controller, st, "move", "axis", units=["ax-lit-4"], path=["2727"])
    assert v.rule == "43.1"


def test_43_2_an_enemy_unit_next_to_it_releases_it(controller, module):
    st = _littorio(controller, module)
    put(st, "al-kdg", "2629")
    segment(st, "allied", phase="movement")
    st, events = act(controller, st, "move", "allied", units=["al-kdg"],
                     path=["2628", "2627"])
    assert any(e.rule == "43.2" for e in events)
    assert not st.pieces["ax-lit-4"].data.get("reserve")


def test_43_3_the_lz_costs_one_resource_point_the_others_two(controller, module):
    st = _littorio(controller, module)
    st.vars["rp"] = {"axis": 2, "allied": 0}
    segment(st, "axis", phase="movement")
    st, _ = act(controller, st, "release", "axis", unit="ax-lit-lz")
    assert st.vars["rp"]["axis"] == 1
    assert refused(controller, st, "release", "axis", unit="ax-lit-4").rule == "43.3"


def _listed_releases(controller, st):
    return [a for a in controller.legal_actions(st) if a.kind == "release"]


def test_43_3_the_releases_asked_alone_are_those_listed(controller, module):
    """The controller's ``releases`` (the Segment dock's Release… button) answers
    what ``legal_actions`` lists of kind release, without listing the moves."""
    st = _littorio(controller, module)
    st.vars["rp"] = {"axis": 2, "allied": 0}
    segment(st, "axis", phase="movement")
    offered = controller.releases(st)
    assert [a["unit"] for a in offered] == ["ax-lit-4", "ax-lit-lz"]
    assert offered == _listed_releases(controller, st)
    st.vars["rp"] = {"axis": 0, "allied": 0}             # 43.3 nothing to pay with
    assert controller.releases(st) == _listed_releases(controller, st) == []
    segment(st, "axis", phase="combat")
    assert controller.releases(st) == _listed_releases(controller, st) == []


# -- 44.0 the Italian 5th Army -----------------------------------------------------------------

def test_44_reserve_divisions_stay_west_of_cyrene_and_bardia_frees_two(controller, module):
    st = start(controller, module, "legend_begins/invasion")
    segment(st, "axis", phase="movement")
    for pid in ("ax-bol-1", "ax-bol-2"):
        st.pieces[pid].space = "3722"                       # Cyrene, where two may wait
    v = refused(controller, st, "move", "axis", units=["ax-bol-1"], path=["3723"])
    assert v.rule == "44.0"
    # Bardia falls: the Axis player releases two divisions of his choice
    away(st, "ax-bol-1", "ax-bol-2")
    put(st, "al-3cg", "2844")
    segment(st, "allied", phase="movement")
    st, events = act(controller, st, "move", "allied", units=["al-3cg"], path=["2845"])
    assert any(e.rule == "44.0" for e in events)
    if st.vars["pending"][0]["kind"] == "demolish":          # 20.5 asked first: Bardia's port
        st, _ = act(controller, st, "decline", "axis")
    pend = st.vars["pending"][0]
    assert pend["kind"] == "release" and pend["n"] == 2
    assert controller.releases(st) == _listed_releases(controller, st)
    assert {a["div"] for a in controller.releases(st)} >= {"Bologna", "Pavia"}
    st, _ = act(controller, st, "release", "axis", div="Bologna")
    st, _ = act(controller, st, "release", "axis", div="Pavia")
    free = {p for p, q in st.pieces.items() if q.data.get("reserve") == "5army"}
    assert not free & {"ax-bol-1", "ax-bol-2", "ax-pav-1", "ax-pav-2"}
    assert {"ax-bre-1", "ax-sab-1", "ax-sav-1"} <= free


# -- 45.0 Sonderverband 288 -------------------------------------------------------------------

def test_45_son_288_is_rebuilt_no_higher_than_its_third_step(controller, module):
    st = start(controller, module, "legend_begins/gazala")
    away(st)
    put(st, "ger-288", "2826", steps=2)
    put(st, "repl-ger-inf-1", "2826")
    segment(st, "axis", phase="movement")
    v = refused(controller, st, "absorb", "axis", unit="ger-288", replacement="repl-ger-inf-1")
    assert v.rule == "45.0"
    st.pieces["ger-288"].data["steps"] = 1
    act(controller, st, "absorb", "axis", unit="ger-288", replacement="repl-ger-inf-1")


# -- 46.0 French coastal waters ----------------------------------------------------------------

def test_46_convoys_to_tripoli_take_minus_two_until_nov_i_1940(controller, module):
    from ffl.games.legend_begins.rules.ports import convoy_roll

    st = start(controller, module, "legend_begins/invasion")
    rb = controller.batch(st)
    convoy_roll(rb, "axis", "Italy", "Tripoli")
    assert any("46.0" in e.text for e in rb.events)
    st2 = start(controller, module, "legend_begins/crusader")
    rb = controller.batch(st2)
    convoy_roll(rb, "axis", "Italy", "Tripoli")
    assert not any("46.0" in e.text for e in rb.events)


# -- 47.0 6 pounders ------------------------------------------------------------------------------

def test_47_a_6_pounder_turns_an_anti_tank_unit_to_its_better_side(controller, module):
    st = start(controller, module, "legend_begins/gazala")
    assert st.vars["six_pdr"] == 2                        # the schedule's "6 Pdr"
    segment(st, "allied", phase="organization")
    before = controller.ctx(st).aer("al-65at")
    st, events = act(controller, st, "six-pounder", "allied", unit="al-65at")
    assert events[-1].rule == "47.0"
    assert (before, controller.ctx(st).aer("al-65at")) == (1, 2)
    assert refused(controller, st, "six-pounder", "allied", unit="al-65at").rule == "47.0"


# -- 48.0 vicissitudes of war -------------------------------------------------------------------

def test_48_1_the_fall_of_tobruk_brings_tank_replacements_in_five_turns(controller, module):
    from ffl.games.legend_begins.campaign import t

    st = start(controller, module, "legend_begins/campaign")
    away(st)
    st.vars["turn"] = t("Jun II 1942")
    put(st, "ger-104", "3136")
    segment(st, "axis", phase="movement")
    st, events = act(controller, st, "move", "axis", units=["ger-104"], path=["3137"])
    fell = [e for e in events if e.rule == "48.1"]
    assert fell, [e.text for e in events]
    surge = st.vars["surge"][0]
    assert surge["side"] == "allied" and surge["turn"] == t("Jun II 1942") + 5
    assert len(surge["pieces"]) == 8


# -- 50.0 the invasion of Malta ----------------------------------------------------------------

def test_50_1_malta_must_stand_at_minus_three_with_the_luftwaffe(controller, module):
    st = start(controller, module, "legend_begins/campaign")
    st.vars["rp"] = {"axis": 4, "allied": 0}
    segment(st, "axis", phase="organization")
    assert refused(controller, st, "purchase", "axis", what="malta-invasion").rule == "50.1"
    st.vars.update(malta=-3, luftwaffe=True)
    st, events = act(controller, st, "purchase", "axis", what="malta-invasion")
    assert st.vars["rp"]["axis"] == 0 and st.vars["malta_invasion"] == st.vars["turn"]


# -- 52.0 lulls -----------------------------------------------------------------------------------

def test_52_a_quiet_primary_segment_earns_a_supply_point(controller, module):
    st = start(controller, module, "legend_begins/compass", options={"lulls": True})
    segment(st, "allied", phase="supply")
    st, events = act(controller, st, "supply", "allied")
    lull = [e for e in events if e.rule == "52.0"]
    assert lull and "extra Supply Point" in lull[0].text


def test_52_no_lull_after_land_movement(controller, module):
    st = start(controller, module, "legend_begins/compass", options={"lulls": True})
    segment(st, "allied", phase="movement")
    st, events = act(controller, st, "move", "allied", units=["al-11hus"],
                     path=["2455"])
    assert any(e.rule == "52.0" and "no lull" in e.text for e in events)
    st.vars["phase"] = "supply"
    st, events = act(controller, st, "supply", "allied")
    assert not any(e.rule == "52.0" and "extra" in e.text for e in events)


# -- 51.0 amphibious raids ----------------------------------------------------------------------

def test_51_2_a_raid_sails_from_a_port_lands_and_is_taken_off_again(controller, module):
    from ffl.games.legend_begins.rules.raids import coastal

    st = start(controller, module, "legend_begins/gazala")
    st.vars["rp"] = {"axis": 2, "allied": 2}
    segment(st, "axis", phase="movement")
    ctx = controller.ctx(st)
    assert coastal(ctx, "3040") and not ctx.pieces_at("3040")
    assert refused(controller, st, "raid", "axis", unit="ger-hecker", hex="3137").rule == "51.2"
    next_dice(st, [1, 1, 4])                       # not spotted; the landing die a 4
    st, events = act(controller, st, "raid", "axis", unit="ger-hecker", hex="3040")
    assert events[0].rule == "51.2" and st.vars["rp"]["axis"] == 1
    assert any(e.rule == "25.4" and "not spotted" in e.text for e in events)
    assert any("lands in good order" in e.text for e in events)
    if st.pieces["ger-hecker"].status == "active":
        assert st.pieces["ger-hecker"].space == "3040"
        assert "ger-hecker" in st.vars["raiders"]
        assert refused(controller, st, "move", "axis", units=["ger-hecker"],
                       path=["2940"]).rule in ("4.1", "51.2")
        segment(st, "axis", phase="movement", seg_id=77)
        st.vars.update(raiders=None, done=None)
        st, events = act(controller, st, "evacuate", "axis", unit="ger-hecker", port="3628")
        if st.pieces["ger-hecker"].status == "active":
            assert st.pieces["ger-hecker"].space == "3628"
            assert st.pieces["ger-hecker"].data["disrupted"]


def test_51_only_the_amphibious_units_and_only_where_the_rule_is_in_play(controller, module):
    st = start(controller, module, "legend_begins/gazala")
    st.vars["rp"] = {"axis": 2, "allied": 2}
    segment(st, "axis", phase="movement")
    assert refused(controller, st, "raid", "axis", unit="ax-tri-1", hex="3040").rule == "51.1"
    st2 = start(controller, module, "legend_begins/crusader")
    segment(st2, "axis", phase="movement")
    assert refused(controller, st2, "raid", "axis", unit="ax-sab-2",
                   hex="3040").rule == "51.0"


# -- 49.0 air transport -------------------------------------------------------------------------

def test_49_the_ju_52s_fly_three_shipping_points_to_a_far_airfield(controller, module):
    st = start(controller, module, "legend_begins/crusader")
    st.vars["rp"] = {"axis": 2, "allied": 2}
    segment(st, "axis", phase="organization")
    st.vars["malta"] = 1
    assert refused(controller, st, "purchase", "axis", what="air-transport").rule == "49.1"
    st.vars["malta"] = 2                                       # Malta at +2: allowed
    st, events = act(controller, st, "purchase", "axis", what="air-transport")
    assert events[-1].rule == "49.0" and st.vars["rp"]["axis"] == 1
    for pid in ("sp-axis-20", "sp-axis-21", "ax-sab-2"):
        st.pieces[pid].status, st.pieces[pid].space = "active", "Italy"
    segment(st, "axis", phase="movement")
    ctx = controller.ctx(st)
    assert ctx.control("3011") == "axis"                       # Benina, far from the front
    v = refused(controller, st, "airlift", "axis", units=["ax-tri-1"], airfield="3011")
    assert v.rule == "49.2"                                    # not in Italy
    st, events = act(controller, st, "airlift", "axis", units=["sp-axis-20"],
                     airfield="3011")
    assert events[-1].rule == "49.2" and st.pieces["sp-axis-20"].space == "3011"
    segment(st, "axis", "secondary", phase="movement", seg_id=80)
    v = refused(controller, st, "airlift", "axis", units=["sp-axis-21"], airfield="3011")
    assert v.rule == "49.2"                                    # Primary Segments only
