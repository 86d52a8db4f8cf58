"""The window the picture scripts of The Legend Begins (make_screenshot.py,
make_air_shot.py, make_scenario_shots.py) draw in: a shown 1600x1000 play window
with scratch settings and data folder and no autosave, so the user's files are
untouched."""

from __future__ import annotations

import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings, QSize
from PySide6.QtWidgets import QApplication

from ffl.ui.app import create_app, main_window
from ffl.ui.window import PlayWindow

SIZE = QSize(1600, 1000)


def shot_window(prefix: str) -> tuple[QApplication, PlayWindow]:
    """The application and a shown play window (``prefix`` names its scratch folder)."""
    app = create_app()
    scratch = Path(tempfile.mkdtemp(prefix=prefix))
    settings = QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat)
    window = main_window(settings=settings, data_folder=scratch / "data", autosave=False)
    window.resize(SIZE)
    window.show()
    return app, window
