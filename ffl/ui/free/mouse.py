"""The mouse on the map in free play.

* Left-press a counter and drag it onto any other space; releasing it off the
  board or on the space it came from changes nothing.  A press on empty
  ground goes on to the view, which pans.
* Shift+wheel over a counter turns it one facing (the plain wheel zooms the view).
* Right-click a counter: flip, turn, markers, level, take it off the map.
* Pieces dragged from the tray land here too (:meth:`MapMouse.tray_drop`).

Positions are scene points (the host hands them over); the counter under the
cursor is the topmost whose printed square holds the point, so the facing
arrows sticking out of neighbouring counters never catch a press.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QApplication, QMenu

from ffl.ui.counters import CounterItem, facing_name, is_flipped

Z_DRAGGED = 1000


class MapMouse:
    """Press, move, release and wheel on the map for the :class:`FreePlayUI`."""

    def __init__(self, ui) -> None:
        self.ui = ui
        self.pressed: str | None = None
        self.start: QPointF | None = None
        self.dragging = False
        self.menu: QMenu | None = None

    @property
    def scene(self):
        return self.ui.scene

    # -- finding things --------------------------------------------------------------

    def counter_at(self, pos: QPointF) -> CounterItem | None:
        """The topmost counter whose body (not its arrow) holds ``pos``."""
        for item in self.scene.items(pos):     # topmost first
            if isinstance(item, CounterItem) and item.isVisible():
                p, half = item.mapFromScene(pos), item.size / 2
                if abs(p.x()) <= half and abs(p.y()) <= half:
                    return item
        return None

    def space_key(self, pos: QPointF | None) -> str | None:
        if pos is None:
            return None
        space = self.scene.space_at(pos)
        return space.key if space is not None else None

    def _far_enough(self, pos: QPointF) -> bool:
        """The mouse moved far enough on screen from the press to start a drag."""
        host = self.ui.host
        moved = host.global_pos(pos) - host.global_pos(self.start)
        return moved.manhattanLength() >= QApplication.startDragDistance()

    # -- the map input (MapInput) ----------------------------------------------------------

    def press(self, pos: QPointF, button, modifiers) -> bool:
        item = self.counter_at(pos)
        if item is None:
            if button == Qt.MouseButton.LeftButton:
                self.ui.select(None)
            return False    # empty ground: the view pans
        pid = item.piece_id
        self.ui.select(pid)
        if button == Qt.MouseButton.RightButton:
            self.context_menu(pid, pos)
            return True
        if button != Qt.MouseButton.LeftButton:
            return False
        self.pressed, self.start, self.dragging = pid, QPointF(pos), False
        return True

    def move(self, pos: QPointF) -> bool:
        if self.pressed is None:
            return False
        item = self.scene.counter(self.pressed)
        if item is None:
            self.pressed = None
            return False
        if not self.dragging and not self._far_enough(pos):
            return True
        self.dragging = True
        item.setZValue(Z_DRAGGED)
        item.setPos(pos)
        self.ui.overlay.follow(pos)
        key = self.space_key(pos)
        self.ui.overlay.show_target(key)
        where = self.scene.board[key].label if key else "off the board"
        self.ui.host.set_hover_text(f"{self.ui.piece_name(self.pressed)} → {where}")
        return True

    def release(self, pos: QPointF, button) -> bool:
        pid, dragged = self.pressed, self.dragging
        self.pressed, self.start, self.dragging = None, None, False
        if pid is None:
            return False
        if not dragged:
            return True     # a click: the counter is chosen
        self.ui.overlay.show_target(None)
        key = self.space_key(pos)
        piece = self.ui.state.pieces[pid]
        if key is None or key == piece.space:
            self.ui.redraw()     # back where it was
            self.ui.host.show_status(
                "Dropped off the board: nothing moved." if key is None else
                f"{self.ui.piece_name(pid)} stays on {self.scene.board[key].label}.")
            return True
        self.ui.move(pid, key)
        return True

    def wheel(self, pos: QPointF, steps: int) -> bool:
        item = self.counter_at(pos)
        if item is None:
            return False    # the view zooms
        self.ui.select(item.piece_id)
        self.ui.turn(steps)
        return True

    # -- the tray's drag -------------------------------------------------------------------

    def tray_hover(self, pid: str, pos: QPointF | None) -> None:
        self.ui.overlay.show_target(self.space_key(pos))

    def tray_drop(self, pid: str, pos: QPointF | None) -> None:
        self.ui.overlay.show_target(None)
        key = self.space_key(pos)
        if key is None:
            self.ui.host.show_status("Drop a piece on a space of the map to put it there.")
            return
        self.ui.move(pid, key)

    # -- the context menu ------------------------------------------------------------------

    def context_menu(self, pid: str, pos: QPointF) -> QMenu:
        """Flip, turn, markers, level and take off, for counter ``pid``
        (non-blocking; kept in ``self.menu``)."""
        ui, piece = self.ui, self.ui.state.pieces[pid]
        if self.menu is not None:
            self.menu.deleteLater()     # one context menu at a time
        menu = QMenu(ui.host.parent_widget())
        menu.setObjectName("freeContextMenu")
        menu.setToolTipsVisible(True)
        name = ui.piece_name(pid)

        def add(target: QMenu, text: str, tip: str, slot) -> None:
            action = target.addAction(text)
            action.setToolTip(tip)
            action.setStatusTip(tip)
            action.triggered.connect(lambda _=False: slot())

        add(menu, "Flip\tCtrl+F", f"Turn {name} over to its "
            f"{'front' if is_flipped(piece) else 'back'}", lambda: ui.flip(pid))
        turn = menu.addMenu("Turn…")
        turn.setObjectName("freeTurnMenu")
        turn.setToolTipsVisible(True)
        add(turn, "Clockwise\tR", "Turn one facing clockwise", lambda: ui.turn(1, pid))
        add(turn, "Anticlockwise\tShift+R", "Turn one facing anticlockwise",
            lambda: ui.turn(-1, pid))
        turn.addSeparator()
        n = ui.facings()
        for f in range(n):
            add(turn, f"Face {facing_name(f, n)}", f"Turn {name} to face {facing_name(f, n)}",
                lambda f=f: ui.face(f, pid))
        menu.addSeparator()
        add(menu, "Add marker…\tCtrl+M", f"Put a marker (disrupted, spent, hit…) on {name}",
            lambda: ui.add_marker(pid))
        for marker, count in sorted(piece.markers.items()):
            add(menu, f"Remove marker {marker}" + (f" (x{count})" if count != 1 else ""),
                f"Take every {marker} marker off {name}",
                lambda m=marker: ui.remove_marker(m, pid))
        levels = ui.levels(piece.space) if piece.space else []
        if len(levels) > 1:
            menu.addSeparator()
            for level in levels:
                if level != piece.level:
                    add(menu, f"Move to level {level}", f"Put {name} on level {level} of "
                        f"this space", lambda lv=level: ui.move(pid, piece.space, lv))
        menu.addSeparator()
        add(menu, "Take off the map\tDel", f"Put {name} back in the Pieces tray",
            lambda: ui.remove(pid))
        ui.host.popup(menu, pos)
        self.menu = menu
        return menu
