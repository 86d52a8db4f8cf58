"""More of rules 2.0 - 31.0: counters, control, barrages, Direct Support, Field Works,
supply capture, trucks, shipping, ports, replacements and Resource Points."""

from __future__ import annotations

from tlb_helpers import act, add, clean, next_dice, put, refused, segment

from ffl.engine import fold


def test_2_1_motorized_is_an_allowance_of_five_or_more(controller, module):
    ctx = controller.ctx(clean(controller, module))
    assert not ctx.motorized("al-16bde") and ctx.motorized("al-1rtr")
    assert ctx.motorized("al-7rtr")                       # MA 9
    assert ctx.infantry_type("al-1krrc") and not ctx.infantry_type("al-11hus")


def test_2_1_a_counters_values_follow_its_steps(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "2456", steps=2)
    v = controller.unit_values(st, "al-16bde")
    assert (v["attack"], v["defence"], v["steps"], v["max"]) == (2, 4, 2, 4)


def test_3_2_a_segment_is_movement_then_combat_then_supply(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "2456")
    segment(st, "allied", "primary")
    assert controller.prompt(st).phase == "movement"
    st, _ = act(controller, st, "end-movement", "allied")
    assert controller.prompt(st).phase == "combat"
    st, _ = act(controller, st, "end-combat", "allied")
    assert controller.prompt(st).phase == "supply"


def test_6_3_german_and_italian_formations_do_not_mix(controller, module):
    st = clean(controller, module)
    add(st, module, "ger-pz5-1")
    put(st, "ax-m13-3", "2456")
    put(st, "ger-pz5-1", "2456")
    segment(st, "axis", "primary")
    st, _ = act(controller, st, "marker", "axis", marker="ax-hqbab", unit="ax-m13-3")
    assert refused(controller, st, "attach", "axis", unit="ger-pz5-1", hq="ax-hqbab").rule \
        == "6.3"


def test_6_5_tank_units_join_an_hq_in_any_friendly_segment(controller, module):
    st = clean(controller, module)
    put(st, "al-7armd", "2456")
    put(st, "al-7hus", "2456")
    segment(st, "allied", "tertiary")
    st, _ = act(controller, st, "attach", "allied", unit="al-7hus", hq="al-7armd")
    assert st.pieces["al-7hus"].data["hq"] == "al-7armd"


def test_6_1_display_units_move_with_their_hq(controller, module):
    st = clean(controller, module)
    put(st, "al-7armd", "2456")
    put(st, "al-1rtr", "2456", hq="al-7armd")
    segment(st, "allied", "primary")
    st, _ = act(controller, st, "move", "allied", units=["al-7armd"], path=["2356"])
    assert st.pieces["al-1rtr"].space == "2356"


def test_8_1_passing_through_a_hex_takes_control_of_it(controller, module):
    st = clean(controller, module)
    put(st, "al-11hus", "2652")                           # next to Sidi Barrani
    assert controller.ctx(st).control("2651") == "axis"
    segment(st, "allied", "primary")
    st, _ = act(controller, st, "move", "allied", units=["al-11hus"], path=["2651", "2551"])
    assert controller.ctx(st).control("2651") == "allied"


def test_10_5_a_heavy_barrage_buys_shifts_with_supply_points(controller, module):
    st = clean(controller, module)
    put(st, "ax-64cat-1", "2455")
    put(st, "ax-64cat-2", "2454")
    st.vars["works"] = {"2455": {"type": "ip", "side": "axis"}}
    put(st, "al-16bde", "2456")
    put(st, "al-7med", "2456", deployed=True)
    for n in ("01", "02", "03"):
        put(st, f"sp-allied-{n}", "2456")
    segment(st, "allied", "primary", "combat")
    od = controller.odds(st, ["al-16bde", "al-7med"], ["2455"], supply="sp-allied-01",
                         barrage=2)
    assert any(n.startswith("10.5") for n in od["notes"])
    assert refused(controller, st, "attack", "allied", attackers=["al-16bde", "al-7med"],
                   targets=["2455"], supply="sp-allied-01", barrage=3).rule == "20.4"
    st, events = act(controller, st, "attack", "allied", attackers=["al-16bde", "al-7med"],
                     targets=["2455"], supply="sp-allied-01", barrage=2)
    assert any(e.rule == "10.5" for e in events)
    assert st.pieces["sp-allied-02"].status == "pool"
    assert st.pieces["sp-allied-03"].status == "pool"


