"""13 Assaults: types, the two rolls, Events, modifiers, the conclusion, Flooding.

``assault`` (piece, target, explosives, flood): a squad Assaults the 'Suspect'
marker or 'Insurgents' unit in an Adjacent Location (13); ``explosives`` uses
its CAAT support's 'Explosives' marker (13.7.1: CF 8, no modifier);
``flood`` says whether a reduced squad floods the Zone after a Top-Down
Assault from R (13.4.7: a face-up squad must, a reduced one may).
:func:`fight` resolves one Assault (also an insurgent Counter-attack, 9.4,
and each Assault of a Flooding, 13.4.8).
"""

from __future__ import annotations

from dataclasses import dataclass

from ....engine import Action, Change, Piece, Verdict
from .. import mapdata as M
from .. import tables as T
from .context import Ctx, Turn
from .defensive import ied_attack
from .draws import activate_suspect, replace_counter
from .losses import eliminate_insurgent, eliminate_squad, move_stack, step_loss
from .retreat import retreat

TOP_DOWN, BOTTOM_UP, NORMAL = "top-down", "bottom-up", "normal"


def assault_type(ctx: Ctx, frm: str, to: str) -> str:
    """13.1-13.3 by the two Locations' types."""
    a, b = ctx.map.kind.get(frm), ctx.map.kind.get(to)
    if (a, b) in (("R", "2"), ("2", "1")):
        return TOP_DOWN
    if (a, b) in (("1", "2"), ("2", "R")):
        return BOTTOM_UP
    return NORMAL


def assaulters(ctx: Ctx) -> list[Piece]:
    return sorted((p for p in ctx.squads() if ctx.map.is_location(p.space)
                   and not ctx.fired(p) and not ctx.pinned(p) and not ctx.stamp(p, "assaulted")),
                  key=lambda p: p.id)


def target_problem(ctx: Ctx, p: Piece, loc: str) -> tuple[str, str] | None:
    m = ctx.map
    if loc not in m.loc_adjacent.get(p.space, ()):
        return (T.ASSAULT, "the target must be in an Adjacent Location")
    if ctx.enemy_at(loc) is None:
        return (T.ASSAULT, "no 'Suspect' marker or 'Insurgents' unit there")
    fz, tz = m.zone_of[p.space], m.zone_of[loc]
    if tz != fz:
        if ctx.insurgent_control(fz) and ctx.empty_of_enemy(fz):
            return (T.EMPTY_ZONE, f"a squad in Zone {fz} (holding no enemy) cannot Assault "
                                  f"into another Zone")
        if p.data.get("se"):
            return (T.SECURE, "its Security Element is detached: it stays in the Zone")
        if tz == M.MOSQUE and not ctx.is_iif(p):
            return (T.NO_ENTRY, "only IIF squads enter Zone 26")
        if ctx.is_iif(p) and tz != M.MOSQUE and ctx.insurgent_control(tz):
            return (T.IIF_ENTRY, "IIF squads enter no Zone the insurgents Control but the mosque")
        if tz != M.MOSQUE and ctx.insurgent_control(tz) and any(
                q.id != p.id for q in ctx.zone_squads(tz)):
            return (T.STACK_INSURGENT_ZONE, f"Zone {tz} already holds a USMC squad")
    return None


def targets(ctx: Ctx, p: Piece) -> list[str]:
    """Locations ``p`` may Assault now (each holds a marker or unit)."""
    return [loc for loc in sorted(ctx.map.loc_adjacent.get(p.space, ()))
            if target_problem(ctx, p, loc) is None]


