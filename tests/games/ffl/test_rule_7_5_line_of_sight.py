"""7.5 line of sight on small hand-built boards (and a few facts on the fort)."""

import pytest

from ffl.engine.board import Side
from ffl.engine.grids import square_grid, square_label
from ffl.games.ffl.rules.sight import Sight, chart_level
from ffl.games.ffl.terrain import Fort


def sight(cols, rows, levels=None, sides=()):
    """A fresh Sight over a flat board with some squares raised."""
    levels = levels or {}

    def attrs(c, r):
        return {"levels": levels.get(square_label(c, r), [0]), "terrain": "fort"}

    board = square_grid(cols, rows, attrs=attrs, sides=sides)
    return Sight(board, Fort(board))


def wall(a, b, **features):
    """A side with features at given levels: wall("A1", "A2", crenel=[2])."""
    return Side(a, b, features=frozenset(features),
                attrs={"levels": {f: list(lv) for f, lv in features.items()}})


def test_7_51_open_ground_is_clear():
    s = sight(8, 8)
    v = s.verdict(("A1", 0), ("H5", 0))
    assert v.clear and v.rule == "7.51" and v.deciding is None
    assert v.reason.startswith("7.51")


def test_7_51_characters_on_the_way_send_to_the_chart():
    s = sight(8, 3)
    v = s.verdict(("A1", 1), ("H1", 0), {"D1": {0: "friend"}})
    assert v.clear and v.rule == "7.53"


def test_7_532_los_chart_example():
    # A on level 0, C on a level-2 parapet; B (a rooftop, level 1) lies three
    # squares from A and two from C: closer to the target, the chart says 2+
    s = sight(7, 1, {"D1": [0, 1], "F1": [2]})
    v = s.verdict(("A1", 0), ("F1", 2))
    assert v.clear
    assert v.rule == "7.53"
    # fired from D (next to B), B is closer to the firer: 1+ blocks
    v = s.verdict(("C1", 0), ("F1", 2))
    assert not v.clear
    assert v.rule == "7.53" and v.deciding == "D1"
    assert "CF" in v.reason and v.reason.startswith("7.53")


def test_7_532_raising_the_blocking_square_to_2_blocks_from_a():
    s = sight(7, 1, {"D1": [2], "F1": [2]})
    v = s.verdict(("A1", 0), ("F1", 2))
    assert not v.clear and v.deciding == "D1" and "CT" in v.reason


def test_7_531_midway_square():
    # range 2 each side: midway; level 0 firing at level 2 needs 2+ there
    s = sight(5, 1, {"C1": [0, 1], "E1": [2]})
    assert s.verdict(("A1", 0), ("E1", 2)).clear
    s = sight(5, 1, {"C1": [2], "E1": [2]})
    v = s.verdict(("A1", 0), ("E1", 2))
    assert not v.clear and "MW" in v.reason


def test_7_53_chart_values_from_the_game_card():
    assert chart_level(0, 0, "CF") == 1
    assert chart_level(0, 2, "CF") == 1 and chart_level(0, 2, "CT") == 2
    assert chart_level(1, 3, "MW") == 3
    assert chart_level(2, 0, "CT") == 1 and chart_level(2, 0, "CF") == 2
    assert chart_level(2, 2, "MW") == 3


def test_7_53_rooftop_between_ground_units_blocks():
    s = sight(6, 1, {"C1": [0, 1]})
    v = s.verdict(("A1", 0), ("F1", 0))
    assert not v.clear and v.rule == "7.53" and v.deciding == "C1"
    # from a parapet (level 2) a rooftop nearer the firer needs 2+ to hide
    assert s.verdict(("A1", 2), ("F1", 0)).clear


def test_7_534_a_hidden_square_blocks_nothing():
    # the line A1 -> G4 crosses the rooftop D3; the line A1 -> D3 itself
    # crosses the rooftop C3, which hides D3 from A1, so D3 blocks nothing
    s = sight(8, 5, {"C3": [0, 1], "D3": [0, 1]})
    hidden = s.verdict(("A1", 0), ("D3", 1))
    assert not hidden.clear and hidden.deciding == "C3"
    v = s.verdict(("A1", 0), ("G4", 0))
    assert v.clear and v.rule == "7.53"
    # without C3, D3 is seen and blocks the line to G4
    s = sight(8, 5, {"D3": [0, 1]})
    v = s.verdict(("A1", 0), ("G4", 0))
    assert not v.clear and v.deciding == "D3"


def test_7_53_corner_between_two_rooftops_blocks():
    # A1 -> C3 runs exactly through the corner B1/A2 ... and B2's centre:
    # put the rooftops on the two squares flanking the corner A1|B2
    s = sight(4, 4, {"B1": [0, 1], "A2": [0, 1]})
    v = s.verdict(("A1", 0), ("D4", 0))
    assert not v.clear and v.rule == "7.53"
    assert v.deciding == (1.0, 1.0)        # the corner, in board units


def test_7_53_line_grazing_one_rooftop_corner_is_clear():
    s = sight(4, 4, {"B1": [0, 1]})
    assert s.verdict(("A1", 0), ("D4", 0)).clear


