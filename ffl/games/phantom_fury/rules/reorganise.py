"""14 The Reorganisation Phase, played by the program when the Assault Phase ends.

14.1 Zones holding only a USMC squad come under USMC Control; 14.2 their
Adjacent and Neighbouring Zones are Activated; 14.3 Security Elements rejoin,
Fired squads recover, Pinned squads roll to recover, spent CAATs leave; 14.4
the insurgents infiltrate empty Zones next to them; 14.5 the 'Phantom Fury'
markers age.
"""

from __future__ import annotations

from ....engine import Change
from .. import mapdata as M
from .. import tables as T
from .context import Turn
from .draws import activate_zone, place_suspect
from .losses import remove_caat
from .movement import clear_no_event, regroup


def take_control(t: Turn) -> list[int]:
    """14.1: returns the Zones that came under USMC Control."""
    ctx = t.ctx
    taken = []
    for n in ctx.map.zones:
        if n == M.NO_ENTRY or not ctx.insurgent_control(n):
            continue
        squads = ctx.zone_squads(n)
        # the mosque may hold one IIF squad per Location (5.1.6): all of them count
        if not squads or ctx.enemies(n) or (len(squads) > 1 and n != M.MOSQUE):
            continue
        marker = {"start": "'Activated Start Zone'", "fortified": "'Activated Strong Point'"}.get(
            ctx.zone(n).get("act"), "'Activated Zone'")
        t.zone_update(n, T.TAKE_CONTROL, f"Zone {n} holds only {ctx.name(squads[0].id)}: it "
                      f"comes under USMC Control (the {marker} marker is flipped)", "control",
                      usmc=True, fan=None, act=ctx.zone(n).get("act") or "normal")
        taken.append(n)
    if taken and not ctx.var("iif_from"):
        near = [n for n in taken if n in ctx.map.neighbouring.get(M.MOSQUE, ())]
        if near:
            t.add("iif", T.IRAQI, f"Zone {near[0]} Neighbouring Zone 26 is under USMC Control: "
                                  f"the IIF may enter from turn {ctx.turn + 1}",
                  [Change.var("iif_from", ctx.turn + 1)])
    return taken


def contact(t: Turn, taken: list[int]) -> None:
    """14.2: Activate the Adjacent and Neighbouring Zones not yet Activated."""
    for n in taken:
        for z in sorted(t.ctx.map.contact(n)):
            if z != M.NO_ENTRY and not t.ctx.activated(z):
                activate_zone(t, z, T.CONTACT)


def regrouping(t: Turn) -> None:
    ctx = t.ctx
    for se in sorted(ctx.on_map("security"), key=lambda p: p.id):
        squad = ctx.state.pieces.get(se.data.get("squad") or se.type[3:])
        n = ctx.map.zone_of.get(se.space)
        if squad is None or squad.status != "active":
            t.add("regroup", T.REGROUP_SE_LOST, "a Security Element whose squad is gone is "
                                               "removed", [Change.set(se.id, "space", None),
                                                           Change.set(se.id, "status", "off")])
            clear_no_event(t, n)
        elif n is not None and t.ctx.usmc_control(n):
            regroup(t, squad.id, T.REGROUP_SE, f"Zone {n} is under USMC Control")
    for squad in sorted(t.ctx.on_map("squad", "iif", "abrams"), key=lambda p: p.id):
        if t.ctx.fired(squad):
            t.add("regroup", T.REGROUP_FIRED, f"{t.ctx.name(squad.id)} is no longer Fired",
                  [Change.set(squad.id, "data.fp", None)], piece=squad.id)
    for squad in sorted(t.ctx.squads(), key=lambda p: p.id):
        if t.ctx.pinned(squad):
            unpin(t, squad.id)
    for caat in sorted(t.ctx.on_map("caat"), key=lambda p: p.id):
        if int(caat.data.get("ammo", 0)) <= 0 and not caat.data.get("explosives"):
            remove_caat(t, caat, T.REGROUP_CAAT, "no munitions left (no VP lost)", vp=False)


