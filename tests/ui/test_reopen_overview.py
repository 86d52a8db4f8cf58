"""The overview after File › Open over a game of the same board (issue 12): what
it shows once its refresh has come is exactly the whole scene drawn (pixel for
pixel): after the open, after a move, with the labels hidden and shown again,
with a game's own item added to the scene and hidden again.  Real windows, real
saves."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QRectF
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsItem, QGraphicsRectItem
from real_games import shown_window

from ffl.catalog import new_session
from ffl.games import game_of
from ffl.ui.map_view import OVERVIEW_REFRESH_MS


def played(path, seed: int, actions: int):
    session = new_session("ffl/basic", seed=seed,
                          options=dict(game_of("ffl/basic").selfplay_options or {}))
    rng = random.Random(seed)
    for _ in range(actions):
        if session.controller.outcome(session.state) is not None:
            break
        session.do(rng.choice(list(session.controller.legal_actions(session.state))))
    session.save(path)
    return path


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    folder = tmp_path_factory.mktemp("overview-saves")
    return [played(folder / f"s{seed}.fflsave", seed, 150) for seed in (21, 22)]


def settle(qtbot, ms: int = 30) -> None:
    qtbot.wait(ms)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.wait(10)


def shown(window):
    """The overview's picture painted anew now (as it is once the scene has been
    still for OVERVIEW_REFRESH_MS), and the whole scene drawn with each counter
    painted anew.  (Drawing the whole scene blits a counter's cached picture
    when it has only moved, drawn at its old fraction of a pixel: a few pixels
    of it then differ from a counter painted where it is.)"""
    overview = window.overview
    overview._redraw()          # (what the refresh timer does)
    QCoreApplication.processEvents()
    counters = list(window.scene.counters.values())
    modes = [c.cacheMode() for c in counters]
    for c in counters:
        c.setCacheMode(QGraphicsItem.CacheMode.NoCache)
    whole = overview._render_whole(window.scene).toImage()
    for c, mode in zip(counters, modes, strict=True):
        c.setCacheMode(mode)
    return overview._picture.toImage(), whole


@pytest.fixture
def reopened(qtbot, tmp_path, saves):
    window = shown_window(qtbot, tmp_path, size=(1400, 900), autosave=False)
    assert window.open_scenario("ffl/basic", seed=1)
    settle(qtbot)
    assert window.open_path(saves[0])
    settle(qtbot)
    return window


def test_a_save_opened_over_a_game_of_the_board_shows_the_board_with_its_counters(
        reopened, qtbot, saves):
    window = reopened
    first, whole = shown(window)
    assert first == whole
    scene = window.scene
    assert window.open_path(saves[1])       # the same scene again: the board kept
    settle(qtbot)
    assert window.scene is scene
    again, whole = shown(window)
    assert again == whole
    assert again != first                    # the other game's counters


def test_a_move_shows_in_the_overview(reopened, qtbot):
    window = reopened
    before, _ = shown(window)
    session = window.session
    rng = random.Random(3)
    for _ in range(40):     # until a counter has moved on the map
        positions = {p: c.pos() for p, c in window.scene.counters.items()}
        session.do(rng.choice(list(session.controller.legal_actions(session.state))))
        if any(c.pos() != positions.get(p) for p, c in window.scene.counters.items()):
            break
    settle(qtbot, OVERVIEW_REFRESH_MS + 100)
    after, whole = shown(window)
    assert after == whole
    assert after != before


def test_labels_hidden_and_a_game_item_are_drawn_as_the_whole_scene(reopened, qtbot):
    window = reopened
    window.labels_action.trigger()          # the board looks otherwise now
    settle(qtbot, OVERVIEW_REFRESH_MS + 100)
    picture, whole = shown(window)
    assert picture == whole
    window.labels_action.trigger()
    settle(qtbot, OVERVIEW_REFRESH_MS + 100)
    picture, whole = shown(window)
    assert picture == whole
    mark = QGraphicsRectItem(QRectF(0, 0, 400, 400))    # an item a game's UI adds
    mark.setBrush(QColor("red"))
    mark.setZValue(50)
    window.scene.addItem(mark)
    settle(qtbot, OVERVIEW_REFRESH_MS + 100)
    picture, whole = shown(window)
    assert picture == whole
    mark.setVisible(False)                  # gone again: the board under it drawn anew
    settle(qtbot, OVERVIEW_REFRESH_MS + 100)
    picture, whole = shown(window)
    assert picture == whole
