"""9.4 HBIED through the window: the Zone the insurgents blow up (often off screen,
away from where the player called the Mission) is brought into view and what is
left in it ringed, as for the other doings, and the panel's "What just happened"
says which Zone and what befell its squads.  Before, its events ('ruins', Step
Losses) were none of the doings followed: nothing was ringed or shown, and the
panel only named the Reaction."""

from __future__ import annotations

from test_pf_ui_play import put, session_with, zones

from ffl.engine import Action
from ffl.engine.dice import ROLLS_VAR, die_value
from ffl.ui.phantom_fury.game_ui import DOINGS


def _seeded(state, rolls):
    """A seed whose next d10s show ``rolls`` (faces 0-9; 0 is the engine's 10)."""
    start = int(state.vars.get(ROLLS_VAR, 0))
    want = [10 if r == 0 else r for r in rolls]
    state.seed = next(seed for seed in range(1, 3_000_000)
                      if all(die_value(seed, start + i, 10) == w for i, w in enumerate(want)))


def _build(state):
    zones(state, Z1={"usmc": True, "act": "start"}, Z2={"usmc": True, "act": "start"},
          Z3={"usmc": True, "act": "start"}, Z4={"act": "start"})
    put(state, "K1-1", "Z3.1")
    put(state, "INS-05", "Z4.2", face="guerillas")
    _seeded(state, [9, 9])          # the Hornet fails (9); Reaction 9: HBIED


def test_9_4_the_zone_an_hbied_hits_is_ringed(qtbot, pf_window):
    window = pf_window
    window.set_session(session_with(_build, phase="support"))
    qtbot.wait(20)
    ui = window.game_ui
    events = ui.do(Action.make("mission", "usmc", mission="hornet", zone=40))
    assert any(e.rule == "9.4" and "HBIED in Zone 3" in e.text for e in events)
    assert window.session.state.pieces["K1-1"].data.get("reduced")
    rings = {item.data(0) for item in ui.overlay.highlights
             if hasattr(item, "pen") and item.pen().color().name() == DOINGS}
    assert rings == {"Z3.1"}
    qtbot.waitUntil(lambda: ui.follower.mover.ring is not None, timeout=1000)
    # the panel says where it struck and what it did, not only the Reaction's name
    said = ui.panel.doings.text()
    assert "HBIED in Zone 3" in said and "Step Loss (HBIED)" in said and \
        "Pinned (HBIED)" in said, said


def test_4_1_6_only_the_locations_that_are_gone_are_hatched(qtbot, pf_window):
    """4.1.6: a Ruins Zone has 'Rubble' on its 2, 2' and R, which no longer exist;
    the Locations left stay clear to read, and RUINS is one of the Zone's tags (its
    tooltip says what it means).  Before, the whole Zone was hatched alike."""
    window = pf_window
    window.set_session(session_with(_build, phase="support"))
    qtbot.wait(20)
    ui = window.game_ui
    ui.do(Action.make("mission", "usmc", mission="hornet", zone=40))
    items = ui.overlay.zone_items[3]
    rubble = {str(i.data(0))[len("rubble:"):] for i in items
              if str(i.data(0) or "").startswith("rubble:")}
    assert rubble == {"Z3.2", "Z3.R"}
    tips = [i.toolTip() for i in items]
    assert any("Ruins Zone" in tip and "4.1.6" in tip for tip in tips)