def legal(ctx: Ctx, action: Action) -> Verdict:
    if ctx.phase != "assault":
        return Verdict.no("Assaults are declared in the Assault Phase", T.ASSAULT)
    p = ctx.state.pieces.get(action.get("piece"))
    if p is None or p.status != "active" or not ctx.is_squad(p) or not ctx.map.is_location(
            p.space):
        return Verdict.no("a USMC or IIF squad in a Location Assaults", T.ASSAULT)
    if ctx.fired(p):
        return Verdict.no("a Fired squad does not Assault", T.FIRED)
    if ctx.pinned(p):
        return Verdict.no("a Pinned squad does not Assault", T.PINNED)
    if ctx.stamp(p, "assaulted"):
        return Verdict.no("one Assault per squad each Assault Phase", T.ASSAULT)
    loc = action.get("target")
    why = target_problem(ctx, p, loc) if loc in ctx.map.zone_of else (T.ASSAULT, "no target")
    if why:
        return Verdict.no(why[1], why[0])
    if action.get("explosives"):
        caat = ctx.caat_of(p)
        if caat is None or not caat.data.get("explosives"):
            return Verdict.no("no CAAT 'Explosives' marker with this squad", T.EXPLOSIVES)
    return Verdict.yes()


def actions(ctx: Ctx) -> list[Action]:
    out = []
    for p in assaulters(ctx):
        caat = ctx.caat_of(p)
        boom = caat is not None and bool(caat.data.get("explosives"))
        for loc in targets(ctx, p):
            floods = (False, True) if (p.data.get("reduced") and assault_type(
                ctx, p.space, loc) == TOP_DOWN and ctx.map.kind[p.space] == "R") else (False,)
            for flood in floods:
                out.append(Action.make("assault", "usmc", piece=p.id, target=loc,
                                       explosives=False, flood=flood))
                if boom:
                    out.append(Action.make("assault", "usmc", piece=p.id, target=loc,
                                           explosives=True, flood=flood))
    return out


@dataclass
class Fight:
    """What one Assault left behind."""

    cancelled: bool = False
    unit: str | None = None        # the 'Insurgents' unit still in the Location
    squad_alive: bool = True
    pinned: bool = False


def _event(t: Turn, table: dict, rule: str, who: str) -> str:
    roll = t.d10(rule, f"Event for {who}")
    event = T.lookup(table, roll)
    t.add("event", rule, f"Event for {who}: {roll}: {T.EVENT_NAMES[event]}", event=event)
    return event


