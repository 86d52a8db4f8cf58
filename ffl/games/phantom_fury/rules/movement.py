"""12 Movement: one step at a time, through Locations and Street Sections.

Actions: ``move`` (piece, to, secure): one step to an Adjacent Location or
Street Section (``secure``: detach the Security Element on arriving in C or R,
before any Defensive Fire, 12.3.2.1); ``secure`` (piece) where it stands;
``regroup`` (piece) picks the Security Element up again (12.3.2.3);
``withdraw`` (piece): a reduced squad with nowhere to take cover leaves the
game (12.4.3); ``finish`` (piece) ends a unit's move.  A unit moves until it is
finished; moving another unit finishes the one before (12.1: one at a time).

The steps a unit may take are :mod:`.steps`' business.
"""

from __future__ import annotations

from ....engine import Action, Change, Piece, Verdict
from .. import tables as T
from .context import Ctx, Turn
from .defensive import defensive_fire, street_sniper
from .losses import eliminate_squad, move_stack, pin, step_loss
from .steps import (
    _covering_after,
    _mc_rolled,
    can_move,
    can_stop_within,
    finish_problem,
    mover,
    raw_steps,
    secure_problem,
    secured,
    step_verdict,
    stop_ok,
)

MOVE_KINDS = ("move", "secure", "regroup", "withdraw", "finish")


# -- legality and actions -------------------------------------------------------------


def legal(ctx: Ctx, action: Action) -> Verdict:
    p = ctx.state.pieces.get(action.get("piece"))
    if p is None:
        return Verdict.no("no such unit", T.MOVEMENT)
    kind = action.kind
    if kind == "finish":
        if ctx.phase != "movement" or (mover(ctx) is None or mover(ctx).id != p.id):
            return Verdict.no("that unit is not moving", T.MOVEMENT)
        why = finish_problem(ctx, p)
        return Verdict.no(why[1], why[0]) if why else Verdict.yes()
    ok = can_move(ctx, p)
    if not ok:
        return ok
    if kind == "move":
        return step_verdict(ctx, p, action.get("to"), bool(action.get("secure")))
    if kind == "secure":
        if not ctx.map.is_location(p.space):
            return Verdict.no("a Security Element is detached in a Location", T.SECURE)
        if ctx.mp_left(p) < 1:
            return Verdict.no("it costs 1 MP", T.SECURE)
        why = secure_problem(ctx, p, p.space)
        if why:
            return Verdict.no(why[1], why[0])
        if not stop_ok(ctx, p, p.space) and not can_stop_within(
                ctx, secured(p), p.space, ctx.mp_left(p) - 1, False):
            return Verdict.no("it could go no further and may not stop here",
                              T.STACK_USMC_ZONE)
        return Verdict.yes()
    if kind == "regroup":
        se = ctx.security_of(p)
        if not p.data.get("se") or se is None:
            return Verdict.no("its Security Element is not detached", T.SECURE_REGAIN)
        if se.space != p.space:
            return Verdict.no("the squad picks it up in its Location", T.SECURE_REGAIN)
        if ctx.mp_left(p) < int(ctx.types[p.type].get("mc", T.SQUAD_MC)) or \
                ctx.var("mover") == p.id:
            return Verdict.no("picking it up takes all the squad's MP", T.SECURE_REGAIN)
        return Verdict.yes()
    if kind == "withdraw":
        return withdraw_verdict(ctx, p)
    return Verdict.no(f"unknown action {kind!r}", T.MOVEMENT)


def withdraw_verdict(ctx: Ctx, p: Piece) -> Verdict:
    """12.4.3: a reduced squad in a black-circle Zone the insurgents Control with no
    Adjacent or Neighbouring Zone under USMC Control is withdrawn (-2 VP)."""
    if ctx.kind(p) != "squad" or not ctx.map.is_location(p.space):
        return Verdict.no("only a USMC squad in a Zone is withdrawn", T.TAKING_COVER)
    n = ctx.map.zone_of[p.space]
    if not p.data.get("reduced"):
        return Verdict.no("only a squad with a Step Loss takes cover", T.TAKING_COVER)
    if ctx.map.circle.get(n) != "black" or not ctx.insurgent_control(n):
        return Verdict.no("only from a black-circle Zone the insurgents Control",
                          T.TAKING_COVER)
    if ctx.empty_of_enemy(n):
        return Verdict.no(f"Zone {n} holds no enemy: the squad stays there", T.EMPTY_ZONE)
    if any(ctx.usmc_control(z) for z in ctx.map.contact(n)):
        return Verdict.no("a Zone under USMC Control is near: take cover there",
                          T.TAKING_COVER)
    return Verdict.yes()


def movable(ctx: Ctx) -> list[Piece]:
    return [p for p in ctx.on_map("squad", "iif", "abrams") if can_move(ctx, p)]


