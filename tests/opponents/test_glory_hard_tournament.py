"""Limits of Glory's hard level against normal in a seeded tournament (slow:
about half a processor-minute), as ``ffl tournament`` plays it: each game seeded,
the levels taking the Allies and the French in turn, every decision from the
side's view only (:func:`ffl.opponents.decide`).

The hard Allies (:mod:`ffl.games.limits_of_glory.opponent_allied_hard`) carry
it: 2 Dec 2026, seeds 41-80 against the normal French they won all 40 games
where the normal Allies won 27; the hard French
(:mod:`ffl.games.limits_of_glory.opponent_french_hard`, Bonaparte sent home)
won 11 of seeds 1-40 against the normal Allies, as many as the normal French."""

from __future__ import annotations

import pytest

SCENARIO = "limits_of_glory/campaign"


@pytest.mark.slow
def test_hard_wins_more_seeded_games_than_normal():
    from ffl.opponents.tournament import run

    result = run(SCENARIO, ("hard", "normal"), games=20, seed=201)
    assert not result.errors, result.errors
    assert result.games == 20
    assert result.wins["hard"] > result.wins["normal"], result.lines()
    # the Allies' side played hard wins more than the normal Allies there
    assert result.side_wins[("hard", "allied")] > result.side_wins[("normal", "allied")]


def test_hard_is_offered_and_plays_each_side_from_its_view():
    from ffl.catalog import new_session
    from ffl.games import game_of
    from ffl.opponents import decide, make_opponent

    game = game_of(SCENARIO)
    assert "hard" in game.opponent_levels
    session = new_session(SCENARIO, seed=5, options=dict(game.selfplay_options))
    ctl = session.controller
    players = {side: make_opponent(game, ctl, side, "hard", 5 * 7 + i)
               for i, side in enumerate(("allied", "french"))}
    for _ in range(300):
        if ctl.outcome(session.state) is not None:
            break
        side = ctl.prompt(session.state).side
        action = decide(players[side], ctl, session.state).action
        assert ctl.legal(session.state, action), action
        session.do(action)
