"""The event log as a model and a view: one row inserted per new event, each
event read once as it comes and lines made only when shown, colours, tooltips
and bold lines, copy, a double click, the turn filter holding for new lines, a
long log opening at its end, and a run of lines alike folded into one line with
its number (as the side reads them: nothing of the other side's secrets)."""

from __future__ import annotations

import re

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


def test_a_long_log_shows_its_end_and_reads_each_event_once(qtbot):
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
    # every event is read once as it comes (folding compares the lines read),
    # never again when shown, scrolled or resized (below)
    assert len(read) == 2000 and len({id(e) for e in read}) == 2000
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
    assert len(read) == 2000


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


# -- a run of lines alike, folded -------------------------------------------------------

OUT_OF_SIGHT = "2.31 The Legion player acts out of sight"


def _secret(n: int) -> Event:
    """A Legion step taken in secret (as in scenario 21): the Bedouin read its public line."""
    from ffl.games.ffl.rules.hidden import PUBLIC, SECRET

    return Event("move", "2.31", f"2.31 Legion unit L{n} moves to hex {1000 + n}",
                 side="legion", info={SECRET: "legion", PUBLIC: OUT_OF_SIGHT})


def _public(text: str, turn: int | None = None) -> Event:
    changes = (Change(None, "turn", turn),) if turn is not None else ()
    return Event("move", "2.31", text, changes, side="bedouin")


def _log(*steps: list[Event]) -> GameLog:
    log = GameLog(GameState("tiny", "tiny/squares", vars={"turn": 1}))
    for step in steps:
        log.append(step)
    return log


def _shown_log(qtbot) -> EventLogWidget:
    widget = EventLogWidget()
    qtbot.addWidget(widget)
    widget.resize(420, 300)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _everything_shown(widget: EventLogWidget) -> list[str]:
    """Every line's text and tooltip, and the rule it names."""
    model = widget.model
    return [str(model.index(r, 0).data(role)) for r in range(model.rowCount())
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
                         Qt.ItemDataRole.UserRole + 2)]


def test_a_run_of_lines_alike_is_one_line_with_its_number(qtbot):
    from ffl.games.ffl.rules.hidden import public_event

    log = _log([_public("2.2 Bedouin unit B1 moves to hex 0101")],
               [_secret(n) for n in range(33)],
               [_public("2.2 Bedouin unit B2 moves to hex 0102")],
               [_secret(40), _secret(41)],
               [_public("3.1 Turn 2 begins", turn=2)], [_secret(42)])
    widget = _shown_log(qtbot)
    widget.sync(log, public_event, "bedouin")
    assert widget.texts() == ["2.2 Bedouin unit B1 moves to hex 0101",
                              f"{OUT_OF_SIGHT} (\u00d733)",
                              "2.2 Bedouin unit B2 moves to hex 0102",
                              f"{OUT_OF_SIGHT} (\u00d72)",
                              "3.1 Turn 2 begins",
                              OUT_OF_SIGHT]       # one alone: no number
    folded = widget.model.index(1, 0)
    assert folded.data(Qt.ItemDataRole.ToolTipRole) == "rule 2.31\n33 events alike in a row"
    # the Legion reads its own steps: different lines, none folded
    widget.sync(log, public_event, "legion")
    assert widget.count() == len(log.events) == 39
    assert widget.texts()[1:3] == ["2.31 Legion unit L0 moves to hex 1000",
                                   "2.31 Legion unit L1 moves to hex 1001"]
    # lines alike in different turns are not folded (the turn filter keeps them apart)
    widget.sync(_log([_secret(1)], [_public("3.1 Turn 2 begins", turn=2)],
                     [_secret(2)], [_public("x", turn=3)]), public_event, "bedouin")
    widget.sync(_log([_secret(1)], [_secret(2), _public("", turn=2)], [_secret(3)]),
                public_event, "bedouin")
    assert widget.texts() == [f"{OUT_OF_SIGHT} (\u00d72)", "2.31 move", OUT_OF_SIGHT]
    widget.set_turn_filter(2)
    assert widget.texts(visible_only=True) == ["2.31 move", OUT_OF_SIGHT]


