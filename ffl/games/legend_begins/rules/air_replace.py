"""40.9 Air Unit Replacement: in his Reinforcement/Replacement Segment a player *may*
take one air unit out of his Cadre Box for each Air HQ he has on the map (the Italian
Air HQ only Italian air units, the German one only German ones; an Allied Air HQ any
Allied unit).  The choice is a pending decision ``{"kind": "air-replace", "side": ...,
"used": [Air HQs already drawn on]}``; actions ``air-replace`` (``unit``, optional
``hq``) and ``decline`` (no more replacements this turn).  A replaced unit comes back
to its bases on its Inoperative side (40.8: repaired after a friendly segment)."""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from .air_base import air_hqs, air_units
from .context import CADRE, READY, Ctx, RBatch

KINDS = ("air-replace", "decline")
RULE = "40.9"
NATIONS = {"ger": "German", "ita": "Italian"}


def fits(ctx: Ctx, hq: str, pid: str) -> bool:
    """40.9 whether Air HQ ``hq`` may replace air unit ``pid`` (Axis: same nation)."""
    return ctx.piece(hq).side != "axis" or ctx.nat(hq) == ctx.nat(pid)


def free_hqs(ctx: Ctx, item: dict) -> list[str]:
    """The side's Air HQs on the map not yet drawn on this segment."""
    used = set(item.get("used") or [])
    return [h for h in air_hqs(ctx, item["side"]) if h not in used]


def cadre(ctx: Ctx, side: str) -> list[str]:
    return [p for p in air_units(ctx, side) if ctx.piece(p).status == CADRE]


def choices(ctx: Ctx, item: dict) -> list[tuple[str, str]]:
    """Every (air unit, Air HQ) replacement still open: for each unit in the Cadre Box
    the first free Air HQ that may replace it."""
    hqs = free_hqs(ctx, item)
    out = []
    for pid in cadre(ctx, item["side"]):
        hq = next((h for h in hqs if fits(ctx, h, pid)), None)
        if hq is not None:
            out.append((pid, hq))
    return out


def open_item(rb: RBatch, side: str) -> None:
    """The Replacement Segment: when the side has an air unit some Air HQ on the map
    may replace, it gets the choice (after any decision already pending)."""
    ctx = rb.ctx
    item = {"kind": "air-replace", "side": side, "used": []}
    if not choices(ctx, item):
        return
    n = len(air_hqs(ctx, side))
    rb.add("pending", RULE, f"40.9 air replacement: up to {n} air unit(s) may come out of the "
           "Cadre Box (one for each Air HQ on the map)",
           [Change.var("pending", list(ctx.pending) + [item])], side)


def text(ctx: Ctx, item: dict) -> str:
    return "40.9 take an air unit out of the Cadre Box (one for each Air HQ), or decline"


def kinds(item: dict) -> tuple[str, ...]:
    return KINDS


def legal(ctx: Ctx, item: dict, action: Action) -> Verdict:
    side = item["side"]
    if action.side != side:
        return Verdict.no(f"the {side} player decides this", RULE)
    if action.kind == "decline":
        return Verdict.yes()
    if action.kind != "air-replace":
        return Verdict.no(text(ctx, item), RULE)
    pid = action.get("unit")
    if pid not in ctx.state.pieces or ctx.piece(pid).side != side \
            or ctx.kind(pid) != "air":
        return Verdict.no("one of your air units", RULE)
    if ctx.piece(pid).status != CADRE:
        return Verdict.no(f"{ctx.label(pid)} is not in the Cadre Box", RULE)
    hqs = free_hqs(ctx, item)
    if not hqs:
        return Verdict.no("no Air HQ on the map is left to replace it", RULE)
    hq = action.get("hq")
    if hq is not None and hq not in hqs:
        return Verdict.no(f"{ctx.label(hq)} is not a free Air HQ on the map", RULE)
    for h in [hq] if hq is not None else hqs:
        if fits(ctx, h, pid):
            return Verdict.yes()
    nat = NATIONS.get(ctx.nat(pid), ctx.nat(pid))
    return Verdict.no(f"{ctx.label(pid)} is {nat}: only a free {nat} Air HQ on the map "
                      "replaces it", RULE)


def options(ctx: Ctx, item: dict) -> list[Action]:
    side = item["side"]
    return [Action.make("decline", side)] + [
        Action.make("air-replace", side, unit=p, hq=h) for p, h in choices(ctx, item)]


def apply(rb: RBatch, action: Action) -> None:
    ctx = rb.ctx
    item = dict(ctx.pending[0])
    rest = list(ctx.pending[1:])
    if action.kind == "decline":
        rb.add("pending", RULE, "40.9 no more air units are replaced this turn",
               [Change.var("pending", rest)], action.side)
        return
    pid = action["unit"]
    hq = action.get("hq") or next(h for h in free_hqs(ctx, item) if fits(ctx, h, pid))
    seg = int(ctx.var("segno", 0))
    item["used"] = list(item.get("used") or []) + [hq]
    rb.add("air-replacement", RULE, f"40.9 {ctx.label(pid)} comes out of the Cadre Box "
           f"through {ctx.label(hq)} (Inoperative)",
           [Change.set(pid, "status", READY), Change.set(pid, "space", None),
            Change.set(pid, "data.inop", seg), Change.var("pending", [item] + rest)],
           action.side, piece=pid, hq=hq)


def settle(rb: RBatch) -> bool:
    """Drop the decision when no replacement is left open; True when it was dropped."""
    ctx = rb.ctx
    item = ctx.pending[0]
    if choices(ctx, item):
        return False
    rb.add("pending", RULE, "40.9 air replacement is over",
           [Change.var("pending", list(ctx.pending[1:]))], item["side"])
    return True
