"""Fixture for the card-game play UI: a real play window (own settings file and
data folder under tmp_path) on the installed card-game module."""

from __future__ import annotations

import pytest
from card_ui_helpers import SEED
from PySide6.QtCore import QSettings


@pytest.fixture
def card_window(qtbot, tmp_path):
    """Open a card-game scenario in a shown play window: ``card_window(id, seed)``."""
    from ffl.ui.app import create_app, main_window

    create_app()

    def make(scenario_id: str = "card_game/2p", seed: int = SEED, session=None):
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        window = main_window(settings=settings, data_folder=tmp_path / "data")
        qtbot.addWidget(window)
        window.resize(1400, 900)
        window.show()
        qtbot.waitExposed(window)
        if session is not None:
            window.set_session(session)
        else:
            assert window.open_scenario(scenario_id, seed=seed)
        qtbot.wait(20)
        window.map.fit()
        return window

    yield make
