"""The hand: a fan of cards painted at the bottom of the window.

:class:`HandWidget` only draws the faces it is given (the card game UI gives
it the current player's hand from ``controller.view``) and reports clicks as
card ids.  Marks show what the game said: a green dot on a card that can be
laid, a green frame on a contact for the selected card, "new" on the card
just drawn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import QPoint, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent, QPen, QTransform
from PySide6.QtWidgets import QSizePolicy, QWidget

from .faces import CARD_RATIO, CardFace, paint_card

#: degrees between neighbouring cards of the fan
FAN_STEP = 2.5
#: how far (pixels) the selected card rises out of the fan
LIFT = 16.0
MARGIN = 10.0

PLAYABLE, CONTACT, DRAWN, DIM = "playable", "contact", "drawn", "dim"


class HandWidget(QWidget):
    """A fan of face-up cards; click one to emit :attr:`cardClicked`."""

    cardClicked = Signal(str)  # noqa: N815

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("handWidget")
        self.setMinimumHeight(150)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(True)
        self.faces: list[CardFace] = []
        self.marks: dict[str, set[str]] = {}
        self.selected: str | None = None

    # -- content --------------------------------------------------------------------

    def set_cards(self, faces: Sequence[CardFace], marks: Mapping[str, set[str]] | None = None,
                  selected: str | None = None) -> None:
        self.faces = list(faces)
        self.marks = {k: set(v) for k, v in (marks or {}).items()}
        self.selected = selected if any(f.id == selected for f in self.faces) else None
        self.setToolTip("")  # never leave a card's name behind for the next player
        self.update()

    def cards(self) -> list[str]:
        """The ids of the cards drawn, left to right."""
        return [f.id for f in self.faces]

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(720, 190)

    # -- geometry ---------------------------------------------------------------------

    def card_size(self) -> QSize:
        h = max(60.0, min(self.height() - 2 * MARGIN - LIFT - 8, 190.0))
        return QSize(int(h * CARD_RATIO), int(h))

    def _transforms(self) -> list[QTransform]:
        """Where each card sits: a transform from card coordinates to the widget."""
        n = len(self.faces)
        if not n:
            return []
        size = self.card_size()
        w, h = size.width(), size.height()
        room = self.width() - 2 * MARGIN - w
        gap = min(w * 1.06, room / (n - 1)) if n > 1 else 0.0
        left = (self.width() - (gap * (n - 1) + w)) / 2
        out = []
        for i, face in enumerate(self.faces):
            t = i - (n - 1) / 2
            angle = t * FAN_STEP
            drop = (t * t) * 1.2 + abs(t) * 0.5
            top = MARGIN + LIFT + drop - (LIFT if face.id == self.selected else 0.0)
            cx, cy = left + i * gap + w / 2, top + h / 2
            tr = QTransform()
            tr.translate(cx, cy)
            tr.rotate(angle)
            tr.translate(-w / 2, -h / 2)
            out.append(tr)
        return out

    def card_at(self, pos: QPointF) -> str | None:
        """The card drawn on top at ``pos`` (widget pixels), if any."""
        size = self.card_size()
        rect = QRectF(0, 0, size.width(), size.height())
        for face, tr in reversed(list(zip(self.faces, self._transforms(), strict=True))):
            inverse, ok = tr.inverted()
            if ok and rect.contains(inverse.map(QPointF(pos))):
                return face.id
        return None

    def card_point(self, card: str) -> QPoint | None:
        """A point where ``card`` is visible (not covered by its neighbour)."""
        for face, tr in zip(self.faces, self._transforms(), strict=True):
            if face.id != card:
                continue
            size = self.card_size()
            for fx in (0.5, 0.3, 0.18, 0.1, 0.05):
                p = tr.map(QPointF(size.width() * fx, size.height() * 0.45))
                if self.card_at(p) == card:
                    return p.toPoint()
        return None

    # -- painting and clicks ----------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor("#2f4a3a"))
        size = self.card_size()
        rect = QRectF(0, 0, size.width(), size.height())
        for face, tr in zip(self.faces, self._transforms(), strict=True):
            marks = self.marks.get(face.id, set())
            painter.save()
            painter.setTransform(tr, True)
            paint_card(painter, rect, face, selected=face.id == self.selected,
                       dim=DIM in marks)
            self._paint_marks(painter, rect, marks)
            painter.restore()
        painter.end()

    def _paint_marks(self, painter: QPainter, rect: QRectF, marks: set[str]) -> None:
        w = rect.width()
        if CONTACT in marks:
            pen = QPen(QColor("#37d67a"), max(2.0, w * 0.045), Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(rect.adjusted(2, 2, -2, -2), w * 0.07, w * 0.07)
        if PLAYABLE in marks:
            r = w * 0.075
            painter.setPen(QPen(QColor("#ffffff"), 1.5))
            painter.setBrush(QColor("#22b35c"))
            painter.drawEllipse(QPointF(rect.right() - w * 0.16, rect.top() + w * 0.16), r, r)
        if DRAWN in marks:
            font = QFont()
            font.setPixelSize(max(8, int(w * 0.13)))
            font.setBold(True)
            painter.setFont(font)
            band = QRectF(rect.left(), rect.bottom() - w * 0.24, w, w * 0.17)
            painter.fillRect(band, QColor(20, 90, 160, 210))
            painter.setPen(QColor("#ffffff"))
            painter.drawText(band, Qt.AlignmentFlag.AlignCenter, "just drawn")

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        card = self.card_at(event.position())
        if card is not None:
            self.cardClicked.emit(card)
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        card = self.card_at(event.position())
        face = next((f for f in self.faces if f.id == card), None)
        self.setToolTip(face.name if face else "")
        self.setCursor(Qt.CursorShape.PointingHandCursor if face
                       else Qt.CursorShape.ArrowCursor)

