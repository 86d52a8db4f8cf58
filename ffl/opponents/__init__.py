"""Computer opponents: the program playing one or more sides of a game.

The contract (:class:`Opponent`) is the same for every game: an opponent is
made for one ``side`` of one game at a ``level`` (``easy``, ``normal``,
``hard``; ``random`` for tournaments) with a ``seed``, and
``choose(view, actions)`` returns a legal action.  ``view`` is
``controller.view(state, side)`` (what that side may know) and ``actions`` are
the legal actions the rules list for that side now; the games list a finite
sample (a set-up lists the next unit, a fire group its full set of firers), so
an opponent's ``pick`` may also return an action of its own making outside the
list (the FFL machinegun's spread shots, a Legend Begins attack from several
hexes): ``choose`` keeps it when ``controller.legal`` accepts it on the view,
and the runner and ``ffl tournament`` check every action on the game before
playing it.  The opponent never sees the game's state itself.  Its own
lookahead plays on copies of the view with dice of its own drawing (the
view's seed is replaced), so it never knows how the real dice will fall.

A game declares its opponents in its manifest (``GameManifest.opponents``:
``"module:function"`` of ``make(controller, side, level, seed) ->
Opponent``).  Who plays each side is kept in the session's options under
:data:`PROGRAM_KEY` (``{side: level}``), chosen in the New game dialog, so a
saved game goes on against the program when reopened.  No Qt here: the play
window runs opponents through :mod:`ffl.ui.opponent`, ``ffl tournament``
through :mod:`ffl.opponents.tournament`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ffl.engine import Action, GameState

#: the levels a player may choose (weakest first)
LEVELS = ("easy", "normal", "hard")
#: the levels a tournament may pit against each other
ALL_LEVELS = ("random", *LEVELS)
LEVEL_TITLES = {"random": "random moves", "easy": "easy", "normal": "normal", "hard": "hard"}
#: the session option holding ``{side: level}`` for the sides the program plays
PROGRAM_KEY = "program"
HUMAN = "human"


class Opponent:
    """One side played by the program (see the module docstring).

    Subclasses override :meth:`pick`; :meth:`choose` checks the contract (one
    of ``actions`` comes back, the view is never changed)."""

    def __init__(self, controller, side: str, level: str = "normal", seed: int = 0) -> None:
        if level not in ALL_LEVELS:
            raise ValueError(f"unknown level {level!r} (choose {', '.join(ALL_LEVELS)})")
        self.controller = controller
        self.side = side
        self.level = level
        self.seed = int(seed)
        self.rng = random.Random(f"{self.seed}:{side}:{level}")
        #: playouts (or lookahead positions) tried so far, for the throughput figures
        self.playouts = 0
        #: processor seconds spent on them (``time.process_time``: the figure
        #: holds on a busy machine)
        self.playout_seconds = 0.0

    def choose(self, view: GameState, actions: Sequence[Action]) -> Action:
        actions = list(actions)
        if not actions:
            raise ValueError(f"the program ({self.side}) was asked to act with nothing "
                             "legal to do")
        if len(actions) == 1:
            return actions[0]
        choice = self.pick(view, actions)
        # the lists are samples: a choice of the program's own making is kept when
        # the rules accept it on the view (the runner checks it on the game again)
        if choice in actions or self.controller.legal(view, choice):
            return choice
        return actions[0]

    def pick(self, view: GameState, actions: list[Action]) -> Action:
        return self.rng.choice(actions)

    def private_copy(self, view: GameState) -> GameState:
        """A copy of the view to look ahead on, with dice of the opponent's own
        drawing: the real dice stream stays unknown to it."""
        copy = view.copy()
        copy.seed = self.rng.randrange(1, 2**31)
        return copy


class RandomOpponent(Opponent):
    """Uniformly random legal actions (the yardstick of the tournaments)."""


@dataclass(frozen=True)
class Decision:
    action: Action
    seconds: float
    side: str


def acting_side(controller, state: GameState) -> str:
    """The side the rules ask to act now ("" when the game is over or nobody acts)."""
    if controller.outcome(state) is not None:
        return ""
    return controller.prompt(state).side or ""


def decide(opponent: Opponent, controller, state: GameState) -> Decision:
    """Ask ``opponent`` for its action now: it gets its side's view and the legal
    actions, never ``state`` itself."""
    start = time.perf_counter()
    view = controller.view(state, opponent.side)
    actions = list(controller.legal_actions(state))
    action = opponent.choose(view, actions)
    return Decision(action, time.perf_counter() - start, opponent.side)


# -- the manifest's declaration ---------------------------------------------------------------


def has_opponents(game) -> bool:
    """Whether the game (a manifest) declares opponents."""
    return bool(getattr(game, "opponents", ""))


def make_opponent(game, controller, side: str, level: str, seed: int = 0) -> Opponent:
    """An opponent for ``side`` of ``game`` (a manifest) at ``level``: random play
    for ``random``, else the game's own (ValueError when it declares none)."""
    if level == "random":
        return RandomOpponent(controller, side, level, seed)
    if not has_opponents(game):
        raise ValueError(f"{game.title} has no computer opponent")
    from ffl.games.manifest import load

    return load(game.opponents)(controller, side, level, seed)


def program_sides(options: Mapping[str, Any]) -> dict[str, str]:
    """``{side: level}`` for the sides the program plays in a game with ``options``."""
    chosen = options.get(PROGRAM_KEY) or {}
    if not isinstance(chosen, Mapping):
        return {}
    return {str(s): str(lv) for s, lv in chosen.items() if lv in ALL_LEVELS}


def opponents_for(session) -> dict[str, Opponent]:
    """The opponents of a session (``{side: Opponent}``; empty for a game of humans)."""
    from ffl.games import manifest

    game = manifest(session.controller.game_id)
    # a game may read an older save's own option as PROGRAM_KEY (its controller's
    # program_options: Limits of Glory's "allied_player")
    upgrade = getattr(session.controller, "program_options", None)
    sides = program_sides(upgrade(session.options) if callable(upgrade) else session.options)
    if game is None or not sides or not has_opponents(game):
        return {}       # (a game played with the rules off has no program)
    return {side: make_opponent(game, session.controller, side, level, session.seed + n)
            for n, (side, level) in enumerate(sorted(sides.items()))}
