"""7.2 firing ranges and 7.3 firing arcs, as the rulebook's diagrams draw them."""

from collections import deque

from ffl.engine.grids import square_grid
from ffl.games.ffl.rules.arc import (
    arc_squares,
    firing_range,
    in_arc,
    in_arc_offset,
    weapon_reach,
)

N, NE, E, SE, S, SW, W, NW = range(8)


def picture(facing: int, size: int = 3) -> list[str]:
    """The arc around a firer 'F' in a (2*size+1) square window, 'X' = in arc."""
    rows = []
    for dy in range(-size, size + 1):
        row = ""
        for dx in range(-size, size + 1):
            row += "F" if (dx, dy) == (0, 0) else "X" if in_arc_offset(dx, dy, facing) else "."
        rows.append(row)
    return rows


def test_7_3_firing_arc_side_facing():
    # facing a square side: the forward wedge widens by one square each way per row
    assert picture(N) == [
        "XXXXXXX",
        ".XXXXX.",
        "..XXX..",
        "...F...",
        ".......",
        ".......",
        ".......",
    ]


def test_7_3_firing_arc_angle_facing():
    # facing a square angle: the whole forward quadrant, own row and column included
    assert picture(NE) == [
        "...XXXX",
        "...XXXX",
        "...XXXX",
        "...FXXX",
        ".......",
        ".......",
        ".......",
    ]


def test_7_3_firing_arc_turns_with_facing():
    assert picture(S) == list(reversed(picture(N)))
    assert picture(W) == ["".join(r[i] for r in picture(N)) for i in range(7)]
    assert picture(SW) == [r[::-1] for r in reversed(picture(NE))]


def test_7_3_firing_arc_on_the_board():
    board = square_grid(10, 10)
    assert in_arc(board, "E5", N, "E1")
    assert in_arc(board, "E5", N, "A1")          # on the diagonal edge: inside
    assert not in_arc(board, "E5", N, "A2")      # just past the diagonal
    assert not in_arc(board, "E5", N, "F5")      # beside, not ahead
    assert not in_arc(board, "E5", N, "E5")      # never its own square
    assert not in_arc(board, "E5", None, "E1")   # an unfaced unit has no arc
    assert set(arc_squares(board, "E5", N)) == {
        k for k in board.keys() if in_arc(board, "E5", N, k)}
    assert len(arc_squares(board, "E5", N)) == 3 + 5 + 7 + 9


def test_7_23_range_of_four_squares():
    board = square_grid(10, 10)
    # the diagram's example: four squares counted, firer's square left out
    assert firing_range(board, "B8", "F6") == 4
    assert firing_range(board, "B8", "B4") == 4
    assert firing_range(board, "B8", "F4") == 4
    assert firing_range(board, "B8", "B7") == 1


def test_7_23_range_is_the_shortest_route():
    board = square_grid(8, 6)
    # breadth-first search over king moves gives the same count everywhere
    start = "C3"
    dist = {start: 0}
    todo = deque([start])
    while todo:
        k = todo.popleft()
        for n in board.neighbours(k, links=False):
            if n not in dist:
                dist[n] = dist[k] + 1
                todo.append(n)
    assert all(firing_range(board, start, k) == d for k, d in dist.items())


def test_7_21_rifle_short_and_long_range():
    assert weapon_reach("R", 1) == (True, False)
    assert weapon_reach("R", 6) == (True, False)
    assert weapon_reach("R", 7) == (True, True)
    assert weapon_reach("R", 31) == (True, True)
    assert weapon_reach("R", 0) == (False, False)


def test_7_22_pistol_range_three():
    assert weapon_reach("P", 3) == (True, False)
    assert weapon_reach("P", 4) == (False, False)
