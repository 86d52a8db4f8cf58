"""Invariants of a Limits of Glory state, checked after every action in self-play."""

from __future__ import annotations

from ...engine import GameState
from . import tables as T
from .model import WITH, Ctx


def broken(ctx: Ctx, state: GameState) -> list[str]:
    out = []
    for p in state.pieces.values():
        if p.status == "active":
            if p.space is None and p.type not in ("fleet",):
                if ctx.kind(p) != "commander" or p.id not in ("brueys",):
                    out.append(f"{p.id} is in play with no space")
            elif p.space is not None and p.space not in ctx.board:
                out.append(f"{p.id} is in an unknown space {p.space}")
        if p.status == WITH:
            senior = state.pieces.get(p.data.get(WITH, ""))
            if senior is None or senior.status not in ("active", WITH):
                out.append(f"{p.id} accompanies {p.data.get(WITH)!r}, who is not in play")
            elif senior.space != p.space:
                out.append(f"{p.id} is not where his senior {senior.id} is")
        if ctx.kind(p) == "commander" and "glory" in p.data and p.data["glory"] < 0:
            out.append(f"{p.id} has negative glory")
        if p.status == "active" and p.space and ctx.kind(p) == "element":
            sea = ctx.is_sea(p.space)
            if ctx.ekind(p) == "squadron" and not sea:
                out.append(f"{p.id} (a squadron) is on land")
            if ctx.nation(p) == "mamluk" and sea:
                out.append(f"{p.id} (a Mamluk) is at sea")
    hand = state.vars.get("hand", {})
    if any(v < 0 for v in hand.values()):
        out.append(f"negative momentum in hand {hand}")
    for space, marks in state.vars.get("markers", {}).items():
        if space not in ctx.board or any(v < 0 for v in marks.values()):
            out.append(f"bad momentum markers at {space}")
    for space in state.vars.get("sieges", {}):
        if space not in ctx.board or not ctx.bua(space):
            out.append(f"a siege recorded where there is no BUA: {space}")
    act = state.vars.get("activation")
    if act and act.get("space") not in ctx.board:
        out.append("the activated space is unknown")
    if state.vars.get("event_dice", 1) not in (1, 2, 3, 4):
        out.append("the event clock uses 1 to 4 dice")
    for tile in state.vars.get("tiles", []):
        if tile not in T.TILES:
            out.append(f"no second event tile {tile}")
    return out
