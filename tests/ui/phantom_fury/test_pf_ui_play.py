"""Phantom Fury in the play window, with real mouse events: set-up drags, the Battle
panel, Missions from a right-click, movement drags along the controller's plan,
fire and Assaults by clicks, End phase."""

from __future__ import annotations

from pf_ui_helpers import centre, click, counter_point, drag, zoom_on
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from ffl import catalog
from ffl.engine import GameLog
from ffl.session import GameSession


def session_with(build, phase="movement", turn=3):
    """A session whose game starts from a hand-built position (``build(state, ctx)``
    places the counters; every Zone is the insurgents' unless ``build`` says so)."""
    module = catalog.load_module("phantom_fury")
    from ffl.games.phantom_fury.controller import PhantomFuryController

    ctrl = PhantomFuryController(module)
    scenario = module.scenarios["phantom_fury/jolan"]
    state = ctrl.setup(scenario, dict(scenario.options), 11)
    state.vars.update(turn=turn, phase=phase)
    build(state)
    return GameSession(ctrl, scenario, dict(scenario.options), 11, GameLog(state))


def put(state, pid, space, **data):
    p = state.pieces[pid]
    p.space, p.status = space, "active"
    p.data.pop("pool", None)
    p.data.update(data)


def zones(state, **records):
    state.vars["zones"] = {k[1:]: v for k, v in records.items()}


def menu_click(qtbot, menu: QMenu, text: str) -> None:
    action = next(a for a in menu.actions() if text in a.text())
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton, pos=menu.actionGeometry(action).center())


def test_6_3_drag_squads_onto_start_zones_and_a_caat_onto_a_squad(pf_window, qtbot):
    window = pf_window
    ui, session = window.game_ui, window.session
    ctrl = session.controller
    state = session.state
    squad = sorted(p.id for p in state.pieces.values() if p.space == "BOX-start")[0]
    zone = ctrl.setup_zones(state)[0]
    entry = ctrl.city(state).entry[zone]
    drag(qtbot, window, counter_point(window, squad), centre(window, entry))
    assert session.state.pieces[squad].space == entry
    qtbot.wait(10)
    drag(qtbot, window, counter_point(window, "CAAT-1"), counter_point(window, squad))
    assert session.state.pieces["CAAT-1"].data["squad"] == squad
    assert "Place the start squads (8 left)" in ui.panel.title.text()


def test_8_the_battle_panel_shows_turn_vp_containers_and_ends_the_phase(qtbot, pf_window):
    window = pf_window
    session = window.session
    ctrl = session.controller
    while session.state.vars["phase"] == "setup":
        session.do(ctrl.legal_actions(session.state)[0])
    ui = window.game_ui
    assert ui.panel.track.turn == 1 and ui.panel.end_button.isEnabled()
    pools = ctrl.pools(session.state)
    assert f"'Suspect' {pools['suspects']}" in ui.panel.pools.text()
    assert "Dragon Eye 0/4" in ui.panel.missions.text()
    qtbot.mouseClick(ui.panel.end_button, Qt.MouseButton.LeftButton)
    assert session.state.vars["phase"] in ("reinforcement", "fire")


def test_9_3_a_mission_from_a_right_click_on_a_zone(qtbot, pf_window):
    def build(state):
        zones(state, Z1={"act": "start", "usmc": True}, Z2={"act": "start", "usmc": True})
        put(state, "K1-1", "Z1.OG")

    window = pf_window
    window.set_session(session_with(build, phase="support"))
    qtbot.wait(20)
    zoom_on(window, "Z40", 0.6)
    click(qtbot, window, centre(window, "Z40"), Qt.MouseButton.RightButton)
    menu = window.game_ui.mouse.menu
    assert menu is not None
    assert any("Hornet strike on Zone 40" in a.text() for a in menu.actions())
    before = len(window.session.log.steps)
    menu_click(qtbot, menu, "Hornet strike on Zone 40")
    assert len(window.session.log.steps) == before + 1
    assert window.session.log.events[-1].rule


