"""The window the picture scripts of The Legend Begins (make_screenshot.py,
make_air_shot.py, make_scenario_shots.py) draw in: a shown 1600x1000 play window
with scratch settings and data folder and no autosave, so the user's files are
untouched."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QApplication

from ffl.ui.app import scratch_window
from ffl.ui.window import PlayWindow

SIZE = QSize(1600, 1000)


def shot_window(prefix: str) -> tuple[QApplication, PlayWindow]:
    """The application and a shown play window (``prefix`` names its scratch folder)."""
    return scratch_window(SIZE, prefix)
