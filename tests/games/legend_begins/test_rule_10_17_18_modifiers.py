"""10.0 combat modifiers, 16.5 anti-tank ratings, 17.0 the Italians and 18.0 Field Works,
with the book's examples."""

from __future__ import annotations

from tlb_helpers import act, add, clean, next_dice, put, refused, segment


def test_10_4_two_panzer_battalions_against_a_british_tank_regiment(controller, module):
    """Two German 9³-12 battalions attack a British 5¹-12: 18 to 5, a 3-1, two shifts
    for the Germans: 5-1."""
    st = clean(controller, module)
    add(st, module, "ger-pz5-1")
    add(st, module, "ger-pz5-2")
    put(st, "ger-pz5-1", "2456")
    put(st, "ger-pz5-2", "2456")
    put(st, "sp-axis-01", "2456")
    put(st, "al-3hus", "2455")
    segment(st, "axis", "primary", "combat")
    od = controller.odds(st, ["ger-pz5-1", "ger-pz5-2"], ["2455"], supply="sp-axis-01")
    assert (od["attack"], od["defence"], od["shifts"], od["column"]) == (18, 5, 2, "5-1")


def test_10_4_an_88_attacked_by_a_british_tank_regiment(controller, module):
    """A 2⁴-12 88mm Flak attacked by a 6²-12 tank regiment: 6 to 2, a 3-1, two shifts
    for the defender: 1½-1."""
    st = clean(controller, module)
    add(st, module, "ger-88")
    put(st, "ger-88", "2455")
    put(st, "al-1rtr", "2456")
    put(st, "sp-allied-01", "2456")
    segment(st, "allied", "primary", "combat")
    od = controller.odds(st, ["al-1rtr"], ["2455"], supply="sp-allied-01")
    assert (od["attack"], od["defence"], od["shifts"], od["column"]) == (6, 2, -2, "1.5-1")


def test_16_5_anti_tank_ratings_count_only_against_tanks(controller, module):
    st = clean(controller, module)
    add(st, module, "ger-88")
    put(st, "ger-88", "2455")
    put(st, "al-16bde", "2456")
    put(st, "sp-allied-01", "2456")
    segment(st, "allied", "primary", "combat")
    od = controller.odds(st, ["al-16bde"], ["2455"], supply="sp-allied-01")
    assert od["shifts"] == 0                       # no Allied tank: the 88 rates nothing


def test_20_3_without_attack_supply_the_attack_is_halved(controller, module):
    st = clean(controller, module)
    put(st, "al-1rtr", "2456")
    put(st, "al-3hus", "2456")
    put(st, "ax-64cat-1", "2455")
    put(st, "ax-64cat-2", "2454")
    segment(st, "allied", "primary", "combat")
    od = controller.odds(st, ["al-1rtr", "al-3hus"], ["2455"])
    assert od["attack"] == 3 + 3                    # 6 and 5 each halved, rounded up (10.1)


def test_10_2_a_defender_in_a_city_or_jebel_gets_a_shift_left(controller, module):
    st = clean(controller, module)
    put(st, "ax-64cat-1", "3722")                   # Cyrene: jebel
    put(st, "al-16bde", "3723")
    put(st, "sp-allied-01", "3723")
    segment(st, "allied", "primary", "combat")
    od = controller.odds(st, ["al-16bde"], ["3722"], supply="sp-allied-01")
    assert od["shifts"] == -1 and any(n.startswith("10.2") for n in od["notes"])


def test_10_3_attacking_up_an_escarpment_is_halved(controller, module):
    st = clean(controller, module)
    put(st, "ax-64cat-1", "3415")                   # on the Jebel's escarpment
    put(st, "al-16bde", "3514")
    put(st, "sp-allied-01", "3514")
    segment(st, "allied", "primary", "combat")
    od = controller.odds(st, ["al-16bde"], ["3415"], supply="sp-allied-01")
    assert od["attack"] == 3                        # 6 halved


def test_10_7_disrupted_defenders_are_halved(controller, module):
    st = clean(controller, module)
    put(st, "ax-64cat-1", "2455", disrupted=True)
    put(st, "ax-64cat-2", "2454")
    put(st, "al-16bde", "2456")
    put(st, "sp-allied-01", "2456")
    segment(st, "allied", "primary", "combat")
    assert controller.odds(st, ["al-16bde"], ["2455"], supply="sp-allied-01")["defence"] == 3


