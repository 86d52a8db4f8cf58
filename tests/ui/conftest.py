"""Fixtures for the play-window tests: the tiny test game installed in a
temporary scenarios folder, and a play window with its own settings file and
data folder."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from real_games import game_window  # noqa: E402, F401 (a window on an installed game)
from ui_tiny_game import build_module  # noqa: E402

from ffl.games import GameManifest, games  # noqa: E402

TINY = GameManifest(id="tiny", title="Tiny Test Game", rulebook="the tests' own rules T.1-T.3",
                    controller="ui_tiny_game:TinyController", module_file="tiny.ffl",
                    builder="ui_tiny_game:build_module")


@pytest.fixture
def scenarios_dir(tmp_path, monkeypatch):
    """The tiny game registered and written as a real module file."""
    from ffl.store import save_module

    folder = tmp_path / "scenarios"
    folder.mkdir()
    monkeypatch.setitem(games(), "tiny", TINY)
    save_module(build_module(), folder / TINY.module_file)
    monkeypatch.setenv("FFL_SCENARIOS_DIR", str(folder))
    return folder


@pytest.fixture
def settings_path(tmp_path):
    return tmp_path / "settings.ini"


@pytest.fixture
def data_folder(tmp_path):
    return tmp_path / "data"


@pytest.fixture
def make_window(qtbot, settings_path, data_folder, scenarios_dir):
    """Build a shown play window (call again for a 'next start' of the program)."""
    from ffl.ui.app import create_app, main_window

    create_app()

    def make(show: bool = True):
        settings = QSettings(str(settings_path), QSettings.Format.IniFormat)
        window = main_window(settings=settings, data_folder=data_folder)
        qtbot.addWidget(window)
        if show:
            window.resize(1000, 700)
            window.show()
            qtbot.waitExposed(window)
        return window

    return make


@pytest.fixture
def window(make_window, qtbot):
    """A play window showing the tiny square scenario (seed 5)."""
    w = make_window()
    assert w.open_scenario("tiny/squares", seed=5)
    qtbot.wait(20)
    return w
