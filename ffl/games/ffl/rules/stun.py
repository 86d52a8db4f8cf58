"""Hits, stuns and jumps: 6.51 jump injuries, 6.52 jump impact, 6.522 what
happens after an impact, 6.53 effects of stuns, 8 stun removal.

In the Basic Game a Hit always eliminates the character.  Stuns are counted on
the character as ``markers["stun"]``.
"""

from __future__ import annotations

from ffl.engine import Change
from ffl.engine.features import CRENEL, WINDOW

from .. import tables
from .context import ELIMINATED, Batch, Ctx
from .movement import passage

# -- hits and stuns ---------------------------------------------------------------------


def hit(batch: Batch, pid: str, rule: str, why: str, cause: str = "") -> str:
    """A Hit: it eliminates the character in the Basic Game; with the Wounds
    option (18) a hit by ``cause`` (``fire``, ``dynamite``, ``melee``,
    ``impact``, ``jump``) is rolled on the Wounds Tables first.  Returns what
    happened: ``eliminated``, ``wounded`` or ``scratch``."""
    if cause and batch.ctx.option("wounds"):
        from .wounds import wound

        return wound(batch, pid, rule, why, cause)
    eliminate(batch, pid, rule, why)
    return "eliminated"


def eliminate(batch: Batch, pid: str, rule: str, why: str) -> None:
    """The character is eliminated; its stuns go with it (6.53) and the ropes it
    carried stay in its square, free for any later unit (6.31)."""
    ctx = batch.ctx
    piece = ctx.state.pieces[pid]
    changes = [Change.set(pid, "status", ELIMINATED), Change.set(pid, "space", None),
               Change.set(pid, "markers.stun", None), Change.set(pid, "data.ropes", None),
               Change.set(pid, "data.mf_left", None)]
    for rope in ctx.carried(pid):
        changes += [Change.set(rope, "space", piece.space), Change.set(rope, "level", piece.level),
                    Change.set(rope, "data.carrier", None), Change.set(rope, "data.carried", None)]
    if ctx.mover == pid:
        changes += [Change.var("mover", None), Change.var("done", ctx.done + [pid])]
    if ctx.option("siege"):
        from .siege import dropped

        changes += dropped(ctx, pid, piece)      # its dynamite falls where it stood
    batch.add("eliminated", rule, f"{rule} {why}: {ctx.name(pid)} is eliminated", changes,
              piece.side, piece=pid)


def stun(batch: Batch, pid: str, n: int, rule: str, why: str) -> None:
    """Place ``n`` Stun units on the character (6.5112, 6.5113, 6.5212...)."""
    ctx = batch.ctx
    total = ctx.stuns(pid) + n
    changes = [Change.set(pid, "markers.stun", total)]
    if ctx.mover == pid:
        # 6.53 a stunned character may not move on: its movement ends here.
        changes += [Change.var("mover", None), Change.var("done", ctx.done + [pid])]
    batch.add("stunned", rule, f"{rule} {why}: {ctx.name(pid)} is stunned ({total})",
              changes, ctx.state.pieces[pid].side, piece=pid, stuns=total)


def apply_result(batch: Batch, pid: str, result: str, rule: str, why: str,
                 cause: str = "") -> None:
    """Apply a table result to one character: NE, S-1, S-2 or Hit."""
    if result == tables.HIT:
        hit(batch, pid, rule, why, cause)
    elif result in ("S-1", "S-2"):
        stun(batch, pid, int(result[-1]), rule, why)
    else:
        batch.add("no-effect", rule, f"{rule} {why}: no effect on {batch.ctx.name(pid)}",
                  piece=pid)


def remove_stuns(batch: Batch) -> None:
    """8 (3.5) one Stun unit comes off every stunned character on the board."""
    ctx = batch.ctx
    changes, names = [], []
    for piece in ctx.characters():
        n = ctx.stuns(piece.id)
        if n and piece.on_board:
            changes.append(Change.set(piece.id, "markers.stun", n - 1))
            names.append(f"{ctx.name(piece.id)} {n}->{n - 1}")
    if not names:           # nobody stunned: the phase's own 3.5 line says enough
        return
    batch.add("stun-removal", "8", f"8 Stun removal: {', '.join(names)}", changes)


# -- jumps ------------------------------------------------------------------------------


def resolve_jump(batch: Batch, pid: str, drop: int, key: str, level: int) -> None:
    """6.51 roll for injuries after a jump of ``drop`` levels into ``key``; 6.512 the
    soft sand takes one off the roll.  Then 6.52 impact with any character there."""
    ctx = batch.ctx
    side = ctx.state.pieces[pid].side
    drop = max(1, min(3, drop))
    roll = batch.die("6.511", f"Jump of {drop} level(s) by {ctx.name(pid)}", side=side)
    sand = ctx.fort.is_sand(key)
    result = tables.jump_result(drop, roll, into_sand=sand)
    rule = "6.512" if sand else "6.511"
    apply_result(batch, pid, result, rule,
                 f"Jump {drop} level(s), roll {roll}{' -1 sand' if rule == '6.512' else ''}",
                 "jump")


