"""The reconstructed fort board (1.1, 1.12, 1.13, 2.2, 6.13, 6.6) and the Fort queries."""

from collections import deque

import pytest

from ffl.engine.grids import square_label
from ffl.games.ffl.fort import (
    COLUMNS,
    DOORS,
    GATE_SQUARES,
    MAP,
    ROWS,
    STAIRWAYS,
    TOWER_STAIRWAYS,
    WINDOWS,
    build_fort,
    square_char,
)
from ffl.games.ffl.terrain import Fort


@pytest.fixture(scope="module")
def fort():
    return Fort(build_fort())


def _moves(fort: Fort, key: str, level: int, gate_open: bool = False):
    """Same-level steps a unit could take on foot (6.13): orthogonal through open
    sides, doors and windows; diagonal only where no wall, door, window or gate
    feature meets at the corner."""
    board = fort.board
    for n in board.orthogonal(key):
        if not fort.has_level(n, level):
            continue
        feats = fort.side_features(key, n, level)
        if gate_open:
            feats = feats - {"gate"}
        if feats & {"thick-wall", "thin-wall", "crenel", "gate"} and not feats & {"door",
                                                                                 "window"}:
            continue
        yield n
    for n in board.diagonal(key):
        if fort.has_level(n, level) and not fort.corner_features(key, n, level):
            yield n


def _reach(fort: Fort, starts, level: int, gate_open: bool = False) -> set[str]:
    seen = set(starts)
    todo = deque(starts)
    while todo:
        k = todo.popleft()
        for n in _moves(fort, k, level, gate_open):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def test_1_11_board_is_32_by_16_squares_all_labelled(fort):
    board = fort.board
    assert len(MAP) == ROWS == 16 and all(len(row) == COLUMNS == 32 for row in MAP)
    assert len(board) == 512
    assert board["A1"].label == "A1" and board["AF16"].label == "AF16"
    for r in range(ROWS):
        for c in range(COLUMNS):
            key = square_label(c, r)
            assert board[key].label == key
            assert len(fort.levels(key)) >= 1
            assert list(fort.levels(key)) == sorted(set(fort.levels(key)))


def test_1_12_elevations_by_area(fort):
    assert fort.levels("A1") == (0,) and fort.is_sand("A1")
    assert fort.levels("J3") == (2,) and fort.area("J3") == "wall"     # parapet
    assert fort.levels("D3") == (0, 1, 2, 3) and fort.top("D3") == 3   # tower top
    assert fort.levels("L4") == (0, 1) and fort.building("L4") == "Barracks"
    assert fort.levels("P10") == (0,) and fort.area("P10") == "parade"
    assert fort.levels("P14") == (0, 2) and fort.is_gate("P14")
    for key in fort.squares():
        assert fort.is_fort(key) != fort.is_sand(key)
        if fort.area(key) == "sand":
            assert fort.is_sand(key)
        else:
            assert fort.is_fort(key)


def test_6_21_board_edges_are_sand_on_all_four_sides(fort):
    assert len(fort.edge_squares("N")) == 32 and len(fort.edge_squares("S")) == 32
    assert len(fort.edge_squares("W")) == 16 and len(fort.edge_squares("E")) == 16
    assert "A1" in fort.edge_squares("N") and "A1" in fort.edge_squares("W")
    for edge in "NSEW":
        assert all(fort.is_sand(k) for k in fort.edge_squares(edge))


def test_2_2_walls_enclose_the_parade_ground_except_the_closed_gate(fort):
    sand = [k for k in fort.squares() if fort.is_sand(k)]
    parade = set(fort.squares("parade"))
    closed = _reach(fort, sand, 0)
    assert not closed & parade, "a way in at ground level besides the gate"
    assert not closed & set(GATE_SQUARES)
    opened = _reach(fort, sand, 0, gate_open=True)
    assert parade <= opened, "with the gate open the parade ground is reachable"


def test_2_2_gate_squares_have_the_gate_on_their_outer_side(fort):
    assert set(GATE_SQUARES) == {k for k in fort.squares() if fort.is_gate(k)}
    for g, outside in GATE_SQUARES.items():
        assert fort.is_sand(outside)
        assert "gate" in fort.side_features(g, outside, 0)
        assert "crenel" in fort.side_features(g, outside, 2)
        assert fort.blocks(g, outside, 0)


