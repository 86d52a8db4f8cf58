"""Lines of Communication (8.3, updated on the Player Aid) and Lines of Supply (19.2).

A LOC runs from a unit at most 9 motorized MPs to a road or track, then along roads
and tracks as far as needed to the friendly map edge, or to a friendly Supply Point
that has a LOC itself (chained as often as needed).  It never enters an enemy unit's
hex, an enemy ZOC hex without a friendly unit in it (7.2, 7.4), or the sea (8.3).  A
unit without one is Isolated (8.4).

A Line of Supply runs at most 4 motorized MPs or 2 hexes (9 MPs or 4 hexes to an Army
HQ), whichever is longer, to a Supply Source (19.3); it may not enter an enemy unit's
hex, a vacant enemy ZOC hex or more than two desert hexes in a row (19.2); the cost of
leaving an enemy ZOC is ignored.  Everything is a reverse search from the sources over
the map's precomputed motorized costs (``HexMap.mot``): tracing for every unit of a side
costs one search, not one per unit (``tests/bench/bench_legend_begins.py``).
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Iterable

from .context import ACTIVE, Ctx, enemy
from .zoc import zoc_map


def blocked(ctx: Ctx, side: str) -> set[str]:
    """Hexes a path of ``side`` may not enter: enemy units (and vacant enemy
    Fortifications, 18.3), and enemy ZOC hexes without a friendly unit (7.2, 19.2)."""
    def make() -> set[str]:
        foe = enemy(side)
        out = set(ctx.occupied[foe]["combat"])
        works = ctx.var("works") or {}
        for key, w in works.items():
            if w.get("type") == "fort" and w.get("side") == foe and not ctx.units_at(key, side):
                out.add(key)
        mine = ctx.occupied[side]["combat"] | {k for k, w in works.items()
                                                if w.get("type") == "fort" and w.get("side") == side}
        out.update(k for k in zoc_map(ctx, foe).level if k not in mine)
        return out
    return ctx.memo(("blocked", side), make)


def _route_spread(ctx: Ctx, starts: Iterable[str], stop: set[str]) -> set[str]:
    """Every hex reached from ``starts`` along roads and tracks (8.3)."""
    hm = ctx.hexmap
    seen = {s for s in starts if s not in stop}
    queue = deque(k for k in seen if k in hm.route_hexes)
    while queue:
        k = queue.popleft()
        for to, _cost, route, _d in hm.mot[k]:
            if route and to not in seen and to not in stop:
                seen.add(to)
                queue.append(to)
    return seen


def _reverse(ctx: Ctx, targets: dict[str, int], limit: int, stop: set[str],
             desert: bool = False) -> dict[str, int]:
    """Multi-source reverse Dijkstra: hex -> cheapest motorized cost (sixths) of a path
    from that hex into a target, at most ``limit``.  With ``desert`` no path enters more
    than two desert hexes in a row (19.2)."""
    into = ctx.hexmap.into
    best: dict[str, int] = {}
    done: set[tuple[str, int]] = set()
    heap = [(c, k, 0) for k, c in targets.items()]
    heapq.heapify(heap)
    while heap:
        cost, k, run = heapq.heappop(heap)
        if (k, run) in done:
            continue
        done.add((k, run))
        if cost < best.get(k, 1 << 30):
            best[k] = cost
        for p, c, _route, des in into[k]:
            if p in stop:
                continue
            c2 = cost + c
            if c2 > limit:
                continue
            r2 = (run + 1) if (desert and des) else 0
            if r2 > 2 or (p, r2) in done:
                continue
            heapq.heappush(heap, (c2, p, r2))
    return best


def _hops(ctx: Ctx, targets: Iterable[str], hops: int, stop: set[str]) -> set[str]:
    """Hexes within ``hops`` hexes of a target along passable crossings (19.2)."""
    into = ctx.hexmap.into
    frontier = list(targets)
    seen = set(frontier)
    for _ in range(hops):
        nxt = []
        for k in frontier:
            for p, _c, _r, _d in into[k]:
                if p in seen or p in stop:
                    continue
                seen.add(p)
                nxt.append(p)
        frontier = nxt
    return seen


def loc_hexes(ctx: Ctx, side: str) -> set[str]:
    """8.3 every map hex from which ``side`` can trace a LOC (cached per context)."""
    return ctx.memo(("loc", side), lambda: _loc(ctx, side))


def _loc(ctx: Ctx, side: str) -> set[str]:
    stop = blocked(ctx, side)
    limit = int(ctx.tables["loc_range"])
    edge = [k for k in ctx.hexmap.friendly_edge.get(side, []) if k not in stop]
    targets = _route_spread(ctx, edge, stop)
    reach = _reverse(ctx, dict.fromkeys(targets, 0), limit, stop)
    sps = supply_points(ctx, side)
    used: set[str] = set()
    while True:
        fresh = [k for k in sps if k in reach and k not in used]
        if not fresh:
            break
        used.update(fresh)
        more = _route_spread(ctx, fresh, stop) - set(targets)
        targets |= more
        extra = _reverse(ctx, dict.fromkeys(more | set(fresh), 0), limit, stop)
        for k, c in extra.items():
            if c < reach.get(k, 1 << 30):
                reach[k] = c
    return set(reach)


def supply_points(ctx: Ctx, side: str) -> dict[str, list[str]]:
    """Map hexes holding ``side``'s Supply Points -> the points there."""
    out: dict[str, list[str]] = {}
    for space, pids in ctx.at_space.items():
        if space not in ctx.hexmap.terrain:
            continue
        for pid in pids:
            p = ctx.piece(pid)
            if p.side == side and ctx.kind(pid) == "sp":
                out.setdefault(space, []).append(pid)
    return out


