"""4.0 Movement: what a step costs, where a unit must stop, and moving a stack.

Costs are in sixths of a MP (``tables.SIXTH``).  A segment's allowance is the MA for a
Primary Segment, two-thirds for a Secondary and one-third for a Tertiary, rounded up
(4.1: so infantry's 4 gives 3 and 2).  A step follows a road or track when the route
crosses the hexside: it pays the route rate and ignores the terrain, the hexside and
the jebel/sebakha stop (4.4) -- except from one enemy ZOC straight into another
(7.2).  Leaving an enemy ZOC costs +1 MP (non-motorized) or +2 (motorized), 7.2.
Entering an enemy Active ZOC ends the move (7.3).  No unit enters more than two
desert hexes in a row (4.4); a non-motorized unit on foot enters at most two
non-route hexes per segment (4.3); an Out of Supply unit at most two hexes (19.5).

Each unit's record for the segment (``vars["mv"][pid]``) is
``[spent, hexes, off_route, desert_run, flags]``.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterable

from ffl.engine import Verdict

from . import boxes
from .context import Ctx, enemy
from .zoc import ACTIVE_ZOC

# flags of a unit's movement record
STOPPED = 1        # it must stop where it is (7.3, 4.4, 14.4)
STARTED_EA = 2     # it began the segment in an enemy Active ZOC (7.3)
CARRIED = 4        # it was carried by a Truck or HQ this segment (21.1)
LEFT_BOX = 8       # it came out of Sirte or the Nile Delta this segment (27.1)
NO_MOVE = 16       # it gave up its movement (28.5, 18.2, 16.2)
OTHER = 32         # it moved by sea or rail (23.1, 22.1)
ASSAULTED = 64     # it made a Mobile Assault (14.5)


def allowance(ctx: Ctx, pid: str) -> int:
    """4.1 this segment's Movement Allowance in sixths (19.8 halved on resupply)."""
    ma = ctx.ma(pid)
    if ctx.kind(pid) == "hq_marker":
        subs = [p for p in ctx.state.pieces if ctx.piece(p).data.get("hq") == pid
                and ctx.piece(p).status == "active"]
        return min((allowance(ctx, p) for p in subs), default=0)
    num, den = ctx.tables["segment_share"].get(ctx.seg_type, [1, 1])
    allowed = math.ceil(ma * num / den)
    rec = record(ctx, pid)
    if rec[4] & 128:                          # resupplied during this movement phase
        allowed = math.ceil(allowed / 2)
    return allowed * 6


def record(ctx: Ctx, pid: str) -> list[int]:
    return list((ctx.var("mv") or {}).get(pid, [0, 0, 0, 0, 0]))


def motorized_move(ctx: Ctx, pid: str) -> bool:
    """A unit moving at motorized costs: motorized itself, or an HQ marker whose units
    all are (6.4)."""
    if ctx.kind(pid) == "hq_marker":
        subs = [p for p in ctx.state.pieces if ctx.piece(p).data.get("hq") == pid]
        return bool(subs) and all(ctx.motorized(p) for p in subs)
    return ctx.motorized(pid) or ctx.kind(pid) in ("truck", "army_hq")


def movers(ctx: Ctx, units: Iterable[str]) -> list[str]:
    """The units whose allowance and limits a stack's move must respect: the units named
    and those on their HQs' displays (cargo rides free, 21.1)."""
    out = []
    for pid in units:
        out.append(pid)
        for other, p in ctx.state.pieces.items():
            if p.status == "active" and p.data.get("hq") == pid and other not in out:
                out.append(other)
    return out


def passengers(ctx: Ctx, units: Iterable[str]) -> list[str]:
    """Every piece that goes along with ``units`` (displays and cargo, recursively)."""
    out: list[str] = []
    for pid in units:
        for f in ctx.followers(pid):
            if f not in out and f not in units:
                out.append(f)
    return out


def ezoc(ctx: Ctx, side: str):
    from .zoc import zoc_map

    return zoc_map(ctx, enemy(side))


def step_cost(ctx: Ctx, pid: str, a: str, b: str, mot: bool,
              zm=None) -> tuple[int | None, bool, str]:
    """The cost of one step a -> b for one unit (sixths), whether it follows a road or
    track, and why it is prohibited (cost None)."""
    hm, t = ctx.hexmap, ctx.tables
    edge = hm.edge.get((a, b))
    if edge is None:
        return None, False, "4.1 the hexes are not adjacent"
    if zm is None:
        zm = ezoc(ctx, ctx.piece(pid).side)
    key = "mot" if mot else "nonmot"
    terrain = hm.terrain[b]
    if t["terrain"][terrain][key] is None:
        return None, False, "4.4 sea hexes are prohibited"
    zoc_to_zoc = bool(zm.of(a)) and bool(zm.of(b))
    route = edge.route and not zoc_to_zoc
    exit_cost = t["zoc_exit"][key] if zm.of(a) else 0
    if route:
        rate = t["routes"]["road" if edge.road else "track"][key]
        return rate + exit_cost, True, ""
    cost = int(t["terrain"][terrain][key])
    if edge.escarpment:
        extra = t["hexsides"]["escarpment"][key]
        if extra is None and not edge.passable:
            return None, False, "4.4 motorized units cross escarpments only at passes"
        cost += extra or 0
    if edge.ridge:
        cost += int(t["hexsides"]["ridge"][key])
    return cost + exit_cost, False, ""


