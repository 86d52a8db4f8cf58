"""8.3 Lines of Communication (updated on the Player Aid), 8.4 Isolation, 19.0 General
Supply, 20.0 Supply Points, with the book's examples."""

from __future__ import annotations

from tlb_helpers import act, clean, next_dice, put, segment

from ffl.games.legend_begins.rules.supply import has_loc, in_general_supply, loc_hexes


def _ctx(controller, st):
    return controller.ctx(st)


def test_8_3_a_loc_runs_nine_mps_to_a_road_then_along_it_to_the_edge(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "2456")                       # next to the coast road
    put(st, "al-11hus", "1030")                       # far into the desert
    ctx = _ctx(controller, st)
    assert has_loc(ctx, "al-16bde")
    assert not has_loc(ctx, "al-11hus")


def test_8_3_a_loc_may_be_extended_through_a_chain_of_supply_points(controller, module):
    st = clean(controller, module)
    before = loc_hexes(_ctx(controller, st), "allied")
    hm = controller.hexmap(st)

    def frontier(region):
        return next(k for k in sorted(region) if hm.terrain[k] == "desert" and any(
            n not in region and hm.is_land(n) for n in hm.neighbours(k)))

    put(st, "sp-allied-01", frontier(before))          # an SP with a LOC of its own ...
    after = loc_hexes(_ctx(controller, st), "allied")
    assert after > before                              # ... carries the LOC 9 MPs further
    put(st, "sp-allied-02", sorted(after - before)[0])  # and a second one further still
    assert loc_hexes(_ctx(controller, st), "allied") > after


def test_8_3_an_enemy_zoc_blocks_a_loc_unless_a_friendly_unit_holds_the_hex(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "2456")
    ctx = _ctx(controller, st)
    assert "2455" in loc_hexes(ctx, "allied")
    put(st, "ax-m13-3", "2454")                        # its ZOC covers 2455
    assert "2455" not in loc_hexes(_ctx(controller, st), "allied")
    put(st, "al-5ind", "2455")
    assert "2455" in loc_hexes(_ctx(controller, st), "allied")


def test_8_4_a_unit_without_a_loc_is_isolated(controller, module):
    st = clean(controller, module)
    put(st, "ax-64cat-1", "1365")                      # inside the Qattara Depression
    assert controller.supply_state(st, "axis")["isolated"] == ["ax-64cat-1"]


def test_19_2_a_line_of_supply_reaches_four_mps_or_two_hexes(controller, module):
    st = clean(controller, module)
    put(st, "sp-allied-01", "2456")
    put(st, "al-16bde", "2254")                        # two hexes from the SP
    put(st, "al-5ind", "2052")                         # four hexes: too far off road
    ctx = _ctx(controller, st)
    assert in_general_supply(ctx, "al-16bde")
    assert not in_general_supply(ctx, "al-5ind")


def test_19_3_the_army_hq_supplies_nine_mps_or_four_hexes(controller, module):
    st = clean(controller, module)
    put(st, "al-wdf", "2456")
    put(st, "al-5ind", "2052")                         # four hexes from the HQ
    assert in_general_supply(_ctx(controller, st), "al-5ind")


def test_19_5_out_of_supply_units_are_marked_and_19_6_isolated_ones_suffer_attrition(
        controller, module):
    """A four-step German regiment and a three-step Italian one check for attrition:
    four dice for the Germans (1 hits), three for the Italians (1-3 hit)."""
    from tlb_helpers import add

    st = clean(controller, module)
    add(st, module, "ger-104")
    put(st, "ger-104", "1365")
    put(st, "ax-64cat-1", "1366")
    segment(st, "axis", "primary", "supply")
    next_dice(st, [1, 2, 5, 6, 1, 3, 6])
    st, events = act(controller, st, "supply", "axis")
    assert st.pieces["ger-104"].data["oos"] is True
    assert st.pieces["ger-104"].data["steps"] == 3           # one "1"
    assert st.pieces["ax-64cat-1"].data["steps"] == 1        # "1" and "3"
    assert any(e.rule == "19.6" for e in events)


def test_19_6_disrupted_units_subtract_one_from_attrition(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "1365", disrupted=True)
    segment(st, "allied", "primary", "supply")
    next_dice(st, [3, 3, 4, 6])                               # 2, 2, 3, 5: two hits on 2
    st, _ = act(controller, st, "supply", "allied")
    assert st.pieces["al-16bde"].data["steps"] == 2


