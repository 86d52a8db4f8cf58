"""Files in the play window: save and reopen, recent files, autosave and
recovery, errors in message boxes, and the remembered window layout.
All files are real SQLite files written through the store."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QMessageBox

from ffl.engine import Action
from ffl.ui.files import MAX_RECENT
from ffl.ui.game_ui import GameUI


def play_a_little(window) -> None:
    window.session.do(Action.make("move", "blue", piece="b1", to="A2"))
    window.session.do(Action.make("end_turn", "blue"))
    window.session.do(Action.make("move", "red", piece="r1", to="E2"))


def autosaved(window) -> bool:
    """The autosave holds the game as it is (nothing waits to be written)."""
    return window.autosave_path.is_file() and not window.autosave_due


def click(qtbot, box: QMessageBox, button: QMessageBox.StandardButton) -> None:
    qtbot.mouseClick(box.button(button), Qt.MouseButton.LeftButton)


def test_save_and_reopen_gives_the_same_state(window, make_window, tmp_path):
    play_a_little(window)
    window.undo()  # an undone step is not part of the saved game
    expected = window.session.state.hash()
    target = tmp_path / "mine.fflsave"
    assert window.save_as(target)
    assert target.is_file() and not window.isWindowModified()
    assert "mine.fflsave" in window.windowTitle()

    other = make_window()
    assert other.open_path(target)
    assert other.session.state.hash() == expected
    assert other.event_log.texts() == ["T.1 Move Pvt. Adler B2 -> A2", "T.2 Turn 2 begins"]
    # Ctrl+S saves back to the same file, without asking
    other.session.do(Action.make("move", "red", piece="r1", to="F3"))
    assert other.isWindowModified()
    other.save_action.trigger()
    assert not other.isWindowModified()
    third = make_window()
    assert third.open_path(target)
    assert third.session.state.pieces["r1"].space == "F3"


def test_a_module_file_with_several_scenarios_asks_which_to_play(make_window, scenarios_dir):
    w = make_window()
    assert w.open_path(scenarios_dir / "tiny.ffl")
    dialog = w.scenario_dialog
    assert dialog is not None and dialog.isVisible() and w.session is None
    assert dialog.titles() == ["Square skirmish", "Hex patrol", "Zones"]
    dialog.select("tiny/hexes")
    dialog.accept()
    assert w.session.scenario.id == "tiny/hexes"
    assert w.session.path is None  # Save asks for a name: the module is not overwritten


def test_a_module_files_scenario_can_be_named(make_window, scenarios_dir):
    w = make_window()
    assert w.open_path(scenarios_dir / "tiny.ffl", scenario_id="tiny/zones")
    assert w.session.scenario.id == "tiny/zones" and w.scenario_dialog is None
    assert not w.open_path(scenarios_dir / "tiny.ffl", scenario_id="tiny/nope")
    assert "no scenario 'tiny/nope'" in w.last_error.text() + w.last_error.informativeText()


def test_recent_files_newest_first_capped_and_missing_ones_pruned(window, tmp_path):
    paths = []
    for i in range(MAX_RECENT + 2):
        p = tmp_path / f"game{i}.fflsave"
        assert window.save_as(p)
        paths.append(p.resolve())
    assert window.recent.paths() == list(reversed(paths))[:MAX_RECENT]
    paths[-1].unlink()
    assert window.recent.paths() == list(reversed(paths[:-1]))[:MAX_RECENT - 1]
    window.rebuild_recent_menu()
    items = [a for a in window.recent_menu.actions() if a.data()]
    assert [a.data() for a in items] == [str(p) for p in reversed(paths[:-1])][:MAX_RECENT - 1]
    items[2].trigger()  # opening from the menu
    assert window.session.path == paths[-4]


def program_dies(window) -> None:
    """What the system does when a program is killed: its autosave slot's lock is
    dropped (the autosave file stays behind); the window is not closed cleanly."""
    window.autosave_slots.lock.release()
    window.autosave_enabled = False     # it writes nothing more


def test_autosave_after_an_event_and_recovery_offered_at_next_start(
        window, make_window, qtbot):
    autosave = window.autosave_path
    assert not autosave.exists()
    play_a_little(window)
    qtbot.waitUntil(lambda: autosaved(window), timeout=3000)
    expected = window.session.state.hash()
    program_dies(window)

    again = make_window()
    left = again.recovery_candidate()
    assert left is not None and left != again.autosave_path
    box = again.offer_recovery(lambda: again.open_scenario("tiny/hexes", 1))
    assert box is again.findChild(QMessageBox, "recoverBox") and box.isVisible()
    click(qtbot, box, QMessageBox.StandardButton.Yes)
    assert again.session is not None
    assert again.session.state.hash() == expected
    assert again.session.path is None  # Save will ask where, not overwrite the autosave
    assert again.isWindowModified()
    assert len(again.event_log.texts()) == 3
    # the game is in the new window's own autosave before the old one goes
    assert not left.exists() and again.autosave_path.is_file()
    from ffl.session import GameSession

    assert GameSession.load(again.autosave_path).state.hash() == expected


def test_discarding_asks_first_then_deletes_and_opens_the_requested_game(
        window, make_window, qtbot):
    play_a_little(window)
    qtbot.waitUntil(lambda: autosaved(window), timeout=3000)
    program_dies(window)
    again = make_window()
    left = again.recovery_candidate()
    again.start("tiny/zones", seed=3)
    box = again.findChild(QMessageBox, "recoverBox")
    click(qtbot, box, QMessageBox.StandardButton.Discard)
    sure = again.findChild(QMessageBox, "discardBox")
    assert sure is not None and sure.isVisible() and left.exists()
    click(qtbot, sure, QMessageBox.StandardButton.Yes)
    assert not left.exists()
    assert again.session.scenario.id == "tiny/zones"


def test_closing_the_recovery_question_keeps_the_autosave_for_the_next_start(
        window, make_window, qtbot):
    play_a_little(window)
    qtbot.waitUntil(lambda: autosaved(window), timeout=3000)
    expected = window.session.state.hash()
    program_dies(window)
    again = make_window()
    again.start("tiny/zones", seed=3)
    box = again.findChild(QMessageBox, "recoverBox")
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: again.session is not None, timeout=3000)
    assert again.session.scenario.id == "tiny/zones"
    left = again.recovery_candidate()
    assert left is not None and left.is_file()
    # answering No to "discard?" keeps it too
    third = make_window()
    third.start("tiny/hexes", seed=3)
    click(qtbot, third.findChild(QMessageBox, "recoverBox"),
          QMessageBox.StandardButton.Discard)
    click(qtbot, third.findChild(QMessageBox, "discardBox"), QMessageBox.StandardButton.No)
    assert left.is_file() and third.session.scenario.id == "tiny/hexes"
    fourth = make_window()
    fourth.start()
    click(qtbot, fourth.findChild(QMessageBox, "recoverBox"), QMessageBox.StandardButton.Yes)
    assert fourth.session.state.hash() == expected


def test_an_autosave_that_cannot_be_opened_is_kept_under_another_name(
        window, make_window, qtbot):
    play_a_little(window)
    qtbot.waitUntil(lambda: autosaved(window), timeout=3000)
    program_dies(window)
    data = bytearray(window.autosave_path.read_bytes())
    data[len(data) // 2: len(data) // 2 + 300] = b"\xff" * 300
    window.autosave_path.write_bytes(bytes(data))
    again = make_window()
    again.start("tiny/zones", seed=3)
    click(qtbot, again.findChild(QMessageBox, "recoverBox"), QMessageBox.StandardButton.Yes)
    box = again.last_error
    assert box is not None and box.objectName() == "errorBox"
    assert "kept as" in box.informativeText()
    kept = box.informativeText().split("kept as ", 1)[1].rstrip(".")
    from pathlib import Path

    assert Path(kept).read_bytes() == bytes(data)      # not deleted, not changed
    assert again.session.scenario.id == "tiny/zones"
    assert again.recovery_candidate() is None           # not offered for ever


def test_two_programs_at_once_keep_separate_autosaves(window, make_window, qtbot):
    play_a_little(window)
    qtbot.waitUntil(lambda: autosaved(window), timeout=3000)
    second = make_window()
    second.start("tiny/hexes", seed=2)
    assert second.findChild(QMessageBox, "recoverBox") is None   # the first's is live
    assert second.autosave_path != window.autosave_path
    second.session.do(Action.make("end_turn", "blue"))
    qtbot.waitUntil(lambda: autosaved(second), timeout=3000)
    from ffl.session import GameSession

    assert GameSession.load(window.autosave_path).state.hash() == \
        window.session.state.hash()
    assert GameSession.load(second.autosave_path).state.hash() == \
        second.session.state.hash()
    second.close()     # a clean close removes only its own autosave
    assert window.autosave_path.is_file()


def test_every_action_is_autosaved_on_the_next_turn_of_the_event_loop(window, qtbot):
    """Never postponed: with an action every few milliseconds each one is in the
    autosave before the next (the old timer restarted by every event never
    fired while someone kept playing)."""
    from PySide6.QtWidgets import QApplication

    from ffl.session import GameSession

    controller = window.session.controller
    for n in range(8):
        actions = controller.legal_actions(window.session.state)
        window.session.do(actions[n % len(actions)])
        QApplication.processEvents()
        saved = GameSession.load(window.autosave_path)
        assert saved.state.hash() == window.session.state.hash(), f"action {n} not autosaved"


def test_a_failing_listener_does_not_stop_the_autosave(window, qtbot):
    from ffl.session import GameSession

    def broken(events):
        raise RuntimeError("a listener that fails")

    window.session.listeners.insert(0, broken)
    try:
        window.session.do(Action.make("move", "blue", piece="b1", to="A2"))
    except RuntimeError:
        pass
    qtbot.waitUntil(lambda: autosaved(window), timeout=3000)
    window.session.listeners.remove(broken)
    assert GameSession.load(window.autosave_path).state.hash() == window.session.state.hash()


def test_closing_with_unsaved_moves_asks_and_discard_removes_the_autosave(
        window, make_window, qtbot):
    play_a_little(window)
    qtbot.waitUntil(lambda: autosaved(window), timeout=3000)
    window.close()
    box = window.findChild(QMessageBox, "closeBox")
    assert box is not None and box.isVisible(), "unsaved moves must not be closed away silently"
    assert window.isVisible() and window.autosave_path.is_file()
    click(qtbot, box, QMessageBox.StandardButton.Discard)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=3000)
    assert not window.autosave_path.exists()
    again = make_window()
    assert again.recovery_candidate() is None
    again.start("tiny/squares", seed=1)
    assert again.findChild(QMessageBox, "recoverBox") is None
    assert again.session.scenario.id == "tiny/squares"


def test_cancelling_the_close_keeps_the_game_open(window, qtbot):
    play_a_little(window)
    window.close()
    box = window.findChild(QMessageBox, "closeBox")
    click(qtbot, box, QMessageBox.StandardButton.Cancel)
    qtbot.wait(50)
    assert window.isVisible() and window.is_modified()


def test_saving_at_close_writes_the_game_then_closes(window, make_window, tmp_path, qtbot):
    path = tmp_path / "kept.fflsave"
    assert window.save_as(path)
    play_a_little(window)
    expected = window.session.state.hash()
    window.close()
    click(qtbot, window.findChild(QMessageBox, "closeBox"), QMessageBox.StandardButton.Save)
    qtbot.waitUntil(lambda: not window.isVisible(), timeout=3000)
    again = make_window()
    assert again.open_path(path)
    assert again.session.state.hash() == expected


def test_a_clean_close_of_a_saved_game_asks_nothing(window, tmp_path, qtbot):
    play_a_little(window)
    assert window.save_as(tmp_path / "done.fflsave")
    window.close()
    assert window.findChild(QMessageBox, "closeBox") is None
    assert not window.isVisible() and not window.autosave_path.exists()


def test_a_bad_file_shows_an_error_box_naming_it(window, tmp_path, qtbot):
    bad = tmp_path / "broken.fflsave"
    bad.write_bytes(b"this is not a saved game at all")
    before = window.session
    assert not window.open_path(bad)
    box = window.findChild(QMessageBox, "errorBox")
    assert box is not None and box.isVisible()
    assert "broken.fflsave" in box.text()
    assert "Traceback" not in box.text()
    click(qtbot, box, QMessageBox.StandardButton.Ok)
    qtbot.waitUntil(lambda: window.findChild(QMessageBox, "errorBox") is None)
    assert window.session is before  # the game shown before is still there


def test_a_missing_file_and_an_unknown_scenario_show_errors(window, tmp_path, qtbot):
    assert not window.open_path(tmp_path / "nowhere.fflsave")
    assert "nowhere.fflsave" in window.last_error.text()
    click(qtbot, window.last_error, QMessageBox.StandardButton.Ok)
    assert not window.open_scenario("tiny/nosuch")
    assert "tiny/nosuch" in window.last_error.text()
    assert "tiny/squares" in window.last_error.text()  # it lists what is installed


def test_window_geometry_and_docks_are_remembered(make_window, qtbot):
    first = make_window(show=False)
    # (within the 800x600 offscreen screen: restoreGeometry keeps windows on screen)
    first.setGeometry(QRect(30, 40, 700, 500))
    first.show()
    qtbot.waitExposed(first)
    first.log_dock.hide()
    size = first.size()
    first.close()

    second = make_window(show=False)
    second.show()
    qtbot.waitExposed(second)
    assert second.size() == size
    assert not second.log_dock.isVisible()
    assert second.overview_dock.isVisible()


def test_opening_shows_a_wait_cursor_and_never_leaves_it_behind(window, tmp_path, qtbot,
                                                                 monkeypatch):
    from PySide6.QtGui import QGuiApplication

    shapes = []
    real_set = QGuiApplication.setOverrideCursor
    monkeypatch.setattr(QGuiApplication, "setOverrideCursor",
                        staticmethod(lambda c: (shapes.append(c), real_set(c))[1]))
    path = tmp_path / "game.fflsave"
    assert window.save_as(path)
    assert window.open_path(path)
    assert window.open_scenario("tiny/hexes")
    assert shapes == [Qt.CursorShape.WaitCursor] * 2
    assert QGuiApplication.overrideCursor() is None
    bad = tmp_path / "broken.fflsave"
    bad.write_bytes(b"this is not a saved game at all")
    assert not window.open_path(bad)      # a failure restores the cursor too
    assert len(shapes) == 3 and QGuiApplication.overrideCursor() is None
    click(qtbot, window.last_error, QMessageBox.StandardButton.Ok)


class FailingUI(GameUI):
    """A game UI that fails on what it is shown (as one might on data no check
    foresaw): the window must keep the game shown before."""

    def attach(self) -> None:
        if self.session.scenario.id == "tiny/hexes":
            raise ValueError("this UI cannot draw level -99")


def test_a_game_that_cannot_be_shown_leaves_the_game_shown_before(
        window, tmp_path, monkeypatch, qtbot, capsys):
    import dataclasses

    from ffl import catalog
    from ffl.games import games

    path = catalog.new_session("tiny/hexes", seed=2).save(tmp_path / "hexes.fflsave")
    play_a_little(window)
    before, expected = window.session, window.session.state.hash()
    assert window.is_modified()
    failing = dataclasses.replace(games()["tiny"], ui="test_files:FailingUI")
    monkeypatch.setitem(games(), "tiny", failing)
    assert not window.open_path(path)
    box = window.last_error
    assert box.objectName() == "errorBox" and str(path) in box.text()
    assert "could not be shown" in box.text() and "cannot draw level -99" in box.text()
    assert "Traceback" not in box.text()
    assert window.session is before and window.scene is not None
    assert window.is_modified()                  # still the unsaved game it was
    assert window.session.state.hash() == expected
    window.session.do(window.session.controller.legal_actions(window.session.state)[0])
    assert "ValueError" in capsys.readouterr().err      # the traceback went to stderr
