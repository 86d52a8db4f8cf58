"""Walking a window's menu bar (shared by the play-window menu tests)."""

from __future__ import annotations

from PySide6.QtGui import QAction


def menu_actions(window) -> list[QAction]:
    """Every action a player can pick from the menu bar (submenus walked)."""
    out: list[QAction] = []

    def walk(menu) -> None:
        for action in menu.actions():
            if action.isSeparator():
                continue
            if action.menu() is not None:
                walk(action.menu())
            else:
                out.append(action)

    for top in window.menuBar().actions():
        if top.menu() is not None:
            walk(top.menu())
    return out
