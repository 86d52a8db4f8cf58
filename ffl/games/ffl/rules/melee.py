"""Melee (6.7): a character moved into a foe's square fights it at once.

The attacker's player rolls one die; modified (6.72) it must reach the
attacker's Melee Number for the defender to be Hit, otherwise the attacker is
Hit (6.71).  Resolving costs one MF (the Game Card's melee cost, ``ctx.tables``) unless
entering took the last one (6.1245).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ffl.engine import Change
from ffl.engine.features import WINDOW
from ffl.engine.pieces import FACING_VECTORS

from .. import tables
from .context import Batch, Ctx
from .stun import hit


def is_rear(ctx: Ctx, defender: str, came_from: str | tuple[int, int] | None) -> bool:
    """6.723 the attacker came from the square directly behind the defender.

    ``came_from`` is a square key, or the (column, row) just off the board for
    a unit entering across the edge (6.21)."""
    piece = ctx.state.pieces[defender]
    if came_from is None or piece.facing is None or piece.space is None:
        return False
    dx, dy = FACING_VECTORS[piece.facing]
    col, row = ctx.fort.coords(piece.space)
    where = tuple(came_from) if not isinstance(came_from, str) else ctx.fort.coords(came_from)
    return where == (col - dx, row - dy)


def modifiers(ctx: Ctx, attacker: str, defender: str, came_from,
              via: str, up_stairway: bool) -> list[tuple[str, int, str]]:
    """6.72 every modifier that applies: (rule, value, label)."""
    value = tables.MELEE_MODIFIERS
    mods = []
    if up_stairway:
        mods.append(("6.721", value["6.721"], "attacking up a stairway"))
    if via == WINDOW:
        mods.append(("6.722", value["6.722"], "attacking through a window"))
    if is_rear(ctx, defender, came_from):
        mods.append(("6.723", value["6.723"], "attacking into the rear"))
    earlier = int(ctx.var("melees", {}).get(defender, 0))
    if earlier:
        mods.append(("6.724", earlier * value["6.724"], f"successive melee no. {earlier}"))
    if ctx.stuns(defender):
        mods.append(("6.725", value["6.725"], "defender is stunned"))
    return mods + optional_modifiers(ctx, attacker, defender)


def optional_modifiers(ctx: Ctx, attacker: str, defender: str) -> list[tuple[str, int, str]]:
    """The optional rules' melee modifiers: 12.1 mounted attacker, 13 defender's
    Melee Number lower, 17.41 Camerone, 18.3 wounds."""
    from . import morale, wounds

    value = tables.MELEE_MODIFIERS
    mods = []
    if ctx.option("mounted") and ctx.org(attacker) in (ctx.var("mounted") or ()):
        mods.append(("12.1", value["12.1"], "attacker is mounted"))
    if ctx.option("defender_melee"):
        v = tables.defender_melee_modifier(int(ctx.value(attacker, "melee", 6)),
                                           int(ctx.value(defender, "melee", 6)))
        if v:
            mods.append(("13", v, "defender's Melee Number is lower"))
    return mods + morale.camerone_melee(ctx, attacker, defender) + \
        wounds.melee_modifiers(ctx, attacker, defender)


def resolve(batch: Batch, attacker: str, defender: str, came_from,
            via: str = "", up_stairway: bool = False) -> None:
    """6.71 resolve one melee; the attacker already stands in the defender's square."""
    ctx = batch.ctx
    side = ctx.state.pieces[attacker].side
    # 6.1245 one MF (the Game Card's melee cost) unless entering the square spent
    # the last one: never more than the MF left.
    left = int(ctx.state.pieces[attacker].data.get("mf_left", 0))
    cost = min(ctx.tables.melee, max(left, 0))
    free = cost == 0 and ctx.tables.melee > 0
    mods = modifiers(ctx, attacker, defender, came_from, via, up_stairway)
    counts = dict(ctx.var("melees", {}))
    counts[defender] = counts.get(defender, 0) + 1
    batch.add("melee", "6.7",
              f"6.7 Melee: {ctx.name(attacker)} attacks {ctx.name(defender)}"
              + (" (free: entering used the last MF, 6.1245)" if free else ""),
              [Change.set(attacker, "data.mf_left", left - cost),
               Change.var("melees", counts)],
              side, attacker=attacker, defender=defender, cost=cost)
    roll = batch.die("6.71", f"Melee {ctx.name(attacker)} vs {ctx.name(defender)}", side=side)
    total = roll + sum(m[1] for m in mods)
    need = int(ctx.value(attacker, "melee", 6))
    shown = "".join(f" {m[1]:+d} ({m[0]} {m[2]})" for m in mods)
    info = {"roll": roll, "modified": total, "need": need,
            "modifiers": [[m[0], m[1]] for m in mods]}
    batch.add("melee-roll", "6.71",
              f"6.71 Melee roll {roll}{shown} = {total} against Melee Number {need}",
              side=side, **info)
    if tables.melee_hit(total, need):
        winner, loser, why = attacker, defender, f"Lost the melee to {ctx.name(attacker)}"
    else:
        winner, loser, why = defender, attacker, f"Lost the melee against {ctx.name(defender)}"
    if hit(batch, loser, "6.71", why, "melee") != "eliminated":
        from .wounds import after_melee

        after_melee(batch, winner, loser)      # 18.3 the loser is moved aside


