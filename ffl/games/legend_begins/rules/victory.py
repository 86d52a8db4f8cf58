"""32.0 the Alexandria Garrison, 33.0 Automatic Victory and the scenario's victory
conditions (from the scenario's data)."""

from __future__ import annotations

from ffl.engine import Change, Outcome

from ..tables import ALLIED, AXIS, SIDES
from .context import CADRE, Ctx, RBatch, enemy


def alexandria(ctx: Ctx) -> str | None:
    return ctx.hexmap.by_name.get("Alexandria")


def alexandria_ok(ctx: Ctx, side: str, leaving: set[str], at: str | None) -> bool:
    """32.0 four Allied steps stay in Alexandria unless it is surrounded or Axis held."""
    alex = alexandria(ctx)
    if side != ALLIED or alex is None or at != alex:
        return True
    if ctx.control(alex) == AXIS or surrounded(ctx, alex):
        return True
    left = sum(ctx.steps(p) for p in ctx.units_at(alex, ALLIED) if p not in leaving)
    before = sum(ctx.steps(p) for p in ctx.units_at(alex, ALLIED))
    need = int(ctx.tables["alexandria_garrison"])
    return left >= need or left >= before


def surrounded(ctx: Ctx, key: str) -> bool:
    from .zoc import zoc_map

    zm = zoc_map(ctx, AXIS)
    land = [n for n in ctx.hexmap.neighbours(key) if ctx.hexmap.is_land(n)]
    return bool(land) and all(ctx.units_at(n, AXIS) or zm.of(n) for n in land)


def edge_holders(ctx: Ctx, side: str) -> list[str]:
    """33.0 supplied combat units of ``side`` on the enemy's map edge with a LOC home."""
    from .supply import has_loc

    out = []
    for key in ctx.hexmap.friendly_edge.get(enemy(side), []):
        for pid in ctx.units_at(key, side):
            if not ctx.oos(pid) and has_loc(ctx, pid):
                out.append(pid)
    return out


def check_automatic(rb: RBatch) -> bool:
    """33.0 count the consecutive enemy segments a side holds the enemy's edge; two win."""
    ctx = rb.ctx
    seg_side = ctx.seg.get("side")
    auto = dict(ctx.var("auto") or {})
    winner = None
    for side in SIDES:
        if edge_holders(ctx, side):
            if seg_side != side:
                auto[side] = int(auto.get(side, 0)) + 1
        else:
            auto[side] = 0
        if auto.get(side, 0) >= int(ctx.tables["auto_victory_segments"]):
            winner = side
    rb.add("auto-victory", "33.0", "automatic victory count: " +
           ", ".join(f"{s} {auto.get(s, 0)}" for s in SIDES), [Change.var("auto", auto)])
    if winner:
        end(rb, winner, f"33.0 Automatic Victory: the {winner} player has held the enemy's "
                        f"map edge for two enemy segments", "33.0")
        return True
    return False


def scenario_points(ctx: Ctx) -> tuple[int, list[str]]:
    """The Allied victory points of the scenario's conditions, with their reasons."""
    vic = ctx.setup.get("victory") or {}
    pts = 0
    why = []
    for key, n in (vic.get("hexes") or {}).items():
        if ctx.control(key) == ALLIED:
            pts += int(n)
            why.append(f"{ctx.hexmap.name(key)} +{n}")
    for key, n in (vic.get("axis_hexes") or {}).items():
        if ctx.control(key) == AXIS:
            pts -= int(n)
            why.append(f"{ctx.hexmap.name(key)} held by the Axis -{n}")
    per = int(vic.get("steps_per_vp") or 0)
    if per:
        lost = int((ctx.var("lost_steps") or {}).get(AXIS, 0))
        cadre = sum(ctx.max_steps(p) for p in ctx.units(AXIS, (CADRE,)))
        steps = max(lost, cadre)
        if steps // per:
            pts += steps // per
            why.append(f"{steps} Italian steps lost +{steps // per}")
    return pts, why


def scenario_end(rb: RBatch) -> None:
    ctx = rb.ctx
    vic = ctx.setup.get("victory") or {}
    pts, why = scenario_points(ctx)
    if pts >= int(vic.get("allied_win", 999)):
        winner = ALLIED
    elif pts <= int(vic.get("axis_win", -999)):
        winner = AXIS
    else:
        winner = None
    verdict = {ALLIED: "Allied victory", AXIS: "Axis victory", None: "a draw"}[winner]
    end(rb, winner, f"the scenario ends: {pts} Allied victory points ({', '.join(why) or 'none'})"
                    f": {verdict}", "31.0", points=pts)


def end(rb: RBatch, winner: str | None, text: str, rule: str, **info) -> None:
    rb.add("game-over", rule, text, [
        Change.var("phase", "over"), Change.var("side", ""),
        Change.var("result", {"winner": winner, "text": text, "rule": rule, **info})],
        winner or "", winner=winner)


def outcome(ctx: Ctx) -> Outcome | None:
    res = ctx.var("result")
    if not res:
        return None
    return Outcome(res.get("winner"), res.get("text", ""), res.get("rule", ""))
