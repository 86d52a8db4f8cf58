"""The Orders dock: the question being asked, the dice, and the answers as buttons.

For a re-roll question the dice are drawn as faces a player clicks to choose
which to re-roll (or to require re-rolled), and the buttons say what it costs
("Re-roll 2 dice (2 glory)").  A combat shows both sides' dice, strengths, rows
and the total each needs.  Every other question lists the legal answers as
buttons, worded for a player (:func:`describe`).  The buttons send the very
actions the controller lists or accepts; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QGridLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ffl.engine import Action

from .style import BRITISH_RED, FRENCH_BLUE, INK

SIDE_COLOUR = {"french": FRENCH_BLUE, "allied": BRITISH_RED}
#: what ready-made answers are shown as buttons (moves are dragged on the map)
MAX_BUTTONS = 60


class DiceRow(QWidget):
    """Dice faces; those that may be chosen toggle when clicked."""

    toggled = Signal()

    def __init__(self) -> None:
        super().__init__()
        self.values: list[int] = []
        self.choosable: set[int] = set()
        self.chosen: set[int] = set()
        self.colour = INK
        self.setMinimumHeight(44)

    def set_dice(self, values, choosable, colour) -> None:
        self.values, self.choosable = list(values), set(choosable)
        self.chosen = set()
        self.colour = colour
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802
        return QSize(48 * max(1, len(self.values)), 44)

    def face_rect(self, i: int) -> QRectF:
        return QRectF(4 + i * 46, 4, 38, 38)

    def mousePressEvent(self, event) -> None:  # noqa: N802
        for i in range(len(self.values)):
            if self.face_rect(i).contains(event.position()) and i in self.choosable:
                self.chosen ^= {i}
                self.update()
                self.toggled.emit()
                return

    def paintEvent(self, event) -> None:  # noqa: N802
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for i, v in enumerate(self.values):
            r = self.face_rect(i)
            success = v >= 5
            fill = QColor("#fffdf4") if not success else QColor("#fff1b8")
            if i in self.chosen:
                fill = QColor("#9fd3ff")
            p.setBrush(QBrush(fill))
            pen = QPen(self.colour, 3 if i in self.choosable else 1.5)
            p.setPen(pen)
            p.drawRoundedRect(r, 6, 6)
            p.setBrush(QBrush(QColor("#222")))
            p.setPen(Qt.PenStyle.NoPen)
            for dx, dy in _pips(v):
                p.drawEllipse(r.center().x() + dx * 10 - 3, r.center().y() + dy * 10 - 3, 6, 6)


def _pips(v: int):
    return {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
            5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}.get(v, [])


class OrdersPanel(QWidget):
    """The question and its answers (see the module docstring)."""

    def __init__(self, send: Callable[[Action], None]) -> None:
        super().__init__()
        self.setObjectName("ordersPanel")
        self.send = send
        self.question = QLabel()
        self.question.setObjectName("questionLabel")
        self.question.setWordWrap(True)
        font = self.question.font()
        font.setBold(True)
        self.question.setFont(font)
        self.detail = QLabel()
        self.detail.setObjectName("detailLabel")
        self.detail.setWordWrap(True)
        self.own = DiceRow()
        self.own.setObjectName("ownDice")
        self.other = DiceRow()
        self.other.setObjectName("otherDice")
        self.own_label, self.other_label = QLabel(), QLabel()
        self.thinking = QProgressBar()
        self.thinking.setObjectName("thinkingBar")
        self.thinking.setRange(0, 0)
        self.thinking.setFormat("The Allied commander is thinking…")
        self.thinking.setTextVisible(True)
        self.thinking.hide()
        self.buttons = QWidget()
        self.grid = QGridLayout(self.buttons)
        self.grid.setContentsMargins(0, 0, 0, 0)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.buttons)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.question)
        layout.addWidget(self.thinking)
        layout.addWidget(self.detail)
        dice = QGridLayout()
        dice.addWidget(self.own_label, 0, 0)
        dice.addWidget(self.own, 0, 1)
        dice.addWidget(self.other_label, 1, 0)
        dice.addWidget(self.other, 1, 1)
        layout.addLayout(dice)
        layout.addWidget(scroll, 1)
        self.grid.setRowStretch(MAX_BUTTONS + 2, 1)        # the answers from the top down
        self.own.toggled.connect(self._retitle)
        self.other.toggled.connect(self._retitle)
        self._dice_kind = ""
        self._show_dice(False)
        self._side = ""
        self._glory = 0
        self._six = 0
        self.action_buttons: list[QPushButton] = []

    # -- filling ---------------------------------------------------------------------------

    def clear(self) -> None:
        for b in self.action_buttons:
            b.setParent(None)
            b.deleteLater()
        self.action_buttons = []
        self.own.set_dice([], [], INK)
        self.other.set_dice([], [], INK)
        self.own_label.setText("")
        self.other_label.setText("")
        self.detail.setText("")
        self._dice_kind = ""
        self._show_dice(False)

    def _show_dice(self, on: bool) -> None:
        """The dice rows take room only while a re-roll question shows dice."""
        for widget in (self.own, self.other, self.own_label, self.other_label):
            widget.setVisible(on)

    def ask(self, question: str, side: str, answers: list[tuple[str, Action, str]],
              dice: dict | None = None, detail: str = "", enabled: bool = True) -> None:
        """``answers``: (button text, action, tooltip); ``dice``: a re-roll question
        (``kind``, ``own``, ``other``, ``choosable``, ``glory``, ``six``, labels)."""
        self.clear()
        self.question.setText(question)
        colour = SIDE_COLOUR.get(side, INK)
        self.question.setStyleSheet(f"color: {colour.name()}")
        self.detail.setText(detail)
        self.detail.setVisible(bool(detail))
        self._side = side
        if dice:
            self._dice_kind = dice["kind"]
            self._show_dice(True)
            self._glory, self._six = dice.get("glory", 0), dice.get("six", 0)
            mine = dice["kind"] == "reroll"
            self.own_label.setText(dice.get("own_label", "Your dice"))
            self.other_label.setText(dice.get("other_label", ""))
            self.own.set_dice(dice["own"], dice["choosable"] if mine else [],
                              SIDE_COLOUR.get(side, INK))
            self.other.set_dice(dice.get("other", []), [] if mine else dice["choosable"],
                                SIDE_COLOUR.get("allied" if side == "french" else "french", INK))
            self._add_button("", None, "", dice_button=True)
            if dice["kind"] == "reroll" and self._six:
                self._add_button("", None, "", six_button=True)
        for text, action, tip in answers[:MAX_BUTTONS]:
            self._add_button(text, action, tip)
        for b in self.action_buttons:
            b.setEnabled(enabled)
        self._retitle()

    def _add_button(self, text: str, action: Action | None, tip: str, *,
                    dice_button: bool = False, six_button: bool = False) -> None:
        b = QPushButton(text)
        b.setToolTip(tip)
        n = len(self.action_buttons)
        self.grid.addWidget(b, n, 0)
        self.action_buttons.append(b)
        if dice_button:
            b.setObjectName("diceButton")
            b.clicked.connect(self._send_dice)
        elif six_button:
            b.setObjectName("sixButton")
            b.clicked.connect(lambda: self._send_dice(sixes=True))
        else:
            b.setObjectName(f"answer{n}")
            b.clicked.connect(lambda _=False, a=action: self.send(a))

    def _retitle(self) -> None:
        for b in self.action_buttons:
            if b.objectName() == "diceButton":
                n = len(self._chosen())
                if self._dice_kind == "reroll":
                    b.setText(f"Re-roll {n} {'die' if n == 1 else 'dice'} ({n} glory)" if n
                              else "No re-roll")
                    b.setEnabled(n <= self._glory)
                else:
                    b.setText(f"Require {n} re-rolled ({n} glory)" if n
                              else "Require no re-roll")
                    b.setEnabled(n <= self._glory)
            elif b.objectName() == "sixButton":
                n = len(self._chosen())
                b.setText(f"Turn {n} into 6s (automatic 6)" if n else "Automatic 6: choose dice")
                b.setEnabled(0 < n <= self._six)

    def _chosen(self) -> list[int]:
        row = self.own if self._dice_kind == "reroll" else self.other
        return sorted(row.chosen)

    def _send_dice(self, sixes: bool = False) -> None:
        chosen = ",".join(str(i) for i in self._chosen())
        if self._dice_kind == "reroll":
            self.send(Action.make("reroll", self._side, dice="" if sixes else chosen,
                                  six=chosen if sixes else ""))
        else:
            self.send(Action.make("force", self._side, dice=chosen))

    def set_thinking(self, on: bool) -> None:
        self.thinking.setVisible(on)
        for b in self.action_buttons:
            b.setEnabled(not on)


def describe(action: Action, label: Callable[[str], str], name: Callable[[str], str]) -> str:
    """A legal action in a player's words (button texts)."""
    k = action.kind
    g = action.get
    units = g("units", "")
    if k == "activate":
        return f"Activate {label(g('space'))}"
    if k == "done":
        return "Finish moving from this space"
    if k == "end-turn":
        return "End my turn"
    if k == "momentum":
        return f"Pass: momentum marker in {label(g('space'))}"
    if k == "concede":
        return "Concede the game"
    if k == "siege":
        return f"Siege round at {label(g('space'))}"
    if k == "sally":
        return f"Sally out at {label(g('space'))}"
    if k == "assault-malta":
        return "Assault Malta"
    if k == "remove-bedouin":
        return f"Hunt the Bedouin in {label(g('space'))}"
    if k == "uprising":
        return f"Raise an uprising in {label(g('space'))}"
    if k == "return":
        return f"Bonaparte returns to France (Muiron in {label(g('sea'))})"
    if k == "ganteaume":
        return f"Ganteaume sails from {label(g('harbour'))}"
    if k == "disembark":
        return f"Land the army at {label(g('to'))}"
    if k == "land":
        return f"Land at {label(g('to'))}"
    if k == "choose-fleet":
        return f"The real fleet is the one from {label(g('fleet').split('-', 1)[1])}"
    if k == "place-bedouin":
        return f"Bedouin in {label(g('space'))}"
    if k == "intercept":
        return "Attempt the interception" if g("go") else "Let them pass"
    if k == "governor":
        return f"Governor: {name(g('commander'))}" if g("commander") else "No governor"
    if k == "retire":
        return "Retire into the BUA" if g("go") else "Fight in the open"
    if k == "lead":
        return f"{name(g('commander'))} leads the troops" if g("commander") else "No junior leads"
    if k == "losses":
        return f"Lose {_units(units or g('pieces', ''), name)}"
    if k == "draw-choice":
        return "Break off" if g("off") else "Fight another round"
    if k == "break-off":
        to = g("to")
        return f"Break off {'into the BUA' if to == 'inside' else 'to ' + label(to)}"
    if k == "place":
        return f"Place {g('count')} in {label(g('space'))}"
    if k == "remove":
        return f"Remove a {name(g('type'))} in {label(g('space'))}"
    if k == "revolt":
        return "Pay with the next commander's glory" if g("pay") == "glory" else \
            "Pay with infantry"
    if k == "relocate":
        to = g("to")
        return f"Mamluks go {'into the BUA' if to == 'inside' else 'to ' + label(to)}"
    if k == "move":
        return _move(action, label, name)
    if k in ("reroll", "force"):
        dice = g("dice", "")
        n = len([d for d in dice.split(",") if d])
        return (f"Re-roll {n}" if k == "reroll" else f"Require {n} re-rolled") if n else (
            "No re-roll" if k == "reroll" else "Require none")
    return str(action)


