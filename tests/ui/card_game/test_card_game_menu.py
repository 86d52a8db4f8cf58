"""The play window's menus on a card game: every entry says what it does, and no
two actions share a keyboard shortcut."""

from __future__ import annotations

from collections import Counter

from menu_helpers import menu_actions
from PySide6.QtGui import QAction


def test_every_menu_action_of_the_card_game_has_a_status_tip(card_window):
    window = card_window()
    texts = [a.text().replace("&", "") for a in menu_actions(window)]
    assert "Draw from the pack" in texts and "Map from across the table" in texts
    untold = [a.text() for a in menu_actions(window) if not a.statusTip().strip()]
    assert untold == []


def test_card_game_shortcuts_do_not_collide(card_window):
    window = card_window()
    keys = Counter(key.toString() for action in window.findChildren(QAction)
                   for key in action.shortcuts() if not key.isEmpty())
    assert keys["Ctrl+Z"] == 1
    assert [k for k, n in keys.items() if n > 1] == []
