"""One way to make a menu action: text, shortcuts, object name and tips."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QWidget


def make_action(parent: QWidget, text: str, shortcuts: Sequence = (), name: str = "",
                tip: str = "") -> QAction:
    """A QAction; ``tip`` is both its tooltip and its status-bar tip.  The caller
    connects it and adds it to a menu and to ``parent`` (so its shortcuts work
    with the menu bar hidden)."""
    action = QAction(text, parent)
    if tip:
        action.setToolTip(tip)
        action.setStatusTip(tip)
    if shortcuts:
        action.setShortcuts([k if isinstance(k, QKeySequence) else QKeySequence(k)
                             for k in shortcuts])
    if name:
        action.setObjectName(name)
    return action
