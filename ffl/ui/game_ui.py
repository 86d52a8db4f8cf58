"""The hook through which each game adds its own interaction to the play window.

The shell (window, map, overview, log, files) is the same for every game.  What a
player does with the mouse differs: dragging counters along legal paths in French
Foreign Legion, playing cards from a hand in the card game.  Each game may
register a :class:`GameUI` subclass in :data:`GAME_UIS`; the window creates one
for every session it shows and drops it when the session is replaced.

A GameUI asks the game's controller what is legal and sends actions through
``session.do``; it never decides a rule itself.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QDockWidget, QMenu

from ffl.engine import Event
from ffl.session import GameSession

if TYPE_CHECKING:
    from .window import PlayWindow

#: game id -> "module:Class" of its GameUI (imported only when a game is shown)
GAME_UIS: dict[str, str] = {
    "ffl": "ffl.ui.ffl:FFLGameUI",
    "card_game": "ffl.ui.card_game:CardGameUI",
}


class GameUI:
    """Base class: a game's docks, menu entries and scene interaction.

    Subclasses override :meth:`attach` (build docks, connect to the scene),
    :meth:`refresh` (redraw from the session's state after ``events``; ``[]``
    after undo/redo or a full refresh) and, if they hold resources beyond the
    docks and menu actions made with the helpers here, :meth:`detach`.
    """

    def __init__(self, window: PlayWindow, session: GameSession) -> None:
        self.window = window
        self.session = session
        self._docks: list[QDockWidget] = []

    @property
    def menu(self) -> QMenu:
        """The window's Game menu (emptied when this UI is detached)."""
        return self.window.game_menu

    def add_dock(self, title: str, widget, name: str, area=None) -> QDockWidget:
        from PySide6.QtCore import Qt

        dock = QDockWidget(title, self.window)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.window.addDockWidget(area or Qt.DockWidgetArea.LeftDockWidgetArea, dock)
        toggle = dock.toggleViewAction()
        toggle.setStatusTip(f"Show or hide the {title} panel")
        self.window.view_menu.addAction(toggle)
        self._docks.append(dock)
        return dock

    def attach(self) -> None:
        """Build docks and menu entries and connect to the scene."""

    def refresh(self, events: list[Event]) -> None:
        """Bring the game's own widgets in line with the session's state."""

    def detach(self) -> None:
        """Remove everything this UI added to the window."""
        for dock in self._docks:
            self.window.view_menu.removeAction(dock.toggleViewAction())
            self.window.removeDockWidget(dock)
            dock.deleteLater()
        self._docks.clear()
        self.menu.clear()


def game_ui_for(window: PlayWindow, session: GameSession) -> GameUI | None:
    """A new GameUI for the session's game, or None if the game has none yet."""
    target = GAME_UIS.get(session.scenario.game)
    if target is None:
        return None
    module_name, _, cls_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            return None  # that game's play UI is not written yet
        raise
    return getattr(module, cls_name)(window, session)
