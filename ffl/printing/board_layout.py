"""Where each label, symbol and name goes on the reduced gameboard.

The layout is worked out before anything is painted, as boxes in map points
(the map's top left corner at 0, 0; ``s`` points per board unit): first the
symbols fixed on the sides (crenels, the gate, doors with their swing, windows),
then each space's label, moved clear of those, then the symbols that may go
anywhere in their space (stairways, tower stairways, terrain words) and the
building names, each placed where it covers no label and no other symbol.
The painter draws exactly these boxes; the tests check them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import shapely
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QFont, QFontMetricsF
from shapely.geometry import LineString, MultiLineString, Polygon

from ffl.engine import Board, Side
from ffl.engine import features as F

from .symbols import DOOR_PART

#: how far (fraction of a square) each side symbol reaches either side of its line
REACH = {F.CRENEL: 0.14, F.GATE: 0.11, F.WINDOW: 0.08, F.DOOR: 0.08, "water": 0.09,
         "ridge": 0.04}
#: wall feature -> line width in board units, thin first (the thick ones cover their ends)
WALL_WIDTHS = {F.THIN_WALL: 0.07, F.WALL: 0.12, F.CRENELATED_WALL: 0.12, F.THICK_WALL: 0.15,
               F.PARAPET: 0.12}
#: the space between a label and what is around it (points)
PAD = 0.8


@dataclass
class Placed:
    """One thing drawn on the map: what (``kind``), for which space or name, where."""

    kind: str          # label, crenel, gate, door, window, stair, tower, terrain, name
    key: str
    rect: QRectF
    extra: dict = field(default_factory=dict)


def side_ends(side: Side) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The two ends of a side's line (board units), or None."""
    geom = side.geometry
    if geom is None:
        return None
    line = geom if isinstance(geom, LineString) else shapely.line_merge(geom)
    coords = (list(line.coords) if isinstance(line, LineString)
              else [c for g in MultiLineString(line).geoms for c in g.coords])
    return coords[0], coords[-1]


def _hits(rect: QRectF, boxes: list[Placed]) -> bool:
    return any(rect.intersects(b.rect) for b in boxes)


