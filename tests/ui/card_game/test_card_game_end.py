"""The end of a match in the window: the winner's row on the table adds the End
of Game bonus (so it reads as the score sheet does), and the covered hand offers
a new match instead of a dead end."""

from __future__ import annotations

from card_ui_helpers import click
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QPushButton


def _play_to_the_end(session) -> None:
    """Lay the first playable card, else draw and discard the first card allowed."""
    ctrl = session.controller
    while not ctrl.outcome(session.state):
        actions = list(ctrl.legal_actions(session.state))
        plays = [a for a in actions if a.kind == "play"]
        session.do(plays[0] if plays else actions[0])


def test_end_of_game_the_table_shows_the_bonus_and_a_new_match_is_offered(card_window,
                                                                          qtbot):
    window = card_window("card_game/2p", seed=5)
    ui = window.game_ui
    _play_to_the_end(window.session)
    qtbot.wait(10)
    v = window.session.state.vars
    finisher, bonus = v["finisher"], v["bonus"]
    rows = {row.player: row for row in ui.table.rows}
    assert rows[finisher].bonus == bonus == 200
    assert f"{rows[finisher].score} pts + 200 bonus" in rows[finisher].headline()
    assert rows[finisher].score + rows[finisher].bonus == v["scores"][finisher]
    loser = next(p for p in v["players"] if p != finisher)
    assert rows[loser].bonus == 0 and "bonus" not in rows[loser].headline()
    # the end-of-game dialog closed, the covered hand offers a new match
    close = next(b for b in ui.end_dialog.findChildren(QPushButton) if b.text() == "Close")
    click(qtbot, close)
    assert ui.panel.screen_up and ui.panel.screen.button.isVisible()
    assert ui.panel.screen.button.text() == "Play a new match…"
    click(qtbot, ui.panel.screen.button)
    assert isinstance(ui.match_dialog, QDialog) and ui.match_dialog.isVisible()
    qtbot.keyClick(ui.match_dialog, Qt.Key.Key_Escape)
    assert not ui.match_dialog.isVisible()


def test_note_1_the_keyboard_sits_the_player_down_and_draws(card_window, qtbot):
    """Return (or Space) presses the hand-over button, which has the focus; D is
    Draw from the pack (Note 1: only when no card can be laid), N deals the next game."""
    window = card_window("card_game/2p", seed=17)
    ui, session = window.game_ui, window.session
    ctrl = session.controller
    while "play" in ctrl.prompt(session.state).kinds:        # until someone must draw
        session.do(next(a for a in ctrl.legal_actions(session.state) if a.kind == "play"))
    assert ctrl.prompt(session.state).kinds == ("draw",)
    qtbot.wait(10)
    assert ui.panel.screen_up and ui.panel.screen.button.hasFocus()
    qtbot.keyClick(ui.panel.screen.button, Qt.Key.Key_Return)
    assert not ui.panel.screen_up and ui.shown_view() is not None
    pack = len(session.state.vars["pack"])
    qtbot.keyClick(window, Qt.Key.Key_D)
    assert session.log.events[-1].kind == "draw" and session.log.events[-1].rule == "Note 1"
    assert len(session.state.vars["pack"]) == pack - 1
    assert [a.shortcut().toString() for a in (ui.draw_action, ui.next_action)] == ["D", "N"]
    assert ui.panel.draw_button.text() == "Draw from the pack (D)"
