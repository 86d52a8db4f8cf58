"""12.7 Defensive Fire, 11.4.2 Sniper Attacks on a squad crossing a street, 13.5 IED.

Defensive Fire: a squad entering a Location C or OG of a Zone the insurgents
Control is fired at by every 'Insurgents' unit there (the opponent orders
them, strongest first); then each 'Suspect' marker there is Activated if a d10
beats the squad's CF, and a unit it reveals fires at once (12.7.3).
"""

from __future__ import annotations

from .. import tables as T
from .context import Turn
from .draws import activate_suspect
from .losses import pin, step_loss


def ied_attack(t: Turn, pid: str) -> None:
    """13.5: a d10 at most the squad's CF Pins it, more is a Step Loss."""
    ctx = t.ctx
    squad = ctx.piece(pid)
    if squad.status != "active":
        return
    cf = ctx.cf(squad)
    roll = t.d10(T.IED, f"IED Attack on {ctx.name(pid)}")
    if roll <= cf:
        t.add("ied", T.IED, f"IED Attack on {ctx.name(pid)}: {roll} <= CF {cf}: Pinned",
              piece=pid)
        pin(t, pid, T.IED, "IED Attack")
    else:
        t.add("ied", T.IED, f"IED Attack on {ctx.name(pid)}: {roll} > CF {cf}: a Step Loss",
              piece=pid)
        step_loss(t, pid, T.IED, "IED Attack")


def defensive_drm(t: Turn, pid: str) -> list[tuple[str, int]]:
    """12.7.2 the modifiers to each Defensive Fire roll against the squad."""
    ctx = t.ctx
    squad = ctx.piece(pid)
    loc = squad.space
    n = ctx.map.zone_of[loc]
    mods: list[tuple[str, int]] = []
    kind = ctx.map.kind[loc]
    if kind == "OG":
        if ctx.abrams_at(loc) is not None:
            mods.append(("with an M1A1 in OG", T.DEFENSIVE_DRM_TABLE["abrams_og"]))
        else:
            mods.append(("alone in OG", T.DEFENSIVE_DRM_TABLE["alone_og"]))
    if ctx.fanaticism(n):
        mods.append(("'Fanaticism'", T.DEFENSIVE_DRM_TABLE["fanaticism"]))
    if kind == "C":
        se = ctx.security_of(squad)
        if squad.data.get("se") and se is not None and se.space == loc:
            mods.append(("in C with its Security Element",
                         T.DEFENSIVE_DRM_TABLE["courtyard_security"]))
        if ctx.ruins(n):
            mods.append(("in C of a Ruins Zone", T.DEFENSIVE_DRM_TABLE["courtyard_ruins"]))
    return mods


def unit_fires(t: Turn, pid: str, uid: str) -> None:
    """12.7.2: one 'Insurgents' unit's Defensive Fire: below its CF a Step Loss (the
    squad may go on), equal to it Pinned, above no effect."""
    ctx = t.ctx
    squad, unit = ctx.piece(pid), ctx.piece(uid)
    if squad.status != "active" or unit.status != "active":
        return
    cf = ctx.ins_cf(unit)
    mods = defensive_drm(t, pid)
    roll = t.d10(T.DEFENSIVE_DRM, f"Defensive Fire of the {ctx.name(uid)} in "
                                  f"{t.map.label(unit.space)}")
    final = roll + sum(v for _, v in mods)
    shown = ", ".join(f"{n} {v:+d}" for n, v in mods) or "no modifier"
    if final < cf:
        t.add("defensive-fire", T.DEFENSIVE_DRM, f"{ctx.name(uid)} fires on "
              f"{ctx.name(pid)}: {roll} ({shown}) = {final} < its CF {cf}: {ctx.name(pid)} takes a "
              f"Step Loss",
              piece=pid, unit=uid, roll=roll, final=final)
        step_loss(t, pid, T.DEFENSIVE_DRM, "Defensive Fire")
    elif final == cf:
        t.add("defensive-fire", T.DEFENSIVE_DRM, f"{ctx.name(uid)} fires on "
              f"{ctx.name(pid)}: {roll} ({shown}) = {final} = its CF {cf}: {ctx.name(pid)} is Pinned",
              piece=pid, unit=uid, roll=roll, final=final)
        pin(t, pid, T.DEFENSIVE_DRM, "Defensive Fire")
    else:
        t.add("defensive-fire", T.DEFENSIVE_DRM, f"{ctx.name(uid)} fires on "
              f"{ctx.name(pid)}: {roll} ({shown}) = {final} > its CF {cf}: no effect",
              piece=pid, unit=uid, roll=roll, final=final)