def test_10_10_an_overstacked_defender_gives_a_shift(controller, module):
    st = clean(controller, module)
    for pid in ("ax-1ccnn-1", "ax-1ccnn-2", "ax-2ccnn-1", "ax-2ccnn-2", "ax-64cat-1"):
        put(st, pid, "2455")                        # 3 + 3 + 2 = 8 stacking points
    put(st, "al-16bde", "2456")
    put(st, "sp-allied-01", "2456")
    segment(st, "allied", "primary", "combat")
    od = controller.odds(st, ["al-16bde"], ["2455"], supply="sp-allied-01")
    assert any(n.startswith("5.5") for n in od["notes"])


def test_17_1_italians_not_participating_leave_7_to_8(controller, module):
    """Two Italian units and a German one attack an Allied brigade; the Italian Table
    gives 2: the Italians do not take part; 7 to 8, a 1-2."""
    st = clean(controller, module)
    add(st, module, "ger-104")
    for pid in ("ger-104", "ax-64cat-1", "ax-64cat-2"):
        put(st, pid, "2456")
    put(st, "sp-axis-01", "2456")
    put(st, "al-16bde", "2455")
    segment(st, "axis", "primary", "combat")
    next_dice(st, [2, 3, 4])
    st, events = act(controller, st, "attack", "axis",
                     attackers=["ger-104", "ax-64cat-1", "ax-64cat-2"], targets=["2455"],
                     supply="sp-axis-01")
    assert any(e.rule == "17.1" and "do not take part" in e.text for e in events)
    last = st.vars["last_combat"]
    assert last["odds"] == "7 to 8" and last["column"] == "1-2"


def test_17_1_without_germans_the_italian_table_adds_two(controller, module):
    st = clean(controller, module)
    put(st, "ax-64cat-1", "2456")
    put(st, "sp-axis-01", "2456")
    put(st, "al-11hus", "2455")
    segment(st, "axis", "primary", "combat")
    next_dice(st, [1, 3, 4])                       # 1 + 2 = 3: half strength
    st, events = act(controller, st, "attack", "axis", attackers=["ax-64cat-1"],
                     targets=["2455"], supply="sp-axis-01")
    assert any(e.rule == "17.1" and "1+2 = 3" in e.text and "half" in e.text for e in events)


def test_17_2_isolated_italians_defend_at_half(controller, module):
    st = clean(controller, module)
    put(st, "ax-64cat-1", "1365")       # in the Qattara Depression: no LOC out (Isolated)
    put(st, "al-16bde", "1366")
    put(st, "sp-allied-01", "1366")
    segment(st, "allied", "primary", "combat")
    assert controller.supply_state(st, "axis")["isolated"] == ["ax-64cat-1"]
    assert controller.odds(st, ["al-16bde"], ["1365"], supply="sp-allied-01")["defence"] == 3


def _fort_example(controller, module, fort=True):
    st = clean(controller, module)
    add(st, module, "ger-pz5-1")
    for pid in ("ax-trento-1", "ax-trento-2"):
        add(st, module, pid)
    for pid in ("ger-pz5-1", "ax-trento-1", "ax-trento-2"):
        put(st, pid, "2456")
    put(st, "sp-axis-01", "2456")
    put(st, "al-16bde", "2455")
    put(st, "al-1rtr", "2455")
    if fort:
        st.vars["works"] = {"2455": {"type": "fort", "side": "allied"}}
    return segment(st, "axis", "primary", "combat")


def test_18_3_the_fortification_example_is_23_to_33(controller, module):
    """The 9³-12 and two 7-8-4s attack the 6-8-4 and the tank in a Fortification: the
    tank is halved before tripling; 23 to 33, a 1-2; no armor superiority."""
    st = _fort_example(controller, module)
    od = controller.odds(st, ["ger-pz5-1", "ax-trento-1", "ax-trento-2"], ["2455"],
                         supply="sp-axis-01")
    assert (od["attack"], od["defence"], od["column"], od["shifts"]) == (23, 33, "1-2", 0)


