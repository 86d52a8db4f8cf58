"""The map (reconstructed): every place the rulebook names is where it says."""

import pytest
from log_helpers import controller, fresh, module

from ffl.games.limits_of_glory import tables as T


@pytest.fixture(scope="module")
def ctx():
    return controller().ctx(fresh())


def test_definitions_every_space_has_a_value_of_one_to_four(ctx):
    for key, space in ctx.board.spaces.items():
        assert space.get("value") in (1, 2, 3, 4), key


@pytest.mark.parametrize("space", sorted({*T.SETUP_FORCES, "luxor", "malta-island"}))
def test_set_up_every_named_bua_is_a_bua_on_land(ctx, space):
    """Set Up: Acre, Jaffa, El Arish, Alexandria, Cairo, Giza, Suez, Rosetta,
    Damietta and Keneh (and Luxor of the events) hold BUAs."""
    assert ctx.bua(space) is not None
    assert not ctx.is_sea(space)


def test_victory_french_total_victory_bua_list_has_vp_banners(ctx):
    """Victory: French Total Victory names nine BUAs: each has a VP banner."""
    for space in T.VP_BUAS:
        assert ctx.bua(space)["vp"]["french"] > 0


def test_set_up_allied_vp_start_equals_the_default_banners(ctx):
    """Set Up: the Allied VP marker starts at 25: the banners of the Mamluk BUAs of
    Egypt and the Ottoman BUAs of Syria add up to it."""
    from ffl.games.limits_of_glory.control import default_nation, vp_of

    total = sum(vp_of(ctx, s, default_nation(ctx, s)) for s in T.VP_BUAS)
    assert total == T.ALLIED_START_VP


def test_set_up_nelson_in_the_value_three_sea_round_gibraltar(ctx):
    assert ctx.is_sea("gibraltar") and ctx.value("gibraltar") == 3
    assert fresh().pieces["nelson"].space == "gibraltar"


def test_movement_safe_harbours_as_printed(ctx):
    """Movement: Safe harbours: Genoa, Civitavecchia, Toulon (French); Gibraltar,
    Rhodes, Cyprus, Marmaris (Allied)."""
    for s in ("genoa", "civitavecchia", "toulon"):
        assert ctx.harbour(s) == "french" and ctx.is_sea(s)
    for s in ("gibraltar", "rhodes", "cyprus", "marmaris"):
        assert ctx.harbour(s) == "allied" and ctx.is_sea(s)


def test_set_up_fleets_start_in_the_three_french_harbours():
    state = fresh()
    assert sorted(p.space for p in state.pieces.values() if p.type == "fleet") == sorted(
        T.FLEET_HARBOURS)


def test_movement_how_to_move_example_cairo_value_four_next_to_value_two_south(ctx):
    """How to move: Cairo has value 4; the adjacent space towards Upper Egypt has
    value 2; Belbeis is next to Cairo."""
    assert ctx.value("cairo") == 4
    assert ctx.adjacent("cairo", "atfih") and ctx.value("atfih") == 2
    assert ctx.adjacent("cairo", "belbeis")


def test_movement_move_distance_across_the_nile_and_into_the_inset(ctx):
    """Move distance: across the Nile (a river side), and between the main map and
    the Upper Egypt inset (links)."""
    assert "river" in ctx.board.side("cairo", "giza").features
    assert ctx.adjacent("minya", "asyut") and ctx.adjacent("east-bank", "girga")
    for s in T.UPPER_EGYPT:
        assert ctx.board[s].get("upper")


def test_set_up_bedouin_the_egypt_syria_border_is_beside_el_arish(ctx):
    assert "border" in ctx.board.side("el-arish", "sinai").features
    assert ctx.region("el-arish") == "syria" and ctx.region("sinai") == "egypt"


def test_set_up_bedouin_every_value_has_egyptian_spaces(ctx):
    from ffl.games.limits_of_glory.local import bedouin_spaces

    for v in (1, 2, 3, 4):
        assert bedouin_spaces(ctx, v)
    assert not [s for s in bedouin_spaces(ctx, 0) if ctx.region(s) == "syria"]


def test_disembarkation_marabout_bay_is_a_coastal_land_space(ctx):
    assert not ctx.is_sea("marabout") and ctx.coastal["marabout"]


