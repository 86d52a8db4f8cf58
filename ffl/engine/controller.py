"""The RuleController protocol every game implements, and a small base class.

A controller decides rules; it never draws anything.  The play window asks it
what is legal and hands it actions; it answers with events.  The same calls
drive headless self-play, the conformance test and the UI.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .board import Board
from .events import Action, Event, IllegalAction, fold
from .module import Module, Scenario
from .state import GameState


@dataclass(frozen=True)
class Verdict:
    """Is an action legal? If not, why, and under which rule."""

    ok: bool
    reason: str = ""
    rule: str = ""

    def __bool__(self) -> bool:
        return self.ok

    @classmethod
    def yes(cls) -> Verdict:
        return cls(True)

    @classmethod
    def no(cls, reason: str, rule: str = "") -> Verdict:
        return cls(False, reason, rule)


@dataclass(frozen=True)
class Prompt:
    """What the game is waiting for: who acts, in which phase, and what they may do."""

    side: str
    phase: str
    text: str
    kinds: tuple[str, ...] = ()
    info: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the winner (None for a draw) and the deciding rule."""

    winner: str | None
    text: str
    rule: str = ""


@runtime_checkable
class RuleController(Protocol):
    """The contract between a game's rules and everything else."""

    game_id: str
    module: Module

    def setup(self, scenario: Scenario, options: Mapping[str, Any], seed: int) -> GameState:
        """The initial state of ``scenario`` (deterministic for a given seed)."""

    def opening(self, state: GameState) -> list[Event]:
        """Events before the first player action (side rolls, shuffles, deals).

        They are the first step of the log, so their dice and their rule
        numbers are in the log; undo never goes back past them.
        """

    def board(self, state: GameState) -> Board:
        """The board the state is played on."""

    def prompt(self, state: GameState) -> Prompt:
        """Who is to act and what is asked."""

    def legal_actions(self, state: GameState) -> Sequence[Action]:
        """Every legal action now (used by self-play and tests; may be large)."""

    def legal(self, state: GameState, action: Action) -> Verdict:
        """Whether ``action`` is legal, with the reason and rule if it is not."""

    def apply(self, state: GameState, action: Action) -> list[Event]:
        """The events ``action`` produces; raises IllegalAction if it is not legal.

        Must not modify ``state``.
        """

    def view(self, state: GameState, side: str) -> GameState:
        """What ``side`` may see: hidden information removed."""

    def outcome(self, state: GameState) -> Outcome | None:
        """The result once the game has ended, else None."""

    def invariants(self, state: GameState) -> list[str]:
        """Broken invariants (empty when all hold); checked after every event."""


class BaseController:
    """Shared plumbing: ``apply`` checks ``legal`` then calls ``resolve``."""

    game_id = ""

    def __init__(self, module: Module) -> None:
        self.module = module

    def board(self, state: GameState) -> Board:
        return self.module.board_for(self.module.scenarios[state.scenario])

    def opening(self, state: GameState) -> list[Event]:
        return []

    def apply(self, state: GameState, action: Action) -> list[Event]:
        verdict = self.legal(state, action)
        if not verdict:
            raise IllegalAction(verdict.reason, verdict.rule)
        return self.resolve(state, action)

    def resolve(self, state: GameState, action: Action) -> list[Event]:
        raise NotImplementedError

    def legal(self, state: GameState, action: Action) -> Verdict:
        raise NotImplementedError

    def view(self, state: GameState, side: str) -> GameState:
        return state.copy()

    def invariants(self, state: GameState) -> list[str]:
        return []

    def start(self, scenario: Scenario, options: Mapping[str, Any],
              seed: int) -> GameState:
        """Convenience for tests: the state once the opening events are applied."""
        initial = self.setup(scenario, options, seed)
        return fold(initial, self.opening(initial))

    def step(self, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
        """Convenience for tests: apply an action and return the next state."""
        events = self.apply(state, action)
        return fold(state, events), events
