"""The map view's scroll range ends where the board's margin ends (the scene's
rectangle: the board, the areas drawn beside it and a half-square margin), in
every game: panning or zooming about a corner never shows the void beyond it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QSettings

SCENARIOS = ("ffl/basic", "legend_begins/gazala", "limits_of_glory/campaign",
             "phantom_fury/jolan")


@pytest.fixture
def window(qtbot, tmp_path):
    from ffl.ui.app import create_app, main_window

    create_app()

    def make(scenario: str):
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        w = main_window(settings=settings, data_folder=tmp_path / "data")
        qtbot.addWidget(w)
        w.resize(1366, 768)
        w.show()
        qtbot.waitExposed(w)
        assert w.open_scenario(scenario, seed=3)
        w._closing_confirmed = True
        qtbot.wait(50)
        return w

    return make


def inside(outer, inner, zoom) -> bool:
    slack = 2.0 / zoom                        # two screen pixels of rounding
    return (inner.left() >= outer.left() - slack and inner.top() >= outer.top() - slack
            and inner.right() <= outer.right() + slack
            and inner.bottom() <= outer.bottom() + slack)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_scrolling_stops_at_the_boards_margin(window, scenario):
    w = window(scenario)
    view = w.map
    bounds = view.scene().sceneRect()           # the board with its margin
    view.fit()
    view.zoom_by(4.0)
    assert view.visible_scene_rect().width() < bounds.width()
    for dx, dy in ((100000, 100000), (-100000, -100000), (100000, -100000)):
        view.pan_by(dx, dy)
        seen = view.visible_scene_rect()
        assert inside(bounds, seen, view.zoom), (scenario, dx, dy, seen, bounds)
    # zooming in about a corner of the viewport keeps the view on the board too
    view.fit()
    view.zoom_by(3.0, QPoint(2, 2))
    assert inside(bounds, view.visible_scene_rect(), view.zoom)
    # zoomed right out, the board sits in the middle of the view
    view.zoom_by(0.01)
    seen = view.visible_scene_rect()
    assert abs(seen.center().x() - bounds.center().x()) < 2 / view.zoom + 1
    assert abs(seen.center().y() - bounds.center().y()) < 2 / view.zoom + 1
