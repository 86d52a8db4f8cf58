"""Attitudes (11, optional rule ``attitudes``): exposed and full cover.

A unit's attitude is ``data["attitude"]``: ``"exposed"`` or ``"full-cover"``
(none: the Basic Game's, partial cover where 7.72 gives it).  It is set in
the unit's movement phase with the ``attitude`` action (``to``: ``exposed``,
``full-cover`` or ``none``) and lasts until changed.

* 11.1 a unit that a crenelated side of its square covers (at its level) may
  stand exposed, for no MF: it may then fire at units below and adjacent
  across the battlement (7.52 no longer blocks) and they at it; it has no
  partial cover from the crenel.  Stepping to another square ends it.
* 11.3 a unit with partial cover from a side of its square (a window, door or
  crenel at its level) may duck into full cover for one MF (the rule; the
  Game Card prints 2, see docs/reconstructions.md) and leave it for one MF.
  It may not fire, nor serve as crew (14.2), nor be fired at along a line that
  passes through that cover; from other angles it can be.  It leaves full
  cover before it takes a step.  12.2 mounted units never take full cover.
"""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict
from ffl.engine.features import CRENEL

from ..terrain import COVER_FEATURES
from .context import Batch, Ctx

KIND = "attitude"
EXPOSED, FULL = "exposed", "full-cover"
ATTITUDES = (EXPOSED, FULL, "none")


def attitude(ctx: Ctx, pid: str) -> str | None:
    return ctx.state.pieces[pid].data.get("attitude") if ctx.option("attitudes") else None


def exposed(ctx: Ctx, pid: str) -> bool:
    return attitude(ctx, pid) == EXPOSED


def full_cover(ctx: Ctx, pid: str) -> bool:
    return attitude(ctx, pid) == FULL


def cover_sides(ctx: Ctx, pid: str) -> set[str]:
    """The cover features on the sides of the unit's square at its level."""
    piece = ctx.state.pieces[pid]
    out: set[str] = set()
    if not piece.on_board:
        return out
    for n in ctx.board.orthogonal(piece.space):
        out |= ctx.fort.side_features(piece.space, n, piece.level) & COVER_FEATURES
    return out


def cost(ctx: Ctx, old: str | None, new: str) -> int:
    """11.1 exposed costs nothing; 11.3 taking or leaving full cover one MF."""
    return ctx.tables.costs.get("full-cover", 1) if FULL in (old, new) else 0


def legal(ctx: Ctx, action: Action) -> Verdict:
    from . import morale
    from .movement import may_act, mf_left, mounted

    pid, to = action.get("piece"), action.get("to")
    if not ctx.option("attitudes"):
        return Verdict.no("the attitudes option is not in play", "11")
    verdict = may_act(ctx, action.side, pid)
    if not verdict:
        return verdict
    if to not in ATTITUDES:
        return Verdict.no(f"an attitude is one of {', '.join(ATTITUDES)}", "11")
    old = attitude(ctx, pid)
    if (old or "none") == to:
        return Verdict.no(f"{ctx.name(pid)} already has that attitude", "11")
    if not ctx.state.pieces[pid].on_board:
        return Verdict.no("only a unit on the board takes an attitude", "11")
    if to == EXPOSED and CRENEL not in cover_sides(ctx, pid):
        return Verdict.no("only a unit behind a crenelated wall may stand exposed", "11.1")
    if to == FULL:
        from .movement import sharing

        if sharing(ctx, pid):
            return Verdict.no("a unit passing a friend's square moves on", "4.31")
        if mounted(ctx, pid):
            return Verdict.no("mounted units never take full cover", "12.2")
        if not cover_sides(ctx, pid):
            return Verdict.no("full cover needs a window, door or crenel on the unit's own "
                              "square", "11.3")
    need = cost(ctx, old, to)
    if need and morale.halted(ctx, pid):
        return Verdict.no("out of command: it spends no MF this phase", "17.12")
    if need > mf_left(ctx, pid):
        return Verdict.no(f"full cover takes {need} MF", "11.3")
    return Verdict.yes()


def resolve(batch: Batch, action: Action) -> None:
    from .movement import mf_left, start

    pid, to = action["piece"], action["to"]
    start(batch, pid)
    ctx = batch.ctx
    old = attitude(ctx, pid)
    need = cost(ctx, old, to)
    changes = [Change.set(pid, "data.attitude", None if to == "none" else to)]
    if need:
        changes += [Change.set(pid, "data.mf_left", mf_left(ctx, pid) - need),
                    Change.set(pid, "data.moved", True)]
    else:
        changes.append(Change.set(pid, "data.free",
                                  int(ctx.state.pieces[pid].data.get("free", 0)) + 1))
    rule = "11.3" if FULL in (old, to) else "11.1"
    what = {EXPOSED: "stands exposed", FULL: "ducks into full cover",
            "none": "leaves its " + (old or "attitude").replace("-", " ")}[to]
    batch.add("attitude", rule, f"{rule} {ctx.name(pid)} {what}"
              + (f" ({need} MF)" if need else " (no MF)"), changes,
              ctx.state.pieces[pid].side, piece=pid, attitude=to)


def actions(ctx: Ctx, pid: str) -> list[Action]:
    if not ctx.option("attitudes"):
        return []
    piece = ctx.state.pieces[pid]
    tired = int(piece.data.get("free", 0)) >= 2  # (random play moves on, as with facings)
    old = attitude(ctx, pid)
    out = [Action.make(KIND, piece.side, piece=pid, to=t) for t in ATTITUDES
           if not (tired and cost(ctx, old, t) == 0)]
    return [a for a in out if legal(ctx, a)]


def after_step(ctx: Ctx, pid: str) -> list[Change]:
    """11.1 stepping to another square ends an exposed attitude."""
    if ctx.state.pieces[pid].data.get("attitude") == EXPOSED:
        return [Change.set(pid, "data.attitude", None)]
    return []
