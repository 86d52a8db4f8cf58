"""Segment walks: what a straight sight line meets on a board, in order.

A :class:`Walk` lists, along the segment from ``a`` to ``b``, every
:class:`Crossing` with its distance from ``a`` (board units):

* ``"space"``: the line runs through the inside of a space (``key`` is the
  space key, ``t_in``..``t_out`` the stretch inside it);
* ``"corner"``: the line touches a vertex of the spaces' polygons (``key`` is
  the sorted tuple of every space whose border passes through that point);
* ``"side"``: the line crosses a border between two spaces at a single point
  that is no corner (``key`` is the sorted pair, the board's side key; one key
  only where the line crosses the board's edge);
* ``"along-side"``: the line runs exactly along a border (``key`` is the sorted
  pair of the spaces either side, or one key on the board's edge).

Point crossings have ``t_in == t_out``.  Crossings are sorted by
``(t_in, t_out)``, so a square the line leaves comes before the corner or side
it leaves through, which comes before the next square.

FFL rule 7.5 checks the line from sighting dot to sighting dot: rule 7.51/7.53
need every square and every square corner the line passes (``Walk.intervening``),
rule 7.531 where each lies between the two units (``Walk.closer``), and rule
7.52 the sides and corners next to the firer (``"side"``/``"corner"``).

Two ways to compute a walk, with the same results:

* on any board, with shapely (a few vectorised calls per query);
* on square grids built by :func:`ffl.engine.grids.square_grid`, between two
  sighting dots at square centres, exactly and without shapely: the walk for an
  offset ``(dx, dy)`` is computed once in integer arithmetic and then shifted to
  each start square.

Use :func:`sight_table` (one per board, cached) or :func:`walk_spaces`.
"""

from __future__ import annotations

import functools
import math
import weakref
from collections.abc import Callable, Iterator
from typing import NamedTuple

import numpy as np
import shapely
from shapely.geometry import LineString
from shapely.strtree import STRtree

from .board import _SCALE, PRECISION, Board, _snapped

SPACE = "space"
CORNER = "corner"
SIDE = "side"
ALONG = "along-side"
#: Points closer than this (board units) count as touching: a tenth of the
#: precision the board's coordinates are snapped to.
EPS = PRECISION / 10
_RANK = {SPACE: 0, CORNER: 1, SIDE: 2, ALONG: 3}

Key = str | tuple[str, ...]


class Crossing(NamedTuple):
    """One thing the line meets, from ``t_in`` to ``t_out`` along it."""

    kind: str
    key: Key
    t_in: float
    t_out: float

    @property
    def spaces(self) -> tuple[str, ...]:
        """Every space this crossing names."""
        return (self.key,) if self.kind == SPACE else self.key  # type: ignore[return-value]

    @property
    def t(self) -> float:
        """The middle of the crossing along the line."""
        return (self.t_in + self.t_out) / 2


def _order(c: Crossing) -> tuple:
    return (c.t_in, c.t_out, _RANK[c.kind], c.spaces)


