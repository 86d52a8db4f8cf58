"""The movement phase's listing (6.1-6.6, 4.3, 4.31, 4.5): which characters of the
drawn organization may still act (:func:`movable_pieces`) and every legal step,
exit, facing and finish of one of them (:func:`unit_actions`), as self-play, the
computer opponents and the UI ask for them.

The answers are those of :func:`.movement.may_act` and
:func:`.movement.check_step`, asked of every unit and every step; here the
checks that do not depend on the unit (or on the step) are made once per
listing, and the occupants of a square are looked up only where there are any.
Both names stay importable from :mod:`.movement`.
"""

from __future__ import annotations

from ffl.engine import Action
from ffl.engine.events import _action

from .cafard import hates
from .context import Ctx
from .movement import (
    board_entry_steps,
    first_steps,
    grapple_ends,
    may_act,
    mf_left,
    mounted,
    sharing,
    steps_from,
)
from .steps import step_table

_MOVING = ("active", "off")
_CLIMBS = ("climb", "jump")


def edge_of(ctx: Ctx, key: str) -> str | None:
    """:func:`.entry.edge_of` (6.22 a unit leaves from an edge square), worked out
    once per fort and square."""
    fort = ctx.fort
    memo = fort.__dict__.get("_edge_of")
    if memo is None:
        memo = fort.__dict__["_edge_of"] = {}
    if key not in memo:
        from .entry import edge_of as first_edge

        memo[key] = first_edge(ctx, key)
    return memo[key]


def movable_pieces(ctx: Ctx) -> list[str]:
    """Characters of the drawn organization that may still act this phase: those
    :func:`.movement.may_act` lets act, its checks that hold for every unit (3.2
    the phase, 6.5224 an impact move due, 4.31 the mover on a friend) made once."""
    if ctx.phase != "movement" or not ctx.chit:
        return []
    vars_ = ctx.state.vars
    if vars_.get("pending"):
        return []                       # 6.5224 the impact move comes first
    done = vars_.get("done", ())
    mover = vars_.get("mover")
    stuck = mover if mover and sharing(ctx, mover) else None   # 4.31 only it moves on
    out = []
    late = None
    for piece in ctx.characters(org=ctx.chit):        # 4.1, 4.5 its player's, drawn
        pid = piece.id
        if piece.status not in _MOVING or pid in done:             # 6.22, 6.11
            continue
        if int(piece.markers.get("stun", 0)):                      # 6.53
            continue
        if stuck is not None and pid != stuck:
            continue
        if piece.space is None:         # 6.21 an organization enters all on one turn
            if late is None:
                entry = ctx.var("entry", {}).get(ctx.chit)
                late = bool(entry and entry.get("turn") != ctx.turn)
            if late:
                continue
        out.append(pid)
    return out


