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
        if cls is Verdict:
            return _YES          # verdicts are frozen: one "yes" serves every call
        return cls(True)

    @classmethod
    def no(cls, reason: str, rule: str = "") -> Verdict:
        return cls(False, reason, rule)


_YES = Verdict(True)


@dataclass(frozen=True)
class Prompt:
    """What the game is waiting for: who acts, in which phase, and what they may do."""

    side: str
    phase: str
    text: str
    kinds: tuple[str, ...] = ()
    info: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Phase:
    """One phase of a game's sequence of play, declared as data by its controller.

    ``id`` is what :attr:`Prompt.phase` holds; ``title`` is how a player reads it;
    ``actor`` says who acts in it (in words); ``kinds`` are the action kinds that
    may be open in it.  A UI reads phases and prompts, never phase strings.
    """

    id: str
    title: str
    rule: str = ""
    actor: str = ""
    kinds: tuple[str, ...] = ()


@dataclass(frozen=True)
class UndoBarrier:
    """A step undo may not reach back past, and why (shown to the player).

    ``kind`` is ``"phase"`` (a phase or turn ended), ``"roll"`` (dice were rolled
    and rolls are final unless the players agree otherwise) or ``"secret"``
    (hidden information was revealed).
    """

    kind: str
    reason: str
    rule: str = ""


#: the undo barrier of a step that rolled dice (rolls are final by default)
ROLL_BARRIER = UndoBarrier(
    "roll", "A die was rolled: rolls are final unless both players allow undoing them "
            "(Edit › Allow undo of rolls).")


@dataclass(frozen=True)
class PlanStep:
    """One action of a plan, with what it costs and what it sets off."""

    action: Action
    position: tuple[str, int] | None    # where the piece stands after it (if it moves)
    cost: int = 0                       # movement points it spends
    left: int = 0                       # movement points left after it
    rule: str = ""
    rolls: bool = False                 # it rolls dice (a jump, a melee...)


@dataclass(frozen=True)
class Plan:
    """What a drag of one piece to one place will do, step by step.

    A UI plays a plan back action by action and stops when the state turns out
    otherwise (a melee, a fall, an elimination): it never guesses action kinds.
    """

    piece: str
    target: tuple[str, int]
    steps: tuple[PlanStep, ...]

    @property
    def cost(self) -> int:
        return sum(s.cost for s in self.steps)

    @property
    def rolls(self) -> bool:
        return any(s.rolls for s in self.steps)


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

    def state_after(self, events: list[Event]) -> GameState | None:
        """The state after ``events``, when they are the very list the last
        :meth:`apply` returned and the rules already worked that state out (the
        log then takes it instead of applying the events again); None otherwise."""

    def view(self, state: GameState, side: str) -> GameState:
        """What ``side`` may see: hidden information removed."""

    def outcome(self, state: GameState) -> Outcome | None:
        """The result once the game has ended, else None."""

    def invariants(self, state: GameState) -> list[str]:
        """Broken invariants (empty when all hold); checked after every event."""

    def undo_barrier(self, state: GameState, events: Sequence[Event],
                     undo_rolls: bool) -> UndoBarrier | None:
        """Whether the step made of ``events`` (``state`` is the state after it)
        closes undo behind it, and why.  ``undo_rolls`` is True when the players
        agreed that rolls may be undone.  Every program that drives a game (the
        window, the command line, self-play) obeys the same barriers."""

    def force(self, state: GameState, action: Action) -> list[Event]:
        """The events of an action ``legal`` refuses, resolved as well as the rules
        allow (the *advise* rules mode, after the player confirmed a warning).
        Raises IllegalAction if it cannot be carried out at all."""

    def pieces_of(self, state: GameState, action: Action) -> list[str]:
        """The pieces ``action`` acts with, as the game reads its own action: the
        units it moves, fires or attacks with, places or turns (``state`` is the
        position it is played from; ids of pieces in ``state``, no repeats).  Not
        its targets, nor what its events change on the side.  None for an action
        of no piece (a phase's end, a choice, a card) and none for a step taken in
        secret (a pick the other sides may not know).  The window scrolls to these
        after the program's move, and only to those every side at the screen sees
        placed in its ``view``."""


class BaseController:
    """Shared plumbing: ``apply`` checks ``legal`` then calls ``resolve``.

    Subclasses set ``game_id`` and ``phases`` and implement ``setup``,
    ``prompt``, ``legal``, ``resolve``, ``legal_actions`` and ``outcome``.
    """

    game_id = ""
    #: the phases of the sequence of play, in order (see :class:`Phase`)
    phases: tuple[Phase, ...] = ()

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

    def check_module(self, module: Module) -> list[str]:
        """What in ``module`` this game cannot be played with, one plain sentence
        each (asked when a file is opened, before anything is shown: a map that is
        not the grid the rules assume, a link without the data the rules read, a
        number out of range).  None by default."""
        return []

    def check_state(self, state: GameState) -> list[str]:
        """What in ``state`` (a reopened game, once its log is replayed) the game
        cannot play on from, beyond :meth:`invariants`: unknown phases, variables
        of the wrong type.  None by default."""
        return []

    def side_name(self, side: str) -> str:
        """How a player reads side ``side`` in prompts and messages: the id with a
        capital by default (``"legion"`` -> ``"Legion"``); a game whose ids are
        not words overrides it (the card game's ``"p2"`` -> ``"Player 2"``)."""
        return side.replace("_", " ").replace("-", " ").capitalize()

    def phase(self, phase_id: str) -> Phase:
        """The declared phase ``phase_id`` (an undeclared id reads as itself)."""
        for phase in self.phases:
            if phase.id == phase_id:
                return phase
        return Phase(phase_id, phase_id.replace("-", " ").capitalize() if phase_id else "")

    def notices(self, events: Sequence[Event]) -> list[str]:
        """Lines from ``events`` worth a player's attention beyond the log (shown
        in the status line): none by default."""
        return []

    def state_after(self, events: list[Event]) -> GameState | None:
        """None by default: the log applies the events to its state itself."""
        return None

    def pieces_of(self, state: GameState, action: Action) -> list[str]:
        """None by default (a game of no pieces on a map, or one that has not said
        which of its actions' arguments name the pieces acting): see
        :meth:`RuleController.pieces_of`."""
        return []

    def undo_barrier(self, state: GameState, events: Sequence[Event],
                     undo_rolls: bool) -> UndoBarrier | None:
        """By default a step that rolled dice is final unless rolls may be undone."""
        if not undo_rolls and any(e.dice for e in events):
            return ROLL_BARRIER
        return None

    def force(self, state: GameState, action: Action) -> list[Event]:
        """Resolve a refused action anyway (advise mode); games override this
        where their ``resolve`` needs a legal action to work from."""
        try:
            return self.resolve(state, action)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            raise IllegalAction(f"this cannot be carried out, even against the rules "
                                f"({type(exc).__name__})", "") from exc

    def start(self, scenario: Scenario, options: Mapping[str, Any],
              seed: int) -> GameState:
        """Convenience for tests: the state once the opening events are applied."""
        initial = self.setup(scenario, options, seed)
        return fold(initial, self.opening(initial))

    def step(self, state: GameState, action: Action) -> tuple[GameState, list[Event]]:
        """Convenience for tests: apply an action and return the next state."""
        events = self.apply(state, action)
        return fold(state, events), events