def test_19_4_an_isolated_supply_point_is_used_up_when_it_supplies(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "1365")
    put(st, "sp-allied-01", "1365")
    segment(st, "allied", "secondary", "supply")
    st, events = act(controller, st, "supply", "allied")
    assert st.pieces["sp-allied-01"].status == "pool"
    assert not st.pieces["al-16bde"].data.get("oos")
    assert any(e.rule == "19.4" for e in events)


def test_19_4_a_supply_point_with_a_loc_is_never_used_up(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "2255")
    put(st, "sp-allied-01", "2456")
    segment(st, "allied", "primary", "supply")
    st, _ = act(controller, st, "supply", "allied")
    assert st.pieces["sp-allied-01"].status == "active"


def test_19_7_port_supply_in_a_primary_segment_is_checked_on_the_ast(controller, module):
    """Six REs besieged in Tobruk in an Allied Primary Segment: the AST (Tobruk column,
    airfield modifiers) gives 3: port supply is not available."""
    st = clean(controller, module)
    for pid in ("al-16bde", "al-5ind", "al-11ind"):
        put(st, pid, "3137")
    for pid, key in (("ax-61sir-1", "3136"), ("ax-61sir-2", "3037"), ("ax-62mar-1", "3138")):
        put(st, pid, key)
    st.vars["control"]["3137"] = "allied"
    segment(st, "allied", "primary", "supply")
    ctx = controller.ctx(st)
    from ffl.games.legend_begins.rules.ports import airfields

    drm = airfields(ctx, "allied")
    n = next_dice(st, [4, 4])                        # 8 - airfields: a 3 or worse
    while True:
        from ffl.engine.dice import die_value

        a, b = die_value(st.seed, n), die_value(st.seed, n + 1)
        if 8 <= a + b - drm <= 9:
            st.vars["_rolls"] = n
            break
        n += 1
    st, events = act(controller, st, "supply", "allied")
    assert any(e.rule == "19.7" and "not available" in e.text for e in events)
    marked = next(e for e in events if e.rule == "19.5")
    assert sorted(marked.info["oos"]) == ["al-11ind", "al-16bde", "al-5ind"]


def test_19_8_resupplied_units_move_at_half_their_ma(controller, module):
    from ffl.games.legend_begins.rules import movement as M

    st = clean(controller, module)
    put(st, "al-1rtr", "2456", oos=True)
    segment(st, "allied", "tertiary", "supply", seg_id=60)
    st, _ = act(controller, st, "supply", "allied")        # ends the segment, draws a chit
    if st.vars.get("phase") == "movement" and st.vars["seg"]["side"] == "allied":
        assert not st.pieces["al-1rtr"].data.get("oos")
        assert st.vars["mv"]["al-1rtr"][4] & 128
        assert M.allowance(controller.ctx(st), "al-1rtr") < 12 * 6


def test_20_3_an_attack_with_two_losses_uses_up_the_supply_point(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "2456")
    put(st, "al-5ind", "2456", steps=3)
    put(st, "sp-allied-01", "2456")
    put(st, "ax-1lib-1", "2455")
    put(st, "ax-1lib-2", "2454")
    segment(st, "allied", "primary", "combat")
    next_dice(st, [3, 4])                     # 11 to 4, 2-1: white 3 is A1/D2
    st, events = act(controller, st, "attack", "allied", attackers=["al-16bde", "al-5ind"],
                     targets=["2455"], supply="sp-allied-01")
    assert st.pieces["sp-allied-01"].status == "pool"
    assert any(e.rule == "20.3" for e in events)


def test_20_5_supply_points_caught_by_enemy_units_may_be_demolished_or_captured(
        controller, module):
    st = clean(controller, module)
    put(st, "sp-axis-01", "2455")
    put(st, "al-11hus", "2456")
    segment(st, "allied", "primary", "movement")
    st, _ = act(controller, st, "move", "allied", units=["al-11hus"], path=["2455"])
    prompt = controller.prompt(st)
    assert prompt.side == "axis" and "demolish" in prompt.kinds
    next_dice(st, [6])                         # 6 - 2 = 4: no hit; captured
    st, _ = act(controller, st, "demolish", "axis")
    here = [p for p in st.pieces.values() if p.space == "2455" and p.type.startswith("sp-")]
    assert [p.side for p in here] == ["allied"]
