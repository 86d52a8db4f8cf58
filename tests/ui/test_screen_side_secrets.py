"""A computer opponent's secrets stay off the screen while it plays.

When the program acts, the prompt names the program's side.  The window's log and
each game's map must still read the game as the person at the screen
(``host.reader_side``, :func:`ffl.ui.opponent.screen_side`), never as the acting
program: otherwise its hidden pieces and secret choices are drawn for the human
watching it move.  (21.11 in FFL is tested in test_opponent_pieces.py.)
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings

from ffl.opponents import PROGRAM_KEY
from ffl.ui.opponent import PACE_KEY


@pytest.fixture
def watched(qtbot, tmp_path):
    """``watched(scenario_id, program, options)``: a shown window on a new game whose
    ``program`` sides ({side: level}) the program plays, too slowly to finish a
    move before the test looks (the pace holds each of its steps on screen)."""
    from ffl.ui.app import create_app, main_window

    create_app()

    def make(scenario_id, program, options=None, seed=1):
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        settings.setValue(PACE_KEY, 0)
        settings.setValue("ffl/animate_dice", False)
        window = main_window(settings=settings, data_folder=tmp_path / "data", autosave=False)
        qtbot.addWidget(window)
        window.resize(1280, 820)
        window.show()
        qtbot.waitExposed(window)
        assert window.open_scenario(scenario_id, seed=seed,
                                    options={**(options or {}), PROGRAM_KEY: program})
        window._closing_confirmed = True
        return window

    return make


def test_39_0_fog_of_war_the_axis_program_s_turn_is_drawn_as_the_allies_see_it(
        watched, qtbot):
    """The Legend Begins with Fog of War (39.0), the program playing the Axis: while
    its organization goes on, the map leaves out what the Allied player may not
    see, not what the Axis may not."""
    window = watched("legend_begins/compass", {"axis": "normal"}, {"fog_of_war": True})
    session, ui = window.session, window.game_ui
    controller = session.controller
    assert controller.prompt(session.state).side == "axis"       # the program's turn
    allied_hidden = set(session.state.pieces) - set(controller.view(session.state,
                                                                    "allied").pieces)
    axis_hidden = set(session.state.pieces) - set(controller.view(session.state,
                                                                  "axis").pieces)
    assert allied_hidden and allied_hidden != axis_hidden
    assert window.host.reader_side("axis") == "allied"
    assert ui.hidden() == allied_hidden
    drawn = {pid for pid, item in window.scene.counters.items() if item.isVisible()}
    assert not drawn & allied_hidden

