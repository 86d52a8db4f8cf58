"""The UI conformance test's driver for The Legend Begins: one legal action through
the window with real mouse events (the first Initial Phase decision is ended with the
Segment dock's End phase button)."""

from __future__ import annotations

from PySide6.QtCore import Qt


def drive(qtbot, window) -> None:
    ui = window.game_ui
    button = ui.segment.end_button
    assert button.isEnabled(), ui.prompt()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
