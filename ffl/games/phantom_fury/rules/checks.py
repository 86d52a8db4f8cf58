"""Invariants of a Phantom Fury state (checked after every action in self-play)."""

from __future__ import annotations

from collections import Counter

from .. import mapdata as M
from .context import ENEMY_KINDS, Ctx


def broken(ctx: Ctx) -> list[str]:
    out: list[str] = []
    m = ctx.map
    for loc, pieces in ctx.at.items():
        kinds = Counter(ctx.kind(p) for p in pieces)
        enemies = kinds["insurgents"] + kinds["suspect"]
        if loc in m.zone_of:
            n = m.zone_of[loc]
            if enemies > 1:
                out.append(f"12.2.1.2: {loc} holds {enemies} markers/units")
            if enemies and (kinds["squad"] or kinds["iif"]):
                out.append(f"12.2.1.2: {loc} holds a squad and an enemy")
            if n == M.NO_ENTRY:
                out.append(f"12.4.2: a counter in Zone 27 ({loc})")
            if not ctx.exists(loc) and any(ctx.kind(p) != "security" for p in pieces):
                out.append(f"4.1.6: {loc} is rubble but holds {sorted(p.id for p in pieces)}")
            if n == M.MOSQUE and kinds["squad"]:
                out.append(f"12.4.2: a USMC squad in the mosque ({loc})")
        elif loc in m.street_zones:
            if kinds["squad"] + kinds["iif"] > 1 or kinds["abrams"] > 1:
                out.append(f"12.2.3: street {loc} overfull")
            if enemies:
                out.append(f"{loc}: an enemy in a street")
    for n in m.zones:
        if ctx.insurgent_control(n) and n != M.MOSQUE and len(ctx.zone_squads(n)) > 1:
            out.append(f"12.2.1.1: Zone {n} (insurgents) holds {len(ctx.zone_squads(n))} squads")
        if n == M.NO_ENTRY and ctx.usmc_control(n):
            out.append("4.1.4: Zone 27 under USMC Control")
    for caat in ctx.on_map("caat"):
        squad = ctx.state.pieces.get(caat.data.get("squad") or "")
        if squad is not None and squad.status == "active" and squad.space != caat.space:
            out.append(f"5.1.4: {caat.id} not stacked with {squad.id}")
    for p in ctx.state.pieces.values():
        if p.status == "off" and p.space is not None:
            out.append(f"{p.id}: in a container but on the map")
        if p.status == "active" and p.space is None:
            out.append(f"{p.id}: active but nowhere")
        if ctx.kind(p) in ENEMY_KINDS and p.status == "active" and p.space not in m.zone_of:
            out.append(f"{p.id}: an enemy outside a Location")
    return out
