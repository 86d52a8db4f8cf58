"""40.0 The air game's effects outside the air sub-phase: Ground Support in the odds
(40.6), Interdiction Zones on enemy roads and tracks (40.7), and the turn's hooks --
air units home after the Combat Phase (40.4), Air HQs turning to their working side
(40.11), repair (40.8), arrivals and replacement (40.9), the air unit lost with an Air
HQ (40.11)."""

from __future__ import annotations

from ffl.engine import Change

from .air_base import (
    _to_base,
    air_hqs,
    air_units,
    flying,
    lost_choices,
    mission,
    table,
)
from .context import READY, Ctx, RBatch, enemy


def ground_support(ctx: Ctx, attack, att: dict, dfn: dict) -> tuple[int, int, list[str]]:
    """The GSF each side adds to a combat from its Bombers on Ground Support over the
    defending hexes (the attacker's doubled in a Primary Segment); artillery and Ground
    Support together never more than the ground units' printed strength."""
    if attack.mobile:
        return 0, 0, []
    targets = set(attack.targets)
    foe = enemy(attack.side)
    mult = int(table(ctx)["gsf_primary"]) if ctx.seg_type == "primary" else 1
    ga = gd = 0
    for pid in flying(ctx):
        if mission(ctx, pid) != "gs" or ctx.piece(pid).space not in targets:
            continue
        if ctx.piece(pid).side == attack.side:
            ga += int(ctx.value(pid, "gsf", 0)) * mult
        elif ctx.piece(pid).side == foe:
            gd += int(ctx.value(pid, "gsf", 0))
    notes = []
    if ga:
        ground = sum(ctx.factors(p)[0] for p in att if ctx.utype(p) != "art")
        art = sum(v for p, v in att.items() if ctx.utype(p) == "art")
        ga = max(0, min(ga, ground - art))
        notes.append(f"40.6 Ground Support: attacker +{ga}")
    if gd:
        ground = sum(ctx.factors(p)[1] for p in attack.counted if ctx.utype(p) != "art")
        ground += sum(v for k, v in dfn.items() if k.startswith("fort:"))
        art = sum(v for k, v in dfn.items() if k.startswith("art:"))
        gd = max(0, min(gd, ground - art))
        notes.append(f"40.6 Ground Support: defender +{gd}")
    return ga, gd, notes


def zone(ctx: Ctx, side: str) -> frozenset[str]:
    """The hexes in ``side``'s Interdiction Zones (each interdicting air unit's hex and
    the six around it)."""
    def make() -> frozenset[str]:
        out: set[str] = set()
        for pid in flying(ctx, side):
            if mission(ctx, pid) == "interdict":
                key = ctx.piece(pid).space
                out.add(key)
                out.update(ctx.hexmap.neighbours(key))
        return frozenset(out)

    return ctx.memo(("air-zone", side), make)


def route_cost(ctx: Ctx, side: str, a: str, b: str, cost: int, route: bool,
               mot: bool) -> int:
    """40.7 a step of ``side``'s ground movement into an enemy Interdiction Zone: roads
    and tracks cost 1 MP a hex; a road across an escarpment with both hexes in the zone
    +1 MP more."""
    if not route:
        return cost
    z = zone(ctx, enemy(side))
    if b not in z:
        return cost
    t = table(ctx)
    edge = ctx.hexmap.edge[(a, b)]
    rate = int(ctx.tables["routes"]["road" if edge.road else "track"][
        "mot" if mot else "nonmot"])
    cost += max(0, int(t["interdicted_route"]) - rate)
    if edge.escarpment and edge.road and a in z:
        cost += int(t["interdicted_escarpment"])
    return cost


def after_combat(rb: RBatch) -> None:
    """40.4 when the ground combat is over every air unit comes off the map except those
    on Interdiction."""
    ctx = rb.ctx
    if not ctx.option("air_game"):
        return
    back = [p for p in flying(ctx) if mission(ctx, p) != "interdict"]
    if back:
        _to_base(rb, back, "40.4", "the Combat Phase is over: back to base")


def segment_start(rb: RBatch) -> None:
    """40.11 at the start of a friendly Primary Segment the Air HQs placed since turn to
    their working side."""
    ctx = rb.ctx
    if not ctx.option("air_game") or ctx.seg_type != "primary":
        return
    side = ctx.seg.get("side")
    new = [p for p in air_hqs(ctx, side) if ctx.piece(p).data.get("building")]
    if new:
        rb.add("air-hq", "40.11", "Air HQs flip to their working side: "
               + ", ".join(ctx.label(p) for p in new),
               [Change.set(p, "data.building", None) for p in new], side)


def repair(rb: RBatch) -> None:
    """40.8 at the end of a friendly segment the air units that spent it Inoperative are
    repaired (those that turned Inoperative in it wait for the next one)."""
    ctx = rb.ctx
    if not ctx.option("air_game"):
        return
    side = ctx.seg.get("side")
    seg = int(ctx.seg.get("id", 0))
    fixed = [p for p in air_units(ctx, side) if ctx.piece(p).status == READY
             and ctx.piece(p).data.get("inop") is not None
             and int(ctx.piece(p).data["inop"]) < seg]
    if fixed:
        rb.add("air-repair", "40.8", "repaired, Operative again: "
               + ", ".join(ctx.label(p) for p in fixed),
               [Change.set(p, "data.inop", None) for p in fixed], side)


def air_replacement(rb: RBatch, side: str) -> None:
    """The Reinforcement Segment: the scenario's air units due this turn are ready at
    their bases (31.1); 40.9 one air unit comes out of the Cadre Box for each Air HQ on
    the map (Italian and German Air HQs only their own nation's), on its Inoperative
    side: the player's choice, a pending decision (:mod:`.air_replace`)."""
    ctx = rb.ctx
    due = ((ctx.setup.get("air") or {}).get(side) or {}).get("arrive", {}).get(
        ctx.turn_name()) or []
    due = [p for p in due if p in ctx.state.pieces and ctx.piece(p).status == "off"]
    if due:
        rb.add("reinforcements", "40.2", "air reinforcements ready at their bases: "
               + ", ".join(ctx.label(p) for p in due),
               [c for p in due for c in (Change.set(p, "status", READY),
                                         Change.set(p, "space", None))], side, pieces=due)
    from .air_replace import open_item

    open_item(rb, side)


def hq_lost(rb: RBatch, pid: str) -> None:
    """40.11 an eliminated Air HQ takes one air unit of its owner's choice to the Cadre
    Box with it (a pending choice)."""
    ctx = rb.ctx
    side = ctx.piece(pid).side
    if not ctx.option("air_game") or not lost_choices(ctx, side):
        return
    item = {"kind": "air-lost", "side": side}
    rb.add("pending", "40.11", f"40.11 {ctx.label(pid)} is lost: an air unit is caught on the "
           "ground", [Change.var("pending", [item] + list(ctx.pending))], side)