def defensive_fire(t: Turn, pid: str) -> None:
    """12.7.1 / 12.7.3 (see the module docstring)."""
    ctx = t.ctx
    squad = ctx.piece(pid)
    n = ctx.map.zone_of[squad.space]
    units = [p for p in ctx.enemies(n) if ctx.kind(p) == "insurgents"]
    suspects = sorted((p for p in ctx.enemies(n) if ctx.kind(p) == "suspect"),
                      key=lambda p: ctx.map.locations[n].index(p.space))
    if not units and not suspects:
        return
    t.add("defensive-fire", T.DEFENSIVE_FIRE, f"{ctx.name(pid)} enters "
          f"{t.map.label(squad.space)} under the insurgents' Control: Defensive Fire", piece=pid)
    if units:
        order, why = ctx.opponent.defensive_fire_order(ctx, units)
        t.add("insurgent-decision", T.DEFENSIVE_FIRE, f"the insurgents fire in this order: "
              f"{', '.join(ctx.name(u.id) for u in order)} ({why})")
        for unit in order:
            unit_fires(t, pid, unit.id)
            if t.ctx.piece(pid).status != "active":
                return
    for marker in suspects:
        ctx = t.ctx
        squad = ctx.piece(pid)
        if squad.status != "active":
            return
        cf = ctx.cf(squad)
        roll = t.d10(T.DEFENSIVE_SUSPECTS, f"is the 'Suspect' marker in "
                                           f"{t.map.label(marker.space)} Activated?")
        if roll <= cf:
            t.add("defensive-fire", T.DEFENSIVE_SUSPECTS, f"{roll} <= CF {cf} of {ctx.name(pid)}: the 'Suspect' "
                  f"marker in {t.map.label(marker.space)} stays hidden")
            continue
        t.add("defensive-fire", T.DEFENSIVE_SUSPECTS, f"{roll} > CF {cf} of {ctx.name(pid)}: the 'Suspect' marker "
              f"in {t.map.label(marker.space)} is Activated")
        result, placed = activate_suspect(t, marker.id, "defensive")
        if result == T.IED_SNIPER:
            ied_attack(t, pid)
        elif placed is not None:
            unit_fires(t, pid, placed)


def street_sniper(t: Turn, pid: str, street: str) -> tuple[bool, bool]:
    """11.4.2 / 12.5.2: crossing a Street Section; returns (step loss, pinned).

    One d10 against the 'Insurgents' units in the Zones Adjacent to the street
    (at most: a Step Loss) and one against the 'Suspect' markers there (at most:
    Pinned).  With an M1A1 in the street the markers are ignored and a Step Loss
    becomes Pinned."""
    ctx = t.ctx
    zones = ctx.map.street_fire_zones.get(street, ctx.map.street_zones[street])
    units = sum(1 for z in zones for p in ctx.enemies(z) if ctx.kind(p) == "insurgents")
    markers = sum(1 for z in zones for p in ctx.enemies(z) if ctx.kind(p) == "suspect")
    if not units and not markers:
        return False, False
    tank = ctx.abrams_at(street) is not None
    loss = pinned = False
    if units:
        roll = t.d10(T.STREET_SNIPER, f"Sniper Attack on {ctx.name(pid)} in street {street} "
                                      f"({units} 'Insurgents' units around)")
        if roll <= units:
            if tank:
                pinned = True
                t.add("sniper", T.STREET_SNIPER, f"Sniper Attack on {ctx.name(pid)}: {roll} <= "
                                                 f"{units} units around: a Step Loss, made "
                                                 f"Pinned by the M1A1 in the street", piece=pid)
            else:
                loss = True
                t.add("sniper", T.STREET_SNIPER, f"Sniper Attack on {ctx.name(pid)}: {roll} <= "
                                                 f"{units} units around: {ctx.name(pid)} takes "
                                                 f"a Step Loss", piece=pid)
        else:
            t.add("sniper", T.STREET_SNIPER, f"Sniper Attack on {ctx.name(pid)}: {roll} > {units} "
                                         f"units around: no Step Loss", piece=pid)
    if markers and not tank:
        roll = t.d10(T.STREET_SNIPER, f"Sniper Attack on {ctx.name(pid)} in street {street} "
                                      f"({markers} 'Suspect' markers around)")
        if roll <= markers:
            pinned = True
            t.add("sniper", T.STREET_SNIPER, f"Sniper Attack on {ctx.name(pid)}: {roll} <= "
                                             f"{markers} markers around: Pinned", piece=pid)
        else:
            t.add("sniper", T.STREET_SNIPER, f"Sniper Attack on {ctx.name(pid)}: {roll} > "
                                             f"{markers} markers around: not Pinned", piece=pid)
    elif markers and tank:
        t.add("sniper", T.STREET_SNIPER, "the M1A1 in the street: the 'Suspect' markers are "
                                         "ignored", piece=pid)
    return loss, pinned
