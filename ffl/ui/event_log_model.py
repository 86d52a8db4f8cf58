"""The event log's model (:class:`EventLogModel`): the events of a log as rows,
a run of events that read alike folded into one row with their number, each
line's text, colour and tooltip made when the view asks for it (moved out of
``event_log.py``, which keeps the view and the widget)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from itertools import compress, count, repeat
from operator import attrgetter, eq

from PySide6.QtCore import QStringListModel, Qt
from PySide6.QtGui import QColor, QFont

from ffl.engine import AGAINST_RULES, Event, GameLog

TURN_ROLE = Qt.ItemDataRole.UserRole + 1
RULE_ROLE = Qt.ItemDataRole.UserRole + 2
#: the colour of a roll's line, and of a line done against the rules (advise mode)
DICE_COLOUR = "#6a4c93"
AGAINST_COLOUR = "#b3261e"


def turns_of(log: GameLog) -> list[object]:
    """The turn each event in effect belongs to (the value of ``turn`` after it)."""
    return _turns_after(log.initial.vars.get("turn"), log.events)


def _turns_after(turn: object, events: list[Event]) -> list[object]:
    out = []
    append = out.append
    for event in events:
        for piece, field, value in event.changes:     # a Change is a named tuple
            if field == "turn" and piece is None:
                turn = value
        append(turn)
    return out


def line_text(event: Event) -> str:
    """The text of an event's line (its rule and kind when it has no text)."""
    return event.text or f"{event.rule} {event.kind}".strip()


_TEXT = attrgetter("text")


def _alike(event: Event, other: Event | None, turn: object, other_turn: object) -> bool:
    """Whether ``event`` reads as ``other`` (the line, colour, tooltip and turn)."""
    return other is not None and turn == other_turn and line_text(event) == line_text(other) \
        and event.kind == other.kind and event.rule == other.rule and event.dice == other.dice


def line_tooltip(event: Event) -> str:
    tip = [f"rule {event.rule}" if event.rule else event.kind]
    if event.dice:
        tip.append("dice: " + " ".join(str(d) for d in event.dice))
    if event.kind == AGAINST_RULES:
        tip.append("done against the rules (advise mode)")
    return "\n".join(tip)


