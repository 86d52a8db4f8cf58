"""File › Open (issue 12): what it replaces goes once the game opened has painted.

The game shown before (its session, log and states) and the docks, tool bars
and actions its UI made are freed when the collector comes back, after the
map's paint and the window's settling, not between the open and that paint;
the docks and bars leave the window at once (hidden, no children of it, so
nothing looking through the window finds them), and so does the scene of
another board.  Opened without File › Open (a new game), they go as before.  Real windows, a real FFL game and save."""

from __future__ import annotations

import gc
import weakref

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QDockWidget, QToolBar
from real_games import shown_window

from ffl.catalog import new_session
from ffl.ui.window_gc import OPEN_FALLBACK_MS


@pytest.fixture
def collecting():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def game_bars(window) -> list:
    """The docks and tool bars the game's UI put in the window."""
    return [w for w in window.findChildren(QDockWidget) + window.findChildren(QToolBar)
            if w.parent() is window and w not in (window.overview_dock, window.log_dock)]


def test_the_game_replaced_goes_after_the_paint(collecting, qtbot, tmp_path):
    save = tmp_path / "basic.fflsave"
    new_session("ffl/basic", seed=4).save(save)
    window = shown_window(qtbot, tmp_path, (1400, 900), autosave=False)
    assert window.open_scenario("ffl/basic", seed=1)
    qtbot.wait(20)
    old_session = weakref.ref(window.session)
    left = game_bars(window)
    assert left     # the FFL UI's docks and phase tool bar
    assert window.open_path(save)
    assert not gc.isenabled()
    assert window.session is not old_session()
    assert old_session() is not None       # kept until the window has settled
    for bar in left:
        assert shiboken6.isValid(bar) and bar.parent() is not window
        assert not bar.isVisible()
    assert len(game_bars(window)) == len(left)      # the new game's own, alone
    qtbot.waitUntil(gc.isenabled, timeout=3 * OPEN_FALLBACK_MS)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert old_session() is None
    assert not [bar for bar in left if shiboken6.isValid(bar)]


def test_the_scene_of_another_board_goes_after_the_paint(collecting, qtbot, tmp_path):
    save = tmp_path / "jolan.fflsave"
    new_session("phantom_fury/jolan", seed=3).save(save)
    window = shown_window(qtbot, tmp_path, (1400, 900), autosave=False)
    assert window.open_scenario("ffl/basic", seed=1)
    qtbot.wait(20)
    old_scene = window.scene
    assert window.open_path(save)
    assert window.scene is not old_scene
    assert shiboken6.isValid(old_scene) and old_scene.parent() is not window
    assert not old_scene.views()
    qtbot.waitUntil(gc.isenabled, timeout=3 * OPEN_FALLBACK_MS)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not shiboken6.isValid(old_scene)


def test_a_new_game_replaces_the_game_at_once(collecting, qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, (1400, 900), autosave=False)
    assert window.open_scenario("ffl/basic", seed=1)
    qtbot.wait(20)
    left = game_bars(window)
    assert window.open_scenario("ffl/basic", seed=2)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert not [bar for bar in left if shiboken6.isValid(bar)]
