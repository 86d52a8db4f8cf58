"""21.0 Trucks, 22.0 the Railroad, 23.0 Sea Movement, 24.0 Ports, 25.0 Anti-Shipping and
26.0 Malta, with the book's examples."""

from __future__ import annotations

from tlb_helpers import act, clean, next_dice, put, refused, segment

from ffl.games.legend_begins.rules import turn


def test_21_1_a_truck_carries_a_brigade_which_then_moves_no_more(controller, module):
    st = clean(controller, module)
    put(st, "truck-allied-1", "2560")
    put(st, "al-16bde", "2560")
    segment(st, "allied", "primary")
    st, _ = act(controller, st, "load", "allied", carrier="truck-allied-1", cargo="al-16bde")
    st, _ = act(controller, st, "move", "allied", units=["truck-allied-1"],
                path=["2460", "2360", "2361"])
    assert st.pieces["al-16bde"].space == "2361"
    st, _ = act(controller, st, "unload", "allied", cargo="al-16bde")
    assert refused(controller, st, "move", "allied", units=["al-16bde"],
                   path=["2262"]).rule in ("4.1", "21.1")


def test_21_0_a_truck_carries_one_regiment_or_one_supply_point(controller, module):
    st = clean(controller, module)
    put(st, "truck-allied-1", "2560")
    put(st, "al-16bde", "2560")
    put(st, "sp-allied-01", "2560")
    segment(st, "allied", "primary")
    st, _ = act(controller, st, "load", "allied", carrier="truck-allied-1", cargo="al-16bde")
    assert refused(controller, st, "load", "allied", carrier="truck-allied-1",
                   cargo="sp-allied-01").rule == "21.0"


def test_21_4_special_transfer_of_an_empty_truck_in_a_primary_segment(controller, module):
    st = clean(controller, module)
    put(st, "truck-allied-1", "2560")
    segment(st, "allied", "secondary")
    assert refused(controller, st, "transfer", "allied", unit="truck-allied-1",
                   to="Nile Delta").rule == "21.4"
    segment(st, "allied", "primary")
    st, _ = act(controller, st, "transfer", "allied", unit="truck-allied-1", to="Nile Delta")
    assert st.pieces["truck-allied-1"].space == "Nile Delta"


def test_21_5_divisional_hqs_carry_like_trucks(controller, module):
    st = clean(controller, module)
    put(st, "al-6aus", "2560")
    put(st, "sp-allied-01", "2560")
    segment(st, "allied", "primary")
    act(controller, st, "load", "allied", carrier="al-6aus", cargo="sp-allied-01")


def test_22_1_the_allies_move_one_re_by_rail_in_a_primary_segment(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "Nile Delta")
    put(st, "al-5ind", "Nile Delta")
    segment(st, "allied", "primary")
    st, _ = act(controller, st, "rail", "allied", units=["al-16bde"], to="2560")
    assert st.pieces["al-16bde"].space == "2560"
    assert refused(controller, st, "rail", "allied", units=["al-5ind"], to="2560").rule \
        == "22.1"


def test_22_1_the_axis_never_uses_the_railroad(controller, module):
    st = clean(controller, module)
    put(st, "ax-64cat-1", "2268")
    segment(st, "axis", "primary")
    assert refused(controller, st, "rail", "axis", units=["ax-64cat-1"], to="2560").rule == "22.1"


def test_22_2_an_axis_unit_breaks_the_railroad_for_one_more_mp(controller, module):
    st = clean(controller, module)
    put(st, "ax-m13-3", "2268")
    segment(st, "axis", "primary")
    st, _ = act(controller, st, "break-rail", "axis", unit="ax-m13-3")
    assert st.vars["rail_broken"] == ["2268"]
    put(st, "al-16bde", "Nile Delta")
    st.pieces["ax-m13-3"].status = "off"
    segment(st, "allied", "primary")
    assert refused(controller, st, "rail", "allied", units=["al-16bde"], to="2560").rule \
        == "22.1"


