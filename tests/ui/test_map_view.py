"""The map: any board drawn from its geometry, zoom about the cursor, pan, fit,
the overview, labels and the status bar.  Real widgets, real mouse and keys."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QApplication

from ffl.engine import Action
from ffl.ui.style import UNIT


def wheel(view, pos: QPoint, notches: float = 1.0) -> None:
    """Turn the mouse wheel over ``pos`` of the view's viewport."""
    vp = view.viewport()
    event = QWheelEvent(QPointF(pos), QPointF(vp.mapToGlobal(pos)), QPoint(0, 0),
                        QPoint(0, int(120 * notches)), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(vp, event)


def drag(qtbot, widget, start: QPoint, end: QPoint, button=Qt.MouseButton.LeftButton) -> None:
    """Press, move in steps with the button held, release (qtbot's mouseMove
    sends no buttons, so the moves are sent as real events)."""
    qtbot.mousePress(widget, button, pos=start)
    steps = 6
    for i in range(1, steps + 1):
        p = start + (end - start) * (i / steps)
        ev = QMouseEvent(QMouseEvent.Type.MouseMove, QPointF(p), QPointF(widget.mapToGlobal(p)),
                         Qt.MouseButton.NoButton, button, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(widget, ev)
    qtbot.mouseRelease(widget, button, pos=end)


def scene_point(window, key: str) -> QPoint:
    """Viewport position of the centre of space ``key``."""
    return window.map.mapFromScene(window.scene.space_centre(key))


def test_square_board_draws_every_space_feature_label_and_counter(window):
    scene = window.scene
    assert len(scene.space_items) == 24
    # four sides carry features: thick wall, door, window in a thin wall, river
    assert len(scene.side_items) == 4
    tips = sorted(item.toolTip() for item in scene.side_items)
    assert tips[0].startswith("A1 | B1: thick-wall")
    assert len(scene.labels) == 24 and {lb.text() for lb in scene.labels} >= {"A1", "F4"}
    assert set(scene.counters) == {"b1", "b2", "r1"}
    # the two counters stacked in B2 are both drawn, slightly apart, in B2
    b1, b2 = scene.counters["b1"].pos(), scene.counters["b2"].pos()
    assert b1 != b2
    assert scene.space_at(b1).key == "B2" and scene.space_at(b2).key == "B2"
    # terrain picks the fill: water differs from sand/clear
    water = scene.space_items["A4"].brush().color()
    assert water != scene.space_items["A1"].brush().color()


def test_hex_and_polygon_boards_draw_from_geometry(make_window):
    w = make_window()
    assert w.open_scenario("tiny/hexes", seed=1)
    assert len(w.scene.space_items) == 20
    path = w.scene.space_items["0101"].path()
    assert path.elementCount() >= 7  # six corners closed
    assert w.scene.counter("b1") is not None
    assert w.open_scenario("tiny/zones", seed=1)
    assert set(w.scene.space_items) == {"north", "south", "east", "box"}
    # the inset link is drawn as a line and one arrow head (it is one-way)
    assert len(w.scene.link_items) == 2
    assert w.scene.space_at(w.scene.counter("r1").pos()).key == "east"


def test_wheel_zooms_and_keeps_the_point_under_the_cursor(window, qtbot):
    view = window.map
    pos = scene_point(window, "C3") + QPoint(13, -7)
    before_scene = view.mapToScene(pos)
    zoom = view.zoom
    wheel(view, pos, 2)
    assert view.zoom > zoom * 1.3
    after_scene = view.mapToScene(pos)
    assert abs(after_scene.x() - before_scene.x()) < 2.5 / view.zoom + 1
    assert abs(after_scene.y() - before_scene.y()) < 2.5 / view.zoom + 1
    zoomed = view.zoom
    wheel(view, pos, -1)
    assert view.zoom < zoomed


def test_zoom_is_clamped(window):
    view = window.map
    for _ in range(60):
        wheel(view, QPoint(200, 200), 3)
    lo, hi = view.zoom_limits()
    assert abs(view.zoom - hi) < 1e-6
    assert view.zoom * UNIT <= 600.0 + 1e-6
    for _ in range(60):
        wheel(view, QPoint(200, 200), -3)
    assert abs(view.zoom - lo) < 1e-6


def test_drag_on_the_map_pans(window, qtbot):
    view = window.map
    wheel(view, scene_point(window, "C3"), 3)
    before = view.visible_scene_rect()
    start = scene_point(window, "C3")
    drag(qtbot, view.viewport(), start, start + QPoint(120, 60))
    after = view.visible_scene_rect()
    assert abs((before.left() - after.left()) * view.zoom - 120) < 3
    assert abs((before.top() - after.top()) * view.zoom - 60) < 3


def test_middle_button_drag_pans_even_over_a_counter(window, qtbot):
    view = window.map
    wheel(view, scene_point(window, "B2"), 2)
    before = view.visible_scene_rect()
    start = scene_point(window, "B2")
    drag(qtbot, view.viewport(), start, start - QPoint(80, 40), Qt.MouseButton.MiddleButton)
    after = view.visible_scene_rect()
    assert abs((after.left() - before.left()) * view.zoom - 80) < 3
    assert abs((after.top() - before.top()) * view.zoom - 40) < 3


def test_fit_shortcuts_show_the_whole_board(window, qtbot):
    view = window.map
    for key in ("F", "Ctrl+0"):
        wheel(view, QPoint(100, 100), 4)
        assert view.zoom > view.fit_zoom() * 1.5
        seq = key.split("+")
        mods = (Qt.KeyboardModifier.ControlModifier if "Ctrl" in seq
                else Qt.KeyboardModifier.NoModifier)
        qtbot.keyClick(view, Qt.Key.Key_F if seq[-1] == "F" else Qt.Key.Key_0, mods)
        assert abs(view.zoom - view.fit_zoom()) < 1e-6
        visible = view.visible_scene_rect()
        assert visible.contains(window.scene.board_rect())


def test_zoom_in_and_out_shortcuts(window, qtbot):
    view = window.map
    z = view.zoom
    qtbot.keyClick(view, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert view.zoom > z
    qtbot.keyClick(view, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert abs(view.zoom - z) < 1e-6


def test_overview_shows_the_visible_area_and_recentres_on_click(window, qtbot):
    view, overview = window.map, window.overview
    wheel(view, scene_point(window, "A1"), 4)
    target = window.scene.space_centre("E3")
    drag(qtbot, overview.viewport(), overview.mapFromScene(window.scene.space_centre("B1")),
         overview.mapFromScene(target))
    centre = view.visible_scene_rect().center()
    # the overview is small: one of its pixels is several scene units
    tolerance = 2 / overview.transform().m11()
    assert abs(centre.x() - target.x()) < tolerance
    assert abs(centre.y() - target.y()) < tolerance
    assert window.scene.space_at(centre).key == "E3"


def test_hovering_a_square_names_it_in_the_status_bar(window, qtbot):
    view = window.map
    # Qt drops a move to where the pointer already is (an earlier test in the same
    # process may have left it there): come from elsewhere first
    qtbot.mouseMove(view.viewport(), QPoint(1, 1))
    qtbot.mouseMove(view.viewport(), scene_point(window, "D1") + QPoint(3, 3))
    qtbot.waitUntil(lambda: window.hover_label.text().startswith("D1"))
    qtbot.mouseMove(view.viewport(), scene_point(window, "B2"))
    qtbot.waitUntil(lambda: window.hover_label.text() == "B2 · sand · 2 pieces")


def test_status_bar_shows_the_prompt(window):
    # the side as players read it (BaseController.side_name), not its raw id
    assert window.prompt_label.text() == "Blue · Movement: move a piece or end the turn"
    window.session.do(Action.make("end_turn", "blue"))
    assert window.prompt_label.text().startswith("Red · Movement")


def test_labels_toggle_from_the_view_menu(window):
    assert all(label.isVisible() for label in window.scene.labels)
    window.labels_action.trigger()
    assert not any(label.isVisible() for label in window.scene.labels)
    assert window.settings.value("view/labels", type=bool) is False
    window.labels_action.trigger()
    assert all(label.isVisible() for label in window.scene.labels)


def test_counters_are_rendered_once_per_zoom_step_not_per_paint(window, qtbot):
    item = window.scene.counter("r1")
    window.map.viewport().repaint()
    first = item.renders
    assert first >= 1
    for _ in range(3):
        window.map.viewport().repaint()
    assert item.renders == first
    wheel(window.map, scene_point(window, "E3"), 2)
    window.map.viewport().repaint()
    assert item.renders > first


def test_a_move_redraws_only_the_moved_counter(window):
    scene = window.scene
    still = scene.counter("b2")
    window.map.viewport().repaint()
    renders = still.renders
    window.session.do(Action.make("move", "blue", piece="b1", to="A2"))
    window.map.viewport().repaint()
    assert still.renders == renders
    assert scene.space_at(scene.counter("b1").pos()).key == "A2"
    assert scene.counter("b2") is still
    assert scene.space_at(still.pos()).key == "B2"


def test_counters_render_at_the_device_pixel_ratio(window):
    """A counter drawn 400 device pixels wide gets a 400-pixel pixmap on a
    normal screen and on a 2x screen alike (never a blurry upscaled one)."""
    from PySide6.QtGui import QImage, QPainter

    item = window.scene.counter("r1")
    widths = []
    for dpr in (1.0, 2.0):
        image = QImage(400, 400, QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(dpr)
        image.fill(0)
        painter = QPainter(image)
        logical = QRectF(0, 0, 400 / dpr, 400 / dpr)
        window.scene.render(painter, logical, item.sceneBoundingRect())
        painter.end()
        widths.append(max(p.width() for p in item._pixmaps.values()))
        item._pixmaps.clear()
    assert 300 < widths[0] < 520
    assert abs(widths[1] - widths[0]) <= widths[0] * 0.2