def fight(t: Turn, pid: str, loc: str, kind: str, explosives: bool = False,
          counter: bool = False, flooding: bool = False) -> Fight:
    """13.4 one Assault between squad ``pid`` and whatever is in ``loc``."""
    ctx = t.ctx
    target = ctx.enemy_at(loc)
    n = ctx.map.zone_of[loc]
    out = Fight()
    if target is None:
        return out
    activation = False
    if ctx.kind(target) == "suspect":
        result, placed = activate_suspect(t, target.id, "assault")
        if result == T.IED_SNIPER:
            ied_attack(t, pid)
            q = t.ctx.piece(pid)
            out.squad_alive, out.pinned = q.status == "active", t.ctx.pinned(q)
            return out
        if placed is None:
            return out
        target, activation = t.ctx.piece(placed), True
    ctx = t.ctx
    squad = ctx.piece(pid)
    iif = ctx.is_iif(squad)
    iif_table = iif and n == M.MOSQUE
    who_u, who_i = ctx.name(pid), f"the {ctx.name(target.id)}"
    u = t.d10(T.ASSAULT_ROLL, f"Assault roll of {who_u}")
    i = t.d10(T.ASSAULT_ROLL, f"Assault roll of {who_i}")
    ev_u = ev_i = None
    if u == 0 and i == 0:
        t.add("event", T.EVENTS, "both sides rolled 0: no Event (cancelled)")
    else:
        if u == 0:
            if iif_table:
                ev_u = _event(t, T.IIF_EVENT_TABLE, T.IIF_TABLE_RULE, who_u)
            elif iif:
                t.add("event", T.USMC_EVENTS, "the USMC Events table does not apply to IIF squads")
            else:
                ev_u = _event(t, T.USMC_EVENT_TABLE, T.USMC_EVENTS, who_u)
        if i == 0:
            if ctx.no_event(n):
                t.add("event", T.RETREAT_SECURITY, f"a 'No Insurgents Event' marker in Zone {n}: "
                                                   f"the insurgents' Event is cancelled")
            elif iif_table:
                ev_i = _event(t, T.IIF_EVENT_TABLE, T.IIF_TABLE_RULE, who_i)
            else:
                ev_i = _event(t, T.INSURGENT_EVENT_TABLE, T.INSURGENT_EVENTS, who_i)
    events = [e for e in (ev_u, ev_i) if e]
    iif_bonus = sum(T.IIF_BONUS.get(e, 0) for e in events) if iif_table else 0
    drugged = T.DRUGGED in events
    # -- Events applied before the resolution --------------------------------------------
    if T.CONFUSION in events:
        t.add("event", T.INSURGENT_EVENTS, "Confusion: the Assault is cancelled")
        out.cancelled, out.unit = True, target.id
        return out
    if ev_u == T.HERO_EVENT:
        hero = min(2, int(t.ctx.piece(pid).data.get("hero", 0)) + 1)
        t.add("hero", T.HERO, f"a Hero appears in {who_u}: "
              f"{'Silver Star (+1)' if hero == 1 else 'Medal of Honor (+2)'}",
              [Change.set(pid, "data.hero", hero)], piece=pid)
    if ev_u == T.USMC_SNIPER:
        cf = t.ctx.ins_cf(target)
        if cf <= 1:
            eliminate_insurgent(t, target.id, T.USMC_EVENTS, "USMC sniper")
            out.unit = None
            return out
        target = t.ctx.piece(replace_counter(t, target.id, cf - 1, T.USMC_EVENTS, "USMC sniper"))
    if ev_u == T.FLIGHT and t.ctx.face(target) == T.GUERILLAS:
        cf = t.ctx.ins_cf(target)
        if cf > 1:
            target = t.ctx.piece(replace_counter(t, target.id, cf - 1, T.USMC_EVENTS, "Flight"))
        else:
            t.add("event", T.USMC_EVENTS, "Flight: a CF 1 'Guerillas' unit stays as it is")
    if ev_i == T.SUICIDE and t.ctx.face(target) == T.MARTYRS:
        t.add("event", T.INSURGENT_EVENTS, f"Suicide Bomber: the {t.ctx.name(target.id)} and "
                                           f"{who_u} are both eliminated")
        eliminate_insurgent(t, target.id, T.INSURGENT_EVENTS, "Suicide Bomber")
        eliminate_squad(t, pid, T.INSURGENT_EVENTS, "Suicide Bomber", direct=True)
        out.squad_alive = False
        return out
    # -- the resolution (13.4.2; modifiers 13.4.4-13.4.6; explosives 13.7.1) -------------
    ctx = t.ctx
    squad, target = ctx.piece(pid), ctx.piece(target.id)
    ttype = TOP_DOWN if flooding else kind
    mods_u: list[tuple[str, int]] = []
    if explosives:
        cf_u = T.EXPLOSIVES_CF
    else:
        cf_u = ctx.cf(squad) + iif_bonus
        if not counter:
            D = T.ASSAULT_DRM_TABLE
            if activation:
                mods_u.append(("Activation", D["activation"]))
            if ctx.face(target) == T.MARTYRS:
                mods_u.append(("against 'Martyrs'", D["martyrs"]))
            elif ctx.fortified(n):
                mods_u.append(("'Guerillas' in a Fortified Zone", D["guerillas_fortified"]))
            if not iif and ctx.phantom_fury_near(ctx.map.zone_of[squad.space]):
                mods_u.append(("'Phantom Fury'", D["phantom_fury"]))
            if ttype == TOP_DOWN:
                mods_u.append(("Top-Down", D["top_down"]))
            elif ttype == BOTTOM_UP:
                mods_u.append(("Bottom-Up", D["bottom_up"]))
    drm_u = sum(v for _, v in mods_u)
    hit_ins = u != T.NO_EFFECT_ROLL and u + drm_u <= cf_u
    cf_i = ctx.ins_cf(target)
    mods_i: list[tuple[str, int]] = []
    if not counter:
        if ctx.fanaticism(n):
            mods_i.append(("'Fanaticism'", T.ASSAULT_DRM_TABLE["fanaticism"]))
        if not hit_ins and ttype == TOP_DOWN:
            mods_i.append(("Top-Down", T.ASSAULT_DRM_TABLE["top_down"]))
        elif not hit_ins and ttype == BOTTOM_UP:
            mods_i.append(("Bottom-Up", T.ASSAULT_DRM_TABLE["bottom_up"]))
    drm_i = sum(v for _, v in mods_i)
    hit_squad = i != T.NO_EFFECT_ROLL and i + drm_i <= cf_i

    def shown(who, roll, drm, cf, mods, hit, whom):
        """13.4.2: each side's roll at most its own CF inflicts a Step Loss on the
        other side (an unmodified 9 never does): said as who rolls and who is hit."""
        m = ", ".join(f"{a} {b:+d}" for a, b in mods) or "no modifier"
        res = f"an unmodified 9: no Step Loss on {whom}" if roll == 9 else (
            f"{roll + drm} <= CF {cf}: {whom} takes a Step Loss" if hit
            else f"{roll + drm} > CF {cf}: no Step Loss on {whom}")
        return f"{who} rolls {roll} ({m}) -> {res}"

    who_t = f"the {ctx.name(target.id)}"
    t.add("assault", T.ASSAULT_ROLL,
          f"{kind.capitalize()} Assault{' (explosives: CF 8)' if explosives else ''}: "
          f"{shown(who_u, u, drm_u, cf_u, mods_u, hit_ins, who_t)}; "
          f"{shown(who_t, i, drm_i, cf_i, mods_i, hit_squad, who_u)}",
          piece=pid, target=target.id, u=u, i=i, hit_ins=hit_ins, hit_squad=hit_squad)
    if hit_ins:
        if drugged:
            cf = ctx.ins_cf(target)
            if cf > 1:
                tid = replace_counter(t, target.id, cf - 1, T.INSURGENT_EVENTS,
                                      "Drugged Fighters")
            else:
                tid = target.id
                t.add("event", T.INSURGENT_EVENTS, "Drugged Fighters: a CF 1 unit stays as it is")
            out.unit = tid
        else:
            eliminate_insurgent(t, target.id, T.ASSAULT_ROLL, "Assault")
    else:
        out.unit = target.id
    if hit_squad:
        out.squad_alive = not step_loss(t, pid, T.ASSAULT_ROLL, "Assault")
    if explosives:
        caat = t.ctx.caat_of(t.ctx.piece(pid)) if out.squad_alive else None
        if caat is not None:
            t.add("explosives", T.EXPLOSIVES, f"{caat.id}'s 'Explosives' marker is used up",
                  [Change.set(caat.id, "data.explosives", None)], piece=caat.id)
    # -- markers of Events (after the resolution) ----------------------------------------
    if ev_u == T.PF_EVENT:
        t.zone_update(n, T.PHANTOM_FURY, f"a 'Phantom Fury' marker in Zone {n}: -1 to USMC "
                      f"rolls here and around until the end of next turn", "marker", pf=15)
    if ev_i == T.FANATICISM:
        zones = [z for z in sorted(t.map.block[n]) if z == n or t.ctx.insurgent_control(z)]
        for z in zones:
            t.zone_update(z, T.INSURGENT_EVENTS, f"a 'Fanaticism' marker in Zone {z}", "marker",
                          fan=True)
    return out


