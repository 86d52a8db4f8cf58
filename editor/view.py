"""EditorView: the play window's MapView (zoom, pan) handing the left mouse
button to the current map tool.  The middle button and the wheel still pan
and zoom."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QGraphicsView

from ffl.ui.map_view import MapView
from ffl.ui.style import UNIT


class EditorView(MapView):
    """The map being edited; ``tool`` receives board-unit positions."""

    def __init__(self, parent=None) -> None:
        super().__init__(None, parent)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.tool = None
        self._left = False

    def _board_pos(self, event: QMouseEvent) -> tuple[float, float]:
        p = self.mapToScene(event.position().toPoint())
        return p.x() / UNIT, p.y() / UNIT

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton and self.tool and self.scene():
            self._left = True
            self.setFocus()
            self.tool.press(*self._board_pos(event), event.modifiers())
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self.tool and self.scene():
            self.tool.move(*self._board_pos(event), self._left)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton and self._left:
            self._left = False
            if self.tool and self.scene():
                self.tool.release(*self._board_pos(event))
            event.accept()
            return
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if event.button() == Qt.MouseButton.LeftButton and self.tool and self.scene():
            self.tool.double_click(*self._board_pos(event))
            event.accept()
            return
        super().mouseDoubleClickEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802
        if self.tool and self.tool.key(event.key()):
            event.accept()
            return
        super().keyPressEvent(event)
