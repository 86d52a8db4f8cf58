"""The program's side in The Legend Begins: a rule-following opponent for either army.

It chooses only legal actions (each is checked with ``controller.legal`` on its side's
view; a move or an attack the program makes up itself is used only when the rules
accept it, else one of the listed actions is taken) and reads the game through its
side's view (39.0: with Fog of War it sees no more than a player would) and the
controller's documented queries.  Its play (:mod:`.play`):

* **objectives** -- the places the scenario's victory conditions name, weighted by
  their points; those the enemy holds draw its stacks, those it holds and the enemy
  nears are kept garrisoned (:mod:`.look`);
* **supply** -- its stacks end their moves where a Line of Supply reaches (19.2) unless
  they take an objective; the Army HQ follows the front carrying a Supply Point; Trucks
  bring Supply Points forward; reinforcements sail from Italy in a Primary Segment
  (:mod:`.march`);
* **concentration** -- stacks move next to the enemy stack the most friendly strength
  can reach, so that attacks are made from several hexes at once (9.1 case B);
* **combat** -- every attack it may make is valued from the Combat Table (the expected
  steps lost by each side over the Magnitude's dice, the chance of a retreat, the
  objective in the hex) with the odds, shifts and Attack Supply the rules give
  (``controller.odds``); it attacks when the value is good, and makes an owed attack
  (9.1) the cheapest way (:mod:`.fight`);
* **decisions** -- losses on the units that cost least, retreats toward supply and away
  from the enemy, advances into objectives; action kinds it does not know are passed
  (the action that ends the step, else the first listed);
* **the air game** (40.0) -- Ground Support over the hexes of its attacks (or its own
  hexes likeliest to be attacked), Escorts with its Bombers, Interceptors against the
  enemy's Bombers and Air-to-Air attacks read off the table, Interdiction of the
  enemy's supply roads with the Bombers left (:mod:`.air`);
* **Reaction** (41.0) -- a motorized stack joins a hex under a strong attack, or a
  motorized stack leaves a bad combat; between two enemy segments an exposed stack
  pulls back (:mod:`.react`);
* **Mobile Assaults** (14.0) -- a motorized stack (or a Truck's cargo) assaults an
  adjacent enemy hex in the Movement Phase when an Overrun is likely enough and worth
  it (out of an Active ZOC, a hex barring the way, toward supply or an objective),
  from where it stands or after a move that stops next to the hex (:mod:`.assault`);
* **Air HQs** (40.11) -- moved up behind the front in a Primary Segment, out of
  danger (moved, or off the map), a lost one bought back for its Resource Point
  (:mod:`.air_hq`).

Levels: ``easy`` plays a random listed action a third of the time (never one that gives
up an Air HQ, :meth:`.play.Planner.throws_away`); ``normal`` follows
the plan; ``hard`` follows it and plays to the scenario's end (31.0): in the last turn
it weighs a step by what it still counts for, in the points and in the segments its
side has left (the chit cup, 3.1 B), in its attacks, Mobile Assaults and moves
(:mod:`.horizon`), and searches its Combat Phases wider and deeper: the attacks from
only some of the hexes around an enemy hex and the set of attacks worth most together,
played when it beats normal's own plan by half a step (:mod:`.search`); before the
last turn it plays as normal.  The style
``old`` (``make(..., style="old")`` or ``FFL_LEGEND_AI=old`` in the environment) is the
first program, kept for comparison (:mod:`.old`).  ``ffl selfplay --policy goal``
plays the plan for both sides (:class:`GoalPolicy`).
"""

from __future__ import annotations

import os
import random
from collections.abc import Sequence

from ffl.engine import Action, GameState

from .old import thumb

__all__ = ["GoalPolicy", "make", "thumb"]

NOISE = {"random": 1.0, "easy": 0.33, "normal": 0.0, "hard": 0.0}
OLD_NOISE = {"random": 1.0, "easy": 0.5, "normal": 0.0, "hard": 0.0}
#: the environment variable that picks the style (``old`` or ``plan``)
STYLE_ENV = "FFL_LEGEND_AI"
STYLES = ("plan", "old")


def make(controller, side: str, level: str = "normal", seed: int = 0,
         style: str | None = None):
    """An opponent for ``side`` at ``level`` (``style`` ``plan``, the default, or
    ``old``)."""
    from ffl.opponents import Opponent

    from .play import Planner

    chosen = style or os.environ.get(STYLE_ENV) or "plan"
    if chosen not in STYLES:
        raise ValueError(f"unknown style {chosen!r} (choose {', '.join(STYLES)})")

    class LegendOpponent(Opponent):
        def __init__(self, *args) -> None:
            super().__init__(*args)
            self.style = chosen
            self._asked: tuple | None = None
            self.planner = Planner(controller, side, level, self.rng) \
                if chosen == "plan" else None

        def choose(self, view: GameState, actions: Sequence[Action]) -> Action:
            actions = list(actions)
            if self.planner is None or len(actions) <= 1:
                return super().choose(view, actions)
            if self.rng.random() < NOISE.get(self.level, 0.0):
                # a random move, but never one giving up an Air HQ (40.11) for nothing
                keep = [a for a in actions if not self.planner.throws_away(view, a)]
                return self.rng.choice(keep or actions)
            key = view.hash()
            choice = self.planner.choose(view, actions)
            if choice not in actions and self._asked == (key, choice):
                # asked again on the same view after making this up: the game refused it
                # (39.0: something hidden from the view), so a listed action this time
                choice = self.planner.choose(view, actions, listed_only=True)
            self._asked = (key, choice)
            if choice in actions or self.planner.accept(view, choice):
                return choice
            return actions[0]

        def pick(self, view: GameState, actions: list[Action]) -> Action:
            if self.rng.random() < OLD_NOISE.get(self.level, 0.0):
                return self.rng.choice(actions)
            return thumb(self.controller, view, actions, self.side, self.rng)

    return LegendOpponent(controller, side, level, seed)


class GoalPolicy:
    """Self-play toward the scenario's goal (``ffl selfplay --policy goal``): the plan
    for whichever side acts."""

    def __init__(self) -> None:
        self._planners: dict = {}

    def choose(self, controller, state: GameState, actions: Sequence[Action],
               rng: random.Random) -> Action:
        from .play import Planner

        actions = list(actions)
        side = controller.prompt(state).side
        key = (id(controller), side)
        planner = self._planners.get(key)
        if planner is None:
            planner = self._planners[key] = Planner(controller, side, "normal", rng)
        choice = planner.choose(state, actions)
        if choice in actions or planner.accept(state, choice):
            return choice
        return actions[0]

    def capped(self, controller, state: GameState) -> bool:
        limit = state.vars.get("turn_limit")
        return limit is not None and int(state.vars.get("turn", 0)) > int(limit)
