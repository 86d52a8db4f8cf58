"""Segment walks (ffl.engine.los): exact squares, corners and sides along a sight line.

The square-grid fast path (integer arithmetic, offset tables) must give the
same walk as the shapely path on any board; FFL rule 7.5 reads both.
"""

import math
import random

import pytest
from shapely.geometry import Polygon, box

from ffl.engine.grids import hex_grid, polygon_board, square_grid
from ffl.engine.los import (
    ALONG,
    CORNER,
    SIDE,
    SPACE,
    SightTable,
    offset_template,
    shapely_walk,
    sight_table,
    walk,
    walk_spaces,
)

TOL = 1e-9


def _plain(w):
    return [(c.kind, c.key) for c in w]


def _same(fast, slow):
    assert _plain(fast) == _plain(slow)
    for f, s in zip(fast, slow, strict=True):
        assert f.t_in == pytest.approx(s.t_in, abs=TOL)
        assert f.t_out == pytest.approx(s.t_out, abs=TOL)
    assert fast.length == pytest.approx(slow.length, abs=TOL)


@pytest.fixture(scope="module")
def grid():
    return square_grid(40, 30)


def test_square_grid_uses_the_fast_path(grid):
    assert sight_table(grid).fast
    assert sight_table(grid) is sight_table(grid)
    assert not sight_table(hex_grid(3, 3)).fast


def test_7_53_diagonal_line_touches_every_corner_in_order(grid):
    w = walk_spaces(grid, "A1", "D4")
    assert w.spaces == ("A1", "B2", "C3", "D4")
    corners = w.corners
    assert [c.key for c in corners] == [
        ("A1", "A2", "B1", "B2"), ("B2", "B3", "C2", "C3"), ("C3", "C4", "D3", "D4")]
    root2 = math.sqrt(2)
    assert [c.t_in for c in corners] == pytest.approx([root2 / 2, 3 * root2 / 2, 5 * root2 / 2])
    assert w.length == pytest.approx(3 * root2)
    # the corners lie between the squares they separate
    kinds = [c.kind for c in w]
    assert kinds == [SPACE, CORNER, SPACE, CORNER, SPACE, CORNER, SPACE]


def test_7_53_knight_move_line_crosses_sides_only(grid):
    w = walk_spaces(grid, "A1", "C2")
    assert w.spaces == ("A1", "B1", "B2", "C2")
    assert [c.key for c in w.sides] == [("A1", "B1"), ("B1", "B2"), ("B2", "C2")]
    assert w.corners == ()


def test_7_53_corners_only_where_the_line_meets_a_lattice_point(grid):
    # offset (3, 1): from (0.5, 0.5) to (3.5, 1.5) the midpoint (2, 1) is a corner
    w = walk_spaces(grid, "A1", "D2")
    assert [c.key for c in w.corners] == [("B1", "B2", "C1", "C2")]
    assert w.closer(w.corners[0]) == 0
    assert w.spaces == ("A1", "B1", "C2", "D2")
    # offsets (2, 4) and (4, 2) meet grid lines one at a time: sides only
    assert walk_spaces(grid, "A1", "C5").corners == ()
    assert walk_spaces(grid, "B2", "F4").corners == ()
    assert len(walk_spaces(grid, "B2", "F4").sides) == 6


def test_7_53_orthogonal_line_runs_through_middles_not_along_sides(grid):
    w = walk_spaces(grid, "C3", "C7")
    assert w.spaces == ("C3", "C4", "C5", "C6", "C7")
    assert w.along == () and w.corners == ()
    assert [c.t_in for c in w.sides] == pytest.approx([0.5, 1.5, 2.5, 3.5])


