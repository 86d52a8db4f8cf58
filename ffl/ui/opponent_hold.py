"""The human waits while the program acts.

:class:`HumanHold` switches off, in the play window, everything through which
a person could act during the program's turn: clicks and keys on the map (the
wheel still zooms), the game's docks, the acting controls of the game's tool
bars (FFL's Draw chit and End phase; its level buttons, tool buttons that only
change the view, stay usable), the Game menu's commands (on/off settings stay)
and Undo/Redo.  The game UI refreshes itself after each of the program's moves
and may switch its own controls on again meanwhile: a held control is kept off
however often that happens, and what the game UI last asked for is what it gets
back when the hold ends (then the window refreshes, so the game's widgets
decide again).  The overview, the event log, zoom and saving stay open.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QToolBar, QWidget

from .replay_lock import ACTING


class _NoClicks(QObject):
    """Swallows the map's clicks and keys while the program acts (the wheel still zooms)."""

    BLOCKED = (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonRelease,
               QEvent.Type.MouseButtonDblClick, QEvent.Type.KeyPress)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        return event.type() in self.BLOCKED


class HumanHold(QObject):
    """Holds ``window``'s acting controls off while the program acts (see the
    module's text)."""

    def __init__(self, window, parent=None) -> None:
        super().__init__(parent)
        self.window = window
        self.active = False
        self._clicks = _NoClicks(self)
        self._docks: list[QDockWidget] = []
        #: held control -> whether its owner wants it on (restored when the hold ends)
        self._wish: dict[object, bool] = {}
        self._slots: dict[QAction, object] = {}
        self._quiet = False

    def on(self) -> None:
        """Hold the human back (again: controls made since are held too)."""
        w = self.window
        if not self.active:
            w.map.viewport().installEventFilter(self._clicks)
        self.active = True
        keep = {w.overview_dock, w.log_dock}
        for dock in w.findChildren(QDockWidget):
            if dock not in keep and dock.isEnabled():
                dock.setEnabled(False)
                self._docks.append(dock)
        for bar in w.findChildren(QToolBar):
            for kind in ACTING:
                for widget in bar.findChildren(kind):
                    if not widget.objectName().startswith("qt_"):
                        self._hold_widget(widget)
        for action in [*w.game_menu.actions(), w.undo_action, w.redo_action]:
            if not action.isCheckable() and not action.isSeparator():
                self._hold_action(action)

    def off(self, refresh: bool = True) -> None:
        """Give the controls back as their owners last wanted them."""
        if not self.active:
            return
        self.active = False
        w = self.window
        w.map.viewport().removeEventFilter(self._clicks)
        for dock in self._docks:
            try:
                dock.setEnabled(True)
            except RuntimeError:        # a dock of a game UI that has gone
                pass
        self._docks.clear()
        wishes, self._wish = self._wish, {}
        self._quiet = True
        try:
            for item, on in wishes.items():
                try:
                    if isinstance(item, QAction):
                        item.enabledChanged.disconnect(self._slots.pop(item))
                    else:
                        item.removeEventFilter(self)
                    item.setEnabled(on)
                except (RuntimeError, KeyError, TypeError):   # gone with its game UI
                    pass
        finally:
            self._quiet = False
            self._slots.clear()
        if refresh:
            w.refresh()     # the game's own widgets decide again what is open

    # -- holding one control --------------------------------------------------------------

    def _hold_widget(self, widget: QWidget) -> None:
        if widget in self._wish:
            return
        self._wish[widget] = not widget.testAttribute(Qt.WidgetAttribute.WA_ForceDisabled)
        widget.installEventFilter(self)
        self._off(widget)

    def _hold_action(self, action: QAction) -> None:
        if action in self._wish:
            return
        self._wish[action] = action.isEnabled()

        def changed(on: bool, a=action) -> None:
            if not self._quiet and a in self._wish:
                self._wish[a] = on          # what the game (or the window) wants now
                if on:
                    self._off(a)
        self._slots[action] = changed
        action.enabledChanged.connect(changed)
        self._off(action)

    def _off(self, item) -> None:
        self._quiet = True
        try:
            item.setEnabled(False)
        finally:
            self._quiet = False

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.EnabledChange and not self._quiet and obj in self._wish:
            self._wish[obj] = not obj.testAttribute(Qt.WidgetAttribute.WA_ForceDisabled)
            if self._wish[obj]:
                self._off(obj)
        return False
