"""24.0 Ports, 25.0 the Anti-Shipping Table, 26.0 Malta, 20.5 / 24.3 demolition.

A port's capacity is its Port Track box (``vars["ports"]``, full capacity first, 24.1);
halved (down) when an enemy-controlled airfield lies within ten hexes (24.2: the
standard game has no Air HQs); Italy and the Nile Delta unlimited, Tripoli 6 (23.5).
A convoy rolls 2d6 on the column of its port of embarkation or debarkation, the worse
for it, minus one per airfield its side controls (Crete included, 25.3), or plus the
Malta Interdiction Value from Italy (26.1); a number is the die at or under which each
step, Supply Point or Truck is sunk (25.5).
"""

from __future__ import annotations

from ffl.engine import Change

from .. import hexgeo as g
from ..tables import lookup
from .context import Ctx, RBatch, enemy

UNLIMITED = 999


def capacity(ctx: Ctx, key: str) -> int:
    """24.1 the Port Capacity on its track (boxes: 23.5)."""
    if key in ctx.hexmap.boxes:
        cap = ctx.hexmap.boxes[key].get("port")
        if cap == "unlimited":
            return UNLIMITED
        return int(cap or 0)
    track = ctx.hexmap.ports.get(key)
    if not track:
        return 0
    box = int((ctx.var("ports") or {}).get(key, 0))
    return int(track[min(box, len(track) - 1)])


def interdicted(ctx: Ctx, key: str, side: str) -> bool:
    """24.2 an enemy-controlled airfield within ten hexes."""
    if key in ctx.hexmap.boxes:
        return False
    rng = int(ctx.tables["port_interdiction_range"])
    if ctx.option("air_game"):                 # 40.11 a working enemy Air HQ too
        from .air_base import air_hqs

        if any(g.distance(ctx.piece(p).space, key) <= rng
               for p in air_hqs(ctx, enemy(side), working=True)):
            return True
    return any(ctx.control(a) == enemy(side) and g.distance(a, key) <= rng
               for a in ctx.hexmap.airfields)


def usable(ctx: Ctx, key: str, side: str, ignore: bool = False) -> int:
    """The shipping points a port handles this Primary Segment for ``side``."""
    cap = capacity(ctx, key)
    if cap >= UNLIMITED:
        return cap
    if interdicted(ctx, key, side) and not ignore:
        cap //= 2
    used = int((ctx.var("port_use") or {}).get(key, 0))
    return max(0, cap - used)


def friendly_port(ctx: Ctx, key: str, side: str) -> bool:
    if key in ctx.hexmap.boxes:
        return ctx.hexmap.boxes[key].get("side") == side and bool(
            ctx.hexmap.boxes[key].get("port"))
    return key in ctx.hexmap.ports and ctx.control(key) == side


def column(ctx: Ctx, key: str) -> str:
    if key in ctx.hexmap.boxes:
        return "Malta" if key == "Italy" else key
    return ctx.hexmap.names.get(key, key)


def airfields(ctx: Ctx, side: str) -> int:
    """25.3 the printed airfields ``side`` controls, Crete included."""
    n = sum(1 for a in ctx.hexmap.airfields if ctx.control(a) == side)
    if ctx.var("crete") == side:
        n += 1
    return n


def ast_result(ctx: Ctx, col: str, roll: int):
    table = ctx.tables["ast"].get(col) or ctx.tables["ast"]["Tobruk"]
    return lookup(table, roll)


def worse(a, b):
    """The result less favourable to the convoy ('-' is best)."""
    if a == "-":
        return b
    if b == "-":
        return a
    return max(int(a), int(b))


def convoy_roll(rb: RBatch, side: str, origin: str, dest: str, ignore: bool = False,
                purpose: str = "convoy") -> object:
    """25.2 / 26.1 roll for one convoy: the result ('-' or the hit number)."""
    ctx = rb.ctx
    from_italy = origin == "Italy"
    results = []
    legs = [("Malta", origin)] if from_italy else []
    if not (from_italy and dest in ("Tripoli",)):
        legs.append((None, dest))
    for forced, port in legs:
        if forced:
            col = forced
            drm = int(ctx.var("malta", 0))
            why = f"Malta {drm:+d}"
            if side == "axis" and dest == "Tripoli" and ctx.special("46") and \
                    not ctx.since(ctx.table("rule_dates")["french_waters"]):
                drm -= 2                                 # 46.0 French coastal waters
                why += " -2 French coastal waters (46.0)"
        else:
            col_a, col_b = column(ctx, origin), column(ctx, port)
            col = col_b if from_italy else None
            drm = -airfields(ctx, side)
            if ignore and (interdicted(ctx, port, side) or interdicted(ctx, origin, side)):
                drm += int(ctx.tables["port_ignore_drm"])
            why = f"{drm:+d} airfields"
        a, b = rb.roll("25.2", f"Anti-Shipping Table ({purpose})", 2, side=side)
        roll = a + b + drm
        if col is None:
            col_a, col_b = column(ctx, origin), column(ctx, dest)
            res = worse(ast_result(ctx, col_a, roll), ast_result(ctx, col_b, roll))
            col = col_a if col_a == col_b else f"{col_a}/{col_b}"
        else:
            res = ast_result(ctx, col, roll)
        rb.add("ast", "25.4", f"AST {col}: {a + b} {why} = {roll}: "
               + ("not spotted" if res == "-" else f"spotted, hits on {res} or less"), [], side,
               result=res)
        results.append(res)
    return results


def demolition_hits(rb: RBatch, side: str, dice: int, enemy_segment: bool, what: str) -> int:
    """20.5 / 24.3 the Demolition Table: one die per attempt, -2 in an enemy segment."""
    ctx = rb.ctx
    if dice <= 0:
        return 0
    values = rb.roll("20.5", f"Demolition Table ({what})", dice, side=side)
    drm = int(ctx.tables["demolition_enemy_drm"]) if enemy_segment else 0
    hits = sum(1 for v in values if lookup(ctx.tables["demolition"], v + drm))
    return hits


def demolish_port(rb: RBatch, key: str, side: str, enemy_segment: bool) -> None:
    """24.3 one die per box to the right of the marker; each hit moves it one box."""
    ctx = rb.ctx
    track = ctx.hexmap.ports.get(key) or []
    box = int((ctx.var("ports") or {}).get(key, 0))
    room = len(track) - 1 - box
    hits = demolition_hits(rb, side, room, enemy_segment, f"port of {ctx.hexmap.name(key)}")
    ports = dict(rb.ctx.var("ports") or {})
    ports[key] = min(len(track) - 1, box + hits)
    rb.add("port-demolition", "24.3", f"{hits} hit(s): the port of {ctx.hexmap.name(key)} is "
           f"at capacity {track[ports[key]]}", [Change.var("ports", ports)], side)


def repair_port(rb: RBatch, key: str, side: str) -> None:
    """23.4 one box back towards full capacity for one Resource Point."""
    ctx = rb.ctx
    ports = dict(ctx.var("ports") or {})
    ports[key] = max(0, int(ports.get(key, 0)) - 1)
    rp = dict(ctx.var("rp") or {})
    rp[side] = int(rp.get(side, 0)) - int(ctx.tables["resource_costs"]["port-repair"])
    done = list(ctx.var("repaired_port") or []) + [key]
    rb.add("port-repair", "23.4", f"the port of {ctx.hexmap.name(key)} is repaired to "
           f"capacity {ctx.hexmap.ports[key][ports[key]]}",
           [Change.var("ports", ports), Change.var("rp", rp),
            Change.var("repaired_port", done)], side)
