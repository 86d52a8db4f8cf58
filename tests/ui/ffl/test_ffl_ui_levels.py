"""The off-board level diagrams (1.12): the lower levels of buildings, towers and
the gate drawn below the board (Game › Level diagrams on); pieces on those levels stand there at full
size, and the mouse works on diagram squares as on board squares (press,
reachable squares, drag, set-up drop, hover, the level selector)."""

from __future__ import annotations

from ffl_ui_helpers import drag, hand_state, press, session_at, square, texts, tray_drag, vp
from PySide6.QtCore import QPointF, QRectF, Qt

from ffl.games.ffl.terrain import Fort
from ffl.ui.ffl.diagrams import CHOSEN_INK, diagram_layout
from ffl.ui.ffl.game_ui import DIAGRAMS_KEY
from ffl.ui.style import UNIT

N, E = 0, 2
YUSUF_AWAY = {"B-A-Yusuf": ("A1", 0, E)}


def level_window(open_ffl, where, **kw):
    w = open_ffl(prefs={DIAGRAMS_KEY: True})
    w.set_session(session_at(w, hand_state(w, {**where, **YUSUF_AWAY}, **kw)))
    w.map.fit()
    return w


def cell(w, key: str, level: int) -> QPointF:
    centre = w.game_ui.diagrams.centre(key, level)
    assert centre is not None, f"{key} level {level} has no diagram square"
    return centre


def board_rect(w, key: str) -> QRectF:
    minx, miny, maxx, maxy = w.scene.board[key].polygon.bounds
    return QRectF(minx * UNIT, miny * UNIT, (maxx - minx) * UNIT, (maxy - miny) * UNIT)


def shaded_places(w) -> set[tuple[float, float]]:
    """Centres of the shaded squares of the current mode's highlight layer."""
    return {(round(i.rect().center().x()), round(i.rect().center().y()))
            for i in w.game_ui.mode.layer.items if hasattr(i, "rect")}


def at(point: QPointF) -> tuple[float, float]:
    return round(point.x()), round(point.y())


# -- the layout ------------------------------------------------------------------------


def test_1_12_every_hidden_level_has_one_diagram_square_in_the_forts_arrangement(open_ffl):
    w = open_ffl(prefs={DIAGRAMS_KEY: True})
    fort = Fort(w.scene.board)
    layout = diagram_layout(fort)
    assert set(layout) == {0, 1, 2}        # building floors and gate passage; tower rooms
    for key in w.scene.board.keys():
        levels = fort.levels(key)
        for level in levels:
            hidden = level != levels[-1]
            assert (key in layout.get(level, {})) == hidden, (key, level)
    # the buildings keep their shape: two squares of a building are as far apart
    # in the diagram as on the board
    barracks = fort.buildings["Barracks"]
    (c0, r0), (c1, r1) = fort.coords(barracks[0]), fort.coords(barracks[-1])
    (d0, e0), (d1, e1) = layout[0][barracks[0]], layout[0][barracks[-1]]
    assert (d1 - d0, e1 - e0) == (c1 - c0, r1 - r0)
    # and the buildings stay where they are relative to each other
    assert layout[0]["L5"][0] < layout[0]["V5"][0]          # Barracks west of the Quarters
    assert layout[0]["F8"][1] > layout[0]["L5"][1]          # Store Room south of Barracks
    # the four towers at the corners, a one-square gap between them
    assert layout[1]["D3"] == (0, 0) and layout[1]["E4"] == (1, 1)
    assert layout[1]["AC3"] == (4, 0) and layout[1]["AC14"] == (4, 4)
    # no two diagram squares overlap, none lies on the board
    rects = list(w.game_ui.diagrams.cells.values())
    minx, miny, maxx, maxy = w.scene.board.bounds
    board = QRectF(minx * UNIT, miny * UNIT, (maxx - minx) * UNIT, (maxy - miny) * UNIT)
    for i, a in enumerate(rects):
        assert not a.intersects(board)
        assert not any(a.intersects(b.adjusted(1, 1, -1, -1)) for b in rects[i + 1:])


def test_1_12_the_diagrams_are_titled_labelled_and_inside_the_fit_and_overview(open_ffl):
    w = open_ffl(prefs={DIAGRAMS_KEY: True})
    diagrams = w.game_ui.diagrams
    titles = [item.text() for item in diagrams.items if hasattr(item, "text")]
    assert "Level 0 (under the roofs and parapets)" in titles
    assert "Level 1" in titles and "Level 2" in titles
    assert {"Barracks", "NW Tower", "Gate"} <= set(titles)
    labels = {label.text() for label in diagrams.labels}
    assert {"L5", "E4", "P14"} <= labels
    # the View menu's label toggle hides the diagram labels too
    w.labels_action.trigger()
    assert not any(label.isVisible() for label in diagrams.labels)
    w.labels_action.trigger()
    assert all(label.isVisible() for label in diagrams.labels)
    w.map.fit()
    visible = w.map.visible_scene_rect()
    assert visible.contains(diagrams.bounds()) and visible.contains(w.scene.board_rect())
    w.overview.refit()
    shown = w.overview.mapToScene(w.overview.viewport().rect()).boundingRect()
    assert shown.contains(diagrams.bounds())


# -- pieces on the diagrams --------------------------------------------------------------


def test_1_12_a_unit_on_a_building_floor_stands_on_the_level_0_diagram(open_ffl):
    w = level_window(open_ffl, {"L-1-Adler": ("L5", 0, N), "L-1-Cole": ("L5", 1, N)})
    adler, cole = w.scene.counter("L-1-Adler"), w.scene.counter("L-1-Cole")
    assert at(adler.scenePos()) == at(cell(w, "L5", 0))
    assert not board_rect(w, "L5").contains(adler.scenePos())
    assert adler.scale() == 1.0 and adler.isVisible()
    # the roof is the level the board shows: Cole stands on the board square
    assert at(cole.scenePos()) == at(square(w, "L5"))
    assert cole.scale() == 1.0


