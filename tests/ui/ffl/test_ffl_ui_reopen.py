"""Opening a save over the game shown (issue 12): a game on the same board,
drawn alike, keeps the scene (its board items, the fort's symbols and their
cached pictures) and its new counters take the pictures the same pieces'
counters drew before, so a reopened game draws neither again.  What the map
shows must be exactly what a window that opened the save alone shows: the
opened game's counters only, where they stand, with no item, highlight or
picture left over from the game before, pixel for pixel; a game on another
board gets a scene of its own."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage

from ffl.games import game_of
from ffl.session import GameSession
from ffl.ui.counters import ZOOM_STEP
from ffl.ui.ffl.counters import SELECTED


def played_save(path, seed: int, actions: int) -> GameSession:
    """A Basic Game played at random (seeded) for ``actions`` actions, saved."""
    from ffl.catalog import new_session

    session = new_session("ffl/basic", seed=seed,
                          options=dict(game_of("ffl/basic").selfplay_options))
    rng = random.Random(seed)
    controller = session.controller
    for _ in range(actions):
        if controller.outcome(session.state) is not None:
            break
        session.do(rng.choice(list(controller.legal_actions(session.state))))
    session.save(path)
    return session


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    """Two saves of the Basic Game, A and B, with the units placed differently."""
    folder = tmp_path_factory.mktemp("saves")
    a, b = folder / "a.fflsave", folder / "b.fflsave"
    played_save(a, seed=11, actions=120)
    played_save(b, seed=12, actions=160)
    return a, b


def shown(window) -> dict:
    """Every counter on the map: its piece as drawn, position, layer and highlight."""
    out = {}
    for pid, item in window.scene.counters.items():
        p = item.piece
        out[pid] = (p.type, p.side, p.space, p.level, p.facing, p.markers, p.data,
                    (item.pos().x(), item.pos().y()), item.zValue(), item.highlight,
                    item.note, item.marks, item.isVisible())
    return out


def on_board(window, session: GameSession) -> set[str]:
    return {p.id for p in session.state.active() if p.space in window.scene.board}


def painted(qtbot, window) -> None:
    """Let the window paint the game (the map and the overview)."""
    qtbot.wait(20)
    window.map.viewport().repaint()
    window.overview.viewport().repaint()


def assert_pictures_true(window) -> None:
    """Every picture a counter holds is what it draws now."""
    dpr = window.map.viewport().devicePixelRatioF()
    for item in window.scene.counters.values():
        for bucket, pixmap in item._pixmaps.items():
            fresh = item._render(ZOOM_STEP ** bucket, dpr).toImage()
            assert pixmap.toImage().convertToFormat(QImage.Format.Format_ARGB32) == \
                fresh.convertToFormat(QImage.Format.Format_ARGB32), (item.piece_id, bucket)


def test_a_save_of_the_same_scenario_shows_only_its_own_counters(open_ffl, qtbot, saves):
    save_a, save_b = saves
    alone = open_ffl()
    assert alone.open_path(save_b)
    painted(qtbot, alone)
    expected = shown(alone)

    w = open_ffl()
    assert w.open_path(save_a)
    painted(qtbot, w)
    old_scene = w.scene
    for item in old_scene.counters.values():      # lit, as a selection lights them
        item.set_highlight(SELECTED)
    painted(qtbot, w)
    assert w.open_path(save_b)
    painted(qtbot, w)
    assert w.scene is old_scene      # the same board drawn alike: the scene is kept
    assert shown(w) == expected
    assert set(w.scene.counters) == on_board(w, w.session)
    assert all(c.highlight != SELECTED for c in w.scene.counters.values())
    assert_pictures_true(w)


def test_reopening_the_game_shown_draws_no_counter_again(open_ffl, qtbot, saves):
    save = saves[0]
    w = open_ffl()
    assert w.open_path(save)
    painted(qtbot, w)
    first = shown(w)
    assert w.open_path(save)
    painted(qtbot, w)
    assert shown(w) == first
    items = list(w.scene.counters.values())
    redrawn = [c.piece_id for c in items if c.renders]
    assert redrawn == []        # the lit ones too (BoardScene.late_donor)
    assert all(c._pixmaps for c in items)
    assert_pictures_true(w)


def test_a_game_on_another_board_and_back(open_ffl, qtbot, saves):
    save = saves[1]
    alone = open_ffl()
    assert alone.open_path(save)
    painted(qtbot, alone)
    w = open_ffl()
    assert w.open_scenario("phantom_fury/jolan", seed=3)
    painted(qtbot, w)
    other = w.scene
    assert set(other.counters) == on_board(w, w.session)
    assert w.open_path(save)
    painted(qtbot, w)
    assert w.scene is not other and w.scene.board is not other.board
    assert shown(w) == shown(alone)
    assert_pictures_true(w)


def scene_items(window) -> list[tuple]:
    """Every item of the scene: its class, layer, place, visibility and tip."""
    out = []
    for item in window.scene.items():
        r = item.sceneBoundingRect()
        out.append((type(item).__name__, item.zValue(), round(r.x(), 1), round(r.y(), 1),
                    round(r.width(), 1), round(r.height(), 1), item.isVisible(),
                    item.toolTip()))
    return sorted(out)


def map_image(window) -> QImage:
    window.map.viewport().repaint()
    return window.map.viewport().grab().toImage().convertToFormat(QImage.Format.Format_ARGB32)


def test_a_kept_scene_holds_and_shows_what_a_new_one_would(open_ffl, qtbot, saves):
    """Game B opened over game A (its modes lit, the level diagrams shown and
    hidden again) keeps A's scene and board items, and then holds the very
    items a window that opened B alone holds, and the map looks the same pixel
    for pixel at the opening zoom and zoomed in and out."""
    save_a, save_b = saves
    alone = open_ffl()
    assert alone.open_path(save_b)
    painted(qtbot, alone)
    w = open_ffl()
    assert w.open_path(save_a)
    painted(qtbot, w)
    scene, spaces = w.scene, dict(w.scene.space_items)
    decor = w.game_ui.decor
    w.game_ui.show_diagrams(True)           # adds an area, labels and diagram items
    painted(qtbot, w)
    w.game_ui.show_diagrams(False)
    assert w.open_path(save_b)
    painted(qtbot, w)
    assert w.scene is scene and w.scene.space_items == spaces
    assert w.game_ui.decor is decor         # the fort's symbols kept with the scene
    assert not hasattr(w.scene, "level_diagrams") or w.scene.level_diagrams is None
    assert w.scene.board_rect() == alone.scene.board_rect()
    assert len(w.scene.labels) == len(alone.scene.labels)
    assert scene_items(w) == scene_items(alone)
    assert shown(w) == shown(alone)
    for view in (w.map, alone.map):
        assert view.zoom == pytest.approx(alone.map.zoom)
    assert map_image(w) == map_image(alone)
    for zoom in (w.map.zoom_in, w.map.zoom_out, w.map.zoom_out, w.map.zoom_out):
        zoom()
        getattr(alone.map, zoom.__name__)()
        assert map_image(w) == map_image(alone), zoom.__name__
    assert w.map.visible_scene_rect() == alone.map.visible_scene_rect()
    assert QRectF(w.scene.sceneRect()) == QRectF(alone.scene.sceneRect())


def test_the_game_replaced_is_freed(open_ffl, qtbot, saves):
    """The session and UI of the game replaced by an opened save are freed once
    the event loop has deleted what they left (their Game-menu actions were
    children of the window, and kept the UI and its whole game alive)."""
    import gc
    import weakref

    from PySide6.QtCore import QCoreApplication, QEvent

    w = open_ffl()
    assert w.open_path(saves[0])
    painted(qtbot, w)
    old_session, old_ui = weakref.ref(w.session), weakref.ref(w.game_ui)
    assert w.open_path(saves[1])
    painted(qtbot, w)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()
    assert old_ui() is None and old_session() is None
    assert w.findChildren(type(w.game_ui.draw_action), "drawChitAction") == [
        w.game_ui.draw_action]
