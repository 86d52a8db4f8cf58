"""Ropes (6.3): carrying them (6.31), one grappling attempt per rope per turn
(6.32) and the grappling procedure (6.33).  Climbing a grappled rope is a step
(6.4, :mod:`.movement`).

Rope data: ``carrier`` (character carrying it), ``carried`` ([turn, character]:
who carried it this turn, 6.31), ``tried`` (turn of its last attempt, 6.32),
``used`` (inverted after a failed attempt, 6.3332), ``grappled``
([[low square, level], [high square, level]], 6.3331).  A carried or grappled
rope's position is its carrier's square / the low end of its wall side.
"""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from .. import tables
from .context import Batch, Ctx
from .movement import can_leave, may_act, mf_left, mf_text, sharing, start

ROPE_KINDS = ("carry", "drop", "grapple")


def _rope(ctx: Ctx, rid) -> Verdict:
    if rid not in ctx.state.pieces or ctx.kind(rid) != "rope":
        return Verdict.no(f"no rope {rid!r}", "1.221")
    return Verdict.yes()


def grapple_type(ctx: Ctx, key: str, level: int, other: str, wall_top: int):
    """6.332 the kind of attempt and the two ends the rope would join.

    A drop leads onto the top of the lower square: onto a building's rooftop,
    not into the room under it (6.13 buildings are entered only by doors and
    windows)."""
    kind = tables.grapple_type(level, wall_top)
    if kind != tables.GRAPPLE_DROP:
        return kind, [[key, level], [other, wall_top]]
    return kind, [[other, ctx.fort.top(other)], [key, level]]


def _carried_without(pid: str, ropes: list[str], rid: str) -> Change:
    """The change that takes rope ``rid`` off the character's list of ropes."""
    return Change.set(pid, "data.ropes", [r for r in ropes if r != rid] or None)


def legal(ctx: Ctx, action) -> Verdict:
    pid, rid = action.get("piece"), action.get("rope")
    verdict = may_act(ctx, action.side, pid)
    if not verdict:
        return verdict
    verdict = _rope(ctx, rid)
    if not verdict:
        return verdict
    piece, rope = ctx.state.pieces[pid], ctx.state.pieces[rid]
    carrier = rope.data.get("carrier")
    if action.kind == "drop":
        if carrier != pid:
            return Verdict.no(f"{ctx.name(pid)} does not carry this rope", "6.31")
        if piece.space is None:
            return Verdict.no("ropes are dropped on the board", "6.31")
        return Verdict.yes()
    if piece.space is None:
        return Verdict.no("the unit is not on the board", "6.31")
    here = carrier == pid or (carrier is None and rope.on_board and not rope.data.get("grappled")
                              and rope.position == piece.position)
    if not here:
        return Verdict.no("the rope must be in the unit's square", "6.31")
    if action.kind == "carry":
        if carrier == pid:
            return Verdict.no("already carried by this unit", "6.31")
        carried = rope.data.get("carried")
        if carried and carried[0] == ctx.turn and carried[1] != pid:
            return Verdict.no("a rope is carried by only one unit per turn", "6.31")
        return Verdict.yes()
    if action.kind == "grapple":
        if rope.data.get("tried") == ctx.turn:
            return Verdict.no("one grappling attempt per rope per turn", "6.32")
        cost = ctx.tables.grapple
        if mf_left(ctx, pid) < cost:
            return Verdict.no(f"a grappling attempt takes {mf_text(cost)}", "6.331")
        if sharing(ctx, pid) and not can_leave(ctx, pid, piece.space, piece.level,
                                               mf_left(ctx, pid) - cost):
            return Verdict.no("the last MF is needed to get off a friend's square", "4.31")
        walls = dict(ctx.fort.wall_sides(piece.space, piece.level))
        if action.get("other") not in walls:
            return Verdict.no("grapple a wall side of the rope's own square", "6.32")
        return Verdict.yes()
    return Verdict.no(f"unknown action {action.kind!r}", "6.3")


