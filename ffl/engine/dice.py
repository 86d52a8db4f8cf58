"""Seeded dice.  Each roll is a pure function of (seed, roll number), and the
roll comes back as an :class:`Event` so the value lives in the log: replays read
it from there and never roll again."""

from __future__ import annotations

import _random
import random

from .events import Change, Event, _event
from .state import GameState

ROLLS_VAR = "_rolls"


_Generator = _random.Random


def die_value(seed: int, index: int, sides: int = 6) -> int:
    """The ``index``-th roll of a ``sides``-sided die for ``seed`` (1..sides):
    ``random.Random(seed * 1_000_003 + index).randint(1, sides)``, the values
    pinned by the golden games.  For whole numbers (issue 12) it is worked out
    as that call works it out, without its Python-level layers: the C
    generator seeded from the number (the same Mersenne Twister seeding), then
    ``randint``'s draw (``k`` bits at a time, ``k`` the bit length of
    ``sides``, until one is below ``sides``).  A generator per roll, so rolls
    in two threads never share one.  ``test_throughput_dice`` holds the two
    ways equal."""
    if type(seed) is not int or type(index) is not int or type(sides) is not int \
            or sides < 1:
        return random.Random(seed * 1_000_003 + index).randint(1, sides)
    bits = _Generator(seed * 1_000_003 + index).getrandbits
    k = sides.bit_length()
    r = bits(k)
    while r >= sides:
        r = bits(k)
    return r + 1


class Dice:
    """Rolls dice for one state; create one per action being resolved.

    >>> dice = Dice.for_state(state)
    >>> event = dice.roll("6.72", "Melee roll")   # event.dice == (n,)
    """

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed
        self.counter = counter

    @classmethod
    def for_state(cls, state: GameState) -> Dice:
        return cls(state.seed, int(state.vars.get(ROLLS_VAR, 0)))

    def value(self, sides: int = 6) -> int:
        """Roll one die and advance the counter; the caller's event must carry the
        values and :meth:`counter_change` (:meth:`roll` does both)."""
        v = die_value(self.seed, self.counter, sides)
        self.counter += 1
        return v

    def roll(self, rule: str, purpose: str, n: int = 1, sides: int = 6, side: str = "",
             **info) -> Event:
        """Roll ``n`` dice and return the DiceRolled event carrying their values."""
        seed, first = self.seed, self.counter
        values = tuple([die_value(seed, first + i, sides) for i in range(n)])
        self.counter = first + n
        shown = ", ".join(map(str, values))
        # Event(...) as made by its constructor, without the frozen dataclass's
        # guarded assignments (issue 12)
        return _event("dice", rule, f"{rule} {purpose}: rolled {shown}",
                      (Change.var(ROLLS_VAR, self.counter),), values, side,
                      {"purpose": purpose, "sides": sides, **info})

    def counter_change(self) -> Change:
        """The change that records how many dice have been rolled so far."""
        return Change.var(ROLLS_VAR, self.counter)
