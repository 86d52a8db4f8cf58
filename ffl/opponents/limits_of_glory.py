"""Limits of Glory's computer opponents on the shared contract (:mod:`ffl.opponents`).

``make(controller, side, level, seed)`` gives the program for either side:

* the Allies: :func:`ffl.games.limits_of_glory.opponent.choose`'s rules of thumb
  (the play of the old "The Allied side: the program" option);
* the French: :func:`ffl.games.limits_of_glory.opponent_french.choose`.

Levels: ``normal`` plays the rules of thumb; ``easy`` makes a random legal
choice (never a concession) one time in two (seeds 1-10, the normal French
against the normal Allies: 3 wins, mean VP difference -7.8; against the easy
Allies: 6 wins, -2.8; the easy French against the normal Allies: none, -21.3,
at one slip in three); ``hard`` plays as ``normal``:
no stronger play has been shown yet (a French program seeking fights at even
strength instead of with a fifth more won 4 of seeds 11-27 against the normal
Allies, the normal one 5); so the manifest offers easy and normal only
(``opponent_levels``), and hard is kept for older saves and tournaments.

Both see only their side's view (``controller.view(state, side)``): the Allied
program never the real fleet while it is secret, the French program nothing the
rules hide from the French; the dice seed is blanked in every view.
"""

from __future__ import annotations

from ffl.engine import Action, GameState

from . import Opponent

#: how often the easy program makes a random choice instead of its rule of thumb
EASY_SLIP = 1 / 2


class GloryOpponent(Opponent):
    """One side of Limits of Glory played by the rules of thumb of its game package."""

    def __init__(self, controller, side: str, level: str = "normal", seed: int = 0) -> None:
        super().__init__(controller, side, level, seed)
        if side == "allied":
            from ffl.games.limits_of_glory.opponent import choose
        elif side == "french":
            from ffl.games.limits_of_glory.opponent_french import choose
        else:
            raise ValueError(f"Limits of Glory has no side {side!r}")
        self._choose = choose

    def pick(self, view: GameState, actions: list[Action]) -> Action:
        if self.level == "random":
            return self.rng.choice(actions)
        if self.level == "easy" and self.rng.random() < EASY_SLIP:
            fair = [a for a in actions if a.kind != "concede"] or actions
            return self.rng.choice(fair)
        # (its own dice-free tie-breaks, as the old option's program made them)
        return self._choose(self.controller, view)


def make(controller, side: str, level: str = "normal", seed: int = 0) -> Opponent:
    """The manifest's factory (``GameManifest.opponents``)."""
    return GloryOpponent(controller, side, level, seed)
