"""12 Movement: one step at a time, through Locations and Street Sections.

Actions: ``move`` (piece, to, secure): one step to an Adjacent Location or
Street Section (``secure``: detach the Security Element on arriving in C or R,
before any Defensive Fire, 12.3.2.1); ``secure`` (piece) where it stands;
``regroup`` (piece) picks the Security Element up again (12.3.2.3);
``withdraw`` (piece): a reduced squad with nowhere to take cover leaves the
game (12.4.3); ``finish`` (piece) ends a unit's move.  A unit moves until it is
finished; moving another unit finishes the one before (12.1: one at a time).

The steps a unit may take are :func:`step_problem`'s business; a step into a
Street Section or onto a squad in a Zone under USMC Control needs a way on
(12.2.2, 12.2.3), found by :func:`can_stop_within`.
"""

from __future__ import annotations

from ....engine import Action, Change, Piece, Verdict
from .. import mapdata as M
from .. import tables as T
from .context import Ctx, Turn
from .defensive import defensive_fire, street_sniper
from .losses import eliminate_squad, move_stack, pin, step_loss

MOVE_KINDS = ("move", "secure", "regroup", "withdraw", "finish")


# -- who moves -------------------------------------------------------------------------


def mover(ctx: Ctx) -> Piece | None:
    pid = ctx.var("mover")
    p = ctx.state.pieces.get(pid) if pid else None
    return p if p is not None and p.status == "active" else None


def can_move(ctx: Ctx, p: Piece) -> Verdict:
    """12.1 / 11.3 / 11.5: may this unit (start to) move now?"""
    if ctx.phase != "movement":
        return Verdict.no("units move in the Movement Phase", T.MOVEMENT)
    kind = ctx.kind(p)
    if kind not in ("squad", "iif", "abrams") or p.status != "active" or not p.space or not (
            ctx.map.is_location(p.space) or ctx.map.is_street(p.space)):
        return Verdict.no("only squads on the map and the M1A1 move", T.MOVEMENT)
    if ctx.fired(p):
        return Verdict.no("a Fired unit does not move", T.FIRED)
    if ctx.pinned(p):
        return Verdict.no("a Pinned unit does not move", T.PINNED)
    if ctx.stamp(p, "moved"):
        return Verdict.no("it has finished its move this phase", T.MOVEMENT)
    if kind == "abrams":
        mc = p.data.get("mc")
        if mc and mc[0] == ctx.turn and ctx.mp_left(p) <= 0:
            return Verdict.no("no Movement Points left", T.ABRAMS_MC)
    elif ctx.mp_left(p) <= 0:
        return Verdict.no("no Movement Points left", T.MOVEMENT)
    current = mover(ctx)
    if current is not None and current.id != p.id:
        why = finish_problem(ctx, current)
        if why:
            return Verdict.no(f"{ctx.name(current.id)} must go on first: {why[1]}", why[0])
    return Verdict.yes()


def finish_problem(ctx: Ctx, p: Piece) -> tuple[str, str] | None:
    """Why ``p`` may not end its move where it is (None if it may)."""
    if ctx.pinned(p) or p.status != "active":
        return None
    if ctx.kind(p) == "abrams":
        start = p.data.get("start")
        if start and start[0] == ctx.turn and start[1] == p.space:
            return None
        if not abrams_end_ok(ctx, p.space):
            return (T.ABRAMS_END, "an M1A1 ends in a Street Section Adjacent to a Zone under "
                                  "USMC Control, or in OG of a Zone Neighbouring one")
        return None
    if ctx.map.is_street(p.space):
        return (T.STACK_STREET, "a squad may not end its move in a Street Section")
    n = ctx.map.zone_of[p.space]
    if ctx.usmc_control(n) and any(q.id != p.id for q in ctx.squads_at(p.space)):
        return (T.STACK_USMC_ZONE, "one squad per Location in a Zone under USMC Control")
    return None


# -- one step --------------------------------------------------------------------------


def raw_steps(ctx: Ctx, p: Piece, frm: str) -> list[str]:
    """Places one step from ``frm`` for this kind of unit, before any rule bites."""
    m = ctx.map
    if ctx.kind(p) == "abrams":
        if m.is_street(frm):
            ogs = [loc for z in m.street_zones[frm] for loc in m.locations.get(z, ())
                   if m.kind[loc] == "OG"]
            return sorted(m.street_streets[frm]) + ogs
        return sorted(m.zone_streets[m.zone_of[frm]])
    if m.is_street(frm):
        return sorted(m.street_doors[frm])
    out = sorted(m.loc_adjacent.get(frm, ()))
    if frm in m.doors.get(m.zone_of[frm], ()):
        out += sorted(m.zone_streets[m.zone_of[frm]])
    return out


