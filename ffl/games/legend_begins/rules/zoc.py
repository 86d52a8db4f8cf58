"""7.0 Zones of Control: which hexes each side's combat units reach, and how.

A hex's ZOC from one side is 2 (Active), 1 (Limited) or absent.  Per exerting hex
and direction: a unit with the white band exerts an Active ZOC (7.1) unless it is a
Disrupted motorized unit (13.2) or in Direct Support (15.2); an Active ZOC becomes
Limited up and over an escarpment, into or out of a jebel or city hex, and into or
out of a Field Work or permanent Fortification (7.4); a Limited ZOC becomes Active
across and down an escarpment, even out of Field Works (7.5).  Units in Off Map
Boxes exert none (27.2); non-combat units and markers exert none (7.1).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .context import Ctx

ACTIVE_ZOC, LIMITED_ZOC = 2, 1


@dataclass
class ZocMap:
    """The ZOC one side exerts: hex -> 2/1, and for Active ZOCs the hexes exerting it."""

    level: dict[str, int] = field(default_factory=dict)
    active_from: dict[str, list[str]] = field(default_factory=dict)

    def of(self, key: str) -> int:
        return self.level.get(key, 0)


def unit_zoc(ctx: Ctx, pid: str) -> int:
    """The ZOC a unit exerts before terrain (7.1, 13.2, 15.2): 2, 1 or 0."""
    if not ctx.is_combat(pid):
        return 0
    base = ctx.value(pid, "zoc", "limited")
    if ctx.combat_motorized(pid):
        base = "active"                              # 37.0 an Active ZOC on the display
    if base == "none":
        return 0
    data = ctx.piece(pid).data
    if base == "active" and not data.get("support") and not (
            data.get("disrupted") and ctx.motorized(pid)):
        return ACTIVE_ZOC
    return LIMITED_ZOC


def _walled(ctx: Ctx, key: str) -> bool:
    """7.4 a hex that reduces Active ZOCs exerted into or out of it."""
    hm = ctx.hexmap
    return hm.terrain.get(key) == "jebel" or hm.is_city(key) or ctx.work(key) is not None


def exerted(ctx: Ctx, src: str, dst: str, level: int) -> int:
    """The ZOC a hex's units exert across one hexside (7.4, 7.5)."""
    edge = ctx.hexmap.edge.get((src, dst))
    if edge is None or not ctx.hexmap.is_land(dst):
        return 0
    if level == ACTIVE_ZOC and (_walled(ctx, src) or _walled(ctx, dst)
                                or (edge.escarpment and edge.up)):
        level = LIMITED_ZOC
    if level == LIMITED_ZOC and edge.escarpment and edge.down:
        level = ACTIVE_ZOC
    return level


def zoc_map(ctx: Ctx, side: str) -> ZocMap:
    """The ZOC ``side`` exerts on the map (cached per context)."""
    return ctx.memo(("zoc", side), lambda: _build(ctx, side))


def _build(ctx: Ctx, side: str) -> ZocMap:
    zm = ZocMap()
    for hexkey in ctx.occupied[side]["combat"]:
        best = max((unit_zoc(ctx, p) for p in ctx.units_at(hexkey, side)), default=0)
        if not best:
            continue
        for n in ctx.hexmap.neighbours(hexkey):
            lvl = exerted(ctx, hexkey, n, best)
            if not lvl:
                continue
            if lvl > zm.level.get(n, 0):
                zm.level[n] = lvl
            if lvl == ACTIVE_ZOC:
                zm.active_from.setdefault(n, []).append(hexkey)
    return zm


def in_enemy_zoc(ctx: Ctx, side: str, key: str) -> int:
    """The enemy ZOC level in a hex for ``side``'s units (0 if none)."""
    from .context import enemy

    return zoc_map(ctx, enemy(side)).of(key)


def interlocking(ctx: Ctx, side: str, key: str) -> int | None:
    """11.5 the step loss a retreat into ``key`` costs ``side`` when the enemy's Active
    ZOCs interlock there (two exerting hexes not adjacent to each other): the fewest
    counted motorized steps among such hexes (not in Direct Support, not Disrupted, not
    in Field Works).  None when they do not interlock."""
    from .context import enemy

    foe = enemy(side)
    srcs = zoc_map(ctx, foe).active_from.get(key, [])
    forming = {a for a in srcs for b in srcs
               if a != b and not ctx.hexmap.adjacent(a, b)}
    if not forming:
        return None
    counts = []
    for h in forming:
        n = 0
        if ctx.work(h) is None:
            for p in ctx.units_at(h, foe):
                d = ctx.piece(p).data
                if ctx.motorized(p) and not d.get("support") and not d.get("disrupted"):
                    n += ctx.steps(p)
        counts.append(n)
    return min(counts)
