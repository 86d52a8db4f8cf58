"""Scoring, the two ways to decide a match of an agreed number of games: the
highest total score (the default) or the most games won (``options["match"]``).
Each game's highest scorer wins it; a game whose top score is shared is won by
nobody (the rulebook does not say: our reading, in docs/reconstructions.md)."""

from __future__ import annotations

import random

import pytest
from cg_positions import deal, step

from ffl.engine import fold
from ffl.games.card_game import tables as T


def _finish(game, state, rng, phases=("between", "over")):
    while state.vars["phase"] not in phases:
        state = fold(state, game.apply(state, rng.choice(game.legal_actions(state))))
    return state


def _over_with(game, history, match):
    """A 2-player match of len(history) games, over, with these game scores."""
    state = deal(game, 2, games=len(history), match=match)
    state.vars.update({"history": history, "phase": "over", "game": len(history),
                       "totals": {p: sum(h[p] for h in history) for p in ("p1", "p2")}})
    return state


def test_scoring_the_match_goes_to_the_most_games_won_when_so_agreed(game):
    # p1 wins two close games, p2 one big one: p2 has the highest total
    history = [{"p1": 230, "p2": 40}, {"p1": 30, "p2": 470}, {"p1": 215, "p2": 60}]
    by_wins = game.outcome(_over_with(game, history, T.WINS))
    by_totals = game.outcome(_over_with(game, history, T.TOTALS))
    assert by_wins.winner == "p1" and by_wins.rule == T.SCORING
    assert by_wins.text == ("Scoring — Player 1 wins the match with 2 of 3 games won "
                            "(Player 1 2, Player 2 1)")
    assert by_totals.winner == "p2" and by_totals.text.startswith(T.SCORING)


def test_scoring_a_shared_top_score_wins_a_game_for_nobody(game):
    history = [{"p1": 240, "p2": 240}, {"p1": 230, "p2": 40}, {"p1": 30, "p2": 250}]
    state = _over_with(game, history, T.WINS)
    assert game.games_won(state) == {"p1": 1, "p2": 1}
    outcome = game.outcome(state)
    assert outcome.winner is None
    assert outcome.text == "Scoring — a tie at 1 games won (Player 1 1, Player 2 1)"


def test_scoring_games_won_are_counted_game_by_game(game):
    rng = random.Random(5)
    state = deal(game, 2, seed=11, games=3, match=T.WINS)
    assert game.match_mode(state) == T.WINS
    won = {"p1": 0, "p2": 0}
    for number in (1, 2, 3):
        state = _finish(game, state, rng)
        assert len(state.vars["history"]) == number
        scores = state.vars["history"][-1]
        top = [p for p in scores if scores[p] == max(scores.values())]
        if len(top) == 1:
            won[top[0]] += 1
        assert game.games_won(state) == won
        if number < 3:
            state, _ = step(game, state, "next_game", game.prompt(state).side)
    assert state.vars["phase"] == "over"
    best = max(won.values())
    leaders = [p for p in won if won[p] == best]
    assert game.outcome(state).winner == (leaders[0] if len(leaders) == 1 else None)
    assert game.invariants(state) == []


def test_scoring_the_score_event_names_the_game_winner_and_games_won(game):
    rng = random.Random(2)
    state = deal(game, 2, seed=4, games=2, match=T.WINS)
    while state.vars["phase"] not in ("between", "over"):
        events = game.apply(state, rng.choice(game.legal_actions(state)))
        state = fold(state, events)
    score = next(e for e in events if e.kind == "score")
    winner = max(score.info["scores"], key=score.info["scores"].get)
    name = f"Player {winner[1]}"
    assert score.rule == T.SCORING and score.text.startswith("Scoring — game 1: ")
    assert f"; {name} wins game 1; games won " in score.text
    assert "totals" not in score.text


def test_scoring_the_default_is_the_highest_total_and_an_old_save_reads_so(game):
    state = deal(game, 2, games=2)
    assert "match" not in state.vars            # a game started before the option
    assert game.match_mode(state) == T.TOTALS


def test_scoring_an_unknown_way_to_score_a_match_is_refused(game):
    with pytest.raises(ValueError, match="no way to score a match"):
        deal(game, 2, match="goals")


def test_scoring_a_reopened_match_must_say_how_it_is_won(game):
    state = deal(game, 2, games=2, match=T.WINS)
    assert game.check_state(state) == []
    state.vars["match"] = "goals"
    assert game.check_state(state) == [
        "Scoring the match is scored neither on totals nor on games won"]


def test_scoring_a_match_on_games_won_saves_and_reopens(game, tmp_path):
    from ffl.session import GameSession

    session = GameSession.new(game.module, "card_game/2p", seed=5,
                              options={"games": 2, "match": T.WINS})
    rng = random.Random(1)
    while session.state.vars["phase"] not in ("between", "over"):
        session.do(rng.choice(session.controller.legal_actions(session.state)))
    session.save(tmp_path / "match.fflsave")
    again = GameSession.load(tmp_path / "match.fflsave")
    assert again.state.hash() == session.state.hash()
    assert again.controller.match_mode(again.state) == T.WINS
    assert again.controller.games_won(again.state) == session.controller.games_won(
        session.state)
