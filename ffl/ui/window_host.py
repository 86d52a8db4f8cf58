"""The play window's game host that keeps the frames of a game's docks and tool
bars for the next game (issue 12).

A game UI adds its docks and tool bars through its host, and the host took them
all away when the game was replaced: File › Open of another game of the same
kind made the same frames again and the window laid its dock areas out anew
(new title bars with their buttons and icons, every dock's place).  With
:class:`KeepingHost` the frames stay in the window, emptied, when the game goes;
the next game's UI takes the frame a fresh build would make at that place: the
same name, title and dock area, in the same order (the first one that differs,
and all after it, are made anew).  Only the frame is kept: everything in it is
the new UI's, made fresh, and the frame is shown and sized as a new one is.
The frames nobody took go once the new UI has attached (the window calls
:func:`drop_kept_frames`), so the window ends as after a fresh build.
"""

from __future__ import annotations

from PySide6.QtCore import QMetaObject, Qt
from PySide6.QtWidgets import QDockWidget, QToolBar, QWidget

from .host import WindowHost

LEFT = Qt.DockWidgetArea.LeftDockWidgetArea


class KeptFrames:
    """The emptied frames of the game replaced, in the order they were added."""

    def __init__(self) -> None:
        self.docks: list[tuple[QDockWidget, Qt.DockWidgetArea]] = []
        self.bars: list[QToolBar] = []


def kept_frames(window) -> KeptFrames:
    kept = getattr(window, "_kept_frames", None)
    if kept is None:
        kept = window._kept_frames = KeptFrames()
    return kept


def as_new(frame: QWidget) -> None:
    """Put a kept frame in the state of a new one just added to a shown window:
    hidden, but not hidden on purpose, and shown on the next turn of the event
    loop unless something hides it first (Qt's own ``addChildWidget``).  A game
    UI may look whether its dock is visible while it attaches (FFL folds away an
    empty unit tray that is): it must find what it finds on a fresh build."""
    frame.hide()
    frame.setAttribute(Qt.WidgetAttribute.WA_WState_ExplicitShowHide, False)
    parent = frame.parentWidget()
    if parent is not None and parent.isVisible():
        QMetaObject.invokeMethod(frame, "_q_showIfNotHidden",
                                 Qt.ConnectionType.QueuedConnection)


def drop_kept_frames(window, docks: bool = True, bars: bool = True) -> None:
    """Take the kept frames nobody took out of ``window`` (as a host's close did)."""
    kept = kept_frames(window)
    if docks:
        for dock, _area in kept.docks:
            window.view_menu.removeAction(dock.toggleViewAction())
            window.removeDockWidget(dock)
            dock.deleteLater()
        kept.docks.clear()
    if bars:
        for bar in kept.bars:
            window.removeToolBar(bar)
            bar.deleteLater()
        kept.bars.clear()


class KeepingHost(WindowHost):
    """A :class:`~ffl.ui.host.WindowHost` whose docks' and tool bars' frames
    outlive its game, for the next game's UI to take."""

    def __init__(self, window) -> None:
        super().__init__(window)
        self._areas: list[Qt.DockWidgetArea] = []   # of self._docks, in order

    def add_dock(self, title: str, widget: QWidget, name: str,
                 area: Qt.DockWidgetArea = LEFT, size: int | None = None) -> QDockWidget:
        kept, w = kept_frames(self.window), self.window
        if kept.docks:
            dock, was = kept.docks[0]
            if (dock.objectName() == name and dock.windowTitle() == title and was == area
                    and w.dockWidgetArea(dock) == area and not dock.isFloating()):
                kept.docks.pop(0)
                as_new(dock)
                dock.setWidget(widget)
                self._docks.append(dock)
                self._areas.append(area)
                if size is not None:
                    across = area in (LEFT, Qt.DockWidgetArea.RightDockWidgetArea)
                    w.resizeDocks([dock], [size], Qt.Orientation.Horizontal if across
                                  else Qt.Orientation.Vertical)
                return dock
            drop_kept_frames(w, bars=False)     # from here on, a fresh build's order
        dock = super().add_dock(title, widget, name, area, size)
        self._areas.append(area)
        return dock

    def add_tool_bar(self, widget: QWidget, name: str, title: str) -> QToolBar:
        kept = kept_frames(self.window)
        if kept.bars:
            bar = kept.bars[0]
            if bar.objectName() == name and bar.windowTitle() == title:
                kept.bars.pop(0)
                as_new(bar)
                bar.addWidget(widget)
                self._toolbars.append(bar)
                return bar
            drop_kept_frames(self.window, docks=False)
        return super().add_tool_bar(widget, name, title)

    def close(self) -> None:
        """As :meth:`WindowHost.close`, but the frames of the docks and tool bars stay
        in the window, emptied (what they held is deleted), for the next game."""
        docks, areas, bars = self._docks, self._areas, self._toolbars
        self._docks, self._areas, self._toolbars = [], [], []
        super().close()
        drop_kept_frames(self.window)       # frames of a game before that nobody took
        kept = kept_frames(self.window)
        for dock, area in zip(docks, areas, strict=True):
            content = dock.widget()
            dock.setWidget(None)
            if content is not None:
                content.deleteLater()
            kept.docks.append((dock, area))
        for bar in bars:
            for action in bar.actions():
                bar.removeAction(action)
                action.deleteLater()        # a tool bar's widget goes with its action
            kept.bars.append(bar)
