"""Board, Space, Side and Link: the static geometry of one map.

Every place a piece can be is a :class:`Space` with a shapely polygon.  Squares,
hexes, zones, card-map sections and off-map boxes are all spaces.  Adjacency is
derived *once* per board from the geometry with an STRtree:

* a shared border of positive length means the two spaces are **orthogonal**
  neighbours (and the border is a :class:`Side`);
* touching at a point only means they are **diagonal** neighbours.

Explicit :class:`Link` records (stairways, egress routes, map insets...) add to
that graph, and features recorded on sides (walls, rivers...) can be asked to
restrict it.  Queries are dictionary lookups; nothing is recomputed per query.

This module is game-agnostic and imports neither Qt nor the database layer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, MultiLineString, Point, Polygon
from shapely.strtree import STRtree

#: Coordinates are snapped to this grid before deriving adjacency, so that two
#: polygons digitised separately still share a border exactly.
PRECISION = 1e-6
#: A shared border shorter than this (in board units) counts as a point touch.
MIN_SIDE_LENGTH = 1e-4

ORTHOGONAL = "orthogonal"
DIAGONAL = "diagonal"


def _freeze(mapping: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True, eq=False)
class Space:
    """One place a piece can be: a square, hex, zone, section or box."""

    key: str
    polygon: Polygon
    kind: str = "square"
    attrs: Mapping[str, Any] = field(default_factory=dict)
    label: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "attrs", _freeze(self.attrs))
        if not self.label:
            object.__setattr__(self, "label", self.key)

    @property
    def centre(self) -> tuple[float, float]:
        """The sighting point: the centroid unless the attributes say otherwise."""
        dot = self.attrs.get("dot")
        if dot is not None:
            return (float(dot[0]), float(dot[1]))
        c = self.polygon.centroid
        return (c.x, c.y)

    def get(self, name: str, default: Any = None) -> Any:
        return self.attrs.get(name, default)


def side_key(a: str, b: str) -> tuple[str, str]:
    """The canonical (sorted) key of the border between spaces ``a`` and ``b``."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True, eq=False)
class Side:
    """The shared border of two orthogonally adjacent spaces, with its features.

    ``features`` are short names such as ``"thin-wall"``, ``"door"``,
    ``"window"``, ``"crenel"``, ``"river"``; ``attrs`` holds anything else a game
    needs (e.g. the elevation levels a feature applies to).
    """

    a: str
    b: str
    geometry: LineString | None = None
    features: frozenset[str] = frozenset()
    attrs: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        a, b = side_key(self.a, self.b)
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)
        object.__setattr__(self, "features", frozenset(self.features))
        object.__setattr__(self, "attrs", _freeze(self.attrs))

    @property
    def key(self) -> tuple[str, str]:
        return (self.a, self.b)

    def has(self, *features: str) -> bool:
        return any(f in self.features for f in features)

    def other(self, key: str) -> str:
        return self.b if key == self.a else self.a


@dataclass(frozen=True, eq=False)
class Link:
    """An explicit connection the geometry cannot tell (stairway, inset, route)."""

    a: str
    b: str
    kind: str
    attrs: Mapping[str, Any] = field(default_factory=dict)
    directed: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "attrs", _freeze(self.attrs))


_SCALE = round(1 / PRECISION)


def _snapped(polygons: list[Polygon]) -> np.ndarray:
    """Copies of ``polygons`` with every coordinate rounded to :data:`PRECISION`."""
    geoms = np.array(polygons, dtype=object)
    coords = shapely.get_coordinates(geoms)
    return shapely.set_coordinates(geoms.copy(), np.rint(coords * _SCALE) / _SCALE)


