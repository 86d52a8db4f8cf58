"""End of Game and Scoring: the game stops when a player has laid the cards
required; every table is scored (SPY doubling, U/S cards nothing, the finisher's
bonus) and added to the running totals over the games agreed.  A match of
several games is won, as agreed at the start (``options["match"]``), by the
highest total score or by the most games won (each game's highest scorer wins
it; a game whose top score is shared is won by nobody)."""

from __future__ import annotations

from ...engine import Batch, Change, GameState, Outcome, Prompt
from . import tables as T
from .rules import (
    BETWEEN,
    OVER,
    CardRules,
    final_scores,
    game_winner,
    games_won,
    match_mode,
    players,
)
from .tables import seat


def end(batch: Batch, rules: CardRules, finisher: str) -> None:
    """End of Game: ``finisher`` has laid the required cards; Scoring: the
    scores of this game, the running totals, and the next game or the end."""
    state = batch.state
    batch.add("end", T.END,
              f"{T.END} — {seat(finisher)} has laid {state.vars['required']} cards and "
              f"completes the mission", (Change.var("finisher", finisher),), side=finisher)
    scores = final_scores(rules, state, finisher)
    totals = {p: state.vars["totals"][p] + scores[p] for p in players(state)}
    history = list(state.vars["history"]) + [scores]
    more = state.vars["game"] < state.vars["games"]
    shown = ", ".join(f"{seat(p)} {scores[p]}" for p in players(state))
    text = f"{T.SCORING} — game {state.vars['game']}: {shown} ({seat(finisher)} +{state.vars['bonus']})"
    if match_mode(state) == T.WINS:
        winner = game_winner(scores)
        text += (f"; {seat(winner)} wins game {state.vars['game']}" if winner else
                 f"; nobody wins game {state.vars['game']} (a shared top score)")
        won = games_won(state)
        if winner:
            won[winner] += 1
        text += "; games won " + ", ".join(f"{seat(p)} {won[p]}" for p in players(state))
    elif state.vars["games"] > 1:
        text += "; totals " + ", ".join(f"{seat(p)} {totals[p]}" for p in players(state))
    batch.add("score", T.SCORING, text,
              (Change.var("scores", scores), Change.var("totals", totals),
               Change.var("history", history),
               Change.var("phase", BETWEEN if more else OVER)),
              scores=scores, totals=totals)


def outcome(state: GameState) -> Outcome | None:
    """Scoring: the highest total wins, or, when so agreed, the most games won
    (a tie for the top is a draw)."""
    if state.vars["phase"] != OVER:
        return None
    if match_mode(state) == T.WINS:
        return _most_games_won(state)
    totals = state.vars["totals"]
    best = max(totals.values())
    top = [p for p in players(state) if totals[p] == best]
    shown = ", ".join(f"{seat(p)} {totals[p]}" for p in players(state))
    if len(top) > 1:
        return Outcome(None, f"{T.SCORING} — a tie at {best} ({shown})", T.SCORING)
    return Outcome(top[0], f"{T.SCORING} — {seat(top[0])} wins with {best} ({shown})",
                   T.SCORING)


def _most_games_won(state: GameState) -> Outcome:
    """Scoring, the other way: the player who won the most games wins the match."""
    won = games_won(state)
    best = max(won.values())
    top = [p for p in players(state) if won[p] == best]
    shown = ", ".join(f"{seat(p)} {won[p]}" for p in players(state))
    if len(top) > 1:
        return Outcome(None, f"{T.SCORING} — a tie at {best} games won ({shown})", T.SCORING)
    return Outcome(top[0], f"{T.SCORING} — {seat(top[0])} wins the match with {best} of "
                           f"{state.vars['games']} games won ({shown})", T.SCORING)


def prompt(state: GameState) -> Prompt:
    """End of Game: nobody acts; the prompt shows the result."""
    out = outcome(state)
    return Prompt("", OVER, out.text if out else "Game over", ())
