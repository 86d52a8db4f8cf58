"""How a card of the Foreign Legion Card Game looks, painted with QPainter.

A :class:`CardFace` is what a card shows (letter, number, border colour,
kind); :func:`paint_card` draws it into any rectangle, so the hand, the
table rows and the discard pile all share one look.  A hidden card (``"?"``
in a player's view) is painted as a card back.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen

from ffl.engine import Module
from ffl.games.card_game.rules import HIDDEN

#: Printed colour names -> screen colours (borders and map squares).
COLOURS: dict[str, str] = {
    "red": "#c0392b", "blue": "#2a62b0", "green": "#2d8a47",
    "yellow": "#e3b322", "purple": "#7b4aa6", "black": "#262626",
}
#: Colour names whose square needs dark text.
LIGHT_COLOURS = frozenset({"yellow"})
#: Card proportions (width / height), as a playing card.
CARD_RATIO = 0.68

PAPER = QColor("#fbf6e9")
BACK = QColor("#7a2230")


def colour_of(name: str) -> QColor:
    return QColor(COLOURS.get(name, "#777777"))


def ink_on(name: str) -> QColor:
    """Text colour readable on a square of colour ``name``."""
    return QColor("#1d1d1d") if name in LIGHT_COLOURS else QColor("#ffffff")


@dataclass(frozen=True)
class CardFace:
    """What one card shows.  ``category`` is mission, spy, us or hidden."""

    id: str
    category: str
    letter: str = ""
    number: int = 0
    colour: str = ""
    name: str = ""

    @property
    def hidden(self) -> bool:
        return self.category == "hidden"

    @property
    def corner(self) -> str:
        """The top-left corner text: letter and number, ``*`` or ``U/S``."""
        if self.category == "spy":
            return "*"
        return self.letter


def face_of(module: Module, card: str) -> CardFace:
    """The face of ``card`` from the module's piece types (``"?"``: a card back)."""
    if card == HIDDEN or card not in module.piece_types:
        return CardFace(card, "hidden", name="a hidden card")
    t = module.piece_types[card]
    return CardFace(card, str(t.get("category")), str(t.get("letter", "")),
                    int(t.get("number", 0) or 0), str(t.get("colour", "")), t.name)


def _font(pixels: float, bold: bool = True) -> QFont:
    font = QFont()
    font.setPixelSize(max(6, int(pixels)))
    font.setBold(bold)
    return font


def paint_card(painter: QPainter, rect: QRectF, face: CardFace, *,
               selected: bool = False, dim: bool = False) -> None:
    """Draw ``face`` filling ``rect`` (a card of any size)."""
    w = rect.width()
    radius = w * 0.07
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    outline = QPainterPath()
    outline.addRoundedRect(rect, radius, radius)
    painter.setPen(QPen(QColor(0, 0, 0, 120), max(1.0, w * 0.012)))
    if face.hidden:
        _paint_back(painter, rect, outline)
    else:
        _paint_front(painter, rect, outline, face)
    if dim:
        painter.fillPath(outline, QColor(40, 40, 40, 95))
    if selected:
        pen = QPen(QColor("#ffcf33"), max(2.0, w * 0.05))
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawPath(outline)
    painter.restore()


def _paint_back(painter: QPainter, rect: QRectF, outline: QPainterPath) -> None:
    painter.setBrush(BACK)
    painter.drawPath(outline)
    inner = rect.adjusted(rect.width() * 0.1, rect.width() * 0.1,
                          -rect.width() * 0.1, -rect.width() * 0.1)
    painter.setClipPath(outline)
    painter.setPen(QPen(QColor(255, 255, 255, 55), max(1.0, rect.width() * 0.02)))
    step = max(4.0, rect.width() * 0.12)
    x = rect.left() - rect.height()
    while x < rect.right():
        painter.drawLine(QPointF(x, rect.bottom()), QPointF(x + rect.height(), rect.top()))
        x += step
    painter.setClipping(False)
    painter.setPen(QPen(QColor("#e8d9a8"), max(1.0, rect.width() * 0.025)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(inner, rect.width() * 0.05, rect.width() * 0.05)
    painter.setFont(_font(rect.width() * 0.26))
    painter.setPen(QColor("#e8d9a8"))
    painter.drawText(inner, Qt.AlignmentFlag.AlignCenter, "FL")


def _paint_front(painter: QPainter, rect: QRectF, outline: QPainterPath,
                 face: CardFace) -> None:
    w, h = rect.width(), rect.height()
    border = colour_of(face.colour)
    painter.setBrush(border)
    painter.drawPath(outline)
    pad = w * 0.075
    inner = rect.adjusted(pad, pad, -pad, -pad)
    fill = {"spy": QColor("#24303c"), "us": QColor("#e4e0d6")}.get(face.category, PAPER)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(fill)
    painter.drawRoundedRect(inner, w * 0.04, w * 0.04)
    text = QColor("#f3d36b") if face.category == "spy" else QColor("#1d1d1d")
    # the corner: letter (or *) and the number, as printed top left
    corner = QRectF(inner.left() + w * 0.04, inner.top() + w * 0.02, inner.width() * 0.5,
                    h * 0.2)
    painter.setPen(text)
    painter.setFont(_font(h * 0.17))
    painter.drawText(corner, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                     face.corner)
    if face.category == "mission":
        painter.setFont(_font(h * 0.12))
        painter.drawText(QRectF(corner.left(), corner.top() + h * 0.17, corner.width(),
                                h * 0.14),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop,
                         str(face.number))
    centre = QRectF(inner.left(), inner.top() + h * 0.34, inner.width(), h * 0.42)
    if face.category == "spy":
        painter.setFont(_font(h * 0.17))
        painter.drawText(centre, Qt.AlignmentFlag.AlignCenter, "SPY")
    elif face.category == "us":
        painter.setPen(QColor("#5b5b5b"))
        painter.setFont(_font(h * 0.15))
        painter.drawText(centre, Qt.AlignmentFlag.AlignCenter, "U/S")
        painter.setFont(_font(h * 0.075, bold=False))
        painter.drawText(QRectF(inner.left(), centre.bottom() - h * 0.06, inner.width(),
                                h * 0.12), Qt.AlignmentFlag.AlignCenter, "no score")
    else:
        # a faint emblem: the section's letter in its colour square
        side = min(inner.width(), centre.height()) * 0.62
        square = QRectF(0, 0, side, side)
        square.moveCenter(QPointF(inner.center().x(), centre.center().y() + h * 0.04))
        painter.setPen(Qt.PenStyle.NoPen)
        tint = QColor(border)
        tint.setAlpha(60)
        painter.setBrush(QBrush(tint))
        painter.drawRoundedRect(square, side * 0.12, side * 0.12)
        painter.setPen(QColor(border).darker(120))
        painter.setFont(_font(side * 0.62))
        painter.drawText(square, Qt.AlignmentFlag.AlignCenter, face.letter)
