"""Limits of Glory against the program in the play window, on the shared runner
(:mod:`ffl.ui.opponent`): the New game dialog offers either side to the program;
a person plays the Allies against the program's French (the screen stays the
Allied player's, the real fleet never drawn: Invasion: Selecting the real fleet),
the program's fleet moves are followed on the map, the controls are held off
while it acts, and an Undo takes its reply back with the player's step; a save
of the older option "allied_player: program" opens in the window and goes on
against the Allied program."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from real_games import shown_window

from ffl import catalog
from ffl.opponents import PROGRAM_KEY
from ffl.session import GameSession

SCENARIO = "limits_of_glory/campaign"
OLD_SAVE = (Path(__file__).resolve().parents[2] / "games" / "limits_of_glory" / "data"
            / "allied-program-before-contract.fflsave")

@pytest.fixture
def window(qtbot, tmp_path):
    """A shown 1400x900 play window, the program moving at once."""
    return shown_window(qtbot, tmp_path, (1400, 900), {"opponents/pace_ms": 0}, autosave=False)

def _human_to_act(window, side: str) -> bool:
    session, runner = window.session, window.opponent_runner
    return (session.controller.prompt(session.state).side == side and runner.worker is None
            and not runner.blocked)

def test_22_the_new_game_dialog_offers_the_program_either_side(qtbot):
    from ffl.catalog import list_scenarios
    from ffl.ui.dialogs import NewGameDialog

    dialog = NewGameDialog(list_scenarios())
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.select(SCENARIO)
    players = dialog.players
    assert players.isVisible() and list(players.fields) == ["french", "allied"]
    assert players.form.labelForField(players.fields["french"]).text() == "French:"
    # the old option's row is gone: who plays is the Players box's
    assert "allied_player" not in dialog.chosen_options()
    # every level is offered: hard beats normal (tests/opponents/test_glory_hard_tournament.py)
    for side, box in players.fields.items():
        offered = [box.itemData(i) for i in range(box.count())]
        assert offered == ["human", "easy", "normal", "hard"], side
        assert "easy, normal or hard" in box.toolTip()
    players.set_player("french", "normal")
    assert dialog.chosen_options()[PROGRAM_KEY] == {"french": "normal"}
    players.set_player("french", "human")
    players.set_player("allied", "easy")
    assert dialog.chosen_options()[PROGRAM_KEY] == {"allied": "easy"}

def test_22_the_allies_against_the_program_s_french(window, qtbot):
    """The Allied player places the Bedouin; the program's French choose the real
    fleet and sail (followed on the map, the controls held meanwhile), and the
    screen stays the Allies': the real fleet is never drawn.  An Undo then takes
    back the French reply with the Allied step before it (dice may be undone in
    this game; the choice of the real fleet never can be)."""
    module = catalog.load_module("limits_of_glory")
    session = GameSession.new(module, SCENARIO, seed=4, options={PROGRAM_KEY: {"french":
                                                                               "normal"}},
                              undo_rolls=True)
    window.set_session(session)
    qtbot.wait(20)
    ui, runner = window.game_ui, window.opponent_runner
    assert set(runner.opponents) == {"french"} and ui.viewed_side() == "allied"
    ctrl = session.controller
    held, fleets_named = [], []

    def acted(side):
        assert side == "french"
        held.append(runner.blocked and not ui.orders_dock.isEnabled())

        fleets_named.extend(p for p in runner.follower.named if p.startswith("fleet"))
    runner.acted.connect(acted)
    for _ in range(7):
        assert _human_to_act(window, "allied")
        ui.send(next(a for a in ctrl.legal_actions(session.state) if a.kind == "place-bedouin"))
    ui.send(next(a for a in ctrl.legal_actions(session.state) if a.kind == "place-bedouin"))
    qtbot.waitUntil(lambda: _human_to_act(window, "allied"), timeout=30000)
    assert session.state.vars.get("phase") == "invasion"
    assert held and all(held), held                 # every French move under the hold
    assert fleets_named, "no fleet move of the program was followed"
    # the map was brought to a fleet the program moved
    shown = window.map.mapToScene(window.map.viewport().rect()).boundingRect()
    spaces = {session.state.pieces[f].space for f in fleets_named if session.state.pieces[f].space}
    assert any(shown.contains(window.scene.space_centre(s)) for s in spaces), spaces
    # the Allied screen: the real fleet stays the French player's secret
    assert ctrl.real_fleet(ui.shown_state()) is None
    # Nelson's part of the turn ends; the French reply (the next invasion turn) is
    # taken back with it by one Undo (a choice of the real fleet could not be)
    before = session.state.hash()
    moves = runner.moves
    ui.end_turn()
    qtbot.waitUntil(lambda: _human_to_act(window, "allied"), timeout=30000)
    assert runner.moves > moves
    window.undo_action.trigger()
    qtbot.wait(50)
    assert session.state.hash() == before
    assert _human_to_act(window, "allied")


def test_22_an_old_save_against_the_allied_program_goes_on_in_the_window(window, qtbot,
                                                                        tmp_path):
    path = tmp_path / "old.fflsave"
    shutil.copyfile(OLD_SAVE, path)
    assert window.open_path(path)
    qtbot.wait(20)
    ui, runner = window.game_ui, window.opponent_runner
    assert runner is not None and {s: o.level for s, o in runner.opponents.items()} == {
        "allied": "normal"}
    assert ui.viewed_side() == "french"
    qtbot.waitUntil(lambda: _human_to_act(window, "french"), timeout=30000)
    assert runner.moves >= 1
