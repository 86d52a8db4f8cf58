"""The UI conformance test's driver for French Foreign Legion: one legal action
through the window with real mouse events (see tests/ui/test_game_ui_conformance.py)."""

from __future__ import annotations

from map_helpers import list_drag


def drive(qtbot, window) -> None:
    """2.31: drag the first Legion unit of the tray onto a free parade-ground square."""
    ui = window.game_ui
    fort = window.session.controller.fort(window.session.state)
    free = next(k for k in fort.squares("parade") if not window.session.state.pieces_at(k))
    list_drag(qtbot, window, ui.tray.list, ui.tray.list.item(0),
              window.scene.space_centre(free))