def actions(ctx: Ctx) -> list[Action]:
    out: list[Action] = []
    current = mover(ctx)
    for p in sorted(movable(ctx), key=lambda q: q.id):
        for to in raw_steps(ctx, p, p.space):
            if step_verdict(ctx, p, to):
                out.append(Action.make("move", "usmc", piece=p.id, to=to))
                if ctx.map.kind.get(to) == "C" and not secure_problem(ctx, p, to) \
                        and step_verdict(ctx, p, to, True):
                    out.append(Action.make("move", "usmc", piece=p.id, to=to, secure=True))
        for kind in ("secure", "regroup", "withdraw"):
            a = Action.make(kind, "usmc", piece=p.id)
            if legal(ctx, a):
                out.append(a)
    if current is not None and not finish_problem(ctx, current):
        out.append(Action.make("finish", "usmc", piece=current.id))
    return out


# -- resolving -----------------------------------------------------------------------


def finish(t: Turn, pid: str, why: str = "") -> None:
    """The unit's move is over for this phase."""
    ctx = t.ctx
    p = ctx.piece(pid)
    changes = [Change.var("mover", None), Change.set(pid, "data.cover", None)]
    if p.status == "active":
        changes.append(Change.set(pid, "data.moved", ctx.turn))
    t.add("finish", T.MOVEMENT, f"{ctx.name(pid)} ends its move{': ' + why if why else ''}",
          changes, piece=pid)


def _start(t: Turn, p: Piece) -> None:
    """Taking up a unit: the one moving before is finished (12.1)."""
    ctx = t.ctx
    current = mover(ctx)
    if current is not None and current.id == p.id:
        return
    if current is not None:
        finish(t, current.id)
    changes = [Change.var("mover", p.id), Change.set(p.id, "data.start", [ctx.turn, p.space])]
    if not (p.data.get("mp") and p.data["mp"][0] == ctx.turn):
        changes.append(Change.set(p.id, "data.mp", [ctx.turn, ctx.mp_left(p)]))
    t.add("mover", T.MOVEMENT, f"{ctx.name(p.id)} moves", changes, piece=p.id)


def _spend(t: Turn, pid: str, cost: int) -> int:
    left = t.ctx.mp_left(t.ctx.piece(pid)) - cost
    t.add("mp", T.MOVE_WITHIN, f"{t.ctx.name(pid)}: {cost} MP spent, {left} left",
          [Change.set(pid, "data.mp", [t.ctx.turn, left])], piece=pid)
    return left


def resolve(t: Turn, action: Action) -> None:
    ctx = t.ctx
    p = ctx.piece(action["piece"])
    kind = action.kind
    if kind == "finish":
        finish(t, p.id)
        return
    if kind == "withdraw":
        _start(t, p)
        eliminate_squad(t, p.id, T.TAKING_COVER, "no Zone under USMC Control to take cover in",
                        vp_key="taking_cover_withdrawn")
        t.add("finish", T.MOVEMENT, "the next unit may move", [Change.var("mover", None)])
        return
    _start(t, p)
    if kind == "secure":
        detach(t, p.id)
        if t.ctx.mp_left(t.ctx.piece(p.id)) <= 0:
            finish(t, p.id, "no MP left")
        return
    if kind == "regroup":
        regroup(t, p.id, T.SECURE_REGAIN, "picked up again: all its MP spent")
        t.add("mp", T.SECURE_REGAIN, f"{ctx.name(p.id)} has spent all its MP",
              [Change.set(p.id, "data.mp", [ctx.turn, 0])], piece=p.id)
        finish(t, p.id)
        return
    if ctx.kind(p) == "abrams":
        _abrams_step(t, p.id, action["to"])
    else:
        _squad_step(t, p.id, action["to"], bool(action.get("secure")))


def detach(t: Turn, pid: str) -> None:
    """12.3.2.1: the 'Security Element' marker is placed where the squad stands (1 MP)."""
    ctx = t.ctx
    p = ctx.piece(pid)
    _spend(t, pid, 1)
    t.add("secure", T.SECURE, f"{ctx.name(pid)} detaches its Security Element in "
                              f"{t.map.label(p.space)} (CF -1 while detached)",
          [Change.set(f"SE-{p.type}", "space", p.space), Change.set(f"SE-{p.type}", "status",
                                                                     "active"),
           Change.set(f"SE-{p.type}", "data.squad", pid), Change.set(pid, "data.se", True)],
          piece=pid)


def regroup(t: Turn, pid: str, rule: str, why: str) -> None:
    """12.3.2.3 / 14.3.1: the Security Element rejoins its squad (the marker leaves)."""
    ctx = t.ctx
    p = ctx.piece(pid)
    se = ctx.security_of(p)
    if se is None:
        return
    n = ctx.map.zone_of.get(se.space)
    t.add("regroup", rule, f"the Security Element of {ctx.name(pid)} rejoins it ({why})",
          [Change.set(se.id, "space", None), Change.set(se.id, "status", "off"),
           Change.set(pid, "data.se", None)], piece=pid)
    clear_no_event(t, n)


