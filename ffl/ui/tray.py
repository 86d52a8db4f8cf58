"""TrayList: a list of pieces off the map that are dragged onto the map by hand.

Shared by the game UIs (the French Foreign Legion unit tray, the free-play
piece tray).  The owner (``tray``) gets ``drag_over(piece_id, global_pos)``
while the mouse moves with a piece and ``drop(piece_id, global_pos)`` when it
is released; it turns the screen position into a scene position through its
host (:meth:`~ffl.ui.host.GameHost.scene_pos_at`).  Items without a piece id
in :data:`PID_ROLE` (group headings) are never dragged.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QListWidget

PID_ROLE = Qt.ItemDataRole.UserRole


class TrayList(QListWidget):
    """A list whose items are dragged onto the map with the mouse.

    The drag is done by hand (press here, release over the map) rather than
    with QDrag, so it behaves the same on every platform and under test.
    """

    def __init__(self, tray) -> None:
        super().__init__()
        self.setObjectName("trayList")
        self.tray = tray
        self._pressed: tuple[str, QPoint] | None = None
        self.dragging: str | None = None

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        super().mousePressEvent(event)
        item = self.itemAt(event.position().toPoint())
        if item is not None and event.button() == Qt.MouseButton.LeftButton:
            self._pressed = (item.data(PID_ROLE), event.position().toPoint())

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._pressed is None:
            super().mouseMoveEvent(event)
            return
        pid, start = self._pressed
        pos = event.position().toPoint()
        if self.dragging is None and (pos - start).manhattanLength() \
                >= QApplication.startDragDistance():
            self.dragging = pid
            self.setCursor(Qt.CursorShape.ClosedHandCursor)
        if self.dragging:
            self.tray.drag_over(pid, self.mapToGlobal(pos))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        pid = self.dragging
        self._pressed, self.dragging = None, None
        self.unsetCursor()
        if pid:
            self.tray.drop(pid, self.mapToGlobal(event.position().toPoint()))
            return
        super().mouseReleaseEvent(event)
