"""Tunnels (15.2, optional rule ``siege``)."""

from __future__ import annotations

from .context import Ctx


def in_secret_tunnel(ctx: Ctx, piece) -> bool:
    """15.23, 15.25 the unit stands in a tunnel square the Legion does not know of."""
    return piece.level < 0 and not piece.data.get("revealed")
