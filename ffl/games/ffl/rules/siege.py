"""The siege options (15, optional rule ``siege``): dynamite (15.1) here,
tunnels (15.2) in :mod:`.tunnels`."""

from __future__ import annotations

from .context import Batch


def fire_on_dynamite(batch: Batch, space: str | None, total: int) -> None:
    """15.131 a character hit by fire on a modified 6 or more sets off the
    dynamite in its square."""
    if not batch.ctx.option("siege") or space is None:
        return
