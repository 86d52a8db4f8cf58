"""Hex numbers of The Legend Begins map and their geometry.

The book numbers hexes ``XXYY``: ``YY`` is the hex column, counted from the western
map edge (01) to the eastern edge (78); ``XX`` is the hex row inside a column,
counted from the south (``1701`` lies north of ``1002``, Cyrene ``3722`` north of
Tmimi ``3331``).  Hexes are flat-topped; the columns with an even ``YY`` sit half a
hex south of the odd ones, which is what makes the book's neighbours neighbours
(``1507``/``1608``, ``1608``/``1609``, ``3515``/``3516``, ``3414``/``3514``, rule 35).

The engine's :func:`ffl.engine.grids.hex_grid` numbers the other way round (``XX`` the
column, rows counted downwards), so ``1507`` and ``1608`` would not touch on it: the
map is laid out here with the engine's hex polygon and our own numbering (see
``tests/games/legend_begins/test_map_hexes.py``).

Board units: a hex is 1.0 across its corners; x grows east, y grows south.
"""

from __future__ import annotations

import math

from ffl.engine.grids import hex_polygon

TOP_ROW = 40           #: the northernmost hex row on the map (all sea)
BOTTOM_ROW = 10        #: the southernmost hex row
COLUMNS = 78           #: hex columns 01..78
H = math.sqrt(3) / 2   #: a hex's height (flat side to flat side)


def label(xx: int, yy: int) -> str:
    return f"{xx:02d}{yy:02d}"


def parse(key: str) -> tuple[int, int]:
    """``"3722"`` -> (37, 22): (row XX, column YY)."""
    return int(key[:2]), int(key[2:])


def offset(xx: int, yy: int) -> tuple[int, int]:
    """The engine's (column, row-from-top) of a hex: even ``YY`` columns shifted south."""
    return yy - 1, TOP_ROW - xx


def polygon(xx: int, yy: int):
    col, row = offset(xx, yy)
    return hex_polygon(col, row)


def v(xx: int, yy: int) -> float:
    """The hex centre's northing in rows (even columns are half a row further south)."""
    return xx - (0.5 if yy % 2 == 0 else 0.0)


def xy(u: float, vv: float) -> tuple[float, float]:
    """Board coordinates of a point given as (column ``u``, northing ``vv``)."""
    return 0.5 + (u - 1) * 0.75, H / 2 + (TOP_ROW - vv) * H


def centre(key: str) -> tuple[float, float]:
    xx, yy = parse(key)
    return xy(yy, v(xx, yy))


def neighbours(xx: int, yy: int) -> list[tuple[int, int]]:
    """The six hexes around ``(xx, yy)`` (some may be off the map)."""
    if yy % 2:      # odd column: the even columns beside it reach half a row further north
        side = [(xx, yy - 1), (xx + 1, yy - 1), (xx, yy + 1), (xx + 1, yy + 1)]
    else:
        side = [(xx - 1, yy - 1), (xx, yy - 1), (xx - 1, yy + 1), (xx, yy + 1)]
    return [(xx + 1, yy), (xx - 1, yy), *side]


def cube(xx: int, yy: int) -> tuple[int, int, int]:
    col, row = offset(xx, yy)
    x = col
    z = row - (col - (col & 1)) // 2
    return x, -x - z, z


def from_cube(x: int, y: int, z: int) -> tuple[int, int]:
    col = x
    row = z + (col - (col & 1)) // 2
    return TOP_ROW - row, col + 1


def distance(a: str, b: str) -> int:
    """Hexes between two hexes (1 for neighbours)."""
    ax, ay, az = cube(*parse(a))
    bx, by, bz = cube(*parse(b))
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def _round_cube(x: float, y: float, z: float) -> tuple[int, int, int]:
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return rx, ry, rz


def line(a: str, b: str) -> list[str]:
    """The hexes of a straight line from ``a`` to ``b`` (both included)."""
    ac, bc = cube(*parse(a)), cube(*parse(b))
    n = distance(a, b)
    out = []
    for i in range(n + 1):
        t = i / n if n else 0.0
        # a nudge keeps the line off hex corners so it never hesitates between two hexes
        p = [ac[k] + (bc[k] - ac[k]) * t + 1e-6 * (1, 2, -3)[k] for k in range(3)]
        key = label(*from_cube(*_round_cube(*p)))
        if not out or out[-1] != key:
            out.append(key)
    return out


def path(waypoints: list[str]) -> list[str]:
    """Straight hex lines joined through ``waypoints``."""
    out: list[str] = []
    for a, b in zip(waypoints, waypoints[1:], strict=False):
        seg = line(a, b)
        out.extend(seg[1:] if out else seg)
    return out
