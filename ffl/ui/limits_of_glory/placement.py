"""Weighing where a space's markers may stand (the search of :mod:`.markers`): every
candidate place of a layout at once, in numpy arrays, instead of one by one.

A candidate is a position for each marker; what it costs is what the markers (and
the lines under them) then cover of the print and of the markers placed before,
weighed, plus what stands out of the space (a marker's centre out of it; for a
summary, the part of it out of the space or on a river).  The arithmetic is the
same as weighing the candidates one by one with QRectF and shapely, in the same
order (the terms of a candidate are summed one after another, as a running sum),
so every cost, and so every placement chosen, is exactly what that gave.
"""

from __future__ import annotations

import numpy as np
import shapely
from PySide6.QtCore import QRectF
from shapely.geometry import LineString, Polygon
from shapely.geometry.polygon import orient

from ffl.ui.style import UNIT

from .marker_item import PRINT_WEIGHT, SIZE

#: how many times worse than usual a summary covering print is
STACK_PRINT = 10
#: a summary keeps this far off a river's line (board units; the line is 0.09 wide)
RIVER_MARGIN = 0.06


class _Board:
    """What the placement search keeps per board, with the board itself (a new play
    window on the same board, a game opened again, finds it too): the placements
    found (:meth:`MarkerLayer._arranged`) and the shapes it asks about, each made
    once: every space's outline and the rivers near it, prepared."""

    def __init__(self, board) -> None:
        self.board = board
        self.placements: dict[tuple, tuple] = {}
        self.outlines: dict[str, object] = {}
        self.rivers_near: dict[str, object] = {}
        self._rivers = None

    @property
    def rivers(self):
        """The rivers drawn on the map with a margin (board units): summaries keep off."""
        if self._rivers is None:
            lines = self.board.attrs.get("rivers") or []
            self._rivers = shapely.unary_union(
                [LineString(line).buffer(RIVER_MARGIN) for line in lines if len(line) > 1]) \
                if lines else Polygon()
        return self._rivers


_BOARDS: dict[int, _Board] = {}


def board_of(board) -> _Board:
    entry = _BOARDS.get(id(board))
    if entry is None or entry.board is not board:
        if len(_BOARDS) >= 4:
            _BOARDS.clear()
        entry = _BOARDS[id(board)] = _Board(board)
    return entry


class Others:
    """The rectangles a search keeps off (scene units) and how much covering each
    weighs, as arrays (left, right, top, bottom: Qt's reading of a rectangle)."""

    def __init__(self, weighed: list[tuple[QRectF, float]]) -> None:
        self.rects = [r for r, _ in weighed]
        x = np.array([r.x() for r in self.rects], dtype=float)
        w = np.array([r.width() for r in self.rects], dtype=float)
        y = np.array([r.y() for r in self.rects], dtype=float)
        h = np.array([r.height() for r in self.rects], dtype=float)
        self.left, self.right = np.minimum(x, x + w), np.maximum(x, x + w)
        self.top, self.bottom = np.minimum(y, y + h), np.maximum(y, y + h)
        #: a null rectangle (no width or no height) meets nothing (QRectF.intersects)
        self.real = (self.left != self.right) & (self.top != self.bottom)
        self.weight = np.array([wt for _, wt in weighed], dtype=float)

    def plus(self, rects: list[QRectF], weight: float) -> Others:
        return Others([(r, float(w)) for r, w in zip(self.rects, self.weight, strict=True)]
                      + [(r, weight) for r in rects])


class Weighed:
    """The candidates' costs (``cost``, one a candidate) and the rectangles the
    markers take in candidate ``k`` (:meth:`rects`)."""

    def __init__(self, cost, x, y, w, h) -> None:
        self.cost, self._x, self._y, self._w, self._h = cost, x, y, w, h

    def best(self) -> int:
        """The first of the cheapest (as a search one by one keeps the first)."""
        return int(np.argmin(self.cost))

    def rects(self, k: int) -> list[QRectF]:
        return [QRectF(float(x), float(y), w, h) for x, y, w, h in
                zip(self._x[:, k], self._y[:, k], self._w, self._h, strict=True)]


