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


#: 9 the character last found standing for each side: looked at first by
#: :func:`_standing` (only a hint: the answer is the same without it; issue 12,
#: the look along the pieces passed ~40 Legion pieces to find a Bedouin)
_LAST: dict[str, str] = {}


def _standing(ctx: Ctx) -> tuple[bool, bool]:
    """9 whether the Legion and the Bedouin have any :func:`survivors` (asked
    after every action: the characters found last time are looked at first,
    then the look along the pieces stops at the first of each)."""
    pieces, types = ctx.state.pieces, ctx.types
    p = pieces.get(_LAST.get(LEGION, ""))
    legion = p is not None and p.side == LEGION and p.status == "active" \
        and types[p.type].kind == "character"
    p = pieces.get(_LAST.get(BEDOUIN, ""))
    bedouin = p is not None and p.side == BEDOUIN and (p.status == "active" or p.status == "off") \
        and types[p.type].kind == "character"
    if legion and bedouin:
        return True, True
    for p in pieces.values():
        side = p.side
        if side == BEDOUIN:
            if bedouin:
                continue
            status = p.status
            if (status == "active" or status == "off") and types[p.type].kind == "character":
                bedouin = True
                _LAST[BEDOUIN] = p.id
                if legion:
                    break
        elif side == LEGION and not legion and p.status == "active" \
                and types[p.type].kind == "character":
            legion = True
            _LAST[LEGION] = p.id
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
    from .scenarios import special

    ctx = batch.ctx
    standing = "both sides"
    three = getattr(special(ctx), "standing_sides", None)     # 23 three sides
    if three is not None:
        sides = three(ctx)
        standing = "all three sides" if len(sides) == 3 else \
            " and ".join(f"the {s.capitalize()}" for s in sides) + " sides"
    text = f"9 Turn limit ({ctx.var('turn_limit')}) reached with {standing} standing: a draw"
    _over(batch, None, text)


def _over(batch: Batch, winner: str | None, text: str, rule: str = "9") -> None:
    batch.add("game-over", rule, text,
              [Change.var("phase", "over"), Change.var("chit", None), Change.var("mover", None),
               Change.var("result", {"winner": winner, "text": text, "rule": rule})],
              winner or "")


def outcome(ctx: Ctx) -> Outcome | None:
    return result(ctx.state.vars)


def result(variables) -> Outcome | None:
    """9 how the game ended, from the state's variables (None while it goes on):
    :func:`outcome` without a context (asked after every action)."""
    found = variables.get("result")
    if variables.get("phase", "") != "over" or not found:
        return None
    return Outcome(found.get("winner"), found.get("text", ""), found.get("rule", "9"))
