"""49.0 Air transport (Crusader, El Alamein, the Campaign Game): with the Air Transport
counter bought this turn (``purchase air-transport``, 49.1), the Axis flies up to three
Shipping Points a Primary Segment from Italy to a friendly airfield at least ten hexes
from every enemy airfield and enemy Air HQ (49.2).

``airlift`` (units, airfield)  49.2 non-motorized infantry-type units, Supply Points or
                               infantry Replacements in the Italy box fly to the
                               airfield and do nothing more this segment

Readings (docs/games/legend_begins-reconstructions.md): the three points are counted as
for sea movement (23.2) and shared by the flights of one Primary Segment
(``vars["airlifted"]``); an enemy airfield is one the enemy controls (8.1).
"""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from .. import hexgeo as g
from ..tables import AXIS
from .context import ACTIVE, Ctx, RBatch, enemy

KINDS = ("airlift",)
POINTS = 3                      # 49.2 Shipping Points a Primary Segment
DISTANCE = 10                   # 49.2 hexes from an enemy airfield or Air HQ


def flyable(ctx: Ctx, pid: str) -> bool:
    """49.1 non-motorized infantry-type units, Supply Points, infantry Replacements."""
    kind = ctx.kind(pid)
    if kind == "sp":
        return True
    if kind == "repl":
        return bool(ctx.value(pid, "infantry"))
    return ctx.is_combat(pid) and ctx.infantry_type(pid) and not ctx.motorized(pid)


def airfield_ok(ctx: Ctx, key: str, side: str) -> bool:
    hm = ctx.hexmap
    if key not in hm.airfields or ctx.control(key) != side:
        return False
    foe = enemy(side)
    bases = [a for a in hm.airfields if ctx.control(a) == foe]
    bases += [ctx.piece(p).space for p, q in ctx.state.pieces.items()
              if q.side == foe and q.status == ACTIVE and ctx.utype(p) == "air_hq"
              and q.space in hm.terrain]
    return all(g.distance(key, b) >= DISTANCE for b in bases)


def legal(ctx: Ctx, action: Action) -> Verdict:
    from .logistics import shipping_points

    side, units, to = action.side, list(action.get("units") or []), action.get("airfield")
    if not ctx.special("49"):
        return Verdict.no("Air Transport is not part of this scenario", "49.0")
    if side != AXIS or int(ctx.var("air_transport", -1)) != ctx.turn:
        return Verdict.no("the Axis Air Transport counter must be bought this turn", "49.2")
    if ctx.phase != "movement" or ctx.side != side or ctx.seg_type != "primary":
        return Verdict.no("flights are made in an Axis Primary Segment", "49.2")
    if not units or any(u not in ctx.state.pieces or ctx.piece(u).side != side
                        or ctx.piece(u).space != "Italy" or ctx.piece(u).status != ACTIVE
                        for u in units):
        return Verdict.no("your pieces in the Italy box", "49.2")
    if not all(flyable(ctx, u) for u in units):
        return Verdict.no("only foot infantry, Supply Points and infantry Replacements "
                          "fly", "49.1")
    pts = sum(shipping_points(ctx, u) for u in units)
    if pts + int(ctx.var("airlifted") or 0) > POINTS:
        return Verdict.no("three Shipping Points a Primary Segment", "49.2")
    if to not in ctx.hexmap.terrain or not airfield_ok(ctx, to, side):
        return Verdict.no("a friendly airfield ten hexes or more from every enemy airfield "
                          "and Air HQ", "49.2")
    return Verdict.yes()


def apply(rb: RBatch, action: Action) -> None:
    from .logistics import shipping_points

    ctx = rb.ctx
    side, units, to = action.side, list(action["units"]), action["airfield"]
    pts = sum(shipping_points(ctx, u) for u in units)
    changes = [Change.set(u, "space", to) for u in units]
    changes += [Change.var("airlifted", int(ctx.var("airlifted") or 0) + pts),
                Change.var("done", list(ctx.var("done") or []) + units)]
    rb.add("airlift", "49.2", f"Ju 52s fly {', '.join(ctx.label(u) for u in units)} from Italy "
           f"to {ctx.hexmap.name(to)} ({pts} Shipping Point(s))", changes, side)


def options(ctx: Ctx, side: str) -> list[Action]:
    if side != AXIS or int(ctx.var("air_transport", -1)) != ctx.turn:
        return []
    fields = [a for a in sorted(ctx.hexmap.airfields) if airfield_ok(ctx, a, side)]
    pieces = [p for p, q in sorted(ctx.state.pieces.items())
              if q.side == side and q.space == "Italy" and q.status == ACTIVE
              and flyable(ctx, p)]
    return [Action.make("airlift", side, units=[p], airfield=a)
            for a in fields[:1] for p in pieces[:3]]
