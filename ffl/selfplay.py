"""Headless self-play: random legal actions through whole games.

Used by ``ffl selfplay`` and by the conformance test.  After every action the
game's invariants are checked; at the end of each game the log is replayed from
the initial state and must reproduce the same state hash (replays never roll).
No Qt here.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field

from .engine import fold
from .session import GameSession

#: Safety net so a rules bug that never ends a game is reported, not hung on.
DEFAULT_MAX_ACTIONS = 50_000


class SelfPlayError(AssertionError):
    """An invariant broke, an action the controller listed was refused, or a
    replay did not reproduce the game."""


@dataclass
class GameResult:
    seed: int
    actions: int
    winner: str | None
    outcome: str
    state_hash: str


@dataclass
class Summary:
    scenario: str
    results: list[GameResult] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def line(self) -> str:
        wins = Counter(r.winner or "draw" for r in self.results)
        split = ", ".join(f"{k} {v}" for k, v in sorted(wins.items())) or "none"
        mean = sum(r.actions for r in self.results) / max(1, len(self.results))
        return (
            f"{self.scenario}: {len(self.results)} games ({split}), "
            f"{mean:.0f} actions/game, {len(self.errors)} errors, {self.seconds:.1f} s"
        )


def play_game(
    session: GameSession, rng: random.Random, max_actions: int = DEFAULT_MAX_ACTIONS
) -> GameResult:
    """Play one game to its end with uniformly random legal actions."""
    controller = session.controller
    count = 0
    while (outcome := controller.outcome(session.state)) is None:
        if count >= max_actions:
            raise SelfPlayError(f"no outcome after {max_actions} actions")
        count += 1
        actions = list(controller.legal_actions(session.state))
        if not actions:
            prompt = controller.prompt(session.state)
            raise SelfPlayError(f"no legal action and no outcome ({prompt.phase}: {prompt.text})")
        action = rng.choice(actions)
        verdict = controller.legal(session.state, action)
        if not verdict:
            raise SelfPlayError(f"listed action refused: {action}: {verdict.rule} {verdict.reason}")
        session.do(action)
        broken = controller.invariants(session.state)
        if broken:
            raise SelfPlayError(f"after {action}: " + "; ".join(broken))
    replayed = fold(session.log.initial, session.log.events)
    if replayed.hash() != session.state.hash():
        raise SelfPlayError("replaying the log did not reproduce the final state")
    return GameResult(session.seed, count, outcome.winner, outcome.text, session.state.hash())


def run_summary(
    scenario_id: str, games: int, seed: int = 1, max_actions: int = DEFAULT_MAX_ACTIONS
) -> Summary:
    """Play ``games`` games of ``scenario_id`` with seeds ``seed``, ``seed+1``, ..."""
    from .catalog import new_session
    from .games import game_of

    options = dict(game_of(scenario_id).selfplay_options)
    summary = Summary(scenario_id)
    start = time.perf_counter()
    for i in range(games):
        game_seed = seed + i
        session = new_session(scenario_id, seed=game_seed, options=options)
        try:
            summary.results.append(play_game(session, random.Random(game_seed), max_actions))
        except SelfPlayError as exc:
            summary.errors.append(f"seed {game_seed}: {exc}")
    summary.seconds = time.perf_counter() - start
    return summary


def run(scenario_id: str, games: int, seed: int = 1,
        max_actions: int = DEFAULT_MAX_ACTIONS) -> list[str]:
    """Self-play and return printable lines: the summary, then any errors."""
    summary = run_summary(scenario_id, games, seed, max_actions)
    return [summary.line(), *(f"  error: {e}" for e in summary.errors)]
