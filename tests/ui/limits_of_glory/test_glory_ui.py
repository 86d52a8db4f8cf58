"""Limits of Glory in the play window, with real mouse events: clicking a space to
activate it, dragging a marker to move, clicking dice to re-roll, the hand-over
screen while the real fleet is secret, and the program playing the Allies off the
GUI thread."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QSettings, Qt
from real_games import shown_window

from ffl import catalog
from ffl.engine import Action, GameLog
from ffl.session import GameSession

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "games" / "limits_of_glory"))
from log_helpers import commander, conquest, forget, put, seek  # noqa: E402


@pytest.fixture
def window(qtbot, tmp_path):
    """A shown 1400x900 play window, the program moving at once."""
    return shown_window(qtbot, tmp_path, (1400, 900), {"opponents/pace_ms": 0}, autosave=False)


def _show(window, qtbot, session):
    window.set_session(session)
    qtbot.wait(20)
    window.map.fit()
    return window.game_ui


def _session_at(state, scenario_id="limits_of_glory/campaign"):
    module = catalog.load_module("limits_of_glory")
    from ffl.games.limits_of_glory.controller import GloryController

    scenario = module.scenarios[scenario_id]
    return GameSession(GloryController(module), scenario, dict(scenario.options), state.seed,
                       GameLog(state))


def _click(qtbot, window, scene_point, button=Qt.MouseButton.LeftButton):
    qtbot.mouseClick(window.map.viewport(), button, pos=window.map.mapFromScene(scene_point))


def test_clicking_a_space_activates_it(window, qtbot):
    state = conquest(seed=21)
    put(state, "fayum", {"fr-inf": 3})
    commander(state, "desaix", "fayum", 10)
    forget(state)
    seek(state, [6, 6])
    ui = _show(window, qtbot, _session_at(state))
    _click(qtbot, window, window.scene.space_centre("fayum"))
    assert window.session.state.vars["activation"] == {"space": "fayum", "side": "french",
                                      "moved": False}
    assert ui.markers.by_space["fayum"][0].highlight


def test_dragging_a_marker_opens_the_move_dialog_and_moves(window, qtbot):
    state = conquest(seed=22)
    put(state, "fayum", {"fr-inf": 3})
    commander(state, "desaix", "fayum", 10)
    state.vars["activation"] = {"space": "fayum", "side": "french"}
    forget(state)
    ui = _show(window, qtbot, _session_at(state))
    marker = ui.markers.by_space["fayum"][-1]
    viewport = window.map.viewport()
    start = window.map.mapFromScene(marker.scenePos())
    end = window.map.mapFromScene(window.scene.space_centre("beni-suef"))
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(viewport, pos=end)
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=end)
    dialog = ui.move_dialog
    assert dialog is not None and dialog.isVisible()
    # what was dragged starts chosen (here the infantry marker); Desaix is ticked too
    assert marker.ptype == "fr-inf" and dialog.spins["fr-inf"].value() == 3
    assert not dialog.cmd_boxes["desaix"].isChecked()
    dialog.spins["fr-inf"].setValue(2)
    box = dialog.cmd_boxes["desaix"]
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
    assert box.isChecked()
    ok = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    pieces = window.session.state.pieces.values()
    assert sum(1 for p in pieces if p.space == "beni-suef" and p.type == "fr-inf") == 2
    assert window.session.state.pieces["desaix"].space == "beni-suef"


def test_clicking_dice_chooses_the_rerolls(window, qtbot):
    state = conquest(seed=23)
    put(state, "fayum", {"fr-inf": 3})
    commander(state, "desaix", "fayum", 10)
    forget(state)
    seek(state, [1, 2])
    ui = _show(window, qtbot, _session_at(state))
    _click(qtbot, window, window.scene.space_centre("fayum"))
    task = window.session.controller.task(window.session.state)
    assert task["kind"] == "test" and task["stage"] == "reroll"
    row = ui.orders.own
    qtbot.mouseClick(row, Qt.MouseButton.LeftButton, pos=row.face_rect(0).center().toPoint())
    button = next(b for b in ui.orders.action_buttons if b.objectName() == "diceButton")
    assert button.text() == "Re-roll 1 die (1 glory)"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.session.state.pieces["desaix"].data["glory"] == 9


def test_hand_over_covers_the_screen_while_the_real_fleet_is_secret(window, qtbot):
    session = catalog.new_session("limits_of_glory/campaign", seed=24)
    ctrl = session.controller
    while ctrl.task(session.state)["kind"] == "bedouin":
        session.do(ctrl.legal_actions(session.state)[0])
    ui = _show(window, qtbot, session)
    assert ui.viewed_side() == "french"
    ui.do(Action.make("choose-fleet", "french", fleet="fleet-genoa"))
    assert not window.host.covered()          # the French go on moving
    # Invasion fleet destination: the real fleet is tried before the French part
    # may end (sailing on while its tests pass; the dice kept as rolled)
    while ctrl.prompt(session.state).side == "french":
        acts = ctrl.legal_actions(session.state)
        ui.do(next((a for a in acts if a.kind == "end-turn"), None)
              or next((a for a in acts if a.kind == "reroll" and not a.get("dice")), None)
              or next(a for a in acts if a.kind in ("move", "activate")))
        assert not window.host.covered() or ctrl.prompt(session.state).side == "allied"
    assert window.host.covered()              # the Allied player takes over
    assert ui.viewed_side() == "allied"
    shown = ui.shown_state()
    assert ctrl.real_fleet(shown) is None


def test_the_program_plays_the_allies_off_the_gui_thread(window, qtbot):
    """A game of the older "allied_player: program" option: the window's shared
    runner plays the Allies (the eight Bedouin placed one by one), the screen is
    the French player's."""
    session = catalog.new_session("limits_of_glory/campaign", seed=25,
                                  options={"allied_player": "program"})
    ui = _show(window, qtbot, session)
    assert ui.solo and ui.viewed_side() == "french"
    runner = window.opponent_runner
    assert runner is not None and set(runner.opponents) == {"allied"}
    qtbot.waitUntil(lambda: window.session.controller.prompt(window.session.state).side
                    == "french", timeout=20000)
    assert runner.moves >= 8                  # the eight Bedouin, one by one
    assert sum(1 for p in window.session.state.pieces.values()
               if p.type == "bedouin" and p.space) == 8
    assert not ui.orders.thinking.isVisible()


def test_a_window_closed_while_the_programs_move_waits_drops_that_move(qtbot, tmp_path):
    """The program's chosen move waits a moment before it is played; a window closed
    (and deleted) meanwhile must not have it played against its deleted docks."""
    from PySide6.QtWidgets import QApplication

    from ffl.ui.app import create_app, main_window

    create_app()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("opponents/pace_ms", 300)
    w = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
    w._closing_confirmed = True
    w.show()
    qtbot.waitExposed(w)
    session = catalog.new_session("limits_of_glory/campaign", seed=25,
                                  options={"allied_player": "program"})
    _show(w, qtbot, session)
    runner = w.opponent_runner
    qtbot.waitUntil(lambda: runner.moves >= 1, timeout=20000)   # its move now waits 300 ms
    moves = len(session.log.events)
    w.close()
    w.deleteLater()
    QApplication.sendPostedEvents(None, 0)
    qtbot.wait(600)                       # past the wait: nothing runs, nothing is played
    assert len(session.log.events) == moves