def impact(batch: Batch, pid: str, key: str, level: int, came_from: str) -> str | None:
    """6.521 a jumper landing on a character rolls on the Jump Impact Table.

    Returns "melee" when a normal melee must follow (6.5221), else None.  Sets the
    pending impact move (6.5221-6.5224) when one character must be moved aside.
    """
    ctx = batch.ctx
    jumper = ctx.state.pieces[pid]
    other = ctx.occupant(key, level, exclude=pid)
    if other is None or not jumper.on_board:
        return None
    foe = other.side != jumper.side
    roll = batch.die("6.521", f"Jump impact on {ctx.name(other.id)}", side=jumper.side)
    result = tables.jump_impact(roll, foe)
    why = f"Jump impact, roll {roll}"
    stuns = {tables.FRIEND_S1: "6.5212", tables.FRIEND_S2: "6.5213", tables.FOE_S1: "6.5214"}
    if result in stuns:
        stun(batch, other.id, int(result[-1]), stuns[result], why)
    elif result == tables.FOE_HIT:
        hit(batch, other.id, "6.5215", why, "impact")
    elif result == tables.JUMPER_HIT:
        hit(batch, pid, "6.5216", why, "impact")
    else:
        batch.add("no-effect", "6.5211", f"6.5211 {why}: no effect", piece=pid)
    return after_impact(batch, pid, other.id)


def after_impact(batch: Batch, jumper: str, other: str) -> str | None:
    """6.522 sort out two characters left in one square after an impact."""
    ctx = batch.ctx
    pj, po = ctx.state.pieces[jumper], ctx.state.pieces[other]
    if not (pj.on_board and po.on_board):
        return None
    sj, so = ctx.stuns(jumper) > 0, ctx.stuns(other) > 0
    if not sj and not so:
        if pj.side != po.side:
            return "melee"                                   # 6.5221 foes melee
        set_pending(batch, other, pj.side, "6.5221")           # 6.5221 friend moved aside
    elif sj and so:
        set_pending(batch, other, pj.side, "6.5222")
    else:
        set_pending(batch, jumper if sj else other, pj.side, "6.5223")
    return None


def impact_moves(ctx: Ctx, pid: str) -> list[tuple[str, int]]:
    """6.5224 open neighbours a character can be moved into after an impact: a
    normal move or a drop, never through a wall or window, never higher.  A drop
    may land on another character: that is a new jump impact, resolved in turn."""
    piece = ctx.state.pieces[pid]
    key, level = piece.space, piece.level
    out = []
    for nb in sorted(ctx.board.orthogonal(key)) + sorted(ctx.board.diagonal(key)):
        if ctx.fort.has_level(nb, level):
            dest = (nb, level)
            via = passage(ctx, key, nb, level)
        elif ctx.fort.top(nb) < level:
            dest = (nb, ctx.fort.top(nb))
            via = passage(ctx, key, nb, level, jumping=True)
        else:
            continue
        if via is None or via == WINDOW or (via == "" and _walled(ctx, key, nb, level)):
            continue
        if ctx.occupant(*dest) is None or dest[1] < level:
            out.append(dest)
    return out


def _walled(ctx: Ctx, a: str, b: str, level: int) -> bool:
    """6.5224 a crenelated wall still counts as a wall for an impact move."""
    if ctx.board.adjacent(a, b) == "orthogonal":
        return CRENEL in ctx.fort.side_features(a, b, level)
    return CRENEL in ctx.fort.corner_features(a, b, level)


def set_pending(batch: Batch, pid: str, chooser: str, rule: str) -> None:
    """6.5224 the jumper's player must choose where ``pid`` goes (or it is lost)."""
    ctx = batch.ctx
    if not impact_moves(ctx, pid):
        head = "18.3" if rule == "18.3" else "6.5224"
        eliminate(batch, pid, head, "No open square to be moved into")
        return
    batch.add("impact-pending", rule,
              f"{rule} {ctx.name(pid)} must be moved into an open adjacent square",
              [Change.var("pending", {"kind": "impact-move", "piece": pid, "side": chooser,
                                      "rule": rule})], chooser, piece=pid)


def resolve_impact_move(batch: Batch, pid: str, to: str, level: int) -> None:
    """6.5224 move the character aside; a drop is a new jump (injuries rolled)."""
    ctx = batch.ctx
    piece = ctx.state.pieces[pid]
    drop, came_from = piece.level - level, piece.space
    rule = "18.3" if (ctx.var("pending") or {}).get("rule") == "18.3" else "6.5224"
    changes = [Change.set(pid, "space", to), Change.set(pid, "level", level),
               Change.var("pending", None)]
    for rope in ctx.carried(pid):
        changes += [Change.set(rope, "space", to), Change.set(rope, "level", level)]
    if ctx.option("siege"):
        from .siege import follow

        changes += follow(ctx, pid, to, level)
    batch.add("impact-move", rule, f"{rule} {ctx.name(pid)} is moved to {to} level {level}",
              changes, piece=pid)
    if drop > 0:
        resolve_jump(batch, pid, drop, to, level)
        # 6.5224: landing on a character forces another jump impact, resolved
        # as the first was (a melee if two unstunned foes share the square).
        if batch.ctx.state.pieces[pid].on_board:
            other = batch.ctx.occupant(to, level, exclude=pid)
            if other is not None and impact(batch, pid, to, level, came_from) == "melee":
                from .melee import resolve as melee

                melee(batch, pid, other.id, came_from)