def _board_step(ctx: Ctx, a: str, b: str, mot: bool) -> tuple:
    """The facts of a step a -> b that depend only on the map and the tables (kept on the
    hex map, so every search of the board shares them): ``(final, route_rate,
    off_cost, why, desert, stop)``.  ``final`` is the whole answer of :func:`step_cost`
    when no ZOC can change it (the hexes not adjacent, 4.1; a sea hex, 4.4), else None;
    ``route_rate`` the cost along the road or track crossing the hexside (None when
    none does); ``off_cost`` the cost off the routes (terrain, escarpment, ridge; None
    when prohibited, ``why`` then); ``desert``: the hex entered is desert (4.4);
    ``stop``: its terrain stops a move off the routes (4.4)."""
    hm, t = ctx.hexmap, ctx.tables
    cache = hm.__dict__.setdefault("_step_facts", {}).setdefault(id(t), {})
    facts = cache.get((a, b, mot))
    if facts is not None:
        return facts
    edge = hm.edge.get((a, b))
    key = "mot" if mot else "nonmot"
    if edge is None:
        facts = ((None, False, "4.1 the hexes are not adjacent"), None, None, "", False, False)
    elif t["terrain"][hm.terrain[b]][key] is None:
        facts = ((None, False, "4.4 sea hexes are prohibited"), None, None, "", False, False)
    else:
        terrain = hm.terrain[b]
        rate = t["routes"]["road" if edge.road else "track"][key] if edge.route else None
        cost, why = int(t["terrain"][terrain][key]), ""
        if edge.escarpment:
            extra = t["hexsides"]["escarpment"][key]
            if extra is None and not edge.passable:
                cost, why = None, "4.4 motorized units cross escarpments only at passes"
            else:
                cost += extra or 0
        if cost is not None and edge.ridge:
            cost += int(t["hexsides"]["ridge"][key])
        facts = (None, rate, cost, why, terrain == "desert",
                 bool(t["terrain"][terrain].get("stop")))
    cache[(a, b, mot)] = facts
    return facts


#: the refusal of a step in a search that never shows its reason (:func:`reachable`)
_REFUSED = Verdict.no("the step is not allowed", "4.1")


