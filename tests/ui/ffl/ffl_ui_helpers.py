"""Fixtures for the FFL play UI tests: a real play window (settings file and data
folder in tmp_path) on the real French Foreign Legion module, and helpers that
drive it with real mouse and wheel events on the map viewport."""

from __future__ import annotations

import pytest
from map_helpers import counter_point, list_drag, vp, wheel  # noqa: F401 (re-exported)
from PySide6.QtCore import QPointF, QSettings, Qt

from ffl.engine import Action, GameLog
from ffl.session import GameSession


@pytest.fixture
def ffl_settings(tmp_path):
    return tmp_path / "settings.ini"


@pytest.fixture
def open_ffl(qtbot, tmp_path, ffl_settings):
    """open_ffl(seed, prefs, options) -> a shown play window on a new Basic Game
    (with the optional rules ``options`` switched on)."""
    from ffl.ui.app import create_app, main_window

    create_app()

    def make(seed: int = 7, prefs: dict | None = None, options: dict | None = None):
        settings = QSettings(str(ffl_settings), QSettings.Format.IniFormat)
        # these tests drive a fitted map (test_ffl_ui_view opens zoomed, as players do)
        # and act without the draw and roll-drag questions (test_ffl_ui_confirm asks them)
        defaults = {"ffl/legible_view": False, "ffl/ask_draw": False,
                    "ffl/ask_roll_drag": False}
        for k, v in {**defaults, **(prefs or {})}.items():
            settings.setValue(k, v)
        settings.setValue("ffl/animate_dice", False)
        window = main_window(settings=settings, data_folder=tmp_path / "data")
        qtbot.addWidget(window)
        window.resize(1400, 900)
        window.show()
        qtbot.waitExposed(window)
        assert window.open_scenario("ffl/basic", seed=seed, options=options)
        window._closing_confirmed = True   # tests never answer the save question
        qtbot.wait(10)
        window.map.fit()
        return window

    return make


# -- driving the map ------------------------------------------------------------------


def square(window, key: str) -> QPointF:
    return window.scene.space_centre(key)


def press(qtbot, window, point: QPointF, button=Qt.MouseButton.LeftButton,
          modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.mousePress(window.map.viewport(), button, modifiers, vp(window, point))


def drag(qtbot, window, start: QPointF, end: QPointF, via=()) -> None:
    """Press at ``start``, move through ``via``, release at ``end`` (scene points)."""
    viewport = window.map.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=vp(window, start))
    for p in (*via, end):
        qtbot.mouseMove(viewport, vp(window, p))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=vp(window, end))


def click(qtbot, window, point: QPointF, button=Qt.MouseButton.LeftButton,
          modifiers=Qt.KeyboardModifier.NoModifier) -> None:
    """Press and release ``button`` at ``point`` (the same button: QTest keeps a button
    pressed and never released as held for every later test in the process)."""
    viewport = window.map.viewport()
    press(qtbot, window, point, button, modifiers)
    qtbot.mouseRelease(viewport, button, modifiers, vp(window, point))


def tray_drag(qtbot, window, pid: str, end: QPointF) -> None:
    """Drag a unit from the tray list and release it over a scene point of the map."""
    tray = window.game_ui.tray
    item = tray.item_for(pid)
    assert item is not None, f"{pid} is not in the tray"
    list_drag(qtbot, window, tray.list, item, end)


def texts(window) -> list[str]:
    return [e.text for e in window.session.log.events]


# -- game positions -------------------------------------------------------------------


def session_at(window, state) -> GameSession:
    """A session of the window's game starting from a state built by a test."""
    s = window.session
    return GameSession(s.controller, s.scenario, dict(s.options), state.seed, GameLog(state))


def hand_state(window, where: dict, *, chit="squad-1", phase="movement", turn=1, seed=None,
               **vars_):
    """The Basic Game with only the characters in ``where`` on the board
    (pid -> (square, level, facing)); other Legion units left out, other
    Bedouin units waiting off the board."""
    state = window.session.log.initial.copy()
    types = window.session.module.piece_types
    for piece in state.pieces.values():
        if types[piece.type].kind == "character":
            piece.status = "unused" if piece.side == "legion" else "off"
            piece.space = None
    for pid, (key, level, facing) in where.items():
        p = state.pieces[pid]
        p.status, p.space, p.level, p.facing = "active", key, level, facing
    from ffl.games.ffl.rules.context import org_side

    if seed is not None:
        state.seed = seed
    state.vars.update({"_rolls": 0, "turn": turn, "phase": phase, "chit": chit,
                       "active": org_side(chit) if chit else "legion", "cup": [],
                       "mover": None, "done": [], "melees": {}, "entry": {}, "entered": []})
    state.vars.update(vars_)
    return state


def do(window, kind: str, side: str, **args):
    return window.session.do(Action.make(kind, side, **args))


def finish_legion_setup(w, leave=("L-1-Jensen", "L-2-Weber", "L-3-Zeller")) -> None:
    """Place every Legion unit still waiting on free parade squares, one out per squad."""
    state = w.session.state
    for pid in leave:
        if state.pieces[pid].status != "unused":
            do(w, "leave-out", "legion", piece=pid)
    fort = w.session.controller.ctx(w.session.state).fort
    free = [k for k in reversed(fort.squares("parade"))
            if not w.session.state.pieces_at(k)]
    for pid in sorted(w.session.state.pieces):
        p = w.session.state.pieces[pid]
        if p.side == "legion" and p.status == "off" and \
                w.session.module.piece_types[p.type].kind == "character":
            do(w, "place", "legion", piece=pid, space=free.pop(0), level=0, facing=0)
