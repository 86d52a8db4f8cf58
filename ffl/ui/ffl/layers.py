"""Highlight layers over the fort: shaded squares (reachable squares, firing
arc, set-up squares), a path with its cost, a line of sight, grappled ropes;
and the placement of counters by level (the level selector).

Pure drawing: what to highlight is always asked of the controller by the
interaction modules.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
)

from ffl.ui.board_scene import BoardScene
from ffl.ui.style import UNIT

from .counters import FFLCounterItem

Z_SHADE, Z_PATH = 5, 40
ALL_LEVELS = None

#: colours of a reachable square by the Movement Factors left on arrival (0..5)
MF_COLOURS = {0: QColor(230, 80, 60, 110), 1: QColor(240, 150, 50, 110),
              2: QColor(235, 210, 60, 110), 3: QColor(150, 210, 80, 110),
              4: QColor(80, 190, 120, 110), 5: QColor(60, 160, 200, 110)}
ARC_SHADE = QColor(255, 240, 120, 70)
PLACE_SHADE = QColor(90, 170, 255, 60)
BLOCK_SHADE = QColor(220, 20, 20, 140)
#: where counters of other levels sit in a square: (dx, dy) in board units
LEVEL_CORNERS = {0: (-0.3, 0.3), 1: (0.3, 0.3), 2: (-0.3, -0.3), 3: (0.3, -0.3), -1: (0, 0.3)}
SMALL = 0.5


class Layer:
    """A set of temporary items in the scene, cleared all at once."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene
        self.items: list[QGraphicsItem] = []

    def clear(self) -> None:
        for item in self.items:
            if item.scene() is self.scene:
                self.scene.removeItem(item)
        self.items.clear()

    def _keep(self, item: QGraphicsItem, z: float) -> QGraphicsItem:
        item.setZValue(z)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.scene.addItem(item)
        self.items.append(item)
        return item

    def shade(self, key: str, colour: QColor, text: str = "", tip: str = "") -> None:
        minx, miny, maxx, maxy = self.scene.board[key].polygon.bounds
        rect = QRectF(minx * UNIT, miny * UNIT, (maxx - minx) * UNIT, (maxy - miny) * UNIT)
        item = QGraphicsRectItem(rect.adjusted(2, 2, -2, -2))
        item.setBrush(QBrush(colour))
        item.setPen(QPen(Qt.PenStyle.NoPen))
        if tip:
            item.setToolTip(tip)
        self._keep(item, Z_SHADE)
        if text:
            label = QGraphicsSimpleTextItem(text)
            font = QFont()
            font.setBold(True)
            font.setPixelSize(int(0.26 * UNIT))
            label.setFont(font)
            label.setBrush(QColor(30, 20, 10, 220))
            br = label.boundingRect()
            label.setPos(rect.right() - br.width() - 0.06 * UNIT, rect.bottom() - br.height())
            self._keep(label, Z_SHADE + 0.5)

    def outline(self, key: str, colour: QColor, width: float = 0.08) -> None:
        minx, miny, maxx, maxy = self.scene.board[key].polygon.bounds
        rect = QRectF(minx * UNIT, miny * UNIT, (maxx - minx) * UNIT, (maxy - miny) * UNIT)
        item = QGraphicsRectItem(rect.adjusted(4, 4, -4, -4))
        item.setPen(QPen(colour, width * UNIT))
        self._keep(item, Z_PATH - 1)

    def polyline(self, points: list[QPointF], colour: QColor, width: float = 0.09,
                 dashed: bool = False) -> None:
        if len(points) < 2:
            return
        path = QPainterPath(points[0])
        for p in points[1:]:
            path.lineTo(p)
        pen = QPen(colour, width * UNIT, Qt.PenStyle.DashLine if dashed else Qt.PenStyle.SolidLine,
                   Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
        item = QGraphicsPathItem(path)
        item.setPen(pen)
        self._keep(item, Z_PATH)

    def text(self, at: QPointF, text: str, colour: QColor | None = None) -> None:
        label = QGraphicsSimpleTextItem(text)
        font = QFont()
        font.setBold(True)
        font.setPixelSize(int(0.3 * UNIT))
        label.setFont(font)
        label.setBrush(colour or QColor("white"))
        label.setPen(QPen(QColor(0, 0, 0, 200), 0.02 * UNIT))
        label.setPos(at + QPointF(0.2 * UNIT, -0.55 * UNIT))
        self._keep(label, Z_PATH + 1)


def layout_levels(scene: BoardScene, shown: int | None) -> None:
    """Place counters so every level of a square is visible.

    With all levels shown, the highest piece of a square sits in the middle and
    pieces below it shrink into a corner per level.  With one level chosen, the
    pieces of that level are full size and the others small and faded (they are
    not picked by the mouse; see :func:`pick`).
    """
    by_square: dict[str, list[FFLCounterItem]] = {}
    for item in scene.counters.values():
        if isinstance(item, FFLCounterItem) and item.kind == "character":
            by_square.setdefault(item.piece.space, []).append(item)
        else:
            item.setScale(0.8)
    for key, items in by_square.items():
        centre = scene.space_centre(key)
        top = max(i.piece.level for i in items)
        main = top if shown is ALL_LEVELS else shown
        for item in sorted(items, key=lambda it: (it.piece.level, it.piece_id)):
            lv = item.piece.level
            if lv == main:
                n = sum(1 for it in items if it.piece.level == lv)
                k = [it for it in items if it.piece.level == lv].index(item)
                shift = (k - (n - 1) / 2) * 0.1 * UNIT
                item.setPos(centre + QPointF(shift, -shift))
                item.setScale(1.0)
                item.setOpacity(1.0)
                item.setZValue(20 + lv + k * 0.1)
            else:
                dx, dy = LEVEL_CORNERS.get(lv, (0, 0))
                item.setPos(centre + QPointF(dx * UNIT, dy * UNIT))
                item.setScale(SMALL)
                item.setOpacity(1.0 if shown is ALL_LEVELS else 0.45)
                item.setZValue(12 + lv)


def pick(scene: BoardScene, pos: QPointF, shown: int | None,
         types: tuple[str, ...] = ("character",)) -> FFLCounterItem | None:
    """The counter under ``pos`` the player can grab (respecting the level filter)."""
    for item in scene.items(pos):
        if isinstance(item, FFLCounterItem) and item.kind in types:
            if shown is not ALL_LEVELS and item.piece.level != shown:
                continue
            return item
    return None