def test_24_3_demolishing_benghazi_rolls_four_dice_and_three_hits_leave_1(controller, module):
    """The Allied player demolishes Benghazi in his own segment: 2, 5, 1 and 3 are three
    hits: capacity 1."""
    st = clean(controller, module)
    put(st, "al-16bde", "3110")
    st.vars["control"]["3110"] = "allied"
    segment(st, "allied", "primary")
    next_dice(st, [2, 5, 1, 3])
    st, events = act(controller, st, "demolish", "allied", target="3110")
    assert any(e.dice == (2, 5, 1, 3) for e in events)
    track = controller.hexmap(st).ports["3110"]
    assert track[st.vars["ports"]["3110"]] == 1


def test_23_4_a_port_is_repaired_one_box_for_a_resource_point(controller, module):
    from ffl.games.legend_begins.rules import ports

    st = clean(controller, module)
    st.vars["ports"] = {"3137": 2}
    st.vars["rp"] = {"allied": 2, "axis": 0}
    rb = controller.batch(st)
    ports.repair_port(rb, "3137", "allied")
    from ffl.engine import fold

    st = fold(st, rb.events)
    assert st.vars["ports"]["3137"] == 1 and st.vars["rp"]["allied"] == 1


def test_25_5_the_convoy_example_to_tobruk(controller, module):
    """One brigade (4 steps) sails from the Nile Delta to Tobruk; 11 on the AST minus four
    airfields and Crete is 6: "2" in the Tobruk column; four dice, two hits."""
    st = clean(controller, module)
    put(st, "al-16bde", "Nile Delta")
    for key in ("3011", "3429", "2937", "2651"):
        st.vars["control"][key] = "allied"
    st.vars["control"]["2264"] = "axis"
    st.vars["control"]["3137"] = "allied"
    st.vars["crete"] = "allied"
    assert controller.ctx(st) and __import__(
        "ffl.games.legend_begins.rules.ports", fromlist=["airfields"]).airfields(
        controller.ctx(st), "allied") == 5
    segment(st, "allied", "primary")
    next_dice(st, [5, 6, 1, 2, 4, 6])
    st, events = act(controller, st, "sea", "allied", units=["al-16bde"], to="3137",
                     ignore=True)
    ast = next(e for e in events if e.kind == "ast")
    assert "= 6" in ast.text and ast.info["result"] == 2
    assert st.pieces["al-16bde"].data["steps"] == 2
    assert st.pieces["al-16bde"].space == "3137"


def test_23_3_the_shipping_limit(controller, module):
    st = clean(controller, module)
    for pid in ("al-16bde", "al-5ind", "al-11ind"):
        put(st, pid, "Nile Delta")
    st.vars["control"]["2560"] = "allied"
    segment(st, "allied", "primary")
    assert refused(controller, st, "sea", "allied", units=["al-16bde", "al-5ind", "al-11ind"],
                   to="2560").rule == "23.3"


def test_23_1_sea_movement_only_in_a_primary_segment(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "Nile Delta")
    st.vars["control"]["2560"] = "allied"
    segment(st, "allied", "tertiary")
    assert refused(controller, st, "sea", "allied", units=["al-16bde"], to="2560").rule == "23.1"


def test_26_2_the_luftwaffe_at_minus_1_needs_a_1_or_a_2(controller, module):
    from ffl.engine import fold

    for die, expected in ((2, -2), (3, -1)):
        st = clean(controller, module)
        st.vars.update(malta=-1, luftwaffe=True)
        next_dice(st, [die])
        rb = controller.batch(st)
        turn.malta_segment(rb)
        assert fold(st, rb.events).vars["malta"] == expected


def test_26_2_without_the_luftwaffe_the_royal_navy_raises_malta(controller, module):
    from ffl.engine import fold

    st = clean(controller, module)
    st.vars.update(malta=0, luftwaffe=False)
    next_dice(st, [1])
    rb = controller.batch(st)
    turn.malta_segment(rb)
    assert fold(st, rb.events).vars["malta"] == 1
