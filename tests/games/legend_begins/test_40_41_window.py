"""40.0 and 41.0 in the play window, with real mouse clicks: a right-click on a hex
offers the air missions the controller allows and flies one; the air unit is drawn
above its hex and listed in the Stack dock; End phase ends the air step; a Reaction
move is chosen from the hex menu; an air unit comes out of the Cadre Box from the hex
menu, or Decline in the Segment dock declines (40.9)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, QSettings, Qt
from PySide6.QtWidgets import QApplication, QMenu
from shapely.geometry import Point

from ffl.engine import Action

SCENARIO = "legend_begins/compass"


def _shown_window(qtbot, tmp_path):
    """A shown 1280x820 play window, dice not animated, no autosave."""
    from ffl.ui.app import create_app, main_window

    create_app()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("ffl/animate_dice", False)
    window = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
    qtbot.addWidget(window)
    window.resize(1280, 820)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def air_window(qtbot, tmp_path):
    from ffl.catalog import new_session

    window = _shown_window(qtbot, tmp_path)
    session = new_session(SCENARIO, seed=3, options={"air_game": True, "reaction": True})
    ctl = session.controller
    for _ in range(200):                 # on to the first air sub-phase (ending phases)
        item = ctl.prompt(session.state).info.get("pending") or {}
        if item.get("kind") == "air" and item.get("step") == "attacker" \
                and session.state.vars["seg"]["type"] != "tertiary":
            break
        acts = list(ctl.legal_actions(session.state))
        ends = [a for a in acts if a.kind.startswith("end") or a.kind == "supply"]
        session.do(ends[0] if ends else acts[0])
    else:
        raise AssertionError("no air sub-phase")
    assert window.set_session(session)
    window._closing_confirmed = True
    qtbot.wait(20)
    return window


def _right_click(qtbot, window, key: str) -> QMenu:
    c = window.scene.space_centre(key)
    window.map.fitInView(QRectF(c.x() - 500, c.y() - 400, 1000, 800))
    QApplication.processEvents()
    pos = window.map.mapFromScene(c)
    qtbot.mouseClick(window.map.viewport(), Qt.MouseButton.RightButton, pos=pos)
    menu = window.findChild(QMenu, "tlbContextMenu")
    assert menu is not None
    return menu


def test_40_2_a_right_click_flies_a_mission_and_the_unit_shows_above_the_hex(qtbot,
                                                                            air_window):
    window = air_window
    session = window.session
    side = session.controller.prompt(session.state).side
    base = next(p.space for p in session.state.pieces.values()
                if p.side == side and p.status == "active"
                and session.module.piece_types[p.type].get("utype") == "air_hq")
    menu = _right_click(qtbot, window, base)
    texts = [a.text() for a in menu.actions()]
    missions = [a for a in menu.actions() if " over " in a.text()]
    assert missions, texts
    # only what the controller allows: no Fighter on Ground Support
    assert not any("Gladiator: Ground Support" in t for t in texts)
    missions[0].trigger()
    menu.close()
    flying = [pid for pid, p in session.state.pieces.items() if p.status == "active"
              and session.module.piece_types[p.type].kind == "air"]
    assert len(flying) == 1
    event = session.log.events[-1]
    assert event.rule == "40.2" and event.text.startswith("40.2")
    item = window.scene.counters[flying[0]]
    assert item.isVisible() and item.scale() < 1
    centre = window.scene.space_centre(base)
    assert item.pos().x() > centre.x() and item.pos().y() < centre.y()   # above, apart
    # a click on the hex lists the air unit and its mission in the Stack dock
    pos = window.map.mapFromScene(centre)
    qtbot.mouseClick(window.map.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    panel = window.game_ui.stack_panel.list
    texts = [panel.item(i).text() for i in range(panel.count())]
    assert any(t.startswith("✈") and "(" in t for t in texts), texts
    # End phase ends the attacker's air step
    steps = len(session.log.steps)
    qtbot.mouseClick(window.game_ui.segment.end_button, Qt.MouseButton.LeftButton)
    assert len(session.log.steps) == steps + 1
    item = session.controller.prompt(session.state).info.get("pending") or {}
    assert item.get("step") != "attacker"


@pytest.fixture
def reaction_window(qtbot, tmp_path):
    """A game (reaction on) played at random until a Reaction waits, in the window."""
    import random

    from ffl.catalog import new_session

    window = _shown_window(qtbot, tmp_path)
    session = new_session("legend_begins/crusader", seed=3, options={"reaction": True})
    ctl = session.controller
    rng = random.Random(3)
    for _ in range(2000):
        item = ctl.prompt(session.state).info.get("pending") or {}
        if item.get("kind") == "reaction" and _motorized_stack(session):
            break
        acts = list(ctl.legal_actions(session.state))
        own = [a for a in acts if a.kind in ("attack", "react")]
        session.do(rng.choice(own if own and rng.random() < 0.7 else acts))
    else:
        raise AssertionError("no Reaction")
    assert window.set_session(session)
    window._closing_confirmed = True
    qtbot.wait(20)
    return window


def _motorized_stack(session) -> tuple[str, list[str], str] | None:
    """A hex whose reacting player's top units may all react somewhere: (hex, units,
    destination)."""
    ctl = session.controller
    state = session.state
    side = ctl.prompt(state).side
    by_hex: dict[str, list[str]] = {}
    for pid, p in sorted(state.pieces.items()):
        if p.side == side and p.status == "active" and not p.data.get("hq") \
                and not p.data.get("carried_by") and p.space in ctl.hexmap(state).terrain:
            by_hex.setdefault(p.space, []).append(pid)
    for key, units in sorted(by_hex.items()):
        reach = ctl.reaction_reach(state, units)
        if reach:
            return key, units, sorted(reach)[0]
    return None


@pytest.mark.slow
def test_41_3_a_reaction_move_from_the_hex_menu(qtbot, reaction_window):
    """(slow: the game is played at random until a Reaction waits)"""
    window = reaction_window
    session = window.session
    key, units, dest = _motorized_stack(session)
    c = window.scene.space_centre(key)
    window.map.fitInView(QRectF(c.x() - 600, c.y() - 500, 1200, 1000))
    QApplication.processEvents()
    qtbot.mouseClick(window.map.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.map.mapFromScene(c))
    assert sorted(window.game_ui.selection()) == sorted(units)
    menu = _right_click(qtbot, window, dest)
    react = [a for a in menu.actions() if a.text().startswith("React:")]
    assert react, [a.text() for a in menu.actions()]
    before = len(session.log.events)
    react[0].trigger()
    menu.close()
    assert session.state.pieces[units[0]].space == dest
    assert any(e.kind == "react" and e.rule == "41.3" for e in session.log.events[before:])


@pytest.fixture
def hq_window(qtbot, tmp_path):
    """The air game at the first Movement Phase whose player has an Air HQ on the map."""
    from ffl.catalog import new_session

    window = _shown_window(qtbot, tmp_path)
    session = new_session(SCENARIO, seed=3, options={"air_game": True})
    ctl = session.controller
    for _ in range(200):
        prompt = ctl.prompt(session.state)
        if prompt.phase == "movement" and "air-hq" in prompt.kinds and _air_hq(session):
            break
        acts = list(ctl.legal_actions(session.state))
        ends = [a for a in acts if a.kind.startswith("end") or a.kind == "supply"]
        session.do(ends[0] if ends else acts[0])
    else:
        raise AssertionError("no Movement Phase with an Air HQ on the map")
    assert window.set_session(session)
    window._closing_confirmed = True
    qtbot.wait(20)
    return window


def _air_hq(session) -> str | None:
    """The acting player's Air HQ on the map."""
    side = session.controller.prompt(session.state).side
    return next((pid for pid, p in sorted(session.state.pieces.items())
                 if p.side == side and p.status == "active"
                 and session.module.piece_types[p.type].get("utype") == "air_hq"), None)


