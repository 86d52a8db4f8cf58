"""11 Fire Combat: who may fire at what, the roll, Fired units, Sniper Attacks.

``fire`` (piece, target, ammo): a USMC/IIF squad in a Zone under USMC Control,
or an M1A1 in a Street Section, fires at a 'Suspect' marker or 'Insurgents'
unit in an Adjacent or Neighbouring Zone (or one its target symbol lists)
clear of USMC units (11.1); ``ammo`` spends one use of the CAAT support's
'Ammo' marker for +2 CF (11.1.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ....engine import Action, Change, Piece, Verdict
from .. import mapdata as M
from .. import tables as T
from .context import Ctx, Turn
from .draws import activate_suspect
from .losses import eliminate_insurgent, pin, step_loss


@dataclass(frozen=True)
class Shot:
    """What a fire at one target needs: the modifiers and the CF to roll under."""

    firer: str
    target: str
    cf: int
    drm: int
    mods: tuple[tuple[str, int], ...] = field(default=())

    @property
    def needed(self) -> int:
        """The highest unmodified roll that hits (an unmodified 9 never does)."""
        return min(8, self.cf - self.drm)


def firers(ctx: Ctx) -> list[Piece]:
    """11.1: units that may fire now (not Fired, not Pinned)."""
    out = []
    for p in ctx.on_map("squad", "iif", "abrams"):
        if ctx.fired(p) or ctx.pinned(p):
            continue
        if ctx.kind(p) == "abrams":
            if ctx.map.is_street(p.space):
                out.append(p)
        elif ctx.map.is_location(p.space) and ctx.usmc_control(ctx.map.zone_of[p.space]):
            out.append(p)
    return sorted(out, key=lambda p: p.id)


def target_zones(ctx: Ctx, p: Piece) -> frozenset[int]:
    if ctx.kind(p) == "abrams":
        return ctx.map.street_fire_zones.get(p.space, frozenset())
    return ctx.map.fire_targets.get(ctx.map.zone_of[p.space], frozenset())


def can_use_ammo(ctx: Ctx, p: Piece) -> bool:
    """11.1.2: a CAAT support with 'Ammo' left, the stack in OG, C or R."""
    caat = ctx.caat_of(p) if ctx.kind(p) != "abrams" else None
    return (caat is not None and int(caat.data.get("ammo", 0)) > 0
            and ctx.map.kind.get(p.space) in ("OG", "C", "R"))


def targets(ctx: Ctx, p: Piece) -> list[str]:
    """Ids of the markers and units ``p`` may fire at now (11.1)."""
    out = []
    for n in sorted(target_zones(ctx, p)):
        if n == M.NO_ENTRY or ctx.usmc_units(n):
            continue
        if ctx.kind(p) != "abrams" and n == ctx.map.zone_of.get(p.space):
            continue
        for e in ctx.enemies(n):
            if ctx.kind(p) == "abrams" and ctx.map.kind[e.space] == "R":
                continue
            out.append(e.id)
    return out


def shot(ctx: Ctx, firer: Piece, target: Piece, ammo: bool) -> Shot:
    """11.2.1 the modifiers of one shot (the CF with the CAAT bonus, 11.1.2)."""
    loc = target.space
    n = ctx.map.zone_of[loc]
    mods: list[tuple[str, int]] = []
    if ctx.kind(target) == "suspect":
        mods.append(("'Suspect' marker", T.FIRE_DRM["suspect"]))
    elif n == M.MOSQUE:
        mods.append(("'Insurgents' unit in Zone 26", T.FIRE_DRM["mosque"]))
    else:
        if ctx.map.kind[loc] != "R":
            mods.append(("not in a Location R", T.FIRE_DRM["not_rooftop"]))
        if ctx.fortified(n):
            mods.append(("in a Fortified Zone", T.FIRE_DRM["fortified"]))
        elif ctx.face(target) == T.MARTYRS:
            mods.append(("'Martyrs' unit in a Normal Zone", T.FIRE_DRM["martyrs_normal"]))
    if ctx.kind(firer) == "squad" and ctx.phantom_fury_near(ctx.map.zone_of[firer.space]):
        mods.append(("'Phantom Fury'", T.FIRE_DRM["phantom_fury"]))
    cf = ctx.cf(firer) + (T.CAAT_AMMO_BONUS if ammo else 0)
    return Shot(firer.id, target.id, cf, sum(v for _, v in mods), tuple(mods))


def legal(ctx: Ctx, action: Action) -> Verdict:
    if ctx.phase != "fire":
        return Verdict.no("units fire in the Fire Combat Phase", T.FIRE)
    p = ctx.state.pieces.get(action.get("piece"))
    if p is None or p.status != "active" or ctx.kind(p) not in ("squad", "iif", "abrams"):
        return Verdict.no("only USMC and IIF squads and the M1A1 fire", T.FIRE)
    if ctx.fired(p):
        return Verdict.no("it has already Fired this turn", T.FIRED)
    if ctx.pinned(p):
        return Verdict.no("a Pinned squad cannot fire", T.PINNED)
    if ctx.kind(p) == "abrams":
        if not ctx.map.is_street(p.space):
            return Verdict.no("an M1A1 fires only from a Street Section, never from OG",
                              T.FIRE_ABRAMS)
    elif not ctx.map.is_location(p.space) or not ctx.usmc_control(ctx.map.zone_of[p.space]):
        return Verdict.no("a squad fires only from a Zone under USMC Control", T.FIRE)
    target = ctx.state.pieces.get(action.get("target"))
    if target is None or target.status != "active" or ctx.kind(target) not in (
            "insurgents", "suspect") or not ctx.map.is_location(target.space):
        return Verdict.no("the target is a 'Suspect' marker or an 'Insurgents' unit", T.FIRE)
    n = ctx.map.zone_of[target.space]
    if ctx.kind(p) != "abrams" and n == ctx.map.zone_of[p.space]:
        return Verdict.no("no Fire Combat inside a Zone", T.FIRE)
    if n not in target_zones(ctx, p):
        return Verdict.no(f"Zone {n} is not Adjacent or Neighbouring (nor on a Line of Fire)",
                          T.FIRE)
    if ctx.usmc_units(n):
        return Verdict.no(f"Zone {n} holds USMC units", T.FIRE)
    if ctx.kind(p) == "abrams" and ctx.map.kind[target.space] == "R":
        return Verdict.no("an M1A1 cannot fire at a Location R", T.FIRE_ABRAMS)
    if action.get("ammo") and not can_use_ammo(ctx, p):
        return Verdict.no("no CAAT 'Ammo' to use here (its squad in OG, C or R)", T.FIRE_CAAT)
    return Verdict.yes()


def actions(ctx: Ctx) -> list[Action]:
    out = []
    for p in firers(ctx):
        ammo = can_use_ammo(ctx, p)
        for tid in targets(ctx, p):
            out.append(Action.make("fire", "usmc", piece=p.id, target=tid, ammo=False))
            if ammo:
                out.append(Action.make("fire", "usmc", piece=p.id, target=tid, ammo=True))
    return out


def resolve(t: Turn, action: Action) -> None:
    ctx = t.ctx
    firer, target = ctx.piece(action["piece"]), ctx.piece(action["target"])
    ammo = bool(action.get("ammo"))
    s = shot(ctx, firer, target, ammo)
    loc = target.space
    what = ctx.name(target.id)
    roll = t.d10(T.FIRE_ROLL, f"{ctx.name(firer.id)} fires at the {what} in {t.map.label(loc)}")
    final = roll + s.drm
    mods = ", ".join(f"{name} {v:+d}" for name, v in s.mods) or "no modifier"
    hit = roll != T.NO_EFFECT_ROLL and final <= s.cf
    verdict = ("an unmodified 9: no effect" if roll == T.NO_EFFECT_ROLL else
               f"{final} <= CF {s.cf}: hit" if hit else f"{final} > CF {s.cf}: no effect")
    t.add("fire", T.FIRE_RESULT, f"{ctx.name(firer.id)} fires at {what} in "
                                 f"{t.map.label(loc)}: roll {roll} ({mods}) -> {verdict}",
          piece=firer.id, target=target.id, roll=roll, final=final, cf=s.cf, hit=hit)
    changes = [Change.set(firer.id, "data.fp", "fired")]
    if ammo:
        caat = ctx.caat_of(firer)
        left = int(caat.data.get("ammo", 0)) - 1
        changes.append(Change.set(caat.id, "data.ammo", left))
        t.add("ammo", T.FIRE_CAAT, f"{caat.id}'s 'Ammo' marker turned: {left} use"
                                   f"{'s' if left != 1 else ''} left"
                                   + (" (removed from play)" if left == 0 else ""), [])
    t.add("fired", T.FIRED, f"{ctx.name(firer.id)} is Fired", changes, piece=firer.id)
    if not hit:
        return
    if ctx.kind(target) == "insurgents":
        eliminate_insurgent(t, target.id, T.FIRE_RESULT, "Fire Combat")
        return
    result, _ = activate_suspect(t, target.id, "fire")
    if result == T.IED_SNIPER and ctx.kind(firer) != "abrams":
        sniper_attack(t, firer.id, extra=1)


def sniper_attack(t: Turn, pid: str, extra: int = 0, rule: str = T.SNIPER) -> None:
    """11.4.1: the 'Insurgents' units and 'Suspect' markers in the Zones Adjacent to
    and Neighbouring the squad's Zone (``extra`` counts the marker just Activated):
    a d10 at most that many Pins the squad, and a 0 is also a Step Loss."""
    ctx = t.ctx
    squad = ctx.piece(pid)
    n = ctx.map.zone_of.get(squad.space)
    if n is None or squad.status != "active":
        return
    count = extra + sum(len(ctx.enemies(z)) for z in ctx.map.contact(n))
    roll = t.d10(rule, f"Sniper Attack on {ctx.name(pid)} ({count} around Zone {n})")
    if roll <= count:
        t.add("sniper", rule, f"Sniper Attack on {ctx.name(pid)}: {roll} <= {count} around: "
                              f"Pinned" + (", and a 0: a Step Loss too" if roll == 0 else ""), piece=pid)
        pin(t, pid, rule, "Sniper Attack")
        if roll == 0:
            step_loss(t, pid, rule, "Sniper Attack")
    else:
        t.add("sniper", rule, f"Sniper Attack on {ctx.name(pid)}: {roll} > {count} around: no effect",
              piece=pid)