def _shared_edges(geoms: np.ndarray) -> dict[tuple[int, int], LineString]:
    """Pairs ``(i, j)`` (``i < j``) of polygons with identical edges, and those edges.

    Edges are compared by their snapped end points (in either direction), so
    this is exact and needs no overlay.  Several shared edges are merged into one
    line where they join up.
    """
    rings, owner = shapely.get_rings(geoms, return_index=True)
    coords, ring_of = shapely.get_coordinates(rings, return_index=True)
    q = np.rint(coords * _SCALE).astype(np.int64)
    same_ring = ring_of[:-1] == ring_of[1:]
    p0, p1 = q[:-1][same_ring], q[1:][same_ring]
    edge_owner = owner[ring_of[:-1][same_ring]]
    swap = (p0[:, 0] > p1[:, 0]) | ((p0[:, 0] == p1[:, 0]) & (p0[:, 1] > p1[:, 1]))
    lo = np.where(swap[:, None], p1, p0)
    hi = np.where(swap[:, None], p0, p1)
    keys = np.concatenate([lo, hi], axis=1)
    keep = ~np.all(lo == hi, axis=1)
    keys, edge_owner = keys[keep], edge_owner[keep]
    order = np.lexsort((edge_owner, keys[:, 3], keys[:, 2], keys[:, 1], keys[:, 0]))
    keys, edge_owner = keys[order], edge_owner[order]
    if len(keys) < 2:
        return {}
    same = np.all(keys[1:] == keys[:-1], axis=1)
    run_start = same & ~np.concatenate([[False], same[:-1]])
    run_long = run_start & np.concatenate([same[1:], [False]])
    # Runs of exactly two edges (the usual case): vectorised.
    pairs = np.flatnonzero(run_start & ~run_long)
    a, b = edge_owner[pairs], edge_owner[pairs + 1]
    distinct = a != b
    pairs, a, b = pairs[distinct], a[distinct], b[distinct]
    lines = shapely.linestrings(keys[pairs].reshape(-1, 2, 2) / _SCALE)
    edges: dict[tuple[int, int], list[LineString]] = {}
    for i, j, line in zip(np.minimum(a, b).tolist(), np.maximum(a, b).tolist(),
                          lines.tolist(), strict=True):
        edges.setdefault((i, j), []).append(line)
    # Runs of three or more (overlapping spaces, a modelling error): pairwise.
    for s in np.flatnonzero(run_long).tolist():
        e = s + 1
        while e < len(same) and same[e]:
            e += 1
        owners = sorted(set(edge_owner[s:e + 1].tolist()))
        line = LineString((keys[s] / _SCALE).reshape(2, 2))
        for x in range(len(owners)):
            for y in range(x + 1, len(owners)):
                edges.setdefault((owners[x], owners[y]), []).append(line)
    out: dict[tuple[int, int], LineString] = {}
    for pair, segs in edges.items():
        out[pair] = segs[0] if len(segs) == 1 else shapely.line_merge(MultiLineString(segs))
    return out


class BoardError(ValueError):
    """The board's data is inconsistent (duplicate key, unknown space...)."""


