"""The fire phase's listing (7.1-7.4, 7.9, 7.13): every ``fire``, ``announce``
and ``ungrapple`` action open now (:func:`fire_actions`), and the targets a
firer can fire at (:func:`possible_targets`), as self-play, the computer
opponents and the UI ask for them.  The answers are those of :mod:`.fire`'s
checks (``check_fire``, ``target_possible``), the tests that hold for every
target read once per firer.  Both names stay importable from :mod:`.fire`.
"""

from __future__ import annotations

from ffl.engine import Action, GameState
from ffl.engine.pieces import FACING_VECTORS

from .. import tables
from . import fire_options
from .arc import coords as grid_coords
from .arc import grid_range
from .context import Ctx
from .fire import (
    _at,
    _candidates,
    _group_allows,
    _groups,
    check_fire,
    committed_to,
    grappled_here,
    shots_allowed,
    shots_fired,
    target_possible,
)
from .sight import occupancy, sight_for


def possible_targets(ctx: Ctx, piece: str, occupied=None) -> list[str]:
    """The targets of :func:`targets` that ``piece`` can fire at (``possible``),
    in the same order (nearest first), without working out the others' sight
    and everyone's modifiers.  The tests of :func:`target_possible`, those that
    hold for every target (the firer's coordinates, weapon, night limit and
    sight table) read once: 7.3 the arc, 7.2 / 16 the range, then 7.5 the
    line of sight (and the optional rules' refusals) within both."""
    me = ctx.state.pieces[piece]
    if not me.on_board:
        return []
    if occupied is None:
        occupied = occupancy(ctx.state, ctx.types)
    coords = ctx.fort.coords
    here = coords(me.space)
    board, facing = ctx.board, me.facing
    if facing is None:
        return []
    col, row = grid_coords(board, me.space)
    grid = _grid_memo(ctx)
    fx, fy = FACING_VECTORS[facing % 8]         # arc.in_arc_offset, inlined
    norm = fx * fx + fy * fy
    weapon = ctx.value(piece, "weapon", "R")
    reach = tables.max_range(weapon)            # arc.weapon_reach: 7.21, 7.22
    night = fire_options.max_range(ctx, weapon)
    optional = ctx.state.vars.get("options")
    sight = None if optional else sight_for(board, ctx.fort)
    fpos = me.position
    out = []
    for c, r, p in _candidate_rows(ctx, me, grid, optional):
        dc, dr = c - col, r - row
        dot = dc * fx + dr * fy
        if dot <= 0 or 2 * dot * dot < (dc * dc + dr * dr) * norm:
            continue                                    # 7.3 out of the arc
        rng = max(abs(dc), abs(dr))                     # 7.23 (arc.firing_range)
        if rng < 1 or (reach is not None and rng > reach) or (
                night is not None and rng > night):
            continue                                    # 7.21, 7.22, 16
        if optional:
            if not target_possible(ctx, piece, p.id, occupied):
                continue
        elif not sight.verdict(fpos, p.position, occupied).clear:
            continue                                    # 7.5
        out.append((grid_range(here, coords(p.space)), p.id))
    out.sort()
    return [t for _, t in out]


def _candidate_rows(ctx: Ctx, me, grid: dict, optional) -> list:
    """(column, row, piece) of each of :func:`.fire._candidates`: without the
    optional rules (whose 17.322 and 15.25 depend on the firer) the same for
    every firer of a side, made once per side and list of the characters on
    the board (``Ctx._on_board``, which the context forgets with any change)."""
    if optional:
        rows = None
    else:
        on_board = ctx.__dict__.get("_on_board")
        memo = ctx.__dict__.get("_fire_rows")
        if memo is not None and memo[0] is on_board:
            rows = memo[1].get(me.side)
        else:
            rows = None
        if rows is not None:
            return rows
    board = ctx.board
    rows = []
    for p in _candidates(ctx, me):
        found = grid.get(p.space)
        if found is None:
            found = grid[p.space] = grid_coords(board, p.space)
        rows.append((found[0], found[1], p))
    if not optional:
        on_board = ctx.__dict__["_on_board"]             # _candidates made it
        memo = ctx.__dict__.get("_fire_rows")
        if memo is None or memo[0] is not on_board:
            memo = ctx.__dict__["_fire_rows"] = (on_board, {})
        memo[1][me.side] = rows
    return rows


