"""The FFL map at a glance (issue 13, points 2 and 9): Fit shows the board and
not the level diagrams (Game › Level diagrams shows them); on a 1366x768
window the map opens with every unit's name at 9 px or more on screen, the
facing triangle and the badges plain; the firing arc is strongly shaded and
the numbers to hit are large; the Units dock folds away while empty.

Sizes are measured on the rendered window (grabbed pixels), not only read
back from the drawing code."""

from __future__ import annotations

import pytest
from ffl_ui_helpers import click, do, finish_legion_setup, hand_state, session_at, square
from PySide6.QtCore import QPoint, QRect, QSettings, Qt
from PySide6.QtGui import QColor

from ffl.games.ffl.rules.context import org_side
from ffl.ui.ffl.counters import FFLCounterItem
from ffl.ui.ffl.game_ui import DIAGRAMS_KEY
from ffl.ui.style import UNIT

N, S = 0, 4


@pytest.fixture
def small_window(qtbot, tmp_path, ffl_settings):
    """A 1366x768 play window that opens the Basic Game as a player would (no
    fit or zoom by the test: the window's own default view)."""
    from ffl.ui.app import create_app, main_window

    create_app()

    def make(prefs: dict | None = None):
        settings = QSettings(str(ffl_settings), QSettings.Format.IniFormat)
        settings.setValue("ffl/animate_dice", False)
        for k, v in (prefs or {}).items():
            settings.setValue(k, v)
        w = main_window(settings=settings, data_folder=tmp_path / "data")
        qtbot.addWidget(w)
        w.resize(1366, 768)
        w.show()
        qtbot.waitExposed(w)
        assert w.open_scenario("ffl/basic", seed=7)
        w._closing_confirmed = True
        qtbot.wait(50)
        return w

    return make


def view_rect(w, item) -> QRect:
    """Where a counter's body is in the map viewport's pixels."""
    s = item.size * item.scale()
    tl = w.map.mapFromScene(item.scenePos() - item.scenePos() + item.mapToScene(-s / 2, -s / 2))
    return QRect(tl, QPoint(tl.x() + round(s * w.map.zoom), tl.y() + round(s * w.map.zoom)))


def ink_rows(image, rect: QRect, dark: int = 90) -> int:
    """How many pixel rows of ``rect`` hold a dark (text) pixel."""
    rows = 0
    for y in range(max(0, rect.top()), min(image.height(), rect.bottom() + 1)):
        if any(QColor(image.pixel(x, y)).lightness() < dark
               for x in range(max(0, rect.left()), min(image.width(), rect.right() + 1))):
            rows += 1
    return rows


def count_near(image, rect: QRect, colour: QColor, tol: int = 40) -> int:
    n = 0
    for y in range(max(0, rect.top()), min(image.height(), rect.bottom() + 1)):
        for x in range(max(0, rect.left()), min(image.width(), rect.right() + 1)):
            c = QColor(image.pixel(x, y))
            if abs(c.red() - colour.red()) + abs(c.green() - colour.green()) + \
                    abs(c.blue() - colour.blue()) < tol:
                n += 1
    return n


# -- 2: Fit and the level diagrams ----------------------------------------------------


