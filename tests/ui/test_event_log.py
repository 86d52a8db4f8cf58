"""The event log as a model and a view: one row inserted per new event, rows made
only when shown, colours, tooltips and bold lines, copy, a double click, the
turn filter holding for new lines, and a long log opening at its end."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QApplication

from ffl.engine import AGAINST_RULES, Action, Change, Event, GameLog, GameState
from ffl.ui.event_log import AGAINST_COLOUR, DICE_COLOUR, EventLogWidget


def move(window, piece: str, to: str) -> None:
    window.session.do(Action.make("move", "blue", piece=piece, to=to))


def test_a_new_event_inserts_one_row_and_undo_removes_it(window):
    log, model = window.event_log, window.event_log.model
    move(window, "b1", "A2")
    inserted, removed, resets = [], [], []
    model.rowsInserted.connect(lambda _p, first, last: inserted.append((first, last)))
    model.rowsRemoved.connect(lambda _p, first, last: removed.append((first, last)))
    model.modelReset.connect(lambda: resets.append(1))
    move(window, "b1", "A3")
    assert inserted == [(1, 1)] and log.count() == 2
    window.undo()
    assert removed == [(1, 1)] and log.texts() == ["T.1 Move Pvt. Adler B2 -> A2"]
    assert resets == []


def _long_log(n: int) -> GameLog:
    """A log of ``n`` events (rolls, moves and, every tenth, one done against the
    rules), 100 to a turn, some long enough to wrap."""
    events = []
    for i in range(n):
        kind = "dice" if i % 3 == 0 else (AGAINST_RULES if i % 10 == 1 else "move")
        events.append(Event(kind, "T.1", f"T.1 line {i} " + "word " * (2 * (i % 12)),
                            (Change(None, "turn", 1 + i // 100),),
                            dice=(i % 6 + 1,) if kind == "dice" else ()))
    return GameLog(GameState("tiny", "tiny/squares", vars={"turn": 1}), events)


def test_a_long_log_shows_its_end_and_reads_only_the_lines_shown(qtbot):
    widget = EventLogWidget()
    qtbot.addWidget(widget)
    widget.resize(320, 400)
    widget.show()
    qtbot.waitExposed(widget)
    read = []
    widget.sync(_long_log(2000), lambda e, side: read.append(e) or e, "blue")
    qtbot.wait(50)
    lst, bar = widget.list, widget.list.verticalScrollBar()
    assert widget.count() == 2000
    assert bar.maximum() > 0 and bar.value() == bar.maximum()
    last = lst.row_rect(1999)
    assert lst.viewport().rect().contains(last)
    assert 0 < len(read) < 200, "only the lines shown are read"
    # the colours, fonts and tooltips of the lines
    model = widget.model
    dice, against, plain = model.index(1998, 0), model.index(1991, 0), model.index(1999, 0)
    assert dice.data(Qt.ItemDataRole.ForegroundRole) == QColor(DICE_COLOUR)
    assert dice.data(Qt.ItemDataRole.ToolTipRole) == "rule T.1\ndice: 1"
    assert against.data(Qt.ItemDataRole.ForegroundRole) == QColor(AGAINST_COLOUR)
    assert isinstance(against.data(Qt.ItemDataRole.FontRole), QFont)
    assert against.data(Qt.ItemDataRole.FontRole).bold()
    assert "done against the rules" in against.data(Qt.ItemDataRole.ToolTipRole)
    assert plain.data(Qt.ItemDataRole.ForegroundRole) is None
    assert plain.data(Qt.ItemDataRole.DisplayRole).startswith("T.1 line 1999")
    # long lines wrap: taller than one line
    long_row = next(r for r in range(1990, 2000) if r % 12 == 11)
    tall = lst.row_rect(long_row).height()
    assert tall > lst.row_rect(long_row - 1).height()
    # narrower, they wrap again: taller, and the end still shown
    widget.resize(200, 400)
    qtbot.waitUntil(lambda: lst.row_rect(long_row).height() > tall)
    assert bar.value() == bar.maximum()
    assert lst.viewport().rect().contains(lst.row_rect(1999))
    # the turn filter: 20 turns, and one of them holds for lines added later
    assert widget.turn_box.count() == 21
    widget.set_turn_filter(20)
    assert len(widget.texts(visible_only=True)) == 100


def test_the_turn_filter_holds_for_new_lines(window):
    log = window.event_log
    move(window, "b1", "A2")
    window.session.do(Action.make("end_turn", "blue"))
    log.set_turn_filter(1)
    window.session.do(Action.make("move", "red", piece="r1", to="E2"))
    assert log.texts(visible_only=True) == ["T.1 Move Pvt. Adler B2 -> A2"]
    log.set_turn_filter(2)
    assert log.texts(visible_only=True) == ["T.2 Turn 2 begins", "T.1 Move Raider E3 -> E2"]


def test_ctrl_c_copies_a_line_and_a_double_click_names_its_event(window, qtbot):
    move(window, "b1", "A2")
    move(window, "b1", "A3")
    lst = window.event_log.list
    where = lst.row_rect(0).center()
    qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert lst.currentIndex().row() == 0
    qtbot.keyClick(lst, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.clipboard().text() == "T.1 Move Pvt. Adler B2 -> A2"
    with qtbot.waitSignal(window.event_log.eventActivated) as activated:
        qtbot.mouseDClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert activated.args == [1]
    # QTest's double click leaves the button held (Qt 6 sends no last release): release it
    qtbot.mouseRelease(lst.viewport(), Qt.MouseButton.LeftButton, pos=where)
    # the keys move the current line
    qtbot.keyClick(lst, Qt.Key.Key_Down)
    assert lst.currentIndex() == window.event_log.model.index(1, 0)
    lst.setCurrentIndex(QModelIndex())
    assert window.event_log.rule_note() == ""