def clear_no_event(t: Turn, n: int | None) -> None:
    """13.6.4: the 'No Insurgents Event' marker goes once no Security Element is left."""
    if n is not None and t.ctx.no_event(n) and not t.ctx.has_security(n):
        t.zone_update(n, T.RETREAT_SECURITY, f"Zone {n} holds no Security Element any more: "
                                             f"the 'No Insurgents Event' marker is removed",
                      noev=None)


def _squad_step(t: Turn, pid: str, to: str, secure: bool) -> None:
    ctx = t.ctx
    p = ctx.piece(pid)
    frm = p.space
    covering = bool(p.data.get("cover")) and ctx.map.is_street(frm)
    cov_after = _covering_after(ctx, p, frm, to, covering)
    left = ctx.mp_left(p) - 1
    rule = T.CROSSING if ctx.map.is_street(to) or ctx.map.is_street(frm) else (
        T.MOVE_BETWEEN if ctx.map.zone_of.get(frm) != ctx.map.zone_of.get(to) else T.MOVE_WITHIN)
    cover = " (taking cover, 12.4.3)" if cov_after else ""
    move_stack(t, pid, to, rule, f"{ctx.name(pid)} moves to {t.map.label(to)}{cover}: "
                                 f"{left} MP left",
               [Change.set(pid, "data.mp", [ctx.turn, left]),
                Change.set(pid, "data.cover", True if cov_after else None)], frm=frm)
    if t.ctx.map.is_street(to):
        loss, pinned = street_sniper(t, pid, to)
        if loss:
            gone = step_loss(t, pid, T.STREET_SNIPER, "Sniper Attack in the street")
            if not gone:
                move_stack(t, pid, frm, T.CROSSING_LOSS, f"{t.ctx.name(pid)} goes back to "
                                                         f"{t.map.label(frm)} and stops")
                if pinned:      # 11.4.2: both results of one Sniper Attack count
                    pin(t, pid, T.STREET_SNIPER, "Sniper Attack in the street")
                finish(t, pid, "a Step Loss while crossing")
            else:
                t.add("finish", T.CROSSING_LOSS, "the next unit may move",
                      [Change.var("mover", None)])
            return
        if pinned:
            pin(t, pid, T.STREET_SNIPER, "Sniper Attack in the street")
            finish(t, pid, "Pinned in the street")
            return
        return
    n = t.ctx.map.zone_of[to]
    if secure:
        detach(t, pid)
        left -= 1
    if t.ctx.map.kind[to] in ("C", "OG") and t.ctx.insurgent_control(n):
        defensive_fire(t, pid)
        q = t.ctx.piece(pid)
        if q.status != "active":
            t.add("finish", T.MOVEMENT, "the next unit may move", [Change.var("mover", None)])
            return
        if t.ctx.pinned(q):
            finish(t, pid, "Pinned")
            return
    if t.ctx.mp_left(t.ctx.piece(pid)) <= 0 and not finish_problem(t.ctx, t.ctx.piece(pid)):
        finish(t, pid, "no MP left")


def _abrams_step(t: Turn, pid: str, to: str) -> None:
    ctx = t.ctx
    p = ctx.piece(pid)
    if not _mc_rolled(ctx, p):
        roll = t.d10(T.ABRAMS_MC, f"Movement Capacity of {ctx.name(pid)}")
        mc = T.lookup(T.ABRAMS_MC_TABLE, roll)
        t.add("abrams", T.ABRAMS_MC, f"{ctx.name(pid)} rolls {roll}: MC {mc}",
              [Change.set(pid, "data.mc", [ctx.turn, mc]),
               Change.set(pid, "data.mp", [ctx.turn, mc])], piece=pid, mc=mc)
        ctx = t.ctx
        if not step_verdict(ctx, ctx.piece(pid), to):
            t.add("abrams", T.ABRAMS_END, f"with MC {mc} {ctx.name(pid)} cannot go to "
                                          f"{t.map.label(to)}: it stays", piece=pid)
            return
    left = t.ctx.mp_left(t.ctx.piece(pid)) - 1
    t.add("move", T.ABRAMS_MOVES, f"{t.ctx.name(pid)} moves to {t.map.label(to)}: {left} MP left",
          [Change.set(pid, "space", to), Change.set(pid, "data.mp", [t.ctx.turn, left])],
          piece=pid, to=to)
    q = t.ctx.piece(pid)
    if t.ctx.mp_left(q) <= 0 and not finish_problem(t.ctx, q):
        finish(t, pid, "no MP left")