def test_13_2_fit_shows_the_board_and_the_level_diagrams_are_behind_a_toggle(small_window,
                                                                            qtbot):
    w = small_window()
    ui = w.game_ui
    minx, miny, maxx, maxy = w.scene.board.bounds
    board = (maxx - minx) * UNIT, (maxy - miny) * UNIT
    # hidden by default: no diagram item shows, Fit takes in the board alone
    assert not ui.diagrams_shown and not ui.diagrams_action.isChecked()
    assert not any(item.isVisible() for item in ui.diagrams.items)
    assert (w.scene.board_rect().width(), w.scene.board_rect().height()) == board
    w.map.setFocus()
    qtbot.keyClick(w.map, Qt.Key.Key_F)
    fitted = w.map.zoom
    assert w.map.visible_scene_rect().contains(w.scene.board_rect())
    # the fit fills the map's width or height with the board (nothing else taken in)
    vp = w.map.viewport().rect()
    assert max(board[0] * fitted / vp.width(), board[1] * fitted / vp.height()) > 0.95
    # Ctrl+L shows them below the board, Fit then takes them in too; again hides them
    qtbot.keyClick(w.map, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert ui.diagrams_shown and ui.diagrams_action.isChecked()
    assert all(item.isVisible() for item in ui.diagrams.items
               if item not in ui.diagrams.labels)
    qtbot.keyClick(w.map, Qt.Key.Key_F)
    assert w.map.visible_scene_rect().contains(ui.diagrams.bounds())
    assert w.map.zoom < fitted
    assert w.settings.value(DIAGRAMS_KEY, type=bool) is True
    qtbot.keyClick(w.map, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)
    assert not ui.diagrams_shown and w.scene.level_diagrams is None
    qtbot.keyClick(w.map, Qt.Key.Key_F)
    assert w.map.zoom == pytest.approx(fitted)


def test_1_12_with_the_diagrams_hidden_a_unit_inside_a_building_stands_full_size(open_ffl):
    w = open_ffl()
    w.set_session(session_at(w, hand_state(w, {"L-1-Adler": ("L5", 0, N),
                                               "L-1-Cole": ("N5", 0, N),
                                               "L-1-DeGroot": ("N5", 1, N),
                                               "B-A-Yusuf": ("A1", 0, 2)})))
    adler, cole, degroot = (w.scene.counter(p) for p in ("L-1-Adler", "L-1-Cole",
                                                         "L-1-DeGroot"))
    # alone on the barracks floor: full size on its board square (its level badge tells)
    assert adler.scale() == 1.0 and adler.scenePos() == w.scene.space_centre("L5")
    # floor and roof both held: the floor's unit goes small into a corner
    assert cole.scale() < 1.0 and degroot.scale() == 1.0


# -- 2: legible at the default view on 1366x768 -----------------------------------------


def test_13_2_names_facing_and_badges_legible_at_the_default_view_on_1366x768(small_window,
                                                                            qtbot):
    w = small_window()
    finish_legion_setup(w)
    # the Legion's set-up ended (its own view is further out on this low screen, to
    # show both walls: tests/ui/ffl/test_ffl_ui_setup_framing.py); play is read here
    qtbot.mouseClick(w.game_ui.bar.setup_button, Qt.MouseButton.LeftButton)
    # one unit with badges: moved (M), a rope (R1), stunned (S1), on a roof (L1)
    state = w.session.state.copy()
    p = state.pieces["L-1-Cole"]
    p.level, p.markers["stun"] = 1, 1
    p.data.update({"moved": True, "ropes": ["rope-1"]})
    w.set_session(session_at(w, state))
    qtbot.wait(50)
    zoom = w.map.zoom
    w.map.centerOn(w.scene.counter("L-1-Cole"))     # the badged unit into view
    shown = w.map.visible_scene_rect()
    characters = [it for it in w.scene.counters.values()
                  if isinstance(it, FFLCounterItem) and it.kind == "character"
                  and it.isVisible() and shown.contains(it.scenePos())]
    assert len(characters) >= 8
    for item in characters:
        assert item.name_font_px(zoom) >= 9.0, (item.piece_id, item.name_font_px(zoom))
    image = w.map.viewport().grab().toImage()
    for item in characters[:6]:
        rect = view_rect(w, item)
        band = item.name_rect(True)
        top = w.map.mapFromScene(item.mapToScene(band.topLeft()))
        bottom = w.map.mapFromScene(item.mapToScene(band.bottomRight()))
        # the name's letters stand at least 7 pixels tall on screen
        assert ink_rows(image, QRect(top, bottom).adjusted(2, 1, -2, -1)) >= 7, item.piece_id
        # the facing triangle (yellow) covers a plain patch above the counter
        arrow_zone = rect.adjusted(0, -round(rect.height() * 0.3), 0, -rect.height() // 2)
        assert count_near(image, arrow_zone, QColor("#ffd84a")) >= 25, item.piece_id
    cole = w.scene.counter("L-1-Cole")
    rect = view_rect(w, cole)
    assert rect.width() >= 45
    # badges: discs about a quarter of the counter wide, in their own colours
    for colour in ("#b3261e", "#8a6a3a", "#555555", "#1f1f1f"):
        assert count_near(w.map.viewport().grab().toImage(), rect.adjusted(-4, -4, 4, 4),
                          QColor(colour), 30) >= 40, colour


# -- 2: the firing arc and the numbers to hit ---------------------------------------------


def test_7_3_the_firing_arc_is_strongly_shaded_and_the_number_to_hit_is_large(open_ffl,
                                                                              qtbot):
    w = open_ffl()
    w.set_session(session_at(w, hand_state(w, {"L-1-Adler": ("I3", 2, N),
                                               "B-A-Yusuf": ("I1", 0, S),
                                               "B-A-Abdul": ("Z1", 0, S)},
                                           phase="fire")))
    qtbot.wait(20)                            # the window's own fit has run
    w.map.zoom_by(0.69 / w.map.zoom)         # the default view's zoom
    w.map.centerOn(square(w, "I2"))
    qtbot.wait(20)
    before = w.map.viewport().grab().toImage()
    click(qtbot, w, square(w, "I3"))
    qtbot.wait(20)
    after = w.map.viewport().grab().toImage()
    # a sand square in the arc changes colour plainly (not a faint tint)
    at = w.map.mapFromScene(square(w, "H1"))
    c0, c1 = QColor(before.pixel(at)), QColor(after.pixel(at))
    assert abs(c0.red() - c1.red()) + abs(c0.green() - c1.green()) + \
        abs(c0.blue() - c1.blue()) >= 90, (c0.name(), c1.name())
    # the number to hit: a red disc at least 30 pixels across, its figure 14+ px tall
    yusuf = w.scene.counter("B-A-Yusuf")
    assert yusuf.note
    rect = view_rect(w, yusuf)
    disc = count_near(after, rect.adjusted(-rect.width() // 3, -rect.height() // 3, 0, 0),
                      QColor(200, 30, 20), 60)
    assert disc >= 3.14 * 15 * 15 * 0.6, disc
    figure = rect.adjusted(-rect.width() // 4, -rect.height() // 4, -rect.width() // 2,
                           -rect.height() // 2)
    white = [y for y in range(figure.top(), figure.bottom())
             if any(QColor(after.pixel(x, y)).lightness() > 235
                    for x in range(figure.left() + 6, figure.right() - 6))]
    assert white and white[-1] - white[0] >= 14


# -- 9: the Units dock folds away while empty ---------------------------------------------


def test_13_9_the_units_dock_folds_away_while_empty_and_returns_when_units_wait(open_ffl,
                                                                               qtbot):
    w = open_ffl()
    dock = w.game_ui.tray_dock
    assert dock.isVisible()                      # the side choice and the Legion set-up
    finish_legion_setup(w)
    do(w, "end-setup", "legion")
    # the Bedouin give ropes (2.32): the dock shows the rope panel
    assert dock.isVisible()
    do(w, "end-setup", "bedouin")
    while "draw" in w.game_ui.prompt().kinds and w.session.state.vars.get("chit") is None:
        do(w, "draw", w.game_ui.side())
        if w.session.state.vars.get("chit", "").startswith("squad") or \
                w.session.state.vars.get("chit", "").startswith("legion"):
            break
        do(w, "end-phase", w.game_ui.side())
    qtbot.wait(10)
    assert w.session.state.vars["chit"].startswith(("squad", "legion"))
    # a Legion organization: nobody off the board, nothing to choose: folded away
    assert not dock.isVisible()
    w.map.setFocus()
    qtbot.keyClick(w.map, Qt.Key.Key_E)
    box = getattr(w.game_ui, "confirm_box", None)
    if box is not None and box.isVisible():
        box.button(box.StandardButton.Yes).click()
    # a Bedouin organization drawn later has units waiting to enter: it is back
    for _ in range(30):
        chit = w.session.state.vars.get("chit")
        if chit and org_side(chit) == "bedouin" and "enter" in w.game_ui.prompt().kinds:
            break
        if "draw" in w.game_ui.prompt().kinds:
            do(w, "draw", w.game_ui.side())
        else:
            do(w, "end-phase", w.game_ui.side())
    assert org_side(w.session.state.vars["chit"]) == "bedouin"
    assert dock.isVisible() and w.game_ui.tray.list.count() > 0