def step_problem(ctx: Ctx, p: Piece, frm: str, to: str, covering: bool
                 ) -> tuple[str, str] | None:
    """The rule a step breaks (rule, reason), or None.  ``covering``: the squad left
    a Zone under insurgent Control to take cover through a street (12.4.3)."""
    m = ctx.map
    if to not in raw_steps(ctx, p, frm):
        if m.is_street(frm) and m.is_street(to):
            return (T.TWO_STREETS, "never two Street Sections in a row")
        return (T.ADJACENT_LOCATIONS, "not an Adjacent Location or Street Section")
    if ctx.kind(p) == "abrams":
        return _abrams_step_problem(ctx, p, to)
    iif = ctx.is_iif(p)
    fz = m.zone_of.get(frm)
    if m.is_street(to):
        if m.is_street(frm):
            return (T.TWO_STREETS, "never two Street Sections in a row")
        if any(q.id != p.id for q in ctx.squads_at(to)):
            return (T.STACK_STREET, "one squad per Street Section (a Pinned one blocks it)")
        tz = None
    else:
        tz = m.zone_of[to]
        if not ctx.exists(to):
            return (T.RUINS, "Locations 2, 2' and R of a Ruins Zone no longer exist")
        if ctx.enemy_at(to) is not None:
            return (T.MOVE_WITHIN, "a Location holding a 'Suspect' marker or 'Insurgents' unit")
        if tz == M.NO_ENTRY:
            return (T.NO_ENTRY, "no unit may enter Zone 27")
        if tz == M.MOSQUE and not iif:
            return (T.NO_ENTRY, "only IIF squads and the M1A1 may enter Zone 26")
        if iif and tz != M.MOSQUE and not ctx.usmc_control(tz):
            return (T.IIF_ENTRY, "IIF squads enter no Zone the insurgents Control but the mosque")
        if tz == M.MOSQUE:
            if any(q.id != p.id and ctx.is_iif(q) for q in ctx.squads_at(to)):
                return (T.IIF, "one IIF squad per Location in Zone 26")
        elif ctx.insurgent_control(tz) and tz != fz and any(
                q.id != p.id for q in ctx.zone_squads(tz)):
            return (T.STACK_INSURGENT_ZONE, f"Zone {tz} already holds a USMC squad")
    leaving = fz is not None and tz != fz
    if leaving:
        if p.data.get("se"):
            return (T.SECURE, "its Security Element is detached: it stays in the Zone")
        if ctx.insurgent_control(fz):
            if ctx.empty_of_enemy(fz):
                return (T.EMPTY_ZONE, f"Zone {fz} holds no enemy: the squad stays there")
            if not p.data.get("reduced"):
                return (T.TAKING_COVER, "only a squad with a Step Loss leaves a Zone the "
                                        "insurgents Control")
            if tz is not None and not (ctx.usmc_control(tz) and tz in m.contact(fz)):
                return (T.TAKING_COVER, "taking cover leads to an Adjacent or Neighbouring "
                                        "Zone under USMC Control")
            if tz is None and not any(ctx.usmc_control(z) and z in m.contact(fz)
                                      for z in m.street_zones[to]):
                return (T.TAKING_COVER, "no Zone under USMC Control on that street")
    if covering and tz is not None and not ctx.usmc_control(tz):
        return (T.TAKING_COVER, "taking cover ends in a Zone under USMC Control")
    return None


def _abrams_step_problem(ctx: Ctx, p: Piece, to: str) -> tuple[str, str] | None:
    m = ctx.map
    if m.is_street(to):
        if any(ctx.kind(q) == "abrams" and q.id != p.id for q in ctx.here(to)):
            return (T.STACK_STREET, "one M1A1 per Street Section")
        return None
    if m.zone_of[to] == M.NO_ENTRY:
        return (T.NO_ENTRY, "no unit may enter Zone 27")
    if ctx.enemy_at(to) is not None:
        return (T.ABRAMS_MOVES, "a Location holding a 'Suspect' marker or 'Insurgents' unit")
    if any(ctx.kind(q) == "abrams" and q.id != p.id for q in ctx.here(to)):
        return (T.ABRAMS_MOVES, "one M1A1 per Location")
    return None


