"""File › Open over a game of the same kind (issue 12): the window keeps the frames
of the game UI's docks and tool bar (ffl/ui/window_host.py) and fills them with
the new game's own, new contents; the old contents are deleted; a game of another
kind leaves no frame of the game before; a dock the player closed or floated
comes back as a new one does.  What the player then sees equals a fresh open:
tests/ui/test_reopen_seen.py."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QDockWidget, QToolBar
from real_games import shown_window
from shiboken6 import isValid

FFL_FRAMES = ("fflTrayDock", "fflScenarioDock")


def settle(qtbot) -> None:
    qtbot.wait(20)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qtbot.wait(10)


@pytest.fixture
def window(qtbot, tmp_path):
    w = shown_window(qtbot, tmp_path, (1400, 900), autosave=False)
    assert w.open_scenario("ffl/basic", seed=1)
    settle(qtbot)
    return w


def frames(window) -> dict:
    return {d.objectName(): d for d in window.findChildren(QDockWidget)
            if d.objectName() in FFL_FRAMES}


def test_a_game_of_the_same_kind_takes_the_frames_with_new_contents(window, qtbot, tmp_path):
    before, bar = frames(window), window.game_ui.toolbar
    contents = {name: d.widget() for name, d in before.items()}
    phase_bar = window.game_ui.bar
    path = tmp_path / "again.fflsave"
    assert window.save_as(path)
    assert window.open_path(path)
    settle(qtbot)
    after = frames(window)
    assert after == before and window.game_ui.toolbar is bar       # the same frames
    assert window.game_ui.tray_dock is after["fflTrayDock"]
    assert after["fflTrayDock"].widget() is window.game_ui.tray        # new contents
    assert after["fflScenarioDock"].widget() is window.game_ui.scenario_panel
    assert all(not isValid(w) for w in contents.values())           # the old ones deleted
    assert not isValid(phase_bar)
    assert [a.defaultWidget() for a in bar.actions()] == [window.game_ui.bar]


def test_a_game_of_another_kind_leaves_no_frame_of_the_game_before(window, qtbot):
    assert window.open_scenario("phantom_fury/jolan", seed=3)
    settle(qtbot)
    assert frames(window) == {}
    assert window.findChildren(QToolBar, "fflPhaseToolBar") == []
    names = [a.text() for a in window.view_menu.actions()]
    assert "Units" not in names and "Scenario" not in names
    assert window.open_scenario("ffl/basic", seed=1)        # and back: frames anew
    settle(qtbot)
    assert set(frames(window)) == set(FFL_FRAMES)
    assert [a.text() for a in window.view_menu.actions()].count("Units") == 1


def test_a_closed_dock_comes_back_and_a_floating_one_is_made_anew(window, qtbot):
    tray, scenario = (frames(window)[n] for n in FFL_FRAMES)
    tray.close()                            # the player closed it
    scenario.setFloating(True)              # and floated the other
    settle(qtbot)
    assert window.open_scenario("ffl/basic", seed=2)
    settle(qtbot)
    now = frames(window)
    assert now["fflTrayDock"] is tray and tray.isVisible() == window.isVisible()
    assert now["fflScenarioDock"] is not scenario and not isValid(scenario)
    assert not now["fflScenarioDock"].isFloating()
    assert window.dockWidgetArea(now["fflScenarioDock"]) == Qt.DockWidgetArea.LeftDockWidgetArea
