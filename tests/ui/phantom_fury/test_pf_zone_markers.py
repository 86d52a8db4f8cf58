"""A Zone's markers read where the map opens: at the opening zoom, on a 1366x768 and a
1920x1080 screen, the four markers a Zone under a target symbol can hold (its
Activation marker, 'Fanaticism', 'Phantom Fury', 'No Insurgents Event') are printed
as large as the Egress Routes' figures (before: 3-4 px), and the mouse resting on
one shows what it is, with its rule."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QApplication, QToolTip

from ffl.ui.phantom_fury.decor import EGRESS_TEXT
from ffl.ui.style import UNIT

FOUR = {"act": "fortified", "fan": 1, "pf": 15, "noev": 1}


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_13_4_3_four_markers_under_a_target_symbol_read_at_the_opening_zoom(qtbot, game_window,
                                                                           size):
    window = game_window("phantom_fury/jolan", seed=3)
    window.resize(*size)
    QApplication.processEvents()
    window.default_view()
    QApplication.processEvents()
    view, ui = window.map, window.game_ui
    zoom = view.zoom
    targeted = sorted(ui.overlay.targeted)
    assert len(targeted) >= 8
    ui.overlay.show_zones({n: FOUR for n in targeted})
    for n in targeted:
        tags = [i for i in ui.overlay.zone_items[n] if i.toolTip().startswith(f"Zone {n}: ")]
        assert [t.childItems()[0].text() for t in tags] == ["SP", "F", "PF15", "NE"], n
        for tag in tags:
            label = tag.childItems()[0]
            assert label.font().pixelSize() * zoom >= EGRESS_TEXT * UNIT * zoom >= 8, n
            assert tag.sceneBoundingRect().height() * zoom >= 10, n
    assert view.zoom == zoom                        # still the opening zoom
    # a counter in the street above (the M1A1 stops in streets, 12.6.3) hides no tag
    counters = max(item.zValue() for item in window.scene.counters.values())
    assert all(tag.zValue() > counters for n in targeted for tag in ui.overlay.zone_items[n])

    # the mouse resting on a tag (here Zone 15's 'Phantom Fury' marker) tells what it is
    tag = next(i for i in ui.overlay.zone_items[15] if "'Phantom Fury'" in i.toolTip())
    view.centerOn(tag.sceneBoundingRect().center())
    QApplication.processEvents()
    point = view.mapFromScene(tag.sceneBoundingRect().center())
    assert view.viewport().rect().contains(point)
    top = view.items(point)[0]
    assert top is tag or top.parentItem() is tag          # nothing lies over it
    qtbot.mouseMove(view.viewport(), point + QPointF(1, 0).toPoint())
    qtbot.mouseMove(view.viewport(), point)
    qtbot.waitUntil(lambda: QToolTip.isVisible(), timeout=3000)
    assert "'Phantom Fury' marker (15)" in QToolTip.text() and "13.4.3.2" in QToolTip.text()
    QToolTip.hideText()
    # the tab they stand on lists them all at once
    tab = next(i for i in ui.overlay.zone_items[15] if "markers:" in i.toolTip())
    for word in ("'Activated Strong Point'", "'Fanaticism'", "'Phantom Fury'",
                 "'No Insurgents Event'", "4.1.5", "13.4.3.3", "13.6.4"):
        assert word in tab.toolTip()
