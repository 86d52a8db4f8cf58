"""Where the French Foreign Legion set-up opens (2.31), as a player sees it on a
1400x900 and a 1366x768 screen (issue 12): the west end of the fort beside the
Units dock, from the north wall to the south wall where the view is tall enough
(1400x900), else the south wall, the gate's side, and as far up as it reaches
(1366x768); the names read (the legible zoom, never closer), no square label cut
at the view's edges.  ``setup_view_centre`` is checked on plain rectangles."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, QSettings

from ffl.ui.ffl.framing import PAD, SETUP_AREAS, setup_view_centre
from ffl.ui.ffl.game_ui import LEGIBLE_PX
from ffl.ui.style import UNIT


@pytest.fixture
def opened(qtbot, tmp_path, ffl_settings):
    """opened(size) -> a play window of that size on a new Basic Game, with its
    own default view (no fit or zoom by the test)."""
    from ffl.ui.app import create_app, main_window

    create_app()

    def make(size):
        settings = QSettings(str(ffl_settings), QSettings.Format.IniFormat)
        settings.setValue("ffl/animate_dice", False)
        w = main_window(settings=settings, data_folder=tmp_path / "data")
        qtbot.addWidget(w)
        w.resize(*size)
        w.show()
        qtbot.waitExposed(w)
        assert w.open_scenario("ffl/basic", seed=7)
        w._closing_confirmed = True
        qtbot.wait(50)
        return w

    return make


def square(w, key: str) -> QRectF:
    c = w.scene.space_centre(key)
    return QRectF(c.x() - UNIT / 2, c.y() - UNIT / 2, UNIT, UNIT)


def walls(w) -> dict[str, str]:
    fort = w.session.controller.fort(w.session.state)
    return {k: fort.area(k) for k in fort.squares() if fort.area(k) in SETUP_AREAS}


def fort_rect(w) -> QRectF:
    box = QRectF()
    for key in walls(w):
        box = box.united(square(w, key))
    return box


def cut_labels(w) -> list[str]:
    shown = w.map.visible_scene_rect()
    return [lb.text() for lb in w.scene.labels if lb.isVisible()
            and lb.sceneBoundingRect().intersects(shown)
            and not shown.contains(lb.sceneBoundingRect())]


def test_2_31_at_1400x900_the_set_up_shows_the_forts_west_end_from_wall_to_wall(opened):
    w = opened((1400, 900))
    shown, fort = w.map.visible_scene_rect(), fort_rect(w)
    # the legible zoom itself: not closer (which showed only the north-east corner)
    assert w.map.zoom == pytest.approx(LEGIBLE_PX / w.game_ui.smallest_name())
    # the west wall with a strip of sand outside it, the north and south walls both
    assert fort.left() - PAD - 1 <= shown.left() < fort.left()
    assert shown.top() < fort.top() + 0.6 * UNIT            # most of the north wall
    assert shown.bottom() >= fort.bottom()                  # the whole south wall
    area = walls(w)
    whole = [k for k in area if shown.contains(square(w, k))]
    towers = [k for k in whole if area[k] == "tower"]
    assert len(towers) >= 4 and all(square(w, k).right() < fort.center().x() for k in towers)
    assert len(whole) >= 20
    assert cut_labels(w) == []


def test_2_31_at_1366x768_the_set_up_shows_the_south_wall_and_a_tower(opened):
    w = opened((1366, 768))
    shown, fort = w.map.visible_scene_rect(), fort_rect(w)
    assert w.map.zoom == pytest.approx(LEGIBLE_PX / w.game_ui.smallest_name())
    # the view is not as tall as the fort: the south wall (the gate's side) whole
    assert shown.height() < fort.height()
    assert fort.bottom() <= shown.bottom() <= fort.bottom() + PAD + 2 * UNIT
    assert fort.left() - PAD - 1 <= shown.left() < fort.left()
    area = walls(w)
    whole = [k for k in area if shown.contains(square(w, k))]
    south = [k for k in whole if square(w, k).bottom() == fort.bottom()]
    assert len(south) >= 8 and any(area[k] == "tower" for k in south)
    assert cut_labels(w) == []


def test_the_set_up_centre_on_plain_rectangles():
    fort = QRectF(300, 200, 2600, 1200)
    # a view that holds the fort and its sand strip: the fort's centre
    assert setup_view_centre(fort, 3000, 1500) == fort.center()
    # narrower and lower: the west end, the south side (the gate's), PAD outside
    c = setup_view_centre(fort, 1000, 900)
    assert (c.x() - 500, c.y() + 450) == (fort.left() - PAD, fort.bottom() + PAD)
    # a gate on the north side: the north wall instead
    c = setup_view_centre(fort, 1000, 900, gate_south=False)
    assert c.y() - 450 == fort.top() - PAD
    # as tall as the fort but not as wide: its whole height, from the west end
    c = setup_view_centre(fort, 1000, 1300)
    assert (c.x() - 500, c.y()) == (fort.left() - PAD, fort.center().y())
