"""The program's levels in play: a seeded tournament, ``hard`` against ``normal``
(slow: about three processor-minutes).

Each seed is played twice, ``hard`` on one side and then the other, with the same seed,
so the luck of the dice is shared as far as the two games stay alike; the level whose
side ends with the better score (the scenario's Allied victory points, 31.0: more is
better for the Allies) wins the pair, equal scores tie it.  ``hard`` should win more
pairs than ``normal``.

``hard`` plays as ``normal`` until the scenario's last turn, then plays to the end
(:mod:`ffl.games.legend_begins.ai.horizon`, the plan search of
:mod:`ffl.games.legend_begins.ai.search`), so most pairs are the same game until then
and end level; a pair it wins is one where the last turn's Italian steps or places
carried a point.  2 Dec 2026, seeds 1-12: ``hard`` won 2 pairs (seeds 1 and 12: 8-7,
5-4), ``normal`` none, 10 tied (163 processor-seconds); seeds 13-24, played the same
way but not here: ``hard`` 5, ``normal`` 3, 4 tied.  Before (``hard`` with the plan
search all game long), seeds 1-6: ``normal`` won 1 pair, 5 tied."""

from __future__ import annotations

import pytest

SCENARIO = "legend_begins/compass"
SEEDS = range(1, 13)
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
