"""Single steps over the board (6.13 sides, doors and windows, 6.5 jumps, 6.6
stairways): the :class:`Step`, how a step crosses the border of two squares
(:func:`passage`), and the steps from a square and level that the board alone
decides, worked out once per board, fort and MF costs (:func:`step_table`) and
shared by every game on that board.  :mod:`.movement` adds the steps of ropes
(6.4) and tunnels (15.24), the occupants and the MF left.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass

from ffl.engine.features import CRENEL, DOOR, GATE, WINDOW

from ..terrain import MOVE_BLOCKERS, MOVE_OPENINGS
from .context import Ctx

#: Features that close a side to a step at their level (6.13); a crenel only
#: stops walking (a jump goes over the battlement, 6.5).  See ``terrain.py``.
WALLS = MOVE_BLOCKERS
OPENINGS = MOVE_OPENINGS


@dataclass(frozen=True)
class Step:
    """One step a character can take from where it stands."""

    kind: str            # "move", "climb", "jump", "enter"
    to: str
    level: int
    cost: int            # MF to make the step (a melee may add one, 6.1245)
    rule: str
    via: str = ""        # "door", "window", "stairway", "tower-stairway", "rope"
    up: bool = False     # climbed up a stairway (6.721)
    rope: str | None = None
    frm: str | None = None


def inside(ctx: Ctx, key: str, level: int) -> bool:
    """Under a building's roof (6.13 buildings are entered through doors/windows)."""
    return ctx.fort.building(key) is not None and level < ctx.fort.top(key)


def passage(ctx: Ctx, a: str, b: str, level: int, *, jumping: bool = False) -> str | None:
    """How a step from ``a`` to neighbour ``b`` at ``level`` crosses their border.

    Returns ``""`` (open), ``"door"`` or ``"window"``, or None if closed (6.13):
    walls block, doors and windows only orthogonally, never a corner.
    """
    fort = ctx.fort
    other_building = fort.building(a) != fort.building(b)
    if ctx.board.adjacent(a, b) != "orthogonal":
        feats = fort.corner_features(a, b, level)
        if feats & (WALLS | OPENINGS) or (CRENEL in feats and not jumping):
            return None
        if other_building and (inside(ctx, a, level) or inside(ctx, b, level)):
            return None
        return ""
    feats = fort.side_features(a, b, level)
    if feats & OPENINGS and ctx.option("doors"):
        from .doors import is_closed

        if is_closed(ctx, a, b, level):
            return None           # 10.2 no way through a closed door or window
    if WINDOW in feats:
        return WINDOW
    if DOOR in feats:
        return DOOR
    if GATE in feats and ctx.option("doors"):
        from .doors import gate_open

        if gate_open(ctx, a) or gate_open(ctx, b):
            feats = feats - {GATE}   # 10.2 (our reading) the open Gate unit swings aside
    if feats & WALLS or (CRENEL in feats and not jumping):
        return None
    if other_building and (inside(ctx, a, level) or inside(ctx, b, level)):
        return None
    return ""


def _board_steps(ctx: Ctx, key: str, level: int) -> tuple[Step, ...]:
    """The steps from (key, level) the board alone decides (6.13, 6.5, 6.6): worked
    out once per fort, square and level (they depend on nothing else unless doors
    and gates open and close, 10.2: then once per context, which forgets them
    after any event, Ctx.changed)."""
    memo = step_table(ctx)
    found = memo.get((key, level))
    if found is None:
        found = memo[(key, level)] = _walk_steps(ctx, key, level)
    return found


def step_table(ctx: Ctx) -> dict[tuple[str, int], tuple[Step, ...]]:
    """(square, level) -> :func:`_board_steps` there, as far as worked out: the
    fort's table, or with doors in play (10.2) the context's."""
    if ctx.option("doors"):
        memo = ctx.__dict__.get("_door_steps")
        if memo is None:
            memo = ctx.__dict__["_door_steps"] = {}
        return memo
    fort = ctx.fort
    memo = fort.__dict__.get("_board_steps")
    if memo is None or memo[0] is not ctx.tables or memo[1] is not ctx.board:
        memo = fort.__dict__["_board_steps"] = (ctx.tables, ctx.board, _shared_table(ctx))
    return memo[2]


#: board -> (what the fort's steps depend on beyond its board, the MF costs) -> the
#: steps worked out: every game on one board (a new controller, a new Fort) and
#: the same costs shares them, as the sight verdicts are shared (sight._CACHE)
_STEP_TABLES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _shared_table(ctx: Ctx) -> dict:
    from .sight import _fort_key

    fort_key = _fort_key(ctx.fort)
    if fort_key[0] == "object":
        return {}                   # a fort of another kind: its own table
    by_key = _STEP_TABLES.setdefault(ctx.board, {})
    key = (fort_key, tuple(sorted(ctx.tables.costs.items())))
    if key not in by_key and len(by_key) > 64:
        by_key.clear()
    return by_key.setdefault(key, {})


def _walk_steps(ctx: Ctx, key: str, level: int) -> tuple[Step, ...]:
    """6.13, 6.5, 6.6 the steps from (key, level) over the board's sides and stairs."""
    fort, board, mf = ctx.fort, ctx.board, ctx.tables
    out: list[Step] = []
    near = sorted(board.orthogonal(key)) + sorted(board.diagonal(key))
    for nb in near:
        # 6.13 / 6.1242 / 6.1244: same level, the square entered (a window on top).
        if fort.has_level(nb, level):
            via = passage(ctx, key, nb, level)
            if via is not None:
                cost = mf.window if via == WINDOW else mf.enter
                out.append(Step("move", nb, level, cost, "6.13", via, frm=key))
        # 6.5: a jump down onto the top of a lower neighbour: the square entered
        # (a window on top).
        top = fort.top(nb)
        if top < level:
            via = passage(ctx, key, nb, level, jumping=True)
            if via is not None:
                cost = mf.window if via == WINDOW else mf.enter
                out.append(Step("jump", nb, top, cost, "6.5", via, frm=key))
    # 6.6 stairways: 6.61 a tower climb costs the climb (6.1243); 6.62 another
    # stair costs the square entered and the climb together, and its stairway
    # square may be entered or left diagonally (6.62 NOTE).
    for to, to_level, kind in fort.climbs(key, level):
        cost = mf.tower_climb if to == key else mf.stair_step
        rule = "6.61" if kind == "tower-stairway" else "6.62"
        out.append(Step("climb", to, to_level, cost, rule, kind, up=to_level > level, frm=key))
    return tuple(out)
