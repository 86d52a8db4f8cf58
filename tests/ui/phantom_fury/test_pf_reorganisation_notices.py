"""14.3.4 and 14.5 in 'What just happened': at a Reorganisation, whether each Pinned
squad recovered and what became of the 'Phantom Fury' markers are listed in the
Battle panel's box (controller.notices), not in the log dock alone."""

from __future__ import annotations

from pf_ui_helpers import zoom_on
from PySide6.QtCore import Qt
from test_pf_ui_play import put, session_with, zones


def test_14_3_4_and_14_5_the_reorganisation_box_tells_pinned_recovery_and_markers(
        qtbot, pf_window):
    def build(state):
        zones(state, Z3={"act": "normal", "usmc": True}, Z4={"act": "normal", "pf": 30},
              Z15={"act": "normal", "pf": 15})
        put(state, "K1-1", "Z3.1", fp="pinned")
        put(state, "INS-05", "Z4.2", face="guerillas")

    window = pf_window
    window.set_session(session_with(build, phase="assault"))
    qtbot.wait(20)
    zoom_on(window, "Z3")
    panel = window.game_ui.panel
    qtbot.mouseClick(panel.end_button, Qt.MouseButton.LeftButton)
    events = window.session.log.events
    pinned = [e.text for e in events if e.kind == "regroup" and e.rule == "14.3.4"]
    markers = [e.text for e in events if e.kind == "marker" and e.rule == "14.5"]
    assert pinned and len(markers) == 2
    assert not panel.doings_box.isHidden()
    shown = window.session.controller.notices(
        [e for e in events if e.kind in ("regroup", "marker")])
    assert pinned[0] in shown and all(m in shown for m in markers)
    text = panel.doings.text()
    assert "K1-1" in text and "14.3.4" in text, text
    assert text.count("14.5") == 2, text
    qtbot.wait(50)
    label = panel.doings
    qtbot.waitUntil(lambda: label.height() >= label.heightForWidth(label.width()),
                    timeout=2_000)          # every line shows
    window.grab().save("/tmp/pf2/reorganisation-box.png")
