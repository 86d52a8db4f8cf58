"""Shared helpers for the Phantom Fury rule tests: the real module and controller,
hand-built positions, and seeds that make the dice fall as a test needs.

Dice are never patched: :func:`with_rolls` searches for a seed whose rolls
(from the state's dice counter on) are the wanted ones.  A d10 face 0 is the
engine's 10 (rule 3).
"""

from __future__ import annotations

from functools import cache

from ffl.engine import Action, GameState, fold
from ffl.engine.dice import ROLLS_VAR, die_value
from ffl.games.phantom_fury.controller import PhantomFuryController
from ffl.games.phantom_fury.module import build_module

SCENARIO = "phantom_fury/jolan"


@cache
def module():
    return build_module()


@cache
def controller() -> PhantomFuryController:
    return PhantomFuryController(module())


def cmap():
    return controller().city(blank())


def blank(phase: str = "movement", turn: int = 3, zones=None, options=None,
          **vars_) -> GameState:
    """Every counter in its container or box, no Zone Activated unless ``zones``
    says so (Zone number -> record, e.g. ``{3: {"act": "normal"}}``)."""
    state = controller().setup(module().scenarios[SCENARIO], options or {}, 1)
    state.vars.update(turn=turn, phase=phase, **vars_)
    state.vars["zones"] = {str(n): dict(rec) for n, rec in (zones or {}).items()}
    return state


def put(state: GameState, pid: str, space: str | None, **data) -> str:
    p = state.pieces[pid]
    p.space, p.status = space, "active"
    p.data.pop("pool", None)
    p.data.update(data)
    return pid


def squad(state: GameState, pid: str, space: str, caat: str | None = None, **data) -> str:
    put(state, pid, space, **data)
    if caat:
        put(state, caat, space, squad=pid)
        state.pieces[pid].data["caat"] = caat
    return pid


def insurgent(state: GameState, space: str, cf: int, face: str = "guerillas",
              other: int | None = None) -> str:
    """Put an 'Insurgents' counter from the container showing CF ``cf`` on ``face``."""
    types = module().piece_types
    side = "martyrs" if face == "guerillas" else "guerillas"
    for pid in sorted(state.pieces):
        p = state.pieces[pid]
        t = types[p.type]
        if t.kind == "insurgents" and p.status == "off" and t.get(face) == cf and (
                other is None or t.get(side) == other):
            return put(state, pid, space, face=face)
    raise AssertionError(f"no {face} counter of CF {cf} left")


def suspect(state: GameState, space: str, prio: tuple | None = None) -> str:
    types = module().piece_types
    for pid in sorted(state.pieces):
        p = state.pieces[pid]
        t = types[p.type]
        if t.kind == "suspect" and p.status == "off" and (
                prio is None or tuple(t.get("priority")) == tuple(prio)):
            return put(state, pid, space)
    raise AssertionError("no 'Suspect' marker left")


def control(state: GameState, *zones: int, act: str = "normal") -> None:
    for n in zones:
        state.vars["zones"].setdefault(str(n), {}).update(usmc=True, act=act)


def insurgent_zone(state: GameState, *zones: int, act: str = "normal") -> None:
    for n in zones:
        rec = state.vars["zones"].setdefault(str(n), {})
        rec["act"] = act
        rec.pop("usmc", None)


def with_rolls(state: GameState, rolls, sides=10) -> GameState:
    """The state with a seed whose next dice show ``rolls`` (None: any value);
    ``sides`` one number or one per roll.  d10 faces are 0-9."""
    sides = [sides] * len(rolls) if isinstance(sides, int) else list(sides)
    want = [None if r is None else (10 if s == 10 and r == 0 else r)
            for r, s in zip(rolls, sides, strict=True)]
    start = int(state.vars.get(ROLLS_VAR, 0))
    for seed in range(1, 3_000_000):
        if all(w is None or die_value(seed, start + i, s) == w
               for i, (w, s) in enumerate(zip(want, sides, strict=True))):
            out = state.copy()
            out.seed = seed
            return out
    raise AssertionError(f"no seed gives {rolls}")


def act(state: GameState, kind: str, **args):
    """Apply an action through the controller: (next state, events)."""
    c = controller()
    events = c.apply(state, Action.make(kind, "usmc", **args))
    return fold(state, events), events


def verdict(state: GameState, kind: str, **args):
    return controller().legal(state, Action.make(kind, "usmc", **args))


def texts(events) -> str:
    return "\n".join(e.text for e in events)


def turn_of(state: GameState):
    """A rules Turn (engine Batch) on ``state`` for calling rule functions directly."""
    return controller().turn(state)


def ctx(state: GameState):
    return controller().ctx(state)