class Walk:
    """The crossings of one segment from ``a`` to ``b``, in order along it."""

    __slots__ = ("a", "b", "length", "_crossings", "_make")

    def __init__(
        self,
        a: tuple[float, float],
        b: tuple[float, float],
        length: float,
        crossings: tuple[Crossing, ...] | None = None,
        make: Callable[[], tuple[Crossing, ...]] | None = None,
    ) -> None:
        self.a, self.b, self.length = a, b, length
        self._crossings = crossings
        self._make = make

    @property
    def crossings(self) -> tuple[Crossing, ...]:
        if self._crossings is None:
            self._crossings = self._make() if self._make else ()
            self._make = None
        return self._crossings

    def __iter__(self) -> Iterator[Crossing]:
        return iter(self.crossings)

    def __len__(self) -> int:
        return len(self.crossings)

    def __getitem__(self, i: int) -> Crossing:
        return self.crossings[i]

    def __repr__(self) -> str:
        return f"Walk({self.a} -> {self.b}, {len(self.crossings)} crossings)"

    def of_kind(self, kind: str) -> tuple[Crossing, ...]:
        return tuple(c for c in self.crossings if c.kind == kind)

    @property
    def spaces(self) -> tuple[str, ...]:
        """The keys of the spaces passed through, in order (ends included)."""
        return tuple(c.key for c in self.crossings if c.kind == SPACE)  # type: ignore[misc]

    @property
    def corners(self) -> tuple[Crossing, ...]:
        return self.of_kind(CORNER)

    @property
    def sides(self) -> tuple[Crossing, ...]:
        return self.of_kind(SIDE)

    @property
    def along(self) -> tuple[Crossing, ...]:
        return self.of_kind(ALONG)

    @property
    def intervening(self) -> tuple[Crossing, ...]:
        """Every crossing except the spaces holding the two ends of the line."""
        end = self.length - EPS
        return tuple(
            c for c in self.crossings
            if not (c.kind == SPACE and (c.t_in <= EPS or c.t_out >= end))
        )

    def closer(self, crossing: Crossing) -> int:
        """-1 if the crossing's middle is nearer ``a``, 1 if nearer ``b``, 0 midway."""
        diff = crossing.t - self.length / 2
        if abs(diff) <= EPS * max(1.0, self.length):
            return 0
        return -1 if diff < 0 else 1

    def touches(self, key: str) -> bool:
        """Whether any crossing names the space ``key``."""
        return any(key in c.spaces for c in self.crossings)


# -- general path: any board, with shapely ------------------------------------------------


