"""Seeded matches between the FFL program's levels (slow: about five minutes):
hard beats normal and normal beats easy, and the normal and hard levels no
longer wander (``ffl.opponents.ffl_measure``).

The Basic Game stopped after six turns and scored on points (9 and the
tournament's cap: each side's share of its characters standing) is won by
the Bedouin side whoever plays it, so the levels play in pairs of games on the
same seed with the seats swapped, and a pair goes to the level whose side
fared better over both (the side's advantage cancels out).

Measured before these changes (6c40704, the same matches): normal wandered in
27.8% of its moved unit-phases (130 of 468, two games against easy), easy in
35.2%; now normal and hard stay under 5% while easy, half random, still
wanders in about a quarter."""

import pytest

from ffl.opponents.ffl_measure import match

SIX_TURNS = {"turn_limit": 6}


@pytest.mark.slow
def test_9_hard_beats_normal_over_pairs_of_seeded_games():
    result = match("ffl/basic", ("hard", "normal"), 4, seed=21, options=SIX_TURNS)
    print("\n".join(result.lines()))
    pairs = result.pairs()
    assert pairs["hard"] > pairs["normal"], result.lines()
    total = {lv: sum(m[lv] for m in result.margins) for lv in ("hard", "normal")}
    assert total["hard"] > total["normal"], total
    for level in ("hard", "normal"):
        assert result.wander_rate(level) < 0.05, result.lines()


@pytest.mark.slow
def test_9_normal_beats_easy_and_wanders_far_less():
    result = match("ffl/basic", ("normal", "easy"), 4, seed=11, options=SIX_TURNS)
    print("\n".join(result.lines()))
    assert result.wins["normal"] > result.wins["easy"], result.lines()
    pairs = result.pairs()
    assert pairs["normal"] > pairs["easy"], result.lines()
    assert result.wander_rate("normal") < 0.05, result.lines()
    assert result.wander_rate("easy") > 3 * result.wander_rate("normal"), result.lines()
