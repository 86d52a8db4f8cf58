"""Headless self-play: legal actions through whole games.

Used by ``ffl selfplay`` and by the conformance and golden tests.  After every
action the game's invariants are checked; at the end of each game the
recorded *actions* are played again from the initial state (``GameSession.new``
with the same seed) and must reproduce the same state hash, which catches dice
or rules that are not a function of the seed and the actions (replaying the
logged events would only check the log); the log's events are folded too.

Two policies choose the actions: ``random`` (uniform among the legal actions;
the golden playthroughs pin its games, so it never changes) and ``goal``, the
game's own policy declared in its manifest (``selfplay_policy``), which plays
toward the game's goal so games end by the victory rules and not only by the
self-play cap.  A game that raises anything is counted as an error with its
seed (to reproduce it) and the run goes on.  Python's collector is tuned for
the run (:func:`ffl.gc_tuning.collector_tuned`).  No Qt here.
"""

from __future__ import annotations

import random
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .engine import Action, GameState, IllegalAction, fold
from .gc_tuning import collector_tuned
from .session import GameSession

#: Safety net so a rules bug that never ends a game is reported, not hung on.
DEFAULT_MAX_ACTIONS = 50_000
POLICIES = ("random", "goal")

#: ``choose(controller, state, actions, rng) -> Action``
Chooser = Callable[[Any, GameState, Sequence[Action], random.Random], Action]


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
    #: the game was stopped by the self-play cap (e.g. FFL's turn limit), not by
    #: the game's own victory rules
    capped: bool = False


@dataclass
class Summary:
    scenario: str
    results: list[GameResult] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    policy: str = "random"

    @property
    def by_rules(self) -> int:
        """Games ended by the game's own rules (not the self-play cap)."""
        return sum(1 for r in self.results if not r.capped)

    @property
    def at_cap(self) -> int:
        return sum(1 for r in self.results if r.capped)

    def line(self) -> str:
        wins = Counter(r.winner or "draw" for r in self.results)
        split = ", ".join(f"{k} {v}" for k, v in sorted(wins.items())) or "none"
        mean = sum(r.actions for r in self.results) / max(1, len(self.results))
        return (
            f"{self.scenario}: {len(self.results)} games ({split}), "
            f"{mean:.0f} actions/game, {len(self.errors)} errors, {self.seconds:.1f} s, "
            f"{self.by_rules} ended by the rules, {self.at_cap} at the self-play cap "
            f"({self.policy} policy)"
        )


def uniform(controller, state: GameState, actions: Sequence[Action],
            rng: random.Random) -> Action:
    """The uniform random policy (what the golden playthroughs pin)."""
    return rng.choice(actions)


def play_game(
    session: GameSession, rng: random.Random, max_actions: int = DEFAULT_MAX_ACTIONS,
    choose: Chooser | None = None, replay: bool = True,
) -> GameResult:
    """Play one game to its end: uniformly random legal actions, or ``choose``'s."""
    controller = session.controller
    count = 0
    played: list[Action] = []
    while (outcome := controller.outcome(session.state)) is None:
        if count >= max_actions:
            raise SelfPlayError(f"no outcome after {max_actions} actions")
        count += 1
        actions = list(controller.legal_actions(session.state))
        if not actions:
            prompt = controller.prompt(session.state)
            raise SelfPlayError(f"no legal action and no outcome ({prompt.phase}: {prompt.text})")
        if choose is None:
            action = rng.choice(actions)
        else:
            action = choose(controller, session.state, actions, rng)
        try:            # the listed action must be legal: ``do`` checks it (once)
            session.do(action)
        except IllegalAction as refused:
            raise SelfPlayError(f"listed action refused: {action}: {refused.rule} "
                                f"{refused.reason}") from None
        played.append(action)
        broken = controller.invariants(session.state)
        if broken:
            raise SelfPlayError(f"after {action}: " + "; ".join(broken))
    replayed = fold(session.log.initial, session.log.events)
    if replayed.hash() != session.state.hash():
        raise SelfPlayError("replaying the log did not reproduce the final state")
    if replay:
        again = replay_actions(session, played)
        if again.state.hash() != session.state.hash():
            raise SelfPlayError("playing the same actions again from the start did not "
                                "reproduce the final state")
    return GameResult(session.seed, count, outcome.winner, outcome.text, session.state.hash())


