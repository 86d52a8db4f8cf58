"""The program's opponent for the Allied side: legal choices from the Allied view
only, a whole game within the time budget, and better than random play."""

import random
import time

import pytest
from log_helpers import controller, module

from ffl.engine import fold
from ffl.games.limits_of_glory.opponent import choose

SOLO = "limits_of_glory/campaign"
PROGRAM = {"no_concede": True, "allied_player": "program"}


def _game(seed: int, limit: int = 20000):
    """The program (Allies) against random French play; returns (state, seconds the
    program thought, decisions it took)."""
    ctrl = controller()
    state = ctrl.start(module().scenarios[SOLO], PROGRAM, seed)
    rng = random.Random(seed)
    thought, decisions = 0.0, 0
    for _ in range(limit):
        if ctrl.outcome(state) is not None:
            break
        prompt = ctrl.prompt(state)
        if prompt.side == "allied":
            view = ctrl.view(state, "allied")
            assert ctrl.real_fleet(view) is None or state.vars.get("phase") not in (
                "setup", "invasion")
            t = time.perf_counter()
            action = choose(ctrl, view)
            thought += time.perf_counter() - t
            decisions += 1
            assert ctrl.legal(state, action), action      # (it picks from legal_actions(view))
        else:
            action = rng.choice(list(ctrl.legal_actions(state)))
        state = fold(state, ctrl.apply(state, action))
    return state, thought, decisions


def test_the_opponent_chooses_legal_actions_and_finishes_a_game_in_time():
    state, thought, decisions = _game(3)
    assert controller().outcome(state) is not None
    assert decisions > 20
    assert thought < 60


def test_the_opponent_sees_no_hidden_fleet():
    ctrl = controller()
    state = ctrl.start(module().scenarios[SOLO], PROGRAM, 4)
    view = ctrl.view(state, "allied")
    assert view.seed == 0
    assert "secret_real_fleet" not in view.vars


@pytest.mark.slow
def test_the_opponent_beats_random_play_most_of_the_time():
    wins = 0
    for seed in range(10, 14):
        state, _, _ = _game(seed)
        wins += controller().outcome(state).winner == "allied"
    assert wins >= 3
