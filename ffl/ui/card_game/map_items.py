"""Map items of the card game: each section's letter square and its highlights,
and the second view of the map as seen from across the table.

A :class:`SectionItem` lies over one section of the board scene: it paints the
section's letter in its coloured square, the highlights the game UI asks for
(the selected card's own section, the contact sections, the sections of the
cards that can be laid) and a chip for each player who has laid that
section's card.  A left click on it is reported to the game UI.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsItem,
    QGraphicsSceneMouseEvent,
    QGraphicsView,
    QStyleOptionGraphicsItem,
    QWidget,
)

from ffl.engine import Space
from ffl.ui.board_scene import BoardScene
from ffl.ui.style import UNIT

from .faces import colour_of, ink_on

#: highlight kinds (``SectionItem.mode``)
TARGET, CONTACT, OPTION = "target", "contact", "option"
GOLD = QColor("#f2b705")
GREEN = QColor("#1f9d55")


class SectionItem(QGraphicsItem):
    """One section's letter square, highlight and laid-card chips."""

    def __init__(self, space: Space, on_click: Callable[[str], None]) -> None:
        super().__init__()
        self.key = space.key
        self.letter = str(space.get("letter", ""))
        self.colour = str(space.get("colour", ""))
        minx, miny, maxx, maxy = space.polygon.bounds
        self.rect = QRectF(minx * UNIT, miny * UNIT, (maxx - minx) * UNIT, (maxy - miny) * UNIT)
        self.mode = ""
        self.chips: list[tuple[str, QColor]] = []
        self._on_click = on_click
        self.setZValue(5)
        self.setAcceptedMouseButtons(Qt.MouseButton.LeftButton)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self.setToolTip(f"Section {self.key}: "
                        + ("SPY square" if self.letter == "*" else
                           f"letter {self.letter}") + f" ({self.colour})")

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self.rect

    def set_look(self, mode: str, chips: list[tuple[str, QColor]]) -> None:
        if mode != self.mode or chips != self.chips:
            self.mode, self.chips = mode, chips
            self.update()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:
        r = self.rect
        inset = r.adjusted(4, 4, -4, -4)
        if self.mode == TARGET:
            painter.fillRect(r, QColor(242, 183, 5, 110))
            painter.setPen(QPen(GOLD.darker(115), 8))
            painter.drawRect(inset)
        elif self.mode == CONTACT:
            painter.fillRect(r, QColor(31, 157, 85, 55))
            pen = QPen(GREEN, 7, Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawRect(inset)
        elif self.mode == OPTION:
            painter.setPen(QPen(QColor(242, 183, 5, 220), 4))
            painter.drawRect(inset)
        side = 0.46 * UNIT
        square = QRectF(0, 0, side, side)
        square.moveCenter(QPointF(r.center().x(), r.top() + r.height() * 0.5))
        painter.setPen(QPen(QColor(0, 0, 0, 90), 1.5))
        painter.setBrush(colour_of(self.colour))
        painter.drawRect(square)
        font = QFont()
        font.setPixelSize(int(side * 0.72))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(ink_on(self.colour))
        painter.drawText(square, Qt.AlignmentFlag.AlignCenter, self.letter)
        self._paint_chips(painter, r)

    def _paint_chips(self, painter: QPainter, r: QRectF) -> None:
        if not self.chips:
            return
        font = QFont()
        font.setPixelSize(int(0.15 * UNIT))
        font.setBold(True)
        painter.setFont(font)
        w, h = 0.34 * UNIT, 0.2 * UNIT
        total = len(self.chips) * (w + 4) - 4
        x = r.center().x() - total / 2
        for text, colour in self.chips:
            chip = QRectF(x, r.bottom() - h - 0.1 * UNIT, w, h)
            painter.setPen(QPen(QColor("#ffffff"), 1.5))
            painter.setBrush(colour)
            painter.drawRoundedRect(chip, 5, 5)
            painter.drawText(chip, Qt.AlignmentFlag.AlignCenter, text)
            x += w + 4

    # -- clicks -----------------------------------------------------------------------

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        event.accept()  # keeps the view from starting a drag

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:  # noqa: N802
        if self.rect.contains(event.pos()):
            self._on_click(self.key)
        event.accept()


def add_section_items(scene: BoardScene, on_click: Callable[[str], None]) -> dict[str, SectionItem]:
    """One SectionItem per section of the scene's board."""
    items = {}
    for key, space in scene.board.spaces.items():
        item = SectionItem(space, on_click)
        scene.addItem(item)
        items[key] = item
    return items


class FarSideView(QGraphicsView):
    """The same map turned half round: the copy for the other side of the table."""

    def __init__(self, scene: BoardScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.setObjectName("farSideMap")
        self.setRenderHints(QPainter.RenderHint.Antialiasing
                            | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setMinimumSize(160, 200)
        self.rotate(180)

    def refit(self) -> None:
        scene = self.scene()
        if isinstance(scene, BoardScene):
            self.fitInView(scene.board_rect().adjusted(-10, -10, 10, 10),
                           Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        self.refit()
