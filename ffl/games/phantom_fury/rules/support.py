"""9 The Support Phase: Missions (9.3) and the Insurgent Reaction (9.4).

``mission`` (mission, zones / targets / zone): the player calls a Mission; a
d10 in its range succeeds (and counts towards its limit, 9.2), else it is
postponed and the insurgents react, which ends the phase (9.1):

* ``dragon_eye`` (zones: two Adjacent or Neighbouring Zones the insurgents
  Control, clear of USMC units): both are Activated and, if Normal, their
  'Suspect' markers too (an IED/Sniper result leaves a marker in place);
* ``cobra`` (targets: one or two 'Insurgents' units / 'Suspect' markers of one
  Zone the insurgents Control, not the mosque, clear of USMC units): removed;
* ``hornet`` (zone: one the insurgents Control, not the mosque, clear of USMC
  units and not Adjacent or Neighbouring a Zone a USMC unit occupies):
  Activated, everything in it eliminated, and it becomes a Ruins Zone.
"""

from __future__ import annotations

from itertools import combinations

from ....engine import Action, Change, Verdict
from .. import mapdata as M
from .. import tables as T
from .assault import counter_attack_zone
from .context import Ctx, Turn
from .draws import activate_suspect, activate_zone, from_pool, to_pool
from .fire import sniper_attack
from .losses import eliminate_insurgent, eliminate_squad, pin, remove_suspect, step_loss
from .retreat import retreat

MISSION_KINDS = ("mission",)


def open_zone(ctx: Ctx, n: int) -> bool:
    """A Zone the insurgents Control, clear of USMC units."""
    return n != M.NO_ENTRY and ctx.insurgent_control(n) and not ctx.usmc_units(n)


def hornet_zone_ok(ctx: Ctx, n: int) -> bool:
    if n == M.MOSQUE or not open_zone(ctx, n):
        return False
    return not any(ctx.usmc_units(z) for z in ctx.map.contact(n))


def left(ctx: Ctx, mission: str) -> int:
    """9.2: successful Missions of this kind still allowed."""
    limit = int(dict(ctx.table("missions")).get(mission, T.MISSION_TABLE[mission])["max"])
    return limit - int(ctx.var("missions", {}).get(mission, 0))


def legal(ctx: Ctx, action: Action) -> Verdict:
    if ctx.phase != "support":
        return Verdict.no("Missions are called in the Support Phase", T.SUPPORT)
    mission = action.get("mission")
    if mission not in T.MISSION_TABLE:
        return Verdict.no("no such Mission", T.MISSIONS)
    if left(ctx, mission) <= 0:
        return Verdict.no("that Mission has reached its limit of successes", T.MISSION_LIMITS)
    if mission == T.DRAGON_EYE:
        zones = tuple(action.get("zones") or ())
        if len(zones) != 2 or zones[0] == zones[1]:
            return Verdict.no("choose two Zones", T.MISSIONS)
        a, b = (int(z) for z in zones)
        if not (open_zone(ctx, a) and open_zone(ctx, b)):
            return Verdict.no("both Zones under insurgent Control and clear of USMC units",
                              T.MISSIONS)
        if b not in ctx.map.contact(a):
            return Verdict.no("the two Zones must be Adjacent or Neighbouring", T.MISSIONS)
        return Verdict.yes()
    if mission == T.COBRA:
        ids = tuple(action.get("targets") or ())
        if not 1 <= len(ids) <= 2 or len(set(ids)) != len(ids):
            return Verdict.no("one or two 'Insurgents' units or 'Suspect' markers", T.MISSIONS)
        pieces = [ctx.state.pieces.get(i) for i in ids]
        if any(p is None or p.status != "active" or ctx.kind(p) not in ("insurgents", "suspect")
               or not ctx.map.is_location(p.space) for p in pieces):
            return Verdict.no("one or two 'Insurgents' units or 'Suspect' markers", T.MISSIONS)
        zones = {ctx.map.zone_of[p.space] for p in pieces}
        if len(zones) != 1:
            return Verdict.no("both in the same Zone", T.MISSIONS)
        n = zones.pop()
        if n == M.MOSQUE or not open_zone(ctx, n):
            return Verdict.no("a Zone under insurgent Control, not Zone 26, clear of USMC units",
                              T.MISSIONS)
        return Verdict.yes()
    n = action.get("zone")
    if n not in ctx.map.zones or not hornet_zone_ok(ctx, int(n)):
        return Verdict.no("a Zone under insurgent Control, not Zone 26, clear of USMC units, "
                          "not Adjacent or Neighbouring a Zone a USMC unit occupies", T.MISSIONS)
    return Verdict.yes()


