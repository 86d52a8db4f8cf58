"""The French program's hard level: :mod:`.opponent_french`'s rules of thumb, and

* Bonaparte Returns (How to Win: Bonaparte returns, +9 VP; Bonaparte exhausted,
  -9 VP): once an event allows his return, Bonaparte leaves his army to a
  junior and goes, alone, to the nearest French-held Alexandria, Rosetta or
  Damietta (never into a space the Allies hold with elements), declares his
  return there, boards the Muiron on the sea space with the fewest Allied
  squadrons near it and sails by the shortest sea route for Toulon, Genoa or
  Civitavecchia, keeping out of the Allied squadrons' seas where it can; on
  board he re-rolls failed tests with his glory (Interception attempts);
* Uprisings: Result of uprising: each success costs the commander two glory,
  requiring it to be re-rolled one (and it fails two times in three), so the
  successes of every uprising are required to be re-rolled.

Measured (seeds 1-40 against the normal Allies): 11 wins, mean VP difference
French minus Allies -11.2; the normal French 11, -10.0.  Bonaparte reached France
in 10 of the 40 games (the French won 6 of them); walking alone to his port he
was lost in sieges, hence the escort of ``ESCORT`` elements.  Keeping a reserve
of his glory (no re-rolls below 12) or going home only once his glory was low
(15 or 25) did no better (10-11 wins, -11.4 to -12.8).

It sees what the normal program sees: the French view only.
"""

from __future__ import annotations

import random
from collections import deque
from functools import lru_cache

from ...engine import Action, GameState
from . import opponent_french as F
from . import tables as T
from .control import holder
from .flow import flag
from .model import Ctx, elements, squadrons
from .opponent import _distances, pick_by_task

BONAPARTE = "bonaparte"
#: the French elements with Bonaparte (moving or waiting there) on his way to a port
ESCORT = 2


def choose(controller, view: GameState, rng: random.Random | None = None) -> Action:
    """The hard program's choice among the legal actions of ``view`` (a French view)."""
    legal = list(controller.legal_actions(view))
    actions = [a for a in legal if a.kind != "concede"] or legal
    return pick_by_task(controller, view, actions, PICKERS, _free, rng)


# -- Bonaparte -------------------------------------------------------------------------------

def _bonaparte(state: GameState):
    b = state.pieces.get(BONAPARTE)
    return b if b is not None and b.status == "active" and b.space else None


def _returning(state: GameState) -> bool:
    b = _bonaparte(state)
    return b is not None and bool(b.data.get("returning"))


def _going_home(state: GameState) -> bool:
    """An event allows his return and he has not declared it yet."""
    b = _bonaparte(state)
    return b is not None and not b.data.get("returning") and flag(state, "return_allowed") \
        and not flag(state, "bonaparte_returned")


def _ports(ctx: Ctx, state: GameState) -> list[str]:
    return [p for p in T.RETURN_PORTS if p in ctx.board and holder(ctx, state, p) == T.FRENCH]


@lru_cache(maxsize=4)
def _home_distances(ctx: Ctx) -> dict[str, int]:
    """Sea space -> sea moves to the nearest French safe harbour."""
    seen = {h: 0 for h in T.FLEET_HARBOURS if h in ctx.board}
    todo = deque(seen)
    while todo:
        s = todo.popleft()
        for n in ctx.neighbours[s]:
            if ctx.is_sea(n) and n not in seen:
                seen[n] = seen[s] + 1
                todo.append(n)
    return seen


def _danger(ctx: Ctx, state: GameState, sea: str) -> int:
    """Allied squadrons in ``sea`` (3 each) and beside it (1 each)."""
    here = len(squadrons(ctx, state, sea, T.ALLIED)) * 3
    near = sum(len(squadrons(ctx, state, n, T.ALLIED)) for n in ctx.neighbours[sea]
               if ctx.is_sea(n))
    return here + near


def _sail_value(ctx: Ctx, state: GameState, sea: str) -> float:
    if ctx.harbour(sea) == T.FRENCH:
        return 100.0
    return -_home_distances(ctx).get(sea, 30) - 1.5 * _danger(ctx, state, sea)


def _alone(a: Action) -> bool:
    return not a.get("units") and (a.get("pieces") or "") == BONAPARTE


def _homeward(ctx: Ctx, state: GameState, actions: list[Action]) -> Action | None:
    """Bonaparte's next step home (returning: his sea moves; before: towards a port)."""
    b = _bonaparte(state)
    act = state.vars.get("activation")
    if b is None:
        return None
    if _returning(state):
        if act and act.get("space") == b.space:
            sails = [a for a in actions if a.kind == "move" and _alone(a)]
            if sails:
                return max(sails, key=lambda a: (_sail_value(ctx, state, a["to"]), a["to"]))
            return None
        return next((a for a in actions if a.kind == "activate" and a["space"] == b.space),
                    None)
    if not _going_home(state):
        return None
    declare = [a for a in actions if a.kind == "return"]
    if declare:
        return min(declare, key=lambda a: (_danger(ctx, state, a["sea"]),
                                           _home_distances(ctx).get(a["sea"], 30), a["sea"]))
    ports = _ports(ctx, state)
    if not ports or b.space in ports:
        return None
    dist = _distances(ctx)

    def left(space):
        return min(dist[space].get(p, 30) for p in ports)
    if act and act.get("space") == b.space:
        steps = [a for a in actions if a.kind == "move" and BONAPARTE in
                 (a.get("pieces") or "").split(",") and not ctx.is_sea(a["to"])
                 and left(a["to"]) < left(b.space)
                 and not elements(ctx, state, a["to"], T.ALLIED)]

        def escorted(a):
            # never alone where no French element waits: a commander alone is lost
            # in a siege (Sieges: commanders defending on their own)
            return F._moved(a)[0] + len(elements(ctx, state, a["to"], T.FRENCH)) >= ESCORT
        steps = [a for a in steps if escorted(a)]
        if not steps:
            return None
        return max(steps, key=lambda a: (F._move_value(ctx, state, a), a["to"]))
    return next((a for a in actions if a.kind == "activate" and a["space"] == b.space), None)


# -- the pickers -----------------------------------------------------------------------------

def _free(ctx, state, task, actions, rng):
    if state.vars.get("phase") != "invasion":
        home = _homeward(ctx, state, actions)
        if home is not None:
            return home
    return F._free(ctx, state, task, actions, rng)


def _test(ctx, state, task, actions, rng):
    if task.get("stage") == "reroll" and _returning(state) and task.get("cmd") == BONAPARTE:
        wins = sum(1 for d in task["dice"] if d >= 5)
        if wins < task.get("need", 1):
            return F._most(actions)             # on the Muiron: every failure re-rolled
    if task.get("stage") == "force" and task.get("purpose") == "uprising":
        # Uprisings: Result of uprising: each success costs two glory, a success
        # required to be re-rolled one (and fails two times in three)
        return F._most(actions)
    return F._test(ctx, state, task, actions, rng)


PICKERS = {**F.PICKERS, "test": _test, "free": _free}
