"""The UI conformance test's driver for free play: one action through the window
with real mouse events."""

from __future__ import annotations

from map_helpers import list_drag

#: free play is tested on the flagship's map and counters with the rules off
SCENARIO, RULES = "ffl/basic", "off"


def drive(qtbot, window) -> None:
    """Drag a piece from the tray onto the first space of the board."""
    ui = window.game_ui
    first = next(iter(window.scene.board.spaces))
    list_drag(qtbot, window, ui.tray.list, ui.tray.list.item(0),
              window.scene.space_centre(first))
