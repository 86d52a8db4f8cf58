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
    """8.3 every map hex from which ``side`` can trace a LOC (one reverse search over the
    whole map: for overlays and tests; the rules ask :func:`loc_ok` per hex)."""
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


BIG = 1 << 30


def _targets(ctx: Ctx, side: str) -> set[str]:
    """8.3 where a LOC may end: the friendly map edge and the roads and tracks joined to
    it, and (chained) every Supply Point with a LOC of its own and its roads."""
    def make() -> set[str]:
        stop = blocked(ctx, side)
        edge = [k for k in ctx.hexmap.friendly_edge.get(side, []) if k not in stop]
        targets = _route_spread(ctx, edge, stop)
        limit = int(ctx.tables["loc_range"])
        left = set(supply_points(ctx, side))
        while left:
            fresh = {k for k in left if _hits(ctx, k, targets, limit, stop)}
            if not fresh:
                break
            left -= fresh
            targets |= _route_spread(ctx, fresh, stop) | fresh
        return targets
    return ctx.memo(("loc-targets", side), make)


def _hits(ctx: Ctx, start: str, targets: set[str], limit: int, stop: set[str]) -> bool:
    """A forward search from ``start`` (motorized costs, at most ``limit``) reaching a
    target hex."""
    if start in targets:
        return True
    mot = ctx.hexmap.mot
    best = {start: 0}
    heap = [(0, start)]
    while heap:
        cost, k = heapq.heappop(heap)
        if cost > best.get(k, BIG):
            continue
        for to, c, _route, _d in mot[k]:
            n = cost + c
            if n > limit or to in stop or n >= best.get(to, BIG):
                continue
            if to in targets:
                return True
            best[to] = n
            heapq.heappush(heap, (n, to))
    return False


def loc_ok(ctx: Ctx, side: str, key: str) -> bool:
    """8.3 whether a LOC can be traced from a map hex (memoised per hex)."""
    def make() -> bool:
        if key not in ctx.hexmap.terrain:
            return False
        stop = blocked(ctx, side) - {key}
        return _hits(ctx, key, _targets(ctx, side), int(ctx.tables["loc_range"]), stop)
    return ctx.memo(("loc", side, key), make)


def has_loc(ctx: Ctx, pid: str) -> bool:
    """8.4 a unit with a LOC (in a friendly Off Map Box a unit always has one)."""
    p = ctx.piece(pid)
    if p.status != ACTIVE or p.space is None:
        return False
    if p.space in ctx.hexmap.boxes:
        return ctx.hexmap.boxes[p.space].get("side") == p.side
    return loc_ok(ctx, p.side, p.space)


def isolated(ctx: Ctx, pid: str) -> bool:
    return not has_loc(ctx, pid)


def spread(ctx: Ctx, side: str, start: str,
           long: bool = False) -> tuple[dict[str, int], dict[str, int]]:
    """19.2 the Lines of Supply out of a hex: (hex -> cheapest motorized cost, hex ->
    fewest hexes), at most 4 MPs and 2 hexes (9 and 4 with ``long``), never through
    enemy units, vacant enemy ZOC hexes or more than two desert hexes in a row
    (memoised per hex)."""
    def make():
        stop = blocked(ctx, side) - {start}
        lim_cost, lim_hops = ctx.tables["supply_range"]["army_hq" if long else "source"]
        mot = ctx.hexmap.mot
        cost_of: dict[str, int] = {start: 0}
        done: set[tuple[str, int]] = set()
        heap = [(0, start, 0)]
        while heap:
            cost, k, run = heapq.heappop(heap)
            if (k, run) in done:
                continue
            done.add((k, run))
            if k in stop and k != start:
                continue                      # a source there is reached, not passed
            for to, c, _route, des in mot[k]:
                n = cost + c
                r = run + 1 if des else 0
                if n > lim_cost or r > 2 or (to, r) in done:
                    continue
                if n < cost_of.get(to, BIG):
                    cost_of[to] = n
                heapq.heappush(heap, (n, to, r))
        hops_of: dict[str, int] = {start: 0}
        frontier = [(start, 0)]
        seen = {(start, 0)}
        for h in range(1, int(lim_hops) + 1):
            nxt = []
            for k, run in frontier:
                if k in stop and k != start:
                    continue
                for to, _c, _route, des in mot[k]:
                    r = run + 1 if des else 0
                    if r > 2 or (to, r) in seen:
                        continue
                    seen.add((to, r))
                    hops_of.setdefault(to, h)
                    nxt.append((to, r))
            frontier = nxt
        return cost_of, hops_of
    return ctx.memo(("spread", side, start, long), make)


def traces_to(ctx: Ctx, side: str, start: str, targets: Iterable[str],
              long: bool = False) -> set[str]:
    """The ``targets`` a Line of Supply from ``start`` reaches (19.2: 4 MPs or 2 hexes;
    9 MPs or 4 hexes to an Army HQ with ``long``); a target in enemy units or a vacant
    enemy ZOC hex is not reached."""
    cost_of, hops_of = spread(ctx, side, start, long)
    lim_cost, lim_hops = ctx.tables["supply_range"]["army_hq" if long else "source"]
    stop = blocked(ctx, side) - {start}
    return {t for t in targets if t not in stop and (
        cost_of.get(t, BIG) <= lim_cost or hops_of.get(t, BIG) <= lim_hops)}