class EventLogModel(QStringListModel):
    """The events of a log as rows, a run of events that read alike (same line,
    kind, rule, dice and turn, as the side reads them) folded into one row that
    gives their number: "2.31 The Legion player acts out of sight (×33)".

    The rows are counted by Qt itself (the rows of the string list base, empty
    strings never shown): a view laying out thousands of rows asks for their
    count, index and flags thousands of times, which stays in C++ this way; only
    :meth:`data` (asked for the rows shown) is Python.  Every event is read as
    the side reads it when it comes (folding compares what the reader sees, never
    the events themselves); a line's text, colour and tooltip are made only when
    the view asks for that row.  A folded row stands for the last event of its
    run (:meth:`end`).  Nothing edits a line (the view has no edit triggers,
    :meth:`setData` refuses)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._events: list[Event] = []
        #: each event's turn, and the event as the side reads it
        self._turns: list[object] = []
        self._shown: list[Event] = []
        #: each row's end: the number of events up to and including its last one
        self._ends: list[int] = []
        self._row_turns: list[object] = []
        #: the side's reading of an event (None: as it is), and the side
        self._reader: Callable[[Event, str], Event] | None = None
        self._side = ""
        self._dice = QColor(DICE_COLOUR)
        self._against = QColor(AGAINST_COLOUR)
        self._bold = QFont()
        self._bold.setBold(True)

    # -- Qt ------------------------------------------------------------------------------

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        row = index.row()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.text(row)
        if role == Qt.ItemDataRole.ForegroundRole:
            kind = self.event(row).kind
            return self._dice if kind == "dice" else (
                self._against if kind == AGAINST_RULES else None)
        if role == Qt.ItemDataRole.FontRole:
            return self._bold if self.event(row).kind == AGAINST_RULES else None
        if role == Qt.ItemDataRole.ToolTipRole:
            tip, n = line_tooltip(self.event(row)), self.size(row)
            return tip if n == 1 else f"{tip}\n{n} events alike in a row"
        if role == TURN_ROLE:
            return self._row_turns[row]
        if role == RULE_ROLE:
            return self.event(row).rule or ""
        return None

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole) -> bool:  # noqa: N802
        return False        # the log is read-only

    # -- reading ---------------------------------------------------------------------------

    def event(self, row: int) -> Event:
        """The (last) event of ``row`` as the side reads it."""
        return self._shown[self._ends[row] - 1]

    def end(self, row: int) -> int:
        """The number of events up to and including the last one of ``row``."""
        return self._ends[row]

    def size(self, row: int) -> int:
        """How many events ``row`` stands for (more than one: a folded run)."""
        return self._ends[row] - (self._ends[row - 1] if row else 0)

    def event_count(self) -> int:
        """How many events the rows stand for."""
        return len(self._events)

    @property
    def turns(self) -> list[object]:
        """Each row's turn."""
        return self._row_turns

    def text(self, row: int) -> str:
        n = self.size(row)
        text = line_text(self.event(row))
        return text if n == 1 else f"{text} (\u00d7{n})"

    # -- following the log -------------------------------------------------------------------

    def set_reader(self, reader: Callable[[Event, str], Event] | None, side: str = "") -> None:
        """Read every event anew as ``reader(event, side)`` (another side reads
        them; None: as they are): the rows go, :meth:`follow` brings them back
        read so."""
        self._reader, self._side = reader, side
        if self._events:
            self.setStringList([])      # (resets the model: the view forgets the rows)
            self._events, self._turns, self._shown = [], [], []
            self._ends, self._row_turns = [], []

    def kept(self, events: list[Event]) -> int:
        """How many of the events shown are still the first of ``events``."""
        mine = self._events
        n = len(mine)
        if n <= len(events) and (n == 0 or events[n - 1] is mine[-1]) \
                and (n < 2 or events[0] is mine[0]):
            return n            # the log only grew (events are never edited in place)
        keep = 0
        while keep < n and keep < len(events) and mine[keep] is events[keep]:
            keep += 1
        return keep

    def follow(self, events: list[Event], first_turn: object) -> tuple[int, int, int]:
        """Make the rows ``events``: the events after the first shared ones go
        (a folded run loses them, or its row goes), the new ones are read and
        appended (to the last row when they read as it does).  Returns (the first
        row changed, added or gone, rows now, events kept)."""
        keep = self.kept(events)
        ends = self._ends
        first = len(ends)
        changed = -1
        if keep < len(self._events):
            row = bisect_right(ends, keep)      # the first row ending after ``keep``
            start = ends[row - 1] if row else 0
            cut = row + 1 if start < keep else row
            if cut < len(ends):
                # the base's rows go first (it signals the view), then what they showed
                self.removeRows(cut, len(ends) - cut)
                del ends[cut:], self._row_turns[cut:]
            del self._events[keep:], self._turns[keep:], self._shown[keep:]
            if start < keep:
                ends[row] = keep                # a run lost its last events
                changed = row
            first = row
        if keep < len(events):
            before = len(ends)
            new = events[keep:]
            turns = _turns_after(self._turns[-1] if self._turns else first_turn, new)
            reader = self._reader
            shown = new if reader is None else list(map(reader, new, repeat(self._side)))
            self._events.extend(new)
            self._turns.extend(turns)
            self._shown.extend(shown)
            # an event joins the row before when it reads as the event before it
            # (the last of that row); only events whose text is the one before's
            # are looked at further (compared in C: a click appends one event, a
            # long log opened compares 2,000 texts without a Python loop)
            before_shown = self._shown[keep - 1] if keep else None
            texts = list(map(_TEXT, shown))
            previous = [before_shown.text if before_shown is not None else None, *texts[:-1]]
            joins = [i for i in compress(count(), map(eq, texts, previous))
                     if _alike(shown[i], shown[i - 1] if i else before_shown,
                               turns[i], turns[i - 1] if i else self._turns[keep - 1])]
            if not joins:
                ends.extend(range(keep + 1, keep + len(new) + 1))
                self._row_turns.extend(turns)
            else:
                joined, row_turns = set(joins), self._row_turns
                for i, turn in enumerate(turns):
                    if i in joined:
                        ends[-1] = keep + i + 1     # one more of the run
                        if len(ends) == before:
                            changed = before - 1
                    else:
                        ends.append(keep + i + 1)
                        row_turns.append(turn)
            if len(ends) > before:
                self.insertRows(before, len(ends) - before)  # (the base's rows: signals the view)
            if changed >= 0:
                first = min(first, changed)
        if changed >= 0 and changed < len(ends):
            index = self.index(changed, 0)
            self.dataChanged.emit(index, index)
        return first, len(ends), keep