def test_1_12_dragging_on_the_diagram_moves_along_the_floor(open_ffl, qtbot):
    w = level_window(open_ffl, {"L-1-Adler": ("L5", 0, N)})
    press(qtbot, w, cell(w, "L5", 0))
    assert w.game_ui.mode.selected == "L-1-Adler"
    # the reachable floor squares are shaded on the diagram, not on the board
    shaded = shaded_places(w)
    assert at(cell(w, "M5", 0)) in shaded
    assert at(square(w, "M5")) not in shaded
    qtbot.mouseRelease(w.map.viewport(), Qt.MouseButton.LeftButton,
                       pos=vp(w, cell(w, "L5", 0)))
    assert w.session.state.pieces["L-1-Adler"].position == ("L5", 0)
    drag(qtbot, w, cell(w, "L5", 0), cell(w, "M5", 0))
    adler = w.session.state.pieces["L-1-Adler"]
    assert adler.position == ("M5", 0)
    assert texts(w)[-1].startswith("6.1")
    assert at(w.scene.counter("L-1-Adler").scenePos()) == at(cell(w, "M5", 0))


def test_6_61_a_tower_stair_climb_moves_the_counter_between_diagrams(open_ffl, qtbot):
    w = level_window(open_ffl, {"L-1-Adler": ("E4", 0, E)})
    assert at(w.scene.counter("L-1-Adler").scenePos()) == at(cell(w, "E4", 0))
    drag(qtbot, w, cell(w, "E4", 0), cell(w, "E4", 1))
    assert w.session.state.pieces["L-1-Adler"].position == ("E4", 1)
    assert texts(w)[-1].startswith("6.61")
    assert at(w.scene.counter("L-1-Adler").scenePos()) == at(cell(w, "E4", 1))
    # up to the tower top: the board square (the level the board shows)
    drag(qtbot, w, cell(w, "E4", 1), square(w, "E4"))
    assert w.session.state.pieces["L-1-Adler"].position == ("E4", 3)
    assert at(w.scene.counter("L-1-Adler").scenePos()) == at(square(w, "E4"))


def test_6_13_a_drop_on_a_diagram_square_out_of_reach_says_why(open_ffl, qtbot):
    w = level_window(open_ffl, {"L-1-Adler": ("K8", 0, N)})
    before = w.session.state.hash()
    drag(qtbot, w, square(w, "K8"), cell(w, "AB13", 2))
    assert w.session.state.hash() == before
    assert "AB13 level 2" in w.statusBar().currentMessage()


def test_2_31_a_set_up_drop_on_a_diagram_square_places_at_that_level(open_ffl, qtbot):
    w = open_ffl(prefs={DIAGRAMS_KEY: True})
    tray_drag(qtbot, w, "L-1-Adler", cell(w, "N5", 0))
    assert w.session.state.pieces["L-1-Adler"].position == ("N5", 0)
    assert texts(w)[-1].startswith("2.31")
    assert at(w.scene.counter("L-1-Adler").scenePos()) == at(cell(w, "N5", 0))
    tray_drag(qtbot, w, "L-1-Cole", cell(w, "AB4", 1))
    assert w.session.state.pieces["L-1-Cole"].position == ("AB4", 1)
    # a placed unit dragged from its diagram square onto the board goes to the roof
    drag(qtbot, w, cell(w, "N5", 0), square(w, "N5"))
    assert w.session.state.pieces["L-1-Adler"].position == ("N5", 1)
    assert at(w.scene.counter("L-1-Adler").scenePos()) == at(square(w, "N5"))


# -- hover and the level selector ----------------------------------------------------------


def test_1_12_hovering_a_diagram_square_names_the_square_and_its_level(open_ffl, qtbot):
    w = level_window(open_ffl, {"L-1-Adler": ("L5", 0, N)})
    qtbot.mouseMove(w.map.viewport(), vp(w, cell(w, "L5", 0) + QPointF(30, 30)))
    text = w.hover_label.text()
    assert "L5 level 0" in text and "Barracks" in text and "Adler" in text
    qtbot.mouseMove(w.map.viewport(), vp(w, cell(w, "E4", 2) + QPointF(30, 30)))
    assert "E4 level 2" in w.hover_label.text()
    qtbot.mouseMove(w.map.viewport(), vp(w, square(w, "K8")))
    assert w.hover_label.text().startswith("K8")


def test_1_12_the_level_selector_rings_that_levels_diagram(open_ffl):
    w = level_window(open_ffl, {"L-1-Adler": ("L5", 0, N), "L-1-Cole": ("K8", 0, N),
                                "L-1-Evans": ("E4", 1, N)})
    diagrams = w.game_ui.diagrams
    w.game_ui.bar.level_buttons[1].click()
    assert diagrams.panels[1].frame_item.pen().color() == CHOSEN_INK
    assert diagrams.panels[0].frame_item.pen().color() != CHOSEN_INK
    # the pieces of other levels are faded, wherever they stand
    assert w.scene.counter("L-1-Evans").opacity() == 1.0
    assert w.scene.counter("L-1-Adler").opacity() < 1.0
    assert w.scene.counter("L-1-Cole").opacity() < 1.0
    w.game_ui.bar.level_buttons[None].click()
    assert all(p.frame_item.pen().color() != CHOSEN_INK for p in diagrams.panels.values())
    assert w.scene.counter("L-1-Adler").opacity() == 1.0
