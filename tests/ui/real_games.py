"""A shown play window on an installed game (French Foreign Legion, the card
game), with its own settings file and data folder, for the tests of the
window's generic parts that need a real game."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings


@pytest.fixture
def game_window(qtbot, tmp_path):
    """``game_window(scenario_id, seed=7, rules=None, prefs=None)``: a shown
    1280x820 play window on a new game of an installed scenario."""
    from ffl.ui.app import create_app, main_window

    create_app()

    def make(scenario_id: str = "ffl/basic", seed: int = 7, rules: str | None = None,
             prefs: dict | None = None):
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        settings.setValue("ffl/animate_dice", False)
        for k, v in (prefs or {}).items():
            settings.setValue(k, v)
        window = main_window(settings=settings, data_folder=tmp_path / "data")
        qtbot.addWidget(window)
        window.resize(1280, 820)
        window.show()
        qtbot.waitExposed(window)
        assert window.open_scenario(scenario_id, seed=seed, rules=rules)
        window._closing_confirmed = True   # tests never answer the save question
        qtbot.wait(20)
        window.map.fit()
        return window

    return make