def test_7_52_adjacent_lower_target_through_crenel_blocked():
    sides = [wall("B2", "B3", **{"thick-wall": [0, 1], "crenel": [2]}),
             wall("A2", "A3", **{"thick-wall": [0, 1], "crenel": [2]}),
             wall("C2", "C3", **{"thick-wall": [0, 1], "crenel": [2]})]
    parapet = {"A2": [2], "B2": [2], "C2": [2]}
    s = sight(3, 5, parapet, sides)
    for target in ("B3", "A3", "C3"):            # straight down and both diagonals
        v = s.verdict(("B2", 2), (target, 0))
        assert not v.clear and v.rule == "7.52", target
        back = s.verdict((target, 0), ("B2", 2))
        assert not back.clear and back.rule == "7.52", target
    # one square further out the parapet sees over the crenel
    assert s.verdict(("B2", 2), ("B4", 0)).clear
    assert s.verdict(("B2", 2), ("A4", 0)).clear     # diagonal out of the arc edge


def test_7_52_no_crenel_no_automatic_block():
    s = sight(3, 3, {"B1": [2]})
    assert s.verdict(("B1", 2), ("B2", 0)).clear


def test_7_533_character_on_the_shared_level_blocks():
    s = sight(6, 1)
    v = s.verdict(("A1", 0), ("F1", 0), {"C1": {0: "L-1-Adler"}})
    assert not v.clear and v.rule == "7.533" and v.deciding == "C1"
    assert "L-1-Adler" in v.reason


def test_7_533_character_on_another_level_does_not_block():
    s = sight(6, 1, {"C1": [0, 1]})
    # firer and target on rooftops level 1, a character below at level 0 in C1
    s2 = sight(6, 1, {"A1": [0, 1], "C1": [0, 1], "F1": [0, 1]})
    v = s2.verdict(("A1", 1), ("F1", 1), {"C1": {0: "x"}})
    assert v.clear
    # levels differ: characters never block (only the chart does)
    v = s.verdict(("A1", 1), ("F1", 0), {"D1": {0: "x"}})
    assert v.rule != "7.533"


def test_7_533_character_at_a_corner_alone_does_not_block():
    s = sight(4, 4)
    assert s.verdict(("A1", 0), ("D4", 0), {"B1": {0: "x"}}).clear
    v = s.verdict(("A1", 0), ("D4", 0), {"B1": {0: "x"}, "A2": {0: "y"}})
    assert not v.clear and v.rule == "7.533"


def test_7_5_solid_wall_of_the_target_square_blocks():
    # a building of two squares with a solid wall on its west side
    sides = [wall("B1", "C1", **{"thin-wall": [0]})]
    s = sight(6, 1, {"C1": [0, 1], "D1": [0, 1]}, sides)
    v = s.verdict(("A1", 0), ("C1", 0))
    assert not v.clear and v.rule == "7.5" and v.deciding == "C1"
    # a rooftop unit stands above the wall
    assert s.verdict(("A1", 0), ("C1", 1)).clear


def test_7_5_window_lets_the_line_through():
    sides = [wall("B1", "C1", **{"thin-wall": [0], "window": [0]})]
    s = sight(6, 1, {"C1": [0, 1]}, sides)
    assert s.verdict(("A1", 0), ("C1", 0)).clear
    assert s.entry_features("A1", "C1", 0) >= {"window"}


def test_7_5_same_square_other_level_not_seen():
    s = sight(3, 3, {"B2": [0, 1, 2, 3]})
    assert not s.verdict(("B2", 0), ("B2", 3)).clear


@pytest.fixture(scope="module")
def fort_sight():
    from ffl.games.ffl.fort import build_fort
    board = build_fort()
    return Sight(board, Fort(board))


def test_7_52_fort_parapet_cannot_see_the_foot_of_its_wall(fort_sight):
    # M3 is on the north wall (level 2, crenel on its sand side)
    assert fort_sight.verdict(("M3", 2), ("M2", 0)).rule == "7.52"
    assert fort_sight.verdict(("M3", 2), ("M1", 0)).clear
    assert fort_sight.verdict(("M3", 2), ("O1", 0)).clear      # 45 degrees


def test_7_5_fort_wall_hides_the_parade_from_the_sand(fort_sight):
    v = fort_sight.verdict(("M1", 0), ("M7", 0))
    assert not v.clear and v.deciding == "M3"


@pytest.mark.parametrize("cols, rows", [(32, 16), (20, 14), (7, 5), (1, 6), (6, 1), (2, 2)])
def test_7_5_direct_walk_templates_equal_the_engine_walk(cols, rows):
    """7.5 the line's squares, corners, CF/MW/CT places (7.532) and the sides it
    leaves and enters by, walked directly in integers, are those derived from
    the engine's exact walk, for every offset on a grid of this size."""
    from ffl.games.ffl.rules.sight_grid import offset_template, template_from_walk

    for dx in range(1 - cols, cols):
        for dy in range(1 - rows, rows):
            assert offset_template(cols, dx, dy) == template_from_walk(cols, dx, dy), (dx, dy)
