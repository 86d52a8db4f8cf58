"""Limits of Glory's computer opponents on the shared contract (:mod:`ffl.opponents`).

``make(controller, side, level, seed)`` gives the program for either side:

* the Allies: :func:`ffl.games.limits_of_glory.opponent.choose`'s rules of thumb
  (the play of the old "The Allied side: the program" option);
* the French: :func:`ffl.games.limits_of_glory.opponent_french.choose`.

Levels: ``normal`` plays the rules of thumb; ``easy`` makes a random legal
choice (never a concession) one time in two (seeds 1-10, the normal French
against the normal Allies: 3 wins, mean VP difference -7.8; against the easy
Allies: 6 wins, -2.8; the easy French against the normal Allies: none, -21.3,
at one slip in three); ``hard``:

* the Allies (:mod:`ffl.games.limits_of_glory.opponent_allied_hard`) activate
  and move only for a move well worth it (seeds 41-80 against the normal French:
  40 wins, where the normal Allies won 27);
* the French (:mod:`ffl.games.limits_of_glory.opponent_french_hard`) send
  Bonaparte home once an event allows it (Bonaparte Returns: +9 VP, and no -9
  for his exhaustion) and require the successes of uprisings against their
  commanders to be re-rolled (seeds 1-40 against the normal Allies: 11 wins,
  mean VP difference -11.2; the normal French 11, -10.0: no better shown yet).

In a seeded tournament ``hard`` against ``normal`` (each level a side in turn;
``ffl tournament --scenario limits_of_glory/campaign --levels hard,normal
--games 40 --seed 101``): hard won 26 (Allies 19, French 7), normal 12, 2 drawn
at the 20,000-action cap (seeds 127 and 136 go on for hundreds of turns without
the Peace of Amiens); tests/opponents/test_glory_hard_tournament.py.

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
        if side == "allied" and level == "hard":
            from ffl.games.limits_of_glory.opponent_allied_hard import choose
        elif side == "allied":
            from ffl.games.limits_of_glory.opponent import choose
        elif side == "french" and level == "hard":
            from ffl.games.limits_of_glory.opponent_french_hard import choose
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
