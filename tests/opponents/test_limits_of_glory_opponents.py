"""Limits of Glory on the computer-opponent contract (issue 22, :mod:`ffl.opponents`):
the manifest's ``make`` gives a program for either side at every level; it makes
only legal actions from its side's view (Invasion: Selecting the real fleet: the
Allied program never sees the real fleet while it is secret; the French program
gets ``view(state, "french")``, the dice seed blanked, so the dice to come do not
change its choice); a game of the two programs is played to its end; a save of
the older option "allied_player: program" goes on against the Allied program."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_opponents import _play

from ffl.catalog import new_session
from ffl.games import game_of
from ffl.games.limits_of_glory.invasion import REAL
from ffl.opponents import (
    LEVELS,
    PROGRAM_KEY,
    decide,
    make_opponent,
    opponents_for,
    program_sides,
)
from ffl.opponents.limits_of_glory import GloryOpponent
from ffl.session import GameSession

SCENARIO = "limits_of_glory/campaign"
OLD_SAVE = (Path(__file__).resolve().parents[1] / "games" / "limits_of_glory" / "data"
            / "allied-program-before-contract.fflsave")


def _check_views(players) -> None:
    """Invasion: Selecting the real fleet: the Allied program's views never hold the
    real fleet before it is revealed; every view's dice seed is blanked."""
    for side, recording in players.items():
        assert recording.seen, side
        for view, _ in recording.seen:
            assert view.seed == 0
            if side == "allied" and view.vars.get("phase") in ("setup", "invasion"):
                assert REAL not in view.vars


def test_22_the_manifest_declares_a_program_for_both_sides_at_every_level():
    session = new_session(SCENARIO, seed=1)
    for side in ("french", "allied"):
        for level in LEVELS:
            opponent = make_opponent(game_of(SCENARIO), session.controller, side, level, 3)
            assert isinstance(opponent, GloryOpponent)
            assert (opponent.side, opponent.level) == (side, level)


def test_22_limits_of_glory_opponents_make_only_legal_actions_from_their_view():
    """The invasion and the first moves ashore, both sides by the program; every
    action checked legal on the game (``_play``), every view the side's own."""
    session, players, checked = _play(SCENARIO, {"french": "normal", "allied": "easy"}, 5, 80)
    assert checked == 80 or session.controller.outcome(session.state) is not None
    _check_views(players)
    kinds = {a.kind for r in players.values() for _, actions in r.seen for a in actions}
    assert {"choose-fleet", "place-bedouin", "move"} <= kinds


@pytest.mark.slow
@pytest.mark.parametrize("levels", [{"french": "hard", "allied": "easy"},
                                    {"french": "easy", "allied": "hard"},
                                    {"french": "normal", "allied": "normal"}])
def test_22_a_seeded_game_of_the_two_programs_runs_to_its_end(levels):
    session, players, checked = _play(SCENARIO, levels, 7, 5000)
    outcome = session.controller.outcome(session.state)
    assert outcome is not None and checked > 200
    _check_views(players)


def test_22_the_french_program_decides_from_its_view_alone():
    """Two games alike but for the dice seed (the rolls to come): the French
    view is the same, and so is the program's choice, at every level."""
    session = new_session(SCENARIO, seed=11)
    controller, state = session.controller, session.state
    while controller.prompt(state).side != "french":
        session.do(decide(make_opponent(game_of(SCENARIO), controller, "allied", "normal"),
                          controller, session.state).action)
        state = session.state
    other = state.copy()
    other.seed = state.seed + 99
    assert other.hash() != state.hash()
    assert controller.view(other, "french").hash() == controller.view(state, "french").hash()
    for level in LEVELS:
        a = decide(make_opponent(game_of(SCENARIO), controller, "french", level, 5),
                   controller, state).action
        b = decide(make_opponent(game_of(SCENARIO), controller, "french", level, 5),
                   controller, other).action
        assert a == b, level


def test_22_the_easy_program_never_concedes():
    session = new_session(SCENARIO, seed=2)       # (conceding allowed in this game)
    easy = make_opponent(game_of(SCENARIO), session.controller, "french", "easy", 1)
    for _ in range(60):
        if session.controller.prompt(session.state).side == "french":
            action = decide(easy, session.controller, session.state).action
        else:
            action = decide(make_opponent(game_of(SCENARIO), session.controller, "allied",
                                          "normal"), session.controller, session.state).action
        assert action.kind != "concede"
        session.do(action)


def test_22_who_plays_limits_of_glory_is_kept_in_the_options():
    session = new_session(SCENARIO, seed=1, options={PROGRAM_KEY: {"french": "hard"}})
    assert program_sides(session.options) == {"french": "hard"}
    assert {s: o.level for s, o in opponents_for(session).items()} == {"french": "hard"}


def test_22_an_old_save_of_the_allied_program_goes_on_against_it(tmp_path):
    """A save written before Limits of Glory joined the contract (its option
    "allied_player": "program", no PROGRAM_KEY) opens, replays to the position it
    holds, and the Allies are the program's at the normal level; saved again and
    reopened, it still is; the file itself is left as it was."""
    before = OLD_SAVE.read_bytes()
    path = tmp_path / "old.fflsave"
    shutil.copyfile(OLD_SAVE, path)
    session = GameSession.load(path)
    assert session.options.get("allied_player") == "program"
    assert PROGRAM_KEY not in session.options
    assert session.controller.prompt(session.state).side == "allied"
    opponents = opponents_for(session)
    assert {s: o.level for s, o in opponents.items()} == {"allied": "normal"}
    # it goes on: the program's Allied reply is legal, and the game saves and reopens
    action = decide(opponents["allied"], session.controller, session.state).action
    assert session.controller.legal(session.state, action)
    session.do(action)
    again = GameSession.load(session.save(tmp_path / "again.fflsave"))
    assert again.state.hash() == session.state.hash()
    assert {s: o.level for s, o in opponents_for(again).items()} == {"allied": "normal"}
    assert OLD_SAVE.read_bytes() == before


def test_22_the_limits_of_glory_opponents_need_no_qt():
    import subprocess
    import sys

    code = ("import sys, ffl.opponents.limits_of_glory, "
            "ffl.games.limits_of_glory.opponent_french; "
            "assert not [m for m in sys.modules if m.startswith('PySide6')]")
    subprocess.run([sys.executable, "-c", code], check=True)
