"""Issue 12 (every click answered quickly): the search of a stack's reach (4.0, 7.0)
takes each step's map facts from a table kept with the hex map and leaves out the
reasons of the steps it refuses.  The reach, its paths and every refusal's reason must
stay what they were: the search as it was before is kept here, verbatim, as the
reference, and both are run on the stacks of many positions of seeded games (both
sides' movement segments, with enemy ZOCs, desert, escarpments and units on foot)."""

from __future__ import annotations

import random

import pytest

from ffl import catalog
from ffl.engine import Verdict
from ffl.games.legend_begins.rules import movement as M
from ffl.games.legend_begins.rules.context import Ctx
from ffl.games.legend_begins.rules.zoc import ACTIVE_ZOC

STOPPED = M.STOPPED

# -- the reference: movement.py's step_cost, Group.advance and reachable before the change

def ref_step_cost(ctx: Ctx, pid: str, a: str, b: str, mot: bool,
              zm=None) -> tuple[int | None, bool, str]:
    """The cost of one step a -> b for one unit (sixths), whether it follows a road or
    track, and why it is prohibited (cost None)."""
    hm, t = ctx.hexmap, ctx.tables
    edge = hm.edge.get((a, b))
    if edge is None:
        return None, False, "4.1 the hexes are not adjacent"
    if zm is None:
        zm = M.ezoc(ctx, ctx.piece(pid).side)
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



def ref_advance(self, recs: dict, here: str, nxt: str) -> tuple[Verdict, dict]:
    """One step of the stack (hex to hex): the new records, or why not."""
    ctx, hm, zm, t = self.ctx, self.ctx.hexmap, self.zm, self.ctx.tables
    if any(r[4] & STOPPED for r in recs.values()):
        rule = "7.3" if zm.of(here) == ACTIVE_ZOC else "4.4"
        return Verdict.no(f"the move must end at {hm.name(here)}", rule), {}
    foe = ctx.side_at(nxt)
    if foe is not None and foe != self.side and ctx.units_at(nxt):
        return Verdict.no(f"{hm.name(nxt)} holds enemy units", "4.1"), {}
    starting_ea = zm.of(here) == ACTIVE_ZOC and all(r[0] == 0 for r in recs.values())
    out = {}
    for pid in self.members:
        r = list(recs[pid])
        mot = self.mot[pid]
        cost, route, why = ref_step_cost(ctx, pid, here, nxt, mot, zm)
        if cost is None:
            rule, _, text = why.partition(" ")
            return Verdict.no(f"{ctx.label(pid)}: {text}", rule), {}
        if self.interdicted:
            from ffl.games.legend_begins.rules.air_effects import route_cost

            cost = route_cost(ctx, self.side, here, nxt, cost, route, mot)
        if starting_ea and zm.of(nxt) == ACTIVE_ZOC:
            cost = max(cost, self.allow[pid] - r[0])      # 7.3 (c): the entire MA
            r[4] |= STOPPED
        if r[0] + cost > self.allow[pid]:
            return Verdict.no(f"{ctx.label(pid)} has not enough MPs left to enter "
                              f"{hm.name(nxt)}", "4.1"), {}
        r[0] += cost
        r[1] += 1
        if pid in self.oos and r[1] > int(t["oos_hexes"]):
            return Verdict.no(f"{ctx.label(pid)} is Out of Supply: two hexes at most",
                              "19.5"), {}
        if not route:
            r[2] += 1
            if pid in self.foot and r[2] > int(t["off_road_nonmot"]):
                return Verdict.no(f"{ctx.label(pid)} may enter only two hexes off the "
                                  f"roads and tracks in a segment", "4.3"), {}
        desert = hm.terrain[nxt] == "desert" and not route
        r[3] = r[3] + 1 if desert else 0
        if r[3] > int(t["desert_run"]):
            return Verdict.no("no unit enters more than two desert hexes in a row",
                              "4.4"), {}
        if not route and t["terrain"][hm.terrain[nxt]].get("stop"):
            r[4] |= STOPPED
        if zm.of(nxt) == ACTIVE_ZOC:
            r[4] |= STOPPED
        out[pid] = r
    return Verdict.yes(), out



def ref_reachable(ctx: Ctx, units: list[str], cap: int | None = None) -> dict[str, list[str]]:
    """Hexes (and Off Map Boxes) the stack could move to now, each with one legal path:
    a cheapest-first search over the stack's movement records, keeping per hex the
    cheapest record of each kind (desert run, off-route count for units on foot, hexes
    for Out of Supply units, stopped or not), for the UI's highlights, its drag plans and
    self-play; ``cap`` stops the search after that many expansions)."""
    import heapq

    if not units:
        return {}
    group = M.Group(ctx, units)
    if not group.check_start() or group.start is None:
        return {}
    from ffl.games.legend_begins.rules.boxes import box_step

    hm = ctx.hexmap
    foot, oos = bool(group.foot), bool(group.oos)

    def key(here: str, recs: dict) -> tuple:
        return (here,) + tuple(
            (r[3], r[2] if foot else 0, r[1] if oos else 0, r[4] & STOPPED)
            for r in recs.values())

    start = {pid: M.record(ctx, pid) for pid in group.members}
    best: dict[tuple, int] = {key(group.start, start): 0}
    out: dict[str, list[str]] = {}
    heap: list = [(0, 0, group.start, start, [])]
    tick = 0
    while heap:
        if cap is not None:
            cap -= 1
            if cap < 0:
                break
        spent, _t, here, recs, path = heapq.heappop(heap)
        if best.get(key(here, recs), 1 << 30) < spent:
            continue
        if here in hm.boxes:
            options = M._box_exits(ctx, here)
        else:
            options = hm.neighbours(here) + M._box_entries(ctx, here, group.members)
        for n in options:
            if n == group.start:
                continue
            if here in hm.boxes or n in hm.boxes:
                new = {k: list(v) for k, v in recs.items()}
                verdict = box_step(ctx, group.members, here, n, new)
            else:
                verdict, new = ref_advance(group, recs, here, n)
            if not verdict:
                continue
            cost = sum(r[0] for r in new.values())
            k = key(n, new)
            if best.get(k, 1 << 30) <= cost:
                continue
            best[k] = cost
            if n not in out and M._end_checks(ctx, group.side, group.members, group.start, n,
                                            group.zm, group.riders):
                out[n] = path + [n]
            tick += 1
            heapq.heappush(heap, (cost, tick, n, new, path + [n]))
    return out




