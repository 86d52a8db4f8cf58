"""Victory (9): the side with the last surviving characters on the board wins.

A Bedouin organization that has not entered yet is still in the game; a
character that left the board (6.22) is not.  The Basic Game has no turn limit,
and neither has a game started normally; the option ``turn_limit`` (0 for none)
ends the game as a draw after that many turns, for random self-play (see
``GameInfo.selfplay_options``) and for players who agree on a timed game.
"""

from __future__ import annotations

from ffl.engine import Change, Outcome

from .context import BEDOUIN, LEGION, Batch, Ctx
from .scenarios import victory as scenario_victory

#: 9 plays on until one side is gone: no cap unless the players ask for one.
DEFAULT_TURN_LIMIT = 0


def survivors(ctx: Ctx, side: str) -> int:
    """9 characters of ``side`` still in the game (on the board, or waiting to enter)."""
    alive = ("active", "off") if side == BEDOUIN else ("active",)
    return sum(1 for p in ctx.characters(side) if p.status in alive)


def _standing(ctx: Ctx) -> tuple[bool, bool]:
    """9 whether the Legion and the Bedouin have any :func:`survivors` (asked
    after every action: the look along the pieces stops at the first of each)."""
    legion = bedouin = False
    types = ctx.types
    for p in ctx.state.pieces.values():
        side = p.side
        if side == BEDOUIN:
            if bedouin:
                continue
            status = p.status
            if (status == "active" or status == "off") and types[p.type].kind == "character":
                bedouin = True
                if legion:
                    break
        elif side == LEGION and not legion and p.status == "active" \
                and types[p.type].kind == "character":
            legion = True
            if bedouin:
                break
    return legion, bedouin


def check(batch: Batch) -> bool:
    """9 end the game if a side has no character left; True if it ended."""
    ctx = batch.ctx
    if ctx.phase in ("cafard", "setup-legion", "setup-bedouin", "over"):
        return ctx.phase == "over"
    ended = scenario_victory(batch)      # 19-23 a scenario's own victory conditions
    if ended is not None:
        return ended
    legion, bedouin = _standing(ctx)
    if legion and bedouin:
        return False
    if not legion and not bedouin:
        winner, text = None, "9 Both sides are wiped out: a draw"
    else:
        winner = LEGION if legion else BEDOUIN
        text = f"9 The {winner.capitalize()} side has the last survivors and wins"
    _over(batch, winner, text)
    return True


def turn_limit_reached(batch: Batch) -> None:
    """The ``turn_limit`` option: the game stops as a draw (not a rule of the game)."""
    ctx = batch.ctx
    text = f"9 Turn limit ({ctx.var('turn_limit')}) reached with both sides standing: a draw"
    _over(batch, None, text)


def _over(batch: Batch, winner: str | None, text: str, rule: str = "9") -> None:
    batch.add("game-over", rule, text,
              [Change.var("phase", "over"), Change.var("chit", None), Change.var("mover", None),
               Change.var("result", {"winner": winner, "text": text, "rule": rule})],
              winner or "")


def outcome(ctx: Ctx) -> Outcome | None:
    result = ctx.var("result")
    if ctx.phase != "over" or not result:
        return None
    return Outcome(result.get("winner"), result.get("text", ""), result.get("rule", "9"))
