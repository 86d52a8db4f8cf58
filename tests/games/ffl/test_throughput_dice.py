"""Issue 12: a die's value is worked out faster (``ffl.engine.dice.die_value``),
and is the very value ``random.Random(seed * 1_000_003 + index).randint(1,
sides)`` gives, the definition the seeded games and their pins rest on."""

from __future__ import annotations

import random

import pytest

from ffl.engine.dice import Dice, die_value


def _defined(seed: int, index: int, sides: int) -> int:
    return random.Random(seed * 1_000_003 + index).randint(1, sides)


@pytest.mark.parametrize("sides", [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 16, 20, 100])
def test_die_value_equals_the_seeded_randint(sides: int) -> None:
    seeds = [0, 1, 2, 3, 7, 11, 12345, 2 ** 31 - 1, 2 ** 32 + 5, 2 ** 63 + 9, -4]
    for seed in seeds:
        for index in range(0, 120, 1 if sides == 6 else 7):
            assert die_value(seed, index, sides) == _defined(seed, index, sides), (
                seed, index, sides)


def test_many_random_seeds_and_indices() -> None:
    rng = random.Random(12)
    for _ in range(3000):
        seed, index = rng.getrandbits(rng.choice((8, 31, 40, 64))), rng.randrange(5000)
        sides = rng.choice((2, 3, 6, 6, 6, 10, 20))
        assert die_value(seed, index, sides) == _defined(seed, index, sides)


def test_a_dice_event_carries_the_same_values() -> None:
    dice = Dice(42, 10)
    event = dice.roll("6.72", "Melee", n=3)
    assert event.dice == tuple(_defined(42, 10 + i, 6) for i in range(3))
    assert dict(event.changes[0]._asdict())["value"] == 13
