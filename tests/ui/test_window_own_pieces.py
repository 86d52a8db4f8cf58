"""Issue 12: a game UI that draws its pieces itself (``GameUI.draws_own_pieces``,
Limits of Glory's markers) gets no engine counters from the window: none is made
when its game is shown, none is made or updated as it is played, and none is left
from a game shown before, whether the scene is new (FFL then Limits of Glory) or
kept (one Limits of Glory game over another).  A game drawn with the engine's
counters shown afterwards has them again."""

from __future__ import annotations

from real_games import shown_window

from ffl import catalog
from ffl.ui.counters import CounterItem
from ffl.ui.limits_of_glory.game_ui import GloryGameUI
from ffl.ui.limits_of_glory.marker_item import Marker

SIZE = (1280, 820)


def _counter_items(scene) -> list:
    return [i for i in scene.items() if isinstance(i, CounterItem)]


def _assert_no_counters(window) -> None:
    scene = window.scene
    assert isinstance(window.game_ui, GloryGameUI) and window.game_ui.draws_own_pieces
    assert scene.counters == {}
    assert _counter_items(scene) == []
    # nor does it hold the counters of a game shown before, for pictures to take
    assert scene._image_donors == {} and scene._late_donors == {}
    # the game's own pieces are there instead
    assert any(isinstance(i, Marker) for i in scene.items())


def _assert_counters(window) -> None:
    scene = window.scene
    on_board = {p.id for p in window.session.state.active() if p.space in scene.board}
    assert on_board and set(scene.counters) == on_board
    assert len(_counter_items(scene)) == len(on_board)
    assert all(i.scene() is scene for i in scene.counters.values())


def _glory(window, qtbot, seed: int) -> None:
    assert window.set_session(catalog.new_session("limits_of_glory/campaign", seed=seed))
    qtbot.wait(20)


def test_ffl_then_glory_then_ffl_in_one_window(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, SIZE, {"opponents/pace_ms": 0}, autosave=False)
    assert window.open_scenario("ffl/basic", seed=7)
    qtbot.wait(20)
    _assert_counters(window)
    ffl_scene = window.scene

    _glory(window, qtbot, 3)
    assert window.scene is not ffl_scene      # another board: a new scene
    _assert_no_counters(window)
    # played on: the window's refresh after an action makes none either
    session = window.session
    before = len(session.log.events)
    action = session.controller.legal_actions(session.state)[0]
    session.do(action)
    qtbot.wait(20)
    assert len(session.log.events) > before
    _assert_no_counters(window)

    assert window.open_scenario("ffl/basic", seed=7)
    qtbot.wait(20)
    _assert_counters(window)


def test_one_glory_game_over_another_keeps_the_scene_without_counters(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, SIZE, {"opponents/pace_ms": 0}, autosave=False)
    _glory(window, qtbot, 3)
    _assert_no_counters(window)
    scene = window.scene
    # counters left on the scene (as a window before draws_own_pieces made them)
    scene.set_state(window.session.state)
    assert scene.counters and _counter_items(scene)

    _glory(window, qtbot, 4)
    assert window.scene is scene              # the same board drawn alike: kept
    _assert_no_counters(window)
    window.refresh()
    _assert_no_counters(window)
