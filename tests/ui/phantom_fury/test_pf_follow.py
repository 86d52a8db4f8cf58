"""The insurgents' doings off screen are brought into view (as the generic computer
opponent's moves are, ffl/ui/opponent_follow.py): after a step, the map scrolls (no
zoom change) to the counters the program's moves for the insurgents touched - the
least scroll when partly in view, centred when wholly out - and never under the
player's held mouse button (the scroll waits for its release)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from ffl.engine import Change, Event
from ffl.ui.style import UNIT


def _insurgent(window, central=True):
    """An 'Insurgents' unit on the map: with ``central``, one put in the middle of the
    map for the purpose; else the one of the new game nearest an edge."""
    ui, state = window.game_ui, window.session.state
    if central:
        from test_pf_ui_play import put, session_with

        board = window.scene.board
        middle = ui.follower.mover.board_area().center()

        def off(key):
            x0, y0, x1, y1 = board[key].polygon.bounds
            return abs((x0 + x1) / 2 * UNIT - middle.x()) + abs((y0 + y1) / 2 * UNIT - middle.y())

        spot = min((k for k, sp in board.spaces.items() if sp.kind == "box"
                    and not sp.get("holding") and k.startswith("Z")), key=off)
        window.set_session(session_with(lambda s: put(s, "INS-05", spot, face="guerillas")))
        QTest.qWait(50)         # the window opens the new game's map view first
        return "INS-05", window.session.state.pieces["INS-05"]
    on_map = [(pid, p) for pid, p in sorted(state.pieces.items())
              if p.status == "active" and ui.kind_of(pid) == "insurgents"
              and p.space in window.scene.board
              and not window.scene.board[p.space].get("holding")]
    area = ui.follower.mover.board_area()

    def edge(item):
        at = window.scene.counter(item[0]).scenePos()
        return min(at.x() - area.left(), area.right() - at.x(),
                   at.y() - area.top(), area.bottom() - at.y())

    return min(on_map, key=edge)


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


def test_13_6_2_at_the_map_s_edge_the_view_stays_over_the_map(qtbot, pf_window):
    """One at the map's edge (the new game's start Zones line its top): in view, the
    view kept over the map rather than centred on it with half of it on the void."""
    window = pf_window
    pid, piece = _insurgent(window, central=False)
    _far_from(window, pid)
    window.game_ui.refresh([_retreat(pid, piece.space)])
    qtbot.waitUntil(lambda: _in_view(window, pid), timeout=2_000)
    qtbot.wait(20)
    area = window.game_ui.follower.mover.board_area().adjusted(-1, -1, 1, 1)
    assert area.contains(_seen(window)), (area, _seen(window))
    window.grab().save("/tmp/pf2/follow-edge.png")
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
    """The scroll waits for the button's release, and then too the view stays over
    the map (the unit is one at the map's edge)."""
    window = pf_window
    pid, piece = _insurgent(window, central=False)
    ui = window.game_ui
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
    qtbot.wait(20)
    assert ui.follower.mover.board_area().adjusted(-1, -1, 1, 1).contains(_seen(window))


def _away_from(window, key):
    """Zoomed in, looking at the map's far corner from the space ``key``."""
    from pf_ui_helpers import centre

    view = window.map
    view.resetTransform()
    view.scale(1.2, 1.2)
    at = centre(window, key)
    rect = window.scene.sceneRect()
    view.centerOn(rect.left() if at.x() > rect.center().x() else rect.right(),
                  rect.top() if at.y() > rect.center().y() else rect.bottom())


def test_14_4_end_phase_the_infiltrated_zone_off_screen_is_brought_into_view(
        qtbot, pf_window):
    """End phase (a real click) from the Assault Phase: the Reorganisation's
    infiltration (14.4) puts a 'Suspect' marker into Zone 3, far off screen; the map
    comes to it (the infiltration event itself changes nothing: it names its Zone)."""
    from test_pf_ui_play import put, session_with, zones

    def build(state):
        zones(state, Z3={"act": "normal", "usmc": True}, Z4={"act": "normal"})
        put(state, "K1-1", "Z40.1")
        put(state, "INS-05", "Z4.2", face="guerillas")

    window = pf_window
    window.set_session(session_with(build, phase="assault"))
    qtbot.wait(20)
    _away_from(window, "Z3")
    qtbot.mouseClick(window.game_ui.panel.end_button, Qt.MouseButton.LeftButton)
    events = window.session.log.events
    assert any(e.kind == "infiltration" and e.info.get("zone") == 3 for e in events)
    state = window.session.state
    cmap = window.session.controller.city(state)
    marker = next(pid for pid, p in state.pieces.items() if p.status == "active"
                  and cmap.zone_of.get(p.space) == 3 and window.game_ui.kind_of(pid) == "suspect")
    qtbot.waitUntil(lambda: _in_view(window, marker), timeout=2_000)
    window.grab().save("/tmp/pf2/follow-infiltration.png")


def test_12_7_2_a_defensive_fire_names_its_units_and_they_are_brought_into_view(
        qtbot, pf_window):
    """A Defensive Fire that misses changes nothing: its event names the squad and the
    firer, and those are what the view comes to (a move chosen from a menu while the
    map looks elsewhere)."""
    from test_pf_ui_play import put, session_with, zones

    from ffl.engine import Action

    def build(state):
        zones(state, Z14={"act": "normal"})
        put(state, "K1-1", "Z14.1")
        put(state, "INS-05", "Z14.R", face="guerillas")

    window = pf_window
    window.set_session(session_with(build))
    qtbot.wait(20)
    _away_from(window, "Z14")
    events = window.game_ui.do(Action.make("move", "usmc", piece="K1-1", to="Z14.C"))
    assert any(e.kind == "defensive-fire" and e.info.get("unit") == "INS-05" for e in events)
    qtbot.waitUntil(lambda: _in_view(window, "K1-1") and _in_view(window, "INS-05"),
                    timeout=2_000)


def test_14_4_doings_far_apart_bring_the_latest_into_view(qtbot, pf_window):
    """Two doings at opposite corners of the map cannot both be seen at this zoom: the
    latest is brought into view (before, the view went to the empty middle)."""
    window = pf_window
    ui, state = window.game_ui, window.session.state
    board = window.scene.board
    on_map = sorted((pid for pid, p in state.pieces.items() if p.status == "active"
                     and ui.kind_of(pid) == "insurgents" and p.space in board
                     and not board[p.space].get("holding")),
                    key=lambda pid: window.scene.counter(pid).scenePos().x())
    first, last = on_map[0], on_map[-1]
    view = window.map
    view.resetTransform()
    view.scale(1.2, 1.2)
    gap = window.scene.counter(last).scenePos() - window.scene.counter(first).scenePos()
    assert abs(gap.x()) > _seen(window).width()
    view.centerOn(window.scene.sceneRect().center().x(), window.scene.sceneRect().bottom())
    ui.refresh([_retreat(first, state.pieces[first].space),
                _retreat(last, state.pieces[last].space)])
    qtbot.waitUntil(lambda: _in_view(window, last), timeout=2_000)
    assert not _in_view(window, first)
