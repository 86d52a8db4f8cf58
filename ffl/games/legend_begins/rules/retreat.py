"""11.0 Retreats and 12.0 Advance After Combat: the paths allowed.

A retreat is two hexes (11.2), chosen by the owner within the guidelines of 11.4 in
order: avoid enemy ZOCs if possible (friendly units negate them, 7.4); do not go the
second hex if it costs steps; the second hex is optional after a jebel, city or
friendly Field Work hex; never into enemy units, off the map or into hexes and across
hexsides prohibited to the units (a unit that cannot retreat is eliminated).  Going
into an Interlocking enemy Active ZOC costs steps (11.5).

An advance (12.0) enters the attacked hex first; an Advance result stops there, an
Overrun allows 1, 2 or 3 hexes by unit type (12.3), stopping in a jebel hex and on
entering an enemy Active ZOC other than in the vacated hex (12.5).
"""

from __future__ import annotations

from dataclasses import dataclass

from .context import Ctx, enemy
from .zoc import zoc_map


@dataclass(frozen=True)
class RetreatPath:
    path: tuple[str, ...]
    zoc_hexes: int           # enemy ZOC hexes entered (not negated)
    losses: int              # steps lost to Interlocking Active ZOCs (11.5)


def _enterable(ctx: Ctx, units: list[str], a: str, b: str) -> bool:
    """A hexside and hex the units could cross in normal movement (11.4, 12.5)."""
    hm = ctx.hexmap
    edge = hm.edge.get((a, b))
    if edge is None or not hm.is_land(b):
        return False
    side = ctx.piece(units[0]).side
    foe_here = ctx.side_at(b)
    if foe_here is not None and foe_here != side and ctx.units_at(b):
        return False
    if edge.escarpment and not edge.passable:
        if any(ctx.motorized(p) and not ctx.piece(p).data.get("carried_by") for p in units):
            return False
    return True


def retreat_paths(ctx: Ctx, units: list[str], start: str) -> list[RetreatPath]:
    """Every retreat allowed to ``units`` from ``start`` under 11.4 (an empty list: they
    cannot retreat and are eliminated)."""
    from .zoc import interlocking

    if not units:
        return []
    side = ctx.piece(units[0]).side
    zm = zoc_map(ctx, enemy(side))
    friendly = ctx.occupied[side]["combat"]
    hm = ctx.hexmap

    def zoc_in(h: str) -> bool:
        return bool(zm.of(h)) and h not in friendly

    def loss_in(h: str) -> int:
        if h in friendly:
            return 0
        n = interlocking(ctx, side, h)
        return n or 0

    candidates: list[RetreatPath] = []
    for h1 in hm.neighbours(start):
        if not _enterable(ctx, units, start, h1):
            continue
        first = (h1,)
        z1, l1 = int(zoc_in(h1)), loss_in(h1)
        seconds = [h2 for h2 in hm.neighbours(h1)
                   if h2 != start and h2 not in hm.neighbours(start)
                   and _enterable(ctx, units, h1, h2)]
        optional = hm.terrain.get(h1) == "jebel" or hm.is_city(h1) or (
            (ctx.work(h1) or {}).get("side") == side)
        if optional or not seconds:
            candidates.append(RetreatPath(first, z1, l1))
        for h2 in seconds:
            z2, l2 = int(zoc_in(h2)), loss_in(h2)
            if l2 > 0:
                # 11.4: not retreated the second hex if it costs steps
                candidates.append(RetreatPath(first, z1, l1))
                continue
            candidates.append(RetreatPath((h1, h2), z1 + z2, l1 + l2))
    if not candidates:
        return []
    best = min(c.zoc_hexes > 0 for c in candidates)
    out = sorted({c for c in candidates if (c.zoc_hexes > 0) == best},
                 key=lambda c: (c.losses, len(c.path) * -1, c.path))
    return out


def advance_limit(ctx: Ctx, pid: str, overrun: bool) -> int:
    """12.3 how far a unit may advance (Advance: into the vacated hex only)."""
    if not overrun:
        return 1
    t = ctx.tables["advance"]
    if ctx.oos(pid):
        return int(t["oos"])                         # 19.5
    if ctx.piece(pid).data.get("carried_by"):
        return int(t["mot"])                         # 21.2
    ut = ctx.utype(pid)
    if ut == "tank":
        return int(t["tank9"] if ctx.ma(pid) == 9 else t["fast"])
    if ut == "recon":
        return int(t["fast"])
    if ut in ("div_hq", "army_hq") or (ut == "art" and not ctx.piece(pid).data.get("deployed")):
        return int(t["nonmot"])
    if ctx.motorized(pid):
        return int(t["mot"])
    return int(t["nonmot"])


def advance_ok(ctx: Ctx, units: list[str], path: list[str], vacated: list[str],
               overrun: bool) -> str:
    """'' when ``units`` may advance along ``path``, else why not (12.5)."""
    if not path or path[0] not in vacated:
        return "12.5 the first hex of an advance is the hex attacked"
    limit = min(advance_limit(ctx, p, overrun) for p in units)
    if len(path) > limit:
        return f"12.3 these units advance at most {limit} hex{'es' if limit > 1 else ''}"
    side = ctx.piece(units[0]).side
    zm = zoc_map(ctx, enemy(side))
    here = ctx.piece(units[0]).space
    hm = ctx.hexmap
    for i, h in enumerate(path):
        if not _enterable(ctx, units, here, h):
            return f"12.5 {hm.name(h)} cannot be entered"
        last = i == len(path) - 1
        if not last and hm.terrain.get(h) == "jebel":
            return "12.5 an advance stops in the first jebel hex"
        if not last and i > 0 and zm.of(h) == 2:
            return "12.5 an advance stops on entering an enemy Active ZOC"
        if not last and i == 0 and h not in vacated and zm.of(h) == 2:
            return "12.5 an advance stops on entering an enemy Active ZOC"
        here = h
    return ""


def advance_paths(ctx: Ctx, units: list[str], vacated: list[str], overrun: bool,
                  cap: int = 40) -> list[list[str]]:
    """Every advance allowed (for self-play and the UI's highlights)."""
    limit = min(advance_limit(ctx, p, overrun) for p in units)
    out = []
    frontier = [[v] for v in vacated if ctx.hexmap.adjacent(ctx.piece(units[0]).space, v)]
    while frontier and len(out) < cap:
        path = frontier.pop(0)
        if advance_ok(ctx, units, path, vacated, overrun):
            continue
        out.append(path)
        if len(path) < limit:
            for n in ctx.hexmap.neighbours(path[-1]):
                if n not in path and n != ctx.piece(units[0]).space:
                    frontier.append(path + [n])
    return out
