"""The normal and hard FFL programs do not wander (move units to and fro for
nothing).  Three causes, each tested on a position:

* the general plan (``GoalPolicy``) took a random step for a unit that had not
  begun to move and had nowhere better to go, instead of leaving it where it
  stood (the Legion's posts on the walls were shuffled every phase);
* 4.3 a unit may not stop on a friend's square: the Bedouin without a rope
  stepped onto the one free-standing square by the wall a friend already held
  and had to step straight back off it;
* two measures pulling one unit two ways: a Bedouin without a rope headed for a
  grappled rope (its way in), then the general plan's measure (a climb
  anywhere) walked it back.

The whole-game figures (wins, and the share of moved units that wandered) are
in ``test_ffl_levels_tournament.py`` (slow)."""

import random
from functools import cache

from ffl.games import game_of
from ffl.games.ffl.policy import GoalPolicy
from ffl.opponents import decide, make_opponent

ADLER, COLE = "L-1-Adler", "L-1-Cole"
DHABI, BABA, DEF, HASSAN = "B-A-Dhabi", "B-B-Baba", "B-B-Def", "B-B-Hassan"


@cache
def controller():
    from ffl.catalog import load_module
    from ffl.games.ffl.controller import FFLController

    return FFLController(load_module("ffl"))


def test_6_1_the_plan_leaves_a_unit_with_nowhere_better_to_go_where_it_stands():
    """The Legion on its wall, the Bedouin far out in the sand: no melee within
    reach, so the plan holds its post; before, it took a random step (a unit not
    yet moving has no 'finish' to choose, and the fallback drew a step)."""
    state = controller().position(units={ADLER: ("J3", 2, "N"), COLE: ("K3", 2, "N"),
                                         DHABI: ("J1", 0, "S")},
                                  phase="movement", chit="squad-1")
    steps = [a for a in controller().legal_actions(state) if a.kind == "move"]
    assert steps                                      # it could move
    for seed in range(12):
        action = GoalPolicy().choose(controller(), state, controller().legal_actions(state),
                                     random.Random(seed))
        assert action.kind in ("end-phase", "face"), (seed, action)


def _bedouin_choice(state, level, seed):
    opp = make_opponent(game_of("ffl/basic"), controller(), "bedouin", level, seed)
    action = decide(opp, controller(), state).action
    assert controller().legal(state, action)
    return action


def test_4_3_a_bedouin_never_steps_onto_a_friends_square_it_could_not_stop_on():
    """Dhabi (no rope) in the sand below the north wall, the three squares next
    to the wall in front of him held by Berbers: no step onto them (he would
    have had to step back off at once); he waits, or goes round."""
    units = {ADLER: ("J3", 2, "N"), DHABI: ("J1", 0, "S"), BABA: ("I2", 0, "S"),
             DEF: ("K2", 0, "S"), HASSAN: ("J2", 0, "S")}
    state = controller().position(units=units, phase="movement", chit="arab",
                                  others="eliminated")
    held = {("I2", 0), ("J2", 0), ("K2", 0)}
    assert {(a["to"], a["level"]) for a in controller().legal_actions(state)
            if a.kind == "move"} >= held               # the rules let him pass through
    for level in ("normal", "hard"):
        for seed in range(6):
            action = _bedouin_choice(state, level, seed)
            assert not (action.kind == "move" and (action["to"], action.get("level", 0))
                        in held), (level, seed, action)
