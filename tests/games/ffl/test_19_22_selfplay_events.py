"""19-23 self-play: a random game of each scenario from the set-up to its end,
every action legal, the invariants kept, and the scenario's own events seen
(19.12 mutineers, 20.3 the tipped hand, 21.21 the alert, 22.2 the patrol's
rolls, 23.3 the negotiations and the mutineers' Sequence units).  Slow: one whole game per scenario."""

import random

import pytest
from helpers import module

from ffl.games import game_of
from ffl.session import GameSession

#: scenario -> (seed, the event kinds its special rules must produce)
GAMES = {
    "ffl/les-allemands": (1000, {"mutineer", "game-over"}),
    "ffl/negotiations": (1000, {"leave-out-tribe", "tipped", "game-over"}),
    # (seed 1003: since 20.1-23.1 refuses a left-out tribe mounts and ropes, seed
    # 1000's random game ends before any alert; random games raise it about one
    # time in three, before and after that change)
    "ffl/night-attack": (1003, {"leave-out-tribe", "alert", "revealed", "game-over"}),
    "ffl/returning-patrol": (1000, {"patrol", "patrol-roll", "patrol-arrives",
                                    "patrol-edge", "game-over"}),
    "ffl/treachery": (1000, {"mutineer", "negotiation", "declare", "end-negotiation",
                             "mutineer-chit", "game-over"}),
}


@pytest.mark.slow
@pytest.mark.parametrize("scenario_id", sorted(GAMES))
def test_a_random_game_plays_the_scenarios_special_rules(scenario_id):
    seed, wanted = GAMES[scenario_id]
    rng = random.Random(seed)
    session = GameSession.new(module(), scenario_id, seed=seed,
                              options=game_of(scenario_id).selfplay_options)
    ctrl = session.controller
    seen = set()
    for _ in range(6000):
        if ctrl.outcome(session.state) is not None:
            break
        actions = list(ctrl.legal_actions(session.state))
        assert actions
        action = rng.choice(actions)
        assert ctrl.legal(session.state, action)
        seen |= {e.kind for e in session.do(action)}
        assert not ctrl.invariants(session.state)
    assert ctrl.outcome(session.state) is not None
    assert wanted <= seen, wanted - seen
