"""The two marks of the insurgents' doings read apart: the shared solid orange ring
(ffl/ui/opponent_follow.MoveRing, drawn for a moment round the counters the program's
moves touched) and Phantom Fury's own ring of their Locations (until the next step),
which is dashed and in the dark red of the panel's "What just happened" lines.
Before, both were the same solid orange and ran into one another."""

from __future__ import annotations

from PySide6.QtCore import Qt

from ffl.engine import Change, Event
from ffl.ui.opponent_follow import RING_COLOUR
from ffl.ui.phantom_fury.counters import RING, SELECTED


def test_13_6_2_the_doings_ring_is_told_apart_from_the_shared_ring(qtbot, pf_window):
    from test_pf_ui_play import put, session_with

    window = pf_window
    window.set_session(session_with(lambda s: put(s, "INS-05", "Z14.2", face="guerillas")))
    qtbot.wait(50)
    ui = window.game_ui
    retreat = Event("retreat", "13.6.2", "13.6.2 INS-05 retreats to Zone 14, Location 2",
                    [Change.set("INS-05", "space", "Z14.2")])
    ui.refresh([retreat])
    qtbot.waitUntil(lambda: ui.follower.mover.ring is not None, timeout=1000)
    shared = ui.follower.mover.ring.pen()
    assert shared.color().name() == RING_COLOUR and shared.style() == Qt.PenStyle.SolidLine
    own = [item.pen() for item in ui.overlay.highlights
           if item.data(0) == "Z14.2" and hasattr(item, "pen")]
    assert own
    for pen in own:
        assert pen.style() != Qt.PenStyle.SolidLine          # dashed
        assert pen.color().name() not in (RING_COLOUR, RING[SELECTED].name())
        assert pen.color().name() == "#8a2418"       # the panel's "What just happened"
    assert "#8a2418" in ui.panel.doings.styleSheet()
