"""A game UI released when its window shows another game (``GameUI.release``)
plays no game any more: every public query and callback of every game's UI
answers emptily, raises nothing, and asks the rules nothing (its session and
controller are gone, so any question put to them would raise)."""

from __future__ import annotations

import inspect

import pytest
from PySide6.QtCore import QPointF, Qt
from real_games import shown_window
from test_game_ui_conformance import _driver, _session

from ffl.engine import Action, IllegalAction
from ffl.games import games
from ffl.ui.game_ui import RELEASED_PROMPT, GameUI


def _argument(param: inspect.Parameter, pid: str, key: str):
    """A plausible argument for one parameter of a UI method (by name or type)."""
    if param.default is not inspect.Parameter.empty:
        return param.default
    hint, name = str(param.annotation), param.name
    if "QPointF" in hint or name == "pos":
        return QPointF(10, 10)
    if "Action" in hint or name == "action":
        return Action.make("pass", "x")
    if "IllegalAction" in hint or name == "exc":
        return IllegalAction("closed", "1.0")
    if name == "button":
        return Qt.MouseButton.LeftButton
    if name == "modifiers":
        return Qt.KeyboardModifier.NoModifier
    if hint.startswith("bool") or name in ("on", "shown", "yes", "confirmed"):
        return True
    if hint.startswith("int") or name in ("steps", "count", "facing", "games"):
        return 1
    if "list" in hint or name in ("pieces", "events"):
        return []
    if name in ("view", "verdict"):
        return None
    if name in ("key", "space", "to", "section", "sel"):
        return key
    return pid


def _public_methods(ui) -> list[str]:
    return sorted({n for c in type(ui).__mro__ if c is not object for n, v in vars(c).items()
                   if not n.startswith("_") and inspect.isfunction(v)} - {"release"})


@pytest.mark.parametrize("game_id", [*games(), "free"])
def test_a_released_game_ui_answers_every_query_emptily(game_id, qtbot, tmp_path):
    driver = _driver(game_id)
    window = shown_window(qtbot, tmp_path, (1200, 800), autosave=False)
    assert window.set_session(_session(game_id, driver))
    qtbot.wait(10)
    old = window.game_ui
    state = old.state
    pid = next(iter(state.pieces), "x")
    key = next((p.space for p in state.pieces.values() if p.space), "x")
    assert window.set_session(_session(game_id, driver))     # the old UI is released
    qtbot.wait(10)
    assert old.session is None and old.controller is None
    assert getattr(old, "ctrl", None) is None        # no other handle on the game kept
    assert old.state is None and old.scene is None
    assert old.prompt() is RELEASED_PROMPT and old.prompt().kinds == ()
    assert not old.can("pass") and old.piece_name(pid) == pid
    failures = []
    for name in _public_methods(old):
        method = getattr(old, name)
        params = [p for p in inspect.signature(method).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        try:
            answer = method(*[_argument(p, pid, key) for p in params])
        except Exception as exc:  # noqa: BLE001 - gathered to name every failing method
            failures.append(f"{name}: {type(exc).__name__}: {exc}")
            continue
        if name == "piece_name":
            assert answer == pid     # the name falls back to the id, as for an unknown piece
            continue
        if name == "prompt":
            assert answer is RELEASED_PROMPT
            continue
        assert not answer, f"{type(old).__name__}.{name} answered {answer!r} once released"
    assert not failures, f"{type(old).__name__} released: " + "; ".join(failures)
    assert window.game_ui is not old and window.game_ui.state is not None   # the new one plays


def test_the_guard_keeps_a_methods_parameters_for_qt_signals():
    """Qt passes a signal's arguments by the slot's own parameters: the guard
    has the wrapped method's very signature."""
    from ffl.ui.card_game.play import CardGameUI

    for name in ("new_match", "card_clicked", "map_press", "refresh"):
        method = getattr(CardGameUI, name, None)
        if method is None:
            continue
        assert getattr(method, "_released_guard", False), name
        assert (inspect.signature(method).parameters
                == inspect.signature(method.__wrapped__).parameters)
        assert method.__code__.co_argcount == method.__wrapped__.__code__.co_argcount
    assert not getattr(GameUI.prompt, "_released_guard", False)   # the base guards itself
