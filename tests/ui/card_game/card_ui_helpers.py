"""Click helpers for the card-game UI tests (real mouse events through qtbot)."""

from __future__ import annotations

from PySide6.QtCore import Qt

#: a 2-player deal where "lay the first playable card, else draw and discard the
#: first card allowed" ends in 49 actions, with draws and both SPYs laid
SEED = 17


def click(qtbot, widget, pos=None) -> None:
    if pos is None:
        pos = widget.rect().center()
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=pos)


def click_card(qtbot, ui, card: str) -> None:
    """Click ``card`` where it shows in the hand fan."""
    point = ui.panel.hand.card_point(card)
    assert point is not None, f"{card} is not drawn in the hand"
    click(qtbot, ui.panel.hand, point)


def click_section(qtbot, window, key: str) -> None:
    """Click a map section (near its bottom edge, away from the letter square)."""
    scene = window.scene
    rect = scene.space_items[key].boundingRect()
    point = window.map.mapFromScene(rect.center().x(), rect.bottom() - rect.height() * 0.15)
    assert window.map.viewport().rect().contains(point), f"{key} is off screen"
    click(qtbot, window.map.viewport(), point)


def reveal(qtbot, ui) -> None:
    """The current player sits down: click the hand-over button."""
    assert ui.panel.screen_up
    click(qtbot, ui.panel.screen.button)
    assert not ui.panel.screen_up