def conclude(t: Turn, pid: str, loc: str, fight_: Fight) -> bool:
    """13.4.7: a surviving Guerillas unit retreats (Martyrs stay); the squad enters
    the Location if it is empty.  True if the squad entered it."""
    if fight_.cancelled:
        return False
    if fight_.unit is not None and t.ctx.state.pieces[fight_.unit].status == "active":
        unit = t.ctx.piece(fight_.unit)
        if t.ctx.face(unit) == T.GUERILLAS and unit.space == loc:
            retreat(t, unit.id, T.CONCLUSION)
    squad = t.ctx.piece(pid)
    if squad.status != "active" or t.ctx.enemy_at(loc) is not None:
        return False
    if t.ctx.pinned(squad) and fight_.pinned:
        t.add("assault", T.CONCLUSION, f"{t.ctx.name(pid)} is Pinned where it is and does "
                                       f"not enter {t.map.label(loc)}", piece=pid)
        return False
    move_stack(t, pid, loc, T.CONCLUSION, f"{t.ctx.name(pid)} enters {t.map.label(loc)}")
    return True


def resolve(t: Turn, action: Action) -> None:
    ctx = t.ctx
    pid, loc = action["piece"], action["target"]
    squad = ctx.piece(pid)
    frm = squad.space
    kind = assault_type(ctx, frm, loc)
    t.add("assault", T.ASSAULT, f"{ctx.name(pid)} in {t.map.label(frm)} Assaults the "
          f"{ctx.name(ctx.enemy_at(loc).id)} in {t.map.label(loc)} ({kind})",
          [Change.set(pid, "data.assaulted", ctx.turn)], piece=pid, target=loc, type=kind)
    result = fight(t, pid, loc, kind, explosives=bool(action.get("explosives")))
    entered = conclude(t, pid, loc, result)
    if not entered or kind != TOP_DOWN or t.ctx.map.kind.get(frm) != "R":
        return
    squad = t.ctx.piece(pid)
    if not squad.data.get("reduced") or action.get("flood"):
        flood(t, pid)