def test_40_11_an_air_hq_comes_off_the_map_from_the_hex_menu_in_the_movement_phase(
        qtbot, hq_window):
    from ffl.ui.legend_begins.air import AIR_HQ_OFF_TIP

    window = hq_window
    session = window.session
    hq = _air_hq(session)
    key = session.state.pieces[hq].space
    menu = _right_click(qtbot, window, key)
    entries = [a for a in menu.actions() if "take off the map" in a.text()]
    assert len(entries) == 1, [a.text() for a in menu.actions()]
    assert entries[0].toolTip() == AIR_HQ_OFF_TIP and menu.toolTipsVisible()
    assert not any("set up here" in a.text() for a in menu.actions())   # not outside the air step
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton,
                     pos=menu.actionGeometry(entries[0]).center())
    assert session.state.pieces[hq].status == "ready"
    event = session.log.events[-1]
    assert event.rule == "40.11" and event.text.startswith("40.11")
    assert session.controller.prompt(session.state).phase == "movement"
    item = window.scene.counters.get(hq)                          # off the map: not drawn
    assert item is None or not item.isVisible()
    assert not window.game_ui.air_hq_action.isEnabled()           # none left to take off


def test_40_11_the_h_key_takes_an_air_hq_off_in_the_supply_phase(qtbot, hq_window):
    """End phase clicked through to the same segment's Supply Phase (past the air step
    and the Combat Phase), then H and Enter: the Air HQ comes off there."""
    from ffl.ui.legend_begins.air import AIR_HQ_OFF_TIP

    window = hq_window
    session = window.session
    ctl = session.controller
    hq = _air_hq(session)
    side = ctl.prompt(session.state).side
    seg = session.state.vars["seg"]["id"]
    action = window.game_ui.air_hq_action
    assert action.shortcut().toString() == "H" and action.toolTip() == AIR_HQ_OFF_TIP
    for _ in range(30):
        prompt = ctl.prompt(session.state)
        if prompt.phase == "supply" and prompt.side == side:
            break
        qtbot.mouseClick(window.game_ui.segment.end_button, Qt.MouseButton.LeftButton)
    assert session.state.vars["seg"]["id"] == seg and ctl.prompt(session.state).phase == "supply"
    assert session.state.pieces[hq].status == "active" and action.isEnabled()
    window.activateWindow()
    window.map.setFocus()
    qtbot.keyClick(window.map, Qt.Key.Key_H)
    menu = window.findChild(QMenu, "tlbAirHqMenu")
    assert menu is not None and menu.isVisible()
    label = session.module.piece_types[session.state.pieces[hq].type]
    assert menu.activeAction() is menu.actions()[0]
    assert menu.actions()[0].text().startswith(str(label.get("label") or label.name))
    qtbot.keyClick(menu, Qt.Key.Key_Return)
    assert session.state.pieces[hq].status == "ready"
    assert session.log.events[-1].rule == "40.11"
    assert ctl.prompt(session.state).phase == "supply"            # the Supply Phase goes on