def test_11_6_units_retreated_into_a_hex_do_not_defend_it_again(controller, module):
    st = clean(controller, module)
    put(st, "ax-64cat-1", "2455")
    put(st, "ax-64cat-2", "2455")
    put(st, "al-16bde", "2456")
    put(st, "sp-allied-01", "2456")
    segment(st, "allied", "primary", "combat")
    before = controller.odds(st, ["al-16bde"], ["2455"], supply="sp-allied-01")["defence"]
    st.vars["retreated"] = ["ax-64cat-2"]
    after = controller.odds(st, ["al-16bde"], ["2455"], supply="sp-allied-01")["defence"]
    assert after < before


def test_13_4_disruption_comes_off_at_the_end_of_a_friendly_segment(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "2456", disrupted=True)
    segment(st, "allied", "tertiary", "supply", seg_id=80)
    st, events = act(controller, st, "supply", "allied")
    assert not st.pieces["al-16bde"].data.get("disrupted")


def test_15_2_direct_support_drops_the_active_zoc(controller, module):
    st = clean(controller, module)
    put(st, "ax-64cat-1", "2530")
    put(st, "ax-m13-3", "2530")
    assert set(controller.zoc(st, "axis").values()) == {2}
    st.pieces["ax-m13-3"].data["support"] = True
    assert set(controller.zoc(st, "axis").values()) == {1}


def test_15_4_the_other_player_arranges_each_stack_once(controller, module):
    st = clean(controller, module)
    put(st, "ax-64cat-1", "2455")
    put(st, "ax-m13-3", "2455")
    put(st, "al-16bde", "2457")
    segment(st, "allied", "primary")
    st, _ = act(controller, st, "end-movement", "allied")
    prompt = controller.prompt(st)
    assert prompt.phase == "arrange" and prompt.side == "axis"
    st, _ = act(controller, st, "support", "axis", unit="ax-m13-3", on=True)
    assert refused(controller, st, "support", "axis", unit="ax-m13-3", on=False).rule == "15.4"
    st, _ = act(controller, st, "end-arrange", "axis")
    assert controller.prompt(st).phase == "combat"


def test_16_6_divisional_hqs_triple_against_fortifications(controller, module):
    st = clean(controller, module)
    put(st, "ax-64cat-1", "2455")
    put(st, "ax-64cat-2", "2454")
    st.vars["works"] = {"2455": {"type": "fort", "side": "axis"}}
    put(st, "al-6aus", "2456")
    put(st, "sp-allied-01", "2456")
    segment(st, "allied", "primary", "combat")
    assert controller.odds(st, ["al-6aus"], ["2455"], supply="sp-allied-01")["attack"] == 3


def test_18_3_fortifications_need_an_ip_a_primary_segment_and_a_resource_point(controller,
                                                                             module):
    st = clean(controller, module)
    put(st, "al-16bde", "2456")
    st.vars["works"] = {"2456": {"type": "ip", "side": "allied"}}
    st.vars["rp"] = {"allied": 0, "axis": 0}
    segment(st, "allied", "primary")
    assert refused(controller, st, "build", "allied", unit="al-16bde", work="fort").rule \
        == "18.3"
    st.vars["rp"] = {"allied": 1, "axis": 0}
    st, _ = act(controller, st, "build", "allied", unit="al-16bde", work="fort")
    assert st.vars["works"]["2456"]["type"] == "fort" and st.vars["rp"]["allied"] == 0


def test_20_2_a_captured_supply_point_becomes_the_captors(controller, module):
    from ffl.games.legend_begins.rules.ops import capture_sp

    st = clean(controller, module)
    put(st, "sp-axis-01", "2455")
    rb = controller.batch(st)
    capture_sp(rb, "sp-axis-01", "allied")
    st = fold(st, rb.events)
    assert st.pieces["sp-axis-01"].status == "pool"
    assert [p.side for p in st.pieces.values() if p.space == "2455"] == ["allied"]


def test_21_3_a_truck_caught_alone_goes_to_the_cadre_box(controller, module):
    st = clean(controller, module)
    put(st, "truck-axis-1", "2455")
    put(st, "al-11hus", "2456")
    segment(st, "allied", "primary")
    st, _ = act(controller, st, "move", "allied", units=["al-11hus"], path=["2455"])
    assert st.pieces["truck-axis-1"].status == "cadre"


def test_23_2_a_tank_battalion_costs_two_shipping_points_a_step(controller, module):
    from ffl.games.legend_begins.rules.logistics import shipping_points

    ctx = controller.ctx(clean(controller, module))
    assert shipping_points(ctx, "al-1rtr") == 4
    assert shipping_points(ctx, "al-16bde") == 2
    assert shipping_points(ctx, "al-1krrc") == 1
    assert shipping_points(ctx, "sp-allied-01") == 2