class _Geometry:
    """What a shapely walk needs, built once per board."""

    def __init__(self, board: Board) -> None:
        self.keys = board.keys()
        self.polys = _snapped([board[k].polygon for k in self.keys])
        self.bounds = shapely.boundary(self.polys)
        self.tree = STRtree(self.polys)
        coords = shapely.get_coordinates(self.polys)
        verts = np.unique(np.rint(coords * _SCALE).astype(np.int64), axis=0) / _SCALE
        self.verts = verts
        self.vtree = STRtree(shapely.points(verts))
        vi, pi = self.tree.query(shapely.points(verts), predicate="dwithin", distance=EPS)
        names: list[list[str]] = [[] for _ in range(len(verts))]
        for v, p in zip(vi.tolist(), pi.tolist(), strict=True):
            names[v].append(self.keys[p])
        self.vert_spaces = [tuple(sorted(n)) for n in names]

    def walk(self, a: tuple[float, float], b: tuple[float, float]) -> Walk:
        # The board is snapped to PRECISION (as for adjacency); so are the ends.
        ax, ay, bx, by = (round(float(v) * _SCALE) / _SCALE for v in (*a, *b))
        length = math.hypot(bx - ax, by - ay)
        if length == 0.0:
            pt = shapely.points(ax, ay)
            hits = self.tree.query(pt, predicate="intersects")
            found = sorted(self.keys[i] for i in hits.tolist())
            return Walk((ax, ay), (bx, by), 0.0, tuple(Crossing(SPACE, k, 0.0, 0.0) for k in found))
        line = LineString([(ax, ay), (bx, by)])
        cand = self.tree.query(line, predicate="intersects")
        if len(cand) == 0:
            return Walk((ax, ay), (bx, by), length, ())
        ux, uy = (bx - ax) / length, (by - ay) / length

        def along(xy: np.ndarray) -> np.ndarray:
            return np.clip((xy[:, 0] - ax) * ux + (xy[:, 1] - ay) * uy, 0.0, length)

        hits = shapely.get_coordinates(shapely.intersection(line, self.bounds[cand]))
        vidx = self.vtree.query(line, predicate="dwithin", distance=EPS)
        vts = along(self.verts[vidx]) if len(vidx) else np.empty(0)
        ts = np.concatenate([[0.0, length], along(hits), vts])
        ts.sort()
        # One representative per cluster of breakpoints closer than EPS; a
        # corner's own distance wins, the ends are exactly 0 and length.
        reps: list[float] = []
        for t in ts.tolist():
            if not reps or t - reps[-1] > EPS:
                reps.append(t)
        reps[0] = 0.0
        if length - reps[-1] <= EPS:
            reps[-1] = length
        else:
            reps.append(length)
        corner_at: dict[int, tuple[str, ...]] = {}
        rep_arr = np.array(reps)
        for v, t in zip(vidx.tolist(), vts.tolist(), strict=True):
            i = int(np.argmin(np.abs(rep_arr - t)))
            if 0 < i < len(reps) - 1:
                reps[i] = t
            corner_at[i] = self.vert_spaces[v]
        rep_arr = np.array(reps)
        mids = (rep_arr[:-1] + rep_arr[1:]) / 2
        pts = shapely.points(np.column_stack([ax + ux * rep_arr, ay + uy * rep_arr]))
        mpts = shapely.points(np.column_stack([ax + ux * mids, ay + uy * mids]))
        bnd = self.bounds[cand][:, None]
        on_mid = shapely.dwithin(bnd, mpts[None, :], EPS)
        in_mid = shapely.intersects(self.polys[cand][:, None], mpts[None, :]) & ~on_mid
        on_pt = shapely.dwithin(bnd, pts[None, :], EPS)
        names = [self.keys[i] for i in cand.tolist()]
        out: list[Crossing] = []
        for k, name in enumerate(names):
            j, n = 0, len(mids)
            while j < n:
                if in_mid[k, j]:
                    j0 = j
                    while j + 1 < n and in_mid[k, j + 1]:
                        j += 1
                    out.append(Crossing(SPACE, name, reps[j0], reps[j + 1]))
                j += 1
        along_ends: set[int] = set()
        run: tuple[str, ...] | None = None
        for j in range(len(mids)):
            owners = tuple(sorted(names[k] for k in np.flatnonzero(on_mid[:, j]).tolist()))
            if in_mid[:, j].any() or not owners:
                owners = ()
            if owners and owners == run:
                last = out[-1]
                out[-1] = Crossing(ALONG, owners, last.t_in, reps[j + 1])
            elif owners:
                out.append(Crossing(ALONG, owners, reps[j], reps[j + 1]))
            if owners:
                along_ends.update((j, j + 1))
            run = owners or None
        for i, t in enumerate(reps):
            if i in corner_at:
                out.append(Crossing(CORNER, corner_at[i], t, t))
            elif i not in along_ends:
                owners = tuple(sorted(names[k] for k in np.flatnonzero(on_pt[:, i]).tolist()))
                if owners:
                    out.append(Crossing(SIDE, owners, t, t))
        out.sort(key=_order)
        return Walk((ax, ay), (bx, by), length, tuple(out))


# -- fast path: square grids, centre to centre -------------------------------------------

Template = tuple[tuple[str, tuple[tuple[int, int], ...], float, float], ...]


