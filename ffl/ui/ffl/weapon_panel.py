"""The weapon panel over the map and the shot counts on the targets (14.2,
14.5): drawing and widgets only; :mod:`.weapons` decides what they show by
asking the controller."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QGraphicsEllipseItem,
    QGraphicsSimpleTextItem,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QToolButton,
    QVBoxLayout,
)

from ffl.ui.style import UNIT

from .layers import Layer

if TYPE_CHECKING:
    from .weapons import WeaponFireMode

BADGE_FILL, BADGE_INK = QColor(200, 20, 20), QColor("white")


class BadgeLayer(Layer):
    """The shot counts over the targets: a red disc with the number of shots."""

    def badge(self, at: QPointF, text: str) -> None:
        r = 0.24 * UNIT
        disc = QGraphicsEllipseItem(at.x() - r, at.y() - r, 2 * r, 2 * r)
        disc.setBrush(QBrush(BADGE_FILL))
        disc.setPen(QPen(QColor("white"), 0.04 * UNIT))
        self._keep(disc, 45)
        label = QGraphicsSimpleTextItem(text)
        font = QFont()
        font.setBold(True)
        font.setPixelSize(int(0.3 * UNIT))
        label.setFont(font)
        label.setBrush(BADGE_INK)
        br = label.boundingRect()
        label.setPos(at.x() - br.width() / 2, at.y() - br.height() / 2)
        self._keep(label, 46)


class WeaponPanel(QFrame):
    """The small panel over the map while a weapon is aimed."""

    def __init__(self, mode: WeaponFireMode, parent) -> None:
        super().__init__(parent)
        self.mode = mode
        self.setObjectName("fflWeaponPanel")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setStyleSheet("#fflWeaponPanel { background: #fbf6ea; border: 2px solid #8a5a1a;"
                           " border-radius: 6px; } QLabel { color: #2a1a08; }")
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 8, 10, 8)
        lay.setSpacing(4)
        self.title = QLabel()
        self.title.setObjectName("weaponTitle")
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        lay.addWidget(self.title)
        self.crew_label = QLabel()
        lay.addWidget(self.crew_label)
        self.crew_box = QVBoxLayout()
        self.crew_box.setSpacing(0)
        lay.addLayout(self.crew_box)
        self.short_label = QLabel()
        self.short_label.setObjectName("crewShortLabel")
        lay.addWidget(self.short_label)
        self.shots_label = QLabel()
        self.shots_label.setObjectName("shotsLabel")
        lay.addWidget(self.shots_label)
        self.shot_box = QVBoxLayout()
        self.shot_box.setSpacing(0)
        lay.addLayout(self.shot_box)
        self.hint = QLabel()
        self.hint.setObjectName("weaponHint")
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: #5a4a30;")
        lay.addWidget(self.hint)
        buttons = QHBoxLayout()
        self.canister = QPushButton("Canister")
        self.canister.setObjectName("canisterButton")
        self.canister.clicked.connect(mode.fire_canister)
        self.fire = QPushButton("Fire")
        self.fire.setObjectName("weaponFireButton")
        self.fire.clicked.connect(mode.fire)
        self.cancel = QPushButton("Cancel")
        self.cancel.setObjectName("weaponCancelButton")
        self.cancel.setToolTip("Put the weapon down without firing (Esc)")
        self.cancel.clicked.connect(mode.cancel)
        for b in (self.canister, self.fire, self.cancel):
            b.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            buttons.addWidget(b)
        lay.addLayout(buttons)
        self.checks: dict[str, QCheckBox] = {}
        self.rows: dict[str, QToolButton] = {}

    @staticmethod
    def _clear(box) -> None:
        while box.count():
            item = box.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()

    def show_crew(self, info, crew: list[str], name) -> None:
        """14.2 a check box per unit able to crew (ticked: in the crew); the near
        units that cannot, greyed out with why."""
        self._clear(self.crew_box)
        self.checks = {}
        self.crew_label.setText(f"Crew (full crew {info.full}, 14.2):")
        for pid in info.able:
            box = QCheckBox(name(pid))
            box.setObjectName(f"crew:{pid}")
            box.setChecked(pid in crew)
            box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            box.setToolTip(f"{name(pid)} may crew the weapon: in or next to its square, on its "
                           "level, facing its way (14.2). A crewman does not fire on his own "
                           "this turn (14.42).")
            box.toggled.connect(lambda on, p=pid: self.mode.set_crewman(p, on))
            self.crew_box.addWidget(box)
            box.show()
            self.checks[pid] = box
        for pid, verdict in info.unable.items():
            box = QCheckBox(name(pid))
            box.setObjectName(f"crew:{pid}")
            box.setEnabled(False)
            box.setToolTip(f"{name(pid)} cannot crew: {verdict.reason} ({verdict.rule})")
            self.crew_box.addWidget(box)
            box.show()
        if not info.able:
            self.crew_box.addWidget(QLabel("nobody may crew it now (14.2)"))

    def show_shots(self, rows: list[tuple[str, str, str]]) -> None:
        """(target, text, tooltip) rows, each with a button taking a shot off."""
        self._clear(self.shot_box)
        self.rows = {}
        for target, text, tip in rows:
            row = QHBoxLayout()
            label = QLabel(text)
            label.setToolTip(tip)
            less = QToolButton()
            less.setText("−")
            less.setObjectName(f"less:{target}")
            less.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            less.setToolTip("Take one shot off this target (or right-click it on the map)")
            less.clicked.connect(lambda _=False, t=target: self.mode.take_shot(t))
            row.addWidget(less)
            row.addWidget(label, 1)
            holder = QFrame()
            holder.setLayout(row)
            row.setContentsMargins(0, 0, 0, 0)
            self.shot_box.addWidget(holder)
            holder.show()
            self.rows[target] = less
