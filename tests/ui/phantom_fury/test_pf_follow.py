"""The insurgents' doings off screen are brought into view (as the generic computer
opponent's moves are, ffl/ui/opponent_follow.py): after a step, the map scrolls (no
zoom change) to the counters the program's moves for the insurgents touched - the
least scroll when partly in view, centred when wholly out - and never under the
player's held mouse button (the scroll waits for its release)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt

from ffl.engine import Change, Event


def _insurgent(window):
    ui, state = window.game_ui, window.session.state
    return next((pid, p) for pid, p in sorted(state.pieces.items())
                if p.status == "active" and ui.kind_of(pid) == "insurgents"
                and p.space in window.scene.board
                and not window.scene.board[p.space].get("holding"))


def _seen(window):
    view = window.map
    return view.mapToScene(view.viewport().rect()).boundingRect()


def _in_view(window, pid):
    return _seen(window).contains(window.scene.counter(pid).sceneBoundingRect())


def _far_from(window, pid):
    """Zoom in and look at the map's far corner from ``pid``."""
    view = window.map
    view.resetTransform()
    view.scale(1.2, 1.2)
    at = window.scene.counter(pid).scenePos()
    rect = window.scene.sceneRect()
    x = rect.left() if at.x() > rect.center().x() else rect.right()
    y = rect.top() if at.y() > rect.center().y() else rect.bottom()
    view.centerOn(x, y)


def _retreat(pid, space):
    return Event("retreat", "13.6.2", f"13.6.2 {pid} retreats to {space}",
                 [Change.set(pid, "space", space)])


def test_13_6_2_an_insurgent_retreat_off_screen_is_brought_into_view(qtbot, pf_window):
    window = pf_window
    pid, piece = _insurgent(window)
    _far_from(window, pid)
    assert not _seen(window).intersects(window.scene.counter(pid).sceneBoundingRect())
    zoom = window.map.transform().m11()
    window.game_ui.refresh([_retreat(pid, piece.space)])
    qtbot.waitUntil(lambda: _in_view(window, pid), timeout=2_000)
    # wholly out: centred on it, at the same zoom
    centre = _seen(window).center()
    at = window.scene.counter(pid).sceneBoundingRect().center()
    assert abs(centre.x() - at.x()) < 30 and abs(centre.y() - at.y()) < 30
    assert window.map.transform().m11() == zoom
    window.grab().save("/tmp/pf2/follow-centred.png")
    # a step that touches nothing on the map leaves the view where the player put it
    _far_from(window, pid)
    where = _seen(window).center()
    window.game_ui.refresh([])
    qtbot.wait(50)
    assert _seen(window).center() == where


def test_13_6_2_partly_in_view_the_least_scroll(qtbot, pf_window):
    window = pf_window
    pid, piece = _insurgent(window)
    view = window.map
    view.resetTransform()
    view.scale(1.2, 1.2)
    box = window.scene.counter(pid).sceneBoundingRect()
    seen = _seen(window)
    # the counter's left half just inside the right edge of the view
    view.centerOn(box.center().x() - seen.width() / 2, box.center().y())
    before = _seen(window)
    assert before.intersects(box) and not before.contains(box)
    window.game_ui.refresh([_retreat(pid, piece.space)])
    qtbot.waitUntil(lambda: _in_view(window, pid), timeout=2_000)
    after = _seen(window)
    # scrolled sideways by less than a third of the view, not centred on it
    assert abs(after.center().x() - before.center().x()) < before.width() / 3
    assert abs(after.center().y() - before.center().y()) < 2


def test_13_6_2_not_under_a_held_mouse_button(qtbot, pf_window):
    window = pf_window
    ui = window.game_ui
    pid, piece = _insurgent(window)
    _far_from(window, pid)
    view = window.map
    where = _seen(window).center()
    spot = QPoint(10, 10)
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    try:
        ui.refresh([_retreat(pid, piece.space)])
        qtbot.waitUntil(lambda: ui.follower.pending is not None, timeout=2_000)
        qtbot.wait(50)
        assert _seen(window).center() == where
        assert not _in_view(window, pid)
    finally:
        qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=spot)
    qtbot.waitUntil(lambda: _in_view(window, pid), timeout=2_000)
    assert ui.follower.pending is None
