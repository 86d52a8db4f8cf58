"""Conformance of the game UIs: every registered game's UI (and free play's) opens
on a fresh game offscreen, through its manifest, and one legal action is done
through it with real mouse events, as a player would.

Each game brings its driver in ``tests/ui/<game>/ui_driver.py``: a function
``drive(qtbot, window)`` doing one legal action through the UI (and optionally
``SCENARIO`` and ``RULES`` to open, else the game's first installed scenario
with the rules enforced).  A registered game without a driver fails the test:
a new game's UI must show it can be played before it lands.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from ffl import catalog
from ffl.games import free_play, games

HERE = Path(__file__).resolve().parent


def _driver(game_id: str):
    path = HERE / game_id / "ui_driver.py"
    assert path.is_file(), f"{game_id} has no UI driver ({path.relative_to(HERE.parents[1])})"
    spec = importlib.util.spec_from_file_location(f"ui_driver_{game_id}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _session(game_id: str, driver):
    scenario = getattr(driver, "SCENARIO", None) or next(
        s.id for s in catalog.list_scenarios() if s.game == game_id)
    return catalog.new_session(scenario, seed=3, rules=getattr(driver, "RULES", None))


@pytest.mark.parametrize("game_id", [*games(), "free"])
def test_each_game_ui_opens_on_a_fresh_game_and_plays_one_legal_action(game_id, qtbot,
                                                                        tmp_path):
    from ffl.ui.app import create_app, main_window

    driver = _driver(game_id)
    create_app()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("ffl/animate_dice", False)
    window = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    qtbot.waitExposed(window)
    window.set_session(_session(game_id, driver))
    qtbot.wait(20)
    window.map.fit()
    manifest = free_play() if game_id == "free" else games()[game_id]
    assert type(window.game_ui) is manifest.ui_class()
    session = window.session
    before, steps = session.state.hash(), len(session.log.steps)
    driver.drive(qtbot, window)
    assert session.state.hash() != before, window.statusBar().currentMessage()
    assert len(session.log.steps) == steps + 1, "one action, one undoable step"
    assert all(e.rule for e in session.log.events[session.log.steps[-2]:])
    window._closing_confirmed = True
