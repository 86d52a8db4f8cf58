"""The play window's menus on a French Foreign Legion game: every entry says what
it does, and no two actions share a keyboard shortcut."""

from __future__ import annotations

from collections import Counter

from menu_helpers import menu_actions
from PySide6.QtGui import QAction


def test_every_menu_action_has_a_status_tip(open_ffl):
    window = open_ffl()
    actions = menu_actions(window)
    assert len(actions) > 20   # File, Edit, View, Game and Help are all there
    untold = [a.text() for a in actions if not a.statusTip().strip()]
    assert untold == []


def test_no_two_actions_share_a_shortcut(open_ffl):
    window = open_ffl()
    keys = Counter(key.toString() for action in window.findChildren(QAction)
                   for key in action.shortcuts() if not key.isEmpty())
    assert keys["Space"] == 1 and keys["E"] == 1 and keys["F"] == 1
    assert [k for k, n in keys.items() if n > 1] == []
