"""What the optional rules change in fire (7): who may fire, how far, the line
of sight and the modifiers.

* 10.16 closed doors and windows (:mod:`.doors`): the line of sight uses the
  board with closed openings as walls (and open Gate units swung aside); a
  line that only a closed opening stops passes its firing slot when the unit
  inside stands in the opening's square facing it and the other unit is in
  the slot's narrow straight arc (10.161, the squares straight out from the
  opening); a target shot through a slot has partial cover (-1, 10.162) and a
  saving roll if hit (a leader only one);
* 11.1 an exposed unit and the adjacent units below it see each other across
  the battlement (7.52 does not block) and it has no crenel cover; 11.3 a
  unit in full cover may not fire, nor be fired at through its cover;
* 12.3 a mounted firer -1; 16 at night no range beyond six squares and -1;
  17.41 the Legion in Camerone does not fire; 18.12 a ``-1,-1`` wound -1,
  18.13 a ``-1,0`` wound no fire.
"""

from __future__ import annotations

from ffl.engine import Verdict
from ffl.engine.features import CRENEL, DOOR, WINDOW
from ffl.engine.pieces import FACING_VECTORS

from .. import tables
from .context import Ctx
from .sight import SightVerdict, sight_for


def sight_of(ctx: Ctx):
    """The :class:`~.sight.Sight` for the doors and gates as they stand now (on
    the fort as the siege left it, 15)."""
    if not ctx.option("doors"):
        return sight_for(ctx.board, ctx.fort)
    from .doors import gate_units
    from .overlay import fort_for, siege_changes

    closed = frozenset(k for k, rec in (ctx.var("doors") or {}).items()
                       if rec.get("status", "open") != "open")
    opened = frozenset(tuple(sorted(g.data.get("side") or ())) for g in gate_units(ctx)
                       if g.data.get("status") == "open" and g.data.get("side"))
    if not closed and not opened:
        return sight_for(ctx.board, ctx.fort)
    changes = siege_changes(ctx.state) if ctx.option("siege") else {}
    opened = opened | changes.pop("opened", frozenset())
    return sight_for(ctx.board, fort_for(ctx.board, closed=closed, opened=opened, **changes))


def _slot_ok(ctx: Ctx, inner_pid: str, outer_pos: tuple[str, int], key: str) -> bool:
    """10.161 the unit inside stands in the opening's square facing it, and the
    other end lies in the narrow straight arc straight out from it."""
    from .doors import inside, parse

    a, b, level = parse(key)
    inner = inside(ctx, key)
    outer = b if inner == a else a
    piece = ctx.state.pieces[inner_pid]
    if (piece.space, piece.level) != (inner, level) or piece.facing is None:
        return False
    (ic, ir), (oc, orow) = ctx.fort.coords(inner), ctx.fort.coords(outer)
    d = (oc - ic, orow - ir)
    if tuple(FACING_VECTORS[piece.facing]) != d:
        return False
    tc, tr = ctx.fort.coords(outer_pos[0])
    steps = (tc - ic) * d[0] + (tr - ir) * d[1]
    return steps >= 1 and (tc - ic, tr - ir) == (d[0] * steps, d[1] * steps)


def verdict(ctx: Ctx, pid: str, target: str, occupied) -> tuple[SightVerdict, bool]:
    """7.5 the line of sight from ``pid`` to ``target`` with the optional rules,
    and whether it passes a closed firing slot (10.16)."""
    from .attitudes import exposed

    firer, foe = ctx.state.pieces[pid], ctx.state.pieces[target]
    up = firer if firer.level > foe.level else foe
    lifted = exposed(ctx, up.id)
    sight = sight_of(ctx)
    v = sight.verdict(firer.position, foe.position, occupied, exposed=lifted)
    base = sight_for(ctx.board, ctx.fort)
    if v.clear or sight is base or not ctx.option("doors"):
        return v, False
    if not base.verdict(firer.position, foe.position, occupied, exposed=lifted).clear:
        return v, False
    # only a closed opening stands in the way: 10.161 / 10.162 the firing slot
    from .doors import is_closed, parse

    for inner, other in ((firer, foe), (foe, firer)):
        for x, y in base.room_crossing(inner.space, other.space, inner.level):
            key = "|".join(sorted((x, y))) + f"|{inner.level}"
            if base.fort.side_features(x, y, inner.level) & {DOOR, WINDOW} and \
                    is_closed(ctx, *parse(key)):
                if _slot_ok(ctx, inner.id, other.position, key):
                    return SightVerdict(True, "10.161", None,
                                        "10.161 through the firing slot of a closed "
                                        "door or window"), True
                return SightVerdict(False, "10.16", x, "10.16 a closed door or window "
                                    "stands in the way (its slot fires only straight out, "
                                    "for a unit facing it)"), False
    return v, False


def max_range(ctx: Ctx, weapon: str) -> int | None:
    """16 at night no fire beyond six squares."""
    return tables.max_range(weapon, night=ctx.option("night"))


def may_fire(ctx: Ctx, pid: str) -> Verdict:
    """The optional rules that keep a unit from firing."""
    from . import attitudes, morale, wounds

    name = ctx.name(pid)
    if ctx.option("wounds") and not wounds.may_fire(ctx, pid):
        return Verdict.no(f"{name}'s wound (-1,0) leaves it unable to fire", "18.13")
    if attitudes.full_cover(ctx, pid):
        return Verdict.no(f"{name} is in full cover and may not fire", "11.3")
    if morale.in_camerone(ctx, pid):
        return Verdict.no("in Camerone the Legion fights with the bayonet only", "17.41")
    return Verdict.yes()


def target_refusal(ctx: Ctx, pid: str, target: str, sight) -> Verdict:
    """11.3 a target in full cover is not fired at through its cover."""
    from .attitudes import full_cover

    if full_cover(ctx, target):
        firer, foe = ctx.state.pieces[pid], ctx.state.pieces[target]
        feats = sight.entry_features(firer.space, foe.space, foe.level)
        if feats & {CRENEL, DOOR, WINDOW}:
            return Verdict.no(f"{ctx.name(target)} is in full cover from this side", "11.3")
    return Verdict.yes()


def modifiers(ctx: Ctx, pid: str, target: str, slot: bool) -> list[tuple[str, int]]:
    """12.3 mounted, 16 night, 18.12 wounded firer; 10.162 a target behind a
    closed firing slot."""
    from . import mounted, wounds

    out: list[tuple[str, int]] = []
    if ctx.option("night"):
        out.append(("16", tables.FIRE_MODIFIERS["16"]))
    out += mounted.fire_modifiers(ctx, pid) + wounds.fire_modifiers(ctx, pid)
    if slot and ctx.state.pieces[target].level is not None:
        from .attitudes import cover_sides

        if cover_sides(ctx, target) & {DOOR, WINDOW} and _target_inside(ctx, pid, target):
            out.append(("10.162", tables.FIRE_MODIFIERS["10.162"]))
    return out


def _target_inside(ctx: Ctx, pid: str, target: str) -> bool:
    base = sight_for(ctx.board, ctx.fort)
    foe = ctx.state.pieces[target]
    return base.interiors.room(foe.space, foe.level) is not None
