"""Engine boards for the editor, rebuilt cheaply when only attributes change.

Deriving a board's adjacency (orthogonal and diagonal neighbours, the geometry
of every shared border) is the expensive part of building an engine
:class:`~ffl.engine.Board`, and it depends on nothing but the spaces' keys and
outlines.  Painting terrain or levels, toggling a wall or editing a link leaves
those alone, so :class:`GeometryCache` keeps what was derived for the last few
geometries (keyed by the ordered ``(key, WKT)`` pairs of the board's spaces)
and :func:`build_board` makes a new, ordinary engine board from the dump data
that takes its adjacency from there instead of deriving it again.

The engine's ``Board`` is not changed: :class:`_RecordingBoard` is a ``Board``
that keeps what its adjacency step derived (the first board of a geometry), and
:class:`_PrebuiltBoard` is a ``Board`` whose adjacency step copies it (every
later one).  ``tests/editor/test_board_cache.py``
checks that such a board answers every query exactly as a freshly derived one.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import shapely
from shapely.geometry import Polygon
from shapely.strtree import STRtree

from ffl.engine import Board, Link, Side, Space

GeometryKey = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Derived:
    """What the geometry alone decides: outlines, neighbours, borders, a point index."""

    keys: tuple[str, ...]
    polygons: tuple[Polygon, ...]
    orth: dict[str, frozenset[str]]
    diag: dict[str, frozenset[str]]
    sides: dict[tuple[str, str], Side]      # geometry only, no features
    point_tree: STRtree | None
    #: the last Space built for each key (immutable, reused while it still matches)
    spaces: dict[str, Space] = field(default_factory=dict)


def geometry_key(board: dict[str, Any]) -> GeometryKey:
    """The part of a board's dump that adjacency depends on."""
    return tuple((s["key"], s["wkt"]) for s in board["spaces"])


class _RecordingBoard(Board):
    """An engine Board that keeps what its adjacency step derived (before any side
    features are merged in), so the next board of the same geometry can reuse it."""

    def _derive_adjacency(self) -> None:
        super()._derive_adjacency()
        self.recorded = ({k: frozenset(v) for k, v in self._orth.items()},
                         {k: frozenset(v) for k, v in self._diag.items()},
                         dict(self.sides))


class _PrebuiltBoard(Board):
    """An engine Board whose adjacency comes from a :class:`Derived` (same geometry)."""

    def __init__(self, derived: Derived, spaces, sides, links, *, name: str,
                 attrs: dict[str, Any]) -> None:
        self._derived = derived
        super().__init__(spaces, sides, links, name=name, attrs=attrs)

    def _derive_adjacency(self) -> None:
        d = self._derived
        self._orth = {k: set(v) for k, v in d.orth.items()}
        self._diag = {k: set(v) for k, v in d.diag.items()}
        self.sides = dict(d.sides)
        if d.point_tree is not None:
            self._point_tree = d.point_tree


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
        return _PrebuiltBoard(d, spaces, sides, links, name=name, attrs=attrs)
    polygons = tuple(shapely.from_wkt([s["wkt"] for s in entries])) if entries else ()
    spaces = [Space(s["key"], p, s.get("kind", "square"), s.get("attrs", {}), s.get("label", ""))
              for s, p in zip(entries, polygons, strict=True)]
    built = _RecordingBoard(spaces, sides, links, name=name, attrs=attrs)
    orth, diag, derived_sides = built.recorded
    d = Derived(keys=tuple(built.keys()), polygons=polygons, orth=orth, diag=diag,
                sides=derived_sides,
                point_tree=STRtree(list(polygons)) if polygons else None,
                spaces={sp.key: sp for sp in spaces})
    built._point_tree = d.point_tree
    cache.store(key, d)
    return built