def actions(ctx: Ctx) -> list[Action]:
    """The Missions worth calling (a Mission on Zones where it would change nothing
    is legal too, and left out of this list)."""
    out: list[Action] = []
    if left(ctx, T.DRAGON_EYE) > 0:
        def useful(n: int) -> bool:
            return not ctx.activated(n) or (not ctx.fortified(n) and any(
                ctx.kind(p) == "suspect" for p in ctx.enemies(n)))
        zones = [n for n in ctx.map.zones if open_zone(ctx, n)]
        for a in zones:
            for b in sorted(ctx.map.contact(a)):
                if b > a and open_zone(ctx, b) and (useful(a) or useful(b)):
                    out.append(Action.make("mission", "usmc", mission=T.DRAGON_EYE, zones=(a, b)))
    if left(ctx, T.COBRA) > 0:
        for n in ctx.map.zones:
            if n == M.MOSQUE or not open_zone(ctx, n):
                continue
            ids = sorted(p.id for p in ctx.enemies(n))
            for k in (1, 2):
                for combo in combinations(ids, k):
                    out.append(Action.make("mission", "usmc", mission=T.COBRA, targets=combo))
    if left(ctx, T.HORNET) > 0:
        for n in ctx.map.zones:
            if hornet_zone_ok(ctx, n) and (ctx.enemies(n) or not ctx.activated(n)):
                out.append(Action.make("mission", "usmc", mission=T.HORNET, zone=n))
    return out


def resolve(t: Turn, action: Action) -> bool:
    """Call the Mission; True if the Support Phase goes on (it succeeded)."""
    ctx = t.ctx
    mission = action["mission"]
    info = dict(ctx.table("missions")).get(mission, T.MISSION_TABLE[mission])
    roll = t.d10(T.MISSIONS, f"call the {info['name']}")
    lo, _, hi = str(info["success"]).partition("-")
    if int(lo) <= roll <= int(hi or lo):
        done = dict(ctx.var("missions", {}))
        done[mission] = done.get(mission, 0) + 1
        t.add("mission", T.MISSIONS, f"{info['name']}: rolled {roll}, a success "
                                     f"(success {done[mission]} of at most {info['max']})",
              [Change.var("missions", done)], mission=mission)
        if mission == T.DRAGON_EYE:
            for n in action["zones"]:
                dragon_eye(t, int(n))
        elif mission == T.COBRA:
            for pid in action["targets"]:
                cobra(t, pid)
        else:
            hornet(t, int(action["zone"]))
        return True
    t.add("mission", T.SUPPORT, f"{info['name']}: {roll}, postponed: the insurgents react",
          mission=mission)
    react(t)
    return False


def dragon_eye(t: Turn, n: int) -> None:
    activate_zone(t, n, T.MISSIONS)
    ctx = t.ctx
    if ctx.fortified(n):
        t.add("mission", T.MISSIONS, f"Zone {n} is Fortified: its 'Suspect' markers stay hidden")
        return
    for p in list(ctx.enemies(n)):
        if t.ctx.kind(p) == "suspect" and t.ctx.state.pieces[p.id].status == "active":
            activate_suspect(t, p.id, "dragon")


def cobra(t: Turn, pid: str) -> None:
    if t.ctx.kind(pid) == "suspect":
        remove_suspect(t, pid, T.MISSIONS, "AH-1W 'Super Cobra'")
    else:
        eliminate_insurgent(t, pid, T.MISSIONS, "AH-1W 'Super Cobra'")


def hornet(t: Turn, n: int) -> None:
    activate_zone(t, n, T.MISSIONS)
    for p in list(t.ctx.enemies(n)):
        cobra_like = "F/A-18 'Hornet'"
        if t.ctx.kind(p) == "suspect":
            remove_suspect(t, p.id, T.MISSIONS, cobra_like)
        else:
            eliminate_insurgent(t, p.id, T.MISSIONS, cobra_like)
    t.zone_update(n, T.RUINS, f"Zone {n} becomes a Ruins Zone ('Rubble' on 2, 2' and R)",
                  "ruins", ruins=True)


# -- 9.4 the insurgents' reaction -------------------------------------------------------


