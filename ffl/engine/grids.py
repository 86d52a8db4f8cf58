"""Board builders: square grids, hex grids and free polygons.

Board units: one square (or one hex width) is 1.0.  ``x`` grows to the right and
``y`` grows *downwards*, as on a printed map read from its top-left corner and
as in Qt's scene coordinates.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon

from .board import Board, Link, Side, Space


def column_letters(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA, 31 -> AF (spreadsheet style)."""
    if index < 0:
        raise ValueError("column index must be >= 0")
    out = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        out = chr(ord("A") + rem) + out
    return out


def column_index(letters: str) -> int:
    """Inverse of :func:`column_letters`."""
    n = 0
    for ch in letters.upper():
        if not "A" <= ch <= "Z":
            raise ValueError(f"not a column label: {letters!r}")
        n = n * 26 + (ord(ch) - ord("A") + 1)
    return n - 1


def square_label(col: int, row: int) -> str:
    """Label of the square in column ``col`` and row ``row`` (both 0-based): ``A1``."""
    return f"{column_letters(col)}{row + 1}"


def parse_square_label(label: str) -> tuple[int, int]:
    """``"AF16"`` -> (31, 15)."""
    i = 0
    while i < len(label) and label[i].isalpha():
        i += 1
    if i == 0 or i == len(label) or not label[i:].isdigit():
        raise ValueError(f"not a square label: {label!r}")
    return column_index(label[:i]), int(label[i:]) - 1


def square_grid(
    columns: int,
    rows: int,
    *,
    attrs: Callable[[int, int], Mapping[str, Any]] | None = None,
    sides: Iterable[Side] = (),
    links: Iterable[Link] = (),
    name: str = "map",
    board_attrs: Mapping[str, Any] | None = None,
) -> Board:
    """A ``columns`` x ``rows`` grid of unit squares labelled ``A1`` .. (e.g. ``AF16``).

    Square ``(c, r)`` covers ``[c, c+1] x [r, r+1]``; its sighting dot is its centre.
    """
    cells = [(c, r) for r in range(rows) for c in range(columns)]
    xs = np.array([c for c, _ in cells], dtype=float)
    ys = np.array([r for _, r in cells], dtype=float)
    polygons = shapely.box(xs, ys, xs + 1, ys + 1).tolist() if cells else []
    spaces = []
    for (c, r), polygon in zip(cells, polygons, strict=True):
        extra = dict(attrs(c, r)) if attrs else {}
        extra.setdefault("col", c)
        extra.setdefault("row", r)
        spaces.append(Space(square_label(c, r), polygon, "square", extra))
    battrs = {"grid": "square", "columns": columns, "rows": rows, **(board_attrs or {})}
    return Board(spaces, sides, links, name=name, attrs=battrs)


def hex_label(col: int, row: int) -> str:
    """``XXYY`` with 1-based column and row: (3, 11) -> ``0412``."""
    return f"{col + 1:02d}{row + 1:02d}"


def hex_polygon(col: int, row: int, size: float = 1.0) -> Polygon:
    """Flat-topped hex of width ``size``; odd columns shifted half a hex down."""
    r = size / 2.0
    h = math.sqrt(3) * r
    cx = r + col * 1.5 * r
    cy = h / 2 + row * h + (h / 2 if col % 2 else 0.0)
    pts = [
        (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
        for a in range(0, 360, 60)
    ]
    return Polygon(pts)


def hex_grid(
    columns: int,
    rows: int,
    *,
    attrs: Callable[[int, int], Mapping[str, Any]] | None = None,
    sides: Iterable[Side] = (),
    links: Iterable[Link] = (),
    name: str = "map",
    board_attrs: Mapping[str, Any] | None = None,
) -> Board:
    """A flat-topped hex grid labelled ``XXYY`` (``0101`` at the top left)."""
    spaces = []
    for c in range(columns):
        for r in range(rows):
            extra = dict(attrs(c, r)) if attrs else {}
            extra.setdefault("col", c)
            extra.setdefault("row", r)
            spaces.append(Space(hex_label(c, r), hex_polygon(c, r), "hex", extra))
    battrs = {"grid": "hex", "columns": columns, "rows": rows, **(board_attrs or {})}
    return Board(spaces, sides, links, name=name, attrs=battrs)


def polygon_board(
    polygons: Mapping[str, Iterable[tuple[float, float]] | Polygon],
    *,
    kind: str = "zone",
    attrs: Mapping[str, Mapping[str, Any]] | None = None,
    sides: Iterable[Side] = (),
    links: Iterable[Link] = (),
    name: str = "map",
    board_attrs: Mapping[str, Any] | None = None,
) -> Board:
    """A board of free polygons (zones, areas, sections), keyed by name."""
    spaces = []
    for key, geom in polygons.items():
        poly = geom if isinstance(geom, Polygon) else Polygon(list(geom))
        spaces.append(Space(key, poly, kind, (attrs or {}).get(key, {})))
    battrs = {"grid": "polygons", **(board_attrs or {})}
    return Board(spaces, sides, links, name=name, attrs=battrs)