def test_siege_of_alexandria_two_sea_spaces_are_adjacent(ctx):
    """Sieges: Siege of Alexandria: the two sea spaces next to Alexandria."""
    assert len(ctx.coastal["alexandria"]) == 2


def test_invasion_destination_egyptian_coast_seas_exist(ctx):
    seas = [s for s in ctx.board.keys() if ctx.is_sea(s) and ctx.egyptian_coast(s)]
    assert {"aboukir-bay", "delta-coast"} <= set(seas)


def test_invasion_malta_the_island_in_its_sea_space(ctx):
    assert ctx.adjacent("malta", "malta-island") and ctx.is_sea("malta")


def test_events_places_named_exist(ctx):
    """Explanation of Events: Cyprus, Rhodes, Marmaris (sea, harbours), Jaffa, El Arish,
    Keneh, Suez, Cairo (land), the Valley of the Kings and Luxor."""
    for s in ("cyprus", "rhodes", "marmaris"):
        assert ctx.is_sea(s)
    for s in ("jaffa", "el-arish", "keneh", "suez", "cairo", "valley-of-the-kings", "luxor"):
        assert not ctx.is_sea(s)
    for s in T.NILE_UPPER:
        assert ctx.board[s].get("nile")


def test_every_space_is_connected(ctx):
    seen, todo = set(), ["cairo"]
    while todo:
        s = todo.pop()
        if s not in seen:
            seen.add(s)
            todo += list(ctx.neighbours[s])
    assert seen == set(ctx.board.keys())


def test_module_tables_are_data():
    tables = module().attrs["tables"]
    assert tables["combat"]["french"]["4-10"]["need"] == 13
    assert tables["combat"]["mamluk-commander"]["16-20"]["need"] == 14


def test_check_module_accepts_the_module_and_refuses_missing_tables():
    import copy

    m = module()
    assert controller().check_module(m) == []
    broken = copy.copy(m)
    broken.attrs = {"tables": {}}
    assert "the module has no combat table" in controller().check_module(broken)


def test_definitions_spaces_every_bit_of_sea_and_land_belongs_to_a_space():
    """Definitions: Spaces: all sea areas and land territories are spaces, so the
    shipped module's spaces cover the whole sea and all the played land.  Two
    pieces belonged to no space: a sliver of sea west of Sardinia (cut off
    Civitavecchia's area by the island) and the tip of Sinai across the Gulf of
    Suez (cut off the Eastern Desert); they now belong to Toulon and Suez, which
    border them already, so no space gains a neighbour.  The holes left among the
    sea spaces are exactly the islands drawn on the map (not played on)."""
    import shapely
    from shapely.geometry import Polygon

    from ffl import catalog
    from ffl.games.limits_of_glory import geography as G

    board = next(iter(catalog.load_module("limits_of_glory").boards.values()))
    polys = {k: s.polygon for k, s in board.spaces.items()}
    for name, region in G.regions().items():
        mine = shapely.union_all([polys[k] for k in G.REGION_SEEDS[name]]
                                 + ([polys["malta-island"]] if name == "sea" else []))
        assert region.difference(mine).area < 1e-3, name
    assert polys["toulon"].contains(shapely.Point(6.06, 3.36))
    assert polys["suez"].contains(shapely.Point(23.86, 17.58))
    union = shapely.union_all(shapely.set_precision(list(polys.values()), 1e-6))
    holes = [Polygon(h) for part in getattr(union, "geoms", [union]) for h in part.interiors]
    islands = {n: Polygon(d["points"]) for n, d in board.attrs["decor"].items()
               if d["kind"] == "land"}
    found = sorted(n for h in holes for n, isle in islands.items()
                   if h.symmetric_difference(isle).area < 1e-3)
    assert len(found) == len(holes)
    assert found == ["Corsica", "Crete", "Cyprus", "Rhodes", "Sardinia", "Sicily"]
    assert sorted(board.neighbours("toulon")) == ["balearic", "genoa", "tyrrhenian"]
    assert sorted(board.neighbours("suez")) == ["belbeis", "eastern-desert", "el-arish",
                                                 "salahieh", "sinai"]
