"""5.5 Temporary Overstacking: a hex over seven stacking points, attacked before its
owner has put it right, defends with seven stacking points only, the defender choosing
which; the attacker gets one column (10.10); every unit in the hex takes the results."""

from __future__ import annotations

from tlb_helpers import act, clean, put, refused, segment

HEX = "2455"
STACK = ("ax-1ccnn-1", "ax-1ccnn-2", "ax-2ccnn-1", "ax-2ccnn-2", "ax-64cat-1")  # 3+3+2 points


def declared(controller, module):
    st = clean(controller, module)
    for pid in STACK:
        put(st, pid, HEX)
    put(st, "al-16bde", "2456")
    put(st, "sp-allied-01", "2456")
    segment(st, "allied", "primary", "combat")
    st, events = act(controller, st, "attack", "allied", attackers=["al-16bde"],
                     targets=[HEX], supply="sp-allied-01")
    return st, events


def test_5_5_the_defender_sets_units_aside_until_seven_points_defend(controller, module):
    st, events = declared(controller, module)
    assert any(e.rule == "5.5" and e.text.startswith("5.5") for e in events)
    assert not [e for e in events if e.kind == "combat"]            # not resolved yet
    prompt = controller.prompt(st)
    assert prompt.side == "axis" and prompt.kinds == ("aside",)
    assert {a["unit"] for a in controller.legal_actions(st)} == set(STACK)
    st, events = act(controller, st, "aside", "axis", unit="ax-64cat-1")   # 8 - 2 = 6
    combat = [e for e in events if e.kind == "combat"]
    assert len(combat) == 1, [e.text for e in events]
    assert any(e.text.startswith("5.5") and "defends with" in e.text for e in events)
    four = sum(controller.unit_values(st, p)["defence"] for p in STACK[:4])
    assert controller.unit_values(st, "ax-64cat-1")["defence"] > 0
    assert st.vars["last_combat"]["odds"] == f"6 to {four}"          # the 64th sits out
    assert "5.5 overstacked defender: 1 right" in st.vars["last_combat"]["notes"]
    losses = [i for i in st.vars.get("pending", []) if i.get("kind") == "loss"
              and i.get("side") == "axis"]
    assert losses and "ax-64cat-1" in losses[0]["units"]   # every unit takes the results


def test_5_5_the_attacker_cannot_choose_for_the_defender(controller, module):
    st = clean(controller, module)
    for pid in STACK:
        put(st, pid, HEX)
    put(st, "al-16bde", "2456")
    segment(st, "allied", "primary", "combat")
    v = refused(controller, st, "attack", "allied", attackers=["al-16bde"], targets=[HEX],
                aside=["ax-1ccnn-1"], stood=[HEX])
    assert v.rule == "5.5"


def assaulted(controller, module):
    st = clean(controller, module)
    for pid in STACK:
        put(st, pid, HEX)
    st.vars["overstack_ok"] = {HEX: "axis"}          # left so by a retreat (5.5)
    put(st, "al-1rtr", "2456")
    put(st, "al-2rtr", "2456")
    segment(st, "allied", "primary", "movement")
    return st


def test_5_5_a_mobile_assault_on_an_overstacked_hex_waits_for_the_defenders_choice(
        controller, module):
    """14.4: a Mobile Assault is resolved like a combat but for its four exceptions,
    none of them 5.5; so the defender of an overstacked hex picks seven points."""
    st = assaulted(controller, module)
    st, events = act(controller, st, "assault", "allied", units=["al-1rtr", "al-2rtr"],
                     target=HEX)
    assert st.vars["mv"]["al-1rtr"][0] == 6 + 12                     # 14.2 paid at once
    assert not [e for e in events if e.kind == "combat"]
    assert any(e.rule == "5.5" and "Mobile Assault" in e.text for e in events)
    prompt = controller.prompt(st)
    assert prompt.side == "axis" and prompt.kinds == ("aside",)
    assert prompt.text.startswith("5.5") and "8 stacking points" in prompt.text
    refused(controller, st, "aside", "allied", unit="ax-64cat-1")     # not his choice
    st, events = act(controller, st, "aside", "axis", unit="ax-64cat-1")
    assert len([e for e in events if e.kind == "combat"]) == 1
    four = sum(controller.unit_values(st, p)["defence"] for p in STACK[:4])
    assert st.vars["last_combat"]["mobile"] is True
    assert st.vars["last_combat"]["odds"].endswith(f"to {four}")    # the 64th sits out
    assert "5.5 overstacked defender: 1 right" in st.vars["last_combat"]["notes"]


