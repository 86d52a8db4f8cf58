"""4.0 Movement, 5.0 Stacking, 7.0 Zones of Control and 27.0 Off Map Boxes."""

from __future__ import annotations

from tlb_helpers import act, clean, put, refused, segment

from ffl.games.legend_begins.rules import movement as M


def _allow(controller, st, pid):
    return M.allowance(controller.ctx(st), pid) / 6


def test_4_1_infantry_moves_4_3_and_2(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "2456")
    put(st, "al-1rtr", "2456")
    for kind, inf, mot in (("primary", 4, 12), ("secondary", 3, 8), ("tertiary", 2, 4)):
        segment(st, "allied", kind)
        assert (_allow(controller, st, "al-16bde"), _allow(controller, st, "al-1rtr")) == \
            (inf, mot)


def test_4_4_the_road_rate_is_a_third_of_a_mp_for_motorized_units(controller, module):
    st = clean(controller, module)
    put(st, "al-1rtr", "2560")                          # Mersa Matruh, on the coast road
    segment(st, "allied", "tertiary")                    # 4 MPs
    path = ["2460", "2360", "2361", "2362", "2263", "2264", "2265", "2266", "2267", "2268",
            "2169", "2170"]
    st, _ = act(controller, st, "move", "allied", units=["al-1rtr"], path=path)
    assert st.pieces["al-1rtr"].space == "2170"
    assert st.vars["mv"]["al-1rtr"][0] == 24            # 12 road hexes: 4 MPs


def test_4_3_non_motorized_units_enter_two_hexes_off_the_routes(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "2254")
    segment(st, "allied", "primary")
    st2, _ = act(controller, st, "move", "allied", units=["al-16bde"], path=["2253", "2252"])
    assert refused(controller, st, "move", "allied", units=["al-16bde"],
                   path=["2253", "2252", "2251"]).rule == "4.3"
    assert st2.pieces["al-16bde"].space == "2252"


def test_4_4_no_more_than_two_desert_hexes_in_a_row(controller, module):
    st = clean(controller, module)
    put(st, "al-1rtr", "1650")                           # the desert south of Sofafi
    segment(st, "allied", "primary")
    assert refused(controller, st, "move", "allied", units=["al-1rtr"],
                   path=["1550", "1450", "1350"]).rule == "4.4"
    act(controller, st, "move", "allied", units=["al-1rtr"], path=["1550", "1450"])


def test_4_4_jebel_stops_a_unit_off_the_road(controller, module):
    st = clean(controller, module)
    put(st, "al-1rtr", "3723")
    segment(st, "allied", "primary")
    assert refused(controller, st, "move", "allied", units=["al-1rtr"],
                   path=["3623", "3523"]).rule == "4.4"


def test_4_4_motorized_units_cross_escarpments_only_at_passes(controller, module):
    st = clean(controller, module)
    put(st, "al-1rtr", "2647")                           # below the Halfaya escarpment
    put(st, "al-16bde", "2547")
    segment(st, "allied", "primary")
    assert refused(controller, st, "move", "allied", units=["al-1rtr"], path=["2547"]).rule \
        == "4.4"
    act(controller, st, "move", "allied", units=["al-1rtr"], path=["2646"])     # Halfaya Pass
    st2, _ = act(controller, st, "move", "allied", units=["al-16bde"], path=["2647"])
    assert st2.vars["mv"]["al-16bde"][0] == 12           # 1 + 1 for the escarpment


def test_7_2_leaving_an_enemy_zoc_costs_two_for_motorized_units(controller, module):
    st = clean(controller, module)
    put(st, "ax-64cat-1", "2454")                        # a Limited ZOC
    put(st, "al-1rtr", "2455")
    segment(st, "allied", "primary")
    st, _ = act(controller, st, "move", "allied", units=["al-1rtr"], path=["2556"])
    assert st.vars["mv"]["al-1rtr"][0] == 6 + 12


def test_7_3_entering_an_enemy_active_zoc_ends_the_move(controller, module):
    st = clean(controller, module)
    put(st, "ax-m13-3", "2452")                          # a tank battalion: Active ZOC
    put(st, "al-1rtr", "2454")
    segment(st, "allied", "primary")
    assert refused(controller, st, "move", "allied", units=["al-1rtr"],
                   path=["2453", "2353"]).rule == "7.3"
    act(controller, st, "move", "allied", units=["al-1rtr"], path=["2453"])


def test_7_3_c_from_one_active_zoc_into_another_uses_the_whole_ma(controller, module):
    st = clean(controller, module)
    put(st, "ax-m13-3", "2452")
    put(st, "al-1rtr", "2453")
    segment(st, "allied", "primary")
    st, _ = act(controller, st, "move", "allied", units=["al-1rtr"], path=["2552"])
    assert st.vars["mv"]["al-1rtr"][0] == M.allowance(controller.ctx(st), "al-1rtr")


def test_7_4_an_active_zoc_is_limited_up_an_escarpment_and_into_field_works(controller, module):
    """The 201st Guards Brigade example: its Active ZOC reduced up and over an escarpment
    and into Field Works; the 132nd's Limited ZOC enhanced across and down one (7.5)."""
    st = clean(controller, module)
    put(st, "ax-m13-3", "2647")                          # under the Halfaya escarpment
    st.vars["works"] = {"2648": {"type": "ip", "side": "allied"}}
    zoc = controller.zoc(st, "axis")
    assert zoc["2547"] == 1                              # up and over: Limited
    assert zoc["2648"] == 1                              # into Field Works: Limited
    assert zoc["2746"] == 2
    st = clean(controller, module)
    put(st, "ax-64cat-1", "2547")                        # a Limited ZOC on the plateau
    zoc = controller.zoc(st, "axis")
    assert zoc["2647"] == 2 and zoc["2447"] == 1         # down the escarpment: Active


