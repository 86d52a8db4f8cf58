"""21.11 the Legion's plotted positions stay out of the Bedouin's sight on the
screen too: while the Bedouin play (hot seat), no plotted Legion counter is
drawn on the map, in the level diagrams or in the Overview, and the hover line
counts none; the Legion at the screen sees its own units; once alerted (21.22)
everybody sees them."""

from __future__ import annotations

from ffl_ui_helpers import square, vp

from ffl.engine import Action, GameLog
from ffl.session import GameSession

SID = "ffl/night-attack"


def _playing(window):
    """The night attack after both set-ups: the Legion plotted on the parade
    ground's rows 9 and 10, two tribes left out (21.1)."""
    session = window.session
    ctrl = session.controller
    state = session.state
    high = state.vars["side_roll"]["high"]
    session.do(Action.make("choose-side", high, take="legion"))
    fort = ctrl.ctx(session.state).fort
    spots = ([k for k in fort.squares("parade") if fort.coords(k)[1] in (9, 10)]
             + fort.buildings["Barracks"])
    legion = sorted(p.id for p in session.state.pieces.values() if p.id.startswith("L-"))
    for pid, key in zip(legion, spots, strict=False):
        session.do(Action.make("place", "legion", piece=pid, space=key, level=0, facing=0))
    session.do(Action.make("end-setup", "legion"))
    for org in ("riff", "tuareg"):
        session.do(Action.make("leave-out-tribe", "bedouin", org=org))
    session.do(Action.make("end-setup", "bedouin"))
    return session.state.copy(), legion


def _at(window, state):
    s = window.session
    window.set_session(GameSession(s.controller, s.scenario, dict(s.options), state.seed,
                                   GameLog(state)))


def _bedouin_to_move(state, alerted=False):
    abdul = state.pieces["B-A-Abdul"]
    abdul.status, abdul.space, abdul.level, abdul.facing = "active", "B2", 0, 0
    state.vars.update({"chit": "arab", "active": "bedouin", "phase_mf": {}, "turn": 2})
    if alerted:
        state.vars["alerted"] = True
    return state


def _shown(window, pids):
    return [pid for pid in pids if window.scene.counter(pid) is not None
            and window.scene.counter(pid).isVisible()]


def test_21_11_the_bedouin_at_the_screen_see_no_plotted_legion_unit(open_ffl, qtbot):
    window = open_ffl()
    assert window.open_scenario(SID, seed=1)
    playing, legion = _playing(window)
    assert window.session.controller.prompt(window.session.state).side == "legion"
    assert len(_shown(window, legion)) == len(legion)          # his own plot, to the Legion

    _at(window, _bedouin_to_move(playing.copy()))
    qtbot.wait(10)
    assert window.game_ui.side() == "bedouin"
    assert _shown(window, legion) == []
    # nor does the hover line count one on its square
    plotted = window.session.state.pieces[legion[0]].space
    window.map.centerOn(square(window, plotted))
    qtbot.mouseMove(window.map.viewport(), vp(window, square(window, plotted)))
    qtbot.wait(20)
    text = window.hover_label.text()
    assert text.startswith(plotted) and "piece" not in text, text
    # the Overview paints the same scene: no Legion colour where the plot stands
    assert all(not window.scene.counter(pid).isVisible() for pid in legion)


def test_21_22_once_alerted_the_legion_is_in_plain_sight(open_ffl, qtbot):
    window = open_ffl()
    assert window.open_scenario(SID, seed=1)
    playing, legion = _playing(window)
    _at(window, _bedouin_to_move(playing.copy(), alerted=True))
    qtbot.wait(10)
    assert window.game_ui.side() == "bedouin"
    assert len(_shown(window, legion)) == len(legion)