def test_12_drag_a_squad_along_its_plan_one_undo_step(qtbot, pf_window):
    def build(state):
        zones(state, Z1={"act": "start", "usmc": True}, Z2={"act": "start", "usmc": True},
              Z3={"act": "start", "usmc": True})
        put(state, "K1-1", "Z3.OG")

    window = pf_window
    window.set_session(session_with(build))
    qtbot.wait(20)
    zoom_on(window, "Z3")
    steps = len(window.session.log.steps)
    drag(qtbot, window, counter_point(window, "K1-1"), centre(window, "Z3.1pp"))
    assert window.session.state.pieces["K1-1"].space == "Z3.1pp"
    assert len(window.session.log.steps) == steps + 1           # one undo step
    window.undo_action.trigger()
    assert window.session.state.pieces["K1-1"].space == "Z3.OG"


def test_11_click_a_unit_then_a_ringed_target_to_fire(qtbot, pf_window):
    def build(state):
        zones(state, Z2={"act": "start", "usmc": True}, Z3={"act": "normal"})
        put(state, "K1-1", "Z2.OG")
        put(state, "SUS-01", "Z3.1")

    window = pf_window
    window.set_session(session_with(build, phase="fire"))
    qtbot.wait(20)
    zoom_on(window, "Z2")
    click(qtbot, window, counter_point(window, "K1-1"))
    ui = window.game_ui
    assert ui.selected == "K1-1" and "SUS-01" in ui.targets
    click(qtbot, window, counter_point(window, "SUS-01"))
    assert window.session.state.pieces["K1-1"].data["fp"] == "fired"
    assert any(e.rule == "11.2.2" for e in window.session.log.events)


def test_13_right_click_a_target_for_the_assault_choices(qtbot, pf_window):
    def build(state):
        zones(state, Z3={"act": "normal"})
        put(state, "K1-1", "Z3.OG", caat="CAAT-1")
        put(state, "CAAT-1", "Z3.OG", squad="K1-1", ammo=4, explosives=True)
        put(state, "INS-10", "Z3.1", face="martyrs")

    window = pf_window
    window.set_session(session_with(build, phase="assault"))
    qtbot.wait(20)
    zoom_on(window, "Z3")
    click(qtbot, window, counter_point(window, "INS-10"), Qt.MouseButton.RightButton)
    menu = window.game_ui.mouse.menu
    texts = [a.text() for a in menu.actions()]
    assert "Assault with USMC K1-1" in texts
    assert "Assault with USMC K1-1 using Explosives (CF 8)" in texts
    menu_click(qtbot, menu, "using Explosives")
    assert window.session.state.pieces["K1-1"].data["assaulted"] == 3
    assert not window.session.state.pieces["CAAT-1"].data.get("explosives")


def test_12_3_2_right_click_a_squad_to_secure_the_zone(qtbot, pf_window):
    def build(state):
        zones(state, Z14={"act": "normal"})
        put(state, "K1-1", "Z14.C")
        put(state, "SUS-01", "Z14.R")

    window = pf_window
    window.set_session(session_with(build))
    qtbot.wait(20)
    zoom_on(window, "Z14")
    click(qtbot, window, counter_point(window, "K1-1"), Qt.MouseButton.RightButton)
    menu_click(qtbot, window.game_ui.mouse.menu, "Secure")
    assert window.session.state.pieces["SE-K1-1"].space == "Z14.C"


def test_refused_drop_says_why_with_the_rule(qtbot, pf_window):
    def build(state):
        zones(state, Z3={"act": "normal"})
        put(state, "K1-1", "Z3.1")
        put(state, "SUS-01", "Z3.R")

    window = pf_window
    window.set_session(session_with(build))
    qtbot.wait(20)
    zoom_on(window, "Z3")
    drag(qtbot, window, counter_point(window, "K1-1"), centre(window, "Z2.1p"))
    assert window.session.state.pieces["K1-1"].space == "Z3.1"
    message = window.statusBar().currentMessage()
    assert "12.4.3" in message and "Step Loss" in message