def weigh(markers, xs, ys, others: Others, outline, rivers, below: float | None = None
          ) -> Weighed:
    """The cost of each candidate: marker ``i`` centred at (``xs[i][k]``, ``ys[i][k]``)
    in candidate ``k`` (scene units).  ``outline``: the space (prepared, board units);
    ``rivers``: the rivers near it with their margin (prepared; None unless a marker
    is a summary).  Print covered weighs PRINT_WEIGHT (and STACK_PRINT times that for
    a summary); a marker whose centre is out of its space as much as a whole marker
    on print, the line under it as a marker beside another; a summary's part on a
    river as much as print covered, its part out of its space a tenth of that.

    A summary's shapes are cut (shapely: slow) only in the candidates that may still
    be the cheapest, or with ``below``, up to the first that costs less than it: the
    parts on a river and in the space are first reckoned from the shapes' edges, a
    little less and a little more than they are (a lower bound of the cost); the
    others' cost is then infinite."""
    stacked = any(m.form == "stack" for m in markers)
    weight = PRINT_WEIGHT * (STACK_PRINT if stacked else 1)
    xr, yr, wr, hr, square = [], [], [], [], []
    for m, x, y in zip(markers, xs, ys, strict=True):
        parts = [m.body()] + ([m.sub_rect()] if m.sub else [])
        for n, r in enumerate(parts):
            xr.append(r.x() + x)
            yr.append(r.y() + y)
            wr.append(r.width())
            hr.append(r.height())
            square.append(n == 0)
    x, y = np.array(xr), np.array(yr)           # (rectangles, candidates)
    w, h = np.array(wr), np.array(hr)
    square = np.array(square)
    right, bottom = x + w[:, None], y + h[:, None]
    # what each rectangle covers of each other one: (rectangles, others, candidates)
    cover = _covered(x, right, y, bottom, others)
    count = x.shape[1]

    def running(extra, k):
        """The cost of candidates ``k`` with ``extra`` after each rectangle's cover:
        their terms summed one after another (a running sum), as the search one by
        one did."""
        terms = np.concatenate([cover[:, :, k], extra[:, None, :]], axis=1)
        return np.cumsum(terms.reshape(-1, len(k)), axis=0)[-1]

    every = np.arange(count)
    if not stacked:
        out = ~shapely.contains_xy(outline, (x + w[:, None] / 2) / UNIT,
                                   (y + h[:, None] / 2) / UNIT)
        s = SIZE * UNIT
        fine = np.array([s * s * (PRINT_WEIGHT if q else 1) for q in square])
        return Weighed(running(np.where(out, fine[:, None], 0.0), every), x, y, wr, hr)
    # a summary: the part of it on a river, and of its body out of its space; first
    # reckoned from the shapes' edges, then cut (shapely) where that must decide
    bodies = shapely.box(x / UNIT, y / UNIT, right / UNIT, bottom / UNIT)
    area = shapely.area(bodies)
    river = _area_in(x.ravel() / UNIT, y.ravel() / UNIT, right.ravel() / UNIT,
                     bottom.ravel() / UNIT, rivers).reshape(x.shape)
    body = np.flatnonzero(square)
    inside = _area_in(x[body].ravel() / UNIT, y[body].ravel() / UNIT,
                      right[body].ravel() / UNIT, bottom[body].ravel() / UNIT,
                      outline).reshape(len(body), count)
    # a little less on a river and more in the space than reckoned, and the other way
    wet_low = np.maximum(river - _SLACK, 0.0)
    wet_low[body] = wet_low[body] + (area[body] - np.minimum(inside + _SLACK, area[body])) \
        / STACK_PRINT
    wet_high = river + _SLACK
    wet_high[body] = wet_high[body] + (area[body] - np.maximum(inside - _SLACK, 0.0)) \
        / STACK_PRINT

    def terms(wet, k):
        return (w * h)[:, None] * wet / np.maximum(area[:, k], 1e-9) * weight

    def exact(k):
        """The cost of candidates ``k``, their shapes cut (shapely)."""
        cut = bodies[:, k]
        part = np.zeros(cut.shape)
        on = shapely.intersects(rivers, cut)
        if on.any():
            part[on] = shapely.area(shapely.intersection(cut[on], rivers))
        out = square[:, None] & ~shapely.contains(outline, cut)
        if out.any():
            part[out] = part[out] + (area[:, k][out] - shapely.area(
                shapely.intersection(cut[out], outline))) / STACK_PRINT
        return running(terms(part, k), k)

    # each term is >= 0 and a running sum only grows with its terms: with the parts
    # as reckoned, no more (``low``) and no less (``high``) than the cost
    low = running(terms(wet_low, every), every)
    high = running(terms(wet_high, every), every)
    cost = np.full(count, np.inf)
    if below is not None:
        # the first candidate (in their order) that costs less than ``below``: cut
        # those that may, up to the first that surely does
        maybe = every[low < below]
        sure = high[maybe] < below
        start = 0
        while start < len(maybe):
            ahead = np.flatnonzero(sure[start:])
            stop = start + (int(ahead[0]) + 1 if len(ahead) else len(maybe) - start)
            for part in range(start, stop, _FEW):
                k = maybe[part:min(part + _FEW, stop)]
                cost[k] = exact(k)
                if (cost[k] < below).any():
                    return Weighed(cost, x, y, wr, hr)
            start = stop
        return Weighed(cost, x, y, wr, hr)
    # the cheapest: only those that may cost no more than the surely cheapest can be
    bound = high.min()
    best, first = np.inf, count             # the cheapest so far and the first of it
    waiting = np.argsort(low, kind="stable")
    for start in range(0, count, _FEW):
        k = waiting[start:start + _FEW]
        if low[k[0]] > min(best, bound):
            break                           # these and all after cost more
        k = k[((low[k] < best) | ((low[k] == best) & (k < first))) & (low[k] <= bound)]
        if not len(k):
            continue
        cost[k] = exact(k)
        i = min(range(len(k)), key=lambda i: (cost[k[i]], k[i]))
        if (cost[k[i]], k[i]) < (best, first):
            best, first = cost[k[i]], int(k[i])
    return Weighed(cost, x, y, wr, hr)