def flood(t: Turn, pid: str) -> None:
    """13.4.8: from the second story, Assault every marker and unit of the Zone in
    turn, Top-Down, until one holds, the Zone is clear, the squad's CF is 4 or
    less, or the squad is gone."""
    ctx = t.ctx
    squad = ctx.piece(pid)
    n = ctx.map.zone_of[squad.space]
    if ctx.cf(squad) < T.FLOODING_MIN_CF:
        t.add("flooding", T.FLOODING_CF, f"{ctx.name(pid)} has CF {ctx.cf(squad)}: no Flooding",
              piece=pid)
        return
    t.add("flooding", T.FLOODING, f"{ctx.name(pid)} floods Zone {n}", piece=pid)
    order = [c for c in ("2", "2p") if ctx.map.location(n, c) and
             ctx.map.location(n, c) != squad.space] + [c for c in T.FLOODING_ORDER
                                                       if c not in ("2", "2p")]
    for code in order:
        ctx = t.ctx
        squad = ctx.piece(pid)
        loc = ctx.map.location(n, code)
        if squad.status != "active" or ctx.pinned(squad):
            return
        if loc is None or ctx.enemy_at(loc) is None:
            continue
        if ctx.cf(squad) < T.FLOODING_MIN_CF:
            t.add("flooding", T.FLOODING_CF, f"{ctx.name(pid)}'s CF is down to "
                                             f"{ctx.cf(squad)}: the Flooding stops", piece=pid)
            return
        if loc not in ctx.map.loc_adjacent.get(squad.space, ()):
            path = _path_next_to(ctx, squad.space, loc)
            if path is None:
                t.add("flooding", T.FLOODING, f"no way to reach {t.map.label(loc)}: the "
                                              f"Flooding stops", piece=pid)
                return
            move_stack(t, pid, path[-1], T.FLOODING, f"{ctx.name(pid)} moves on to "
                                                     f"{t.map.label(path[-1])}")
        result = fight(t, pid, loc, TOP_DOWN, flooding=True)
        if result.cancelled:
            return
        if result.unit is not None and t.ctx.state.pieces[result.unit].status == "active":
            unit = t.ctx.piece(result.unit)
            if t.ctx.face(unit) == T.GUERILLAS and unit.space == loc:
                retreat(t, unit.id, T.CONCLUSION)
        ctx = t.ctx
        if ctx.enemy_at(loc) is not None:
            t.add("flooding", T.FLOODING, f"the {ctx.name(ctx.enemy_at(loc).id)} holds "
                                          f"{t.map.label(loc)}: the Flooding stops", piece=pid)
            return
        if ctx.piece(pid).status != "active":
            return
        if ctx.empty_of_enemy(n):
            if not ctx.pinned(ctx.piece(pid)):
                move_stack(t, pid, loc, T.FLOODING, f"Zone {n} is clear: {ctx.name(pid)} "
                                                    f"enters {t.map.label(loc)}")
            return