def has_loc(ctx: Ctx, pid: str) -> bool:
    """8.4 a unit with a LOC (in a friendly Off Map Box a unit always has one)."""
    p = ctx.piece(pid)
    if p.status != ACTIVE or p.space is None:
        return False
    if p.space in ctx.hexmap.boxes:
        return ctx.hexmap.boxes[p.space].get("side") == p.side
    return p.space in loc_hexes(ctx, p.side)


def isolated(ctx: Ctx, pid: str) -> bool:
    return not has_loc(ctx, pid)


def reach(ctx: Ctx, side: str, sources: Iterable[str], long: bool = False) -> set[str]:
    """19.2 hexes that can trace a Line of Supply to one of ``sources`` (4 MPs or 2
    hexes; 9 MPs or 4 hexes with ``long``: an Army HQ)."""
    sources = list(sources)
    if not sources:
        return set()
    stop = blocked(ctx, side)
    key = "army_hq" if long else "source"
    limit, hops = ctx.tables["supply_range"][key]
    targets = {s: 0 for s in sources}
    out = set(_reverse(ctx, targets, int(limit), stop - set(sources), desert=True))
    out |= _hops(ctx, sources, int(hops), stop - set(sources))
    return out


def army_hq(ctx: Ctx, side: str) -> str | None:
    for pid, p in ctx.state.pieces.items():
        if p.side == side and p.status == ACTIVE and ctx.kind(pid) == "army_hq":
            return pid
    return None


def sources(ctx: Ctx, side: str, ports: dict[str, bool] | None = None,
            spare: Iterable[str] = ()) -> dict[str, set[str]]:
    """19.3 the Supply Sources of ``side`` by kind: ``edge`` (the friendly map edge),
    ``sp`` (Supply Points with a LOC), ``isolated_sp``, ``port`` (friendly ports of
    capacity above 0; ``ports`` says which are available, 19.7) and ``hq`` (the Army HQ
    if it has an overland LOC to the friendly edge, 19.3)."""
    loc = loc_hexes(ctx, side)
    stop = blocked(ctx, side)
    skip = set(spare)
    out: dict[str, set[str]] = {"edge": {k for k in ctx.hexmap.friendly_edge.get(side, [])
                                         if k not in stop},
                                "sp": set(), "isolated_sp": set(), "port": set(), "hq": set()}
    for k, pids in supply_points(ctx, side).items():
        if all(p in skip for p in pids):
            continue
        out["sp" if k in loc else "isolated_sp"].add(k)
    from .ports import capacity

    for k in ctx.hexmap.ports:
        if ctx.control(k) == side and capacity(ctx, k) > 0 and k not in stop:
            if ports is None or ports.get(k, True):
                out["port"].add(k)
    hq = army_hq(ctx, side)
    if hq is not None:
        where = ctx.piece(hq).space
        if where in loc:
            out["hq"].add(where)
    return out


def general_supply(ctx: Ctx, side: str, ports: dict[str, bool] | None = None,
                   spare: Iterable[str] = ()) -> tuple[set[str], set[str]]:
    """19.1 the map hexes where ``side``'s units are in General Supply, and the hexes
    of Isolated Supply Points that must be used for it (19.4: burnt)."""
    src = sources(ctx, side, ports, spare)
    ok = reach(ctx, side, src["edge"] | src["sp"] | src["port"])
    ok |= reach(ctx, side, src["hq"], long=True)
    burnt: set[str] = set()
    needy = {ctx.piece(p).space for p in ctx.units(side)
             if ctx.on_map(p) and ctx.piece(p).space not in ok}
    if needy and src["isolated_sp"]:
        covers = {k: reach(ctx, side, [k]) & needy for k in sorted(src["isolated_sp"])}
        while needy:
            k = max(covers, key=lambda c: (len(covers[c] & needy), c), default=None)
            if k is None or not covers[k] & needy:
                break
            burnt.add(k)
            ok |= covers[k]
            needy -= covers[k]
    return ok, burnt


def in_general_supply(ctx: Ctx, pid: str) -> bool:
    """A unit that can trace a Line of Supply now (19.1, 19.8; Off Map Boxes: 27.2)."""
    p = ctx.piece(pid)
    if p.space in ctx.hexmap.boxes:
        return True
    ok = ctx.memo(("gs", p.side), lambda: general_supply(ctx, p.side)[0])
    return p.space in ok


def attack_supply(ctx: Ctx, side: str, hexes: Iterable[str]) -> dict[str, set[str]]:
    """20.3 for each Supply Point of ``side`` on the map, which of ``hexes`` can trace
    a Line of Supply to it (9 MPs / 4 hexes when it is with the Army HQ)."""
    wanted = set(hexes)
    hq = army_hq(ctx, side)
    hq_hex = ctx.piece(hq).space if hq else None
    out: dict[str, set[str]] = {}
    for k, pids in supply_points(ctx, side).items():
        r = reach(ctx, side, [k], long=(k == hq_hex)) & wanted
        for pid in pids:
            out[pid] = r
    return out
