"""What free play draws over the board: the chosen counter's ring, the space a
dragged counter would land on, and a "flipped" sash on counters whose own class
does not paint a flipped back (a game's counters played with the rules off).

Pure drawing, rebuilt from the state on every refresh.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsPathItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
)

from ffl.ui.board_scene import BoardScene, polygon_path
from ffl.ui.counters import CounterItem, is_flipped
from ffl.ui.style import UNIT

SELECT_COLOUR = QColor("#ff7a1a")
TARGET_SHADE = QColor(60, 140, 255, 90)
SASH_COLOUR = QColor(40, 40, 40, 200)
Z_TARGET = 6


class Overlay:
    """Temporary items over the board, owned by the free-play UI."""

    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene
        self.ring: QGraphicsRectItem | None = None
        self.target: QGraphicsPathItem | None = None
        self.target_key: str | None = None
        self.sashes: list[QGraphicsItem] = []

    def _add(self, item: QGraphicsItem, z: float) -> QGraphicsItem:
        item.setZValue(z)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        item.setAcceptHoverEvents(False)
        self.scene.addItem(item)
        return item

    def _drop(self, item: QGraphicsItem | None) -> None:
        if item is not None and item.scene() is self.scene:
            self.scene.removeItem(item)

    # -- the chosen counter -------------------------------------------------------------

    def select(self, counter: CounterItem | None) -> None:
        """Ring ``counter`` (None: no ring)."""
        self._drop(self.ring)
        self.ring = None
        if counter is None:
            return
        s = counter.size * 1.12
        ring = QGraphicsRectItem(QRectF(-s / 2, -s / 2, s, s))
        pen = QPen(SELECT_COLOUR, 0.06 * UNIT)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        ring.setPen(pen)
        ring.setBrush(Qt.BrushStyle.NoBrush)
        ring.setPos(counter.pos())
        ring.setToolTip("The chosen counter (R, Shift+R, Ctrl+F and Delete act on it)")
        # just under its counter: the facing arrow stays visible over the ring
        self.ring = self._add(ring, counter.zValue() - 0.5)

    def follow(self, pos: QPointF) -> None:
        """Keep the ring on a counter being dragged."""
        if self.ring is not None:
            self.ring.setPos(pos)

    # -- the space under a drag -----------------------------------------------------------

    def show_target(self, key: str | None) -> None:
        if key == self.target_key:
            return
        self._drop(self.target)
        self.target, self.target_key = None, key
        if key is None or key not in self.scene.board:
            return
        item = QGraphicsPathItem(polygon_path(self.scene.board[key].polygon))
        item.setBrush(QBrush(TARGET_SHADE))
        item.setPen(QPen(QColor(30, 90, 200, 200), 0.03 * UNIT))
        self.target = self._add(item, Z_TARGET)

    # -- flipped counters the counter class does not draw ------------------------------------

    def mark_flipped(self) -> None:
        for item in self.sashes:
            self._drop(item)
        self.sashes.clear()
        for counter in self.scene.counters.values():
            if counter.draws_flipped() or not is_flipped(counter.piece):
                continue
            s = counter.size
            sash = QGraphicsRectItem(QRectF(-s * 0.5, -s * 0.09, s, s * 0.18))
            sash.setBrush(QBrush(SASH_COLOUR))
            sash.setPen(QPen(Qt.PenStyle.NoPen))
            sash.setRotation(-35)
            sash.setPos(counter.pos())
            sash.setToolTip("flipped")
            label = QGraphicsSimpleTextItem("FLIPPED", sash)
            font = QFont()
            font.setBold(True)
            font.setPixelSize(int(s * 0.13))
            label.setFont(font)
            label.setBrush(QColor("white"))
            r = label.boundingRect()
            label.setPos(-r.width() / 2, -r.height() / 2)
            self.sashes.append(self._add(sash, counter.zValue() + 0.2))

    def clear(self) -> None:
        self.select(None)
        self.show_target(None)
        for item in self.sashes:
            self._drop(item)
        self.sashes.clear()
