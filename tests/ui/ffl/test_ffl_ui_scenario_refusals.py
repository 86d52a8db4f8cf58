"""19-23 as a player meets them in the window: a move the scenario forbids is
refused with its rule number and the reason in the status bar, and changes
nothing (real mouse drags on the map)."""

from __future__ import annotations

import sys
from pathlib import Path

from ffl_ui_helpers import drag, square

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "games" / "ffl"))


def test_20_3_a_legion_melee_on_turn_one_is_refused_in_the_status_bar(open_ffl, qtbot):
    from test_20_negotiations import _turn_one

    from ffl import catalog

    state = _turn_one()
    state.vars.update({"chit": "legion-cmd", "active": "legion", "phase_mf": {}})
    state.pieces["L-LC-Briere"].space = "U6"
    w = open_ffl()
    base = catalog.new_session("ffl/negotiations", seed=1)
    from ffl.engine import GameLog
    from ffl.session import GameSession

    w.set_session(GameSession(base.controller, base.scenario, dict(base.options), state.seed,
                              GameLog(state)))
    qtbot.wait(10)
    w.map.fit()
    krim = w.session.state.pieces["B-BC-AlKrim"]
    assert (w.session.state.pieces["L-LC-LeJeune"].space, krim.space) == ("U5", "W5")
    drag(qtbot, w, square(w, "U5"), square(w, "V5"))          # a step: allowed
    assert w.session.state.pieces["L-LC-LeJeune"].space == "V5"
    before = w.session.state.hash()
    drag(qtbot, w, square(w, "V5"), square(w, "W5"))          # onto Al Krim: refused
    assert w.session.state.hash() == before
    message = w.statusBar().currentMessage()
    assert "20.3" in message and "melee" in message, message


def test_20_12_the_units_tray_heads_the_bedouin_set_up_as_such(open_ffl, qtbot):
    """The Units tray names whose set-up it is and its rule (before: '2.31 Legion
    set-up' over the Bedouin placing Al Krim and the Berbers in 20)."""
    from test_20_negotiations import _bedouin_turn

    from ffl import catalog
    from ffl.engine import GameLog
    from ffl.session import GameSession

    w = open_ffl()
    assert w.game_ui.tray.title.text().startswith("<b>2.31 Legion set-up</b>")
    state = _bedouin_turn()
    base = catalog.new_session("ffl/negotiations", seed=1)
    w.set_session(GameSession(base.controller, base.scenario, dict(base.options), state.seed,
                              GameLog(state)))
    qtbot.wait(10)
    assert w.game_ui.tray.title.text().startswith("<b>20.12 Bedouin set-up</b>")
