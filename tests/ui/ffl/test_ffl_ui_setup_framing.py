"""Where the French Foreign Legion set-up opens (2.31), as a player sees it on a
1400x900 and a 1366x768 screen (issue 12): the west end of the fort beside the
Units dock, from the north wall to the south wall on both (a little below the
legible zoom where the view is too low for the fort at it, never below FLOOR of
it), no square label and no building name cut at the view's edges.
``setup_view_centre`` and ``setup_zooms`` are checked on plain numbers."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, QSettings

from ffl.ui.ffl.framing import FLOOR, PAD, SETUP_AREAS, setup_view_centre, setup_zooms
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


def cut_names(w) -> list[str]:
    shown = w.map.visible_scene_rect()
    return [n.text() for n in w.game_ui.decor.names
            if n.sceneBoundingRect().intersects(shown)
            and not shown.contains(n.sceneBoundingRect())]


@pytest.mark.parametrize("size", [(1400, 900), (1366, 768)])
def test_2_31_the_set_up_shows_the_forts_west_end_from_north_wall_to_south_wall(opened, size):
    """Both walls whole on both screens (before: the north wall was out of view at
    1366x768 and half cut at 1400x900, and 'Barracks' was cut at the right edge at
    1400x900); the names still read (at least FLOOR of the legible zoom)."""
    w = opened(size)
    shown, fort = w.map.visible_scene_rect(), fort_rect(w)
    legible = LEGIBLE_PX / w.game_ui.smallest_name()
    assert legible * FLOOR - 1e-6 <= w.map.zoom <= legible + 1e-6
    assert LEGIBLE_PX * w.map.zoom / legible >= 6.4          # the smallest name, in px
    # the west wall with at most a strip of sand outside it
    assert fort.left() - PAD - 1 <= shown.left() < fort.left()
    # the north and the south walls whole
    assert shown.top() <= fort.top() and shown.bottom() >= fort.bottom()
    area = walls(w)
    whole = [k for k in area if shown.contains(square(w, k))]
    towers = [k for k in whole if area[k] == "tower"]
    assert len(towers) >= 4 and all(square(w, k).right() < fort.center().x() for k in towers)
    north = [k for k in whole if square(w, k).top() == fort.top()]
    south = [k for k in whole if square(w, k).bottom() == fort.bottom()]
    assert len(north) >= 10 and len(south) >= 10
    assert cut_labels(w) == []
    assert cut_names(w) == []


def test_2_31_the_set_up_zooms_on_plain_numbers():
    fort = QRectF(300, 200, 2600, 1200)
    # a view tall enough at the legible zoom: that zoom first
    assert setup_zooms(1.0, 1000, 1300, fort)[0] == 1.0
    # a lower view: the zoom that holds the fort's height and the sand above and below
    z = setup_zooms(1.0, 1000, 1100, fort)
    assert z[0] == pytest.approx(1100 / (1200 + 2 * PAD))
    assert all(a > b for a, b in zip(z[:-1], z[1:], strict=True)) and z[-1] >= z[0] * 0.9 - 1e-9
    # a very low view: never below FLOOR of the legible zoom
    assert setup_zooms(1.0, 1000, 300, fort)[0] == FLOOR
    assert min(setup_zooms(1.0, 1000, 300, fort)) >= FLOOR


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


def test_2_31_after_the_legion_set_up_the_map_zooms_back_in_to_read_the_names(opened, qtbot):
    """On 1366x768 the Legion's set-up opens below the reading zoom (both walls);
    a click on End set-up brings the map back to it, about the same centre."""
    from ffl_ui_helpers import finish_legion_setup
    from PySide6.QtCore import Qt

    w = opened((1366, 768))
    legible = LEGIBLE_PX / w.game_ui.smallest_name()
    assert w.map.zoom < legible * 0.99
    finish_legion_setup(w)
    centre = w.map.visible_scene_rect().center()
    qtbot.mouseClick(w.game_ui.bar.setup_button, Qt.MouseButton.LeftButton)
    assert w.session.state.vars["phase"] != "setup-legion"
    assert w.map.zoom == pytest.approx(legible)
    after = w.map.visible_scene_rect().center()
    assert abs(after.x() - centre.x()) < UNIT and abs(after.y() - centre.y()) < UNIT