# -- the melee of a proposed move (a query for the UI, tests and scenario authors) --------


@dataclass(frozen=True)
class MeleeInfo:
    """What a melee would be if ``attacker`` moved into ``defender``'s square now
    by the cheapest way there: every 6.72 modifier as (rule, value, label), the
    attacker's Melee Number and the lowest die roll that hits the defender
    (6.71); ``possible`` False (with the rule and reason) when it cannot get
    there now."""

    attacker: str
    defender: str
    possible: bool
    modifiers: list[tuple[str, int, str]] = field(default_factory=list)
    melee_number: int = 6
    needed: int = 7
    cost: int = 0
    rule: str = ""
    reason: str = ""

    @property
    def total(self) -> int:
        """The sum of the modifiers."""
        return sum(m[1] for m in self.modifiers)


def proposed(ctx: Ctx, attacker: str, defender: str) -> MeleeInfo:
    """6.72 the modifiers of the melee ``attacker`` would fight by moving into
    ``defender``'s square by the cheapest way (:func:`.plans.search`): the last
    step says where it comes from (6.723), whether through a window (6.722) and
    whether it climbed up a stairway just before (6.721)."""
    from .entry import off_board_neighbour
    from .movement import foe_at
    from .plans import search

    foe = ctx.state.pieces.get(defender)
    number = int(ctx.value(attacker, "melee", 6))
    if foe is None or not foe.on_board or foe_at(ctx, attacker, foe.space, foe.level) is None:
        return MeleeInfo(attacker, defender, False, melee_number=number, rule="6.7",
                         reason="no foe there to melee")
    found = search(ctx, attacker).get((foe.space, foe.level))
    if found is None:
        return MeleeInfo(attacker, defender, False, melee_number=number, rule="6.123",
                         reason=f"{ctx.name(defender)} cannot be reached now")
    cost, steps = found
    last = steps[-1]
    if last.kind == "jump":
        return MeleeInfo(attacker, defender, False, melee_number=number, rule="6.52",
                         reason="only a jump reaches that square: an impact comes first")
    before = steps[-2] if len(steps) > 1 else None
    climbed = (before.via == "tower-stairway" and before.up and before.to == before.frm
               if before is not None else bool(ctx.state.pieces[attacker].data.get("climbed_up")))
    up = (last.up and last.via in ("stairway", "tower-stairway")) or (
        climbed and last.kind == "move")
    came_from = last.frm if last.kind != "enter" else off_board_neighbour(ctx, attacker,
                                                                           last.to)
    mods = modifiers(ctx, attacker, defender, came_from, last.via, up)
    total = sum(m[1] for m in mods)
    return MeleeInfo(attacker, defender, True, mods, number, max(1, min(7, number - total)), cost)
