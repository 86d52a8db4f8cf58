"""Invariants of a Legend Begins state, checked after every action by self-play and the
conformance test."""

from __future__ import annotations

from .context import ACTIVE, Ctx

PHASES = {"start", "recovery", "organization", "movement", "arrange", "combat", "supply",
          "end", "over"}
PENDING = {"loss", "retreat", "advance", "repulsed", "overstack", "demolish", "release",
           "reaction", "air", "air-lost", "air-replace", "seven"}


def broken(ctx: Ctx) -> list[str]:
    out = []
    st = ctx.state
    if ctx.phase not in PHASES:
        out.append(f"unknown phase {ctx.phase!r}")
    board = ctx.hexmap.board
    by_hex: dict[str, set[str]] = {}
    for pid, p in st.pieces.items():
        if p.status != ACTIVE:
            continue
        if p.space is None or p.space not in board:
            out.append(f"{pid} is active but not on a space ({p.space})")
            continue
        if ctx.hexmap.terrain.get(p.space) == "sea" and ctx.kind(pid) != "air":
            out.append(f"{pid} is at sea in {p.space}")
        if ctx.is_combat(pid):
            by_hex.setdefault(p.space, set()).add(p.side)
            s = ctx.steps(pid)
            if not 1 <= s <= ctx.max_steps(pid):
                out.append(f"{pid} has {s} steps (1..{ctx.max_steps(pid)})")
        for link in ("hq", "carried_by"):
            other = p.data.get(link)
            if other:
                q = st.pieces.get(other)
                if q is None or q.status != ACTIVE or q.space != p.space:
                    out.append(f"{pid} is {link} {other}, which is not with it")
    for key, sides in by_hex.items():
        if len(sides) > 1 and key in ctx.hexmap.terrain:
            out.append(f"both sides' units share {key}")
    for side, n in (ctx.var("rp") or {}).items():
        if not 0 <= int(n) <= int(ctx.tables["rp_max"]):
            out.append(f"{side} has {n} Resource Points")
    if not -3 <= int(ctx.var("malta", 0)) <= 3:
        out.append("Malta off its track")
    for item in ctx.pending:
        if item.get("kind") not in PENDING:
            out.append(f"unknown pending decision {item}")
    if len(ctx.var("drawn") or []) > 7:
        out.append("more than seven segments in a turn")
    last = ctx.var("history") or []
    sides = [c.split("-")[0] for _t, c in last]
    for i in range(2, len(sides)):
        if sides[i] == sides[i - 1] == sides[i - 2]:
            cup_empty = False
            out.append("a side had three segments in a row") if not cup_empty else None
            break
    return out