# -- the comparison -------------------------------------------------------------------------

def _positions(seed: int, count: int):
    """Movement segments of a seeded game played by random legal actions (moves chosen
    often, so stacks meet the enemy's ZOCs)."""
    session = catalog.new_session("legend_begins/compass", seed=seed)
    ctrl, rng = session.controller, random.Random(seed)
    found = 0
    for _ in range(600):
        st = session.state
        acts = list(ctrl.legal_actions(st))
        if not acts:
            break
        moves = [a for a in acts if a.kind == "move"]
        if moves and st.vars.get("phase") == "movement" and rng.random() < 0.3:
            found += 1
            yield ctrl, st
            if found >= count:
                return
        ends = [a for a in acts if a.kind.startswith("end")]
        pick = rng.choice(moves) if moves and rng.random() < 0.8 else (
            ends[0] if ends and rng.random() < 0.7 else rng.choice(acts))
        session.do(pick)


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_reach_speed_the_reach_and_every_refusal_are_as_before(seed):
    stacks, rules = 0, set()
    for ctrl, st in _positions(seed, 8):
        ctx: Ctx = ctrl._fresh(st)
        units = sorted({tuple(a["units"]) for a in ctrl.legal_actions(st) if a.kind == "move"})
        for us in units[:8]:
            us = list(us)
            reach = M.reachable(ctrl._fresh(st), us)
            assert reach == ref_reachable(ctrl._fresh(st), us)
            assert M.reachable(ctrl._fresh(st), us, cap=40) == ref_reachable(
                ctrl._fresh(st), us, cap=40)
            stacks += 1
            # along some of the paths found, every step on from each hex: the verdict
            # (reason and rule included) and the records as before
            group = M.Group(ctx, us)
            for path in list(reach.values())[::7]:
                recs, here = {pid: M.record(ctx, pid) for pid in group.members}, group.start
                for nxt in path:
                    if nxt in ctx.hexmap.boxes or here in ctx.hexmap.boxes:
                        break
                    for n in ctx.hexmap.neighbours(here):
                        got = group.advance(recs, here, n)
                        assert got == ref_advance(group, recs, here, n)
                        assert bool(group.advance(recs, here, n, quiet=True)[0]) == bool(got[0])
                        rules.add(got[0].rule)
                    verdict, recs = group.advance(recs, here, nxt)
                    assert verdict
                    here = nxt
    assert stacks >= 15
    assert {"", "4.1", "4.4"} <= rules, rules


def _whole_stacks(ctrl, st, ctx: Ctx) -> list[list[str]]:
    """Every hex's stack of the side to move (its top units, HQs with their displays
    and trucks with their cargo), and each HQ with a display on its own."""
    side = st.vars.get("side")
    by_hex: dict[str, list[str]] = {}
    for pid, p in sorted(st.pieces.items()):
        if p.side == side and p.status == "active" and p.space in ctx.hexmap.terrain \
                and not p.data.get("hq") and not p.data.get("carried_by"):
            by_hex.setdefault(p.space, []).append(pid)
    stacks = [us for us in by_hex.values() if len(us) > 1]
    shown = {p.data.get("hq") for p in st.pieces.values() if p.status == "active"}
    stacks += [[pid] for us in by_hex.values() for pid in us if pid in shown]
    return [us for us in stacks if M.Group(ctx, us).check_start()]


@pytest.mark.parametrize("seed", [1, 4])
def test_reach_speed_stacks_of_alike_units_reach_as_before(seed):
    """Issue 12: the search steps one unit of each kind alike in a stack (an HQ's
    display, a hex's stack of one kind of unit), its MP counted as often as there are of
    it: the reach and its paths of whole stacks and HQs with displays are as before."""
    stacks = alike = 0
    for ctrl, st in _positions(seed, 6):
        ctx: Ctx = ctrl._fresh(st)
        for us in _whole_stacks(ctrl, st, ctx)[:10]:
            members = M.Group(ctx, us).members
            assert M.reachable(ctrl._fresh(st), us) == ref_reachable(ctrl._fresh(st), us)
            assert M.reachable(ctrl._fresh(st), us, cap=40) == ref_reachable(
                ctrl._fresh(st), us, cap=40)
            stacks += 1
            alike += len(members) > len(us)
    assert stacks >= 10 and alike >= 3, (stacks, alike)