def test_7_531_closer_to_firer_midway_or_target(grid):
    w = walk_spaces(grid, "A1", "E1")
    inner = w.intervening
    spaces = [c for c in inner if c.kind == SPACE]
    assert [c.key for c in spaces] == ["B1", "C1", "D1"]
    assert [w.closer(c) for c in spaces] == [-1, 0, 1]
    # exact midway on a diagonal too (a corner in the middle)
    w = walk_spaces(grid, "A1", "C3")  # corners at a quarter and three quarters
    assert [w.closer(c) for c in w.corners] == [-1, 1]
    assert [c.key for c in w.intervening if c.kind == SPACE] == ["B2"]
    assert w.closer(w.intervening[1]) == 0


def test_walk_is_reversible(grid):
    there = walk_spaces(grid, "B3", "K9")
    back = walk_spaces(grid, "K9", "B3")
    assert [c.key for c in there] == [c.key for c in reversed(back.crossings)]


def test_same_square_walk():
    b = square_grid(3, 3)
    w = walk_spaces(b, "B2", "B2")
    assert _plain(w) == [(SPACE, "B2")] and w.length == 0


def test_line_along_a_grid_line_reports_along_sides_and_corners():
    b = square_grid(5, 3)
    w = walk(b, (0.5, 1.0), (3.5, 1.0))
    assert _plain(w) == [
        (ALONG, ("A1", "A2")), (CORNER, ("A1", "A2", "B1", "B2")),
        (ALONG, ("B1", "B2")), (CORNER, ("B1", "B2", "C1", "C2")),
        (ALONG, ("C1", "C2")), (CORNER, ("C1", "C2", "D1", "D2")),
        (ALONG, ("D1", "D2")),
    ]
    assert [(c.t_in, c.t_out) for c in w.along] == [(0, 0.5), (0.5, 1.5), (1.5, 2.5), (2.5, 3)]
    assert w.spaces == ()


def test_line_along_the_board_edge_names_one_space():
    b = square_grid(3, 2)
    w = walk(b, (0.0, 0.5), (0.0, 1.5))
    assert _plain(w) == [(ALONG, ("A1",)), (CORNER, ("A1", "A2")), (ALONG, ("A2",))]


def test_line_through_exact_corners_from_a_corner():
    b = square_grid(4, 4)
    w = walk(b, (0.0, 0.0), (2.0, 2.0))
    assert _plain(w) == [
        (CORNER, ("A1",)), (SPACE, "A1"), (CORNER, ("A1", "A2", "B1", "B2")),
        (SPACE, "B2"), (CORNER, ("B2", "B3", "C2", "C3")),
    ]


def test_line_entering_the_board_crosses_its_edge():
    b = square_grid(2, 1)
    w = walk(b, (-1.0, 0.5), (1.5, 0.5))
    assert _plain(w) == [(SIDE, ("A1",)), (SPACE, "A1"), (SIDE, ("A1", "B1")), (SPACE, "B1")]
    assert w.crossings[0].t_in == pytest.approx(1.0)


def test_hex_line_through_a_hex_corner():
    b = hex_grid(4, 4)
    # from the centre of 0101 straight down to 0103: through the middles of sides
    w = walk_spaces(b, "0101", "0103")
    assert w.spaces == ("0101", "0102", "0103")
    assert [c.key for c in w.sides] == [("0101", "0102"), ("0102", "0103")]
    # along a hex edge: from one vertex of 0101 to the next
    hexagon = list(b["0101"].polygon.exterior.coords)
    w = walk(b, hexagon[0], hexagon[1])
    assert [c.kind for c in w] == [CORNER, ALONG, CORNER]
    assert w.along[0].key == ("0101", "0201")


def test_polygon_with_hole_line_crosses_the_inner_space():
    ring = Polygon([(0, 0), (4, 0), (4, 4), (0, 4)], [[(1, 1), (3, 1), (3, 3), (1, 3)]])
    b = polygon_board({"ring": ring, "yard": box(1, 1, 3, 3)})
    w = walk(b, (0.5, 2.0), (3.5, 2.0))
    assert _plain(w) == [
        (SPACE, "ring"), (SIDE, ("ring", "yard")), (SPACE, "yard"),
        (SIDE, ("ring", "yard")), (SPACE, "ring"),
    ]
    assert [(c.t_in, c.t_out) for c in w if c.kind == SPACE] == [(0, 0.5), (0.5, 2.5), (2.5, 3)]


