"""Files in the play window: save and reopen, recent files, autosave and
recovery, errors in message boxes, and the remembered window layout.
All files are real SQLite files written through the store."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QMessageBox

from ffl.engine import Action
from ffl.ui.files import MAX_RECENT


def play_a_little(window) -> None:
    window.session.do(Action.make("move", "blue", piece="b1", to="A2"))
    window.session.do(Action.make("end_turn", "blue"))
    window.session.do(Action.make("move", "red", piece="r1", to="E2"))


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


def test_autosave_after_an_event_and_recovery_offered_at_next_start(
        window, make_window, qtbot):
    autosave = window.autosave_path
    assert not autosave.exists()
    play_a_little(window)
    qtbot.waitUntil(autosave.is_file, timeout=3000)
    expected = window.session.state.hash()
    # the program dies: no clean close, the autosave stays behind

    again = make_window()
    assert again.recovery_candidate() == autosave
    box = again.offer_recovery(lambda: again.open_scenario("tiny/hexes", 1))
    assert box is again.findChild(QMessageBox, "recoverBox") and box.isVisible()
    click(qtbot, box, QMessageBox.StandardButton.Yes)
    assert again.session is not None
    assert again.session.state.hash() == expected
    assert again.session.path is None  # Save will ask where, not overwrite the autosave
    assert again.isWindowModified()
    assert len(again.event_log.texts()) == 3


def test_declining_recovery_discards_the_autosave_and_opens_the_requested_game(
        window, make_window, qtbot):
    play_a_little(window)
    qtbot.waitUntil(window.autosave_path.is_file, timeout=3000)
    again = make_window()
    again.start("tiny/zones", seed=3)
    box = again.findChild(QMessageBox, "recoverBox")
    click(qtbot, box, QMessageBox.StandardButton.No)
    assert not again.autosave_path.exists()
    assert again.session.scenario.id == "tiny/zones"


def test_closing_with_unsaved_moves_asks_and_discard_removes_the_autosave(
        window, make_window, qtbot):
    play_a_little(window)
    qtbot.waitUntil(window.autosave_path.is_file, timeout=3000)
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
