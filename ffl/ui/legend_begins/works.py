"""The Field Works on the map (18.0): a small tag in the side's colour, "IP" for an
Improved Position (18.2), "Ft" for a Fortification (18.3), "Ft*" for a permanent one
(18A), at the hex's left corner.

A counter covers most of a hex, so a mark printed in the open hex (as the hex number
and the place names are) hides under any stack.  The tag is drawn above the counters
instead, at the hex's left corner, where a stack's counters show only their coloured
edge: it never covers a counter's name, steps, unit symbol or factors, nor the hex
number at the top of the hex, at any zoom.  Its tooltip says what it is."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

from ffl.ui.style import UNIT

#: the tag's type size, in board units (a hex is one unit from corner to corner)
TAG_TEXT = 0.11
#: where the tag's left end sits, from the hex centre, in board units
TAG_LEFT = -0.45
#: the tag's middle, below the hex centre: between a counter's step count and its
#: factor line, wherever a stack of three puts them
TAG_MIDDLE = 0.034
#: above the stacked counters (10 and up), below the air units (40 and up, 40.2)
Z_WORKS = 30
INK = {"axis": QColor("#6b2e1a"), "allied": QColor("#1f3f66")}


def tag_text(work: dict) -> str:
    """18.2 "IP", 18.3 "Ft", 18A "Ft*" (a permanent Fortification)."""
    text = "Ft" if work.get("type") == "fort" else "IP"
    return text + ("*" if work.get("permanent") else "")


def tag_tooltip(work: dict) -> str:
    side = {"axis": "Axis", "allied": "Allied"}.get(work.get("side") or "", "")
    if work.get("type") == "fort":
        what = "permanent Fortification (18A)" if work.get("permanent") else \
            "Fortification (18.3)"
    else:
        what = "Improved Position (18.2)"
    return f"{side} {what}".strip()


def tag_font() -> QFont:
    font = QFont()
    font.setBold(True)
    font.setPixelSize(max(1, round(TAG_TEXT * UNIT)))
    return font


class WorksTag(QGraphicsItem):
    """One hex's Field Work: a rounded tag in its side's colour with white letters.
    Its position is the hex centre; it draws to the right of :data:`TAG_LEFT`."""

    def __init__(self, key: str, work: dict) -> None:
        super().__init__()
        self.key, self.work = key, dict(work)
        self.text = tag_text(work)
        self.font = tag_font()
        metrics = QFontMetricsF(self.font)
        pad = 0.02 * UNIT
        width = metrics.horizontalAdvance(self.text) + 2 * pad
        height = metrics.height() * 0.9
        self._rect = QRectF(TAG_LEFT * UNIT, TAG_MIDDLE * UNIT - height / 2, width, height)
        self.setZValue(Z_WORKS)
        self.setToolTip(tag_tooltip(work))
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setData(0, key)

    def boundingRect(self) -> QRectF:  # noqa: N802
        return self._rect.adjusted(-1, -1, 1, 1)

    def tag_rect(self) -> QRectF:
        """The tag's outline in scene coordinates (its letters lie inside)."""
        return self._rect.translated(self.pos())

    def paint(self, painter: QPainter, option, widget=None) -> None:
        colour = INK.get(self.work.get("side") or "", QColor("#444444"))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("white"), 0.012 * UNIT))
        painter.setBrush(colour)
        r = self._rect.height() * 0.3
        painter.drawRoundedRect(self._rect, r, r)
        painter.setFont(self.font)
        painter.setPen(QColor("white"))
        painter.drawText(self._rect, Qt.AlignmentFlag.AlignCenter, self.text)


def works_tags(scene, works: dict) -> list[WorksTag]:
    """A tag for each Field Work on the board, added to ``scene``."""
    tags = []
    for key, work in (works or {}).items():
        if key not in scene.board:
            continue
        x, y = scene.board[key].centre
        tag = WorksTag(key, work)
        tag.setPos(QPointF(x * UNIT, y * UNIT))
        scene.addItem(tag)
        tags.append(tag)
    return tags