def _grid_memo(ctx: Ctx) -> dict[str, tuple[int, int]]:
    """square -> its grid (column, row) (:func:`.arc.coords`), as far as asked,
    kept on the fort for its board."""
    fort = ctx.fort
    memo = fort.__dict__.get("_grid_coords")
    if memo is None or memo[0] is not ctx.board:
        memo = fort.__dict__["_grid_coords"] = (ctx.board, {})
    return memo[1]


def sight_occupancy(ctx: Ctx) -> dict[str, dict[int, str]]:
    """:func:`.sight.occupancy` of the context's state (square -> level -> the
    character there), read from :attr:`Ctx.occupancy`, which a context takes
    over from the action before, instead of from every piece of the state;
    where two characters share a position (4.31 in passing, 6.5224) it is
    worked out from the pieces as :func:`.sight.occupancy` does, which keeps
    the last in the state's order.  The answer depends on the positions only:
    once per context and the contexts after it while no one moves."""
    found = ctx.__dict__.get("_sight_occ")
    if found is not None:
        return found
    out: dict[str, dict[int, str]] = {}
    for (space, level), there in ctx.occupancy.items():
        if len(there) != 1:
            out = occupancy(ctx.state, ctx.types)
            break
        found = out.get(space)
        if found is None:
            out[space] = {level: there[0].id}
        else:
            found[level] = there[0].id
    # kept with the context's piece lookups (issue 12): handed on to the next
    # context until an event changes a piece's square, level, status or type
    # (``Ctx.changed``); the fire phases of a turn list with one until someone
    # falls.  Callers only read it.
    ctx.__dict__["_sight_occ"] = out
    return out


def fire_actions(state: GameState, ctx: Ctx) -> list[Action]:
    """Every legal fire, announce and ungrapple action now."""
    ctx = _at(state, ctx)
    if ctx.phase != "fire" or not ctx.chit:
        return []
    out: list[Action] = []
    shooters: dict[str, list[str]] = {}
    occupied = None
    optional = ctx.state.vars.get("options")
    for p in ctx.characters(org=ctx.chit):
        for rope in grappled_here(ctx, p.id) if p.on_board else ():
            action = Action.make("ungrapple", p.side, piece=p.id, rope=rope)
            if check_fire(ctx.state, ctx, action):
                out.append(action)
        # _may_fire(ctx, p.side, p.id) without its refusals' words: 1.21, 7.1,
        # 4.1 and 7.12 hold for the drawn organization's characters listed here
        if not p.on_board or int(p.markers.get("stun", 0)) or \
                shots_fired(ctx, p.id) >= shots_allowed(ctx, p.id):
            continue                    # 7.14, 6.53, 7.4
        if optional and not fire_options.may_fire(ctx, p.id):
            continue
        must = None
        if ctx.option("cafard") and p.data.get("cafard") in ("any", "friend", "foe"):
            from .cafard import fire_choice

            must = set(fire_choice(ctx, p.id))     # 17.322 the nearest it hates
        if occupied is None:
            occupied = sight_occupancy(ctx)
        for target in possible_targets(ctx, p.id, occupied):
            if must is not None and target not in must:
                continue
            if _group_allows(ctx, p.id, target):
                out.append(Action.make("fire", p.side, piece=p.id, target=target))
                if (committed_to(ctx, p.id) is None
                        and target not in _groups(ctx)["groups"]):
                    shooters.setdefault(target, []).append(p.id)
    for target, firers in sorted(shooters.items()):
        if len(firers) > 1:
            side = ctx.state.pieces[firers[0]].side
            out.append(Action.make("announce", side, pieces=sorted(firers), target=target))
    return out
