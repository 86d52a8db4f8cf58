"""File › Open (issue 12): the garbage collector is off from the open until the
window's map has painted the game opened, and on again once the window has
settled; it is never left off: not by a window that is hidden, never painted,
or closed first, nor by an open that fails or only asks a question.  Real
windows, real files; the times are in tests/bench/bench_startup.py (--open)."""

from __future__ import annotations

import gc

import pytest
from PySide6.QtCore import QEvent, QObject

from ffl.ui.window_gc import OPEN_FALLBACK_MS


@pytest.fixture
def collecting():
    """The collector on for the test, and as it was afterwards."""
    was = gc.isenabled()
    gc.enable()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


@pytest.fixture
def save(window, tmp_path):
    """The tiny game's square scenario, saved."""
    path = tmp_path / "squares.fflsave"
    assert window.save_as(path)
    return path


class MapPaints(QObject):
    """Whether the collector was on at each paint of the map; ``swallow``: the
    paints never reach the map (a window covered or minimised)."""

    def __init__(self, window, swallow: bool = False) -> None:
        super().__init__()
        self.collecting: list[bool] = []
        self.swallow = swallow
        window.map.viewport().installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if event.type() == QEvent.Type.Paint:
            self.collecting.append(gc.isenabled())
            return self.swallow
        return False


def test_the_collector_is_off_from_file_open_until_the_map_has_painted(
        collecting, window, save, qtbot):
    qtbot.wait(20)
    paints = MapPaints(window)
    assert window.open_path(save)
    assert not gc.isenabled()       # the game was read and shown with it off
    qtbot.waitUntil(gc.isenabled, timeout=OPEN_FALLBACK_MS)
    assert paints.collecting[:1] == [False]     # the map painted the game first
    assert not window._open_pause.paused
    window._open_pause.resume()     # once only: it changes nothing now
    assert gc.isenabled()


def test_the_collector_comes_back_at_once_for_a_hidden_window(
        collecting, make_window, save, qtbot):
    hidden = make_window(show=False)
    assert hidden.open_path(save)
    assert gc.isenabled()           # no paint will come
    assert hidden.session is not None


def test_the_collector_comes_back_when_the_map_is_never_painted(
        collecting, window, save, qtbot):
    qtbot.wait(20)
    paints = MapPaints(window, swallow=True)
    assert window.open_path(save)
    assert not gc.isenabled()
    qtbot.waitUntil(gc.isenabled, timeout=3 * OPEN_FALLBACK_MS)   # the fallback timer
    window.map.viewport().removeEventFilter(paints)


def test_the_collector_comes_back_when_the_window_closes_first(
        collecting, window, save, qtbot):
    qtbot.wait(20)
    MapPaints(window, swallow=True)
    assert window.open_path(save)
    assert not gc.isenabled()
    window._closing_confirmed = True
    window.close()
    assert gc.isenabled()


def test_an_open_that_fails_turns_the_collector_on_at_once(collecting, window, qtbot, tmp_path):
    bad = tmp_path / "broken.fflsave"
    bad.write_bytes(b"this is not a saved game")
    shown = window.session
    assert not window.open_path(bad)
    assert window.last_error is not None and window.last_error.isVisible()
    assert gc.isenabled()
    assert window.session is shown          # the game shown before stays
    window.last_error.close()


def test_a_module_that_asks_which_scenario_turns_the_collector_on_at_once(
        collecting, window, scenarios_dir, qtbot):
    assert window.open_path(scenarios_dir / "tiny.ffl")
    assert window.scenario_dialog is not None and window.scenario_dialog.isVisible()
    assert gc.isenabled()
    window.scenario_dialog.reject()


def test_two_opens_at_once_leave_the_collector_on(collecting, window, save, qtbot):
    qtbot.wait(20)
    assert window.open_path(save)
    assert window.open_path(save)   # the second finds it off: the first turns it on
    qtbot.waitUntil(gc.isenabled, timeout=OPEN_FALLBACK_MS)
    qtbot.wait(50)
    assert gc.isenabled()


def test_a_collector_already_off_is_left_off(collecting, window, save, qtbot):
    gc.disable()
    assert window.open_path(save)
    qtbot.wait(150)
    assert not gc.isenabled()
    assert not window._open_pause.paused
