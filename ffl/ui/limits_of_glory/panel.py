"""The Campaign dock: turn and phase, the number track (VPs), momentum in hand, the
event clock and the commanders' glory.

Everything is read from the viewed state and the controller's prompt; nothing
here decides a rule.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QHeaderView,
    QLabel,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from .markers import ALLIED_MOMENTUM, FRENCH_MOMENTUM
from .style import BRITISH_RED, FRENCH_BLUE, INK

#: the clock's boxes: number -> short title (what a player reads on the clock)
REPEATABLE = (2, 4, 7, 9, 10, 14, 20, 23, 24)


class NumberTrack(QWidget):
    """The number track 0-50 with the French and Allied VP markers."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("vpTrack")
        self.french, self.allied = 0, 25
        self.setMinimumHeight(58)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_vp(self, french: int, allied: int) -> None:
        self.french, self.allied = french, allied
        self.setToolTip(f"Victory points: French {french}, Allies {allied}")
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(300, 58)

    def paintEvent(self, event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w = self.width() - 16
        x0, y = 8, 26
        p.setPen(QPen(INK, 1))
        font = QFont("sans-serif")
        font.setPixelSize(9)
        p.setFont(font)
        for n in range(0, 51):
            x = x0 + w * n / 50
            h = 8 if n % 10 == 0 else (5 if n % 5 == 0 else 3)
            p.drawLine(int(x), y, int(x), y + h)
            if n % 10 == 0:
                p.drawText(QRectF(x - 10, y + 9, 20, 12), int(Qt.AlignmentFlag.AlignCenter),
                           str(n))
        p.drawLine(x0, y, x0 + w, y)
        for value, colour, label, dy in ((self.french, FRENCH_BLUE, "F", -16),
                                         (self.allied, BRITISH_RED, "A", -16)):
            v = max(0, min(50, value))
            x = x0 + w * v / 50
            p.setBrush(QBrush(colour))
            p.setPen(QPen(QColor("#111"), 1))
            p.drawRect(QRectF(x - 7, y + dy, 14, 13))
            p.setPen(QColor("white"))
            p.drawText(QRectF(x - 7, y + dy, 14, 13), int(Qt.AlignmentFlag.AlignCenter), label)
        p.setPen(INK)
        font.setPixelSize(11)
        font.setBold(True)
        p.setFont(font)
        p.drawText(QRectF(0, 0, self.width(), 12), int(Qt.AlignmentFlag.AlignCenter),
                   f"French {self.french} VP   ·   Allies {self.allied} VP")


class EventClock(QWidget):
    """The event clock: 24 boxes, covered ones showing their second tile, and the dice
    marker (how many dice decide the next event)."""

    def __init__(self, titles: dict[int, str]) -> None:
        super().__init__()
        self.setObjectName("eventClock")
        self.titles = titles
        self.dice, self.tiles, self.done, self.last = 1, [], [], None
        self.setMinimumHeight(172)       # room for two lines of each title

    def set_clock(self, dice: int, tiles: list[int], done: list[int], last) -> None:
        self.dice, self.tiles, self.done, self.last = dice, list(tiles), list(done), last
        self.update()

    COLS, ROWS, TOP = 6, 4, 18

    def box_rect(self, n: int) -> QRectF:
        """Box ``n`` (1-24) in widget coordinates."""
        w = (self.width() - 4) / self.COLS
        h = (self.height() - self.TOP - 2) / self.ROWS
        r, c = divmod(n - 1, self.COLS)
        return QRectF(2 + c * w, self.TOP + r * h, w - 2, h - 2)

    @staticmethod
    def title_font() -> QFont:
        small = QFont("sans-serif")
        small.setPixelSize(8)
        return small

    def title_rect(self, n: int) -> QRectF:
        return self.box_rect(n).adjusted(3, 12, -2, -1)

    def title_lines(self, n: int) -> list[str]:
        """Box ``n``'s title as painted: wrapped at words into the lines the box has
        room for, the last one cut short with "…" when the title is longer (the whole
        title is the box's tooltip)."""
        text = "2nd tile" if n in self.tiles else self.titles.get(n, "")
        rect = self.title_rect(n)
        metrics = QFontMetricsF(self.title_font())
        room = max(1, int(rect.height() // metrics.lineSpacing()))
        lines: list[str] = []
        words = text.split()
        while words and len(lines) < room:
            line = words.pop(0)
            while words and metrics.horizontalAdvance(f"{line} {words[0]}") <= rect.width():
                line = f"{line} {words.pop(0)}"
            lines.append(line)
        if words:        # longer than the box: the last line ends in "…"
            lines[-1] = " ".join([lines[-1], *words])
        return [metrics.elidedText(line, Qt.TextElideMode.ElideRight, rect.width())
                for line in lines]

    def box_at(self, pos: QPointF) -> int | None:
        return next((n for n in range(1, 25) if self.box_rect(n).contains(pos)), None)

    def tip(self, n: int) -> str:
        label = f"{n}{'R' if n in REPEATABLE else ''}"
        if n in self.tiles:
            return f"{label}: {self.titles.get(n, '')} (its second tile is on the clock)"
        return f"{label}: {self.titles.get(n, '')}"

    def event(self, event) -> bool:  # noqa: D401
        """Hovering a box shows its whole title."""
        if event.type() == QEvent.Type.ToolTip:
            n = self.box_at(event.position() if hasattr(event, "position") else
                            QPointF(event.pos()))
            if n is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), self.tip(n), self)
            return True
        return super().event(event)

    def paintEvent(self, event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        font = QFont("sans-serif")
        font.setPixelSize(10)
        font.setBold(True)
        p.setFont(font)
        p.setPen(INK)
        p.drawText(QRectF(0, 0, self.width(), 16), int(Qt.AlignmentFlag.AlignLeft),
                   f"  Event clock: {self.dice} {'die' if self.dice == 1 else 'dice'}"
                   f"{f'  (last: {self.last})' if self.last else ''}")
        small = self.title_font()
        line_height = QFontMetricsF(small).lineSpacing()
        for n in range(1, 25):
            rect = self.box_rect(n)
            reachable = self.dice <= n <= 6 * self.dice
            fill = QColor("#f4ead2") if reachable else QColor("#d8d0bd")
            if n in self.tiles:
                fill = QColor("#c9b27a")
            if n == self.last:
                fill = QColor("#ffe28a")
            p.setBrush(QBrush(fill))
            p.setPen(QPen(INK, 1))
            p.drawRect(rect)
            p.setFont(font)
            label = f"{n}{'R' if n in REPEATABLE else ''}"
            p.drawText(rect.adjusted(3, 1, -2, 0), int(Qt.AlignmentFlag.AlignLeft), label)
            p.setFont(small)
            where = self.title_rect(n)
            for i, line in enumerate(self.title_lines(n)):
                p.drawText(QRectF(where.left(), where.top() + i * line_height, where.width(),
                                  line_height), int(Qt.AlignmentFlag.AlignLeft), line)


class CampaignPanel(QWidget):
    """Turn, phase, prompt, VP track, momentum, the event clock, commanders."""

    def __init__(self, titles: dict[int, str]) -> None:
        super().__init__()
        self.setObjectName("campaignPanel")
        self.turn = QLabel()
        self.turn.setObjectName("turnLabel")
        font = self.turn.font()
        font.setBold(True)
        font.setPointSize(font.pointSize() + 2)
        self.turn.setFont(font)
        self.track = NumberTrack()
        self.momentum = QLabel()
        self.momentum.setObjectName("momentumLabel")
        self.clock = EventClock(titles)
        self.commanders = QTableWidget(0, 4)
        self.commanders.setObjectName("commanderTable")
        self.commanders.setMinimumHeight(80)
        self.commanders.setHorizontalHeaderLabels(["Commander", "Glory", "Where", "No."])
        self.commanders.verticalHeader().setVisible(False)
        self.commanders.verticalHeader().setDefaultSectionSize(     # one line a commander
            self.commanders.fontMetrics().height() + 6)
        self.commanders.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        header = self.commanders.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)    # names: the most
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        for column in (1, 3):                                  # the numbers: as wide as needed
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.turn)
        layout.addWidget(self.track)
        layout.addWidget(self.momentum)
        layout.addWidget(self.clock)
        layout.addWidget(QLabel("Commanders (glory on the number track):"))
        layout.addWidget(self.commanders, 1)

    def show_state(self, state, module, label_of) -> None:
        v = state.vars
        phase = {"setup": "Set-up", "invasion": "Invasion", "landing": "Disembarkation",
                 "conquest": "Conquest", "over": "Game over"}.get(v.get("phase"), "")
        self.turn.setText(f"{phase} · turn {v.get('turn', 0)}")
        vp = v.get("vp", {})
        self.track.set_vp(int(vp.get("french", 0)), int(vp.get("allied", 25)))
        hand = v.get("hand", {})
        active = v.get("active")
        f_hand, a_hand = int(hand.get("french", 0)), int(hand.get("allied", 0))
        self.momentum.setText(
            f"<span style='color:{FRENCH_MOMENTUM.name()}'>●</span> French momentum in hand: "
            f"<b>{f_hand}</b> &nbsp; <span style='color:{ALLIED_MOMENTUM.name()}'>●</span> "
            f"Allied: <b>{a_hand}</b>"
            + (f" &nbsp; initiative: <b>{active.title()}</b>" if active else ""))
        self.clock.set_clock(int(v.get("event_dice", 1)), v.get("tiles", []),
                             v.get("done_events", []), v.get("last_event"))
        rows = []
        for p in state.pieces.values():
            t = module.piece_types.get(p.type)
            if t is None or t.kind != "commander" or p.status not in ("active", "off"):
                continue
            g = p.data.get("glory")
            if g is None:
                continue
            six = p.data.get("auto6", 0)
            # Brueys' glory serves all three fleet markers while his own marker stays
            # off the map (Invasion Phase: Brueys' and Nelson's glory)
            where = label_of(p.space) if p.space else \
                "with the fleet markers" if v.get("phase") == "invasion" and \
                t.get("naval") else "off the map"
            rows.append((p.side != "french", t.get("nation"), t.get("seniority"), t.name,
                         f"{g}" + (f" (+{six} auto 6)" if six else ""), where))
        rows.sort()
        self.commanders.setRowCount(len(rows))
        for i, (_s, nation, sen, name, glory, where) in enumerate(rows):
            for j, text in enumerate((name, glory, where, str(sen))):
                item = QTableWidgetItem(text)
                item.setForeground(QBrush(FRENCH_BLUE if nation == "french" else
                                          BRITISH_RED if nation == "british" else INK))
                self.commanders.setItem(i, j, item)
