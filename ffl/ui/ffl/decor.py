"""The fort's printed symbols drawn over the board: crenels, doors, windows,
stairways, tower stairs, the gate and the building names.

Everything is built once from the board's data (side features, stairway
links, square attributes) as ordinary scene items in one group.
"""

from __future__ import annotations

import math
import weakref

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItemGroup, QGraphicsPathItem, QGraphicsSimpleTextItem

from ffl.engine import Board
from ffl.engine.features import CRENEL, DOOR, GATE, WINDOW
from ffl.ui.style import UNIT

from ..board_scene import static_item
from .style import GATE_INK, PARADE, STAIR_INK, WALL_INK

DOOR_FILL = QColor("#8a5a2b")
WINDOW_FILL = QColor("#bfe0f0")
NAME_INK = QColor(60, 38, 20, 200)
Z_DECOR = 3
#: the square labels stand over the symbols (a wall's crenels covered its labels' tops)
Z_LABELS = Z_DECOR + 0.5
#: the top of a square that its label (BoardScene: 0.16 of a square, 0.03 from the
#: top) takes, with a little room: building names are drawn below it
LABEL_BAND = 0.24
#: the side features drawn as symbols here
SYMBOLS = frozenset((CRENEL, GATE, DOOR, WINDOW))
#: the symbols made for each side and link, with the spaces they were drawn from
#: (FortDecor._place); sides, links and spaces are immutable and shared by every
#: game of a module (paths, pens and brushes are values: items take copies)
_SYMBOLS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def opening_path(a: QPointF, b: QPointF, share: float) -> QPainterPath:
    """A door or window: a bar across the middle ``share`` of the side a-b."""
    d = b - a
    length = math.hypot(d.x(), d.y())
    u = d / length
    n = QPointF(-u.y(), u.x())
    mid = (a + b) / 2
    half = u * (length * share / 2)
    w = n * (0.05 * UNIT)
    path = QPainterPath()
    pts = [mid - half - w, mid + half - w, mid + half + w, mid - half + w]
    path.moveTo(pts[0])
    for p in pts[1:]:
        path.lineTo(p)
    path.closeSubpath()
    return path


def spiral_path(c: QPointF) -> QPainterPath:
    """The spiral of a tower stairway around the point ``c`` (6.61)."""
    path = QPainterPath()
    path.moveTo(c)
    for i in range(1, 40):
        angle = i * 0.3
        r = 0.012 * UNIT * i
        path.lineTo(c + QPointF(math.cos(angle) * r, math.sin(angle) * r))
    return path


def spiral_pen(colour: QColor = PARADE) -> QPen:
    return QPen(colour, 0.035 * UNIT, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)


def _segment(side) -> tuple[QPointF, QPointF] | None:
    geom = side.geometry
    if geom is None or geom.geom_type != "LineString":
        return None
    (x1, y1), (x2, y2) = geom.coords[0], geom.coords[-1]
    return QPointF(x1 * UNIT, y1 * UNIT), QPointF(x2 * UNIT, y2 * UNIT)


def _top(board: Board, key: str) -> int:
    return max(board[key].get("levels") or [0])


def _towards(board: Board, frm: str, to: str) -> QPointF:
    """Unit vector from the centre of ``frm`` to the centre of ``to``."""
    (ax, ay), (bx, by) = board[frm].centre, board[to].centre
    n = math.hypot(bx - ax, by - ay) or 1.0
    return QPointF((bx - ax) / n, (by - ay) / n)