class Group:
    """A stack about to move: its units' fixed facts for this segment."""

    def __init__(self, ctx: Ctx, units: list[str]) -> None:
        self.ctx = ctx
        self.units = units
        self.side = ctx.piece(units[0]).side
        self.start = ctx.piece(units[0]).space
        self.members = movers(ctx, units)
        self.mot = {p: motorized_move(ctx, p) or bool(ctx.piece(p).data.get("carried_by"))
                    for p in self.members}
        self.allow = {p: allowance(ctx, p) for p in self.members}
        self.oos = {p for p in self.members if ctx.oos(p)
                    and not ctx.piece(p).data.get("carried_by")}
        self.foot = {p for p in self.members if not self.mot[p]}
        self.zm = ezoc(ctx, self.side)
        self.riders = set(passengers(ctx, self.members))
        self.interdicted = False                  # 40.7 an enemy Interdiction Zone is out
        if ctx.option("air_game"):
            from .air_effects import zone

            self.interdicted = bool(zone(ctx, enemy(self.side)))

    def check_start(self) -> Verdict:
        ctx = self.ctx
        for pid in self.units:
            p = ctx.piece(pid)
            if p.side != self.side or p.space != self.start or p.status != "active":
                return Verdict.no("the units must move together from one hex", "4.1")
            if p.data.get("hq") or p.data.get("carried_by"):
                return Verdict.no(f"{ctx.label(pid)} moves with its HQ or truck", "6.1")
        done = set(ctx.var("done") or [])
        for pid in self.members:
            rec = record(ctx, pid)
            if pid in done:
                return Verdict.no(f"{ctx.label(pid)} has finished moving this segment", "4.1")
            if rec[4] & (STOPPED | NO_MOVE | OTHER):
                return Verdict.no(f"{ctx.label(pid)} may not move any more this segment", "4.1")
            if rec[4] & CARRIED and not ctx.piece(pid).data.get("carried_by"):
                return Verdict.no(f"{ctx.label(pid)} was carried by a truck this segment",
                                  "21.1")
            if ctx.ma(pid) <= 0 and ctx.kind(pid) != "hq_marker":
                return Verdict.no(f"{ctx.label(pid)} cannot move (MA 0)", "16.2")
        return Verdict.yes()

    def advance(self, recs: dict, here: str, nxt: str, quiet: bool = False
                ) -> tuple[Verdict, dict]:
        """One step of the stack (hex to hex): the new records, or why not (``quiet``:
        a refusal without its reason, for the searches)."""
        ctx, hm, zm, t = self.ctx, self.ctx.hexmap, self.zm, self.ctx.tables
        if any(r[4] & STOPPED for r in recs.values()):
            if quiet:
                return _REFUSED, {}
            rule = "7.3" if zm.of(here) == ACTIVE_ZOC else "4.4"
            return Verdict.no(f"the move must end at {hm.name(here)}", rule), {}
        foe = ctx.side_at(nxt)
        if foe is not None and foe != self.side and ctx.units_at(nxt):
            if quiet:
                return _REFUSED, {}
            return Verdict.no(f"{hm.name(nxt)} holds enemy units", "4.1"), {}
        za, zb = zm.of(here), zm.of(nxt)
        starting_ea = za == ACTIVE_ZOC and all(r[0] == 0 for r in recs.values())
        active = zb == ACTIVE_ZOC
        zoc_to_zoc = bool(za) and bool(zb)                 # 7.2 no route from ZOC to ZOC
        out = {}
        for pid in self.members:
            r = list(recs[pid])
            mot = self.mot[pid]
            # step_cost's answer, from the board's facts and the two hexes' ZOCs
            final, rate, off_cost, why, desert, stop = _board_step(ctx, here, nxt, mot)
            route = rate is not None and not zoc_to_zoc
            if final is not None:
                cost, route, why = final
            elif route:
                cost = rate + (t["zoc_exit"]["mot" if mot else "nonmot"] if za else 0)
            elif off_cost is None:
                cost = None
            else:
                cost = off_cost + (t["zoc_exit"]["mot" if mot else "nonmot"] if za else 0)
            if cost is None:
                if quiet:
                    return _REFUSED, {}
                rule, _, text = why.partition(" ")
                return Verdict.no(f"{ctx.label(pid)}: {text}", rule), {}
            if self.interdicted:
                from .air_effects import route_cost

                cost = route_cost(ctx, self.side, here, nxt, cost, route, mot)
            if starting_ea and active:
                cost = max(cost, self.allow[pid] - r[0])      # 7.3 (c): the entire MA
                r[4] |= STOPPED
            if r[0] + cost > self.allow[pid]:
                if quiet:
                    return _REFUSED, {}
                return Verdict.no(f"{ctx.label(pid)} has not enough MPs left to enter "
                                  f"{hm.name(nxt)}", "4.1"), {}
            r[0] += cost
            r[1] += 1
            if pid in self.oos and r[1] > int(t["oos_hexes"]):
                if quiet:
                    return _REFUSED, {}
                return Verdict.no(f"{ctx.label(pid)} is Out of Supply: two hexes at most",
                                  "19.5"), {}
            if not route:
                r[2] += 1
                if pid in self.foot and r[2] > int(t["off_road_nonmot"]):
                    if quiet:
                        return _REFUSED, {}
                    return Verdict.no(f"{ctx.label(pid)} may enter only two hexes off the "
                                      f"roads and tracks in a segment", "4.3"), {}
            r[3] = r[3] + 1 if desert and not route else 0
            if r[3] > int(t["desert_run"]):
                if quiet:
                    return _REFUSED, {}
                return Verdict.no("no unit enters more than two desert hexes in a row",
                                  "4.4"), {}
            if (not route and stop) or active:          # 4.4 the terrain, 7.3 an Active ZOC
                r[4] |= STOPPED
            out[pid] = r
        return Verdict.yes(), out


def check_path(ctx: Ctx, units: list[str], path: list[str]) -> tuple[Verdict, dict]:
    """Whether ``units`` (one stack) may move along ``path`` now; with the updated
    movement records when they may."""
    if not units or not path:
        return Verdict.no("name the units and where they go", "4.1"), {}
    group = Group(ctx, units)
    verdict = group.check_start()
    if not verdict:
        return verdict, {}
    from .boxes import box_step

    hm = ctx.hexmap
    recs = {pid: record(ctx, pid) for pid in group.members}
    here = group.start
    for nxt in path:
        if here in hm.boxes or nxt in hm.boxes:
            verdict = box_step(ctx, group.members, here, nxt, recs)
        else:
            verdict, recs = group.advance(recs, here, nxt)
        if not verdict:
            return verdict, {}
        here = nxt
    verdict = _end_checks(ctx, group.side, group.members, group.start, here, group.zm,
                          group.riders)
    return verdict, (recs if verdict else {})


