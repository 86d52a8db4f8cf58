"""Fixtures for the editor tests: a shown editor window with its own settings
file and data folder, and helpers that drive the map with real mouse events."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

sys.path.insert(0, str(Path(__file__).resolve().parent))
from editor_helpers import Mouse  # noqa: E402


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


@pytest.fixture
def mouse(editor):
    return Mouse(editor)