class Board:
    """The static geometry of one map: spaces, sides, links and their adjacency.

    A board is immutable once built.  ``sides`` passed in only need to carry
    features: the geometry of every shared border is derived and merged in.
    """

    def __init__(
        self,
        spaces: Iterable[Space],
        sides: Iterable[Side] = (),
        links: Iterable[Link] = (),
        *,
        name: str = "map",
        attrs: Mapping[str, Any] | None = None,
        same_geometry_as: Board | None = None,
    ) -> None:
        """``same_geometry_as``: a board whose spaces have the same keys, in the same
        order, and equal polygons; its derived adjacency is reused instead of being
        derived again (an editor repainting attributes).  If the geometry turns out
        to differ, adjacency is derived as usual."""
        self.name = name
        self.attrs: Mapping[str, Any] = _freeze(attrs)
        self.spaces: dict[str, Space] = {}
        for space in spaces:
            if space.key in self.spaces:
                raise BoardError(f"duplicate space key {space.key!r}")
            self.spaces[space.key] = space
        self._keys = list(self.spaces)
        self._orth: dict[str, set[str]] = {k: set() for k in self._keys}
        self._diag: dict[str, set[str]] = {k: set() for k in self._keys}
        self.sides: dict[tuple[str, str], Side] = {}
        if same_geometry_as is not None and self._same_geometry(same_geometry_as):
            self._orth = {k: set(v) for k, v in same_geometry_as._orth.items()}
            self._diag = {k: set(v) for k, v in same_geometry_as._diag.items()}
            self.sides = dict(same_geometry_as._borders)
            if hasattr(same_geometry_as, "_point_tree"):
                self._point_tree = same_geometry_as._point_tree
                self._point_areas = same_geometry_as._point_areas
        else:
            self._derive_adjacency()
        #: the derived borders before any side features were merged in
        self._borders: dict[tuple[str, str], Side] = dict(self.sides)
        for side in sides:
            self._merge_side(side)
        self.links: list[Link] = []
        self._links_from: dict[str, list[Link]] = {k: [] for k in self._keys}
        for link in links:
            self.add_link(link)

    # -- construction ---------------------------------------------------------------

    def _derive_adjacency(self) -> None:
        """Find every orthogonal and diagonal pair from the snapped geometry.

        Candidate pairs come from one STRtree query.  Most orthogonal pairs share
        whole polygon edges; those are matched in numpy by their snapped end
        points, without any overlay.  The remaining pairs (point touches, and
        borders that only partly overlap, e.g. T-junctions) are told apart with
        one vectorised DE-9IM ``relate``; only borders that partly overlap pay
        for a GEOS intersection.
        """
        if not self._keys:
            return
        geoms = _snapped([self.spaces[k].polygon for k in self._keys])
        tree = STRtree(geoms)
        left, right = tree.query(geoms, predicate="intersects")
        mask = left < right
        left, right = left[mask], right[mask]
        if len(left) == 0:
            return
        matched = _shared_edges(geoms)
        orth: dict[tuple[int, int], LineString] = {}
        for pair, line in matched.items():
            if line.length > MIN_SIDE_LENGTH:
                orth[pair] = line
        rest = [(i, j) for i, j in zip(left.tolist(), right.tolist(), strict=True)
                if (i, j) not in orth]
        if rest:
            li = np.fromiter((i for i, _ in rest), dtype=np.intp, count=len(rest))
            ri = np.fromiter((j for _, j in rest), dtype=np.intp, count=len(rest))
            matrices = shapely.relate(geoms[li], geoms[ri])
            # DE-9IM entry 4 is the dimension of boundary & boundary: "1" = a line.
            along = np.array([m[4] == "1" for m in matrices], dtype=bool)
            borders = np.empty(len(rest), dtype=object)
            if along.any():
                borders[along] = shapely.intersection(
                    shapely.boundary(geoms[li[along]]), shapely.boundary(geoms[ri[along]])
                )
            lengths = np.zeros(len(rest))
            if along.any():
                lengths[along] = shapely.length(borders[along])
            for n, (i, j) in enumerate(rest):
                if lengths[n] > MIN_SIDE_LENGTH:
                    border = borders[n]
                    if border.geom_type != "LineString":
                        border = shapely.line_merge(border)
                    orth[(i, j)] = border
                else:
                    a, b = self._keys[i], self._keys[j]
                    self._diag[a].add(b)
                    self._diag[b].add(a)
        for (i, j), line in orth.items():
            a, b = self._keys[i], self._keys[j]
            self._orth[a].add(b)
            self._orth[b].add(a)
            self.sides[side_key(a, b)] = Side(a, b, geometry=line)

    def _same_geometry(self, other: Board) -> bool:
        """Same keys in the same order, and every polygon equal to the other's."""
        if self._keys != other._keys:
            return False
        mine = [self.spaces[k].polygon for k in self._keys]
        theirs = [other.spaces[k].polygon for k in self._keys]
        if all(a is b for a, b in zip(mine, theirs, strict=True)):
            return True
        return bool(np.all(shapely.equals_exact(mine, theirs, tolerance=0.0)))

    def _merge_side(self, side: Side) -> None:
        for k in (side.a, side.b):
            if k not in self.spaces:
                raise BoardError(f"side {side.a}|{side.b}: unknown space {k!r}")
        derived = self.sides.get(side.key)
        if derived is None:
            raise BoardError(f"side {side.a}|{side.b}: the spaces share no border")
        self.sides[side.key] = Side(
            side.a,
            side.b,
            geometry=side.geometry or derived.geometry,
            features=derived.features | side.features,
            attrs={**derived.attrs, **side.attrs},
        )

    def add_link(self, link: Link) -> None:
        for k in (link.a, link.b):
            if k not in self.spaces:
                raise BoardError(f"link {link.kind} {link.a}->{link.b}: unknown space {k!r}")
        self.links.append(link)
        self._links_from[link.a].append(link)
        if not link.directed:
            self._links_from[link.b].append(link)

    # -- queries ----------------------------------------------------------------------

    def __contains__(self, key: object) -> bool:
        return key in self.spaces

    def __len__(self) -> int:
        return len(self.spaces)

    def __getitem__(self, key: str) -> Space:
        return self.spaces[key]

    def keys(self) -> list[str]:
        return list(self._keys)

    def orthogonal(self, key: str) -> frozenset[str]:
        """Spaces sharing a border of positive length with ``key``."""
        return frozenset(self._orth[key])

    def diagonal(self, key: str) -> frozenset[str]:
        """Spaces touching ``key`` at a point only."""
        return frozenset(self._diag[key])

    def links_from(self, key: str, kind: str | None = None) -> list[Link]:
        return [lk for lk in self._links_from[key] if kind is None or lk.kind == kind]

    def linked(self, key: str, kind: str | None = None) -> frozenset[str]:
        return frozenset(
            (lk.b if lk.a == key else lk.a) for lk in self.links_from(key, kind)
        )

    def side(self, a: str, b: str) -> Side | None:
        """The border between two orthogonal neighbours, or ``None``."""
        return self.sides.get(side_key(a, b))

    def sides_of(self, key: str) -> list[Side]:
        return [self.sides[side_key(key, n)] for n in sorted(self._orth[key])]

    def neighbours(
        self,
        key: str,
        *,
        diagonal: bool = True,
        links: bool = True,
        blocked_by: Iterable[str] = (),
    ) -> dict[str, str]:
        """Every neighbour of ``key`` mapped to how it is reached.

        The value is ``"orthogonal"``, ``"diagonal"`` or a link kind.  Orthogonal
        neighbours whose shared side has any feature in ``blocked_by`` are left out.
        """
        blocked = frozenset(blocked_by)
        out: dict[str, str] = {}
        if links:
            for lk in self._links_from[key]:
                out[lk.b if lk.a == key else lk.a] = lk.kind
        if diagonal:
            for n in self._diag[key]:
                out[n] = DIAGONAL
        for n in self._orth[key]:
            if blocked and self.sides[side_key(key, n)].features & blocked:
                continue
            out[n] = ORTHOGONAL
        return out

    def adjacent(self, a: str, b: str) -> str | None:
        """How ``b`` touches ``a`` geometrically: orthogonal, diagonal or None."""
        if b in self._orth[a]:
            return ORTHOGONAL
        if b in self._diag[a]:
            return DIAGONAL
        return None

    def space_at(self, x: float, y: float) -> Space | None:
        """The innermost space containing the point, if any (boundaries count).

        Spaces may lie inside others (Phantom Fury's Location boxes inside their
        Zones): of the spaces holding the point the smallest by area is the one
        found, so a point on a box finds the box, not its zone.  Spaces of
        (nearly) equal area, neighbours meeting on a border, keep the tree's
        first as before."""
        if not hasattr(self, "_point_tree"):
            polygons = [self.spaces[k].polygon for k in self._keys]
            self._point_tree = STRtree(polygons)
            self._point_areas = shapely.area(polygons).tolist()
        hits = self._point_tree.query(Point(x, y), predicate="intersects").tolist()
        if not hits:
            return None
        areas, best = self._point_areas, hits[0]
        for idx in hits[1:]:
            if areas[idx] < areas[best] * (1 - 1e-9):
                best = idx
        return self.spaces[self._keys[best]]

    @property
    def facings(self) -> int:
        """How many facings a piece has here: 6 on a hex grid (one per hex side,
        0 = north, clockwise), else the 8 compass points of squares."""
        if self.attrs.get("grid") == "hex":
            return 6
        kinds = {s.kind for s in self.spaces.values()}
        return 6 if kinds == {"hex"} else 8

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """(minx, miny, maxx, maxy) over every space."""
        if not self._keys:
            return (0.0, 0.0, 0.0, 0.0)
        return tuple(
            shapely.total_bounds([s.polygon for s in self.spaces.values()]).tolist()
        )  # type: ignore[return-value]

    def with_sides(self, sides: Iterable[Side]) -> Board:
        """A copy of this board with extra side features merged in."""
        return Board(
            self.spaces.values(),
            list(self.sides.values()) + list(sides),
            self.links,
            name=self.name,
            attrs=self.attrs,
            same_geometry_as=self,
        )
