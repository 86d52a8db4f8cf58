"""The replay window shows the game's own controls disabled (issue 22): with
real widgets, the FFL phase bar's End phase and Draw chit, the unit tray and
the Game-menu commands are off with a tooltip saying why, at every position
(the game UI enables them again on its refresh; they stay off), while what only
changes the view (the level buttons, the Game menu's on/off settings, the map)
stays usable; the play window on the same game has them enabled."""

from __future__ import annotations

import random

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QPushButton

from ffl import catalog
from ffl.ui.replay_lock import WHY


def _settings(tmp_path):
    from ffl.ui.app import create_app

    create_app()
    s = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    s.setValue("ffl/animate_dice", False)
    return s


def _windows(qtbot, tmp_path, scenario, actions, seed=5):
    from ffl.ui.window import PlayWindow

    session = catalog.new_session(scenario, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if session.controller.outcome(session.state) is not None:
            break
        session.do(rng.choice(list(session.controller.legal_actions(session.state))))
    path = session.save(tmp_path / "game.fflsave")
    play = PlayWindow(settings=_settings(tmp_path), data_folder=tmp_path / "data",
                      autosave=False)
    qtbot.addWidget(play)
    play._closing_confirmed = True
    play.resize(1200, 800)
    play.show()
    qtbot.waitExposed(play)
    assert play.open_path(path)
    replay = play.replay_actions.replay_file(path, position=len(session.log.events))
    assert replay is not None
    qtbot.addWidget(replay)
    replay.resize(1200, 800)
    qtbot.waitExposed(replay)
    QApplication.processEvents()
    return play, replay


def _game_actions(window):
    return {a.objectName(): a for a in window.game_menu.actions() if a.objectName()}


def test_ffl_game_buttons_are_disabled_in_the_replay(qtbot, tmp_path):
    play, w = _windows(qtbot, tmp_path, "ffl/basic", 60)
    bar, live = w.game_ui.bar, play.game_ui.bar
    # the play window at the same position: the phase can be ended there
    assert live.end_button.isEnabled() or live.draw_button.isEnabled()
    for name in ("drawButton", "endPhaseButton", "endSetupButton"):
        button = w.findChild(QPushButton, name)
        assert button is not None and not button.isEnabled(), name
        assert button.toolTip() == WHY
    # the tray's buttons too; the level buttons (the view) stay usable
    tray = w.game_ui.tray
    assert all(not b.isEnabled() for b in tray.findChildren(QPushButton))
    assert all(b.isEnabled() for b in bar.level_buttons.values())
    qtbot.mouseClick(bar.level_buttons[next(iter(bar.level_buttons))],
                     Qt.MouseButton.LeftButton)
    # Game-menu commands off, the on/off settings on
    actions, live_actions = _game_actions(w), _game_actions(play)
    commands = [n for n, a in actions.items() if not a.isCheckable()]
    assert commands and all(not actions[n].isEnabled() for n in commands)
    assert any(live_actions[n].isEnabled() for n in commands if n in live_actions)
    assert all(a.isEnabled() for a in actions.values() if a.isCheckable())
    # stepping back and forth: the game UI's refresh enables them, they stay off
    before = w.session.state.hash()
    for key in (Qt.Key.Key_Home, Qt.Key.Key_PageDown, Qt.Key.Key_PageDown, Qt.Key.Key_End):
        qtbot.keyClick(w.map, key)
        QApplication.processEvents()
        assert not bar.end_button.isEnabled() and not bar.draw_button.isEnabled()
        assert all(not actions[n].isEnabled() for n in commands)
    # a click on the disabled End phase plays nothing; the board is still there
    qtbot.mouseClick(bar.end_button, Qt.MouseButton.LeftButton)
    assert w.session.state.hash() == before and w.replay.position == w.replay.total
    assert w.map.isEnabled() and w.map.scene() is w.scene and w.event_log.isEnabled()
    # the replay's own controls work
    assert w.branch_button.isEnabled() and w.nav_actions["start"].isEnabled()


def test_card_game_buttons_are_disabled_in_the_replay(qtbot, tmp_path):
    play, w = _windows(qtbot, tmp_path, "card_game/2p", 12)
    for name in ("drawButton", "discardButton", "nextGameButton"):
        button = w.findChild(QPushButton, name)
        assert button is not None and not button.isEnabled() and button.toolTip() == WHY
    # the hand cover of a game still in play only hides a hand: it stays usable
    ready = w.findChild(QPushButton, "readyButton")
    assert ready is not None and ready.isEnabled()
    actions = _game_actions(w)
    assert all(not a.isEnabled() for a in actions.values() if not a.isCheckable())
