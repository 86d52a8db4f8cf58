"""13.6 Retreat Movement of a 'Guerillas' unit along the Egress Routes.

13.6.1 the mosque's Guerillas, those with Fanaticism and every Martyrs unit stay;
13.6.4 a Security Element in the Zone holds them (CF -1, 'No Insurgents Event');
13.6.2 otherwise the highest-priority Egress Route whose Zone it can enter: a
free Location (chosen by drawing a 'Suspect' marker, 5.3.2), not a Zone under
USMC Control holding a squad (13.6.3), not across isolated streets (13.6.5);
13.6.6 the EXIT takes it off the map for good.
"""

from __future__ import annotations

from ....engine import Change
from .. import mapdata as M
from .. import tables as T
from .context import Ctx, Turn
from .draws import replace_counter, retreat_location


def isolating(ctx: Ctx, street: str) -> bool:
    """13.6.5: a Street Section an M1A1 holds or is next to, or one Adjacent to a
    Zone under USMC Control holding a USMC squad."""
    m = ctx.map
    if ctx.abrams_at(street) is not None:
        return True
    if any(ctx.abrams_at(s) is not None for s in m.street_streets[street]):
        return True
    return any(ctx.usmc_control(z) and ctx.zone_squads(z) for z in m.street_zones[street])


def isolated(ctx: Ctx, frm: int, to: int | str) -> bool:
    """13.6.5: an Egress Route across one or two Street Sections, each isolating."""
    m = ctx.map
    if to == M.EXIT:
        streets = m.exit_streets.get(frm, ())
    elif to in m.adjacent[frm]:
        return False
    else:
        streets = tuple(m.separating(frm, int(to)))
    return bool(streets) and all(isolating(ctx, s) for s in streets)


def route_problem(ctx: Ctx, frm: int, to: int | str) -> str | None:
    """Why a Guerillas unit cannot follow this Egress Route now (None if it can)."""
    if isolated(ctx, frm, to):
        return "Isolated (13.6.5)"
    if to == M.EXIT:
        return None
    to = int(to)
    if to == M.NO_ENTRY:
        return "no unit enters Zone 27"
    if ctx.usmc_control(to) and ctx.zone_squads(to):
        return "under USMC Control with a USMC squad (13.6.3)"
    if not any(ctx.free_for_enemy(loc) for loc in ctx.map.locations.get(to, ())):
        return "no empty Location (12.2.1.2)"
    return None


def exempt(ctx: Ctx, pid: str) -> str | None:
    """13.6.1 why this unit makes no Retreat Movement at all (None: it must retreat)."""
    unit = ctx.piece(pid)
    n = ctx.map.zone_of[unit.space]
    if ctx.face(unit) == T.MARTYRS:
        return "a 'Martyrs' unit stays until eliminated"
    if n == M.MOSQUE:
        return "Guerillas in Zone 26 (mosque) stay"
    if ctx.fanaticism(n):
        return "'Fanaticism': no Retreat Movement"
    return None


def retreat(t: Turn, pid: str, rule: str = T.RETREAT) -> str | None:
    """Carry out (or not) the Retreat Movement of 'Insurgents' unit ``pid``; returns
    where it went (a Location, ``EXIT``) or None if it stayed."""
    ctx = t.ctx
    unit = ctx.piece(pid)
    if unit.status != "active" or not ctx.map.is_location(unit.space):
        return None
    n = ctx.map.zone_of[unit.space]
    why = exempt(ctx, pid)
    if why:
        t.add("retreat", rule, f"the {ctx.name(pid)} in {t.map.label(unit.space)} stays: {why}",
              piece=pid)
        return None
    if ctx.has_security(n):
        cf = ctx.ins_cf(unit)
        t.add("retreat", T.RETREAT_SECURITY, f"a Security Element holds the {ctx.name(pid)} in "
              f"{t.map.label(unit.space)}: it stays, CF -1, and no insurgent Event here",
              piece=pid)
        if cf > 1:
            replace_counter(t, pid, cf - 1, T.RETREAT_SECURITY, "held by a Security Element")
        if not t.ctx.no_event(n):
            t.zone_update(n, T.RETREAT_SECURITY, f"a 'No Insurgents Event' marker in Zone {n}",
                          noev=True)
        return None
    routes = ctx.map.egress.get(n, [])
    for priority, to in enumerate(routes, start=1):
        problem = route_problem(t.ctx, n, to)
        if problem:
            t.add("insurgent-decision", T.EGRESS_PRIORITY,
                  f"Egress Route {priority} of Zone {n} ({to}) is closed: {problem}", piece=pid)
            continue
        if to == M.EXIT:
            t.add("retreat", T.EXIT, f"the {t.ctx.name(pid)} escapes through the EXIT of Zone "
                                     f"{n} and leaves the game (no VP)",
                  [Change.set(pid, "space", None), Change.set(pid, "status", "exited")],
                  piece=pid)
            return M.EXIT
        to = int(to)
        loc = retreat_location(t, to)
        if loc is None:
            continue
        frm = t.ctx.piece(pid).space
        t.add("retreat", T.EGRESS_PRIORITY, f"the {t.ctx.name(pid)} retreats from "
              f"{t.map.label(frm)} along Egress Route {priority} to {t.map.label(loc)}",
              [Change.set(pid, "space", loc)], piece=pid, to=loc, priority=priority)
        if t.ctx.usmc_control(to):
            back = t.ctx.zone(to).get("act") or "normal"
            t.zone_update(to, T.RETREAT_USMC_ZONE, f"Zone {to} holds no USMC squad: it passes "
                          f"back under the insurgents' Control", "control", usmc=None, act=back)
        return loc
    t.add("retreat", T.EGRESS_PRIORITY, f"no Egress Route is open: the {t.ctx.name(pid)} stays "
                                        f"in {t.map.label(t.ctx.piece(pid).space)}", piece=pid)
    return None
