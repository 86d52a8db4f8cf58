"""The replay window (issue 22): real key presses and mouse clicks step through a
saved FFL game, bookmarks and notes go into the file, a branch round-trips
through a real file into the play window, and e-mail turn files are sent,
opened and (tampered with) refused with the event named."""

from __future__ import annotations

import json
import random

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from ffl import catalog
from ffl.engine import fold
from ffl.session import GameSession

SHIFT, CTRL = Qt.KeyboardModifier.ShiftModifier, Qt.KeyboardModifier.ControlModifier


def _ffl_save(path, actions=160, seed=5):
    session = catalog.new_session("ffl/basic", seed=seed, options={"turn_limit": 12})
    rng = random.Random(seed)
    for _ in range(actions):
        if session.controller.outcome(session.state) is not None:
            break
        session.do(rng.choice(list(session.controller.legal_actions(session.state))))
    return session, session.save(path)


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory):
    """One saved FFL game (into turn 1); each test works on its own copy."""
    return _ffl_save(tmp_path_factory.mktemp("replay") / "original.fflsave")


@pytest.fixture
def game(saved_game, tmp_path):
    session, original = saved_game
    path = tmp_path / "game.fflsave"
    path.write_bytes(original.read_bytes())
    return session, path


@pytest.fixture
def settings(tmp_path):
    from ffl.ui.app import create_app

    create_app()
    s = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    s.setValue("ffl/animate_dice", False)
    return s


@pytest.fixture
def play_window(qtbot, settings, tmp_path):
    from ffl.ui.window import PlayWindow

    w = PlayWindow(settings=settings, data_folder=tmp_path / "data", autosave=False)
    qtbot.addWidget(w)
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    w._closing_confirmed = True
    return w


def _replay_window(qtbot, play_window, path):
    w = play_window.replay_actions.replay_file(path)
    assert w is not None
    qtbot.addWidget(w)
    w.resize(1300, 820)
    qtbot.waitExposed(w)
    w.activateWindow()
    w.map.setFocus()
    QApplication.processEvents()
    return w


def _key(qtbot, w, key, mods=Qt.KeyboardModifier.NoModifier):
    if QApplication.activeWindow() is not w:     # shortcuts go to the active window
        w.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is w, timeout=2000)
    qtbot.keyClick(w.map, key, mods)
    QApplication.processEvents()
    return w.replay.position


def _double_click(widget, pos: QPoint) -> None:
    """A whole double click, as Qt delivers one: press, release, the second press
    as a double-click event, release (QTest's mouseDClick alone leaves the button
    held for Qt 6)."""
    left, none = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QTest.mousePress(widget, left, none, pos)
    QTest.mouseRelease(widget, left, none, pos)
    QTest.mouseDClick(widget, left, none, pos)
    QTest.mouseRelease(widget, left, none, pos)


def _click(qtbot, w, name):
    button = w.replay_bar.widgetForAction(w.nav_actions[name])
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    return w.replay.position


