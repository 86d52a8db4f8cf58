"""Start-up of the play program (issue 12): PySide6's look for its name in each new
module's source gives the same answers when it reads the file's bytes, and the
collector is off while the window and its first game are made, on again once the
map has painted the game (or at once when no game is shown).  Real modules, a
real window and a real game; the times are in tests/bench/bench_startup.py."""

from __future__ import annotations

import gc
import importlib
import sys

import pytest
from PySide6.QtCore import QSettings

from ffl.ui import app as ffl_app

MODULES = ("ffl.ui.window", "ffl.ui.ffl.framing", "ffl.engine.board", "json",
           "numpy._core.numeric", "sys", "_sqlite3")


@pytest.fixture
def collecting():
    """The collector on for the test, as it was afterwards."""
    was = gc.isenabled()
    gc.enable()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


def test_pysides_source_check_reads_bytes_with_the_same_answers():
    feature = sys.modules["shibokensupport.feature"]
    check = feature._mod_uses_pyside
    assert getattr(check, "reads_bytes", False)        # installed by importing ffl.ui.app
    ffl_app.quick_pyside_source_check()                 # a second call changes nothing
    assert feature._mod_uses_pyside is check
    own = check.own_check                               # PySide6's own check
    answers = {}
    for name in MODULES:
        module = importlib.import_module(name)
        answers[name] = check(module)
        assert answers[name] == own(module), name
    assert answers["ffl.ui.window"] and answers["ffl.ui.ffl.framing"]
    assert not any(answers[n] for n in ("json", "numpy._core.numeric", "sys", "_sqlite3"))


def window(tmp_path, qtbot):
    ffl_app.create_app()
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    w = ffl_app.main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
    qtbot.addWidget(w)
    w._closing_confirmed = True
    w.resize(1366, 768)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_the_collector_is_off_until_the_map_has_painted_the_game(collecting, tmp_path, qtbot):
    paused = ffl_app.CollectorPaused()
    assert not gc.isenabled()
    w = window(tmp_path, qtbot)
    paused.until_game_painted(w)
    qtbot.wait(30)                          # the empty window paints: still off
    assert not gc.isenabled()
    assert w.open_scenario("ffl/basic", seed=1)
    qtbot.waitUntil(gc.isenabled, timeout=5000)
    assert not paused.paused
    paused.resume()                         # once only
    assert gc.isenabled()


def test_the_collector_comes_back_at_once_when_no_game_is_shown(collecting, tmp_path, qtbot):
    paused = ffl_app.CollectorPaused()
    w = window(tmp_path, qtbot)
    paused.until_game_painted(w)
    paused.resume()
    assert gc.isenabled()
    assert w.open_scenario("ffl/basic", seed=1)
    qtbot.wait(50)
    assert gc.isenabled()


def test_a_collector_already_off_is_left_off(collecting, tmp_path, qtbot):
    gc.disable()
    paused = ffl_app.CollectorPaused()
    w = window(tmp_path, qtbot)
    paused.until_game_painted(w)
    assert w.open_scenario("ffl/basic", seed=1)
    qtbot.wait(50)
    paused.resume()
    assert not gc.isenabled()
