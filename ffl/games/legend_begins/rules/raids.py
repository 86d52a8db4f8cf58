"""51.0 Amphibious raids (Gazala, the Campaign Game): Kampfgruppe Hecker and the Royal
Navy Marine battalion sail from a friendly port to a vacant coastal hex behind the
enemy's lines, and are taken off again.

``raid`` (unit, hex)       51.2 one Resource Point: from the friendly port the unit
                           started the segment in to a vacant coastal hex; Anti-Shipping
                           on the column of the port nearest the landing; a landing die
                           of 1-2 Disrupts it; it moves no more this segment and is in
                           General and Attack Supply for the segment (``vars["raiders"]``)
``evacuate`` (unit, port)  51.2 from a coastal hex to a friendly port, Disrupted,
                           Anti-Shipping as for the raid

Readings (docs/games/legend_begins-reconstructions.md): a raid or evacuation is made in
the Movement Phase of a friendly segment; the unit must not have moved in it yet; "the
port closest" is counted in hexes (ties: the first in hex order); the hits of the
Anti-Shipping result are rolled against the unit's steps as for a convoy (25.5).
"""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from .. import hexgeo as g
from .context import ACTIVE, Ctx, RBatch

KINDS = ("raid", "evacuate")
RAIDERS = "raiders"


def coastal(ctx: Ctx, key: str) -> bool:
    hm = ctx.hexmap
    return hm.is_land(key) and any(hm.terrain.get(n) == "sea" for n in hm.neighbours(key))


def nearest_port(ctx: Ctx, key: str) -> str:
    ports = sorted(ctx.hexmap.ports)
    return min(ports, key=lambda p: (g.distance(p, key), p))


def _unit_ok(ctx: Ctx, action: Action, rule: str) -> Verdict:
    side, pid = action.side, action.get("unit")
    if not ctx.special("51"):
        return Verdict.no("Amphibious Raids are not part of this scenario", "51.0")
    if pid not in ctx.state.pieces or ctx.piece(pid).side != side or \
            not ctx.value(pid, "amphibious") or ctx.piece(pid).status != ACTIVE:
        return Verdict.no("one of your two amphibious units in play", "51.1")
    if ctx.phase != "movement" or ctx.side != side:
        return Verdict.no("during a friendly segment's Movement Phase", rule)
    if pid in (ctx.var("done") or []) or pid in (ctx.var("mover") or []) or \
            pid in (ctx.var(RAIDERS) or []):
        return Verdict.no("the unit has moved this segment", rule)
    return Verdict.yes()


def legal(ctx: Ctx, action: Action) -> Verdict:
    from .ports import friendly_port

    verdict = _unit_ok(ctx, action, "51.2")
    if not verdict:
        return verdict
    side, pid = action.side, action["unit"]
    here = ctx.piece(pid).space
    if action.kind == "raid":
        key = action.get("hex")
        if not friendly_port(ctx, here, side) or here not in ctx.hexmap.terrain:
            return Verdict.no("the raid sails from a friendly port on the map", "51.2")
        if int((ctx.var("rp") or {}).get(side, 0)) < 1:
            return Verdict.no("a raid costs one Resource Point", "51.1")
        if key not in ctx.hexmap.terrain or not coastal(ctx, key) or ctx.pieces_at(key):
            return Verdict.no("the landing is on a vacant coastal hex", "51.2")
        return Verdict.yes()
    port = action.get("port")
    if not coastal(ctx, here):
        return Verdict.no("the unit is taken off from a coastal hex", "51.2")
    if port not in ctx.hexmap.terrain or not friendly_port(ctx, port, side) or port == here:
        return Verdict.no("it sails to a friendly port", "51.2")
    return Verdict.yes()


def apply(rb: RBatch, action: Action) -> None:
    from .ports import column

    ctx = rb.ctx
    side, pid = action.side, action["unit"]
    here = ctx.piece(pid).space
    if action.kind == "raid":
        key = action["hex"]
        rp = dict(ctx.var("rp") or {})
        rp[side] = int(rp.get(side, 0)) - 1
        port = nearest_port(ctx, key)
        rb.add("raid", "51.2", f"{ctx.label(pid)} sails from {ctx.hexmap.name(here)} to land "
               f"at {ctx.hexmap.name(key)} (one Resource Point; Anti-Shipping on the "
               f"{column(ctx, port)} column of {ctx.hexmap.name(port)})",
               [Change.var("rp", rp), Change.set(pid, "space", key),
                Change.var("done", list(ctx.var("done") or []) + [pid]),
                Change.var(RAIDERS, list(ctx.var(RAIDERS) or []) + [pid])], side)
        if not _at_sea(rb, side, pid, port):
            return
        die = rb.die("51.2", "the landing (1-2: Disrupted)", side=side)
        if die <= 2:
            rb.add("disrupted", "51.2", f"{ctx.label(pid)} lands Disrupted",
                   [Change.set(pid, "data.disrupted", True)], side)
        else:
            rb.add("landed", "51.2", f"{ctx.label(pid)} lands in good order: it may attack "
                   "next to it this segment, in supply", [], side)
        from .ops import enter_hex

        enter_hex(rb, side, key)
        return
    port = action["port"]
    near = nearest_port(ctx, here)
    rb.add("evacuate", "51.2", f"{ctx.label(pid)} is taken off to {ctx.hexmap.name(port)}, "
           f"Disrupted (Anti-Shipping on the {column(ctx, near)} column)",
           [Change.set(pid, "space", port), Change.set(pid, "data.disrupted", True),
            Change.var("done", list(ctx.var("done") or []) + [pid])], side)
    _at_sea(rb, side, pid, near)


def _at_sea(rb: RBatch, side: str, pid: str, port: str) -> bool:
    """25.5 the Anti-Shipping roll and its attacks on the unit; True if it survives."""
    from .ops import lose_step
    from .ports import convoy_roll

    for res in convoy_roll(rb, side, port, port, purpose="amphibious unit at sea"):
        if res == "-":
            continue
        ctx = rb.ctx
        if ctx.piece(pid).status != ACTIVE:
            break
        dice = rb.roll("25.5", f"attack on {ctx.label(pid)} at sea", ctx.steps(pid),
                       side=side)
        for d in dice:
            if d <= int(res) and rb.ctx.piece(pid).status == ACTIVE:
                lose_step(rb, pid, "25.5", "sunk at sea")
    return rb.ctx.piece(pid).status == ACTIVE


def options(ctx: Ctx, side: str) -> list[Action]:
    """A few raids and evacuations for the lists of legal actions."""
    out = []
    for pid, q in sorted(ctx.state.pieces.items()):
        if q.side != side or q.status != ACTIVE or not ctx.value(pid, "amphibious") or \
                q.space not in ctx.hexmap.terrain:
            continue
        spots = sorted((g.distance(q.space, k), k) for k in ctx.hexmap.terrain
                       if coastal(ctx, k) and not ctx.pieces_at(k)
                       and 2 <= g.distance(q.space, k) <= 12)
        for _d, k in spots[:: max(1, len(spots) // 2)][:2]:
            out.append(Action.make("raid", side, unit=pid, hex=k))
        ports = sorted(p for p in ctx.hexmap.ports if p != q.space)
        if ports:
            near = min(ports, key=lambda p: (g.distance(p, q.space), p))
            out.append(Action.make("evacuate", side, unit=pid, port=near))
    return out