def test_12_3_2_1_a_squad_dragged_into_c_may_detach_its_security_element_first(
        qtbot, pf_window):
    """A one-step drag into a Location where the squad may detach its Security Element
    on arrival asks how: a plain move, or the Security Element detached before any
    Defensive Fire (+1 to the insurgents' rolls, 12.7.2); before, the window only moved
    it, and a Secure from the right-click came after the Defensive Fire."""
    def build(state):
        zones(state, Z14={"act": "normal"})
        put(state, "K1-1", "Z14.1")
        put(state, "INS-05", "Z14.R", face="guerillas")

    window = pf_window
    window.set_session(session_with(build))
    qtbot.wait(20)
    zoom_on(window, "Z14")
    drag(qtbot, window, counter_point(window, "K1-1"), centre(window, "Z14.C"))
    menu = window.game_ui.mouse.menu
    assert menu is not None and menu.isVisible()
    assert [a.text()[:12] for a in menu.actions()] == ["Move to Zone", "Move there a"]
    assert window.session.state.pieces["K1-1"].space == "Z14.1"     # nothing done yet
    menu_click(qtbot, menu, "detach its Security Element")
    state = window.session.state
    assert state.pieces["K1-1"].space == "Z14.C" and state.pieces["SE-K1-1"].space == "Z14.C"
    fire = [e.text for e in window.session.log.events if e.kind == "defensive-fire"
            and e.rule == "12.7.2"]
    assert fire and "in C with its Security Element +1" in fire[-1]


def test_11_2_the_roll_a_target_needs_sits_below_its_counter(qtbot, pf_window):
    """Picking a squad in the Fire Combat Phase rings its targets with the roll each
    needs: on a light chip across the Location's foot, so the target's own CF stays
    readable (before, dark green type lay across the middle of the counter)."""
    from ffl.ui.phantom_fury.counters import CF_TEXT

    def build(state):
        zones(state, Z3={"act": "normal", "usmc": True}, Z4={"act": "normal"})
        put(state, "K1-1", "Z3.1")
        put(state, "INS-05", "Z4.2", face="guerillas")

    window = pf_window
    window.set_session(session_with(build, phase="fire"))
    qtbot.wait(20)
    zoom_on(window, "Z3")
    click(qtbot, window, counter_point(window, "K1-1"))
    ui = window.game_ui
    assert "INS-05" in ui.targets
    chip = next(item for item in ui.overlay.highlights if item.data(0) == "Z4.2"
                and item.childItems())
    assert chip.childItems()[0].text().startswith("needs 0-")
    counter = window.scene.counter("INS-05").sceneBoundingRect()
    figures_bottom = counter.top() + counter.height() * (0.36 + 0.56 / 2 + CF_TEXT / 2)
    assert chip.sceneBoundingRect().top() >= figures_bottom - 1
    assert chip.zValue() > window.scene.counter("INS-05").zValue()


def test_13_1_to_13_3_an_assault_target_shows_the_type_of_the_assault(qtbot, pf_window):
    """Picking a squad in the Assault Phase rings what it may Assault with the type the
    two Locations make (13.1-13.3, which set the modifiers), on the same chip as a fire
    target's roll."""
    def build(state):
        zones(state, Z3={"act": "normal"})
        put(state, "K1-1", "Z3.1")
        put(state, "INS-05", "Z3.2", face="martyrs")

    window = pf_window
    window.set_session(session_with(build, phase="assault"))
    qtbot.wait(20)
    zoom_on(window, "Z3")
    click(qtbot, window, counter_point(window, "K1-1"))
    ui = window.game_ui
    assert "INS-05" in ui.targets
    chip = next(item for item in ui.overlay.highlights if item.data(0) == "Z3.2"
                and item.childItems())
    assert chip.childItems()[0].text() == "Bottom-Up (13.2)"       # from 1 up to 2