def test_keys_and_buttons_step_through_the_game_as_it_was(qtbot, play_window, game, tmp_path):
    session, path = game
    events = session.log.events
    w = _replay_window(qtbot, play_window, path)
    assert w.replay.position == 0 and w.event_log.list.count() == 0
    assert "Replay" in w.windowTitle() and "Event 0 of" in w.position_label.text()

    def shown(n):   # the board, the log and the window agree with the game after n events
        assert w.replay.position == n
        assert w.scene is not None and w.session.state.hash() == fold(
            session.log.initial, events[:n]).hash()
        assert w.event_log.list.count() == n
        assert w.position_label.text().startswith(f"Event {n} of {len(events)}")

    assert _key(qtbot, w, Qt.Key.Key_Right) == 1
    shown(1)
    # the dice of the first event (2.1 the side roll) are on the FFL bar
    assert events[0].dice and "rolled" in w.game_ui.bar.dice.caption.text()
    assert _key(qtbot, w, Qt.Key.Key_Right) == 2
    assert _key(qtbot, w, Qt.Key.Key_Left) == 1
    steps = session.log.steps
    after = _key(qtbot, w, Qt.Key.Key_Right, SHIFT)
    assert after == min(s for s in steps if s > 1)
    shown(after)
    back = _key(qtbot, w, Qt.Key.Key_Left, SHIFT)
    assert back == max(s for s in [0, *steps] if s < after)
    phase = _key(qtbot, w, Qt.Key.Key_PageDown)
    assert w.replay.mark_at(phase) != w.replay.mark_at(phase - 1)
    shown(phase)
    turn = _key(qtbot, w, Qt.Key.Key_PageDown, CTRL)
    assert w.replay.mark_at(turn).turn == 1 and w.session.state.vars["turn"] == 1
    assert _key(qtbot, w, Qt.Key.Key_End) == len(events)
    shown(len(events))
    assert _key(qtbot, w, Qt.Key.Key_Home) == 0
    # the tool bar's buttons do the same with the mouse
    assert _click(qtbot, w, "eventForward") == 1
    assert _click(qtbot, w, "turnForward") == turn
    assert _click(qtbot, w, "eventBack") == turn - 1
    assert _click(qtbot, w, "start") == 0
    assert not w.nav_actions["eventBack"].isEnabled()
    # jump to a turn from the list
    w.turn_combo.setCurrentIndex(w.turn_combo.findData(1))
    w.turn_combo.activated.emit(w.turn_combo.findData(1))
    assert w.replay.position == turn
    # a double click on a line of the log goes back to just after that event
    _key(qtbot, w, Qt.Key.Key_End)
    line = w.event_log.model.index(9, 0)
    w.event_log.list.scrollTo(line)
    qtbot.wait(50)
    where = w.event_log.list.visualRect(line).center()
    assert w.event_log.list.indexAt(where) == line
    _double_click(w.event_log.list.viewport(), where)
    assert QApplication.mouseButtons() == Qt.MouseButton.NoButton    # let go of
    shown(10)
    # nothing can be played in a replay: a click on the board changes nothing
    before = w.session.state.hash()
    qtbot.mouseClick(w.map.viewport(), Qt.MouseButton.LeftButton,
                     pos=w.map.viewport().rect().center())
    assert w.session.state.hash() == before and not w.undo_action.isEnabled()


def test_bookmarks_and_notes_are_saved_in_the_file(qtbot, play_window, game, tmp_path):
    session, path = game
    w = _replay_window(qtbot, play_window, path)
    for _ in range(5):
        _key(qtbot, w, Qt.Key.Key_Right)
    qtbot.keyClick(w.map, Qt.Key.Key_B, CTRL)           # bookmark this position
    assert w.bookmark_box.isChecked() and w.replay.bookmarks() == [5]
    w.note_edit.setFocus()
    qtbot.keyClicks(w.note_edit, "Garcia should have stayed")
    assert w.is_modified() and w.marks_list.count() == 1
    assert "Garcia" in w.marks_list.item(0).text()
    w.map.setFocus()
    _key(qtbot, w, Qt.Key.Key_End)
    assert w.note_edit.toPlainText() == "" and not w.bookmark_box.isChecked()
    # a click on the bookmark goes back there
    item = w.marks_list.item(0)
    qtbot.mouseClick(w.marks_list.viewport(), Qt.MouseButton.LeftButton,
                     pos=w.marks_list.visualItemRect(item).center())
    assert w.replay.position == 5 and w.note_edit.toPlainText() == "Garcia should have stayed"
    qtbot.keyClick(w.map, Qt.Key.Key_S, CTRL)           # into the file
    assert not w.is_modified()
    again = GameSession.open(path)
    assert [(n.event, n.text, n.bookmark) for n in again.notes] == [
        (5, "Garcia should have stayed", True)]
    assert again.log.events == session.log.events and again.state.hash() == session.state.hash()


