"""Leader saving rolls (7.8).

7.81 the leaders are the Legion and Bedouin commanders, the Legion sergeants
and corporals and the Bedouin tribal chiefs: the roster marks them with the
``leader`` value.  7.82 a leader hit by fire rolls one die at once; on the
Saving Roll table (tables.py) a low roll shrugs the hit off, a high roll lets
it count.
"""

from __future__ import annotations

from .. import tables
from .context import Batch, Ctx


def is_leader(ctx: Ctx, pid: str) -> bool:
    """7.81 whether the character is a leader."""
    return bool(ctx.value(pid, "leader", False))


def saving_roll(batch: Batch, pid: str, rule: str = "7.82") -> bool:
    """7.82 roll for a leader hit by fire (10.162: any unit hit through a closed
    firing slot, ``rule``); True when the hit is ignored.

    The die is rolled by the leader's own player (4.1) and recorded as a
    ``dice`` event; a ``saved`` or ``save-failed`` event follows.
    """
    ctx = batch.ctx
    side = ctx.state.pieces[pid].side
    roll = batch.die(rule, f"Saving roll for {ctx.name(pid)}", side=side, piece=pid)
    saved = tables.saving_roll(roll)
    if saved:
        batch.add("saved", rule, f"{rule} Saving roll {roll}: {ctx.name(pid)} is only "
                  "scratched, the hit is ignored", side=side, piece=pid, roll=roll)
    else:
        batch.add("save-failed", rule, f"{rule} Saving roll {roll}: the hit on "
                  f"{ctx.name(pid)} counts", side=side, piece=pid, roll=roll)
    return saved
