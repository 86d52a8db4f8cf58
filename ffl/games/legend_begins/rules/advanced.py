"""Advanced combat rules, each read only when its switch is on (``Ctx.option``):

* 34.0 German leadership and tactical superiority: Combat Table dice of 1 rolled again
  for the Axis when German steps fight, dice of 6 rolled again for the Allies when the
  defending hex holds German steps (until Montgomery, 34.3); a second roll of 1 or 6
  stands; with more than one white die, one die again per four German steps (34.2);
* 35.0 restricted hexsides: five stacking points at most attack across one;
* 36.0 infantry against armor: infantry-type attackers halved against tanks alone in
  the open (36.1); non-tank defenders rate one better against tanks without infantry
  (36.2, 16.5);
* 38.0 diversionary attacks: Magnitude one to four read as Sub-one, Advance and
  Overrun ignored.

Readings (docs/games/legend_begins-reconstructions.md): the Axis rolls his 1s again
when he attacks and keeps them when he defends (a 1 is the attacker's worst row on
every column of the Combat Table, so that is his better choice); when 34.2 limits the
number of dice rolled again, the black die goes first, then the white dice in the order
rolled.
"""

from __future__ import annotations

import math

from ..tables import ALLIED, AXIS
from .context import Ctx, RBatch, enemy

LEADERSHIP, RESTRICTED = "german_leadership", "restricted_hexsides"
INF_ARMOR, DIVERSION = "infantry_armor", "diversionary"
RESTRICTED_LIMIT = 5


# -- 34.0 ------------------------------------------------------------------------------------

def german_steps(ctx: Ctx, attack, participants: list[str]) -> tuple[int, int]:
    """(German steps among the attackers, German steps in the defending hexes)."""
    att = sum(ctx.steps(p) for p in participants if ctx.nat(p) == "ger")
    foe = enemy(attack.side)
    dfn = sum(ctx.steps(p) for t in attack.targets for p in ctx.units_at(t, foe)
              if ctx.nat(p) == "ger")
    return att, dfn


def leadership(rb: RBatch, attack, magnitude: int, whites: list[int], black: int,
               participants: list[str]) -> tuple[list[int], int]:
    """34.1 - 34.3 the rolls again; the dice as they finally stand."""
    ctx = rb.ctx
    att_ger, def_ger = german_steps(ctx, attack, participants)
    involved = att_ger + def_ger
    if not involved:
        return whites, black
    whites = list(whites)
    # (index: -1 the black die, else the white die's place), in the order taken
    order = [-1] + list(range(len(whites)))

    def value(i: int) -> int:
        return black if i == -1 else whites[i]

    limited = magnitude > 1                                 # 34.2 more than one white die
    allow = math.ceil(involved / 4) if limited else 99
    face, who = None, None
    if attack.side == AXIS and att_ger:
        face, who = 1, AXIS                                 # 34.1 the Axis may: he does
    elif attack.side == ALLIED and def_ger and not ctx.since(
            ctx.table("rule_dates")["montgomery"]):
        face, who = 6, ALLIED                               # 34.1 the Allies must (34.3)
    if face is None:
        return whites, black
    chosen = [i for i in order if value(i) == face][:allow]
    for i in chosen:
        name = "the black die" if i == -1 else f"white die {i + 1}"
        new = rb.die("34.1", f"{name} rolled again ({face} with German steps involved)",
                     side=who)
        if i == -1:
            black = new
        else:
            whites[i] = new
    if chosen:
        rb.add("leadership", "34.1", f"German leadership: {len(chosen)} die/dice of {face} "
               f"rolled again by the {'Axis' if who == AXIS else 'Allied'} player"
               + (f" (34.2: one per four German steps, {involved} involved)"
                  if limited and len(chosen) == allow and allow < 99 else ""), [], who)
    return whites, black


# -- 35.0 ------------------------------------------------------------------------------------

def wings(ctx: Ctx, a: str, b: str) -> list[str]:
    """The hexes at the two ends of the hexside a/b (their common neighbours)."""
    hm = ctx.hexmap
    na = set(hm.neighbours(a))
    return sorted(n for n in hm.neighbours(b) if n in na)


def _escarpment_end(ctx: Ctx, w: str, a: str, b: str) -> bool:
    hm = ctx.hexmap
    return any(hm.edge.get((w, x)) is not None and hm.edge[(w, x)].escarpment for x in (a, b))


def restricted(ctx: Ctx, a: str, b: str) -> bool:
    """35.0 an escarpment hexside, or one with the sea at one end and salt marsh or an
    escarpment at the other."""
    hm = ctx.hexmap
    edge = hm.edge.get((a, b))
    if edge is None:
        return False
    if edge.escarpment:
        return True
    ends = wings(ctx, a, b)
    if len(ends) != 2:
        return False
    for sea, other in (ends, ends[::-1]):
        if hm.terrain.get(sea) == "sea" and (hm.terrain.get(other) == "sebakha"
                                             or _escarpment_end(ctx, other, a, b)):
            return True
    return False


def restricted_excess(ctx: Ctx, attack) -> str:
    """35.0 '' when no more than five stacking points attack across each restricted
    hexside, else the hexside over the limit."""
    from .stacking import points

    by_side: dict[tuple[str, str], list[str]] = {}
    for pid in attack.attackers:
        src = ctx.piece(pid).space
        for t in attack.targets:
            if restricted(ctx, src, t):
                by_side.setdefault((src, t), []).append(pid)
    for (src, t), units in sorted(by_side.items()):
        if points(ctx, src, attack.side, units) > RESTRICTED_LIMIT:
            return f"{src}/{t}"
    return ""


# -- 36.0 ------------------------------------------------------------------------------------

def pure_armor_defence(ctx: Ctx, attack) -> bool:
    """36.1 the defenders are tank units alone, not in Field Works, jebel or a city."""
    if not ctx.option(INF_ARMOR) or not attack.counted:
        return False
    if any(not ctx.is_tank(p) for p in attack.counted):
        return False
    hm = ctx.hexmap
    return not any(ctx.work(t) or hm.terrain.get(t) == "jebel" or hm.is_city(t)
                   for t in attack.targets)


def pure_armor_attack(ctx: Ctx, attack) -> bool:
    """36.2 the attack has tanks and no infantry-type unit."""
    if not ctx.option(INF_ARMOR):
        return False
    units = [p for p in attack.attackers if not (ctx.nat(p) == "ita"
                                                 and attack.italians == "none")]
    return any(ctx.is_tank(p) for p in units) and not any(ctx.infantry_type(p) for p in units)


# -- 38.0 ------------------------------------------------------------------------------------

def diversion_ok(ctx: Ctx, attack, magnitude: int) -> str:
    """'' when the attack may be a Diversionary Attack (Magnitude one to four)."""
    if not ctx.option(DIVERSION):
        return "Diversionary Attacks are an advanced rule not in play"
    if attack.mobile:
        return "a Mobile Assault is not a Diversionary Attack"
    if not 1 <= magnitude <= 4:
        return "only an attack of Magnitude one to four may be a diversion"
    return ""
