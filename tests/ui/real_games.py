"""A shown play window on an installed game (French Foreign Legion, the card
game), with its own settings file and data folder, for the tests of the
window's generic parts that need a real game."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings


def shown_window(qtbot, tmp_path, size: tuple[int, int] = (1280, 820),
                 prefs: dict | None = None, autosave: bool = True):
    """A shown play window with no game yet: its own settings file (dice not
    animated, ``prefs`` set) and data folder under ``tmp_path``, ``size`` pixels,
    closing without the save question (tests never answer it)."""
    from ffl.ui.app import create_app, main_window

    create_app()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("ffl/animate_dice", False)
    for k, v in (prefs or {}).items():
        settings.setValue(k, v)
    window = main_window(settings=settings, data_folder=tmp_path / "data", autosave=autosave)
    qtbot.addWidget(window)
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    window._closing_confirmed = True
    return window


@pytest.fixture
def game_window(qtbot, tmp_path):
    """``game_window(scenario_id, seed=7, rules=None, prefs=None)``: a shown
    1280x820 play window on a new game of an installed scenario."""

    def make(scenario_id: str = "ffl/basic", seed: int = 7, rules: str | None = None,
             prefs: dict | None = None):
        window = shown_window(qtbot, tmp_path, prefs=prefs)
        assert window.open_scenario(scenario_id, seed=seed, rules=rules)
        qtbot.wait(20)
        window.map.fit()
        return window

    return make