def test_40_2_many_air_units_over_a_hex_stay_inside_it(qtbot, air_window):
    """Several air units over one hex: at most three are drawn, the front one badged with
    how many more there are, every one inside its own hex (the neighbouring stacks and
    hex numbers stay readable); the Stack dock lists them all."""
    from ffl.ui.counters import COUNTER_SIZE
    from ffl.ui.legend_begins.air import AIR_SHOWN

    window = air_window
    session = window.session
    ctl = session.controller
    side = ctl.prompt(session.state).side
    key = next(p.space for p in session.state.pieces.values()         # the Air HQ's hex
               if p.side == side and p.status == "active"
               and session.module.piece_types[p.type].get("utype") == "air_hq")
    ready = [pid for pid, p in sorted(session.state.pieces.items()) if p.side == side
             and p.status == "ready" and session.module.piece_types[p.type].kind == "air"]
    flown = []
    for pid in ready:
        for mission in ("gs", "escort", "interdict"):
            action = Action.make("fly", side, unit=pid, hex=key, mission=mission)
            if ctl.legal(session.state, action):
                session.do(action)
                flown.append(pid)
                break
    assert len(flown) > AIR_SHOWN, flown
    window.refresh()
    shown = [pid for pid in flown if window.scene.counters[pid].isVisible()]
    assert len(shown) == AIR_SHOWN
    front = max(shown, key=lambda p: window.scene.counters[p].zValue())
    assert window.scene.counters[front].piece.data.get("badge") == f"+{len(flown) - AIR_SHOWN}"
    hexagon = window.scene.board[key].polygon
    size = COUNTER_SIZE * 100
    for pid in shown:
        item = window.scene.counters[pid]
        box = item.mapRectToScene(QRectF(-size / 2, -size / 2, size, size))   # the body
        for corner in (box.topLeft(), box.topRight(), box.bottomLeft(), box.bottomRight()):
            assert hexagon.contains(Point(corner.x() / 100, corner.y() / 100)), (pid, corner)
    c = window.scene.space_centre(key)
    window.map.fitInView(QRectF(c.x() - 300, c.y() - 250, 600, 500))
    qtbot.mouseClick(window.map.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.map.mapFromScene(c))
    panel = window.game_ui.stack_panel.list
    rows = [panel.item(i).text() for i in range(panel.count())]
    assert sum(t.startswith("✈") for t in rows) == len(flown), rows


