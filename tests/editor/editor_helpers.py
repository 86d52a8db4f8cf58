"""Helpers for the editor tests: real mouse events on the editor's map, and a
canonical text of a module dump for comparisons."""

from __future__ import annotations

import json

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from ffl.ui.style import UNIT


class Mouse:
    """Real mouse events on the editor's map, addressed in board units."""

    def __init__(self, window) -> None:
        self.window = window
        self.view = window.view

    def at(self, x: float, y: float) -> QPoint:
        return self.view.mapFromScene(QPointF(x * UNIT, y * UNIT))

    def click(self, x: float, y: float, mods=Qt.KeyboardModifier.NoModifier) -> None:
        QTest.mouseClick(self.view.viewport(), Qt.MouseButton.LeftButton, mods, self.at(x, y))

    def double_click(self, x: float, y: float) -> None:
        QTest.mouseDClick(self.view.viewport(), Qt.MouseButton.LeftButton,
                          Qt.KeyboardModifier.NoModifier, self.at(x, y))

    def drag(self, points, mods=Qt.KeyboardModifier.NoModifier) -> None:
        vp = self.view.viewport()
        first, *rest = points
        QTest.mousePress(vp, Qt.MouseButton.LeftButton, mods, self.at(*first))
        for p in rest:
            QTest.mouseMove(vp, self.at(*p))
        QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, mods, self.at(*points[-1]))


def canonical(data) -> str:
    return json.dumps(data, sort_keys=True)
