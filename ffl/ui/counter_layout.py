"""Counter layouts and counter sizes as data (no Qt): what the generic
counter of each piece kind prints (:class:`CounterLayout`, kept in
``module.attrs["counters"]``) and how large a counter may be on a board
(:func:`largest_counter`).  :mod:`ffl.ui.counters` draws with them; the
editor's Pieces dock edits the layouts.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import shapely

from ffl.engine import Board, Piece, PieceType

#: where a badge sits on a counter: (corner, x, y as a fraction of the edge)
CORNERS = {"top-left": (-0.32, -0.32), "top-right": (0.32, -0.32),
           "bottom-left": (-0.32, 0.32), "bottom-right": (0.32, 0.32)}
#: the corner the level badge takes, the first of these that no value badge holds
LEVEL_CORNERS = ("top-right", "top-left", "bottom-right", "bottom-left")
#: the name line of a layout: the type's name (else a value's key, or "" for none)
TYPE_NAME = "name"
#: where module data keeps the counter layouts (``module.attrs[COUNTERS]``)
COUNTERS = "counters"


# -- counter layouts --------------------------------------------------------------------


@dataclass(frozen=True)
class CounterLayout:
    """What the generic counter of one piece kind prints.

    ``name``: the top line, ``"name"`` for the type's name, a value's key (a
    short name kept as a value), or ``""`` for no name line.  ``values``: the
    values printed under it, in order, joined ``4-3-5`` (None: the type's own
    ``counter_values``, else its whole numbers in the order entered).
    ``badges``: ``(corner, value key)`` pairs, the value printed in a ring in
    that corner (corners: :data:`CORNERS`).  Stored as JSON in
    ``module.attrs["counters"][kind]``: ``{"name": "name", "values": ["attack",
    "defence", "move"], "badges": {"top-left": "morale"}}``.
    """

    name: str = TYPE_NAME
    values: tuple[str, ...] | None = None
    badges: tuple[tuple[str, str], ...] = ()

    @classmethod
    def from_json(cls, data: Any) -> CounterLayout:
        """A layout from module data; what is malformed is left at its default."""
        if not isinstance(data, Mapping):
            return cls()
        name = data.get("name", TYPE_NAME)
        values = data.get("values")
        badges = data.get("badges")
        return cls(
            name if isinstance(name, str) else TYPE_NAME,
            tuple(str(v) for v in values) if isinstance(values, list) else None,
            tuple((c, str(badges[c])) for c in CORNERS
                  if isinstance(badges, Mapping) and isinstance(badges.get(c), str)
                  and badges[c]))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        if self.values is not None:
            out["values"] = list(self.values)
        if self.badges:
            out["badges"] = dict(self.badges)
        return out

    def value_keys(self, ptype: PieceType | None) -> list[str]:
        """The keys of the values printed under the name, in order."""
        if ptype is None:
            return []
        own = ptype.get("counter_values")
        if isinstance(own, list):
            return [str(k) for k in own]
        if self.values is not None:
            return list(self.values)
        return [k for k, v in ptype.values.items()
                if isinstance(v, int) and not isinstance(v, bool)]

    def name_line(self, piece: Piece, ptype: PieceType | None) -> str:
        """The top line: the type's name, the chosen value (the name when the
        type has no such value), or ""."""
        if not self.name:
            return ""
        if self.name != TYPE_NAME and ptype is not None and \
                value_text(ptype.get(self.name)):
            return value_text(ptype.get(self.name))
        return ptype.name if ptype else piece.type

    def values_line(self, ptype: PieceType | None) -> str:
        """``4-3-5``: the chosen values the type has, in order."""
        if ptype is None:
            return ""
        texts = [value_text(ptype.get(k)) for k in self.value_keys(ptype)]
        return "-".join(t for t in texts if t)


def value_text(value: Any) -> str:
    """A value as a counter prints it ("" for none)."""
    if value is None or isinstance(value, dict):
        return ""
    if isinstance(value, bool):
        return "yes" if value else ""
    if isinstance(value, list):
        return "/".join(value_text(v) for v in value)
    return str(value)


def counter_layouts(attrs: Mapping[str, Any] | None) -> dict[str, CounterLayout]:
    """Piece kind -> its counter layout, from a module's attributes."""
    table = (attrs or {}).get(COUNTERS)
    if not isinstance(table, Mapping):
        return {}
    return {str(kind): CounterLayout.from_json(data) for kind, data in table.items()
            if isinstance(data, Mapping)}


# -- how large a counter may be -----------------------------------------------------------

_FITS: weakref.WeakKeyDictionary[Board, float] = weakref.WeakKeyDictionary()
#: the smallest counter edge drawn (board units), however small a space is
MIN_COUNTER = 0.05


def largest_counter(board: Board) -> float:
    """The edge (board units) of the largest square that fits, centred on its
    centre, in every space of ``board``: no counter is drawn larger.  A space
    whose centre lies outside it (a crescent) counts with the square its
    largest inscribed circle holds.  Cached per board."""
    hit = _FITS.get(board)
    if hit is None:
        hit = _FITS[board] = _smallest_fit(board)
    return hit


def _smallest_fit(board: Board) -> float:
    shapes: dict[tuple, tuple] = {}
    for space in board.spaces.values():
        cx, cy = space.centre
        poly = space.polygon
        key: tuple = tuple((round(x - cx, 6), round(y - cy, 6))
                           for x, y in poly.exterior.coords)
        if poly.interiors:
            key = (key, space.key)
        shapes.setdefault(key, (poly, cx, cy))
    if not shapes:
        return math.inf
    polys = np.array([p for p, _, _ in shapes.values()], dtype=object)
    cx = np.array([c for _, c, _ in shapes.values()])
    cy = np.array([c for _, _, c in shapes.values()])
    low = np.zeros(len(polys))
    high = np.sqrt(shapely.area(polys))
    for _ in range(20):         # halving: to about a millionth of the space
        mid = (low + high) / 2
        ok = shapely.covers(polys, shapely.box(cx - mid / 2, cy - mid / 2,
                                               cx + mid / 2, cy + mid / 2))
        low = np.where(ok, mid, low)
        high = np.where(ok, high, mid)
    for i in np.nonzero(low < 1e-6)[0]:
        radius = shapely.length(shapely.maximum_inscribed_circle(polys[i]))
        low[i] = radius * math.sqrt(2)
    return max(float(low.min()), MIN_COUNTER)
