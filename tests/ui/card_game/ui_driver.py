"""The UI conformance test's driver for the Foreign Legion Card Game: one legal
action through the window with real mouse events."""

from __future__ import annotations

from PySide6.QtCore import Qt


def drive(qtbot, window) -> None:
    """First Player: the player sits down, picks a playable card, clicks a contact."""
    ui, ctrl = window.game_ui, window.session.controller
    qtbot.mouseClick(ui.panel.screen.button, Qt.MouseButton.LeftButton)
    player = ui.active()
    view = ctrl.view(window.session.state, player)
    card = ctrl.playable_cards(view, player)[0]
    contact = ctrl.contact_cards(view, player, card)[0]
    for c in (card, contact):
        qtbot.mouseClick(ui.panel.hand, Qt.MouseButton.LeftButton,
                         pos=ui.panel.hand.card_point(c))
