"""12.3.2.1 on the map: a squad that detached its Security Element in its Location
stands on top of the 'SE' marker (and of its CAAT support), so its name and CF read
and a click on the stack picks the squad; before, the shell's order by id put the
'SE-…' marker over the squad and a click picked the marker."""

from __future__ import annotations

from pf_ui_helpers import click, zoom_on
from test_pf_ui_play import put, session_with, zones

from ffl.engine import Action


def test_12_3_2_1_the_squad_stands_over_its_security_element(qtbot, pf_window):
    def build(state):
        zones(state, Z14={"act": "normal"})
        put(state, "K1-1", "Z14.1", caat="CAAT-1")
        put(state, "CAAT-1", "Z14.1", squad="K1-1")
        put(state, "INS-05", "Z14.R", face="guerillas")

    window = pf_window
    window.set_session(session_with(build))
    qtbot.wait(20)
    ui = window.game_ui
    ui.do(Action.make("move", "usmc", piece="K1-1", to="Z14.C", secure=True))
    state = window.session.state
    assert state.pieces["SE-K1-1"].space == state.pieces["K1-1"].space == "Z14.C"
    zoom_on(window, "Z14", 1.6)
    qtbot.wait(20)
    scene = window.scene
    squad, se, caat = (scene.counter(p) for p in ("K1-1", "SE-K1-1", "CAAT-1"))
    assert squad.zValue() > caat.zValue() > se.zValue()
    # the squad's CF, at the top right of the stack, is not under another counter
    top = squad.sceneBoundingRect()
    for other in (se, caat):
        assert not other.sceneBoundingRect().contains(top.topRight())
    window.grab().save("/tmp/pf2/stack-se.png")
    click(qtbot, window, squad.scenePos())
    assert ui.selected == "K1-1"