def _move(action: Action, label: Callable[[str], str], name: Callable[[str], str]) -> str:
    """'Move Bonaparte, 3 Infantry to Alexandria (Junot stays)': the commanders by
    name, the elements counted (never a piece id, never "nothing")."""
    g = action.get
    who = [name(pid) for pid in (g("pieces", "") or "").split(",") if pid]
    if g("units", ""):
        who.append(_units(g("units", ""), name))
    stay = [name(pid) for pid in (g("leave", "") or "").split(",") if pid]
    text = f"Move {', '.join(who) or 'them'} to {label(g('to'))}"
    if stay:
        text += f" ({', '.join(stay)} {'stays' if len(stay) == 1 else 'stay'})"
    return text


def _units(text: str, name: Callable[[str], str]) -> str:
    parts = []
    counts: dict[str, int] = {}
    for part in (text or "").split(","):
        if not part:
            continue
        tid, _, n = part.partition(":")
        counts[tid] = counts.get(tid, 0) + (int(n) if n else 1)
    for tid, n in counts.items():
        parts.append(f"{n} {name(tid)}")
    return ", ".join(parts) or "nothing"


def answers_for(actions: list[Action], label, name) -> list[tuple[str, Action, str]]:
    return [(describe(a, label, name), a, str(a)) for a in actions]