def test_40_9_an_air_unit_comes_out_of_the_cadre_box_from_the_hex_menu(qtbot, tmp_path):
    """40.9 with two Italian air units in the Cadre Box and the Italian Air HQ on the
    map: a right-click offers both, a click brings one back; Decline in the Segment dock
    declines the rest."""
    from ffl.catalog import new_session
    from ffl.engine import GameLog
    from ffl.session import GameSession

    window = _shown_window(qtbot, tmp_path)
    base = new_session(SCENARIO, seed=5, options={"air_game": True})
    st = base.state.copy()
    cadre = ["ax-air-cr42a", "ax-air-sm79a"]
    for pid in cadre:
        st.pieces[pid].status, st.pieces[pid].space = "cadre", None
    st.pieces["ax-ahq"].status, st.pieces["ax-ahq"].space = "active", "2937"
    st.vars["pending"] = [{"kind": "air-replace", "side": "axis", "used": []}]
    session = GameSession(base.controller, base.scenario, dict(base.options), st.seed,
                          GameLog(st))
    assert window.set_session(session)
    window._closing_confirmed = True
    qtbot.wait(20)
    ui = window.game_ui
    assert ui.prompt().side == "axis" and ui.prompt().text.startswith("40.9")
    assert ui.segment.no_button.isVisible()                  # Decline
    menu = _right_click(qtbot, window, "2937")
    entries = {a.text(): a for a in menu.actions() if "Cadre Box" in a.text()}
    labels = {ui.label(p): p for p in cadre}
    assert set(entries) == {f"{lab} comes out of the Cadre Box" for lab in labels}
    first = sorted(entries)[0]
    qtbot.mouseClick(menu, Qt.MouseButton.LeftButton,
                     pos=menu.actionGeometry(entries[first]).center())
    back = labels[first.removesuffix(" comes out of the Cadre Box")]
    assert session.state.pieces[back].status == "ready"
    assert not session.state.vars.get("pending")              # its one Air HQ is used
    # the next turn's choice (the Air HQ free again) declined with the Segment dock
    session.state.vars["pending"] = [{"kind": "air-replace", "side": "axis", "used": []}]
    window.refresh()
    qtbot.mouseClick(ui.segment.no_button, Qt.MouseButton.LeftButton)
    assert not session.state.vars.get("pending")
    assert [session.state.pieces[p].status for p in cadre].count("cadre") == 1
    assert session.log.events[-1].rule == "40.9"