def test_6_13_every_building_is_reachable_through_its_doors(fort):
    parade = fort.squares("parade")
    inside = _reach(fort, parade, 0)
    assert set(fort.buildings) == {"Officer's Quarters", "Barracks", "Store Room",
                                   "Guard House"}
    for name, squares in fort.buildings.items():
        assert set(squares) <= inside, name
        # and only through doors or windows: every way in crosses one
        entries = [
            (a, b) for a in squares for b in fort.board.orthogonal(a)
            if fort.building(b) != name and fort.has_level(b, 0)
            and not fort.blocks(a, b, 0)
        ]
        assert entries, name
        assert all(fort.side_features(a, b, 0) & {"door", "window"} for a, b in entries)
        assert any("door" in fort.side_features(a, b, 0) for a, b in entries), name


def test_6_13_doors_and_windows_lie_in_walls(fort):
    for a, b, levels in DOORS + WINDOWS:
        for level in levels:
            feats = fort.side_features(a, b, level)
            assert feats & {"thin-wall", "thick-wall"}, (a, b)
            assert feats & {"door", "window"}
            assert not fort.blocks(a, b, level)


def test_6_13_no_diagonal_step_through_a_doorway(fort):
    # M5|M6 is a Barracks door; the diagonal L6->M5 crosses a wall corner
    assert "door" in fort.side_features("M5", "M6", 0)
    assert fort.corner_features("L6", "M5", 0)


def test_6_62_stairways_connect_the_levels_they_claim(fort):
    for a, la, b, lb in STAIRWAYS:
        assert lb == la + 1
        assert fort.has_level(a, la) and fort.has_level(b, lb), (a, b)
        assert fort.board.adjacent(a, b) is not None
        assert (b, lb, "stairway") in fort.stairways(a, la)
        assert (a, la, "stairway") in fort.stairways(b, lb)
        assert fort.is_stairway(a, la)
    for key in fort.squares():
        ch = square_char(key)
        if ch in "sl":
            assert fort.is_stairway(key, fort.bottom(key)), key


def test_6_62_every_parapet_and_rooftop_is_reachable_by_stairs(fort):
    # climb from the parade ground using only stairs and same-level steps
    start = {(k, 0) for k in fort.squares("parade")}
    seen, todo = set(start), deque(start)
    while todo:
        k, lv = todo.popleft()
        nxt = [(n, lv) for n in _moves(fort, k, lv)]
        nxt += [(n, nl) for n, nl, _ in fort.stairways(k, lv)]
        for pos in nxt:
            if pos not in seen:
                seen.add(pos)
                todo.append(pos)
    for key in fort.squares("wall") + fort.squares("gate"):
        assert (key, 2) in seen, key
    for key in fort.squares("tower"):
        assert (key, 3) in seen, key
    for squares in fort.buildings.values():
        for key in squares:
            assert (key, 1) in seen, key


def test_6_61_corner_towers_have_four_levels_and_tower_stairways(fort):
    towers = fort.squares("tower")
    assert len(towers) == 16
    assert all(fort.levels(k) == (0, 1, 2, 3) for k in towers)
    for key in TOWER_STAIRWAYS:
        assert fort.area(key) == "tower"
        assert fort.stairways(key, 0) == [(key, 1, "tower-stairway")]
        assert sorted(fort.stairways(key, 1)) == [(key, 0, "tower-stairway"),
                                                  (key, 2, "tower-stairway")]
        assert fort.stairways(key, 3) == [(key, 2, "tower-stairway")]
        assert fort.is_stairway(key, 0) and not fort.is_stairway(key, 3)


def test_7_52_outer_parapets_are_crenelated_towards_the_sand(fort):
    for key in fort.squares("wall"):
        for n in fort.board.orthogonal(key):
            if fort.is_sand(n):
                assert fort.side_features(key, n, 2) == {"crenel"}
                assert "thick-wall" in fort.side_features(key, n, 0)
    for key in fort.squares("tower"):
        for n in fort.board.orthogonal(key):
            if fort.area(n) != "tower":
                assert "crenel" in fort.side_features(key, n, 3)


def test_6_332_grapple_walls_from_sand_parade_and_parapet(fort):
    assert fort.wall_sides("J2", 0) == [("J3", 2)]          # sand -> parapet, 1-2 levels
    assert ("D3", 3) in fort.wall_sides("C3", 0)            # sand -> tower top, 3 levels
    assert ("J2", 2) in fort.wall_sides("J3", 2)            # parapet -> sand, a drop
    assert ("K5", 1) in fort.wall_sides("K6", 0)            # parade -> Barracks roof
    assert fort.wall_sides("L4", 0) == []                   # under a roof: no throw
    assert fort.wall_sides("P10", 0) == []                  # open parade ground


def test_6_13_corner_features_report_walls_on_a_diagonal_step(fort):
    assert "thick-wall" in fort.corner_features("C2", "D3", 0)
    assert fort.corner_features("P10", "Q11", 0) == frozenset()
