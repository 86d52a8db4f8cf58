"""GameHost: the narrow interface through which a game's UI uses the play window.

A game UI (:class:`~ffl.ui.game_ui.GameUI`) never sees the window itself.  It
gets a host that can add docks, a tool bar and Game-menu entries, show a
status line and a hover line, hand it the map's mouse input as scene
positions, cover the screen between hot-seat players, open dialogs and replace
the game.  Everything a UI adds through its host is taken away again by
:meth:`WindowHost.close` when the game is replaced, so a UI needs no clean-up
code of its own for those parts.

This module does not import the window (``ffl.ui.window`` imports it), which
keeps the window/game-UI import graph free of cycles.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMenu, QToolBar, QWidget

from .actions import make_action
from .handover import HandOver

if TYPE_CHECKING:
    from .board_scene import BoardScene

STATUS_MS = 10_000


class MapInput(Protocol):
    """What a game UI does with the mouse on the map (positions in scene units).

    Each method returns True when it used the event; anything else goes on to
    the view, which pans and zooms.
    """

    def map_press(self, pos: QPointF, button: Qt.MouseButton,
                  modifiers: Qt.KeyboardModifier) -> bool: ...

    def map_move(self, pos: QPointF) -> bool: ...

    def map_release(self, pos: QPointF, button: Qt.MouseButton) -> bool: ...

    def map_wheel(self, pos: QPointF, steps: int) -> bool:
        """Shift+wheel over the map (the plain wheel always zooms): ``steps``
        notches, positive towards the user (clockwise for a unit)."""
        ...


class GameHost(Protocol):
    """What a game UI may use of the play window (see the module docstring)."""

    settings: QSettings

    @property
    def scene(self) -> BoardScene: ...

    def parent_widget(self) -> QWidget: ...

    def add_dock(self, title: str, widget: QWidget, name: str,
                 area: Qt.DockWidgetArea = ..., size: int | None = None) -> QDockWidget: ...

    def add_tool_bar(self, widget: QWidget, name: str, title: str) -> QToolBar: ...

    def add_action(self, text: str, slot: Callable | None = None, shortcuts: Sequence[str] = (),
                   name: str = "", tip: str = "", checkable: bool = False,
                   checked: bool = False) -> QAction: ...

    def add_menu_action(self, action: QAction) -> None: ...

    def add_separator(self) -> None: ...

    def show_status(self, text: str, ms: int = STATUS_MS) -> None: ...

    def set_hover_text(self, text: str) -> None: ...

    def on_hover(self, callback: Callable[[str], None]) -> None: ...

    def set_map_input(self, handler: MapInput) -> None: ...

    def global_pos(self, scene_pos: QPointF) -> QPoint: ...

    def scene_pos_at(self, global_pos: QPoint) -> QPointF | None: ...

    def board_area_changed(self) -> None: ...

    def hand_over(self, text: str, button: str = "I am ready") -> HandOver: ...

    def covered(self) -> bool: ...

    def reader_side(self, side: str) -> str: ...

    def popup(self, menu: QMenu, scene_pos: QPointF) -> None: ...

    def stack_docks(self, docks: Sequence[QDockWidget], heights: Sequence[int]) -> None: ...

    def refresh(self) -> None: ...

    def replace_session(self, session) -> None: ...


class _MapFilter(QObject):
    """The viewport event filter turning mouse and wheel events into MapInput calls."""

    def __init__(self, host: WindowHost, handler: MapInput) -> None:
        super().__init__(host.window)
        self.host, self.handler = host, handler

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        t = event.type()
        if t not in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseMove,
                     QEvent.Type.MouseButtonRelease, QEvent.Type.Wheel):
            return False
        if self.host.covered():
            return True
        view = self.host.window.map
        pos = view.mapToScene(event.position().toPoint())
        if t == QEvent.Type.MouseButtonPress:
            if event.button() == Qt.MouseButton.MiddleButton:
                return False
            return self.handler.map_press(pos, event.button(), event.modifiers())
        if t == QEvent.Type.MouseMove:
            return self.handler.map_move(pos)
        if t == QEvent.Type.MouseButtonRelease:
            return self.handler.map_release(pos, event.button())
        # the wheel always zooms (the view does it); only Shift+wheel is the
        # game's (turning a unit), and with Shift some systems report the
        # turn of the wheel as a horizontal one
        if not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            return False
        delta = event.angleDelta().y() or event.angleDelta().x()
        if not delta:
            return False
        steps = -round(delta / 120) or (1 if delta < 0 else -1)
        return self.handler.map_wheel(pos, steps)


class WindowHost:
    """The play window's :class:`GameHost`, for one game UI at a time."""

    def __init__(self, window) -> None:
        self.window = window
        self.settings: QSettings = window.settings
        self._docks: list[QDockWidget] = []
        self._toolbars: list[QToolBar] = []
        self._actions: list[QAction] = []
        #: the actions add_action made (children of the window): deleted by close,
        #: or each would keep the game UI its slot belongs to alive (issue 12)
        self._made: list[QAction] = []
        self._filter: _MapFilter | None = None
        self._hover: list[Callable[[str], None]] = []
        self._handover: HandOver | None = None

    # -- reading ------------------------------------------------------------------------

    @property
    def scene(self) -> BoardScene:
        return self.window.scene

    def parent_widget(self) -> QWidget:
        """The widget to parent dialogs and menus to."""
        return self.window

    # -- adding to the window ----------------------------------------------------------------

    def add_dock(self, title: str, widget: QWidget, name: str,
                 area: Qt.DockWidgetArea = Qt.DockWidgetArea.LeftDockWidgetArea,
                 size: int | None = None) -> QDockWidget:
        """A dock (with its View-menu toggle); ``size`` is its width on the left or
        right, its height at the top or bottom."""
        dock = QDockWidget(title, self.window)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.window.addDockWidget(area, dock)
        toggle = dock.toggleViewAction()
        toggle.setStatusTip(f"Show or hide the {title} panel")
        self.window.view_menu.addAction(toggle)
        self._docks.append(dock)
        if size is not None:
            across = area in (Qt.DockWidgetArea.LeftDockWidgetArea,
                              Qt.DockWidgetArea.RightDockWidgetArea)
            self.window.resizeDocks([dock], [size], Qt.Orientation.Horizontal if across
                                    else Qt.Orientation.Vertical)
        return dock

    def stack_docks(self, docks: Sequence[QDockWidget], heights: Sequence[int]) -> None:
        """Share the height of docks placed one above the other."""
        self.window.resizeDocks(list(docks), list(heights), Qt.Orientation.Vertical)

    def add_tool_bar(self, widget: QWidget, name: str, title: str) -> QToolBar:
        """A fixed tool bar across the top holding ``widget``."""
        bar = QToolBar(title, self.window)
        bar.setObjectName(name)
        bar.setMovable(False)
        bar.addWidget(widget)
        self.window.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        self._toolbars.append(bar)
        return bar

    def add_action(self, text: str, slot: Callable | None = None, shortcuts: Sequence[str] = (),
                   name: str = "", tip: str = "", checkable: bool = False,
                   checked: bool = False) -> QAction:
        """A Game-menu entry whose shortcuts work anywhere in the window.  A
        checkable one calls ``slot(on)`` when toggled."""
        action = make_action(self.window, text, shortcuts, name, tip)
        self._made.append(action)
        if checkable:
            action.setCheckable(True)
            action.setChecked(checked)
            if slot is not None:
                action.toggled.connect(slot)
        elif slot is not None:
            action.triggered.connect(lambda _=False: slot())
        self.add_menu_action(action)
        return action

    def add_menu_action(self, action: QAction) -> None:
        """Put an action made elsewhere (a dock's toggle) in the Game menu."""
        self.window.game_menu.addAction(action)
        self.window.addAction(action)
        self._actions.append(action)
        self.window.game_menu.menuAction().setVisible(True)

    def add_separator(self) -> None:
        self.window.game_menu.addSeparator()

    # -- telling the player -----------------------------------------------------------------

    def show_status(self, text: str, ms: int = STATUS_MS) -> None:
        """A message in the status line; it goes by itself when the game moves
        on to another prompt (phase, side or game)."""
        self.window.show_status(text, ms)

    def set_hover_text(self, text: str) -> None:
        """The line naming what is under the cursor (the window fills it for spaces)."""
        self.window.hover_label.setText(text)

    def on_hover(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(space key)`` after the window named the space under the
        cursor ("" off the board), so the game may add to the hover line."""
        self._hover.append(callback)
        self.window.map.spaceHovered.connect(callback)

    def hand_over(self, text: str, button: str = "I am ready") -> HandOver:
        """Cover the whole window (map, docks, log) until the player is ready."""
        if self._handover is None:
            # closing the program stays possible; nothing else works behind it
            self._handover = HandOver(self.window, [getattr(self.window, "quit_action", None)])
        self._handover.show_for(text, button)
        return self._handover

    def covered(self) -> bool:
        return self._handover is not None and self._handover.isVisible()

    def reader_side(self, side: str) -> str:
        """The side as whom the screen shows the game while ``side`` acts: ``side``
        itself when a person here plays it; when the computer plays it, the side
        played at this screen (:func:`ffl.ui.opponent.screen_side`), so that the
        program's secret steps are never drawn for the person watching."""
        from .opponent import screen_side  # imported late: opponent.py needs the window

        return screen_side(self.window, side)

    # -- the map ---------------------------------------------------------------------------

    def set_map_input(self, handler: MapInput) -> None:
        """Hand the map's mouse and wheel events to ``handler`` first."""
        if self._filter is not None:
            self.window.map.viewport().removeEventFilter(self._filter)
        self._filter = _MapFilter(self, handler)
        self.window.map.viewport().installEventFilter(self._filter)

    def global_pos(self, scene_pos: QPointF) -> QPoint:
        """Where a scene point is on the screen (to pop a menu up there)."""
        view = self.window.map
        return view.viewport().mapToGlobal(view.mapFromScene(scene_pos))

    def scene_pos_at(self, global_pos: QPoint) -> QPointF | None:
        """The scene point under a screen point, or None off the map."""
        view = self.window.map
        local = view.viewport().mapFromGlobal(global_pos)
        if not view.viewport().rect().contains(local):
            return None
        return view.mapToScene(local)

    def board_area_changed(self) -> None:
        """The scene's board area grew (areas drawn beside the board): refit."""
        self.window.overview.refit()

    def popup(self, menu: QMenu, scene_pos: QPointF) -> None:
        menu.popup(self.global_pos(scene_pos))

    # -- the game ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw everything from the session's state (after a preference changed)."""
        self.window.refresh()

    def replace_session(self, session) -> None:
        """Show another game instead (after the current call has returned)."""
        from PySide6.QtCore import QTimer

        QTimer.singleShot(0, lambda: self.window.set_session(session))

    # -- leaving ----------------------------------------------------------------------------

    def close(self) -> None:
        """Take away everything added through this host."""
        w = self.window
        # the game's docks, tool bars and actions are deleted after File › Open's
        # paint (PlayWindow.retire, issue 12)
        retire = getattr(w, "retire", None) or (lambda thing: thing.deleteLater())
        if self._filter is not None:
            w.map.viewport().removeEventFilter(self._filter)
            self._filter.deleteLater()
            self._filter = None
        for callback in self._hover:
            w.map.spaceHovered.disconnect(callback)
        self._hover.clear()
        for action in self._actions:
            w.removeAction(action)
        self._actions.clear()
        for action in self._made:
            retire(action)
        self._made.clear()
        w.game_menu.clear()
        w.game_menu.menuAction().setVisible(False)
        for bar in self._toolbars:
            w.removeToolBar(bar)
            retire(bar)
        self._toolbars.clear()
        for dock in self._docks:
            w.view_menu.removeAction(dock.toggleViewAction())
            w.removeDockWidget(dock)
            retire(dock)
        self._docks.clear()
        if self._handover is not None:
            self._handover.deleteLater()
            self._handover = None
