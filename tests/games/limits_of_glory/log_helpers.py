"""Helpers for the Limits of Glory rules tests: hand-built positions and dice.

Dice are never patched: :func:`seek` moves the state's dice counter to a place
where the engine's own dice show the values a test needs (the rulebook's worked
examples), like the French Foreign Legion tests search for seeds.
"""

from __future__ import annotations

import random
from functools import cache

from ffl.engine import Action, fold
from ffl.engine.dice import die_value
from ffl.games.limits_of_glory.controller import GloryController
from ffl.games.limits_of_glory.model import forget
from ffl.games.limits_of_glory.module import build_module

HOTSEAT = "limits_of_glory/campaign"
#: seed 7, dice number 3287989 onwards: 2 4 5 5 1 2 4 6 (the combat example's first roll)
EXAMPLE_SEED, EXAMPLE_START = 7, 3_287_989


@cache
def module():
    return build_module()


@cache
def controller() -> GloryController:
    return GloryController(module())


def scenario():
    return module().scenarios[HOTSEAT]


def fresh(seed: int = 1, **options):
    return controller().start(scenario(), options, seed)


def seek(state, values, start: int | None = None) -> None:
    """Move the dice counter so that the next dice rolled show ``values``."""
    i = int(state.vars.get("_rolls", 0)) if start is None else start
    while True:
        if all(die_value(state.seed, i + k) == v for k, v in enumerate(values)):
            state.vars["_rolls"] = i
            return
        i += 1


def clear(state) -> None:
    """Every piece back to its pool (a blank map to build a position on)."""
    forget(state)
    for p in state.pieces.values():
        p.space, p.level, p.status = None, 0, "off"
        p.data.pop("with", None)
        if p.type in ("fleet",):
            p.status = "eliminated"


def put(state, space: str, counts: dict[str, int], level: int = 0) -> list[str]:
    """Take elements from the pools into ``space``; returns their ids."""
    forget(state)
    placed = []
    for tid, n in counts.items():
        pool = sorted((p for p in state.pieces.values() if p.type == tid and p.status == "off"),
                      key=lambda p: p.id)[:n]
        assert len(pool) == n, f"the {tid} pool is short"
        for p in pool:
            p.space, p.level, p.status = space, level, "active"
            placed.append(p.id)
    return placed


def commander(state, cid: str, space: str, glory: int, level: int = 0, **data) -> None:
    forget(state)
    p = state.pieces[cid]
    p.space, p.level, p.status = space, level, "active"
    p.data["glory"] = glory
    p.data.update(data)


def conquest(seed: int = 1, active: str = "french", hand=(3, 3)):
    """A conquest-phase position with an empty map, ``active`` holding the initiative."""
    state = fresh(seed)
    clear(state)
    state.vars.update({"phase": "conquest", "turn": 2, "active": active, "pending": [],
                       "hand": {"french": hand[0], "allied": hand[1]}, "markers": {},
                       "activation": None, "ended": [], "sieges": {}, "control": {},
                       "vp": {"french": 0, "allied": 25}})
    return state


def crowded_cairo(activated: bool = False):
    """Cairo crowded (the window tests' and the interaction bench's): Bonaparte with 18
    infantry, 2 cavalry, an artillery and the savants in the open; inside the BUA
    Murad and Ibrahim Bey with Mamluk and Ottoman infantry, cavalry and artillery;
    two Bedouin: thirteen markers.  ``activated``: the French have activated it."""
    state = conquest(seed=61)
    put(state, "cairo", {"fr-inf": 18, "fr-cav": 2, "fr-art": 1, "fr-sav": 1})
    commander(state, "bonaparte", "cairo", 39, auto6=7)
    put(state, "cairo", {"ma-inf": 6, "ma-cav": 2, "ot-inf": 4, "ot-cav": 2, "ot-art": 1},
        level=1)
    commander(state, "murad", "cairo", 16, level=1)
    commander(state, "ibrahim", "cairo", 10, level=1)
    put(state, "cairo", {"bedouin": 2})
    if activated:
        state.vars["activation"] = {"space": "cairo", "side": "french", "moved": False}
    forget(state)
    return state


def act(state, kind: str, side: str, **args):
    """Apply one action; returns (new state, events)."""
    action = Action.make(kind, side, **args)
    ctrl = controller()
    verdict = ctrl.legal(state, action)
    assert verdict, f"{action} refused: {verdict.rule} {verdict.reason}"
    events = ctrl.apply(state, action)
    return fold(state, events), events


def refused(state, kind: str, side: str, **args):
    return controller().legal(state, Action.make(kind, side, **args))


def texts(events) -> list[str]:
    return [e.text for e in events]


def task(state):
    stack = state.vars.get("pending", [])
    return stack[-1] if stack else None


def glory(state, cid: str) -> int:
    return int(state.pieces[cid].data.get("glory", 0))


def play_random(seed: int, scenario_id: str = HOTSEAT, limit: int = 20000):
    """A random legal game (no concessions); returns the final state and actions done."""
    ctrl = controller()
    state = ctrl.start(module().scenarios[scenario_id], {"no_concede": True}, seed)
    rng = random.Random(seed)
    n = 0
    while ctrl.outcome(state) is None and n < limit:
        actions = list(ctrl.legal_actions(state))
        state = fold(state, ctrl.apply(state, rng.choice(actions)))
        n += 1
    return state, n


def settle(state):
    """Answer every pending dice question with no re-roll (the dice stand)."""
    events = []
    while task(state) and task(state)["kind"] == "test":
        t = task(state)
        if t["stage"] == "reroll":
            state, ev = act(state, "reroll", t["side"], dice="", six="")
        else:
            other = "allied" if t["side"] == "french" else "french"
            state, ev = act(state, "force", other, dice="")
        events += ev
    return state, events


def until(state, kind: str, side: str, predicate, tries: int = 3000, **args):
    """Do the action with the dice falling one way after another (the counter moved
    on each time) until ``predicate(new state, events)`` holds; returns those."""
    base = int(state.vars.get("_rolls", 0))
    for k in range(tries):
        trial = state.copy()
        trial.vars["_rolls"] = base + 7 * k
        new, events = act(trial, kind, side, **args)
        if predicate(new, events):
            return new, events
    raise AssertionError("the dice never fell that way")
