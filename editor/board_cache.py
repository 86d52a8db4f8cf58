"""Engine boards for the editor, rebuilt cheaply when only attributes change.

Deriving a board's adjacency (orthogonal and diagonal neighbours, the geometry
of every shared border) is the expensive part of building an engine
:class:`~ffl.engine.Board`, and it depends on nothing but the spaces' keys and
outlines.  Painting terrain or levels, toggling a wall or editing a link leaves
those alone, so :class:`GeometryCache` keeps the last board built for each of
the last few geometries (keyed by the ordered ``(key, WKT)`` pairs of the
board's spaces), and :func:`build_board` hands it to the engine as
``Board(..., same_geometry_as=...)``, which reuses its derived adjacency.
``tests/editor/test_board_cache.py`` checks that such a board answers every
query exactly as a freshly derived one.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import shapely
from shapely.geometry import Polygon

from ffl.engine import Board, Link, Side, Space

GeometryKey = tuple[tuple[str, str], ...]


@dataclass
class Derived:
    """One geometry: its parsed outlines and the last board built on them."""

    polygons: tuple[Polygon, ...]
    board: Board
    #: the last Space built for each key (immutable, reused while it still matches)
    spaces: dict[str, Space] = field(default_factory=dict)


def geometry_key(board: dict[str, Any]) -> GeometryKey:
    """The part of a board's dump that adjacency depends on."""
    return tuple((s["key"], s["wkt"]) for s in board["spaces"])


def _space(d: Derived, s: dict[str, Any], polygon: Polygon) -> Space:
    """The Space of dump entry ``s``: the one built last time if nothing changed."""
    kind, attrs, label = s.get("kind", "square"), s.get("attrs", {}), s.get("label", "")
    old = d.spaces.get(s["key"])
    if old is not None and old.kind == kind and old.label == (label or s["key"]) \
            and old.attrs == attrs:
        return old
    new = Space(s["key"], polygon, kind, attrs, label)
    d.spaces[s["key"]] = new
    return new


class GeometryCache:
    """The derived adjacency of the last ``size`` board geometries seen."""

    def __init__(self, size: int = 8) -> None:
        self.size = size
        self._entries: OrderedDict[GeometryKey, Derived] = OrderedDict()
        self.hits = 0
        self.misses = 0
        self._memo: OrderedDict[tuple, Any] = OrderedDict()

    def memo(self, key: tuple, compute):
        """``compute()`` once per ``key`` (a key that includes a geometry key): for
        other results that depend on the outlines only, e.g. overlap and gap checks."""
        if key in self._memo:
            self._memo.move_to_end(key)
            return self._memo[key]
        value = self._memo[key] = compute()
        while len(self._memo) > 4 * self.size:
            self._memo.popitem(last=False)
        return value

    def lookup(self, key: GeometryKey) -> Derived | None:
        hit = self._entries.get(key)
        if hit is not None:
            self._entries.move_to_end(key)
            self.hits += 1
        return hit

    def store(self, key: GeometryKey, derived: Derived) -> None:
        self.misses += 1
        self._entries[key] = derived
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)

    def clear(self) -> None:
        self._entries.clear()
        self._memo.clear()

    def take_from(self, other: GeometryCache) -> None:
        """Know every geometry ``other`` knows (the editor's checks on a worker
        thread start from what the window already derived: never derive twice)."""
        for mine, theirs in ((self._entries, other._entries), (self._memo, other._memo)):
            for key, value in list(theirs.items()):
                if key not in mine:
                    mine[key] = value
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)
        while len(self._memo) > 4 * self.size:
            self._memo.popitem(last=False)


def build_board(board: dict[str, Any], cache: GeometryCache, sides: list | None = None,
                links: list | None = None) -> Board:
    """The engine board of one board dump, its adjacency taken from ``cache`` (or
    derived once and kept there).  ``sides`` and ``links``: the dump's own unless
    given, as lists of dump entries.  Raises BoardError/ValueError as the engine does.
    """
    key = geometry_key(board)
    d = cache.lookup(key)
    entries = board["spaces"]
    sides = [Side(s["a"], s["b"], features=frozenset(s.get("features", ())),
                  attrs=s.get("attrs", {}))
             for s in (board.get("sides", []) if sides is None else sides)]
    links = [Link(lk["a"], lk["b"], lk["kind"], lk.get("attrs", {}),
                  bool(lk.get("directed", False)))
             for lk in (board.get("links", []) if links is None else links)]
    name, attrs = board["name"], board.get("attrs", {})
    if d is not None:
        spaces = [_space(d, s, poly) for s, poly in zip(entries, d.polygons, strict=True)]
        d.board = Board(spaces, sides, links, name=name, attrs=attrs, same_geometry_as=d.board)
        return d.board
    polygons = tuple(shapely.from_wkt([s["wkt"] for s in entries])) if entries else ()
    spaces = [Space(s["key"], p, s.get("kind", "square"), s.get("attrs", {}), s.get("label", ""))
              for s, p in zip(entries, polygons, strict=True)]
    built = Board(spaces, sides, links, name=name, attrs=attrs)
    cache.store(key, Derived(polygons, built, {sp.key: sp for sp in spaces}))
    return built
