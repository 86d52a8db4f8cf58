"""Issue 12: another Limits of Glory game on the same board (a save opened over the
game shown, the same position shown again) keeps the board's scene
(GloryGameUI.keeps_board_scene, BoardScene.clear_game) and its decor, drawn from
the board alone.  What the player sees must be exactly what a window showing that
game alone shows: every item of the scene (the decor, the markers, the board's
spaces and hidden labels) and the map and overview as painted."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from PySide6.QtWidgets import QGraphicsSimpleTextItem
from real_games import shown_window

from ffl import catalog
from ffl.engine import GameLog
from ffl.session import GameSession
from ffl.ui.map_view import OVERVIEW_REFRESH_MS

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "games" / "limits_of_glory"))
from log_helpers import crowded_cairo  # noqa: E402

SIZE = (1366, 768)


def _window(qtbot, tmp_path, name):
    folder = tmp_path / name
    folder.mkdir()
    return shown_window(qtbot, folder, SIZE, {"opponents/pace_ms": 0}, autosave=False)


def _show(window, qtbot, state) -> None:
    s = catalog.new_session("limits_of_glory/campaign", seed=state.seed)
    assert window.set_session(GameSession(s.controller, s.scenario, dict(s.options), s.seed,
                                          GameLog(state.copy())))
    qtbot.wait(20)
    window.default_view()
    window.overview.refit()
    qtbot.wait(20)


def _items(scene) -> list:
    """Every item of the scene as drawn: kind, place, layer, shown, its text or
    colours (sorted: the order they were added in is no matter)."""
    out = []
    for item in scene.items():
        brush = pen = text = ""
        if hasattr(item, "brush"):
            brush = item.brush().color().name(item.brush().color().NameFormat.HexArgb)
        if hasattr(item, "pen"):
            pen = (item.pen().color().name(), item.pen().widthF())
        if isinstance(item, QGraphicsSimpleTextItem):
            text = item.text()
        out.append((type(item).__name__, round(item.scenePos().x(), 6),
                    round(item.scenePos().y(), 6), item.zValue(), item.isVisible(),
                    item.opacity(), item.toolTip(), str(brush), str(pen), text,
                    tuple(round(v, 6) for v in item.boundingRect().getRect())))
    return sorted(out, key=repr)


def _overview_still(qtbot, window) -> None:
    """The overview's picture brought up to date: it is drawn again once the scene
    has been still for OVERVIEW_REFRESH_MS (a kept scene's overview shows the game
    before until then)."""
    overview = window.overview
    qtbot.wait(OVERVIEW_REFRESH_MS + 100)
    qtbot.waitUntil(lambda: overview._stale_region.isEmpty()
                    and not overview._stale.isActive(), timeout=5000)


def _seen(window) -> tuple:
    return (_items(window.scene), window.map.viewport().grab().toImage(),
            window.overview.viewport().grab().toImage())


def _positions():
    session = catalog.new_session("limits_of_glory/campaign", seed=5)
    rng = random.Random(5)
    states = [session.state.copy()]
    for _ in range(80):
        actions = session.controller.legal_actions(session.state)
        if not actions:
            break
        session.do(rng.choice(actions))
    states.append(session.state.copy())
    return [crowded_cairo(), *states, crowded_cairo(activated=True)]


def test_glory_another_game_keeps_the_scene_and_shows_what_a_window_alone_shows(
        qtbot, tmp_path):
    kept = _window(qtbot, tmp_path, "kept")
    positions = _positions()
    _show(kept, qtbot, positions[0])
    scene, decor = kept.scene, kept.game_ui.decor
    for i, state in enumerate(positions[1:]):
        _show(kept, qtbot, state)
        assert kept.scene is scene and kept.game_ui.decor is decor, "the scene was kept"
        alone = _window(qtbot, tmp_path, f"alone{i}")
        _show(alone, qtbot, state)
        assert alone.scene is not scene
        _overview_still(qtbot, kept)
        _overview_still(qtbot, alone)
        seen, fresh = _seen(kept), _seen(alone)
        assert seen[0] == fresh[0], f"position {i + 1}: the scene's items differ"
        assert seen[1] == fresh[1], f"position {i + 1}: the map is painted otherwise"
        assert seen[2] == fresh[2], f"position {i + 1}: the overview is painted otherwise"
        alone.close()
