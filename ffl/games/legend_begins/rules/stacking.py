"""5.0 Stacking: seven stacking points per side in a hex at the end of a movement
segment; battalions 1, regiments and brigades 2, divisions 3 (5.2); HQs, Supply
Points, Trucks and markers nothing; a division's units with their HQ (or an Italian
division's regiments, which have no HQ) never more than 3 (5.4); one artillery unit
free in each hex (5.6)."""

from __future__ import annotations

from .context import Ctx


def points(ctx: Ctx, key: str, side: str, units: list[str] | None = None) -> int:
    """The stacking points ``side`` has in a hex (or of the ``units`` named)."""
    pids = units if units is not None else ctx.units_at(key, side)
    art = [p for p in pids if ctx.utype(p) == "art"]
    # 5.6 the artillery unit that stacks free is the one that saves most: before, the
    # first of the largest in list order, so the same stack counted 6 or 8 (an artillery
    # unit of a division with its HQ may already be inside the 5.4 three points)
    return min((_points(ctx, pids, free) for free in art), default=_points(ctx, pids, None))


def _points(ctx: Ctx, pids: list[str], free: str | None) -> int:
    """The stacking points of ``pids`` with ``free`` the artillery unit counted at none."""
    hqs = {ctx.value(p, "div"): p for p in pids if ctx.utype(p) == "div_hq"}
    by_div: dict[str, int] = {}
    total = 0
    for pid in pids:
        if pid == free:
            continue
        pts = ctx.stack_points(pid)
        hq = ctx.piece(pid).data.get("hq")
        div = ctx.value(pid, "div") or ""
        if hq and ctx.utype(hq) == "div_hq":
            div = ctx.value(hq, "div")
        if div and (div in hqs or (ctx.nat(pid) == "ita" and ctx.utype(pid) == "inf")):
            by_div[div] = by_div.get(div, 0) + pts
        else:
            total += pts
    limit = int(ctx.tables["division_stack"])
    return total + sum(min(limit, v) for v in by_div.values())


def overstacked(ctx: Ctx, key: str, side: str) -> bool:
    return points(ctx, key, side) > int(ctx.tables["stack_limit"])


def violations(ctx: Ctx, side: str) -> list[str]:
    """Hexes where ``side`` breaks the limit, except a stack over it because of a retreat
    until the end of its owner's next movement phase (5.5)."""
    excused = ctx.var("overstack_ok") or {}
    out = []
    for key in sorted(ctx.occupied[side]["combat"]):
        if excused.get(key) == side:
            continue
        if overstacked(ctx, key, side):
            out.append(key)
    return out
