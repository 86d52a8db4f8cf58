"""12 Movement: which steps a unit may take (the rules of one step, and looking ahead).

A step into a Street Section, or onto a squad in a Zone under USMC Control, is
allowed only if the unit can go on to a place where it may stop (12.2.2,
12.2.3), which :func:`can_stop_within` finds; the M1A1 likewise needs a place
it may end on (12.6.3).
"""

from __future__ import annotations

from ....engine import Piece, Verdict
from .. import mapdata as M
from .. import tables as T
from .context import Ctx

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
        ahead = secured(p) if secure else p     # a secured squad stays in the Zone
        if not can_stop_within(ctx, ahead, to, left - cost, cov):
            if ctx.kind(p) == "abrams":
                return Verdict.no("it could not end its move where it must", T.ABRAMS_END)
            rule = T.STACK_STREET if ctx.map.is_street(to) else T.STACK_USMC_ZONE
            return Verdict.no("it could go no further and may not stop there", rule)
    return Verdict.yes()


def secured(p: Piece) -> Piece:
    """The squad as it will be once its Security Element is detached (12.3.2.1)."""
    q = p.copy()
    q.data["se"] = True
    return q


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
