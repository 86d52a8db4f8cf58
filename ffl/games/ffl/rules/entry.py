"""Entering and leaving across the board edges (6.21, 6.22): which sides of the
board an organization may still enter from, and where an entering unit comes
from (6.723 asks whether that is behind a defender)."""

from __future__ import annotations

from ..terrain import EDGES
from .context import Ctx


def entry_edges(ctx: Ctx, pid: str) -> list[str]:
    """6.21 the board edges the character's organization may enter from: any the
    scenario's ``setup["entry"]["edges"]`` lists until its first unit enters;
    then that unit's side (both sides of a corner square, ``entry["edges"]``,
    until a later unit's square settles which)."""
    entry = ctx.var("entry", {}).get(ctx.org(pid))
    if entry and entry.get("edge"):
        return list(entry.get("edges") or [entry["edge"]])
    fixed = (ctx.var("fixed_edges") or {}).get(pid)     # 22.2 the patrol's rolled side
    if fixed:
        return [fixed]
    return list(ctx.data.setup.entry_edges)


def square_edges(ctx: Ctx, key: str) -> list[str]:
    """The board sides a square lies on (two for a corner square)."""
    return [e for e in EDGES if key in ctx.fort.edge_squares(e)]


def edge_of(ctx: Ctx, key: str) -> str | None:
    """The first board side the square lies on (None inside the board)."""
    edges = square_edges(ctx, key)
    return edges[0] if edges else None


def off_board_neighbour(ctx: Ctx, pid: str, key: str) -> tuple[int, int]:
    """The (column, row) just beyond the board edge a unit entered ``key`` across
    (its organization's entry edge, 6.21), so 6.723 can tell the rear."""
    edge = (ctx.var("entry", {}).get(ctx.org(pid)) or {}).get("edge") or edge_of(ctx, key)
    col, row = ctx.fort.coords(key)
    dc, dr = {"N": (0, -1), "S": (0, 1), "W": (-1, 0), "E": (1, 0)}[edge]
    return col + dc, row + dr


def inward(edge: str | None) -> int:
    """A unit entering faces into the board (changing it later is free, 6.1241)."""
    return {"N": 4, "S": 0, "E": 6, "W": 2}.get(edge or "", 0)