def _path_next_to(ctx: Ctx, start: str, target: str) -> list[str] | None:
    """The shortest walk inside the Zone, through Locations free of markers and units,
    to a Location Adjacent to ``target``."""
    n = ctx.map.zone_of[start]
    prev: dict[str, str | None] = {start: None}
    frontier = [start]
    while frontier:
        nxt = []
        for loc in frontier:
            if target in ctx.map.loc_adjacent.get(loc, ()):
                path = [loc]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path))
            for other in sorted(ctx.map.loc_adjacent.get(loc, ())):
                if other in prev or ctx.map.zone_of.get(other) != n or not ctx.exists(other) \
                        or ctx.enemy_at(other) is not None:
                    continue
                prev[other] = loc
                nxt.append(other)
        frontier = nxt
    return None


def counter_attack_zone(t: Turn, n: int, units: list[str] | None = None) -> None:
    """9.4 Counter-attack in one Zone: the strongest Guerillas unit (drawn at random
    among equals; of ``units``, those there as the insurgents reacted, if given)
    moves Adjacent to the squad and Assaults without modifiers."""
    ctx = t.ctx
    guerillas = [p for p in ctx.enemies(n) if ctx.kind(p) == "insurgents"
                 and ctx.face(p) == T.GUERILLAS and (units is None or p.id in units)]
    squads = [p for p in ctx.zone_squads(n) if ctx.map.is_location(p.space)]
    if not guerillas or not squads:
        return
    best = ctx.opponent.counter_attack_units(ctx, guerillas)
    unit = t.pick(T.REACTIONS, "which of the strongest Guerillas attacks", best) \
        if len(best) > 1 else best[0]
    squad, why = ctx.opponent.counter_attack_target(ctx, squads) if len(squads) > 1 else (
        squads[0], "the only squad")
    ctx = t.ctx
    free = [loc for loc in sorted(ctx.map.loc_adjacent.get(squad.space, ()))
            if ctx.map.zone_of.get(loc) == n and ctx.free_for_enemy(loc)]
    loc, reason = ctx.opponent.counter_attack_location(ctx, ctx.piece(unit.id), squad, free)
    if loc is None:
        t.add("insurgent-decision", T.REACTIONS, f"Counter-attack in Zone {n}: the "
              f"{ctx.name(unit.id)} cannot get next to {ctx.name(squad.id)} ({reason})")
        return
    t.add("insurgent-decision", T.REACTIONS, f"Counter-attack in Zone {n}: the "
          f"{ctx.name(unit.id)} (highest CF) attacks {ctx.name(squad.id)} ({why}) from "
          f"{t.map.label(loc)} ({reason})",
          [Change.set(unit.id, "space", loc)] if loc != unit.space else [], piece=unit.id)
    result = fight(t, squad.id, loc, NORMAL, counter=True)
    conclude(t, squad.id, loc, result)
