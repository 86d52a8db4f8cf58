"""The Battle dock: turn track, VP track, phase, the End phase button, what the
last step set off, the unit picked, the Zone under the mouse, Missions used and the
containers.  It shows what the controller's
prompt and queries say; it decides nothing.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QGroupBox,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

#: how many lines of what one step set off the panel lists
DOINGS_SHOWN = 4
MISSION_TITLES = {"dragon_eye": "Dragon Eye", "cobra": "Super Cobra", "hornet": "Hornet"}


class TurnTrack(QWidget):
    """Turns 1 to the last, the current one filled (7, 8)."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("pfTurnTrack")
        self.turn, self.last = 0, 16
        self.setMinimumHeight(26)
        self.setMinimumWidth(16 * 12)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_turn(self, turn: int, last: int) -> None:
        if (turn, last) != (self.turn, self.last):
            self.turn, self.last = turn, last
            self.update()

    def number_font(self) -> QFont:
        """The turn numbers' font: 11 px, smaller (down to 7 px) when the boxes are too
        narrow for "16" with a pixel clear of each side."""
        room = int((self.width() - 2) / 16) - 2 - 2 - 2    # the box, its border, the gap
        font = QFont()
        for px in range(11, 6, -1):
            font.setPixelSize(px)
            if QFontMetricsF(font).horizontalAdvance("16") <= room:
                break
        return font

    def paintEvent(self, _event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        n = 16
        w = (self.width() - 2) / n
        p.setFont(self.number_font())
        for i in range(1, n + 1):
            x = 1 + (i - 1) * w
            rect = self.rect().adjusted(int(x), 2, 0, -2)
            rect.setWidth(int(w) - 2)
            if i > self.last:
                fill = QColor("#c9c9c9")
            elif i == self.turn:
                fill = QColor("#2f5ea8")
            elif i < self.turn:
                fill = QColor("#a9b9d6")
            else:
                fill = QColor("#f4f1e8")
            p.setPen(QPen(QColor("#555555"), 1))
            p.setBrush(fill)
            p.drawRect(rect)
            p.setPen(QColor("#ffffff") if i == self.turn else QColor("#222222"))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(i))
        p.end()


