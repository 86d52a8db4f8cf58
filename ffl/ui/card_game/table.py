"""The card table: the pack, the discard pile and each player's row of laid cards.

Everything here is public in the real game (cards laid face up, the discard
pile face up, the pack's size), so the widget is drawn from the state itself;
hands are never shown here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from .faces import CARD_RATIO, CardFace, paint_card

CARD_H = 74.0
CARD_W = CARD_H * CARD_RATIO
ROW_GAP = 12.0
#: the smallest cards are drawn when the dock is short (still readable)
SMALLEST_CARD_H = 46.0
HEAD = 20.0
PAD = 10.0
FELT = QColor("#2f4a3a")
INK = QColor("#f1ead2")


@dataclass
class TableRow:
    """One player's row: who, the cards laid (in order) and the running numbers."""

    player: str
    title: str
    colour: QColor
    cards: list[CardFace] = field(default_factory=list)
    score: int = 0
    laid: int = 0
    required: int = 0
    to_play: bool = False
    holding: int = 0
    #: the End of Game bonus, once this player has completed the mission
    bonus: int = 0

    def headline(self) -> str:
        """The numbers right of the player's name: cards laid, points (with the
        bonus once won, so the row adds up to the score sheet), cards held."""
        points = f"{self.score} pts + {self.bonus} bonus" if self.bonus else f"{self.score} pts"
        return f"laid {self.laid}/{self.required} · {points} · holds {self.holding}"


class TableWidget(QWidget):
    """Pack and discard pile on top, then one row of laid cards per player."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("cardTable")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.rows: list[TableRow] = []
        self.pack = 0
        self.discard: list[CardFace] = []
        self._ch, self._cw = CARD_H, CARD_W     # the card size of the last painting

    def set_table(self, rows: list[TableRow], pack: int, discard: list[CardFace]) -> None:
        self.rows = rows
        self.pack = pack
        self.discard = discard
        self.setMinimumHeight(self._height(SMALLEST_CARD_H))
        self.updateGeometry()
        self.update()

    def _height(self, card_h: float = CARD_H) -> int:
        """The height that shows the centre and every row with cards ``card_h`` high."""
        return int(PAD + HEAD + card_h + ROW_GAP
                   + len(self.rows) * (HEAD + card_h + ROW_GAP) + PAD)

    def card_height(self) -> float:
        """How high the cards are drawn: full size when there is room, else as
        small as it takes (down to :data:`SMALLEST_CARD_H`) for the pack and every
        player's row to show at once, without scrolling (four players)."""
        fixed = self._height(0.0)
        room = (self.height() - fixed) / (len(self.rows) + 1)
        return max(SMALLEST_CARD_H, min(CARD_H, room))

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(int(PAD * 2 + 7.4 * (CARD_W + 4)), self._height())

    def row_texts(self) -> dict[str, list[str]]:
        """Each player's laid cards by name (what a player reads on the table)."""
        return {r.player: [c.name for c in r.cards] for r in self.rows}

    # -- painting ---------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), FELT)
        self._ch = self.card_height()
        self._cw = self._ch * CARD_RATIO
        y = PAD
        self._paint_centre(painter, y)
        y += HEAD + self._ch + ROW_GAP
        for row in self.rows:
            self._paint_row(painter, row, y)
            y += HEAD + self._ch + ROW_GAP
        painter.end()

    def _text(self, painter: QPainter, rect: QRectF, text: str, bold: bool = False,
              colour: QColor = INK, align=Qt.AlignmentFlag.AlignLeft) -> None:
        font = QFont()
        font.setPixelSize(13)
        font.setBold(bold)
        painter.setFont(font)
        painter.setPen(colour)
        painter.drawText(rect, align | Qt.AlignmentFlag.AlignVCenter, text)

    def _paint_centre(self, painter: QPainter, y: float) -> None:
        x = PAD
        self._text(painter, QRectF(x, y, 200, HEAD), f"Pack: {self.pack} cards")
        self._text(painter, QRectF(x + self._cw * 2 + 20, y, 200, HEAD),
                   f"Discards: {len(self.discard)}")
        top = y + HEAD
        if self.pack:
            for i in range(min(3, self.pack)):
                paint_card(painter, QRectF(x + i * 3, top - i * 2, self._cw, self._ch),
                           CardFace("?", "hidden"))
        else:
            self._slot(painter, QRectF(x, top, self._cw, self._ch))
        dx = x + self._cw * 2 + 20
        if self.discard:
            for i, face in enumerate(self.discard[-3:]):
                paint_card(painter, QRectF(dx + i * 26, top, self._cw, self._ch), face)
        else:
            self._slot(painter, QRectF(dx, top, self._cw, self._ch))

    def _slot(self, painter: QPainter, rect: QRectF) -> None:
        pen = QPen(QColor(255, 255, 255, 70), 1.5, Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect, 5, 5)

    def _paint_row(self, painter: QPainter, row: TableRow, y: float) -> None:
        width = self.width() - 2 * PAD
        band = QRectF(PAD - 4, y - 3, width + 8, HEAD + self._ch + 8)
        if row.to_play:
            painter.setPen(QPen(QColor("#ffcf33"), 2))
            painter.setBrush(QColor(255, 255, 255, 18))
            painter.drawRoundedRect(band, 6, 6)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(row.colour)
        painter.drawEllipse(QRectF(PAD, y + 5, 10, 10))
        self._text(painter, QRectF(PAD + 16, y, width * 0.5, HEAD), row.title, bold=True)
        self._text(painter, QRectF(PAD, y, width, HEAD), row.headline(),
                   align=Qt.AlignmentFlag.AlignRight)
        top = y + HEAD
        slots = max(row.required + 1, len(row.cards))
        step = min(self._cw + 4, (width - self._cw) / max(1, slots - 1))
        for i in range(slots):
            rect = QRectF(PAD + i * step, top, self._cw, self._ch)
            if i < len(row.cards):
                paint_card(painter, rect, row.cards[i])
            else:
                self._slot(painter, rect)
