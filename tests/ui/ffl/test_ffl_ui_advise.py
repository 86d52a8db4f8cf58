"""The advise rules mode in the FFL window: an illegal drag is refused with the
rule that forbids it, then done if the player insists, and the log marks it."""

from __future__ import annotations

from ffl_ui_helpers import drag, hand_state, session_at, square, texts
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

WHERE = {"L-1-Evans": ("K7", 0, 4), "B-A-Yusuf": ("A1", 0, 2)}


def _advising_window(open_ffl):
    w = open_ffl()
    w.set_session(session_at(w, hand_state(w, WHERE)))
    w.map.fit()
    w.rules_actions["advise"].trigger()            # Edit › Rules › Advise
    assert w.session.advising and "advise" in w.mode_label.text()
    return w


def test_6_123_an_illegal_drag_is_done_after_the_warning_and_logged(open_ffl, qtbot, tmp_path):
    w = _advising_window(open_ffl)
    drag(qtbot, w, square(w, "K7"), square(w, "K14"))      # beyond the 5 MF
    box = w.game_ui.breach_box
    assert box is not None and box.isVisible()
    assert "6.123" in box.text() and "Do it anyway" in box.informativeText()
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Yes), Qt.MouseButton.LeftButton)
    assert w.session.state.pieces["L-1-Evans"].position == ("K14", 2)
    marked = [t for t in texts(w) if "Against the rules" in t]
    assert marked and marked[-1].startswith("6.123 Against the rules (advise mode)")
    assert any("Against the rules" in line for line in w.event_log.texts())
    # the mode and the breach are kept with the game (this hand-made position
    # itself is not a game a file can rebuild, so only the log is compared)
    from ffl.store import load_game

    assert w.save_as(tmp_path / "advised.fflsave")
    again = load_game(tmp_path / "advised.fflsave")
    assert again.meta["rules"] == "advise"
    assert [e.text for e in again.events] == texts(w)


def test_saying_no_to_the_warning_changes_nothing(open_ffl, qtbot):
    w = _advising_window(open_ffl)
    before = w.session.state.hash()
    drag(qtbot, w, square(w, "K7"), square(w, "K14"))
    box = w.game_ui.breach_box
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.No), Qt.MouseButton.LeftButton)
    assert w.session.state.hash() == before


def test_enforce_refuses_the_same_drag_without_asking(open_ffl, qtbot):
    w = open_ffl()
    w.set_session(session_at(w, hand_state(w, WHERE)))
    w.map.fit()
    before = w.session.state.hash()
    drag(qtbot, w, square(w, "K7"), square(w, "K14"))
    assert w.game_ui.breach_box is None and w.session.state.hash() == before
    assert "cannot reach K14" in w.statusBar().currentMessage()
