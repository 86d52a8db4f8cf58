"""The program's levels in play: a small seeded tournament, ``hard`` against ``normal``
(slow: about two processor-minutes).

Each seed is played twice, ``hard`` on one side and then the other, with the same seed,
so the luck of the dice is shared as far as the two games stay alike; the level whose
side ends with the better score (the scenario's Allied victory points, 31.0: more is
better for the Allies) wins the pair, equal scores tie it.  ``hard`` should win more
pairs than ``normal``."""

from __future__ import annotations

import pytest

SCENARIO = "legend_begins/compass"
SEEDS = range(1, 7)
#: the scenario's turns played (from 0): two turns, so the Combat Phases count
LAST_TURN = 1


def score(seed: int, allied: str, axis: str) -> int:
    """The Allied victory points at the end of a game between two levels."""
    from ffl.catalog import new_session
    from ffl.games import game_of
    from ffl.opponents import decide, make_opponent

    session = new_session(SCENARIO, seed=seed, options={"last_turn": LAST_TURN})
    ctl = session.controller
    game = game_of(SCENARIO)
    players = {"allied": make_opponent(game, ctl, "allied", allied, seed * 7),
               "axis": make_opponent(game, ctl, "axis", axis, seed * 7 + 1)}
    for _ in range(20_000):
        if ctl.outcome(session.state) is not None:
            break
        side = ctl.prompt(session.state).side
        session.do(decide(players[side], ctl, session.state).action)
    result = session.state.vars["result"]
    assert result["rule"] == "31.0"                   # the scenario's end, not a cap
    return int(result["points"])


@pytest.mark.slow
@pytest.mark.xfail(strict=False, reason=(
    "hard is not yet shown stronger than normal: it plays normal's game but for the "
    "Combat Phase plans it finds better, attacks on defenders with no retreat, its "
    "cheapest retreats and its Trucks' Attack Supply, and departs from normal in few "
    "games. Measured 1 Dec 2026 on seeds 1-12 (24 games, 161 CPU-s): 9 pairs tied "
    "(identical games but seed 8), normal won 3 (seeds 1, 5, 12: with hard as the "
    "Allies 52/20/25 Italian steps were lost for 19/37/34 Allied, with normal as the "
    "Allies 48/17/36 for 12/32/20); the first six seeds: normal 2, tie 4 (before "
    "these changes: 1, 5)"))
def test_hard_wins_more_seeded_pairs_than_normal():
    wins = {"hard": 0, "normal": 0, "tie": 0}
    for seed in SEEDS:
        hard_allied = score(seed, "hard", "normal")
        normal_allied = score(seed, "normal", "hard")
        if hard_allied == normal_allied:
            wins["tie"] += 1
        else:
            wins["hard" if hard_allied > normal_allied else "normal"] += 1
    assert wins["hard"] > wins["normal"], wins