def test_a_branch_round_trip(qtbot, play_window, game, tmp_path):
    session, path = game
    original = path.read_bytes()
    w = _replay_window(qtbot, play_window, path)
    for _ in range(3):
        _key(qtbot, w, Qt.Key.Key_PageDown)
    _key(qtbot, w, Qt.Key.Key_Right, SHIFT)
    at = w.replay.position
    qtbot.mouseClick(w.branch_button, Qt.MouseButton.LeftButton)
    target = tmp_path / f"game-branch-{at}.fflsave"
    assert w.branched_to == target and target.is_file()
    assert path.read_bytes() == original                     # the original is untouched
    branch = play_window.session
    assert branch.path == target and branch.log.events == session.log.events[:at]
    assert branch.extra["origin"] == {"file": "game.fflsave", "event": at,
                                      "title": session.scenario.title}
    # play on in the branch, save, and look at it again in a replay: it names its origin
    rng = random.Random(3)
    for _ in range(4):
        play_window.session.do(rng.choice(list(branch.controller.legal_actions(branch.state))))
    assert play_window.save()
    again = _replay_window(qtbot, play_window, target)
    assert again.origin_label.isVisible()
    assert again.origin_label.text() == f"Branched from game.fflsave at event {at}"
    assert again.replay.total == at + len(branch.log.events) - at
    assert _key(qtbot, again, Qt.Key.Key_End) == len(branch.log.events)


def test_turn_files_by_email_in_the_window(qtbot, play_window, settings, tmp_path):
    from ffl.ui.window import PlayWindow

    alice = play_window
    assert alice.open_scenario("ffl/basic", seed=9, options={"turn_limit": 12})
    rng = random.Random(9)
    for _ in range(20):
        alice.session.do(rng.choice(list(alice.session.controller.legal_actions(
            alice.session.state))))
    turn = tmp_path / "turn-1.fflturn"
    assert alice.replay_actions.send_turn(turn) and turn.is_file()
    assert not alice.undo_action.isEnabled()                # what was sent is sent
    # Alice keeps her game in a file (the turn file that comes back applies onto it)
    assert alice.save_as(tmp_path / "alice.fflsave")
    copy = tmp_path / "alice-copy.fflsave"
    copy.write_bytes((tmp_path / "alice.fflsave").read_bytes())
    copy_bytes = copy.read_bytes()
    bob = PlayWindow(settings=settings, data_folder=tmp_path / "bob", autosave=False)
    qtbot.addWidget(bob)
    bob.show()
    bob._closing_confirmed = True
    shown = bob.replay_actions.open_turn(turn)
    assert shown is not None and bob.session.state.hash() == alice.session.state.hash()
    qtbot.addWidget(shown)
    assert shown.replay.position == 0 and shown.replay.total == len(alice.session.log.events)
    for _ in range(12):
        bob.session.do(rng.choice(list(bob.session.controller.legal_actions(
            bob.session.state))))
    back = tmp_path / "turn-2.fflturn"
    assert bob.replay_actions.send_turn(back)
    assert back.read_bytes()[:1] == b"{"                    # only Bob's moves
    # Alice opens Bob's turn: a replay window at her last position, then his moves
    mine = len(alice.session.log.events)
    replayed = alice.replay_actions.open_turn(back)
    qtbot.addWidget(replayed)
    assert replayed.replay.position == mine
    assert "added to your copy, saved in alice.fflsave" in \
        replayed.statusBar().currentMessage()
    assert GameSession.open(tmp_path / "alice.fflsave").state.hash() == \
        bob.session.state.hash()
    replayed.activateWindow()
    replayed.map.setFocus()
    assert _key(qtbot, replayed, Qt.Key.Key_End) == len(bob.session.log.events)
    assert alice.session.state.hash() == bob.session.state.hash()
    carol = PlayWindow(settings=settings, data_folder=tmp_path / "carol", autosave=False)
    qtbot.addWidget(carol)
    carol.show()
    carol._closing_confirmed = True
    assert carol.replay_actions.open_turn(back) is None      # no game open: refused
    assert "open your copy of the game first" in carol.last_error.informativeText() + \
        carol.last_error.text()
    # someone edits an event in a turn file: it is refused, the event named
    doc = json.loads(back.read_text())
    n = mine + 2
    data = json.loads(doc["events"][n - mine - 1])
    data["text"] = "edited"
    doc["events"][n - mine - 1] = json.dumps(data)
    back.write_text(json.dumps(doc))
    assert carol.open_path(copy)
    shown_before = carol.session
    assert carol.replay_actions.open_turn(back) is None
    box = carol.last_error
    assert box is not None and f"event {n} was changed" in box.text() + box.informativeText()
    assert carol.session is shown_before and copy.read_bytes() == copy_bytes


