"""9.4 Counter-attack through the window: the insurgents' Assault, often far from the
Zone the player aimed a Mission at, is brought into view with the squad it struck
ringed, and the panel's "What just happened" says where it struck and who attacked
whom.  Before, a Counter-attack whose unit was eliminated left nothing ringed, the
view stayed where it was, and the panel never named the Zone's attack."""

from __future__ import annotations

from test_pf_hbied_ringed import _seeded
from test_pf_ui_play import put, session_with, zones

from ffl.engine import Action
from ffl.ui.phantom_fury.game_ui import DOINGS


def _build(state):
    zones(state, Z1={"usmc": True, "act": "start"}, Z2={"usmc": True, "act": "start"},
          Z4={"usmc": True, "act": "start"}, Z3={"act": "start"})
    put(state, "K1-1", "Z3.OG")
    put(state, "INS-05", "Z3.R", face="guerillas")
    # the Hornet fails (9); Reaction 7: Counter-attack; the squad's roll 5 hits the
    # Guerillas (CF 6), theirs a 9 misses
    _seeded(state, [9, 7, 5, 9])


def test_9_4_a_counter_attack_is_shown_where_it_struck(qtbot, pf_window):
    window = pf_window
    window.set_session(session_with(_build, phase="support"))
    qtbot.wait(20)
    ui = window.game_ui
    window.map.centerOn(window.scene.space_items["Z40"].sceneBoundingRect().center())
    events = ui.do(Action.make("mission", "usmc", mission="hornet", zone=40))
    assert any(e.rule == "9.4" and "Counter-attack in Zone 3" in e.text for e in events)
    state = window.session.state
    assert state.pieces["INS-05"].status != "active"       # eliminated in the Assault
    rings = {item.data(0) for item in ui.overlay.highlights
             if hasattr(item, "pen") and item.pen().color().name() == DOINGS}
    assert rings == {state.pieces["K1-1"].space}
    said = ui.panel.doings.text()
    assert "Counter-attack in Zone 3" in said, said
    qtbot.waitUntil(lambda: ui.follower.mover.ring is not None, timeout=1000)
    seen = window.map.mapToScene(window.map.viewport().rect()).boundingRect()
    assert seen.intersects(window.scene.counter("K1-1").sceneBoundingRect())