class BoardLayout:
    """The boxes of one board printed at ``s`` points per board unit."""

    def __init__(self, board: Board, s: float, label_fm: QFontMetricsF,
                 name_font: QFont, name_fm, small_fm: QFontMetricsF | None = None,
                 wrap=None) -> None:
        self.board, self.s = board, s
        self.label_fm, self.name_font, self.name_fm = label_fm, name_font, name_fm
        self.small_fm = small_fm or label_fm
        self.wrap = wrap or (lambda text, font, width: [text])
        self.fixed: list[Placed] = []      # side symbols
        self.labels: dict[str, Placed] = {}
        self.free: list[Placed] = []       # stairs, towers, terrain words, names
        self._swings: dict[tuple[str, str], str] = {}
        #: spaces too small for their labels at the smallest size (The Legend Begins' 2417
        #: hexes on one page): no label is printed rather than a blot of them
        self.crowded = self._crowded()
        self._side_symbols()
        self._labels()

    def _crowded(self) -> bool:
        keys = list(self.board.spaces)
        if len(keys) < 200:
            return False
        widths = sorted(self.box(k).width() for k in keys)
        label = max(self.label_fm.horizontalAdvance(self.board[k].label) for k in keys[:500])
        return widths[len(widths) // 2] < label      # only a smaller, unreadable size would fit

    # -- coordinates --------------------------------------------------------------------

    def pt(self, x: float, y: float) -> QPointF:
        return QPointF(x * self.s, y * self.s)

    def box(self, key: str) -> QRectF:
        minx, miny, maxx, maxy = self.board[key].polygon.bounds
        return QRectF(self.pt(minx, miny), self.pt(maxx, maxy))

    @property
    def placed(self) -> list[Placed]:
        return [*self.fixed, *self.labels.values(), *self.free]

    # -- side symbols -------------------------------------------------------------------

    def _side_symbols(self) -> None:
        for side in self.board.sides.values():
            ends = side_ends(side) if side.features else None
            if ends is None:
                continue
            a, b = self.pt(*ends[0]), self.pt(*ends[1])
            f = set(side.features)
            wall = max((w for name, w in WALL_WIDTHS.items() if name in f), default=0.0)
            if wall:
                reach = wall * self.s / 2 + 0.3
                self.fixed.append(Placed("wall", f"{side.a}|{side.b}", QRectF(a, b).normalized()
                                         .adjusted(-reach, -reach, reach, reach)))
            if f & set(F.WATER):
                f.add("water")
            if f & set(F.RIDGES):
                f.add("ridge")
            for feat in (F.CRENEL, F.GATE, F.DOOR, F.WINDOW, "water", "ridge"):
                if feat not in f or (feat == F.WINDOW and F.DOOR in f):
                    continue
                part = {F.GATE: 0.5, F.WINDOW: 0.5, F.DOOR: DOOR_PART}.get(feat, 1.0)
                reach = REACH[feat] * self.s + 0.3
                mid = (a + b) / 2
                half = QPointF((b.x() - a.x()) * part / 2, (b.y() - a.y()) * part / 2)
                p1, p2 = mid - half, mid + half
                rect = QRectF(p1, p2).normalized().adjusted(-reach, -reach, reach, reach)
                extra = {}
                if feat == F.DOOR:
                    towards = self.swing_side(side)
                    extra["towards"] = towards
                    c = self.pt(*self.board[towards].centre)
                    rect = rect.united(self._swing_box(p1, p2, c))
                self.fixed.append(Placed(feat, f"{side.a}|{side.b}", rect, extra))

    def swing_side(self, side: Side) -> str:
        """The space a door swings into: one whose label the swing does not
        cover where it would go, the one above or to the left first (labels sit
        at the top left, so that swing stays in its lower or right half)."""
        known = self._swings.get((side.a, side.b))
        if known is not None:
            return known
        ca, cb = self.board[side.a].centre, self.board[side.b].centre
        order = [side.a, side.b] if (round(ca[1], 6), ca[0]) < (round(cb[1], 6), cb[0]) \
            else [side.b, side.a]
        ends = side_ends(side)
        choice = order[0]
        if ends is not None:
            a, b = self.pt(*ends[0]), self.pt(*ends[1])
            mid = (a + b) / 2
            half = (b - a) * (DOOR_PART / 2)
            for key in order:
                swing = self._swing_box(mid - half, mid + half, self.pt(*self.board[key].centre))
                if not swing.intersects(self.default_label(key).adjusted(-PAD, -PAD, PAD, PAD)):
                    choice = key
                    break
        self._swings[(side.a, side.b)] = choice
        return choice

    @staticmethod
    def _swing_box(g1: QPointF, g2: QPointF, towards: QPointF) -> QRectF:
        d = g2 - g1
        r = math.hypot(d.x(), d.y())
        n = QPointF(-d.y() / r, d.x() / r)
        mid = (g1 + g2) / 2
        if (towards.x() - mid.x()) * n.x() + (towards.y() - mid.y()) * n.y() < 0:
            n = -n
        return QRectF(g1, g2 + n * r).normalized()      # the quarter circle's square

    # -- labels -------------------------------------------------------------------------

    def label_size(self, key: str) -> tuple[float, float]:
        text = self.board[key].label
        return self.label_fm.horizontalAdvance(text) + 2 * 0.6, self.label_fm.height()

    def default_label(self, key: str) -> QRectF:
        """Where a space's label goes when nothing is in the way."""
        return self._spots(key)[0]

    def _spots(self, key: str, scale: float = 1.0) -> list[QRectF]:
        """The places a label may go, best first: the top left corner of a square
        (moving right, then down; the bottom left if the top is taken), the top
        middle of any other space."""
        s, space = self.s, self.board[key]
        w, h = self.label_size(key)
        w, h = w * scale, h * scale
        cell = self.box(key)
        if space.kind == "square":
            return [QRectF(cell.left() + s * dx / 100, cell.top() + s * dy, w, h)
                    for dy in (0.16, 0.22, 0.28, 0.34) for dx in range(5, 36, 2)] + \
                [QRectF(cell.left() + s * dx / 100, cell.bottom() - s * dy - h, w, h)
                 for dy in (0.1, 0.16) for dx in range(5, 36, 2)]
        cx = self.pt(*space.centre).x()
        top = self.pt(space.centre[0], space.polygon.bounds[1]).y()
        return [QRectF(cx - w / 2 + s * dx, top + s * dy, w, h)
                for dy in (0.12, 0.2, 0.3) for dx in (0, -0.1, 0.1, -0.2, 0.2)]

    def _labels(self) -> None:
        for key in self.board.spaces:
            if self.crowded and self.box(key).width() < self.label_fm.horizontalAdvance(
                    self.board[key].label):
                continue        # crowded: only the spaces wide enough (the boxes) named
            cell = self.box(key).adjusted(-2, -2, 2, 2)
            near = [b for b in self.fixed if b.rect.intersects(cell)]
            rect, chosen = self._spots(key)[0], 1.0
            for scale in (1.0, 0.9, 0.8):       # smaller only where it fits nowhere
                trial = next((t for t in self._spots(key, scale)
                              if not _hits(t.adjusted(-PAD, -PAD, PAD, PAD), near)), None)
                if trial is not None:
                    rect, chosen = trial, scale
                    break
            self.labels[key] = Placed("label", key, rect, {"scale": chosen})

    # -- symbols anywhere in a space ------------------------------------------------------

    def free_rect(self, key: str) -> QRectF:
        """The part of a space under its label (where its symbols go)."""
        cell = self.box(key)
        label = self.labels[key].rect
        inset = self.s * 0.06
        if label.center().y() > cell.center().y():     # a label at the bottom
            return QRectF(QPointF(cell.left() + inset, cell.top() + inset),
                          QPointF(cell.right() - inset, label.top() - PAD))
        return QRectF(QPointF(cell.left() + inset, label.bottom() + PAD),
                      QPointF(cell.right() - inset, cell.bottom() - inset))

    def place_symbol(self, kind: str, key: str, extra: dict | None = None,
                     square: bool = True) -> Placed:
        """A symbol in ``key``'s free area, as large as fits (shrinking until it
        covers no label and no other symbol); ``square`` or the area's shape."""
        free = self.free_rect(key)
        side = min(free.width(), free.height())
        taken = [*self.fixed, *self.labels.values(), *self.free]
        chosen = None
        for scale in (1.0, 0.85, 0.72, 0.6, 0.5):
            dw = side * scale if square else free.width() * scale
            dh = side * scale if square else free.height() * scale
            for fx, fy in ((0.5, 0.5), (0.5, 1.0), (1.0, 1.0), (0.0, 1.0), (1.0, 0.0)):
                x = free.left() + (free.width() - dw) * fx
                y = free.top() + (free.height() - dh) * fy
                trial = QRectF(x, y, dw, dh)
                if not _hits(trial, taken):
                    chosen = trial
                    break
            if chosen is not None:
                break
        placed = Placed(kind, key, chosen or QRectF(free.center().x() - side / 2,
                                                    free.center().y() - side / 2, side, side),
                        extra or {})
        self.free.append(placed)
        return placed

    def place_text(self, kind: str, key: str, text: str) -> Placed:
        """A short word (terrain) in ``key``'s free area, clear of the rest."""
        free = self.free_rect(key)
        w, h = self.small_fm.horizontalAdvance(text), self.small_fm.height()
        taken = [*self.fixed, *self.labels.values(), *self.free]
        rect = QRectF(free.center().x() - w / 2, free.center().y() - h / 2, w, h)
        for fy in (0.5, 1.0, 0.0):
            trial = QRectF(free.center().x() - w / 2, free.top() + (free.height() - h) * fy,
                           w, h)
            if not _hits(trial, taken):
                rect = trial
                break
        placed = Placed(kind, key, rect, {"text": text})
        self.free.append(placed)
        return placed

    def place_name(self, name: str, polys: list[Polygon], grid: bool) -> Placed:
        """A building's name inside its squares, in the row (and at the place in
        it) where it covers no label and no symbol; wrapped to the building's
        width, and set smaller where it fits nowhere at full size."""
        area = shapely.unary_union(polys)
        inside_area = area.buffer(1e-6)
        minx, miny, maxx, maxy = area.bounds
        taken = [*self.fixed, *self.labels.values(), *self.free]
        cx = (minx + maxx) / 2 * self.s
        lines = self.wrap(name, self.name_font, (maxx - minx) * self.s - 4)
        first = None
        for scale in (1.0, 0.85, 0.7, 0.58):
            w = max(self.name_fm.horizontalAdvance(line) for line in lines) * scale + 3
            h = self.name_fm.height() * scale * len(lines)
            for top in self._name_tops(area, miny, maxy, h, grid):
                for dx in self._shifts(maxx - minx):
                    trial = QRectF(cx - w / 2 + dx, top, w, h)
                    box = shapely.box(trial.left() / self.s, trial.top() / self.s,
                                      trial.right() / self.s, trial.bottom() / self.s)
                    if first is None:
                        first = (trial, scale)
                    if inside_area.contains(box) and not _hits(trial, taken):
                        placed = Placed("name", name, trial, {"lines": lines, "scale": scale})
                        self.free.append(placed)
                        return placed
        trial, scale = first
        placed = Placed("name", name, trial, {"lines": lines, "scale": scale})
        self.free.append(placed)
        return placed

    def _name_tops(self, area, miny: float, maxy: float, h: float, grid: bool) -> list[float]:
        """Where a name may start, top to bottom choices: on a grid the strip under
        the labels of each row (middle rows first), else the middle."""
        tops: list[float] = []
        if grid:
            middle = (miny + maxy) / 2
            for row in sorted(range(math.floor(miny), math.ceil(maxy)),
                              key=lambda r: abs(r + 0.5 - middle)):
                bottoms = [lb.rect.bottom() for k, lb in self.labels.items()
                           if abs(self.board[k].polygon.bounds[1] - row) < 1e-6
                           and area.contains(self.board[k].polygon.centroid)]
                label_bottom = max(bottoms, default=row * self.s)
                strip = (row + 1) * self.s - label_bottom
                tops.append(label_bottom + max(PAD, (strip - h) / 2))
        tops.append((miny + maxy) / 2 * self.s - h / 2)
        return tops

    def _shifts(self, width: float) -> list[float]:
        out = [0.0]
        for k in range(1, 2 * int(width) + 1):
            out += [k * self.s * 0.25, -k * self.s * 0.25]
        return out

    # -- checks ---------------------------------------------------------------------------

    def label_overlaps(self) -> list[tuple[str, str, str]]:
        """(label, kind, what) for every label that a symbol or a name covers."""
        out = []
        others = [*self.fixed, *self.free]
        for key, label in self.labels.items():
            for o in others:
                if label.rect.intersects(o.rect):
                    out.append((key, o.kind, o.key))
        return out
