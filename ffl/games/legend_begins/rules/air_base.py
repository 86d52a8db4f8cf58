"""40.0 The air game: what the rules read of the air units and their bases (no decision
here): the counters' values, who is flying, Support from airfields and Air HQs (40.10 -
40.12), returning to base, the pieces a scenario starts with.  The air sub-phase is in
:mod:`.air`, the effects on the ground game and the turn's hooks in :mod:`.air_effects`.
"""

from __future__ import annotations

from ffl.engine import Change

from .. import hexgeo as g
from .context import ACTIVE, CADRE, READY, Ctx, RBatch

BOMBER_TYPES = ("FB", "GS", "B")
FIGHTER_TYPES = ("F", "FB")


def table(ctx: Ctx) -> dict:
    found = ctx.tables.get("air")
    if found is None:
        from ..air_units import air_tables

        found = air_tables()
    return found


def is_air(ctx: Ctx, pid: str) -> bool:
    return ctx.kind(pid) == "air"


def is_air_hq(ctx: Ctx, pid: str) -> bool:
    return ctx.utype(pid) == "air_hq"


def air_type(ctx: Ctx, pid: str) -> str:
    return str(ctx.value(pid, "air_type", ""))


def a2a(ctx: Ctx, pid: str) -> tuple[int, int]:
    a, d = ctx.value(pid, "a2a") or [0, 0]
    return int(a), int(d)


def air_range(ctx: Ctx, pid: str, mission: str) -> int:
    """40.1 the range in hexes; 40.3 Interceptors have it halved (rounded down)."""
    r = int(ctx.value(pid, "range", 0))
    return r // 2 if mission == "intercept" else r


def air_units(ctx: Ctx, side: str) -> list[str]:
    return [p for p, q in sorted(ctx.state.pieces.items())
            if q.side == side and ctx.kind(p) == "air"]


def flying(ctx: Ctx, side: str | None = None) -> list[str]:
    """Air units on the map (on a mission)."""
    return [p for p, q in sorted(ctx.state.pieces.items())
            if q.status == ACTIVE and ctx.kind(p) == "air" and (side is None or q.side == side)]


def operative(ctx: Ctx, pid: str) -> bool:
    """At its base and able to fly (not on its Inoperative side, 40.8)."""
    q = ctx.piece(pid)
    return q.status == READY and q.data.get("inop") is None


def air_hqs(ctx: Ctx, side: str, working: bool = False) -> list[str]:
    """The side's Air HQs on the map (``working``: not on their construction side)."""
    return [p for p, q in sorted(ctx.state.pieces.items())
            if q.side == side and q.status == ACTIVE and ctx.utype(p) == "air_hq"
            and q.space in ctx.hexmap.terrain and not (working and q.data.get("building"))]


def sources(ctx: Ctx, side: str) -> dict[str, int]:
    """40.10 - 40.12 the hexes giving ``side``'s air units Support and their Support
    Factors: the printed airfields it controls (two each) and its working Air HQs (their
    own factor; on an airfield the two add)."""
    out: dict[str, int] = {}
    per_field = int(table(ctx)["airfield_support"])
    for key in ctx.hexmap.airfields:
        if key in ctx.hexmap.terrain and ctx.control(key) == side:
            out[key] = per_field
    for pid in air_hqs(ctx, side, working=True):
        key = ctx.piece(pid).space
        out[key] = out.get(key, 0) + int(ctx.value(pid, "support", 0))
    return out


def used(ctx: Ctx, side: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for pid in flying(ctx, side):
        base = ctx.piece(pid).data.get("base")
        if base:
            out[base] = out.get(base, 0) + 1
    return out


def bases_for(ctx: Ctx, pid: str, key: str, mission: str) -> list[str]:
    """The Support sources with room left whose range reaches ``key`` (40.2, 40.10),
    the fullest first left for last (most room first, then by hex)."""
    side = ctx.piece(pid).side
    src = sources(ctx, side)
    busy = used(ctx, side)
    reach = air_range(ctx, pid, mission)
    ok = [(busy.get(b, 0) - cap, b) for b, cap in src.items()
          if busy.get(b, 0) < cap and g.distance(b, key) <= reach]
    return [b for _n, b in sorted(ok)]


def is_bomber(ctx: Ctx, pid: str) -> bool:
    """40.3 a Bomber: on a Ground Support or Interdiction mission."""
    return ctx.piece(pid).data.get("mission") in ("gs", "interdict")


def mission(ctx: Ctx, pid: str) -> str | None:
    return ctx.piece(pid).data.get("mission")


def _to_base(rb: RBatch, pids: list[str], rule: str, text: str) -> None:
    ctx = rb.ctx
    changes = []
    for p in pids:
        changes += [Change.set(p, "status", READY), Change.set(p, "space", None),
                    Change.set(p, "data.mission", None), Change.set(p, "data.base", None),
                    Change.set(p, "data.hit", None)]
    rb.add("air-return", rule, f"{text}: {', '.join(ctx.label(p) for p in pids)}", changes,
           ctx.piece(pids[0]).side if len({ctx.piece(p).side for p in pids}) == 1 else "")


def _unsupported(rb: RBatch, side: str) -> None:
    """40.10 air units whose Support is gone are removed (before Air-to-Air Combat)."""
    ctx = rb.ctx
    src = sources(ctx, side)
    count: dict[str, int] = {}
    gone = []
    for pid in flying(ctx, side):
        base = ctx.piece(pid).data.get("base")
        count[base] = count.get(base, 0) + 1
        if base not in src or count[base] > src[base] or \
                g.distance(base, ctx.piece(pid).space) > air_range(ctx, pid, mission(ctx, pid)):
            gone.append(pid)
    if gone:
        _to_base(rb, gone, "40.10", "without Support: removed")


def _cadre(ctx: Ctx, pid: str) -> list:
    return [Change.set(pid, "status", CADRE), Change.set(pid, "space", None),
            Change.set(pid, "data.mission", None), Change.set(pid, "data.base", None),
            Change.set(pid, "data.hit", None), Change.set(pid, "data.inop", None)]


def _abort(ctx: Ctx, pid: str) -> list:
    """40.8 off the map at once, on its Inoperative side."""
    return [Change.set(pid, "status", READY), Change.set(pid, "space", None),
            Change.set(pid, "data.mission", None), Change.set(pid, "data.base", None),
            Change.set(pid, "data.hit", None),
            Change.set(pid, "data.inop", int(ctx.var("segno", 0)))]


def lost_choices(ctx: Ctx, side: str) -> list[str]:
    return [p for p in air_units(ctx, side) if ctx.piece(p).status in (READY, ACTIVE)]


def starting_pieces(setup: dict, types) -> list[tuple[str, str, str, str | None, str]]:
    """The air units and Air HQs of a scenario (40.0) as (piece, type, side, space,
    status): only made when the air game is played."""
    out = []
    for side, what in sorted((setup.get("air") or {}).items()):
        for key, hq in sorted((what.get("hq") or {}).items()):
            out.append((hq, hq, side, key, ACTIVE))
        for pid in what.get("ready") or []:
            out.append((pid, pid, side, None, READY))
        for _turn, pids in sorted((what.get("arrive") or {}).items()):
            for pid in pids:
                out.append((pid, pid, side, None, "off"))
    return [o for o in out if o[1] in types]

