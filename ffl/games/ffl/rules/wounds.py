"""Wounds (18, optional rule ``wounds``): a hit is rolled on the Wounds Tables
before it kills.

* 18.1 the table by cause: fire and dynamite on one, melee, jump impact and
  jumping on the other (``tables.wound``);
* 18.11 a scratch: as if missed; 18.12 ``-1,-1`` one MF less and -1 firing
  (not as a crewman); 18.13 ``-1,0`` one MF less and no fire, not as crew
  either; 18.14 eliminated; 18.15 a second wound eliminates;
* 18.2 the wound is marked on the unit (``data["wound"]``: ``"-1,-1"`` or
  ``"-1,0"``, the marks of the Character Unit Sheet);
* 18.3 a wounded attacker -1, attacking a wounded defender +1; the loser of a
  melee who is wounded (or only scratched: it was not eliminated and cannot
  share the winner's square, 4.3) is moved by the winner's player into an
  open adjacent square, a drop there being a jump (6.5); none open: it is
  eliminated.
"""

from __future__ import annotations

from ffl.engine import Change

from .. import tables
from .context import Batch, Ctx

#: 18.1 causes read on the "hit by fire or dynamite" table; the others on the
#: "hit in melee, impact, jumping" table
FIRE_CAUSES = ("fire", "dynamite")
FIRE_WOUND, NO_FIRE_WOUND = "-1,-1", "-1,0"


def wound_of(ctx: Ctx, pid: str) -> str | None:
    """18.2 the wound marked on the unit, if any."""
    return ctx.state.pieces[pid].data.get("wound")


def mf_penalty(ctx: Ctx, pid: str) -> int:
    """18.12, 18.13 a wounded unit has one MF less."""
    return 1 if ctx.option("wounds") and wound_of(ctx, pid) else 0


def may_fire(ctx: Ctx, pid: str) -> bool:
    """18.13 a ``-1,0`` wound: no fire, no crew."""
    return wound_of(ctx, pid) != NO_FIRE_WOUND


def fire_modifiers(ctx: Ctx, pid: str) -> list[tuple[str, int]]:
    """18.12 a ``-1,-1`` wound: -1 firing."""
    if ctx.option("wounds") and wound_of(ctx, pid) == FIRE_WOUND:
        return [("18.12", tables.FIRE_MODIFIERS["18.12"])]
    return []


def melee_modifiers(ctx: Ctx, attacker: str, defender: str) -> list[tuple[str, int, str]]:
    """18.3 a wounded attacker -1; a wounded defender +1."""
    out = []
    if not ctx.option("wounds"):
        return out
    if wound_of(ctx, attacker):
        out.append(("18.3", tables.MELEE_MODIFIERS["18.3-attacker"], "attacker is wounded"))
    if wound_of(ctx, defender):
        out.append(("18.3", tables.MELEE_MODIFIERS["18.3-defender"], "defender is wounded"))
    return out


def wound(batch: Batch, pid: str, rule: str, why: str, cause: str) -> str:
    """18.1 roll for a hit unit: ``scratch``, ``wounded`` or ``eliminated``."""
    from .stun import eliminate

    ctx = batch.ctx
    piece = ctx.state.pieces[pid]
    name = ctx.name(pid)
    table = "fire or dynamite" if cause in FIRE_CAUSES else "melee, impact, jumping"
    roll = batch.die("18.1", f"Wound roll for {name} (hit by {cause})", side=piece.side,
                     piece=pid)
    result = tables.wound(roll, cause in FIRE_CAUSES)
    if result == tables.SCRATCH:
        batch.add("scratch", "18.11", f"18.11 {why}: roll {roll} on the {table} table, "
                  f"a scratch; {name} carries on", [], piece.side, piece=pid, roll=roll)
        return "scratch"
    if result == tables.ELIMINATED:
        eliminate(batch, pid, "18.14", f"{why}; wound roll {roll}")
        return "eliminated"
    if wound_of(ctx, pid):
        eliminate(batch, pid, "18.15", f"{why}; a second wound")
        return "eliminated"
    mark = FIRE_WOUND if result == tables.WOUND_FIRE else NO_FIRE_WOUND
    rule_of = "18.12" if mark == FIRE_WOUND else "18.13"
    what = "-1 MF, -1 firing" if mark == FIRE_WOUND else "-1 MF, no fire"
    changes = [Change.set(pid, "data.wound", mark)]
    left = piece.data.get("mf_left")
    if left is not None:
        changes.append(Change.set(pid, "data.mf_left", max(0, int(left) - 1)))
    batch.add("wounded", rule_of, f"{rule_of} {why}: roll {roll} on the {table} table, "
              f"{name} is wounded ({mark}: {what})", changes, piece.side, piece=pid,
              roll=roll, wound=mark)
    return "wounded"


def after_melee(batch: Batch, winner: str, loser: str) -> None:
    """18.3 a loser still standing (wounded or scratched) is moved by the
    winner's player into an open adjacent square (none: eliminated); an
    attacker who lost ends its move."""
    from .stun import set_pending

    ctx = batch.ctx
    if not ctx.state.pieces[loser].on_board:
        return
    if ctx.mover == loser:
        batch.add("move-ends", "18.3", f"18.3 {ctx.name(loser)} lost the melee: its move ends",
                  [Change.var("mover", None), Change.var("done", ctx.done + [loser])],
                  ctx.state.pieces[loser].side, piece=loser)
    set_pending(batch, loser, ctx.state.pieces[winner].side, "18.3")