def test_non_convex_space_is_entered_twice():
    u_shape = Polygon([(0, 0), (3, 0), (3, 3), (2, 3), (2, 1), (1, 1), (1, 3), (0, 3)])
    b = polygon_board({"U": u_shape, "gap": box(1, 1, 2, 3)})
    w = walk(b, (0.5, 2.0), (2.5, 2.0))
    assert w.spaces == ("U", "gap", "U")


def test_t_junction_corner_names_all_three_spaces():
    b = polygon_board({"big": box(0, 0, 1, 2), "top": box(1, 0, 2, 1), "low": box(1, 1, 2, 2)})
    w = walk(b, (0.5, 0.5), (1.5, 1.5))
    assert _plain(w) == [(SPACE, "big"), (CORNER, ("big", "low", "top")), (SPACE, "low")]


def test_offset_template_is_exact_integer_walk():
    tmpl = offset_template(3, 3)
    assert [k for k, *_ in tmpl] == [SPACE, CORNER] * 3 + [SPACE]
    tmpl = offset_template(-2, 1)
    assert [cells for kind, cells, *_ in tmpl if kind == SPACE] == [
        ((0, 0),), ((-1, 0),), ((-1, 1),), ((-2, 1),)]
    assert tmpl[-1][3] == pytest.approx(math.sqrt(5))


@pytest.mark.parametrize("k", range(1, 12))
def test_fast_path_equals_shapely_through_exact_corners(grid, k):
    start = grid["K10"]
    c0, r0 = start.get("col"), start.get("row")
    for dx, dy in [(k, k), (-k, k), (k, -k), (-k, -k), (3 * k, k), (k, 3 * k),
                   (-3 * k, k), (k, 0), (0, -k)]:
        c1, r1 = c0 + dx, r0 + dy
        if not (0 <= c1 < 40 and 0 <= r1 < 30):
            continue
        target = next(key for key, s in grid.spaces.items()
                      if s.get("col") == c1 and s.get("row") == r1)
        _same(walk_spaces(grid, start.key, target),
              shapely_walk(grid, start.centre, grid[target].centre))


def test_fast_path_equals_shapely_on_random_lines(grid):
    rng = random.Random(7_53)
    keys = grid.keys()
    table = SightTable(grid)
    for _ in range(2000):
        a, b = rng.choice(keys), rng.choice(keys)
        _same(table.walk(a, b), shapely_walk(grid, grid[a].centre, grid[b].centre))


def test_fast_path_equals_shapely_on_a_grid_with_missing_squares():
    full = square_grid(8, 8)
    kept = [s for k, s in full.spaces.items() if k not in {"C3", "D4", "E5"}]
    from ffl.engine.board import Board

    b = Board(kept, attrs=full.attrs)
    assert sight_table(b).fast
    rng = random.Random(3)
    keys = b.keys()
    for _ in range(300):
        a, c = rng.choice(keys), rng.choice(keys)
        _same(walk_spaces(b, a, c), shapely_walk(b, b[a].centre, b[c].centre))


def test_points_at_centres_take_the_fast_path_and_others_do_not(grid):
    w = walk(grid, (0.5, 0.5), (3.5, 2.5))
    assert _plain(w) == _plain(walk_spaces(grid, "A1", "D3"))
    off = walk(grid, (0.25, 0.5), (3.5, 2.5))
    assert off.spaces[0] == "A1" and off.spaces[-1] == "D3"


def test_custom_sighting_dot_disables_the_fast_path():
    b = square_grid(4, 4, attrs=lambda c, r: {"dot": (c + 0.25, r + 0.25)} if c == r == 0 else {})
    assert not sight_table(b).fast
    w = walk_spaces(b, "A1", "D4")
    assert w.spaces[0] == "A1" and w.length == pytest.approx(math.hypot(3.25, 3.25))