def test_24_2_a_port_near_an_enemy_airfield_is_interdicted(controller, module):
    from ffl.games.legend_begins.rules.ports import interdicted, usable

    st = clean(controller, module)
    st.vars["control"]["2937"] = "axis"                     # El Adem, near Tobruk
    st.vars["control"]["3137"] = "allied"
    ctx = controller.ctx(st)
    assert interdicted(ctx, "3137", "allied")
    assert usable(ctx, "3137", "allied") == 2
    assert usable(ctx, "3137", "allied", ignore=True) == 4


def test_26_1_convoys_from_italy_roll_with_malta_not_airfields(controller, module):
    st = clean(controller, module)
    put(st, "ax-m13-5", "Italy")
    st.vars["malta"] = 2
    segment(st, "axis", "primary")
    next_dice(st, [3, 3])
    st, events = act(controller, st, "sea", "axis", units=["ax-m13-5"], to="Tripoli")
    ast = [e for e in events if e.kind == "ast"]
    assert len(ast) == 1 and "Malta +2" in ast[0].text


def test_27_4_italy_is_reached_only_by_sea(controller, module):
    st = clean(controller, module)
    put(st, "ax-m13-3", "1701")
    segment(st, "axis", "primary")
    refused(controller, st, "move", "axis", units=["ax-m13-3"], path=["Italy"])


def test_28_7_a_truck_comes_back_for_a_resource_point(controller, module):
    st = clean(controller, module)
    st.pieces["truck-allied-1"].status = "cadre"
    st.vars["rp"] = {"allied": 1, "axis": 0}
    segment(st, "allied", "primary")
    st, _ = act(controller, st, "rebuild", "allied", unit="truck-allied-1")
    assert st.pieces["truck-allied-1"].status == "active"
    assert st.vars["rp"]["allied"] == 0


def test_28_8_the_tank_out_of_the_cadre_box_is_drawn_at_random(controller, module):
    st = clean(controller, module)
    for pid in ("al-1rtr", "al-2rtr", "al-3hus"):
        st.pieces[pid].status = "cadre"
    put(st, "repl-tank-allied-1", "Nile Delta")
    segment(st, "allied", "primary")
    next_dice(st, [3], sides=3)
    st, events = act(controller, st, "rebuild", "allied", unit="al-1rtr",
                     replacements=["repl-tank-allied-1"])
    assert any(e.rule == "28.8" for e in events)
    assert st.pieces["al-3hus"].status == "active"


def test_28_11_steps_pass_between_like_units_in_the_organization_segment(controller, module):
    st = clean(controller, module)
    put(st, "al-5ind", "2456", steps=2)
    put(st, "al-11ind", "2456", steps=3)
    st.vars.update(phase="organization", side="allied")
    st, _ = act(controller, st, "transfer-steps", "allied", unit="al-5ind", to="al-11ind",
                steps=1)
    assert (st.pieces["al-5ind"].data["steps"], st.pieces["al-11ind"].data["steps"]) == (1, 4)


def test_30_2_resource_points_raise_the_shipping_limit(controller, module):
    st = clean(controller, module)
    st.vars["rp"] = {"allied": 2, "axis": 0}
    segment(st, "allied", "primary")
    st, _ = act(controller, st, "spend", "allied", use="shipping")
    assert st.vars["shipping"]["allied-extra"] == 2 and st.vars["rp"]["allied"] == 1


def test_31_7_a_conversion_keeps_place_and_steps(controller, module):
    from ffl.games.legend_begins.rules.reinforce import convert

    st = clean(controller, module)
    put(st, "al-7hus", "2456", steps=1)
    st.pieces["al-6rtr"].status = "off"
    rb = controller.batch(st)
    convert(rb, "al-7hus", "al-6rtr")
    st = fold(st, rb.events)
    assert st.pieces["al-6rtr"].space == "2456" and st.pieces["al-6rtr"].data["steps"] == 1
    assert st.pieces["al-7hus"].status == "removed"


def test_an_edited_module_with_a_broken_combat_table_is_refused(controller, module):
    import copy
    from types import SimpleNamespace

    from ffl.games.legend_begins.rules.datacheck import problems

    assert controller.check_module(module) == []
    tables = copy.deepcopy(module.attrs["tables"])
    cols = tables["crt"]["columns"]
    tables["crt"]["rows"][cols[0]] = tables["crt"]["rows"][cols[0]][:5]
    broken = SimpleNamespace(attrs={"tables": tables}, piece_types=module.piece_types,
                             scenarios=module.scenarios, boards=module.boards)
    assert any(f"column {cols[0]} needs six rows" in p for p in problems(broken))
    broken.attrs = {}
    assert problems(broken) == ["the module has no game tables (attrs['tables'])"]
