"""Fixtures for the editor tests: a shown editor window with its own settings
file and data folder, and helpers that drive the map with real mouse events."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QPoint, QPointF, QSettings, Qt
from PySide6.QtTest import QTest

from ffl.ui.style import UNIT


@pytest.fixture
def make_editor(qtbot, tmp_path):
    from editor.app import create_app
    from editor.window import EditorWindow

    create_app()

    def make(autosave: bool = False):
        settings = QSettings(str(tmp_path / "editor.ini"), QSettings.Format.IniFormat)
        window = EditorWindow(settings=settings, data_folder=tmp_path / "data",
                              autosave=autosave)
        window.ask_on_close = False
        qtbot.addWidget(window)
        window.resize(1300, 850)
        window.show()
        qtbot.waitExposed(window)
        return window

    return make


@pytest.fixture
def editor(make_editor):
    return make_editor()


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


@pytest.fixture
def mouse(editor):
    return Mouse(editor)


def canonical(data) -> str:
    return json.dumps(data, sort_keys=True)
