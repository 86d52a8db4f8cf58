"""The status line says what came of each of the program's moves (the Sequence unit it
drew, where its unit went), not the die it rolled or that a unit starts moving
(French Foreign Legion, both sides played by the program, offscreen).  Before, the
line showed the first of the move's log lines: "3.2 Draw a Sequence unit from 10 in
the cup: rolled 5", "6.11 Sgt. Kulm starts moving (3 MF)"."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QSettings, Qt

from ffl.opponents import PROGRAM_KEY
from ffl.ui.opponent import PACE_KEY


@pytest.mark.slow          # the program sets the Legion up first (about 10 s)
def test_3_2_and_6_21_the_status_line_tells_what_the_program_did(qtbot, tmp_path):
    from ffl.ui.app import create_app, main_window

    create_app()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue(PACE_KEY, 0)
    settings.setValue("ffl/animate_dice", False)
    window = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    qtbot.waitExposed(window)
    told: list[str] = []
    assert window.open_scenario("ffl/basic", seed=7, options={
        PROGRAM_KEY: {"legion": "normal", "bedouin": "normal"}})
    window._closing_confirmed = True
    window.opponent_runner.acted.connect(
        lambda _side: told.append(window.statusBar().currentMessage()))
    session = window.session

    def drawn_and_entered() -> bool:
        kinds = {e.kind for e in session.log.events}
        return {"draw", "enter"} <= kinds and len(told) >= 3
    qtbot.waitUntil(drawn_and_entered, timeout=60_000)
    window.opponent_runner.close()
    assert any("3.2 Sequence unit drawn" in t for t in told), told
    assert any(" enters the board at " in t for t in told), told
    assert not [t for t in told if re.search(r"rolled \d+$", t) or "starts moving" in t]
    assert all(t.startswith(("Legion (normal): ", "Bedouin (normal): ")) for t in told)


def test_22_no_hint_to_click_while_the_program_plays(qtbot, tmp_path, monkeypatch):
    """While the program's seat plays, the status line's prompt keeps whose turn it
    is but not the hint of what to click (nothing can be clicked then); the line
    beside the busy bar says the program thinks, then that it plays during the
    pause; at the player's turn the hint is back, and the program's last move,
    told in the status line, gives way to the prompt after a moment."""
    from card_game.card_ui_helpers import click_card

    from ffl.ui import opponent
    from ffl.ui.app import create_app, main_window

    monkeypatch.setattr(opponent, "LAST_MOVE_MS", 400)

    create_app()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue(PACE_KEY, 600)
    window = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
    qtbot.addWidget(window)
    window.resize(1280, 820)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_scenario("card_game/2p", seed=17, options={PROGRAM_KEY: {"p2": "normal"}})
    window._closing_confirmed = True
    session, ui, runner = window.session, window.game_ui, window.opponent_runner
    controller = session.controller
    if ui.panel.screen_up:
        qtbot.mouseClick(ui.panel.screen.button, Qt.MouseButton.LeftButton)
    assert " → " in window.prompt_label.text()          # the player's turn: the hint
    view = controller.view(session.state, "p1")
    card = controller.playable_cards(view, "p1")[0]
    click_card(qtbot, ui, card)
    click_card(qtbot, ui, controller.contact_cards(view, "p1", card)[0])
    qtbot.waitUntil(lambda: runner.blocked and runner.label.isVisible(), timeout=5_000)
    qtbot.wait(20)
    prompt = window.prompt_label.text()
    assert "Player 2" in prompt and " → " not in prompt, prompt
    labels = set()
    qtbot.waitUntil(lambda: labels.add(runner.label.text()) or runner.moves >= 1,
                    timeout=10_000)
    assert labels <= {"Player 2 (normal) is thinking…", "Player 2 (normal) plays…"}, labels
    assert "Player 2 (normal) plays…" in labels         # during the pause, decided
    qtbot.waitUntil(lambda: not runner.blocked, timeout=10_000)
    assert " → " in window.prompt_label.text()
    status = window.statusBar()
    assert status.currentMessage().startswith("Player 2 (normal): ")
    qtbot.waitUntil(lambda: status.currentMessage() == "", timeout=2_000)
    assert window.prompt_label.isVisible()