def resolve(batch: Batch, action) -> None:
    ctx = batch.ctx
    pid, rid = action["piece"], action["rope"]
    start(batch, pid)
    ctx = batch.ctx
    piece = ctx.state.pieces[pid]
    name = ctx.name(pid)
    ropes = ctx.carried(pid)
    if action.kind == "carry":
        batch.add("carry", "6.31", f"6.31 {name} picks up a rope",
                  [Change.set(rid, "data.carrier", pid),
                   Change.set(rid, "data.carried", [ctx.turn, pid]),
                   Change.set(pid, "data.ropes", ropes + [rid]),
                   Change.set(pid, "data.free", int(piece.data.get("free", 0)) + 1)],
                  piece.side, piece=pid, rope=rid)
        return
    if action.kind == "drop":
        batch.add("drop", "6.31", f"6.31 {name} puts down a rope in {piece.space}",
                  [Change.set(rid, "data.carrier", None),
                   _carried_without(pid, ropes, rid),
                   Change.set(pid, "data.free", int(piece.data.get("free", 0)) + 1)],
                  piece.side, piece=pid, rope=rid)
        return
    other = action["other"]
    wall_top = dict(ctx.fort.wall_sides(piece.space, piece.level))[other]
    kind, ends = grapple_type(ctx, piece.space, piece.level, other, wall_top)
    cost = ctx.tables.grapple
    left = mf_left(ctx, pid) - cost
    batch.add("grapple", "6.331",
              f"6.331 {name} makes a {kind} grappling attempt on the wall to {other} "
              f"({cost} MF)",
              [Change.set(pid, "data.mf_left", left), Change.set(pid, "data.moved", True),
               Change.set(rid, "data.tried", ctx.turn)],
              piece.side, piece=pid, rope=rid, type=kind)
    roll = batch.die("6.333", f"Grappling ({kind})", side=piece.side)
    if tables.grapple_success(kind, roll):
        (lk, ll), _ = ends
        batch.add("grappled", "6.3331", f"6.3331 Roll {roll}: the rope holds between "
                  f"{ends[0][0]} and {ends[1][0]}",
                  [Change.set(rid, "data.grappled", ends), Change.set(rid, "data.carrier", None),
                   Change.set(rid, "space", lk), Change.set(rid, "level", ll),
                   _carried_without(pid, ropes, rid)],
                  piece.side, rope=rid, roll=roll)
        return
    changes = [Change.set(rid, "data.used", True)]
    if kind == tables.GRAPPLE_DROP:
        (lk, ll), _ = ends
        changes += [Change.set(rid, "space", lk), Change.set(rid, "level", ll),
                    Change.set(rid, "data.carrier", None),
                    _carried_without(pid, ropes, rid)]
        where = f"falls into {lk}"
    else:
        where = "falls back"
    batch.add("grapple-failed", "6.3332", f"6.3332 Roll {roll}: the hook fails and the rope "
              f"{where}; it is turned over until the movement phases end",
              changes, piece.side, rope=rid, roll=roll)