def abrams_end_ok(ctx: Ctx, space: str) -> bool:
    """12.6.3: a Street Section Adjacent to a Zone under USMC Control, or OG of a
    Zone Neighbouring a Zone under USMC Control."""
    m = ctx.map
    if m.is_street(space):
        return any(ctx.usmc_control(z) for z in m.street_zones[space])
    n = m.zone_of.get(space)
    return n is not None and any(ctx.usmc_control(z) for z in m.neighbouring[n])


def stop_ok(ctx: Ctx, p: Piece, space: str) -> bool:
    """Could the unit end its move at ``space`` (with nothing else changed)?"""
    if ctx.kind(p) == "abrams":
        start = p.data.get("start")
        at_start = (start[1] == space) if start and start[0] == ctx.turn else space == p.space
        return at_start or abrams_end_ok(ctx, space)
    if ctx.map.is_street(space):
        return False
    n = ctx.map.zone_of[space]
    return not (ctx.usmc_control(n) and any(q.id != p.id for q in ctx.squads_at(space)))


def can_stop_within(ctx: Ctx, p: Piece, space: str, mp: int, covering: bool) -> bool:
    """Is there a place the unit may end on, ``space`` itself or within ``mp`` steps?"""
    frontier = [(space, covering)]
    seen = {(space, covering)}
    for depth in range(mp + 1):
        nxt = []
        for pos, cov in frontier:
            if stop_ok(ctx, p, pos) and not cov:
                return True
            if depth == mp:
                continue
            for to in raw_steps(ctx, p, pos):
                if step_problem(ctx, p, pos, to, cov) is not None:
                    continue
                state = (to, _covering_after(ctx, p, pos, to, cov))
                if state not in seen:
                    seen.add(state)
                    nxt.append(state)
        frontier = nxt
    return False


def _covering_after(ctx: Ctx, p: Piece, frm: str, to: str, covering: bool) -> bool:
    if ctx.kind(p) == "abrams":
        return False
    if ctx.map.is_street(to):
        fz = ctx.map.zone_of.get(frm)
        return covering or (fz is not None and ctx.insurgent_control(fz))
    return False


def step_verdict(ctx: Ctx, p: Piece, to: str, secure: bool = False,
                 mp: int | None = None) -> Verdict:
    """Whether ``p`` may take one step to ``to`` now (and with ``secure``)."""
    frm = p.space
    covering = bool(p.data.get("cover")) and ctx.map.is_street(frm)
    why = step_problem(ctx, p, frm, to, covering)
    if why:
        return Verdict.no(why[1], why[0])
    left = ctx.mp_left(p) if mp is None else mp
    cost = 1 + (1 if secure else 0)
    if ctx.kind(p) != "abrams" or mp is not None or _mc_rolled(ctx, p):
        if left < cost:
            return Verdict.no(f"{cost} MP needed, {left} left", T.MOVE_WITHIN)
    if secure:
        why = secure_problem(ctx, p, to)
        if why:
            return Verdict.no(why[1], why[0])
    if ctx.kind(p) == "abrams" and not (mp is not None or _mc_rolled(ctx, p)):
        return Verdict.yes()      # its MC is rolled first (12.6.1)
    cov = _covering_after(ctx, p, frm, to, covering)
    if not stop_ok(ctx, p, to) or cov:
        if not can_stop_within(ctx, p, to, left - cost, cov):
            if ctx.kind(p) == "abrams":
                return Verdict.no("it could not end its move where it must", T.ABRAMS_END)
            rule = T.STACK_STREET if ctx.map.is_street(to) else T.STACK_USMC_ZONE
            return Verdict.no("it could go no further and may not stop there", rule)
    return Verdict.yes()


def _mc_rolled(ctx: Ctx, p: Piece) -> bool:
    mc = p.data.get("mc")
    return bool(mc) and mc[0] == ctx.turn


def secure_problem(ctx: Ctx, p: Piece, at: str) -> tuple[str, str] | None:
    """12.3.2.1: a USMC squad in C or R with its Security Element may detach it."""
    if ctx.kind(p) != "squad":
        return (T.SECURE, "only a USMC squad has a Security Element")
    if p.data.get("se"):
        return (T.SECURE, "its Security Element is already detached")
    if ctx.map.kind.get(at) not in ("C", "R"):
        return (T.SECURE, "a Security Element is detached in a Location C or R")
    return None


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
        return Verdict.no(why[1], why[0]) if why else Verdict.yes()
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
    t.add("mp", T.MOVE_WITHIN, f"{cost} MP spent, {left} left",
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
        t.add("mp", T.SECURE_REGAIN, "all its MP are spent",
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