def supplied(ctx: Ctx, side: str, start: str, targets: set[str]) -> bool:
    """Whether a Line of Supply from ``start`` reaches any of ``targets`` within 4 MPs or
    2 hexes (19.2): a search that stops at the first one found."""
    if start in targets:
        return True
    stop = blocked(ctx, side) - {start}
    lim_cost, lim_hops = ctx.tables["supply_range"]["source"]
    mot = ctx.hexmap.mot
    frontier = [(start, 0)]
    seen = {(start, 0)}
    for _h in range(int(lim_hops)):
        nxt = []
        for k, run in frontier:
            for to, _c, _route, des in mot[k]:
                r = run + 1 if des else 0
                if r > 2 or (to, r) in seen:
                    continue
                if to in targets and to not in stop:
                    return True
                seen.add((to, r))
                if to not in stop:
                    nxt.append((to, r))
        frontier = nxt
    done: set[tuple[str, int]] = set()
    heap = [(0, start, 0)]
    while heap:
        cost, k, run = heapq.heappop(heap)
        if (k, run) in done:
            continue
        done.add((k, run))
        if k in targets and k not in stop:
            return True
        if k in stop and k != start:
            continue
        for to, c, _route, des in mot[k]:
            n = cost + c
            r = run + 1 if des else 0
            if n > lim_cost or r > 2 or (to, r) in done:
                continue
            heapq.heappush(heap, (n, to, r))
    return False


def hq_reach(ctx: Ctx, side: str, where: str) -> set[str]:
    """19.2 every hex that can trace a Line of Supply to the Army HQ in ``where`` (one
    reverse search: 9 MPs or 4 hexes)."""
    def make() -> set[str]:
        stop = blocked(ctx, side) - {where}
        if where in blocked(ctx, side):
            return set()
        limit, hops = ctx.tables["supply_range"]["army_hq"]
        out = set(_reverse(ctx, {where: 0}, int(limit), stop, desert=True))
        return out | _hops(ctx, [where], int(hops), stop)
    return ctx.memo(("hq-reach", side, where), make)


def reach(ctx: Ctx, side: str, sources: Iterable[str], long: bool = False) -> set[str]:
    """19.2 the hexes of ``side``'s units that can trace a Line of Supply to one of
    ``sources``."""
    sources = set(sources)
    if not sources:
        return set()
    if long:
        return set().union(*(hq_reach(ctx, side, h) for h in sources))
    return {key for key in ctx.occupied[side]["any"] if supplied(ctx, side, key, sources)}


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
    stop = blocked(ctx, side)
    skip = set(spare)
    out: dict[str, set[str]] = {"edge": {k for k in ctx.hexmap.friendly_edge.get(side, [])
                                         if k not in stop},
                                "sp": set(), "isolated_sp": set(), "port": set(), "hq": set()}
    for k, pids in supply_points(ctx, side).items():
        if all(p in skip for p in pids):
            continue
        out["sp" if loc_ok(ctx, side, k) else "isolated_sp"].add(k)
    from .ports import capacity

    for k in ctx.hexmap.ports:
        if ctx.control(k) == side and capacity(ctx, k) > 0 and k not in stop:
            if ports is None or ports.get(k, True):
                out["port"].add(k)
    hq = army_hq(ctx, side)
    if hq is not None:
        where = ctx.piece(hq).space
        if where in ctx.hexmap.terrain and loc_ok(ctx, side, where):
            out["hq"].add(where)
    return out


def general_supply(ctx: Ctx, side: str, ports: dict[str, bool] | None = None,
                   spare: Iterable[str] = ()) -> tuple[set[str], set[str]]:
    """19.1 the map hexes of ``side``'s units that are in General Supply, and the hexes
    of Isolated Supply Points that must be used for it (19.4: burnt)."""
    src = sources(ctx, side, ports, spare)
    plain = src["edge"] | src["sp"] | src["port"]
    ok: set[str] = set()
    needy: set[str] = set()
    near_hq = set().union(*(hq_reach(ctx, side, h) for h in src["hq"]))
    for key in {ctx.piece(p).space for p in ctx.units(side) if ctx.on_map(p)}:
        if key in near_hq or supplied(ctx, side, key, plain):
            ok.add(key)
        else:
            needy.add(key)
    burnt: set[str] = set()
    if needy and src["isolated_sp"]:
        covers = {k: {h for h in needy if supplied(ctx, side, h, {k})}
                  for k in sorted(src["isolated_sp"])}
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
    src = ctx.memo(("src", p.side), lambda: sources(ctx, p.side))
    plain = src["edge"] | src["sp"] | src["port"] | src["isolated_sp"]
    return bool(any(p.space in hq_reach(ctx, p.side, h) for h in src["hq"])
                or supplied(ctx, p.side, p.space, plain))


def attack_supply(ctx: Ctx, side: str, hexes: Iterable[str]) -> dict[str, set[str]]:
    """20.3 for each Supply Point of ``side`` on the map, which of ``hexes`` can trace
    a Line of Supply to it (9 MPs / 4 hexes when it is with the Army HQ)."""
    wanted = [h for h in set(hexes) if h in ctx.hexmap.terrain]
    hq = army_hq(ctx, side)
    hq_hex = ctx.piece(hq).space if hq else None
    out: dict[str, set[str]] = {}
    for k, pids in supply_points(ctx, side).items():
        if k == hq_hex:
            near = hq_reach(ctx, side, k)
            r = {h for h in wanted if h in near}
        else:
            r = {h for h in wanted if supplied(ctx, side, h, {k})}
        for pid in pids:
            out[pid] = r
    return out
