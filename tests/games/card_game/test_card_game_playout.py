"""Random playouts: 200 games each for 2, 3 and 4 players with random legal actions.

After every action the invariants hold and no player's view shows another
player's hand or the pack; every game ends with a winner whose scores add up
(checked here by hand from the printed card numbers); replaying the log from
the initial state gives the same state hash; a saved game loads back equal.
"""

import random

import pytest
from cg_positions import deal

from ffl.engine import GameLog, fold
from ffl.games.card_game import tables as T
from ffl.games.card_game.rules import HIDDEN
from ffl.session import GameSession

GAMES = 200
MAX_ACTIONS = 2_000


def _expected_score(module, row, finished):
    """Scoring, recomputed independently: double what precedes a SPY, +200 to finish."""
    total = 0
    for card in row:
        t = module.piece_types[card]
        if t.get("category") == "spy":
            total *= 2
        else:
            total += t.get("number")
    return total + (T.COMPLETION_BONUS if finished else 0)


def _strings(value):
    """Every string (keys included) anywhere in a JSON value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value).union(*(_strings(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(_strings(v) for v in value))
    return set()


def _check_views(game, state):
    for side in state.vars["players"]:
        view = game.view(state, side)
        assert view.vars["hands"][side] == state.vars["hands"][side]
        for other, cards in state.vars["hands"].items():
            if other != side:
                assert view.vars["hands"][other] == [HIDDEN] * len(cards)
        assert view.vars["pack"] == [HIDDEN] * len(state.vars["pack"])
        leaked = _strings(view.to_json()) & set(game.secrets(state, side))
        assert not leaked, f"{side} sees {sorted(leaked)}"
        assert view.seed == 0


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_finish_with_a_winner_and_replay_exactly(game, module, players):
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = deal(game, players, seed=seed)
        log = GameLog(state)
        for _ in range(MAX_ACTIONS):
            if game.outcome(log.state) is not None:
                break
            actions = list(game.legal_actions(log.state))
            assert actions, f"seed {seed}: stuck at {game.prompt(log.state)}"
            action = rng.choice(actions)
            assert game.legal(log.state, action)
            events = game.apply(log.state, action)
            assert all(e.rule and e.text.startswith(e.rule) for e in events)
            log.append(events)
            assert game.invariants(log.state) == [], (seed, action)
            _check_views(game, log.state)
        else:
            pytest.fail(f"seed {seed}: no end after {MAX_ACTIONS} actions")
        final = log.state
        outcome = game.outcome(final)
        assert outcome.winner is not None, f"seed {seed}: {outcome.text}"
        finisher = final.vars["finisher"]
        assert len([c for c in final.vars["table"][finisher]
                    if not c.startswith("SPY")]) == T.REQUIRED[players]
        for p in final.vars["players"]:
            expected = _expected_score(module, final.vars["table"][p], p == finisher)
            assert final.vars["scores"][p] == expected == final.vars["totals"][p]
        assert final.vars["totals"][outcome.winner] == max(final.vars["totals"].values())
        assert fold(log.initial, log.events).hash() == final.hash()
        assert GameLog(deal(game, players, seed=seed), log.events).state.hash() == final.hash()


def test_saved_card_game_loads_back_with_the_same_state(module, tmp_path):
    session = GameSession.new(module, "card_game/3p", seed=42)
    rng = random.Random(42)
    while session.controller.outcome(session.state) is None:
        session.do(rng.choice(session.controller.legal_actions(session.state)))
        if len(session.log) > 15:
            break
    path = session.save(tmp_path / "cards.fflsave")
    loaded = GameSession.load(path)
    assert loaded.state.hash() == session.state.hash()
    assert loaded.controller.legal_actions(loaded.state) == \
        session.controller.legal_actions(session.state)