def unit_actions(ctx: Ctx, pid: str, checked: bool = False) -> list:
    """Every legal step, exit and finish of one unit, plus its facings (the facings
    only until it has turned twice since its last step, so random play moves on).
    ``checked``: :func:`.movement.may_act` said yes already (:func:`movable_pieces`).

    A step is listed when :func:`.movement.check_step` allows it: the optional
    rules' limits (:func:`.movement.step_allowed`: 12.2, 11.3, 17.12), the MF
    left (6.123) and, onto a friend, a way on from there (4.31)."""
    piece = ctx.state.pieces[pid]
    side = piece.side
    out: list = []
    if not checked and not may_act(ctx, side, pid):
        return out
    optional = ctx.state.vars.get("options")
    mad = bool(optional) and ctx.option("cafard") and piece.data.get("cafard") in (
        "any", "friend", "foe")
    steps_at = _step_source(ctx)
    # movement.first_steps: entering (6.21) or from where it stands
    if piece.space is not None:
        steps = steps_at(piece.space, piece.level)
    elif ctx.option("siege"):
        steps = first_steps(ctx, pid)
    else:
        steps = board_entry_steps(ctx, pid)
    if mad:                     # 17.322 only its compulsory step
        from .cafard import compulsory_step

        must = compulsory_step(ctx, pid)
        steps = [s for s in steps if must is not None and
                 (s.kind, s.to, s.level) == (must.kind, must.get("to"), must.get("level"))]
    left = mf_left(ctx, pid)
    listed = steps
    if optional:                                # movement.step_allowed, per unit
        if (piece.data.get("attitude") == "full-cover" and ctx.option("attitudes")) or (
                ctx.option("command") and pid in (ctx.var("halted") or ())):
            listed = ()                         # 11.3, 17.12 no step at all
        elif mounted(ctx, pid):                 # 12.2 no climb, jump or tunnel
            listed = [s for s in steps if s.kind not in _CLIMBS and s.level >= 0]
    occupied = ctx.occupancy
    tests: list = [None]            # the unit's friend test, made when first needed
    # (cost, to, level, a jump, the action) of each step; a shared tuple of
    # steps has its own, made once per unit and side
    cands = _candidates(steps, side, pid) if listed is steps else None
    if cands is not None:
        for cost, pos, jump, action in cands:
            if cost > left:
                continue                        # 6.123
            if not jump and pos in occupied and not _way_on(
                    ctx, pid, side, occupied, steps_at, pos[0], pos[1], left - cost, tests):
                continue                        # 4.31
            out.append(action)
    elif type(listed) is tuple:                 # a shared tuple, asked first: its rows
        for cost, pos, jump, kind, to, level in _step_rows(listed):
            if cost > left:
                continue                        # 6.123
            if not jump and pos in occupied and not _way_on(
                    ctx, pid, side, occupied, steps_at, to, level, left - cost, tests):
                continue                        # 4.31
            key = (kind, side, level, pid, to)
            action = _ACTIONS.get(key)
            if action is None:
                action = _made(key, _action(kind, side, (("level", level), ("piece", pid),
                                                         ("to", to))))
            out.append(action)
    else:
        for step in listed:
            cost = step.cost
            if cost > left:
                continue                        # 6.123
            to, level, kind = step.to, step.level, step.kind
            if kind != "jump" and (to, level) in occupied and not _way_on(
                    ctx, pid, side, occupied, steps_at, to, level, left - cost, tests):
                continue                        # 4.31
            key = (kind, side, level, pid, to)
            action = _ACTIONS.get(key)
            if action is None:
                action = _made(key, _action(kind, side, (("level", level), ("piece", pid),
                                                         ("to", to))))
            out.append(action)
    if piece.space is not None:
        if not mad and left >= ctx.tables.enter and edge_of(ctx, piece.space):
            out.append(_unit_action("exit", side, pid))
        if ctx.mover == pid and not (mad and steps):
            if int(piece.data.get("free", 0)) < 2:
                out += _other_facings(side, pid, piece.facing)
            if not sharing(ctx, pid):
                out.append(_unit_action("finish", side, pid))
    return out


#: the actions listed so far, by what makes them: (kind, side, level, piece, to) for
#: a step, ("face", side, piece) for the eight facings, (kind, side, piece) for
#: ``exit`` and ``finish``.  Actions are values: the same action listed again is
#: the object listed before, not a new one
_ACTIONS: dict[tuple, object] = {}


def _other_facings(side: str, pid: str, facing) -> tuple:
    """The ``face`` actions of ``pid`` to each facing but ``facing``, in
    facing order: one tuple per unit and facing, of the eight actions made
    once per unit."""
    others = _ACTIONS.get(("face-but", side, pid, facing))
    if others is None:
        facings = _ACTIONS.get(("face", side, pid))
        if facings is None:
            facings = _made(("face", side, pid), tuple(
                _action("face", side, (("facing", f), ("piece", pid))) for f in range(8)))
        others = _made(("face-but", side, pid, facing),
                       tuple(a for f, a in enumerate(facings) if f != facing))
    return others


#: id of a shared tuple of steps -> (the tuple, its rows: (cost, (to, level), a
#: jump, kind, to, level) of each step), whoever steps
_STEP_ROWS: dict[int, tuple] = {}


def _step_rows(steps: tuple) -> tuple:
    """What the listing reads of each of ``steps`` (a shared tuple: the board's
    step table and the entry steps keep theirs), made once per tuple."""
    found = _STEP_ROWS.get(id(steps))
    if found is not None and found[0] is steps:
        return found[1]
    rows = tuple((s.cost, (s.to, s.level), s.kind == "jump", s.kind, s.to, s.level)
                 for s in steps)
    if len(_STEP_ROWS) > 50_000:        # a bound on the memory
        _STEP_ROWS.clear()
    _STEP_ROWS[id(steps)] = (steps, rows)
    return rows


def _made(key: tuple, value):
    if len(_ACTIONS) > 200_000:         # a bound on the memory
        _ACTIONS.clear()
    _ACTIONS[key] = value
    return value


#: (piece, side, id of a shared tuple of steps) -> (the tuple, its rows, or None
#: when asked once)
_CANDIDATES: dict[tuple, tuple] = {}


