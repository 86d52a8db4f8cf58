"""Firing arc (7.3) and firing range (7.2x) on the square grid.

Both work on grid coordinates (the ``col``/``row`` attributes every square of
an engine ``square_grid`` carries).  Levels play no part in either: the arc
and the range are read on the flat board.

* 7.23: the range counts squares along the shortest route, leaving out the
  firer's own square and counting the target's.  With diagonal steps allowed
  that is the king-move (Chebyshev) distance.
* 7.3: the arc is the forward quarter of the board, bounded by the two lines
  at 45 degrees either side of the facing.  Squares whose centres lie exactly
  on a bounding line are inside.  For a unit facing a square side (N) that is
  the widening wedge ahead of it; for a unit facing a corner (NE) it is the
  whole quadrant, the firer's own row and column included.
"""

from __future__ import annotations

from ffl.engine.board import Board
from ffl.engine.pieces import FACING_VECTORS

from .. import tables


def coords(board: Board, key: str) -> tuple[int, int]:
    """Grid (column, row) of a square."""
    space = board[key]
    return int(space.attrs["col"]), int(space.attrs["row"])


def grid_range(a: tuple[int, int], b: tuple[int, int]) -> int:
    """7.23 squares counted from ``a`` (left out) to ``b`` (counted)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def firing_range(board: Board, a: str, b: str) -> int:
    """7.23 firing range between two squares of ``board``."""
    return grid_range(coords(board, a), coords(board, b))


def in_arc_offset(dx: int, dy: int, facing: int) -> bool:
    """7.3 whether the offset (dx, dy) from the firer lies in its firing arc.

    Exact integer test: the angle between the offset and the facing vector is
    at most 45 degrees, i.e. ``dot >= 0`` and ``2 * dot**2 >= |v|**2 * |f|**2``.
    The firer's own square is never in its arc.
    """
    if dx == 0 and dy == 0:
        return False
    fx, fy = FACING_VECTORS[facing % 8]
    dot = dx * fx + dy * fy
    if dot <= 0:
        return False
    return 2 * dot * dot >= (dx * dx + dy * dy) * (fx * fx + fy * fy)


def in_arc(board: Board, firer: str, facing: int | None, target: str) -> bool:
    """7.3 whether ``target`` lies in the arc of a unit in ``firer`` facing ``facing``."""
    if facing is None:
        return False
    (ac, ar), (bc, br) = coords(board, firer), coords(board, target)
    return in_arc_offset(bc - ac, br - ar, facing)


def arc_squares(board: Board, firer: str, facing: int) -> list[str]:
    """7.3 every square of ``board`` in the firing arc (for highlighting)."""
    ac, ar = coords(board, firer)
    out = []
    for key in board.keys():
        c, r = coords(board, key)
        if in_arc_offset(c - ac, r - ar, facing):
            out.append(key)
    return out


def weapon_reach(weapon: str, rng: int) -> tuple[bool, bool]:
    """(within range, long range) for a weapon ``"R"``/``"P"`` at range ``rng``.

    7.21 a rifle reaches any range >= 1 and is long beyond six squares;
    7.22 a pistol reaches one to three squares and is never long.
    """
    if rng < 1:
        return False, False
    reach = tables.max_range(weapon)
    if reach is not None and rng > reach:
        return False, False
    return True, tables.is_long_range(weapon, rng)
