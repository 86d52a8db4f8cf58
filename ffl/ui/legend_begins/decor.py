"""The map's printed symbols over the hexes: roads (red), tracks (dashed brown), the
railroad (black with ties), the escarpments' teeth on the low side, place names,
towns and cities, ports (an anchor-like ring with the full Port Capacity), airfields
and the Off Map Boxes' titles.  Built once from the board's data as static items.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsScene, QGraphicsSimpleTextItem

from ffl.engine import Board
from ffl.ui.board_scene import static_item
from ffl.ui.style import UNIT

from .style import ESCARPMENT_INK

ROAD_INK = QColor("#b3261e")
TRACK_INK = QColor("#7a5230")
RAIL_INK = QColor("#1d1d1d")
NAME_INK = QColor("#2b1d10")
Z_DECOR = 3


def _centre(board: Board, key: str) -> QPointF:
    x, y = board[key].centre
    return QPointF(x * UNIT, y * UNIT)


class MapDecor:
    """Everything printed on the map besides the hex colours and the hexside lines."""

    def __init__(self, scene: QGraphicsScene, board: Board) -> None:
        self.scene, self.board = scene, board
        self.items = []
        self._routes()
        self._teeth()
        self._places()
        self._boxes()

    def _add(self, item, z: float = Z_DECOR):
        item.setZValue(z)
        self.scene.addItem(item)
        self.items.append(item)
        return item

    def _routes(self) -> None:
        paths = {"road": QPainterPath(), "track": QPainterPath(), "rail": QPainterPath()}
        ties = QPainterPath()
        for side in self.board.sides.values():
            for kind in ("road", "track", "rail"):
                if kind not in side.features:
                    continue
                a, b = _centre(self.board, side.a), _centre(self.board, side.b)
                if kind == "rail":      # the railroad runs a little inland of the road
                    off = QPointF(0, 0.1 * UNIT)
                    a, b = a + off, b + off
                    d = b - a
                    n = QPointF(-d.y(), d.x()) / math.hypot(d.x(), d.y()) * 0.06 * UNIT
                    for t in (0.25, 0.5, 0.75):
                        p = a + d * t
                        ties.moveTo(p - n)
                        ties.lineTo(p + n)
                paths[kind].moveTo(a)
                paths[kind].lineTo(b)
        styles = {"road": QPen(ROAD_INK, 0.07 * UNIT, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap),
                  "track": QPen(TRACK_INK, 0.05 * UNIT, Qt.PenStyle.DashLine, Qt.PenCapStyle.FlatCap),
                  "rail": QPen(RAIL_INK, 0.035 * UNIT, Qt.PenStyle.SolidLine, Qt.PenCapStyle.FlatCap)}
        for kind in ("track", "road", "rail"):
            item = static_item(paths[kind])
            item.setPen(styles[kind])
            self._add(item, Z_DECOR + (0.2 if kind == "rail" else 0.1))
        item = static_item(ties)
        item.setPen(QPen(RAIL_INK, 0.02 * UNIT))
        self._add(item, Z_DECOR + 0.2)

    def _teeth(self) -> None:
        """Short ticks on the low side of every escarpment hexside."""
        path = QPainterPath()
        for side in self.board.sides.values():
            if "escarpment" not in side.features or side.geometry is None:
                continue
            high = side.attrs.get("high")
            low = side.b if high == side.a else side.a
            (x0, y0), (x1, y1) = list(side.geometry.coords)[:2]
            a, b = QPointF(x0 * UNIT, y0 * UNIT), QPointF(x1 * UNIT, y1 * UNIT)
            toward = _centre(self.board, low) - (a + b) / 2
            length = math.hypot(toward.x(), toward.y()) or 1.0
            n = toward / length * 0.09 * UNIT
            for t in (0.2, 0.4, 0.6, 0.8):
                p = a + (b - a) * t
                path.moveTo(p)
                path.lineTo(p + n)
        item = static_item(path)
        item.setPen(QPen(ESCARPMENT_INK, 0.03 * UNIT))
        self._add(item)

    def _places(self) -> None:
        font = QFont()
        font.setPixelSize(int(0.2 * UNIT))
        font.setBold(True)
        small = QFont(font)
        small.setPixelSize(int(0.15 * UNIT))
        small.setBold(False)
        for key, space in self.board.spaces.items():
            name = space.get("name")
            if space.kind != "hex" or not name:
                continue
            c = _centre(self.board, key)
            kind = space.get("place")
            if kind in ("city", "town", "village", "oasis"):
                r = {"city": 0.16, "town": 0.11, "village": 0.07, "oasis": 0.07}[kind] * UNIT
                dot = QPainterPath()
                if kind == "city":
                    dot.addRect(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r))
                else:
                    dot.addEllipse(c, r, r)
                item = static_item(dot)
                item.setPen(QPen(QColor("#1b1b1b"), 0.015 * UNIT))
                item.setBrush(QBrush(QColor("#1b1b1b") if kind != "oasis" else QColor("#3c8a3c")))
                self._add(item, Z_DECOR + 0.3)
            if space.get("airfield"):
                plane = QPainterPath()
                s = 0.13 * UNIT
                p = c + QPointF(0.22 * UNIT, -0.05 * UNIT)
                plane.moveTo(p + QPointF(-s, 0))
                plane.lineTo(p + QPointF(s, 0))
                plane.moveTo(p + QPointF(0, -s * 0.8))
                plane.lineTo(p + QPointF(0, s * 0.8))
                item = static_item(plane)
                item.setPen(QPen(QColor("#23407a"), 0.04 * UNIT))
                self._add(item, Z_DECOR + 0.3)
            if space.get("port"):
                ring = QPainterPath()
                p = c + QPointF(-0.22 * UNIT, -0.05 * UNIT)
                ring.addEllipse(p, 0.07 * UNIT, 0.07 * UNIT)
                item = static_item(ring)
                item.setPen(QPen(QColor("#1f3f66"), 0.03 * UNIT))
                item.setBrush(QBrush(QColor("#ffffff")))
                self._add(item, Z_DECOR + 0.3)
            label = QGraphicsSimpleTextItem(str(name))
            label.setFont(font if kind in ("city", "town") else small)
            label.setBrush(NAME_INK)
            rect = label.boundingRect()
            label.setPos(c.x() - rect.width() / 2, c.y() + 0.12 * UNIT)
            self._add(label, Z_DECOR + 0.4)

    def _boxes(self) -> None:
        font = QFont()
        font.setPixelSize(int(0.45 * UNIT))
        font.setBold(True)
        for key, space in self.board.spaces.items():
            if space.kind != "box":
                continue
            minx, miny, maxx, _ = space.polygon.bounds
            label = QGraphicsSimpleTextItem(key)
            label.setFont(font)
            label.setBrush(QColor("#3b3b3b"))
            rect = label.boundingRect()
            label.setPos((minx + maxx) / 2 * UNIT - rect.width() / 2, miny * UNIT + 0.15 * UNIT)
            self._add(label)