def unpin(t: Turn, pid: str) -> None:
    """14.3.4: automatic when the Zones around are clear, else a d10 at most the
    CF (+1 in C, +2 in OG or a street without an M1A1)."""
    ctx = t.ctx
    squad = ctx.piece(pid)
    space = squad.space
    m = ctx.map
    if m.is_street(space):
        around = set(m.street_zones[space])
        around |= {z for n in m.street_zones[space] for z in m.contact(n)}
    else:
        around = set(m.contact(m.zone_of[space]))
    if not any(ctx.enemies(z) for z in around):
        t.add("regroup", T.REGROUP_PINNED, f"{ctx.name(pid)}: nothing around: no longer Pinned",
              [Change.set(pid, "data.fp", None)], piece=pid)
        return
    drm = 0
    kind = "street" if m.is_street(space) else m.kind[space]
    if kind == "C":
        drm = T.PINNED_DRM["C"]
    elif kind == "OG" or (kind == "street" and ctx.abrams_at(space) is None):
        drm = T.PINNED_DRM["OG" if kind == "OG" else "street"]
    cf = ctx.cf(squad)
    roll = t.d10(T.REGROUP_PINNED, f"{ctx.name(pid)} tries to recover")
    if roll + drm <= cf:
        t.add("regroup", T.REGROUP_PINNED, f"{ctx.name(pid)}: {roll}{drm:+d} <= CF {cf}: no "
                                           f"longer Pinned", [Change.set(pid, "data.fp", None)],
              piece=pid)
    else:
        t.add("regroup", T.REGROUP_PINNED, f"{ctx.name(pid)}: {roll}{drm:+d} > CF {cf}: still "
                                           f"Pinned", piece=pid)


def infiltration(t: Turn) -> None:
    """14.4: every Zone under USMC Control clear of USMC units, next to a Zone the
    insurgents Control holding a marker or unit and clear of USMC units, receives
    a 'Suspect' marker and passes back to the insurgents; a street an M1A1 or a
    Pinned squad holds, or one next to a Zone under USMC Control holding a squad,
    stops it between Neighbouring Zones; no Zone just infiltrated serves as a
    base (14.4.3)."""
    ctx = t.ctx
    m = ctx.map
    bases = [n for n in m.zones if ctx.insurgent_control(n) and ctx.enemies(n)
             and not ctx.usmc_units(n)]

    def blocked(street: str) -> bool:
        if ctx.abrams_at(street) is not None:
            return True
        if any(ctx.pinned(p) for p in ctx.squads_at(street)):
            return True
        return any(ctx.usmc_control(z) and ctx.zone_squads(z) for z in m.street_zones[street])

    targets = []
    for n in m.zones:
        if not ctx.usmc_control(n) or ctx.usmc_units(n) or n == M.NO_ENTRY:
            continue
        for b in bases:
            if b in m.adjacent[n]:
                targets.append((n, b, "Adjacent"))
                break
            if b in m.neighbouring[n] and not all(blocked(s) for s in m.separating(n, b)):
                targets.append((n, b, "Neighbouring"))
                break
    order = ctx.opponent.ordered_zones(ctx, [n for n, _, _ in targets])
    base_of = {n: (b, how) for n, b, how in targets}
    for n in order:
        b, how = base_of[n]
        t.add("infiltration", T.INFILTRATION, f"the insurgents infiltrate Zone {n} from the "
                                              f"{how} Zone {b}", zone=n)
        place_suspect(t, n, T.INFILTRATION)
        t.zone_update(n, T.INFILTRATION, f"Zone {n} passes back under the insurgents' Control",
                      "control", usmc=None)


def markers(t: Turn) -> None:
    """14.5: 'Phantom Fury' (0030) markers go, (0015) ones turn to (0030)."""
    for n in t.ctx.map.zones:
        pf = t.ctx.zone(n).get("pf")
        if pf == 30:
            t.zone_update(n, T.MARKERS, f"the 'Phantom Fury' marker leaves Zone {n}", "marker",
                          pf=None)
        elif pf == 15:
            t.zone_update(n, T.MARKERS, f"the 'Phantom Fury' marker in Zone {n} turns to its "
                                        f"(0030) side", "marker", pf=30)


def run(t: Turn) -> None:
    t.add("phase", T.TAKE_CONTROL, f"Turn {t.ctx.turn}: Reorganisation Phase")
    taken = take_control(t)
    contact(t, taken)
    regrouping(t)
    infiltration(t)
    markers(t)
