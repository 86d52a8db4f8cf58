"""The Event Clock: which event happens at the start of a conquest turn.

Event Clock: Events: roll the number of dice on the clock's dice marker and read
the box of the total.  Event dice markers: the first event uses one die; the
number grows to four as the game goes on.  Additional event dice: some events
add a die and are rolled again at once; the dice marker stays at the new count.
Second event tile: an event that has happened is covered by its second event
tile (if it has one), which is what that total reads from then on.  Repeatable
events (R) are never covered.

``vars``: ``event_dice`` (1-4), ``tiles`` (numbers covered), ``done_events``.
The effects of each box and tile are in :mod:`.events`.
"""

from __future__ import annotations

from ...engine import Change
from . import tables as T
from .model import Ctx
from .tasks import GloryBatch, note, var_copy


def event_dice(state) -> int:
    return int(state.vars.get("event_dice", 1))


def roll_event(batch: GloryBatch, ctx: Ctx, dice: int | None = None) -> None:
    """Roll for the turn's event (Event Clock: Events) and carry it out."""
    n = dice or event_dice(batch.state)
    values = batch.roll(T.CLOCK, f"Event clock ({n} {'die' if n == 1 else 'dice'})", n)
    total = sum(values)
    covered = total in batch.state.vars.get("tiles", [])
    title = T.EVENT_TITLES.get(total, "")
    what = f"second event tile {total}" if covered else f"event {total}: {title}"
    note(batch, T.CLOCK, f"{T.CLOCK}: {n} {'die' if n == 1 else 'dice'} total {total}: {what}",
         [Change.var("last_event", total)], event=total, dice_count=n, tile=covered)
    from . import events

    if covered:
        events.tile(batch, ctx, total, n)
    else:
        events.box(batch, ctx, total, n)


def escalate(batch: GloryBatch, ctx: Ctx, rule: str, n: int) -> None:
    """Event Clock: Additional event dice: one more die from now on, and roll again."""
    new = min(4, n + 1)
    if new > event_dice(batch.state):
        note(batch, T.CLOCK_MORE, f"{T.CLOCK_MORE}: ({rule}) the {new} dice marker goes on the "
             f"clock; the event is rolled again with {new} dice",
             [Change.var("event_dice", new)])
    else:
        note(batch, T.CLOCK_MORE, f"{T.CLOCK_MORE}: ({rule}) the event is rolled again with "
             f"{new} dice")
    roll_event(batch, ctx, new)


def cover(batch: GloryBatch, number: int) -> None:
    """Event Clock: Second event tile (never on a repeatable event)."""
    done = var_copy(batch.state, "done_events", [])
    if number not in done:
        done.append(number)
        batch.quiet([Change.var("done_events", done)])
    if number in T.REPEATABLE or number not in T.TILES:
        return
    tiles = var_copy(batch.state, "tiles", [])
    if number not in tiles:
        tiles.append(number)
        note(batch, T.CLOCK_TILE, f"{T.CLOCK_TILE}: second event tile {number} now covers "
             f"box {number}", [Change.var("tiles", sorted(tiles))])
