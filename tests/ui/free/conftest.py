"""Fixtures for the free-play UI tests: a module made from scratch with the
editor's functions and saved to a real file, and real play windows (settings
file and data folder in tmp_path)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from free_module import write_module  # noqa: E402


@pytest.fixture
def module_file(tmp_path) -> Path:
    """The editor-made hex module, written through the editor's save path."""
    return write_module(tmp_path / "border-skirmish.ffl")


@pytest.fixture
def make_play_window(qtbot, tmp_path):
    """make() -> a shown play window (call again for a second window)."""
    from ffl.ui.app import create_app, main_window

    create_app()

    def make():
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        window = main_window(settings=settings, data_folder=tmp_path / "data")
        qtbot.addWidget(window)
        window.resize(1400, 900)
        window.show()
        qtbot.waitExposed(window)
        window._closing_confirmed = True   # tests never answer the save question
        return window

    return make


@pytest.fixture
def free_window(make_play_window, module_file, qtbot):
    """A play window showing the editor-made module, opened as ``ffl open FILE`` does."""
    window = make_play_window()
    assert window.open_path(module_file)
    qtbot.wait(10)
    window.map.fit()
    return window
