"""The Units dock's scroll area: the tray scrolls in height on a short screen,
never in width (its buttons and texts keep the width they need)."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QListWidget, QScrollArea

#: a list in the tray never shows fewer rows than this (a short dock scrolls instead)
LIST_ROWS = 4


def list_rows_height(lst: QListWidget, rows: int = LIST_ROWS) -> int:
    """The height that shows ``rows`` rows of ``lst`` (its frame included)."""
    return rows * (lst.fontMetrics().height() + 2) + 2 * lst.frameWidth() + 4


class TrayScroller(QScrollArea):
    """A vertical scroll area as wide as the tray needs (with room for its scroll
    bar): the dock never narrows the tray's buttons and texts; only height scrolls."""

    def _width(self) -> int:
        inner = self.widget()
        need = inner.minimumSizeHint().width() if inner is not None else 0
        return need + self.verticalScrollBar().sizeHint().width() + 2 * self.frameWidth()

    def eventFilter(self, watched, event) -> bool:  # noqa: N802
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()       # the tray's width changed: the dock follows
        return super().eventFilter(watched, event)

    def minimumSizeHint(self):  # noqa: N802
        size = super().minimumSizeHint()
        size.setWidth(max(size.width(), self._width()))
        return size

    def sizeHint(self):  # noqa: N802
        size = super().sizeHint()
        size.setWidth(max(size.width(), self._width()))
        return size
