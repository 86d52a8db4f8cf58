"""Phantom Fury's map as it opens at 1366x768: on the squads waiting in the Start box
and the black-circle Zones they go to (6.3), zoomed until the Zone numbers and the
squads' CF read at 10 px or more; View › Fit (key F) then shows the whole map."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QGraphicsSimpleTextItem

from ffl.ui.phantom_fury.counters import CF_TEXT, SIZE
from ffl.ui.style import UNIT


def test_6_3_the_map_opens_on_the_start_squads_with_readable_zone_numbers(qtbot,
                                                                           game_window):
    window = game_window("phantom_fury/jolan", seed=3)
    window.resize(1366, 768)
    QApplication.processEvents()
    window.default_view()
    QApplication.processEvents()
    view, ui, state = window.map, window.game_ui, window.session.state
    shown = view.visible_scene_rect()
    waiting = [pid for pid, p in state.pieces.items() if p.space == "BOX-start"]
    assert len(waiting) == 9
    for pid in waiting:                               # every squad to place is in sight
        assert shown.contains(window.scene.counter(pid).sceneBoundingRect()), pid
    assert SIZE * CF_TEXT * UNIT * view.zoom >= 10     # their CF reads
    numbers = {item.text(): item for item in ui.decor
               if isinstance(item, QGraphicsSimpleTextItem) and item.text().isdigit()}
    zones = ui.controller.setup_zones(state)
    seen = [n for n in zones if shown.contains(numbers[str(n)].sceneBoundingRect())]
    assert len(seen) >= 4, seen                        # most black-circle Zones too
    for n in seen:
        assert numbers[str(n)].font().pixelSize() * view.zoom >= 10
    assert view.zoom > 1.4 * view.fit_zoom()

    window.activateWindow()
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_F)                 # View › Fit to window
    QApplication.processEvents()
    board = window.scene.board_rect()
    assert view.visible_scene_rect().contains(board.adjusted(2, 2, -2, -2))
