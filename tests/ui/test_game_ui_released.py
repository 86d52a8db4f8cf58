"""A game replaced in the window (File › Open) while its player is in the middle
of something leaves its old UI silent, for every game's UI and free play: the
mouse held down on a counter, a card picked, the computer opponent thinking.
Once the window shows the other game, whatever was pending (mouse events,
timers, queued signals, deferred deletions) runs without an error and without
the old UI asking its rules anything: it no longer has a session or controller,
so any such question would raise.  The old game is left exactly as it was, and
the released UI's base queries answer as ``GameUI.release`` documents."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDialog
from real_games import shown_window
from test_game_ui_conformance import _driver, _session

from ffl import catalog
from ffl.engine import Action, IllegalAction
from ffl.games import games
from ffl.ui.game_ui import RELEASED_PROMPT

#: the computer opponent's pause before it plays a move it chose (Limits of Glory)
GLORY_DELAY_KEY = "limits_of_glory/ai_delay_ms"


def _begin(qtbot, window) -> None:
    """Leave the game in the middle of an interaction, as a player would."""
    ui = window.game_ui
    if window.session.controller.game_id == "card_game":
        # the player sits down and picks a card; its contact is not clicked yet
        qtbot.mouseClick(ui.panel.screen.button, Qt.MouseButton.LeftButton)
        player = ui.active()
        view = ui.ctrl.view(window.session.state, player)
        card = ui.ctrl.playable_cards(view, player)[0]
        qtbot.mouseClick(ui.panel.hand, Qt.MouseButton.LeftButton,
                         pos=ui.panel.hand.card_point(card))
        assert ui.selected == card
        ui.new_match()                   # and the New match dialog is open
        assert ui.match_dialog.isVisible()
        return
    # the mouse is pressed on a counter of the map (or a space, where the game keeps
    # its counters off the map) and dragged a little, not let go
    scene = window.scene
    item = next((i for i in scene.counters.values() if i.isVisible()), None)
    at = window.map.mapFromScene(item.sceneBoundingRect().center() if item is not None
                                 else scene.space_centre(next(iter(scene.board.spaces))))
    viewport = window.map.viewport()
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
    QTest.mouseMove(viewport, at + QPoint(25, 15))


@pytest.mark.parametrize("game_id", [*games(), "free"])
def test_a_game_replaced_mid_interaction_leaves_its_old_ui_silent(game_id, qtbot, tmp_path):
    driver = _driver(game_id)
    window = shown_window(qtbot, tmp_path, (1200, 800), {GLORY_DELAY_KEY: 20}, autosave=False)
    if game_id == "limits_of_glory":
        # the program plays the Allies and thinks at once (it places the Bedouin)
        session = catalog.new_session("limits_of_glory/campaign", seed=25,
                                      options={"allied_player": "program"})
    else:
        session = _session(game_id, driver)
    assert window.set_session(session)
    qtbot.wait(10)
    old = window.game_ui
    if game_id == "limits_of_glory":
        # its turn: it thinks on its thread, or the move it chose waits to be played
        assert old.solo and old.acting() == "allied"
    _begin(qtbot, window)
    pid = next(iter(session.state.pieces), "x")
    # the game opened instead: a small one, quick to open (the old UI's part is the same)
    other = catalog.new_session("card_game/2p", seed=5).save(tmp_path / "other.fflsave")
    events = len(session.log.events)

    with qtbot.capture_exceptions() as raised:
        assert window.open_path(other)   # File › Open replaces the game
        viewport = window.map.viewport()
        QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton)   # the mouse let go
        QTest.mouseMove(viewport, QPoint(40, 40))
        qtbot.wait(60)                   # queued signals and pending timers fire
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        qtbot.wait(10)
    assert not raised, "".join(f"{t.__name__}: {v}\n" for t, v, _tb in raised)
    # no dialog of the old game stays open over the new one
    assert not [w.objectName() or type(w).__name__ for w in QApplication.topLevelWidgets()
                if isinstance(w, QDialog) and w.isVisible()]
    assert len(session.log.events) == events, "something was played in the replaced game"
    assert window.game_ui is not old and window.game_ui.state is not None   # the new one plays

    # the released UI's base queries answer as GameUI.release says
    assert old.session is None and old.controller is None
    assert old.state is None and old.scene is None
    assert old.prompt() is RELEASED_PROMPT and old.prompt().kinds == ()
    assert not old.can("pass") and old.piece_name(pid) == pid
    assert old.do(Action.make("pass", "x")) is None
    assert old.refused(IllegalAction("closed", "1.0")) is None
    assert old.ask_breach(Action.make("pass", "x"), IllegalAction("closed", "1.0")) is None
