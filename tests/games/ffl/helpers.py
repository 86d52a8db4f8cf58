"""Shared helpers for the FFL rule tests: the real module and controller, states
with hand-placed characters, and seeds that make the dice fall as a test needs.

Dice are never patched: :func:`seed_for` searches for a seed whose rolls (from
the state's counter on) are the wanted ones.  Other engineers may add helpers at
the end of this file.
"""

from __future__ import annotations

from functools import cache

from ffl.engine import Action, GameState, fold
from ffl.engine.dice import ROLLS_VAR, die_value
from ffl.games.ffl.controller import FFLController
from ffl.games.ffl.module import build_module

N, NE, E, SE, S, SW, W, NW = range(8)
#: Placed in Z12 when a test puts no Legion unit on the board.
SENTINEL = "L-LC-Kolb"


@cache
def module():
    return build_module()


@cache
def controller() -> FFLController:
    return FFLController(module())


def scenario():
    return module().scenarios["ffl/basic"]


def fresh(seed: int = 1, take: str | None = "legion", scenario_id: str = "ffl/basic",
          **options) -> GameState:
    """The state a new game of ``scenario_id`` starts from: set up, the 2.1 side
    roll made and the high roller's side chosen (``take``; None leaves the choice
    open)."""
    state = controller().start(module().scenarios[scenario_id], options, seed)
    if take is not None:
        high = state.vars["side_roll"]["high"]
        state = fold(state, controller().apply(state, Action.make("choose-side", high,
                                                                   take=take)))
    return state


def seed_for(rolls, start: int = 0, sides=6) -> int:
    """A seed whose dice number ``start``, ``start+1``... show ``rolls``.

    ``sides`` may be one number or one per roll (a chit draw uses a die with as
    many faces as units in the cup)."""
    sides = [sides] * len(rolls) if isinstance(sides, int) else list(sides)
    for seed in range(1, 2_000_000):
        if all(die_value(seed, start + i, s) == r
               for i, (r, s) in enumerate(zip(rolls, sides, strict=True))):
            return seed
    raise AssertionError(f"no seed gives {rolls}")


def state_with(where, *, chit="squad-1", phase="movement", turn=1, rolls=(), seed=None,
               others=None, data=None, markers=None, **vars_) -> GameState:
    """A state in ``phase`` with the characters in ``where`` on the board.

    ``where`` maps piece id -> (square, level, facing), or -> None for a unit
    still off the board (status ``off``).  Every other character gets status
    ``others``; by default Legion ones are left out (``unused``) and Bedouin
    ones wait off the board (``off``), so neither side has lost (9).  ``rolls`` are the next die values (6-sided); ``data`` and
    ``markers`` map piece id -> dict.
    """
    if seed is None:
        seed = seed_for(list(rolls)) if rolls else 1
    state = fresh(seed)
    ctrl = controller()
    types = ctrl.module.piece_types
    for piece in state.pieces.values():
        if types[piece.type].kind == "character":
            default = "unused" if piece.side == "legion" else "off"
            piece.status, piece.space = others or default, None
    if not any(types[p].side == "legion" for p in where) and others is None:
        # 9: a Legion unit far from the action keeps the game going.
        where = {**where, SENTINEL: ("Z12", 0, 0)}
    for pid, pos in where.items():
        piece = state.pieces[pid]
        if pos is None:
            piece.status, piece.space = "off", None
        else:
            piece.status = "active"
            piece.space, piece.level, piece.facing = pos
    for pid, d in (data or {}).items():
        state.pieces[pid].data.update(d)
    for pid, m in (markers or {}).items():
        state.pieces[pid].markers.update(m)
    state.vars.update({
        ROLLS_VAR: 0, "turn": turn, "phase": phase, "chit": chit,
        "active": types[next(iter(where))].side if where else "legion",
        "cup": [], "mover": None, "done": [], "melees": {}, "entry": {}, "entered": [],
    })
    if chit:
        from ffl.games.ffl.rules.context import org_side
        state.vars["active"] = org_side(chit)
    state.vars.update(vars_)
    return state


def act(state: GameState, kind: str, side: str = "legion", **args):
    """Apply one action through the controller; returns (new state, events)."""
    events = controller().apply(state, Action.make(kind, side, **args))
    return fold(state, events), events


def done(state: GameState, kind: str, side: str = "legion", **args) -> GameState:
    """The state after one action through the controller."""
    return act(state, kind, side, **args)[0]


def verdict(state: GameState, kind: str, side: str = "legion", **args):
    return controller().legal(state, Action.make(kind, side, **args))


def texts(events) -> list[str]:
    return [e.text for e in events]


def rules(events) -> list[str]:
    return [e.rule for e in events]


def dice(events) -> list[int]:
    return [v for e in events if e.kind == "dice" for v in e.dice]


# -- ropes (6.3) ------------------------------------------------------------------------


def put_rope(state, rope, space, level=0, **data):
    """Lay rope ``rope`` in ``space`` at ``level`` (test set-up)."""
    piece = state.pieces[rope]
    piece.status, piece.space, piece.level = "active", space, level
    piece.data.update(data)
    return state


def carrying(state, pid, rope):
    """Give ``rope`` to character ``pid`` to carry (test set-up)."""
    state.pieces[pid].data["ropes"] = [rope]
    state.pieces[rope].data["carrier"] = pid
    if state.pieces[pid].space:
        put_rope(state, rope, state.pieces[pid].space, state.pieces[pid].level)
    return state