#: candidates whose shapes are cut together
_FEW = 8
#: how far a reckoned area may be off the one shapely cuts (board units squared:
#: far more than the rounding of either, far less than a cost that tells places apart)
_SLACK = 1e-7


def _area_in(left, top, right, bottom, shape) -> np.ndarray:
    """The area of each box (board units) inside ``shape`` (polygons), reckoned from
    the shape's edges: for each x across a box, the height of the shape in it is
    what the edges crossing there add up to (each clamped to the box's height)."""
    if not len(left):
        return np.zeros(0)
    a, b = _edges(shape)
    return -_under_edges(left, top, right, bottom, a, b)


#: each shape's edges (:func:`_edges`), by the shape (kept with it)
_EDGES: dict[int, tuple] = {}


def _edges(shape):
    """The edges a -> b of ``shape``'s polygons, outsides anticlockwise and holes
    clockwise (a line or point left by a cut has no area: left out)."""
    hit = _EDGES.get(id(shape))
    if hit is not None and hit[0] is shape:
        return hit[1], hit[2]
    starts, ends = [np.zeros((0, 2))], [np.zeros((0, 2))]
    for polygon in shapely.get_parts(shape):
        if not isinstance(polygon, Polygon):
            continue
        polygon = orient(polygon, 1.0)
        for ring in (polygon.exterior, *polygon.interiors):
            xy = np.asarray(ring.coords)
            starts.append(xy[:-1])
            ends.append(xy[1:])
    a, b = np.concatenate(starts), np.concatenate(ends)
    if len(_EDGES) > 256:
        _EDGES.clear()
    _EDGES[id(shape)] = (shape, a, b)
    return a, b


def _under_edges(left, top, right, bottom, a, b) -> np.ndarray:
    """For each box, the sum over the edges a -> b of the area between the edge
    (clamped to the box's height) and the box's top, across the box's width; signed
    by the edge's direction (leftwards negative)."""
    x0, y0, x1, y1 = a[:, 0], a[:, 1], b[:, 0], b[:, 1]
    u0 = np.maximum(np.minimum(x0, x1)[None, :], left[:, None])   # the edge across the box
    u1 = np.minimum(np.maximum(x0, x1)[None, :], right[:, None])
    # an edge above a box (all of it less far down than the box's top) adds nothing
    box, edge = np.nonzero((u1 > u0) & (np.maximum(y0, y1)[None, :] > top[:, None]))
    u0, u1 = u0[box, edge], u1[box, edge]
    x0, y0, x1, y1 = x0[edge], y0[edge], x1[edge], y1[edge]
    slope = (y1 - y0) / (x1 - x0)           # not upright: it runs across some width
    height = bottom[box] - top[box]
    p = y0 + (u0 - x0) * slope - top[box]   # the edge's height above the top, at u0
    rise = (u1 - u0) * slope                # ... and how much it rises to u1
    # the clamped height is linear between where it meets 0 and the box's height
    flat = np.abs(rise) < 1e-12
    safe = np.where(flat, 1.0, rise)
    t0 = np.where(flat, 0.0, np.clip(-p / safe, 0.0, 1.0))
    t1 = np.where(flat, 0.0, np.clip((height - p) / safe, 0.0, 1.0))
    c1, c2 = np.minimum(t0, t1), np.maximum(t0, t1)
    h0 = np.clip(p, 0.0, height)
    h1 = np.clip(p + c1 * rise, 0.0, height)
    h2 = np.clip(p + c2 * rise, 0.0, height)
    h3 = np.clip(p + rise, 0.0, height)
    under = c1 * (h0 + h1) + (c2 - c1) * (h1 + h2) + (1.0 - c2) * (h2 + h3)
    signed = np.where(x1 >= x0, 0.5, -0.5) * under * (u1 - u0)
    return np.bincount(box, weights=signed, minlength=len(left))


def _covered(left, right, top, bottom, others: Others):
    """The area of each rectangle on each of ``others``, times its weight (0 when they
    do not meet: QRectF.intersects and QRectF.intersected's arithmetic)."""
    if not others.rects:
        return np.zeros((left.shape[0], 0, left.shape[1]))
    l1, r1, t1, b1 = (a[:, None, :] for a in (left, right, top, bottom))
    l2, r2, t2, b2 = (a[None, :, None] for a in (others.left, others.right, others.top,
                                                  others.bottom))
    meet = (l1 < r2) & (l2 < r1) & (t1 < b2) & (t2 < b1) & others.real[None, :, None] & \
        (l1 != r1) & (t1 != b1)
    width = np.minimum(r1, r2) - np.maximum(l1, l2)
    height = np.minimum(b1, b2) - np.maximum(t1, t2)
    return np.where(meet, width * height * others.weight[None, :, None], 0.0)