def react(t: Turn) -> None:
    roll = t.d10(T.REACTIONS, "Insurgent Reaction")
    reaction = T.lookup(T.REACTION_TABLE, roll)
    t.add("reaction", T.REACTIONS, f"Insurgent Reaction {roll}: {T.REACTION_NAMES[reaction]}"
          + (" (not in Zones with a Security Element)" if reaction in T.DAGGER else ""),
          reaction=reaction)
    ctx = t.ctx

    def guarded(n: int) -> bool:
        return reaction in T.DAGGER and ctx.has_security(n)

    if reaction == T.REINFORCEMENTS:
        units = sorted((p for p in ctx.on_map("insurgents") if ctx.face(p) == T.GUERILLAS
                        and not guarded(ctx.map.zone_of[p.space])), key=lambda p: p.id)
        for unit in units:
            reinforce_unit(t, unit.id)
    elif reaction == T.RETREAT_REACTION:
        # the units are those beside a squad as the insurgents react: each makes one
        # Retreat Movement, even into a Zone taken later that holds a squad (13.6)
        zones = ctx.opponent.ordered_zones(ctx, [n for n in ctx.map.zones
                                                 if ctx.zone_squads(n) and not guarded(n)])
        units = [p.id for n in zones for p in sorted(ctx.enemies(n), key=lambda q: q.id)
                 if ctx.kind(p) == "insurgents" and ctx.face(p) == T.GUERILLAS]
        for pid in units:
            retreat(t, pid, T.REACTIONS)
    elif reaction == T.EAGLE:
        for squad in sorted(ctx.squads(), key=lambda p: p.id):
            n = ctx.map.zone_of.get(squad.space)
            if n is not None and ctx.insurgent_control(n):
                sniper_attack(t, squad.id, rule=T.REACTIONS)
    elif reaction == T.COUNTER_ATTACK:
        # the Zones holding Guerillas and squads as the insurgents react, each with its
        # own Guerillas: a unit driven into another of them by a retreat (13.4.7) does
        # not attack again there, nor does a Zone it reaches see a Counter-attack
        zones = ctx.opponent.ordered_zones(ctx, [n for n in ctx.map.zones
                                                 if ctx.zone_squads(n) and not guarded(n)])
        there = {n: [p.id for p in ctx.enemies(n) if ctx.kind(p) == "insurgents"
                     and ctx.face(p) == T.GUERILLAS] for n in zones}
        for n in zones:
            if there[n]:
                counter_attack_zone(t, n, there[n])
    elif reaction == T.HBIED:
        hbied(t)


def reinforce_unit(t: Turn, pid: str) -> None:
    """9.4 Reinforcements: a counter drawn for the Guerillas unit; stronger on its
    Guerillas side, it takes the unit's place."""
    ctx = t.ctx
    unit = ctx.piece(pid)
    drawn = t.pick(T.REACTIONS, f"draw for the Guerillas in {t.map.label(unit.space)}",
                   ctx.pool("insurgents"))
    if drawn is None:
        return
    old, new = ctx.ins_cf(unit), int(t.types[drawn.type].get(T.GUERILLAS))
    if new > old:
        loc = unit.space
        t.add("reaction", T.REACTIONS, f"Reinforcements: the Guerillas in {t.map.label(loc)} "
                                       f"go from CF {old} to CF {new}",
              to_pool(pid, "insurgents") + from_pool(drawn.id, loc, face=T.GUERILLAS),
              piece=drawn.id)
    else:
        t.add("reaction", T.REACTIONS, f"Reinforcements: CF {new} drawn, not above {old}: "
                                       f"the counter goes back")


def hbied(t: Turn) -> None:
    """9.4 HBIED: one Zone under USMC Control (not the mosque, not in ruins) holding a
    squad and next to the insurgents, drawn at random, is blown up."""
    ctx = t.ctx
    zones = [n for n in ctx.map.zones if ctx.usmc_control(n) and n != M.MOSQUE
             and not ctx.ruins(n) and ctx.zone_squads(n)
             and any(ctx.insurgent_control(z) for z in ctx.map.contact(n))]
    if not zones:
        t.add("reaction", T.REACTIONS, "HBIED: no Zone fits: no effect")
        return
    n = t.pick(T.REACTIONS, "the Zone hit by the HBIED", zones)
    t.zone_update(n, T.REACTIONS, f"HBIED in Zone {n}: it becomes a Ruins Zone", "ruins",
                  ruins=True)
    for squad in sorted(t.ctx.zone_squads(n), key=lambda p: p.id):
        if t.ctx.map.kind[squad.space] in ("2", "R"):
            eliminate_squad(t, squad.id, T.REACTIONS, "HBIED, on an upper floor", direct=True)
        else:
            gone = step_loss(t, squad.id, T.REACTIONS, "HBIED")
            if not gone:
                pin(t, squad.id, T.REACTIONS, "HBIED")
    for p in list(t.ctx.zone_pieces(n, "security")):
        if t.ctx.map.kind[p.space] in ("2", "R"):
            t.add("reaction", T.RUINS, "a Security Element buried in the rubble is removed",
                  [Change.set(p.id, "space", None), Change.set(p.id, "status", "off"),
                   Change.set(p.data["squad"], "data.se", None)])
