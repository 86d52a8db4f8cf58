"""The UI conformance test's driver for Limits of Glory: one legal action through
the window with a real mouse click (the Allied player places the first Bedouin
marker by clicking a space the dice allow)."""

from __future__ import annotations

from PySide6.QtCore import Qt

SCENARIO = "limits_of_glory/campaign"


def drive(qtbot, window) -> None:
    session = window.session
    ctrl = session.controller
    action = next(a for a in ctrl.legal_actions(session.state) if a.kind == "place-bedouin")
    point = window.scene.space_centre(action["space"])
    qtbot.mouseClick(window.map.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.map.mapFromScene(point))