def test_5_5_the_odds_shown_before_the_attack_give_the_range_of_the_defenders_choice(
        controller, module):
    st = assaulted(controller, module)
    od = controller.odds(st, ["al-1rtr", "al-2rtr"], [HEX], mobile=True)
    seven = od["seven"]
    values = {p: controller.unit_values(st, p)["defence"] for p in STACK}
    assert seven["hex"] == HEX
    # he keeps 6 or 7 of the 8 points: at most all but the weakest unit, at least the
    # two Italian divisions' four regiments or one division and the 64th
    assert seven["defence"][1] == od["defence"] - min(values.values())
    assert seven["defence"][0] < seven["defence"][1] <= od["defence"]
    assert od["seven"]["column"][0] and od["seven"]["column"][1]
    st.vars["overstack_ok"] = {}
    st.pieces["ax-64cat-1"].status = "off"                          # 6 points: none
    st.pieces["ax-64cat-1"].space = None
    assert controller.odds(st, ["al-1rtr", "al-2rtr"], [HEX], mobile=True)["seven"] is None


DISPLAY = ("al-1krrc", "al-2rb", "al-4rha", "al-1rtr", "al-2rtr", "al-6rtr", "al-3hus",
           "al-7hus")                      # on 7 Armd's Organization Card (6.1)


def test_5_5_the_range_shown_counts_a_division_hq_lowering_the_stack(controller, module):
    """5.4 / 5.5: 7 Armd's HQ with eight units on its display (3 points, the artillery
    free, 5.6) and three Australian brigades (6): nine points, twelve units.  The odds
    shown before the attack give both ends of the defender's choice: all but one
    brigade while the HQ keeps its division at three points (defence 50), or, the HQ
    and the tanks set aside, two brigades and the two motor battalions (22)."""
    st = clean(controller, module)
    put(st, "al-7armd", HEX)
    for pid in DISPLAY:
        put(st, pid, HEX, hq="al-7armd")
    for pid in ("al-16aus", "al-17aus", "al-19aus"):
        put(st, pid, HEX)
    put(st, "ax-64cat-1", "2456")
    put(st, "ax-64cat-2", "2456")
    segment(st, "axis", "primary", "combat")
    od = controller.odds(st, ["ax-64cat-1", "ax-64cat-2"], [HEX])
    values = {p: controller.unit_values(st, p)["defence"]
              for p in (*DISPLAY, "al-7armd", "al-16aus", "al-17aus", "al-19aus")}
    assert od["defence"] == sum(values.values())
    seven = od["seven"]
    assert seven is not None and seven["hex"] == HEX
    assert seven["defence"] == [values["al-16aus"] + values["al-17aus"] + values["al-1krrc"]
                                + values["al-2rb"], od["defence"] - values["al-19aus"]]
    assert "7 Armd" in seven["strongest"] and len(seven["strongest"]) == 11


BIG = ("al-16aus", "al-17aus", "al-19aus", "al-5ind", "al-16bde", "al-selby", "al-alex",
       "al-7rtr", "al-8hus", "al-11hus", "al-6cav")


def test_5_5_the_range_is_shown_for_a_big_varied_stack(controller, module):
    """5.4 / 5.5: twenty units of many kinds (7 Armd's HQ and display, five brigades,
    two garrisons, two tanks and two recce units standing alone): far more than 4,096
    ways to keep them, once too many to show a range.  The strongest choice keeps the
    HQ with its whole display (three points, the artillery free, 5.6) and four points
    more: 7 RTR, 8 Hus and a brigade; the weakest six points of the least (11 Hus,
    6 Cav, Selby, 1 KRRC and 2 RB without their HQ), a brigade left over them."""
    import time

    st = clean(controller, module)
    put(st, "al-7armd", HEX)
    for pid in DISPLAY:
        put(st, pid, HEX, hq="al-7armd")
    for pid in BIG:
        put(st, pid, HEX)
    put(st, "ax-64cat-1", "2456")
    put(st, "ax-64cat-2", "2456")
    segment(st, "axis", "primary", "combat")
    start = time.perf_counter()
    od = controller.odds(st, ["ax-64cat-1", "ax-64cat-2"], [HEX])
    took = time.perf_counter() - start
    v = {p: controller.unit_values(st, p)["defence"] for p in (*DISPLAY, "al-7armd", *BIG)}
    assert od["defence"] == sum(v.values())
    seven = od["seven"]
    assert seven is not None and seven["hex"] == HEX
    whole = sum(v[p] for p in (*DISPLAY, "al-7armd"))
    assert seven["defence"] == [
        v["al-11hus"] + v["al-6cav"] + v["al-selby"] + v["al-1krrc"] + v["al-2rb"],
        whole + v["al-7rtr"] + v["al-8hus"] + v["al-16aus"]]
    assert "7 Armd" in seven["strongest"] and len(seven["strongest"]) == 12
    assert seven["column"][0] and seven["column"][1]
    assert took < 5, took                      # worked out, not tried one by one
