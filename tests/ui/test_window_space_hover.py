"""The space the play window names under the mouse (the map's hover, the status
bar's line) is the innermost one: on Phantom Fury's board a Location box inside
its Zone is named as the box, the Zone only where no box is (Board.space_at)."""

from __future__ import annotations

import shapely
from PySide6.QtCore import QPointF
from PySide6.QtTest import QTest
from real_games import shown_window

from ffl.ui.board_scene import UNIT


def _hover(window, qtbot, x: float, y: float) -> str:
    view = window.map
    view.centerOn(QPointF(x * UNIT, y * UNIT))
    at = view.mapFromScene(QPointF(x * UNIT, y * UNIT))
    assert view.viewport().rect().contains(at)
    QTest.mouseMove(view.viewport(), at)
    qtbot.wait(5)
    return view._hovered


def test_a_box_inside_a_zone_is_named_as_the_box(qtbot, tmp_path):
    window = shown_window(qtbot, tmp_path, (1366, 768), {"opponents/pace_ms": 0},
                          autosave=False)
    assert window.open_scenario("phantom_fury/jolan", seed=1)
    qtbot.wait(20)
    board = window.scene.board
    zones = [s for s in board.spaces.values() if s.kind == "zone"]
    boxes = []
    for space in board.spaces.values():
        p = space.polygon.representative_point()
        zone = next((z for z in zones if z.polygon.covers(p)), None)
        if space.kind == "box" and zone is not None:
            boxes.append((space, zone, p))
    assert len(boxes) > 100
    for space, _zone, p in boxes[::40]:
        assert _hover(window, qtbot, p.x, p.y) == space.key
        assert window.hover_label.text() != ""
    # a point of the zone outside all its boxes and streets names the zone
    zone = zones[0]
    inside = [s.polygon for s in board.spaces.values()
              if s.kind != "zone" and s.polygon.intersects(zone.polygon)]
    free = zone.polygon.difference(shapely.union_all(inside))
    assert not free.is_empty
    p = free.representative_point()
    assert _hover(window, qtbot, p.x, p.y) == zone.key