def test_a_double_click_on_a_folded_line_goes_to_the_last_event_of_its_run(qtbot):
    from ffl.games.ffl.rules.hidden import public_event

    widget = _shown_log(qtbot)
    widget.sync(_log([_public("2.2 B1 moves")], [_secret(n) for n in range(33)],
                     [_public("2.2 B2 moves")]), public_event, "bedouin")
    lst = widget.list
    qtbot.waitUntil(lambda: lst.indexAt(lst.row_rect(1).center()).row() == 1)
    where = lst.row_rect(1).center()
    qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=where)
    with qtbot.waitSignal(widget.eventActivated) as activated:
        qtbot.mouseDClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=where)
    qtbot.mouseRelease(lst.viewport(), Qt.MouseButton.LeftButton, pos=where)
    assert activated.args == [34]       # the 33 steps out of sight after the first line
    assert [widget.model.end(r) for r in range(3)] == [1, 34, 35]


def test_undo_and_redo_of_the_last_action_change_the_number_of_a_run(qtbot):
    from ffl.games.ffl.rules.hidden import public_event

    log = _log([_public("2.2 B1 moves")], *([_secret(n)] for n in range(5)))
    widget = _shown_log(qtbot)
    widget.sync(log, public_event, "bedouin")
    model = widget.model
    inserted, removed, changed = [], [], []
    model.rowsInserted.connect(lambda _p, first, last: inserted.append((first, last)))
    model.rowsRemoved.connect(lambda _p, first, last: removed.append((first, last)))
    model.dataChanged.connect(lambda top, bottom, *_: changed.append((top.row(), bottom.row())))
    assert widget.texts() == ["2.2 B1 moves", f"{OUT_OF_SIGHT} (\u00d75)"]
    log.undo()
    widget.sync(log, public_event, "bedouin")
    assert widget.texts() == ["2.2 B1 moves", f"{OUT_OF_SIGHT} (\u00d74)"]
    assert (inserted, removed, changed) == ([], [], [(1, 1)])
    for _ in range(3):
        log.undo()
    widget.sync(log, public_event, "bedouin")
    assert widget.texts() == ["2.2 B1 moves", OUT_OF_SIGHT]
    log.undo()
    widget.sync(log, public_event, "bedouin")
    assert widget.texts() == ["2.2 B1 moves"] and removed == [(1, 1)]
    log.redo()
    log.redo()
    widget.sync(log, public_event, "bedouin")
    assert widget.texts() == ["2.2 B1 moves", f"{OUT_OF_SIGHT} (\u00d72)"]
    # a new action after the run: its own line
    log.append([_public("2.2 B2 moves")])
    widget.sync(log, public_event, "bedouin")
    assert widget.texts()[-1] == "2.2 B2 moves" and widget.count() == 3
    # the line's height follows its text (the number may make it wrap)
    assert widget.list.row_rect(1).height() > 0


def test_the_other_side_reads_nothing_new_in_a_folded_run(qtbot):
    """Folding works on the lines the side reads: everything the Bedouin's log
    shows (texts, tooltips, rules) is among the public lines they read unfolded,
    and no secret's text, unit or hex is in it."""
    from ffl.games.ffl.rules.hidden import public_event

    events = [[_public("2.2 Bedouin unit B1 moves to hex 0101")],
              [_secret(n) for n in range(33)], [_secret(50)]]
    log = _log(*events)
    widget = _shown_log(qtbot)
    widget.sync(log, public_event, "bedouin")
    shown = _everything_shown(widget)
    assert widget.count() == 2
    secrets = [e.text for step in events[1:] for e in step]
    for line in shown:
        assert not any(s in line for s in secrets), line
        assert not re.search(r"\bL\d|\b10\d\d\b", line), line     # no unit, no hex
    read = [public_event(e, "bedouin") for e in log.events]
    public = {e.text for e in read} | {e.rule for e in read} \
        | {f"rule {e.rule}" for e in read}
    for line in shown:
        first = line.split(" (\u00d7")[0].split("\n")[0]
        assert first in public, line
    # the number of the run is the number of lines the Bedouin read before
    assert widget.texts()[1] == f"{OUT_OF_SIGHT} (\u00d734)"
    assert sum(1 for e in read if e.text == OUT_OF_SIGHT) == 34
