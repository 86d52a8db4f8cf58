"""4 The map: every Zone, Street Section and symbol the rulebook names is where it says.

The map is a reconstruction (docs/games/phantom_fury-reconstructions.md); these
tests hold it to the book's own examples and definitions, reading the board the
way the rules do (:class:`~ffl.games.phantom_fury.citymap.CityMap`).
"""

from __future__ import annotations

import pytest
from pf_helpers import cmap, module

from ffl.games.phantom_fury import mapdata as M


def test_4_1_the_map_has_61_zones_and_street_sections():
    m = cmap()
    assert m.zones == list(range(1, 62))
    assert len(m.streets) > 60
    # the Zones and Street Sections tile the district: no two overlap
    board = module().boards["jolan"]
    polys = [board[k].polygon for k in board.keys() if board[k].kind in ("zone", "street")]
    total = sum(p.area for p in polys)
    from shapely import union_all
    assert union_all(polys).area == pytest.approx(total)


def test_4_1_1_example_zone_3_is_adjacent_to_zones_2_and_4():
    assert cmap().adjacent[3] == {2, 4}


def test_4_1_2_example_zones_3_and_14_15_16_are_neighbouring():
    m = cmap()
    for other in (14, 15, 16):
        assert other in m.neighbouring[3]
        assert 3 in m.neighbouring[other]
        assert other not in m.adjacent[3]
        # the reason: both are Adjacent to one Street Section
        assert m.zone_streets[3] & m.zone_streets[other]


def test_4_1_2_neighbouring_zones_are_never_adjacent():
    m = cmap()
    for n in m.zones:
        assert not (m.adjacent[n] & m.neighbouring[n])


def test_4_1_2_1_example_zone_46_is_neighbouring_zone_17_for_fire_combat_only():
    m = cmap()
    assert 17 in m.fire_targets[46] and 46 in m.fire_targets[17]
    assert 17 not in m.neighbouring[46] and 17 not in m.adjacent[46]


def test_4_1_2_1_lines_of_fire_across_zone_27():
    """4.1.2.1 / 4.3.1.2: when firing across Zone 27 the target symbols decide."""
    m = cmap()
    north = {z for z in m.zones if m.zone_streets[z] & m.zone_streets[27] and z < 27}
    south = {z for z in m.zones if m.zone_streets[z] & m.zone_streets[27] and z > 37}
    assert any(m.fire_targets[a] & south for a in north)


def test_4_1_3_black_circles_are_the_nine_start_zones_with_an_entry_symbol():
    m = cmap()
    black = [n for n in m.zones if m.circle[n] == "black"]
    assert len(black) == 9
    assert sorted(m.entry) == black
    for n in black:
        assert m.entry[n] in m.doors[n]


def test_4_1_4_zone_27_no_entry_no_locations_and_4_1_5_zone_26_the_red_circle_mosque():
    m = cmap()
    assert m.circle[26] == "red"
    assert module().boards["jolan"][M.zone_key(26)].get("fortified") is True
    assert m.circle[27] == "none" and m.locations[27] == []
    assert len(m.locations[26]) >= 3          # room for its three 'Suspect' markers (5.3.2)


def test_4_1_6_ruins_locations_2_2p_and_r_exist_in_enough_zones():
    m = cmap()
    assert all(any(m.kind[k] == "R" for k in m.locations[n]) for n in m.zones if n != 27)


def test_4_1_7_egress_routes_lead_to_adjacent_or_neighbouring_zones_and_exit_on_the_south():
    m = cmap()
    for n in m.zones:
        if n == 27:
            assert n not in m.egress
            continue
        routes = m.egress[n]
        assert 1 <= len(routes) <= 3
        if n in M.SOUTH_ROW:
            assert routes == ["EXIT"]
            assert m.exit_streets[n]
        else:
            assert all(r in m.contact(n) and r != 27 for r in routes), (n, routes)


def test_4_2_1_location_types_and_4_2_2_arrows_join_locations_of_one_zone():
    m = cmap()
    for n in m.zones:
        for loc in m.locations[n]:
            assert m.kind[loc] in ("OG", "C", "1", "2", "R")
            same_zone = {o for o in m.loc_adjacent[loc] if m.zone_of[o] == n}
            assert same_zone, loc          # every Location is joined to its Zone
    # R -> 2 -> 1: the stairs of a building (Top-Down Assaults, 13.1)
    assert M.location_key(3, "2") in m.loc_adjacent[M.location_key(3, "R")]
    assert M.location_key(3, "1") in m.loc_adjacent[M.location_key(3, "2")]


def test_4_2_2_door_and_roof_symbols_join_locations_of_adjacent_zones_only():
    m = cmap()
    crossing = [(a, b) for a in m.zone_of for b in m.loc_adjacent[a] if m.zone_of[a] != m.zone_of[b]]
    assert crossing
    for a, b in crossing:
        assert m.zone_of[b] in m.adjacent[m.zone_of[a]]


def test_4_3_1_1_street_sections_touch_zones_streets_and_door_locations():
    m = cmap()
    for s in m.streets:
        assert m.street_streets[s], s
        assert m.street_zones[s] or s.startswith("H"), s
        for loc in m.street_doors[s]:
            assert m.zone_of[loc] in m.street_zones[s]
    assert len(m.north_streets) >= 9


def test_4_3_1_2_a_street_target_symbol_makes_zones_adjacent_for_fire():
    m = cmap()
    extra = {s: m.street_fire_zones[s] - m.street_zones[s] for s in m.streets}
    assert any(extra.values())


def test_4_4_example_zones_14_15_16_form_a_block_and_zone_50_one_alone():
    m = cmap()
    assert m.block[14] == {14, 15, 16}
    assert m.block[50] == {50}
    assert all(1 <= len(m.block[n]) <= 3 for n in m.zones)


def test_every_zone_but_27_can_be_entered_by_a_door():
    m = cmap()
    for n in m.zones:
        if n != 27:
            assert m.doors[n], n
