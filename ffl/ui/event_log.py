"""EventLogWidget: every event's text in order, filterable by turn.

The list follows the session's log: new events are appended, undone events
disappear.  When the game keeps a ``turn`` variable, a combo box filters the
list to one turn.  Clicking a line shows, under the list, the number, title
and summary of the rule it cites, from the game's help (the window hands the
widget a lookup, :meth:`EventLogWidget.set_rule_lookup`).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QTextDocument
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ffl.engine import AGAINST_RULES, Event, GameLog
from ffl.games.manifest import RuleNote

from .help import rule_note_html

ALL_TURNS = "All turns"
TURN_ROLE = Qt.ItemDataRole.UserRole + 1
RULE_ROLE = Qt.ItemDataRole.UserRole + 2


def turns_of(log: GameLog) -> list[object]:
    """The turn each event in effect belongs to (the value of ``turn`` after it)."""
    turn = log.initial.vars.get("turn")
    out = []
    for event in log.events:
        for change in event.changes:
            if change.piece is None and change.field == "turn":
                turn = change.value
        out.append(turn)
    return out


class EventLogWidget(QWidget):
    """The event log list with its turn filter."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.list = QListWidget()
        self.list.setObjectName("eventList")
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.setUniformItemSizes(False)
        self.list.setVerticalScrollMode(QListWidget.ScrollMode.ScrollPerPixel)
        # new lines keep the end in view, also while the word-wrapped lines are
        # still being measured (a reopened game) or the dock is resized; a player
        # who scrolled up to read stays where he is
        self._follow = True
        bar = self.list.verticalScrollBar()
        bar.valueChanged.connect(self._scrolled)
        bar.rangeChanged.connect(self._range_changed)
        self.turn_box = QComboBox()
        self.turn_box.setObjectName("turnFilter")
        self.turn_box.addItem(ALL_TURNS)
        self.turn_box.currentIndexChanged.connect(self._apply_filter)
        self.turn_label = QLabel("Turn:")
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.turn_label)
        top.addWidget(self.turn_box, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        self.note = QLabel()
        self.note.setObjectName("ruleNote")
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.RichText)
        self.note.setFrameShape(QFrame.Shape.StyledPanel)
        self.note.setMargin(6)
        self.note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.note.setVisible(False)
        self._lookup: Callable[[str], RuleNote | None] | None = None
        self.list.currentItemChanged.connect(self._show_rule)
        self.list.itemClicked.connect(self._show_rule)
        layout.addLayout(top)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.note)
        self._events: list[Event] = []
        self._reader: tuple = (None, "")
        self._read: Callable[[Event], Event] = lambda e: e
        #: the turn the lines are filtered to (None: every line is shown)
        self._filtered: object | None = None
        self._set_turns_visible(False)

    # -- following the log --------------------------------------------------------------

    def sync(self, log: GameLog | None,
             reader: Callable[[Event, str], Event] | None = None, side: str = "") -> None:
        """Show exactly the events in effect in ``log``; with a ``reader``
        (a controller's ``event_for``), each as ``side`` may read it (another
        side's secret steps show their public line only)."""
        events = list(log.events) if log is not None else []
        turns = turns_of(log) if log is not None else []
        keep = 0
        if (reader, side) != self._reader:
            self._reader = (reader, side)
            self._events = []           # read again for the other side
        self._read = (lambda e: reader(e, side)) if reader is not None else (lambda e: e)
        while (keep < len(self._events) and keep < len(events)
               and self._events[keep] is events[keep]):
            keep += 1
        if keep == 0:
            self.list.clear()
        while self.list.count() > keep:
            self.list.takeItem(self.list.count() - 1)
        if keep == 0:
            self.note.setVisible(False)     # another game, or back to the start
        for event, turn in zip(events[keep:], turns[keep:], strict=True):
            self.list.addItem(self._item(self._read(event), turn))
        self._events = events
        has_turns = log is not None and ("turn" in log.state.vars
                                         or "turn" in log.initial.vars)
        self._set_turns_visible(has_turns)
        if has_turns:
            self._refresh_turns(turns)
        self._apply_filter()
        if keep < len(events):
            self.scroll_to_end()

    def scroll_to_end(self) -> None:
        """Show the last line, and keep it shown as the list settles."""
        self._follow = True
        self.list.scrollToBottom()

    def _scrolled(self, value: int) -> None:
        self._follow = value >= self.list.verticalScrollBar().maximum()

    def _range_changed(self, _low: int, high: int) -> None:
        if self._follow:
            self.list.verticalScrollBar().setValue(high)

    def texts(self, visible_only: bool = False) -> list[str]:
        return [self.list.item(i).text() for i in range(self.list.count())
                if not (visible_only and self.list.item(i).isHidden())]

    def _item(self, event: Event, turn: object) -> QListWidgetItem:
        text = event.text or f"{event.rule} {event.kind}".strip()
        item = QListWidgetItem(text)
        item.setData(TURN_ROLE, turn)
        item.setData(RULE_ROLE, event.rule or "")
        tip = [f"rule {event.rule}" if event.rule else event.kind]
        if event.dice:
            tip.append("dice: " + " ".join(str(d) for d in event.dice))
        item.setToolTip("\n".join(tip))
        if event.kind == "dice":
            item.setForeground(QColor("#6a4c93"))
        elif event.kind == AGAINST_RULES:   # advise mode: done although the rules forbid it
            item.setForeground(QColor("#b3261e"))
            font = item.font()
            font.setBold(True)
            item.setFont(font)
            tip.append("done against the rules (advise mode)")
            item.setToolTip("\n".join(tip))
        return item

    # -- the rule behind a line ----------------------------------------------------------

    def set_rule_lookup(self, lookup: Callable[[str], RuleNote | None] | None) -> None:
        """``lookup(rule)`` gives what the game's help says about a rule (None:
        nothing); None when the game has no help."""
        self._lookup = lookup
        self.note.setVisible(False)

    def _show_rule(self, item: QListWidgetItem | None, *_: object) -> None:
        rule = item.data(RULE_ROLE) if item is not None else ""
        if not rule or self._lookup is None:
            self.note.setVisible(False)
            return
        self.note.setText(rule_note_html(self._lookup(rule), rule))
        self.note.setVisible(True)

    def rule_note(self) -> str:
        """The rule note shown under the list, as plain text ("" when hidden)."""
        if not self.note.isVisible():
            return ""
        doc = QTextDocument()
        doc.setHtml(self.note.text())
        return doc.toPlainText()

    # -- turn filter ----------------------------------------------------------------------

    def _set_turns_visible(self, visible: bool) -> None:
        self._has_turns = visible
        self.turn_box.setVisible(visible)
        self.turn_label.setVisible(visible)

    def _refresh_turns(self, turns: list[object]) -> None:
        wanted = [t for t in dict.fromkeys(turns) if t is not None]
        current = [self.turn_box.itemData(i) for i in range(1, self.turn_box.count())]
        if current == wanted:
            return
        chosen = self.turn_box.currentData()
        self.turn_box.blockSignals(True)
        self.turn_box.clear()
        self.turn_box.addItem(ALL_TURNS, None)
        for t in wanted:
            self.turn_box.addItem(f"Turn {t}", t)
        index = self.turn_box.findData(chosen) if chosen is not None else 0
        self.turn_box.setCurrentIndex(max(0, index))
        self.turn_box.blockSignals(False)

    def set_turn_filter(self, turn: object | None) -> None:
        index = 0 if turn is None else self.turn_box.findData(turn)
        self.turn_box.setCurrentIndex(max(0, index))

    def _apply_filter(self) -> None:
        turn = self.turn_box.currentData() if self._has_turns else None
        if turn is None and self._filtered is None:
            return      # every line shown already (new lines come shown)
        self._filtered = turn
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setHidden(turn is not None and item.data(TURN_ROLE) != turn)
