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
    "Combat Phase plans it finds half a step better, and departs from normal in few "
    "games (1 Dec 2026, seeds 1-10: normal won seed 1, the other nine pairs tied, "
    "identical games). Tried and taken back the same day: valuing attacks on "
    "defenders with no retreat (11.4, 11.5), the cheapest retreats and Trucks "
    "bringing Attack Supply forward (20.3) made it weaker on seeds 1-12 (normal won "
    "3 pairs, 9 tied, 161 CPU-s); without the plan search those alone still lost "
    "seed 12"))
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