@functools.lru_cache(maxsize=20_000)
def offset_template(dx: int, dy: int) -> Template:
    """The walk from the centre of square (0, 0) to the centre of (dx, dy).

    Exact: in the frame where ``dx, dy >= 0`` the line meets the vertical grid
    line ``x = k`` at the fraction ``(2k-1)/(2dx)`` and the horizontal line
    ``y = m`` at ``(2m-1)/(2dy)``; both are compared as integers over the common
    denominator ``2*dx*dy``, so corners (both at once) are found exactly.
    Cells are given relative to the start square.
    """
    sx, sy = (1 if dx >= 0 else -1), (1 if dy >= 0 else -1)
    ax, ay = abs(dx), abs(dy)
    length = math.hypot(ax, ay)
    if ax == 0 and ay == 0:
        return ((SPACE, ((0, 0),), 0.0, 0.0),)
    den = 2 * max(ax, 1) * max(ay, 1)
    vert = [(2 * k - 1) * (den // (2 * ax)) for k in range(1, ax + 1)] if ax else []
    horz = [(2 * m - 1) * (den // (2 * ay)) for m in range(1, ay + 1)] if ay else []
    out: list[tuple[str, tuple[tuple[int, int], ...], float, float]] = []

    def cell(c: int, r: int) -> tuple[int, int]:
        return (sx * c, sy * r)

    def dist(num: int) -> float:
        return num * length / den

    cx = cy = 0
    prev = 0
    i = j = 0
    while i < len(vert) or j < len(horz):
        v = vert[i] if i < len(vert) else None
        h = horz[j] if j < len(horz) else None
        s = min(x for x in (v, h) if x is not None)
        out.append((SPACE, (cell(cx, cy),), dist(prev), dist(s)))
        if v == s and h == s:
            cells = (cell(cx, cy), cell(cx + 1, cy), cell(cx, cy + 1), cell(cx + 1, cy + 1))
            out.append((CORNER, cells, dist(s), dist(s)))
            cx, cy, i, j = cx + 1, cy + 1, i + 1, j + 1
        elif v == s:
            out.append((SIDE, (cell(cx, cy), cell(cx + 1, cy)), dist(s), dist(s)))
            cx, i = cx + 1, i + 1
        else:
            out.append((SIDE, (cell(cx, cy), cell(cx, cy + 1)), dist(s), dist(s)))
            cy, j = cy + 1, j + 1
        prev = s
    out.append((SPACE, (cell(cx, cy),), dist(prev), length))
    return tuple(out)


def _unit_squares(board: Board) -> dict[str, tuple[int, int]] | None:
    """``key -> (col, row)`` if every space is the unit square at its col/row with
    its sighting dot at the centre (what the fast path assumes), else ``None``."""
    if board.attrs.get("grid") != "square" or len(board) == 0:
        return None
    keys = board.keys()
    spaces = [board[k] for k in keys]
    cells = [(s.get("col"), s.get("row")) for s in spaces]
    if any(not isinstance(c, int) or not isinstance(r, int) for c, r in cells):
        return None
    polys = np.array([s.polygon for s in spaces], dtype=object)
    at = np.array(cells, dtype=float)
    want = np.hstack([at, at + 1.0])
    if not (np.array_equal(shapely.bounds(polys), want)
            and np.all(shapely.area(polys) == 1.0)):
        return None
    if any(s.get("dot") is not None and tuple(s.get("dot")) != (c + 0.5, r + 0.5)
           for s, (c, r) in zip(spaces, cells, strict=True)):
        return None
    if len(set(cells)) != len(cells):
        return None
    return dict(zip(keys, cells, strict=True))


class SightTable:
    """Line-of-sight walks for one board; shared through :func:`sight_table`.

    ``walk(key_a, key_b)`` goes from sighting dot to sighting dot.  On a square
    grid it is a lookup: the offset's template (computed once) is shifted to the
    start square and turned into crossings only when first read.
    """

    MAX_CACHED = 200_000

    def __init__(self, board: Board) -> None:
        self.board = board
        self._geometry: _Geometry | None = None
        self._cache: dict[tuple[str, str], Walk] = {}
        cells = _unit_squares(board)
        self.fast = cells is not None
        if cells is not None:
            self._cells = cells
            self._cols = max(c for c, _ in cells.values()) + 1
            rows = max(r for _, r in cells.values()) + 1
            grid: list[str | None] = [None] * (self._cols * rows)
            for key, (c, r) in cells.items():
                grid[r * self._cols + c] = key
            self._grid = grid
            order = {k: n for n, k in enumerate(sorted(cells))}
            self._rank = [order[k] if k is not None else -1 for k in grid]
            self._templates: dict[tuple[int, int], tuple] = {}

    @property
    def geometry(self) -> _Geometry:
        if self._geometry is None:
            self._geometry = _Geometry(self.board)
        return self._geometry

    def walk(self, key_a: str, key_b: str) -> Walk:
        """The walk from the sighting dot of ``key_a`` to that of ``key_b``."""
        w = self._cache.get((key_a, key_b))
        if w is None:
            if self.fast:
                w = self._fast(key_a, key_b)
            else:
                w = self.geometry.walk(self.board[key_a].centre, self.board[key_b].centre)
            if len(self._cache) >= self.MAX_CACHED:
                self._cache.clear()
            self._cache[(key_a, key_b)] = w
        return w

    def walk_points(self, a: tuple[float, float], b: tuple[float, float]) -> Walk:
        """The walk between two points; the fast path when both are square centres."""
        if self.fast:
            ka, kb = self._centre_key(a), self._centre_key(b)
            if ka is not None and kb is not None:
                return self.walk(ka, kb)
        return self.geometry.walk(a, b)

    def _centre_key(self, p: tuple[float, float]) -> str | None:
        x, y = p[0] - 0.5, p[1] - 0.5
        if x != int(x) or y != int(y) or x < 0 or y < 0 or x >= self._cols:
            return None
        i = int(y) * self._cols + int(x)
        return self._grid[i] if i < len(self._grid) else None

    def _template(self, dx: int, dy: int) -> tuple:
        tmpl = self._templates.get((dx, dy))
        if tmpl is None:
            cols = self._cols
            tmpl = tuple(
                (kind, tuple(r * cols + c for c, r in cells), t0, t1)
                for kind, cells, t0, t1 in offset_template(dx, dy)
            )
            self._templates[(dx, dy)] = tmpl
        return tmpl

    def prepare(self) -> None:
        """Compute the template of every offset on this grid now (else on first use)."""
        if self.fast:
            rows = len(self._grid) // self._cols
            for dx in range(1 - self._cols, self._cols):
                for dy in range(1 - rows, rows):
                    self._template(dx, dy)

    def _fast(self, key_a: str, key_b: str) -> Walk:
        ca, ra = self._cells[key_a]
        cb, rb = self._cells[key_b]
        tmpl = self._template(cb - ca, rb - ra)
        origin = ra * self._cols + ca
        grid, rank = self._grid, self._rank

        def make() -> tuple[Crossing, ...]:
            out = []
            add = out.append
            for kind, deltas, t0, t1 in tmpl:
                if kind is SPACE:
                    key = grid[origin + deltas[0]]
                    if key is not None:
                        add(_new(Crossing, (SPACE, key, t0, t1)))
                    continue
                if len(deltas) == 2:
                    i, j = origin + deltas[0], origin + deltas[1]
                    ki, kj = grid[i], grid[j]
                    if ki is not None and kj is not None:
                        names = (ki, kj) if rank[i] < rank[j] else (kj, ki)
                    else:
                        names = tuple(k for k in (ki, kj) if k is not None)
                else:
                    names = tuple(sorted(k for d in deltas if (k := grid[origin + d]) is not None))
                if names:
                    add(_new(Crossing, (kind, names, t0, t1)))
            return tuple(out)

        return Walk((ca + 0.5, ra + 0.5), (cb + 0.5, rb + 0.5), tmpl[-1][3], make=make)


_new = tuple.__new__


_TABLES: weakref.WeakKeyDictionary[Board, SightTable] = weakref.WeakKeyDictionary()


def sight_table(board: Board) -> SightTable:
    """The (cached) :class:`SightTable` of ``board``."""
    table = _TABLES.get(board)
    if table is None:
        table = _TABLES[board] = SightTable(board)
    return table


def walk(board: Board, a: tuple[float, float], b: tuple[float, float]) -> Walk:
    """Everything the segment from point ``a`` to point ``b`` meets on ``board``."""
    return sight_table(board).walk_points(a, b)


def walk_spaces(board: Board, key_a: str, key_b: str) -> Walk:
    """The walk between the sighting dots (``Space.centre``) of two spaces."""
    return sight_table(board).walk(key_a, key_b)


def shapely_walk(board: Board, a: tuple[float, float], b: tuple[float, float]) -> Walk:
    """The walk computed with shapely even on square grids (for checks and benches)."""
    return sight_table(board).geometry.walk(a, b)
