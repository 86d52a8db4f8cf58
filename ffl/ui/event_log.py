"""EventLogWidget: every event's text in order, filterable by turn.

The list follows the session's log: new events are appended, undone events
disappear.  When the game keeps a ``turn`` variable, a combo box filters the
list to one turn.  Clicking a line shows, under the list, the number, title
and summary of the rule it cites, from the game's help (the window hands the
widget a lookup, :meth:`EventLogWidget.set_rule_lookup`).  Ctrl+C copies the
current line; a double click on a line emits :attr:`EventLogWidget.eventActivated`
with the number of events up to and including it (the replay goes there).
A run of events that read alike (as the side reads them) is one line with
their number, "2.31 The Legion player acts out of sight (\u00d733)"; undo takes
from its number, and the line stands for the last event of the run.

It is a model and a view (:class:`EventLogModel` in an :class:`EventLogView`) so
that a long game opens at once: the model keeps the events as the log has them
(each read once as it comes, to fold the runs) and makes a line's text, colour
and tooltip only when the view asks for that row; the view
measures the height of a word-wrapped line only when it is shown (it scrolls by
line, so it never needs the height of the whole list).  Appending events inserts
only the new rows.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QMouseEvent, QResizeEvent, QTextDocument
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from ffl.engine import Event, GameLog
from ffl.games.manifest import RuleNote

from .event_log_model import (  # noqa: F401 (the model's names, as they were here)
    AGAINST_COLOUR,
    DICE_COLOUR,
    RULE_ROLE,
    TURN_ROLE,
    EventLogModel,
    line_text,
    line_tooltip,
    turns_of,
)
from .help import rule_note_html

ALL_TURNS = "All turns"
class _WrappingDelegate(QStyledItemDelegate):
    """A line's height wrapped to the width of the column (a tree view asks for
    the height without the width, so lines would never wrap).  The heights are
    kept by row for the width (the view asks again after every row added or
    taken away): the rows from one taken away on, or all, are forgotten when
    the model says so (:meth:`forget`)."""

    def __init__(self, view: QTreeView) -> None:
        super().__init__(view)
        self._view = view
        self._width = -1
        self._sizes: dict[int, QSize] = {}

    def sizeHint(self, option: QStyleOptionViewItem, index) -> QSize:  # noqa: N802
        width = max(1, self._view.header().sectionSize(0))
        if width != self._width:
            self._width = width
            self._sizes.clear()
        row = index.row()
        size = self._sizes.get(row)
        if size is None:
            wide = QStyleOptionViewItem(option)
            wide.rect = QRect(0, 0, width, 1 << 16)
            size = self._sizes[row] = super().sizeHint(wide, index)
        return size

    def forget(self, first: int = 0) -> None:
        """Forget the heights of the rows from ``first`` on (they changed or went)."""
        if first <= 0:
            self._sizes.clear()
        else:
            for row in [r for r in self._sizes if r >= first]:
                del self._sizes[row]


class EventLogView(QTreeView):
    """The list of lines: word-wrapped, each line's height measured only when it
    is shown (one column, no tree decoration, scrolled line by line)."""

    #: the mouse button went up over a line (it was clicked, or pressed and dragged to)
    released = Signal()
    #: True while a mouse press is handled (the line pressed becomes the current one)
    pressing = False

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("eventList")
        self.setHeaderHidden(True)
        self.setRootIsDecorated(False)
        self.setItemsExpandable(False)
        self.setExpandsOnDoubleClick(False)
        self.setUniformRowHeights(False)
        self.setWordWrap(True)
        self.setAlternatingRowColors(True)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # by line: only the lines shown are measured (by pixel needs every height)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerItem)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.header().setStretchLastSection(True)
        self.wrapping = _WrappingDelegate(self)
        self.setItemDelegate(self.wrapping)

    def setModel(self, model) -> None:  # noqa: N802
        super().setModel(model)
        if model is not None:       # rows that went or changed: their heights go too
            model.rowsRemoved.connect(lambda _parent, first, _last: self.wrapping.forget(first))
            model.modelReset.connect(self.wrapping.forget)
            model.dataChanged.connect(lambda top, *_: self.wrapping.forget(top.row()))

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        self.pressing = True
        try:
            super().mousePressEvent(event)
        finally:
            self.pressing = False

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        over = self.indexAt(event.position().toPoint()).isValid()
        super().mouseReleaseEvent(event)
        if over:
            self.released.emit()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.wrapping.forget()      # the lines are measured anew

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.scheduleDelayedItemsLayout()    # wrapped lines change height

    def count(self) -> int:
        model = self.model()
        return model.rowCount() if model is not None else 0

    def row_rect(self, row: int) -> QRect:
        """Where line ``row`` is drawn in the viewport."""
        return self.visualRect(self.model().index(row, 0))


class EventLogWidget(QWidget):
    """The event log list with its turn filter."""

    #: a line was double-clicked: the number of events up to and including it
    eventActivated = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = EventLogModel(self)
        self.list = EventLogView()
        self.list.setModel(self.model)
        # new lines keep the end in view, also while the word-wrapped lines are
        # being measured (a reopened game) or the dock is resized; a player who
        # scrolled up to read stays where he is
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
        # the note shows when the button goes up: shown during the press, it would
        # shrink the list (keeping its end in view) under the line being pressed
        self.list.selectionModel().currentChanged.connect(self._current_changed)
        self.list.released.connect(lambda: self._show_rule(self.list.currentIndex()))
        self.list.doubleClicked.connect(
            lambda index: self.eventActivated.emit(self.model.end(index.row())))
        layout.addLayout(top)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.note)
        self._reader: tuple = (None, "")
        #: the turn the lines are filtered to (None: every line is shown)
        self._filtered: object | None = None
        #: the turns in the order they came (the filter's choices)
        self._turn_order: list[object] = []
        self._set_turns_visible(False)

    # -- following the log --------------------------------------------------------------

    def sync(self, log: GameLog | None,
             reader: Callable[[Event, str], Event] | None = None, side: str = "") -> None:
        """Show exactly the events in effect in ``log``; with a ``reader``
        (a controller's ``event_for``), each as ``side`` may read it (another
        side's secret steps show their public line only)."""
        events = log.events if log is not None else []
        if (reader, side) != self._reader:
            self._reader = (reader, side)
            self.model.set_reader(reader, side)     # read again for the other side
        had = self.model.event_count()
        keep, now, events_kept = self.model.follow(
            events, log.initial.vars.get("turn") if log is not None else None)
        if events_kept == 0:
            self.note.setVisible(False)     # another game, or back to the start
        has_turns = log is not None and ("turn" in log.state.vars
                                         or "turn" in log.initial.vars)
        self._set_turns_visible(has_turns)
        if has_turns:
            self._refresh_turns(keep, events_kept < had or events_kept == 0)
        if self._filtered is not None and keep < now:
            self._hide_other_turns(keep, now)
        self._apply_filter()
        if keep < now:
            self.scroll_to_end()

    def count(self) -> int:
        """The number of lines (shown or filtered out)."""
        return self.model.rowCount()

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
        return [self.model.text(i) for i in range(self.model.rowCount())
                if not (visible_only and self.list.isRowHidden(i, QModelIndex()))]

    # -- the rule behind a line ----------------------------------------------------------

    def set_rule_lookup(self, lookup: Callable[[str], RuleNote | None] | None) -> None:
        """``lookup(rule)`` gives what the game's help says about a rule (None:
        nothing); None when the game has no help."""
        self._lookup = lookup
        self.note.setVisible(False)

    def _current_changed(self, index: QModelIndex, _previous: QModelIndex) -> None:
        if not self.list.pressing:      # (keys, or code: a click shows it on release)
            self._show_rule(index)

    def _show_rule(self, index: QModelIndex | QPersistentModelIndex, *_: object) -> None:
        rule = index.data(RULE_ROLE) if index.isValid() else ""
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

    def _refresh_turns(self, keep: int, shrunk: bool) -> None:
        """The filter's choices: every turn of the lines, in order (only the new
        lines are looked at unless lines went)."""
        turns = self.model.turns
        wanted = [] if shrunk else list(self._turn_order)
        seen = set(wanted)
        for t in turns[0 if shrunk else keep:]:
            if t is not None and t not in seen:
                seen.add(t)
                wanted.append(t)
        self._turn_order = wanted
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
        if turn == self._filtered:
            return      # the lines are filtered so already (new lines: _hide_other_turns)
        self._filtered = turn
        self._hide_other_turns(0, self.model.rowCount())

    def _hide_other_turns(self, first: int, end: int) -> None:
        turn, turns, root = self._filtered, self.model.turns, QModelIndex()
        for row in range(first, end):
            self.list.setRowHidden(row, root, turn is not None and turns[row] != turn)
