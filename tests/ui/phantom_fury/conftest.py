"""Phantom Fury UI tests: a play window on the real module, offscreen."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))


@pytest.fixture
def pf_window(qtbot, tmp_path):
    """A shown play window on a new Phantom Fury game (seed 3, rules enforced)."""
    from ffl import catalog
    from ffl.ui.app import create_app, main_window

    create_app()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("ffl/animate_dice", False)
    window = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    window.set_session(catalog.new_session("phantom_fury/jolan", seed=3))
    qtbot.wait(20)
    yield window
    window._closing_confirmed = True
