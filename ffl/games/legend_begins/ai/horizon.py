"""The ``hard`` program's sense of the scenario's end (31.0 victory conditions, 3.1 B the
chit cup): what a step is still worth in the last turn.

``normal`` weighs a friendly step against an enemy one the same way all game long
(:attr:`.look.Look.step_cost`).  But in the scenario's last turn a step is worth only
what it still does: where the victory conditions count one side's lost steps (Compass:
the Italian steps in the Cadre Box, ``steps_per_vp``), a step of the *other* side
counts for nothing at the end, only for the segments of its side still to come.  So in
the last turn ``hard``

* as the side whose lost steps do not score (the Allies in Compass) values its own
  losses less the fewer of its segments are left (none left: a tenth), and attacks
  from a lower value (its losses cost no points, the enemy's count);
* as the side whose lost steps score (the Axis in Compass) values the enemy steps it
  destroys less the fewer enemy segments are left (they cost the enemy no points, only
  its later attacks), so it spares its own steps;
* either side values a retreat or a disruption (worth something in the segments to
  come) less the fewer of its own segments are left; an objective taken keeps its
  worth (it counts at the end).

The segments left are read off the cup of chits (public: the Turn Record Track and the
chits drawn, 3.1 B): a side's chits still in the cup, at most the segments of the
seven still to be played.  Nothing hidden is read (39.0).
"""

from __future__ import annotations

from ..rules.turn import SEGMENTS_PER_TURN, chit_side

#: what a step keeps of its worth when no segment of its side is left
FLOOR = 0.1


def last_turn(ctx) -> bool:
    """The scenario's last turn is being played (31.0; a shorter game's cap too)."""
    last = int(ctx.setup.get("last_turn", 0))
    cap = ctx.var("turn_limit")
    if cap is not None:
        last = min(last, int(cap))
    return ctx.turn >= last


def segments_left(ctx, side: str) -> int:
    """The segments ``side`` may still play this turn after the one being played (3.1 B:
    seven of the eight chits are played)."""
    cup = list(ctx.var("cup") or [])
    drawn = list(ctx.var("drawn") or [])
    still = max(0, SEGMENTS_PER_TURN - len(drawn))
    return min(still, sum(1 for c in cup if chit_side(c) == side))


def worth_left(ctx, side: str) -> float:
    """How much of a step's worth to ``side``'s later attacks is left: 1 before the
    last turn, then from 1 (three segments to come, all a side may have) down to
    :data:`FLOOR` (none)."""
    if not last_turn(ctx):
        return 1.0
    n = segments_left(ctx, side)
    return FLOOR + (1.0 - FLOOR) * min(1.0, n / 3)


def scoring(ctx, side: str) -> tuple[bool, bool]:
    """(``side``'s own lost steps score for the enemy, the enemy's lost steps score for
    ``side``): from the scenario's victory conditions (``steps_per_vp`` counts the Axis
    steps lost, 31.0)."""
    vic = ctx.setup.get("victory") or {}
    if not vic.get("steps_per_vp"):
        return False, False
    return side == "axis", side != "axis"


def weights(ctx, side: str, foe: str) -> tuple[float, float, float]:
    """For ``hard`` now: (multiplier of the cost of ``side``'s steps lost, of the worth
    of the enemy's steps destroyed, of the worth of what lasts beyond this segment: a
    retreat, a disruption).  (1, 1, 1) before the last turn."""
    mine_score, theirs_score = scoring(ctx, side)
    later = worth_left(ctx, side)
    cost = 1.0 if mine_score else later
    gain = 1.0 if theirs_score else worth_left(ctx, foe)
    return cost, gain, later