def replay_actions(session: GameSession, actions: Sequence[Action]) -> GameSession:
    """A new game of the same module, scenario, seed, options and rules mode with
    ``actions`` played again one by one."""
    again = GameSession.new(session.module, session.scenario.id, seed=session.seed,
                            options=session.options, rules=session.rules,
                            undo_rolls=session.undo_rolls)
    for n, action in enumerate(actions, 1):
        try:
            again.do(action)
        except ValueError as exc:
            raise SelfPlayError(f"replaying the actions: action {n} ({action}) was refused "
                                f"the second time: {exc}") from None
    return again


def policy_of(scenario_id: str, name: str = "random"):
    """The game's declared self-play policy object (None when it declares none)."""
    from .games import game_of

    if name not in POLICIES:
        raise ValueError(f"unknown policy {name!r} (choose {', '.join(POLICIES)})")
    return game_of(scenario_id).selfplay_policy_object()


def run_summary(
    scenario_id: str, games: int, seed: int = 1, max_actions: int = DEFAULT_MAX_ACTIONS,
    policy: str = "random", replay: bool = True, options: dict | None = None,
) -> Summary:
    """Play ``games`` games of ``scenario_id`` with seeds ``seed``, ``seed+1``, ...;
    ``policy`` ``random`` (uniform) or ``goal`` (the game's own, if it has one).
    An error in one game is recorded with its seed and the next game is played."""
    from .catalog import new_session
    from .games import game_of

    options = {**game_of(scenario_id).selfplay_options, **(options or {})}
    declared = policy_of(scenario_id, policy)
    choose = declared.choose if (policy == "goal" and declared is not None) else None
    summary = Summary(scenario_id, policy=policy if choose is not None else "random")
    start = time.perf_counter()
    with collector_tuned():     # full collections held off during the run (issue 12)
        for i in range(games):
            game_seed = seed + i
            session = None
            try:
                session = new_session(scenario_id, seed=game_seed, options=options)
                result = play_game(session, random.Random(game_seed), max_actions, choose,
                                   replay)
                if declared is not None and hasattr(declared, "capped"):
                    result.capped = bool(declared.capped(session.controller, session.state))
                summary.results.append(result)
            except Exception as exc:  # noqa: BLE001 - counted with its seed, the run goes on
                summary.errors.append(_error(game_seed, session, exc))
    summary.seconds = time.perf_counter() - start
    return summary


def _error(seed: int, session: GameSession | None, exc: Exception) -> str:
    at = f" at action {len(session.log.steps)}" if session is not None else ""
    where = ""
    if not isinstance(exc, SelfPlayError):
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        where = f" ({frame.filename.rsplit('/', 1)[-1]}:{frame.lineno})"
    return f"seed {seed}{at}: {type(exc).__name__}: {exc}{where}"


def run(scenario_id: str, games: int, seed: int = 1,
        max_actions: int = DEFAULT_MAX_ACTIONS, policy: str = "random",
        options: dict | None = None) -> list[str]:
    """Self-play and return printable lines: the summary, then any errors (each
    with the seed that reproduces it).  ``options``: game options switched on
    besides the game's self-play ones (FFL's optional rules, ``--option``)."""
    summary = run_summary(scenario_id, games, seed, max_actions, policy, options=options)
    lines = [summary.line(), *(f"  error: {e}" for e in summary.errors)]
    if summary.errors:
        seeds = ", ".join(e.split(":", 1)[0].split()[1] for e in summary.errors)
        lines.append(f"  errors in the games of seed {seeds}: rerun one with "
                     f"ffl selfplay --scenario {scenario_id} --games 1 --seed N"
                     + (f" --policy {policy}" if policy != "random" else ""))
    return lines
