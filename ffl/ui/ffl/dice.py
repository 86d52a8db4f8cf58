"""DiceDisplay: a small die face showing the last roll, what it was for and the
rule.  The roll tumbles through a few faces first unless animation is off
(QSettings ``ffl/animate_dice``)."""

from __future__ import annotations

import random

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

from ffl.engine import Event

#: pips of each face on a 3 x 3 grid
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
TUMBLES = 6
TUMBLE_MS = 45


class DieFace(QWidget):
    """One die (pips for 1-6, the number otherwise)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.value: int | None = None
        self.sides = 6
        self.setFixedSize(QSize(26, 26))

    def set_value(self, value: int | None, sides: int = 6) -> None:
        self.value, self.sides = value, sides
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(1.5, 1.5, -1.5, -1.5)
        p.setPen(QPen(QColor("#333333"), 1.5))
        p.setBrush(QColor("#fbf7ee") if self.value else QColor("#d8d2c4"))
        p.drawRoundedRect(r, 5, 5)
        if not self.value:
            return
        if self.sides == 6 and self.value in PIPS:
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor("#202020"))
            step = r.width() / 3
            for cx, cy in PIPS[self.value]:
                p.drawEllipse(QPointF(r.left() + step * (cx + 0.5), r.top() + step * (cy + 0.5)),
                              2.4, 2.4)
        else:
            p.setPen(QColor("#202020"))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, str(self.value))


class ElidedLabel(QLabel):
    """A one-line label that shortens its text with "…" to the room it is given
    and never asks for more (the whole text is in its tooltip)."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.full = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802
        self.full = text
        self._elide()

    def text(self) -> str:
        """The whole text (what is shown may be shortened: :meth:`text_shown`)."""
        return self.full

    def text_shown(self) -> str:
        return super().text()

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        width = max(10, self.contentsRect().width())
        shown = self.fontMetrics().elidedText(self.full, Qt.TextElideMode.ElideRight, width)
        super().setText(shown)


class DiceDisplay(QWidget):
    """The die and a line saying what the last roll was for."""

    def __init__(self, animate=lambda: True, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("diceDisplay")
        self.animate = animate
        self.face = DieFace()
        self.caption = ElidedLabel("no roll yet")
        self.caption.setObjectName("diceCaption")
        self.caption.setMinimumWidth(160)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 0, 4, 0)
        layout.addWidget(self.face)
        layout.addWidget(self.caption)
        self._timer = QTimer(self)
        self._timer.setInterval(TUMBLE_MS)
        self._timer.timeout.connect(self._tumble)
        self._left = 0
        self._final: tuple[int, int] = (0, 6)
        self.shown: list[Event] = []

    def show_rolls(self, events: list[Event], animate: bool = True) -> None:
        """Show the last die event of ``events`` (all of them in the caption,
        shortened to its room; whole in the tooltip)."""
        rolls = [e for e in events if e.kind == "dice" and e.dice]
        if not rolls:
            return
        self.shown = rolls
        last = rolls[-1]
        sides = int(last.info.get("sides", 6))
        self._final = (last.dice[-1], sides)
        self.caption.setText("  ·  ".join(e.text for e in rolls))
        self.caption.setToolTip("\n".join(e.text for e in rolls))
        if animate and self.animate():
            self._left = TUMBLES
            self._timer.start()
            self._tumble()
        else:
            self.face.set_value(*self._final)

    def clear(self) -> None:
        self._timer.stop()
        self.face.set_value(None)
        self.caption.setText("no roll yet")

    def _tumble(self) -> None:
        if self._left <= 0:
            self._timer.stop()
            self.face.set_value(*self._final)
            return
        self._left -= 1
        self.face.set_value(random.randint(1, max(1, self._final[1])), self._final[1])

    @property
    def value(self) -> int | None:
        """The face shown once the roll settles."""
        return self._final[0] or None