def actions(ctx: Ctx, pid: str, checked: bool = False) -> list[Action]:
    """Carry, drop and grapple actions open to one character now (``checked``:
    :func:`may_act` said yes already).

    Those :func:`legal` allows, in the same order: for each rope carried by
    the unit or at its position, carry and drop (while it may still act
    freely), then a grapple for each wall side of its square.  Issue 12: the
    tests of :func:`legal` that hold for every action of one rope (may_act
    once for the unit, 6.31 the rope at hand, 6.32 / 6.331 / 4.31 for the
    grapples) are made once per rope, and an action listed before is the
    same object (actions are values)."""
    piece = ctx.state.pieces[pid]
    side = piece.side
    if piece.space is None or not (checked or may_act(ctx, side, pid)):
        return []
    out = []
    space, level = piece.space, piece.level
    carriers, spots = _rope_index(ctx)
    if pid not in carriers and (space, level) not in spots:
        return out                      # no rope carried by it nor at its position
    free_ok = int(piece.data.get("free", 0)) < 2
    walls = None
    grapple_ok = None                   # 6.331 / 4.31 the unit's part, once
    turn = ctx.turn
    for rope in ctx.ropes():
        rid = rope.id
        data = rope.data
        carrier = data.get("carrier")
        if carrier != pid and (rope.space != space or rope.level != level):
            continue                    # neither carried by it nor at its position
        if walls is None:       # only with a rope at hand
            walls = ctx.fort.wall_sides(piece.space, piece.level)
        # 6.31 the rope is in the unit's square (legal's ``here``)
        here = carrier == pid or (carrier is None and rope.on_board
                                  and not data.get("grappled")
                                  and rope.position == piece.position)
        if free_ok:
            if here and carrier != pid:             # 6.31 carry
                carried = data.get("carried")
                if not (carried and carried[0] == turn and carried[1] != pid):
                    out.append(_rope_action("carry", side, pid, rid))
            if carrier == pid:                      # 6.31 drop
                out.append(_rope_action("drop", side, pid, rid))
        if not walls or not here or data.get("tried") == turn:
            continue                                # 6.31, 6.32
        if grapple_ok is None:
            cost = ctx.tables.grapple
            left = mf_left(ctx, pid)
            grapple_ok = left >= cost and not (
                sharing(ctx, pid) and not can_leave(ctx, pid, space, level, left - cost))
        if grapple_ok:                              # 6.331, 4.31
            out += [_rope_action("grapple", side, pid, rid, o) for o, _ in walls]
    return out


#: (kind, side, piece, rope, wall side or None) -> the action listed before
_ROPE_ACTIONS: dict[tuple, Action] = {}


def _rope_action(kind: str, side: str, pid: str, rid: str, other=None) -> Action:
    """``Action.make(kind, side, piece=pid, rope=rid[, other=other])``, the
    object listed before when there is one."""
    key = (kind, side, pid, rid, other)
    found = _ROPE_ACTIONS.get(key)
    if found is None:
        if len(_ROPE_ACTIONS) > 50_000:     # a bound on the memory
            _ROPE_ACTIONS.clear()
        found = _ROPE_ACTIONS[key] = (
            Action.make(kind, side, piece=pid, rope=rid) if other is None
            else Action.make(kind, side, piece=pid, rope=rid, other=other))
    return found


def _rope_index(ctx: Ctx) -> tuple[set, set]:
    """The carriers of ropes and the (square, level) positions of ropes, once per
    state (Ctx.changed forgets them): :func:`actions` skips a unit with neither.
    Worked out again only for another list of the rope pieces (the grouping by
    kind, :meth:`Ctx.pieces_of`, which a context takes over from the action
    before, gets a new list when a rope piece is replaced, and never changes
    one it has handed out)."""
    found = ctx.__dict__.get("_rope_index")
    if found is None:
        ctx.pieces_of("rope")                   # the grouping made
        ropes = ctx.__dict__["_by_kind"].get("rope", ())
        last = _LAST_INDEX[0]
        if last is not None and last[0] is ropes:
            found = last[1]
        else:
            found = ({r.data.get("carrier") for r in ropes},
                     {(r.space, r.level) for r in ropes})
            _LAST_INDEX[0] = (ropes, found)
        ctx.__dict__["_rope_index"] = found
    return found


#: the carriers and positions of the ropes: a unit with neither has no rope
#: action (:func:`actions` lists none for it)
rope_index = _rope_index

#: the last rope list :func:`_rope_index` read and its index (it holds the list,
#: so no other list takes its id)
_LAST_INDEX: list = [None]


def turn_back(batch: Batch) -> None:
    """6.3332 after all movement phases every turned-over rope is turned back."""
    ctx = batch.ctx
    changes = [Change.set(r.id, "data.used", None) for r in ctx.ropes() if r.data.get("used")]
    if changes:
        batch.add("ropes-turned", "6.3332",
                  "6.3332 " + ("one used rope is" if len(changes) == 1 else
                               f"{len(changes)} used ropes are") + " turned back over", changes)
