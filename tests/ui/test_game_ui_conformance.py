"""Conformance of the game UIs: every registered game's UI (and free play's) opens
on a fresh game offscreen, through its manifest, and one legal action is done
through it with real mouse events, as a player would.

A game registered without a driver here fails the test: a new game's UI must
show it can be played before it lands.
"""

from __future__ import annotations

import pytest
from map_helpers import list_drag
from PySide6.QtCore import QSettings, Qt

from ffl import catalog
from ffl.games import free_play, games
from ffl.session import GameSession

# -- the drivers: one legal action through each game's UI ------------------------------------


def _tray_drag(qtbot, window, tray_list, row: int, scene_point) -> None:
    """Drag row ``row`` of a tray list onto a scene point of the map."""
    list_drag(qtbot, window, tray_list, tray_list.item(row), scene_point)


def drive_ffl(qtbot, window) -> None:
    """2.31: drag the first Legion unit of the tray onto a free parade-ground square."""
    ui = window.game_ui
    fort = window.session.controller.fort(window.session.state)
    free = next(k for k in fort.squares("parade") if not window.session.state.pieces_at(k))
    _tray_drag(qtbot, window, ui.tray.list, 0, window.scene.space_centre(free))


def drive_card_game(qtbot, window) -> None:
    """First Player: the player sits down, picks a playable card, clicks a contact."""
    ui, ctrl = window.game_ui, window.session.controller
    qtbot.mouseClick(ui.panel.screen.button, Qt.MouseButton.LeftButton)
    player = ui.active()
    view = ctrl.view(window.session.state, player)
    card = ctrl.playable_cards(view, player)[0]
    contact = ctrl.contact_cards(view, card)[0]
    for c in (card, contact):
        qtbot.mouseClick(ui.panel.hand, Qt.MouseButton.LeftButton,
                         pos=ui.panel.hand.card_point(c))


def drive_free(qtbot, window) -> None:
    """Free play: drag a piece from the tray onto the first space of the board."""
    ui = window.game_ui
    first = next(iter(window.scene.board.spaces))
    _tray_drag(qtbot, window, ui.tray.list, 0, window.scene.space_centre(first))


DRIVERS = {"ffl": drive_ffl, "card_game": drive_card_game, "free": drive_free}


# -- the test --------------------------------------------------------------------------------


def _session(game_id: str) -> GameSession:
    if game_id == "free":     # free play on the flagship's map and counters, rules off
        return catalog.new_session("ffl/basic", seed=3, rules="off")
    first = next(s.id for s in catalog.list_scenarios() if s.game == game_id)
    return catalog.new_session(first, seed=3)


@pytest.mark.parametrize("game_id", [*games(), "free"])
def test_each_game_ui_opens_on_a_fresh_game_and_plays_one_legal_action(game_id, qtbot,
                                                                        tmp_path):
    from ffl.ui.app import create_app, main_window

    assert game_id in DRIVERS, f"{game_id} has no UI driver in this conformance test"
    create_app()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("ffl/animate_dice", False)
    window = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    window.set_session(_session(game_id))
    qtbot.wait(20)
    window.map.fit()
    manifest = free_play() if game_id == "free" else games()[game_id]
    assert type(window.game_ui) is manifest.ui_class()
    session = window.session
    before, steps = session.state.hash(), len(session.log.steps)
    DRIVERS[game_id](qtbot, window)
    assert session.state.hash() != before, window.statusBar().currentMessage()
    assert len(session.log.steps) == steps + 1, "one action, one undoable step"
    assert all(e.rule for e in session.log.events[session.log.steps[-2]:])
    window._closing_confirmed = True