def test_ffl_replay_on_the_command_line(game, tmp_path, capsys):
    from ffl.cli import main

    _, path = game
    out = tmp_path / "replay.png"
    assert main(["replay", str(path), "--event", "12", "--screenshot", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["replay", str(path), "--event", "99999", "--screenshot", str(out)]) == 2
    assert "--event must be from 0 to" in capsys.readouterr().err
    bad = tmp_path / "bad.fflsave"
    bad.write_bytes(path.read_bytes()[:5000])
    assert main(["replay", str(bad), "--screenshot", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"ffl: error: {bad}")
    assert main(["replay", str(tmp_path / "none.fflsave")]) == 2


def test_the_end_of_a_finished_game_stops_nothing(qtbot, play_window, tmp_path):
    """FFL's Game over box would block the keys: the replay says it in the status
    line instead, and stepping goes on."""
    from PySide6.QtWidgets import QMessageBox

    session = catalog.new_session("ffl/basic", seed=5, options={"turn_limit": 1})
    rng = random.Random(5)
    while session.controller.outcome(session.state) is None:
        session.do(rng.choice(list(session.controller.legal_actions(session.state))))
    path = session.save(tmp_path / "over.fflsave")
    w = _replay_window(qtbot, play_window, path)
    assert _key(qtbot, w, Qt.Key.Key_End) == len(session.log.events)
    assert not [b for b in w.findChildren(QMessageBox) if b.isVisible()]
    assert "Turn limit (1) reached" in w.statusBar().currentMessage()
    assert _key(qtbot, w, Qt.Key.Key_Left) == len(session.log.events) - 1
    assert _key(qtbot, w, Qt.Key.Key_Home) == 0


def test_the_hand_over_screen_stays_in_the_replay_of_a_game_in_play(
        qtbot, play_window, settings, game, tmp_path):
    """With the hot-seat hand-over on, the replay of a game still in play covers
    the window when the side to act changes (no side sees what it may not);
    the replay of a finished game never does."""
    settings.setValue("ffl/handover", True)
    _, path = game
    w = _replay_window(qtbot, play_window, path)
    assert not w.replay.finished
    covered = False
    while w.replay.position < w.replay.total and not covered:
        w.replay.step_step(1)
        w.show_position()
        covered = w.host.covered()
    assert covered
    session = catalog.new_session("ffl/basic", seed=5, options={"turn_limit": 1})
    rng = random.Random(5)
    while session.controller.outcome(session.state) is None:
        session.do(rng.choice(list(session.controller.legal_actions(session.state))))
    over = _replay_window(qtbot, play_window, session.save(tmp_path / "over.fflsave"))
    assert over.replay.finished
    sides = set()
    for _ in range(60):     # past the set-up's change of side and into the turn
        over.replay.step_step(1)
        over.show_position()
        sides.add(over.session.controller.prompt(over.session.state).side)
        assert not over.host.covered()
    assert {"legion", "bedouin"} <= sides


def test_ffl_replay_of_a_turn_file_with_its_game(tmp_path, capsys):
    from ffl.cli import main
    from ffl.turnfile import open_turn, write_turn

    rng = random.Random(2)
    alice = catalog.new_session("ffl/basic", seed=8, options={"turn_limit": 12})
    for _ in range(12):
        alice.do(rng.choice(list(alice.controller.legal_actions(alice.state))))
    write_turn(alice, tmp_path / "turn-1.fflturn")
    alice.save(tmp_path / "alice.fflsave")
    bob = open_turn(tmp_path / "turn-1.fflturn").session
    for _ in range(12):
        bob.do(rng.choice(list(bob.controller.legal_actions(bob.state))))
    write_turn(bob, tmp_path / "turn-2.fflturn")
    out = tmp_path / "turn.png"
    assert main(["replay", str(tmp_path / "turn-2.fflturn"), "--game",
                 str(tmp_path / "alice.fflsave"), "--screenshot", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["replay", str(tmp_path / "turn-2.fflturn"), "--game",
                 str(tmp_path / "none.fflsave")]) == 2
    assert "no such file" in capsys.readouterr().err