class FortDecor:
    """Builds the symbol layer of one fort board into ``scene``."""

    def __init__(self, scene, board: Board) -> None:
        self.scene = scene
        self.board = board
        self.group = QGraphicsItemGroup()
        self.group.setZValue(Z_DECOR)
        self.group.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        scene.addItem(self.group)
        self.names: list[QGraphicsSimpleTextItem] = []
        #: the symbols being made by _side, _stairs or _spiral (see _place)
        self._made: list[tuple] = []
        for side in board.sides.values():
            if side.features & SYMBOLS:     # most sides carry none
                self._place(side, (side.a, side.b), lambda s=side: self._side(s))
        for link in board.links:
            if link.kind == "stairway":
                self._place(link, (link.a, link.b), lambda x=link: self._stairs(x.a, x.b))
            elif link.kind == "tower-stairway" and link.attrs.get("from_level") == 0:
                self._place(link, (link.a,), lambda x=link: self._spiral(x.a))
        self._building_names()
        for label in scene.labels:     # the square labels over the crenels and doors
            label.setZValue(Z_LABELS)

    def _place(self, part, keys: tuple[str, ...], make) -> None:
        """Add the symbols of a side or link (``part``) drawn from it and its
        spaces ``keys``: made by ``make()`` once, then kept for as long as the
        part and those spaces are the same (immutable) objects, so a reopened
        game or another game of the module builds its fort from them (issue 12)."""
        spaces = tuple(self.board[k] for k in keys)
        found = _SYMBOLS.get(part)
        if found is None or len(found[0]) != len(spaces) or any(
                a is not b for a, b in zip(found[0], spaces, strict=True)):
            self._made = []
            make()
            found = _SYMBOLS[part] = (spaces, tuple(self._made))
        for path, pen, brush, tip in found[1]:
            self._item(path, pen, brush, tip)

    def _add(self, path: QPainterPath, pen, brush=None, tip: str = "") -> None:
        """One symbol made (added to the scene by :meth:`_place`)."""
        self._made.append((path, pen, brush, tip))

    def _item(self, path: QPainterPath, pen, brush=None, tip: str = "") -> QGraphicsPathItem:
        item = static_item(path)
        item.setPen(pen if pen is not None else QPen(Qt.PenStyle.NoPen))
        if brush is not None:
            item.setBrush(brush)
        if tip:
            item.setToolTip(tip)
        self.group.addToGroup(item)
        return item

    # -- sides --------------------------------------------------------------------

    def _side(self, side) -> None:
        f = side.features
        if not f & SYMBOLS:     # most sides carry none: their geometry is not read
            return
        seg = _segment(side)
        if seg is None:
            return
        a, b = seg
        levels = side.attrs.get("levels", {})
        where = f"{side.a} | {side.b}"
        if CRENEL in f:
            high = side.a if _top(self.board, side.a) >= _top(self.board, side.b) else side.b
            low = side.other(high)
            self._crenels(a, b, _towards(self.board, low, high),
                          f"{where}: crenelated parapet, level {levels.get(CRENEL, '')}")
        if GATE in f:
            self._gate(a, b, where)
        if DOOR in f:
            self._opening(a, b, 0.5, DOOR_FILL, f"{where}: door, level "
                          f"{', '.join(map(str, levels.get(DOOR, [])))}")
        if WINDOW in f:
            self._opening(a, b, 0.36, WINDOW_FILL, f"{where}: window, level "
                          f"{', '.join(map(str, levels.get(WINDOW, [])))}")

    def _crenels(self, a: QPointF, b: QPointF, inward: QPointF, tip: str) -> None:
        """Three merlons along the parapet's outer edge, on the wall's side."""
        d = b - a
        length = math.hypot(d.x(), d.y())
        u = d / length
        path = QPainterPath()
        depth = 0.13 * UNIT
        for i in range(3):
            start = a + u * (length * (0.08 + i * 0.32))
            end = start + u * (length * 0.2)
            poly = [start, end, end + inward * depth, start + inward * depth]
            path.moveTo(poly[0])
            for p in poly[1:]:
                path.lineTo(p)
            path.closeSubpath()
        self._add(path, QPen(WALL_INK, 0.015 * UNIT), QBrush(QColor("#5a412c")), tip)

    def _opening(self, a: QPointF, b: QPointF, share: float, fill: QColor, tip: str) -> None:
        self._add(opening_path(a, b, share), QPen(WALL_INK, 0.02 * UNIT), QBrush(fill), tip)

    def _gate(self, a: QPointF, b: QPointF, where: str) -> None:
        d = b - a
        length = math.hypot(d.x(), d.y())
        u = d / length
        n = QPointF(-u.y(), u.x()) * (0.06 * UNIT)
        path = QPainterPath()
        for i in range(1, 5):
            p = a + u * (length * i / 5)
            path.moveTo(p - n)
            path.lineTo(p + n)
        self._add(path, QPen(QColor("#e0c08a"), 0.03 * UNIT), None, f"{where}: the main gate")

    # -- stairs ---------------------------------------------------------------------

    def _stairs(self, a: str, b: str) -> None:
        """Treads across square ``a`` rising towards ``b`` (6.62)."""
        ax, ay = self.board[a].centre
        c = QPointF(ax * UNIT, ay * UNIT)
        u = _towards(self.board, a, b)
        n = QPointF(-u.y(), u.x())
        path = QPainterPath()
        for i in range(5):
            t = -0.34 + i * 0.17
            p = c + u * (t * UNIT)
            half = 0.22 + 0.04 * i
            path.moveTo(p - n * (half * UNIT))
            path.lineTo(p + n * (half * UNIT))
        # an arrow up the flight
        tip = c + u * (0.42 * UNIT)
        path.moveTo(c - u * (0.3 * UNIT))
        path.lineTo(tip)
        path.moveTo(tip)
        path.lineTo(tip - u * (0.12 * UNIT) + n * (0.08 * UNIT))
        path.moveTo(tip)
        path.lineTo(tip - u * (0.12 * UNIT) - n * (0.08 * UNIT))
        self._add(path, QPen(STAIR_INK, 0.025 * UNIT, Qt.PenStyle.SolidLine,
                             Qt.PenCapStyle.RoundCap), None, f"stairway {a} -> {b} (6.62)")

    def _spiral(self, key: str) -> None:
        x, y = self.board[key].centre
        self._add(spiral_path(QPointF(x * UNIT, y * UNIT)), spiral_pen(), None,
                  f"{key}: tower stairway, levels 0-1-2-3 (6.61)")

    # -- names ----------------------------------------------------------------------

    def _building_names(self) -> None:
        groups: dict[str, list[str]] = {}
        for key, space in self.board.spaces.items():
            name = space.get("building")
            if name:
                groups.setdefault(name, []).append(key)
        for name, keys in groups.items():
            self._name(name, self._name_band(keys))
        gates = [k for k, s in self.board.spaces.items() if s.get("gate")]
        if gates:
            rect = QRectF()
            for k in gates:
                minx, miny, maxx, maxy = self.board[k].polygon.bounds
                # the row below the gate, under that row's square labels
                rect = rect.united(QRectF(minx * UNIT, (maxy + LABEL_BAND) * UNIT,
                                          (maxx - minx) * UNIT, (0.96 - LABEL_BAND) * UNIT))
            self._name("Main Gate", rect, colour=GATE_INK, size=0.26)

    def _name_band(self, keys: list[str]) -> QRectF:
        """Where a building's name goes: in its middle row of squares (the upper of
        two), below that row's square labels (they stand in each square's top
        left corner, LABEL_BAND of a square deep), across the building's width."""
        rows: dict[float, QRectF] = {}
        for k in keys:
            minx, miny, maxx, maxy = self.board[k].polygon.bounds
            square = QRectF(minx * UNIT, miny * UNIT, (maxx - minx) * UNIT, (maxy - miny) * UNIT)
            rows[miny] = rows.get(miny, square).united(square)
        tops = sorted(rows)
        row = rows[tops[(len(tops) - 1) // 2]]
        return QRectF(row.left(), row.top() + LABEL_BAND * UNIT, row.width(),
                      row.height() - (LABEL_BAND + 0.04) * UNIT)

    def _name(self, text: str, rect: QRectF, colour: QColor = NAME_INK,
              size: float = 0.34) -> None:
        item = QGraphicsSimpleTextItem(text)
        font = QFont("Serif")
        font.setItalic(True)
        font.setBold(True)
        font.setPixelSize(int(size * UNIT))
        item.setFont(font)
        item.setBrush(colour)
        br = item.boundingRect()
        scale = min(1.0, rect.width() * 0.92 / br.width() if br.width() else 1.0,
                    rect.height() / br.height() if br.height() else 1.0)
        item.setScale(scale)
        item.setPos(rect.center().x() - br.width() * scale / 2,
                    rect.center().y() - br.height() * scale / 2)
        self.group.addToGroup(item)
        self.names.append(item)