class BattlePanel(QWidget):
    """See the module docstring."""

    endPhase = Signal()
    lossOrder = Signal(bool)

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("pfBattlePanel")
        self._measure = QLabel()          # never shown: measures wrapped text (_fit)
        self._measure.setWordWrap(True)
        layout = QVBoxLayout(self)
        self.title = QLabel()
        self.title.setObjectName("pfPhaseTitle")
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.2)
        self.title.setFont(font)
        self.title.setWordWrap(True)
        layout.addWidget(self.title)
        self.track = TurnTrack()
        layout.addWidget(self.track)
        self.vp = QLabel()
        self.vp.setObjectName("pfVictoryPoints")
        layout.addWidget(self.vp)
        self.hint = QLabel()
        self.hint.setObjectName("pfHint")
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: #2f4a6a;")
        layout.addWidget(self.hint)
        self.end_button = QPushButton("End phase")
        self.end_button.setObjectName("pfEndPhaseButton")
        self.end_button.setToolTip("Close the phase and go on to the next one (Ctrl+E)")
        self.end_button.clicked.connect(self.endPhase.emit)
        layout.addWidget(self.end_button)
        self.doings_box = QGroupBox("What just happened")
        self.doings_box.setObjectName("pfInsurgentsBox")
        doings = QVBoxLayout(self.doings_box)
        self.doings = QLabel()
        self.doings.setObjectName("pfInsurgentsDid")
        self.doings.setWordWrap(True)
        self.doings.setStyleSheet("color: #8a2418;")
        self.doings.setToolTip("What your last step set off: how your fire or Assault "
                               "came out, the program's moves for the insurgents, Zones "
                               "taken or Activated, each with its rule; the Event log has "
                               "them all")
        doings.addWidget(self.doings)
        self.doings_box.setVisible(False)
        layout.addWidget(self.doings_box)
        box = QGroupBox("Unit")
        unit = QVBoxLayout(box)
        self.unit = QLabel("Click one of your units.")
        self.unit.setObjectName("pfUnitLabel")
        self.unit.setWordWrap(True)
        unit.addWidget(self.unit)
        self.caat_first = QCheckBox("Losses to its CAAT first (5.1.1.2)")
        self.caat_first.setObjectName("pfCaatFirst")
        self.caat_first.setToolTip("Your standing order for this squad: which of it and its "
                                   "CAAT support takes a Step Loss")
        self.caat_first.toggled.connect(self.lossOrder.emit)
        unit.addWidget(self.caat_first)
        layout.addWidget(box)
        self.zone = QLabel()
        self.zone.setObjectName("pfZoneLabel")
        self.zone.setWordWrap(True)
        layout.addWidget(self.zone)         # the Zone under the mouse
        box = QGroupBox("Missions (9.2) and containers (6.1)")
        form = QVBoxLayout(box)
        self.missions = QLabel()
        self.missions.setObjectName("pfMissions")
        self.missions.setWordWrap(True)
        self.missions.setToolTip("Successful Missions so far, of the most each may succeed")
        form.addWidget(self.missions)
        self.pools = QLabel()
        self.pools.setObjectName("pfPools")
        self.pools.setWordWrap(True)
        self.pools.setToolTip("Counters left in the opaque containers the program draws from")
        form.addWidget(self.pools)
        layout.addWidget(box)
        layout.addStretch(1)

    def event(self, event) -> bool:
        """Each wrapped text keeps the height its lines need at its width (as a minimum,
        which the layouts honour, unlike the height for a width of a label in a group
        box), and the scroll area the dock holds the panel in is told: it lays the
        panel out on its own resize only otherwise.  Before, what one step set off
        (three lines: the Zones a Reorganisation took and Activated, the game's
        result) could be cut to its first line at 1366x768."""
        if event.type() == QEvent.Type.LayoutRequest:
            self._fit()
            area = self.parentWidget().parentWidget() if self.parentWidget() else None
            if isinstance(area, QScrollArea):
                QApplication.postEvent(area, QEvent(QEvent.Type.LayoutRequest))
        return super().event(event)

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        for label in self.findChildren(QLabel):
            if label is not self._measure and label.wordWrap() and label.width() > 0:
                need = self._height_for(label) if label.text() else 0
                if need != label.minimumHeight():
                    label.setMinimumHeight(max(0, need))

    def _height_for(self, label: QLabel) -> int:
        """The height ``label``'s text needs at its width, measured on a hidden twin:
        a label's own height for a width never falls below its minimum height, so a
        box that once held four lines stayed four lines high (its two new lines in
        its middle) after a shorter text."""
        twin = self._measure
        twin.setFont(label.font())
        twin.setTextFormat(label.textFormat())
        twin.setMargin(label.margin())
        twin.setIndent(label.indent())
        twin.setContentsMargins(label.contentsMargins())
        twin.setText(label.text())
        return twin.heightForWidth(label.width())

    def show_prompt(self, title: str, turn: int, last: int, vp: int, hint: str,
                    can_end: bool, end_text: str) -> None:
        self.title.setText(title)
        self.track.set_turn(turn, last)
        self.vp.setText(f"<b>Victory Points:</b> {vp:+d}" if vp else "<b>Victory Points:</b> 0")
        self.hint.setText(hint)
        self.end_button.setEnabled(can_end)
        self.end_button.setText(end_text)

    def show_doings(self, lines: list[str], most: int = DOINGS_SHOWN) -> None:
        """The insurgents' doings of the last step (hidden when there were none): the
        first ``most`` lines, then how many more the Event log holds."""
        self.doings_box.setVisible(bool(lines))
        shown = [escape(line) for line in lines[:most]]
        if len(lines) > most:
            shown.append(f"<i>… and {len(lines) - most} more in the Event log</i>")
        self.doings.setText("<br>".join(shown))

    def show_missions(self, used: dict, limits: dict) -> None:
        self.missions.setText(" · ".join(
            f"{title} {used.get(key, 0)}/{limits.get(key, '?')}"
            for key, title in MISSION_TITLES.items()))

    def show_pools(self, pools: dict) -> None:
        self.pools.setText(
            f"Insurgents {pools.get('insurgents', 0)} · 'Suspect' {pools.get('suspects', 0)} · "
            f"activation {pools.get('activated_zone', 0)} + {pools.get('strong_point', 0)} "
            f"Strong Points")

    def show_unit(self, text: str, caat: bool | None) -> None:
        self.unit.setText(text)
        self.caat_first.blockSignals(True)
        self.caat_first.setVisible(caat is not None)
        self.caat_first.setChecked(bool(caat))
        self.caat_first.blockSignals(False)