def test_18_3_attacker_losses_double_against_a_fortification(controller, module):
    """An A2/D1 becomes A4/D1 (a magnitude 1 attack on the 1-2 column)."""
    st = _fort_example(controller, module)
    st.pieces["ax-trento-2"].status = "off"
    st.pieces["al-1rtr"].status = "off"
    st.pieces["al-16bde"].data["steps"] = 3            # defends 6, tripled: 18
    odds = controller.odds(st, ["ger-pz5-1", "ax-trento-1"], ["2455"], supply="sp-axis-01")
    assert (odds["column"], odds["magnitude"]) == ("1-2", 1)
    next_dice(st, [6, 2, 3])                           # Italian Table 6: full; white 2
    st, _ = act(controller, st, "attack", "axis", attackers=["ger-pz5-1", "ax-trento-1"],
                targets=["2455"], supply="sp-axis-01")
    last = st.vars["last_combat"]
    assert (last["a"], last["d"]) == (4, 1)


def test_18_3_a_minefield_a1_d1_goes_to_a0_d1_then_a1_d1(controller, module):
    st = clean(controller, module)
    st.vars["works"] = {"2455": {"type": "fort", "side": "axis"}}        # vacant: a minefield
    put(st, "al-11hus", "2456")
    put(st, "sp-allied-01", "2456")
    segment(st, "allied", "primary", "combat")
    od = controller.odds(st, ["al-11hus"], ["2455"], supply="sp-allied-01")
    assert (od["attack"], od["defence"], od["magnitude"]) == (2, 1, 0)
    next_dice(st, [1, 4])                              # 2-1 white 1: A1/D1
    st, _ = act(controller, st, "attack", "allied", attackers=["al-11hus"], targets=["2455"],
                supply="sp-allied-01")
    last = st.vars["last_combat"]
    assert (last["a"], last["d"]) == (1, 1)


def test_18_2_an_improved_position_doubles_and_raises_anti_tank(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "2455")
    st.vars["works"] = {"2455": {"type": "ip", "side": "allied"}}
    put(st, "ax-m13-3", "2456")
    put(st, "sp-axis-01", "2456")
    segment(st, "axis", "primary", "combat")
    od = controller.odds(st, ["ax-m13-3"], ["2455"], supply="sp-axis-01")
    assert od["defence"] == 16
    assert od["shifts"] == 1          # M13 rates 2, the brigade 0 +1 in the IP: one shift


def test_18A_tobruk_forts_count_only_across_the_perimeter(controller, module):
    st = clean(controller, module)
    put(st, "ax-61sir-1", "3136")
    st.vars["works"] = {"3136": {"type": "fort", "side": "axis", "permanent": True}}
    put(st, "al-16bde", "3035")                        # outside the perimeter
    put(st, "al-5ind", "3137")                         # inside it, in the port hex
    put(st, "sp-allied-01", "3035")
    put(st, "sp-allied-02", "3137")
    segment(st, "allied", "primary", "combat")
    outside = controller.odds(st, ["al-16bde"], ["3136"], supply="sp-allied-01")
    inside = controller.odds(st, ["al-5ind"], ["3136"], supply="sp-allied-02")
    assert outside["defence"] == 3 * inside["defence"]


def test_18_2_building_an_improved_position(controller, module):
    st = clean(controller, module)
    put(st, "al-16bde", "2456")
    segment(st, "allied", "secondary", "movement")
    st, _ = act(controller, st, "build", "allied", unit="al-16bde", work="ip")
    assert st.vars["works"]["2456"] == {"type": "ip", "side": "allied"}
    refused(controller, st, "move", "allied", units=["al-16bde"], path=["2356"])
    st = segment(st, "allied", "secondary", "movement")
    assert refused(controller, st, "build", "allied", unit="al-16bde", work="fort").rule == "18.3"


def test_18_2_enemy_entry_removes_a_field_work(controller, module):
    st = clean(controller, module)
    st.vars["works"] = {"2455": {"type": "ip", "side": "axis"}}
    put(st, "al-11hus", "2456")
    segment(st, "allied", "primary", "movement")
    st, _ = act(controller, st, "move", "allied", units=["al-11hus"], path=["2455"])
    assert "2455" not in st.vars["works"]
