"""12.3.2.1 through the window: a drag of more than one step whose last step may
detach the squad's Security Element on arrival asks how, as a one-step drag does
(the controller's ``secure_plan`` decides; the window only offers)."""

from __future__ import annotations

from pf_ui_helpers import centre, counter_point, drag, zoom_on
from test_pf_ui_play import menu_click, put, session_with, zones


def _build(state):
    zones(state, Z14={"act": "normal"})
    put(state, "K1-1", "Z14.2")
    put(state, "INS-05", "Z14.R", face="guerillas")


def test_12_3_2_1_a_two_step_drag_into_c_may_detach_the_security_element(qtbot, pf_window):
    window = pf_window
    window.set_session(session_with(_build))
    qtbot.wait(20)
    zoom_on(window, "Z14")
    drag(qtbot, window, counter_point(window, "K1-1"), centre(window, "Z14.C"))
    menu = window.game_ui.mouse.menu
    assert menu is not None and menu.isVisible()
    assert [a.text()[:12] for a in menu.actions()] == ["Move to Zone", "Move there a"]
    assert window.session.state.pieces["K1-1"].space == "Z14.2"     # nothing done yet
    window.grab().save("/tmp/pf2/secure-two-steps.png")
    menu.grab().save("/tmp/pf2/secure-two-steps-menu.png")
    menu_click(qtbot, menu, "detach its Security Element")
    state = window.session.state
    assert state.pieces["K1-1"].space == "Z14.C" and state.pieces["SE-K1-1"].space == "Z14.C"
    moves = [e.text for e in window.session.log.events if e.kind == "move"]
    assert any("Zone 14, Location 1" in t for t in moves)      # through Location 1
    fire = [e.text for e in window.session.log.events if e.kind == "defensive-fire"
            and e.rule == "12.7.2"]
    assert fire and "in C with its Security Element +1" in fire[-1]


def test_12_3_2_1_the_plain_move_of_the_menu_moves_along_the_plan(qtbot, pf_window):
    window = pf_window
    window.set_session(session_with(_build))
    qtbot.wait(20)
    zoom_on(window, "Z14")
    drag(qtbot, window, counter_point(window, "K1-1"), centre(window, "Z14.C"))
    menu_click(qtbot, window.game_ui.mouse.menu, "Move to Zone")
    state = window.session.state
    assert state.pieces["K1-1"].space == "Z14.C"
    assert state.pieces["SE-K1-1"].space != "Z14.C" and not state.pieces["K1-1"].data.get("se")


def test_12_3_2_1_the_hover_line_tells_the_cost_with_the_security_element(qtbot, pf_window):
    """While dragging over a place where the squad may detach its Security Element on
    arrival, the line under the map says what that costs, before the drop asks."""
    from pf_ui_helpers import vp
    from PySide6.QtCore import QPointF, Qt

    window = pf_window
    window.set_session(session_with(_build))
    qtbot.wait(20)
    zoom_on(window, "Z14")
    viewport = window.map.viewport()
    start, end = counter_point(window, "K1-1"), centre(window, "Z14.C")
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=vp(window, start))
    try:
        for p in (start + QPointF(12, 12), end):
            qtbot.mouseMove(viewport, vp(window, p))
        text = window.hover_label.text()
        assert text == ("USMC K1-1 to Zone 14, Location C: 2 MP (3 MP with its Security "
                        "Element detached on arrival, 12.3.2.1)"), text
        qtbot.mouseMove(viewport, vp(window, centre(window, "Z14.1")))
        # 12.3.2.1: on to C, the marker left there, and back to 1 (2 - 1 - C - 1)
        assert window.hover_label.text() == (
            "USMC K1-1 to Zone 14, Location 1: 1 MP (4 MP with its Security Element "
            "left in Location C, 12.3.2.1)")
    finally:
        qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=vp(window, start))


def _build_beside_r(state):
    zones(state, Z14={"act": "normal"})
    put(state, "K1-1", "Z14.2p")
    put(state, "INS-05", "Z14.1", face="guerillas")


def test_12_3_2_1_a_drag_may_leave_the_security_element_in_r_on_the_way(qtbot, pf_window,
                                                                      tmp_path):
    """12.3.2.1: the squad detaches its Security Element in a C or R and then goes on
    inside the Zone: a drag from 2' to 2 offers leaving it in R on the way (2' - R - 2,
    3 MP), not only on the drag's last step."""
    window = pf_window
    window.set_session(session_with(_build_beside_r))
    qtbot.wait(20)
    zoom_on(window, "Z14")
    drag(qtbot, window, counter_point(window, "K1-1"), centre(window, "Z14.2"))
    menu = window.game_ui.mouse.menu
    assert menu is not None and menu.isVisible()
    assert [a.text() for a in menu.actions()] == [
        "Move to Zone 14, Location 2",
        "Move there, leaving its Security Element in Location R on the way "
        "(12.3.2.1: 3 MP in all, CF -1)"]
    window.grab().save(str(tmp_path / "secure-on-the-way.png"))
    menu_click(qtbot, menu, "leaving its Security Element")
    state = window.session.state
    assert state.pieces["K1-1"].space == "Z14.2" and state.pieces["SE-K1-1"].space == "Z14.R"
    assert window.session.controller.mp_left(state, "K1-1") == 1


def _build_in_r(state):
    zones(state, Z14={"act": "normal"})
    put(state, "K1-1", "Z14.R")
    put(state, "INS-05", "Z14.2p", face="guerillas")


def test_12_3_2_1_a_squad_in_r_may_leave_the_security_element_where_it_stands(qtbot,
                                                                            pf_window):
    """12.3.2.1: from R a drag to C offers the marker left in R first (the squad then
    walks on inside the Zone) or detached on arriving in C, each with its whole cost."""
    window = pf_window
    window.set_session(session_with(_build_in_r))
    qtbot.wait(20)
    zoom_on(window, "Z14")
    drag(qtbot, window, counter_point(window, "K1-1"), centre(window, "Z14.C"))
    menu = window.game_ui.mouse.menu
    assert [a.text() for a in menu.actions()] == [
        "Move to Zone 14, Location C",
        "Detach its Security Element here in Location R first, then move there "
        "(12.3.2.1: 4 MP in all, CF -1)",
        "Move there and detach its Security Element on arrival, before any Defensive Fire "
        "(12.3.2.1: 4 MP in all, CF -1)"]
    menu_click(qtbot, menu, "here in Location R")
    state = window.session.state
    assert state.pieces["SE-K1-1"].space == "Z14.R"
    assert state.pieces["K1-1"].space == "Z14.C" and state.pieces["K1-1"].data.get("se")