def _end_checks(ctx: Ctx, side: str, group: list[str], start: str, end: str, zm,
                riders: set[str] | None = None) -> Verdict:
    hm = ctx.hexmap
    if end in hm.terrain and zm.of(end) == ACTIVE_ZOC:
        dis = [p for p in group if ctx.is_combat(p) and ctx.disrupted(p)]
        if dis:
            others = [p for p in ctx.units_at(end, side) if not ctx.disrupted(p)]
            steady = [p for p in group if ctx.is_combat(p) and not ctx.disrupted(p)]
            work = ctx.work(end)
            if not others and not steady and not (work and work.get("side") == side):
                return Verdict.no("Disrupted units may not end a move in an enemy Active ZOC "
                                  "alone", "13.2")
    from .victory import alexandria_ok

    if riders is None:
        riders = set(passengers(ctx, group))
    if not alexandria_ok(ctx, side, leaving=set(group) | riders, at=start):
        return Verdict.no("at least four steps must stay in Alexandria", "32.0")
    return Verdict.yes()


def reachable(ctx: Ctx, units: list[str], cap: int | None = None) -> dict[str, list[str]]:
    """Hexes (and Off Map Boxes) the stack could move to now, each with one legal path:
    a cheapest-first search over the stack's movement records, keeping per hex the
    cheapest record of each kind (desert run, off-route count for units on foot, hexes
    for Out of Supply units, stopped or not), for the UI's highlights, its drag plans and
    self-play; ``cap`` stops the search after that many expansions)."""
    import heapq

    if not units:
        return {}
    whole = Group(ctx, units)
    if not whole.check_start() or whole.start is None:
        return {}
    box_step = boxes.box_step
    hm = ctx.hexmap
    foot, oos = bool(whole.foot), bool(whole.oos)

    def key(here: str, recs: dict) -> tuple:
        return (here, *[(r[3], r[2] if foot else 0, r[1] if oos else 0, r[4] & STOPPED)
                        for r in recs.values()])

    # members alike (motorized or not, allowance, Out of Supply, on foot, the record so
    # far) stay alike at every step: the search steps one of each kind (an HQ's display
    # of six units is often one or two kinds), its MP spent counted as many times as
    # there are of it, so that every sum, and so the order of the search, is the same
    weight: dict[str, int] = {}
    seen: dict[tuple, str] = {}
    for pid in whole.members:
        rec = record(ctx, pid)
        kind = (whole.mot[pid], whole.allow[pid], pid in whole.oos, pid in whole.foot,
                tuple(rec))
        first = seen.setdefault(kind, pid)
        weight[first] = weight.get(first, 0) + 1
    group = copy.copy(whole)
    group.members = list(weight)
    start = {pid: record(ctx, pid) for pid in group.members}
    best: dict[tuple, int] = {key(group.start, start): 0}
    out: dict[str, list[str]] = {}
    heap: list = [(0, 0, group.start, start, [], key(group.start, start))]
    tick = 0
    while heap:
        if cap is not None:
            cap -= 1
            if cap < 0:
                break
        spent, _t, here, recs, path, k = heapq.heappop(heap)
        if best.get(k, 1 << 30) < spent:
            continue
        if any(r[4] & STOPPED for r in recs.values()):
            continue        # every step on is refused (Group.advance, box_step)
        if here in hm.boxes:
            options = _box_exits(ctx, here)
        else:
            options = hm.neighbours(here) + _box_entries(ctx, here, group.members)
        for n in options:
            if n == group.start:
                continue
            if here in hm.boxes or n in hm.boxes:
                new = {k: list(v) for k, v in recs.items()}
                verdict = box_step(ctx, group.members, here, n, new)
            else:
                verdict, new = group.advance(recs, here, n, quiet=True)
            if not verdict:
                continue
            cost = 0
            for pid, r in new.items():
                cost += weight[pid] * r[0]
            k = key(n, new)
            if best.get(k, 1 << 30) <= cost:
                continue
            best[k] = cost
            if n not in out and _end_checks(ctx, whole.side, whole.members, whole.start, n,
                                            whole.zm, whole.riders):
                out[n] = path + [n]
            tick += 1
            heapq.heappush(heap, (cost, tick, n, new, path + [n], k))
    return out


def _box_entries(ctx: Ctx, here: str, units: list[str]) -> list[str]:
    return boxes.boxes_from(ctx, ctx.piece(units[0]).side, here)


def _box_exits(ctx: Ctx, box: str) -> list[str]:
    return boxes.exits(ctx, box)