def test_7_4_jebel_and_city_reduce_active_zocs(controller, module):
    st = clean(controller, module)
    put(st, "ax-m13-3", "3320")                          # inside the Jebel Akhdar
    assert set(controller.zoc(st, "axis").values()) == {1}
    st = clean(controller, module)
    put(st, "ax-m13-3", "3011")                          # next to Benghazi, a city
    assert controller.zoc(st, "axis")["3110"] == 1


def test_13_2_disrupted_motorized_units_lose_their_active_zoc(controller, module):
    st = clean(controller, module)
    put(st, "ax-m13-3", "2530")
    assert set(controller.zoc(st, "axis").values()) == {2}
    st.pieces["ax-m13-3"].data["disrupted"] = True
    assert set(controller.zoc(st, "axis").values()) == {1}


def test_5_4_two_brigades_of_different_divisions_stack_for_four(controller, module):
    from ffl.games.legend_begins.rules.stacking import points

    st = clean(controller, module)
    put(st, "al-16bde", "2456")
    put(st, "al-16aus", "2456")
    assert points(controller.ctx(st), "2456", "allied") == 4


def test_5_4_three_brigades_with_their_hq_stack_for_three(controller, module):
    from ffl.games.legend_begins.rules.stacking import points

    st = clean(controller, module)
    for pid in ("al-6aus", "al-16aus", "al-17aus", "al-19aus"):
        put(st, pid, "2456")
    assert points(controller.ctx(st), "2456", "allied") == 3


def test_5_6_one_artillery_unit_stacks_free(controller, module):
    from ffl.games.legend_begins.rules.stacking import points

    st = clean(controller, module)
    for pid in ("al-4rha", "al-7med", "al-16bde"):
        put(st, pid, "2456")
    assert points(controller.ctx(st), "2456", "allied") == 4


def test_5_3_an_overstack_left_at_the_end_of_movement_loses_units(controller, module):
    st = clean(controller, module)
    for pid in ("al-16bde", "al-16aus", "al-5ind", "al-11ind"):
        put(st, pid, "2456")
    segment(st, "allied", "primary")
    st, _ = act(controller, st, "end-movement", "allied")
    assert controller.prompt(st).kinds == ("eliminate",)
    st, _ = act(controller, st, "eliminate", "allied", unit="al-16aus")
    assert st.pieces["al-16aus"].status == "cadre"
    assert controller.prompt(st).phase in ("combat", "arrange")


def test_27_1_into_the_nile_delta_from_the_edge_and_out_again(controller, module):
    st = clean(controller, module)
    put(st, "al-1rtr", "2078")
    put(st, "al-16bde", "Nile Delta")
    segment(st, "allied", "primary")
    st2, _ = act(controller, st, "move", "allied", units=["al-1rtr"], path=["Nile Delta"])
    assert st2.pieces["al-1rtr"].space == "Nile Delta"
    assert refused(controller, st, "move", "allied", units=["al-16bde"], path=["1978"]).rule \
        == "27.1"                                       # on foot it needs a truck


def test_27_5_tripoli_joins_sirte_and_sirte_the_western_edge(controller, module):
    st = clean(controller, module)
    put(st, "ax-m13-3", "Tripoli")
    segment(st, "axis", "primary")
    st, _ = act(controller, st, "move", "axis", units=["ax-m13-3"], path=["Sirte"])
    refused(controller, st, "move", "axis", units=["ax-m13-3"], path=["1701"])
    st = segment(st, "axis", "primary", seg_id=51)
    st, _ = act(controller, st, "move", "axis", units=["ax-m13-3"], path=["1701", "1702"])
    assert st.pieces["ax-m13-3"].space == "1702"


def test_27_2_enemy_units_never_enter_an_enemy_box(controller, module):
    st = clean(controller, module)
    put(st, "ax-m13-3", "2078")
    segment(st, "axis", "primary")
    assert refused(controller, st, "move", "axis", units=["ax-m13-3"],
                   path=["Nile Delta"]).rule in ("27.1", "27.2")


def test_4_1_a_units_movement_is_over_once_another_moves(controller, module):
    st = clean(controller, module)
    put(st, "al-1rtr", "2456")
    put(st, "al-2rtr", "2456")
    segment(st, "allied", "primary")
    st, _ = act(controller, st, "move", "allied", units=["al-1rtr"], path=["2356"])
    st, _ = act(controller, st, "move", "allied", units=["al-1rtr"], path=["2256"])
    st, _ = act(controller, st, "move", "allied", units=["al-2rtr"], path=["2356"])
    assert refused(controller, st, "move", "allied", units=["al-1rtr"], path=["2156"]).rule \
        == "4.1"


def test_19_5_an_out_of_supply_unit_moves_two_hexes(controller, module):
    st = clean(controller, module)
    put(st, "al-1rtr", "1365", oos=True)                # stays Out of Supply (no source)
    segment(st, "allied", "primary")
    st.pieces["al-1rtr"].space = "2456"
    st.pieces["al-1rtr"].data["oos"] = True
    ctx = controller.ctx(st)
    assert ctx.oos("al-1rtr")
    assert refused(controller, st, "move", "allied", units=["al-1rtr"],
                   path=["2356", "2256", "2156"]).rule == "19.5"