def _candidates(steps, side: str, pid: str) -> tuple | None:
    """:func:`_candidate_rows` of ``steps`` made once per unit and side when
    ``steps`` is a tuple (the board's step table and the entry steps share
    theirs) asked for a second time (a moving unit seldom comes back to a
    square: its steps from there are listed without rows kept), else None."""
    if type(steps) is not tuple:
        return None
    key = (pid, side, id(steps))
    found = _CANDIDATES.get(key)
    if found is not None and found[0] is steps:
        rows = found[1]
        if rows is None:
            rows = tuple(_candidate_rows(steps, side, pid))
            _CANDIDATES[key] = (steps, rows)
        return rows
    if len(_CANDIDATES) > 100_000:      # a bound on the memory
        _CANDIDATES.clear()
    _CANDIDATES[key] = (steps, None)
    return None


def _candidate_rows(steps, side: str, pid: str):
    """(cost, (to, level), a jump, the step's action) of each of ``steps``."""
    for step in steps:
        to, level = step.to, step.level
        key = (step.kind, side, level, pid, to)
        action = _ACTIONS.get(key)
        if action is None:
            action = _made(key, _action(step.kind, side, (("level", level), ("piece", pid),
                                                          ("to", to))))
        yield step.cost, (to, level), step.kind == "jump", action


def _unit_action(kind: str, side: str, pid: str) -> Action:
    """``Action.make(kind, side, piece=pid)``, listed before or new."""
    found = _ACTIONS.get((kind, side, pid))
    return found if found is not None else _made((kind, side, pid),
                                                 Action.make(kind, side, piece=pid))


def _friend_test(ctx: Ctx, pid: str, side: str, occupied):
    """``(square, level) -> bool``: :func:`.movement.friend_at` is not None for
    ``pid`` (of ``side``): a character there other than itself that is no foe
    (:func:`.movement.hostile`, 23.3 pacts) and that it does not hate (17.322)."""
    pacts = ctx.state.vars.get("pacts")
    allies = (pacts.get(side) or {}) if pacts else None
    cafard = ctx.option("cafard")

    def friend_there(key: str, level: int) -> bool:
        for other in occupied.get((key, level), ()):
            if other.id == pid:
                continue
            their = other.side
            if (their == side or (allies is not None and allies.get(their) == "friend")) \
                    and not (cafard and hates(ctx, pid, other)):
                return True
        return False

    return friend_there


def _step_source(ctx: Ctx):
    """``(square, level) -> steps``: :func:`.movement.steps_from` (the same steps
    in the same order), the board's table read without a copy where no rope is
    grappled (6.4) and no tunnel dug (15.24); one per context (Ctx.changed
    forgets it)."""
    found = ctx.__dict__.get("_step_source")
    if found is not None:
        return found
    table, ends, siege = step_table(ctx), grapple_ends(ctx), ctx.option("siege")

    def steps_at(key: str, level: int):
        if siege or (key, level) in ends:
            return steps_from(ctx, key, level)
        found = table.get((key, level))
        return found if found is not None else steps_from(ctx, key, level)

    ctx.__dict__["_step_source"] = steps_at
    return steps_at


def _way_on(ctx: Ctx, pid: str, side: str, occupied, steps_at, to: str, level: int,
            mf: int, tests: list) -> bool:
    """4.31 a step of ``pid`` onto occupied (to, level) is listed: no friend
    stands there, or with ``mf`` MF left a step on from there leads somewhere
    it may stop.  ``tests[0]``: the unit's friend test, made at the first ask."""
    friend_there = tests[0]
    if friend_there is None:
        friend_there = tests[0] = _friend_test(ctx, pid, side, occupied)
    return not friend_there(to, level) or _can_leave(steps_at(to, level), mf, occupied,
                                                     friend_there)


def _can_leave(steps, mf: int, occupied, friend_there) -> bool:
    """:func:`.movement.can_leave` (4.31 a step on from a friend's square to
    somewhere the unit may stop) over ``steps``, the steps from that square,
    with the unit's friend test at hand."""
    if type(steps) is tuple:                    # a shared tuple: its rows
        for cost, pos, jump, _, to, level in _step_rows(steps):
            if cost > mf:
                continue
            if jump or pos not in occupied or not friend_there(to, level):
                return True
        return False
    for step in steps:
        if step.cost > mf:
            continue
        if step.kind == "jump" or (step.to, step.level) not in occupied \
                or not friend_there(step.to, step.level):
            return True
    return False
