"""11 Fire Combat: the rulebook's two examples, who fires at what, results, Sniper Attacks."""

from __future__ import annotations

from pf_helpers import (
    act,
    blank,
    control,
    ctx,
    insurgent,
    insurgent_zone,
    put,
    squad,
    suspect,
    texts,
    verdict,
    with_rolls,
)

from ffl.games.phantom_fury.rules import fire


def position(target_zone_act="normal"):
    state = blank(phase="fire")
    control(state, 2)
    insurgent_zone(state, 3, act=target_zone_act)
    squad(state, "K1-1", "Z2.OG")
    return state


def test_11_2_1_example_1_martyrs_in_1p_of_a_normal_zone_is_plus_2():
    state = position()
    target = insurgent(state, "Z3.1p", 3, "martyrs")
    c = ctx(state)
    s = fire.shot(c, c.piece("K1-1"), c.piece(target), False)
    assert s.drm == 2
    assert sorted(name for name, _ in s.mods) == ["'Martyrs' unit in a Normal Zone",
                                                    "not in a Location R"]


def test_11_2_1_example_2_suspect_in_1p_of_a_fortified_zone_is_plus_1():
    state = position("fortified")
    target = suspect(state, "Z3.1p")
    c = ctx(state)
    assert fire.shot(c, c.piece("K1-1"), c.piece(target), False).drm == 1


def test_11_2_1_guerillas_in_a_fortified_zone_plus_3_and_on_a_roof_plus_2():
    state = position("fortified")
    low = insurgent(state, "Z3.1", 2)
    high = insurgent(state, "Z3.R", 2)
    c = ctx(state)
    assert fire.shot(c, c.piece("K1-1"), c.piece(low), False).drm == 3
    assert fire.shot(c, c.piece("K1-1"), c.piece(high), False).drm == 2


def test_11_2_1_any_insurgents_unit_in_zone_26_has_plus_3():
    state = blank(phase="fire")
    control(state, 13)
    insurgent_zone(state, 26, act="fortified")
    squad(state, "K1-1", "Z13.C")
    unit = insurgent(state, "Z26.R", 2)
    c = ctx(state)
    assert 26 in c.map.contact(13)
    assert fire.shot(c, c.piece("K1-1"), c.piece(unit), False).drm == 3


def test_11_1_a_hit_eliminates_an_insurgents_unit_and_the_squad_is_fired():
    state = position()
    target = insurgent(state, "Z3.1", 2)
    state = with_rolls(state, [3])            # 3 + 1 (not in R) = 4 <= CF 6
    state, events = act(state, "fire", piece="K1-1", target=target, ammo=False)
    assert state.pieces[target].status == "off"
    assert state.pieces["K1-1"].data["fp"] == "fired"
    assert state.vars["vp"] == 1                       # 7.2.1 Guerillas eliminated
    assert events[0].rule == "11.2.1" and "11.2.2" in texts(events)


def test_11_2_2_an_unmodified_9_never_hits_even_with_a_big_cf():
    state = position()
    squad(state, "K1-1", "Z2.OG", caat="CAAT-1", hero=2)      # CF 8 + 2 ammo
    state.pieces["CAAT-1"].data.update(ammo=4, explosives=True)
    target = suspect(state, "Z3.1")
    state = with_rolls(state, [9])
    state, events = act(state, "fire", piece="K1-1", target=target, ammo=True)
    assert state.pieces[target].space == "Z3.1"
    assert "unmodified 9" in texts(events)
    assert state.pieces["CAAT-1"].data["ammo"] == 3          # 11.1.2 one use spent


def test_11_1_no_fire_from_an_insurgent_zone_inside_a_zone_or_at_a_zone_with_usmc():
    state = position()
    insurgent_zone(state, 4)
    squad(state, "K1-2", "Z4.C")
    target = suspect(state, "Z4.1")
    assert not verdict(state, "fire", piece="K1-1", target=target, ammo=False)   # USMC in 4
    assert not verdict(state, "fire", piece="K1-2", target=target, ammo=False)   # same Zone
    other = suspect(state, "Z3.R")
    v = verdict(state, "fire", piece="K1-2", target=other, ammo=False)
    assert not v and v.rule == "11.1"                                          # not Controlled


def test_11_1_2_ammo_only_in_og_c_or_r():
    state = position()
    squad(state, "K1-1", "Z2.1", caat="CAAT-1")
    state.pieces["CAAT-1"].data.update(ammo=2, explosives=True)
    target = suspect(state, "Z3.1")
    v = verdict(state, "fire", piece="K1-1", target=target, ammo=True)
    assert not v and v.rule == "11.1.2"


def test_11_1_3_the_abrams_fires_from_a_street_never_at_a_roof():
    state = position()
    put(state, "M1A1-1", "H1.3")
    c = ctx(state)
    assert 3 in c.map.street_zones["H1.3"]
    low, roof = suspect(state, "Z3.1"), suspect(state, "Z3.R")
    assert verdict(state, "fire", piece="M1A1-1", target=low, ammo=False)
    assert verdict(state, "fire", piece="M1A1-1", target=roof, ammo=False).rule == "11.1.3"


def test_11_4_1_sniper_attack_after_an_ied_result_pins_and_a_0_costs_a_step():
    state = position()
    target = suspect(state, "Z3.1")
    # fire 2+1 <= 6: hit; activation 0: IED/Sniper; sniper roll 0 <= count: Pinned + Step Loss
    state = with_rolls(state, [2, 0, 0])
    state, events = act(state, "fire", piece="K1-1", target=target, ammo=False)
    squad_ = state.pieces["K1-1"]
    assert squad_.data["fp"] == "pinned" and squad_.data["reduced"]
    assert "11.4.1" in texts(events)
    assert state.vars["vp"] == -2


def test_11_4_1_no_sniper_attack_after_the_abrams_fires():
    state = position()
    put(state, "M1A1-1", "H1.3")
    target = suspect(state, "Z3.1")
    state = with_rolls(state, [2, 0])
    state, events = act(state, "fire", piece="M1A1-1", target=target, ammo=False)
    assert "11.4.1" not in texts(events)


def test_11_3_a_fired_unit_neither_fires_again_nor_moves_nor_assaults():
    state = position()
    target = suspect(state, "Z3.1")
    state.pieces["K1-1"].data["fp"] = "fired"
    assert verdict(state, "fire", piece="K1-1", target=target, ammo=False).rule == "11.3"
    state.vars["phase"] = "movement"
    assert verdict(state, "move", piece="K1-1", to="Z2.1").rule == "11.3"
    state.vars["phase"] = "assault"
    assert verdict(state, "assault", piece="K1-1", target="Z3.1").rule == "11.3"


def test_11_5_a_pinned_squad_cannot_fire():
    state = position()
    target = suspect(state, "Z3.1")
    state.pieces["K1-1"].data["fp"] = "pinned"
    assert verdict(state, "fire", piece="K1-1", target=target, ammo=False).rule == "11.5"
