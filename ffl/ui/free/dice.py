"""The "Dice" dock of free play: how many dice, how many sides, what for, Roll.

A roll is the controller's ``roll`` action, so its values are in the log (they
undo, redo, save and mail with the game); the dock shows the last roll in
effect, read back from the log on every refresh.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ffl.engine import Event, GameLog
from ffl.games.free.controller import MAX_DICE, MAX_SIDES

PRESETS = (6, 10, 20)


def last_roll(log: GameLog) -> Event | None:
    """The last dice event in effect, or None."""
    return next((e for e in reversed(log.events) if e.dice), None)


class DicePanel(QWidget):
    """Dice count, sides, purpose, the Roll button and the last result."""

    def __init__(self, roll: Callable[[], object]) -> None:
        super().__init__()
        self.setObjectName("freeDicePanel")
        self.count = QSpinBox()
        self.count.setObjectName("diceCount")
        self.count.setRange(1, MAX_DICE)
        self.count.setValue(1)
        self.count.setToolTip(f"How many dice to roll (1 to {MAX_DICE})")
        self.sides = QSpinBox()
        self.sides.setObjectName("diceSides")
        self.sides.setRange(2, MAX_SIDES)
        self.sides.setValue(6)
        self.sides.setPrefix("d")
        self.sides.setToolTip(f"Sides of each die (2 to {MAX_SIDES}; d6 by default)")
        presets = QHBoxLayout()
        presets.setContentsMargins(0, 0, 0, 0)
        self.preset_buttons: dict[int, QPushButton] = {}
        for n in PRESETS:
            button = QPushButton(f"d{n}")
            button.setObjectName(f"diceD{n}Button")
            button.setToolTip(f"Roll {n}-sided dice")
            button.clicked.connect(lambda _=False, n=n: self.sides.setValue(n))
            presets.addWidget(button)
            self.preset_buttons[n] = button
        self.purpose = QLineEdit()
        self.purpose.setObjectName("dicePurpose")
        self.purpose.setPlaceholderText("what for (optional)")
        self.purpose.setMaxLength(40)
        self.purpose.setToolTip("What the roll is for: it is written in the log with the values")
        self.purpose.returnPressed.connect(roll)
        self.roll_button = QPushButton("Roll")
        self.roll_button.setObjectName("diceRollButton")
        self.roll_button.setToolTip("Roll the dice (Ctrl+D); the values go to the log")
        self.roll_button.clicked.connect(lambda _=False: roll())
        self.total = QLabel("–")
        self.total.setObjectName("diceTotal")
        font = QFont()
        font.setPixelSize(40)
        font.setBold(True)
        self.total.setFont(font)
        self.total.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.total.setToolTip("The last roll: its total")
        self.detail = QLabel("No dice rolled yet.")
        self.detail.setObjectName("diceDetail")
        self.detail.setWordWrap(True)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow("Dice", self.count)
        form.addRow("Sides", self.sides)
        form.addRow("", presets)
        form.addRow("For", self.purpose)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addLayout(form)
        layout.addWidget(self.roll_button)
        layout.addWidget(self.total)
        layout.addWidget(self.detail)
        layout.addStretch(1)

    def request(self) -> dict:
        """The roll asked for: ``dice``, ``sides`` and ``purpose`` (may be empty)."""
        return {"dice": self.count.value(), "sides": self.sides.value(),
                "purpose": self.purpose.text().strip()}

    def show_roll(self, event: Event | None) -> None:
        """Show ``event``'s values big with their total (None: nothing rolled)."""
        if event is None:
            self.total.setText("–")
            self.detail.setText("No dice rolled yet.")
            return
        values = list(event.dice)
        sides = event.info.get("sides", "?")
        total = sum(values)
        self.total.setText(str(total) if len(values) == 1 else
                           f"{' + '.join(map(str, values))} = {total}"
                           if len(values) <= 4 else f"{total}")
        purpose = str(event.info.get("purpose", ""))
        self.detail.setText(f"{len(values)}d{sides}: {', '.join(map(str, values))}"
                            f" (total {total})\n{purpose}")
