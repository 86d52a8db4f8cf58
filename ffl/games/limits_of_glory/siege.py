"""Sieges, sallies, relief forces and the siege of Malta.

Sieges: Spaces that include BUAs: elements may retreat into a friendly or empty
BUA of their space when enemies come in; then they can only be attacked by a
siege.  Sieges: Assault round / Only one round per turn: the first round is an
assault (cavalry counts); afterwards one round per turn when the besieger
activates the space (no dice needed), each followed by one of his momentum
markers in the space.  Sieges: Mamluk restrictions: Mamluks never besiege,
shelter only with other allied elements.  Sieges: Defenders sally out / Relief
force arriving by land / by sea / Defenders leaving / Ending a siege / After a
successful siege.  Malta: the British may assault a French Malta with squadrons
(Malta: Naval assault); French squadrons there may withdraw into the harbour
(Malta: Safe harbour).

``vars["sieges"]``: BUA space -> ``{"by": besieging side, "assaulted": bool}``.
Inside a BUA is ``level`` 1.
"""

from __future__ import annotations

from ...engine import Action, Change, GameState, Verdict
from . import tables as T
from .model import Ctx, commanders, elements, pieces_in, squadrons
from .tasks import GloryBatch, note, pop, update, var_copy


def sieges(state: GameState) -> dict:
    return state.vars.get("sieges", {})


def besieged_by(state: GameState, space: str) -> str | None:
    s = sieges(state).get(space)
    return s["by"] if s else None


def inside(ctx: Ctx, state: GameState, space: str, side: str) -> list:
    return [p for p in pieces_in(state, space, side) if p.level == 1
            and ctx.kind(p) in ("element", "commander")]


def bua_open_to(ctx: Ctx, state: GameState, space: str, side: str) -> bool:
    """A friendly or unoccupied BUA in ``space`` (no enemy inside)."""
    if ctx.bua(space) is None:
        return False
    return not inside(ctx, state, space, T.other(side))


def can_retire(ctx: Ctx, state: GameState, space: str, side: str) -> bool:
    """Sieges: Spaces that include BUAs: the defenders may go inside (Mamluks only
    with other allied elements; Malta's French squadrons into the harbour)."""
    if space == T.MALTA_SEA:
        return side == T.FRENCH and _malta_french(ctx, state) and bool(
            [p for p in squadrons(ctx, state, space, side) if p.level == 0])
    if not bua_open_to(ctx, state, space, side):
        return False
    out = [p for p in pieces_in(state, space, side) if p.level == 0
           and ctx.kind(p) in ("element", "commander")]
    if not out:
        return False
    if side == T.ALLIED:
        others = [p for p in pieces_in(state, space, side) if ctx.kind(p) == "element"
                  and ctx.nation(p) != "mamluk"]
        if not others:
            cmds = [p for p in out if ctx.kind(p) == "commander" and ctx.nation(p) != "mamluk"]
            return bool(cmds)
    return True


def _malta_french(ctx: Ctx, state: GameState) -> bool:
    return any(p.side == T.FRENCH for p in elements(ctx, state, T.MALTA_LAND))


def retire(batch: GloryBatch, ctx: Ctx, task: dict, go: bool) -> None:
    """The retire answer of a combat: go inside, or fight in the open."""
    space, side = task["space"], task["def"]
    if not go:
        note(batch, T.COMBAT_ENGAGE, f"{T.COMBAT_ENGAGE}: the {T.NATION_NAMES[side]} stand "
             f"and fight in {ctx.label(space)}", side=side)
        update(batch, stage="lead-att")
        return
    state = batch.state
    if space == T.MALTA_SEA:
        movers = [p for p in squadrons(ctx, state, space, side) if p.level == 0]
    else:
        out = [p for p in pieces_in(state, space, side) if p.level == 0
               and ctx.kind(p) in ("element", "commander")]
        non_mamluk = any(ctx.nation(p) != "mamluk" for p in out + inside(ctx, state, space, side))
        movers = [p for p in out if ctx.nation(p) != "mamluk" or non_mamluk]
    changes = [Change.set(p.id, "level", 1) for p in movers]
    where = "Malta's harbour" if space == T.MALTA_SEA else f"the BUA of {ctx.label(space)}"
    rule = T.MALTA_HARBOUR if space == T.MALTA_SEA else T.SIEGE_BUA
    note(batch, rule, f"{rule}: the {T.NATION_NAMES[side]} retire into {where}",
         changes, side=side)
    left = [p for p in pieces_in(batch.state, space, side) if p.level == 0
            and ctx.kind(p) == "element" and ctx.ekind(p) != "savants"]
    if left:
        update(batch, stage="lead-att")
        return
    pop(batch)
    note_siege(batch, ctx, space)
    from .aftermath import sweep

    sweep(batch, ctx)


def note_siege(batch: GloryBatch, ctx: Ctx, space: str) -> None:
    """Start or end the record of a siege, as the pieces now stand."""
    state = batch.state
    if ctx.bua(space) is None or ctx.is_sea(space):
        return
    record = var_copy(state, "sieges", {})
    holders = {p.side for p in inside(ctx, state, space, T.FRENCH)
               + inside(ctx, state, space, T.ALLIED)}
    if len(holders) == 1:
        holder = holders.pop()
        foe = T.other(holder)
        outside = [p for p in elements(ctx, state, space, foe, 0)]
        if outside and space not in record:
            record[space] = {"by": foe, "assaulted": False}
            note(batch, T.SIEGE_BUA, f"{T.SIEGE_BUA}: the {T.NATION_NAMES[foe]} besiege "
                 f"{ctx.bua(space)['name']}", [Change.var("sieges", record)], side=foe)
            return
        if outside:
            return
    if space in record:
        del record[space]
        note(batch, T.SIEGE_END, f"{T.SIEGE_END}: the siege of {ctx.bua(space)['name']} is "
             "over", [Change.var("sieges", record)])
    # nobody left outside: everyone in the space is simply in it again
    back = [Change.set(p.id, "level", 0) for p in pieces_in(batch.state, space)
            if p.level == 1 and not _enemy_in(ctx, batch.state, space, p.side)]
    if back and not holders:
        note(batch, T.SIEGE_BUA, f"{T.SIEGE_BUA}: no enemy is left in {ctx.label(space)}",
             back)


def _enemy_in(ctx: Ctx, state: GameState, space: str, side: str) -> bool:
    return any(ctx.kind(p) in ("element", "commander")
               for p in pieces_in(state, space, T.other(side)))


def naval_at_sieges(ctx: Ctx, state: GameState, side: str) -> list:
    """Naval commanders next to a BUA under siege (they count as present at it)."""
    from .strength import support_spaces

    out = []
    for space in sieges(state):
        for sea in support_spaces(ctx, space):
            out += [c for c in commanders(ctx, state, sea, side) if ctx.naval(c)]
    return out


# -- the free actions: siege rounds, sallies, the naval assault of Malta --------------------

def siege_check(ctx: Ctx, state: GameState, side: str, space: str) -> Verdict:
    from .flow import markers_at

    rec = sieges(state).get(space)
    if rec is None or rec["by"] != side:
        return Verdict.no("your elements do not besiege a BUA there", T.SIEGE_HOW)
    if markers_at(state, space, side):
        return Verdict.no("a momentum marker of yours is already there", T.SIEGE_ROUND)
    able = [p for p in elements(ctx, state, space, side, 0)
            if ctx.nation(p) != "mamluk" and ctx.ekind(p) not in ("savants", "squadron")]
    if not able:
        return Verdict.no("Mamluks never conduct sieges", T.SIEGE_MAMLUK)
    return Verdict.yes()


def siege_round(batch: GloryBatch, ctx: Ctx, side: str, space: str) -> None:
    from .combat import begin_siege

    rec = sieges(batch.state)[space]
    assault = not rec.get("assaulted")
    rule = T.SIEGE_ASSAULT if assault else T.SIEGE_ROUND
    note(batch, rule, f"{rule}: the {T.NATION_NAMES[side]} "
         f"{'assault' if assault else 'press the siege of'} {ctx.bua(space)['name']}", side=side)
    begin_siege(batch, ctx, space, side, assault=assault, rule=rule)


def sally_check(ctx: Ctx, state: GameState, side: str, space: str) -> Verdict:
    from .flow import markers_at

    rec = sieges(state).get(space)
    if rec is None or rec["by"] == side:
        return Verdict.no("your elements are not besieged there", T.SIEGE_SALLY)
    if markers_at(state, space, side):
        return Verdict.no("a momentum marker of yours is already there", T.MOMENTUM_PLACE)
    if not [p for p in elements(ctx, state, space, side, 1) if ctx.ekind(p) != "savants"]:
        return Verdict.no("no elements inside to sally out", T.SIEGE_SALLY)
    return Verdict.yes()


def sally(batch: GloryBatch, ctx: Ctx, side: str, space: str) -> None:
    from .combat import begin_field
    from .strength import SALLY

    note(batch, T.SIEGE_SALLY, f"{T.SIEGE_SALLY}: the besieged sally out of "
         f"{ctx.bua(space)['name']}", side=side)
    begin_field(batch, ctx, space, side, origin=None, rule=T.SIEGE_SALLY, retire=False,
                mode=SALLY)


def malta_check(ctx: Ctx, state: GameState, side: str) -> Verdict:
    from .flow import markers_at

    if side != T.ALLIED:
        return Verdict.no("only the Allies assault Malta", T.MALTA_ASSAULT)
    if not _malta_french(ctx, state):
        return Verdict.no("Malta can only be attacked while it has a French garrison",
                          T.MALTA_ATTACK)
    ships = [p for p in squadrons(ctx, state, T.MALTA_SEA, T.ALLIED) if p.level == 0]
    if not ships:
        return Verdict.no("no Allied squadrons off Malta", T.MALTA_ASSAULT)
    if markers_at(state, T.MALTA_SEA, side):
        return Verdict.no("a momentum marker of yours is already there", T.MOMENTUM_PLACE)
    if squadrons(ctx, state, T.MALTA_SEA, T.FRENCH) and [
            p for p in squadrons(ctx, state, T.MALTA_SEA, T.FRENCH) if p.level == 0]:
        return Verdict.no("French squadrons at sea off Malta must be fought first",
                          T.MALTA_HARBOUR)
    return Verdict.yes()


def malta_assault(batch: GloryBatch, ctx: Ctx, side: str) -> None:
    from .combat import begin_naval

    note(batch, T.MALTA_ASSAULT, f"{T.MALTA_ASSAULT}: Allied squadrons assault Malta",
         side=side)
    begin_naval(batch, ctx, T.MALTA_SEA, T.ALLIED, origin=None, rule=T.MALTA_ASSAULT,
                malta_assault=True)


def siege_options(ctx: Ctx, state: GameState, side: str) -> list[Action]:
    out = []
    for space in sorted(sieges(state)):
        if siege_check(ctx, state, side, space):
            out.append(Action.make("siege", side, space=space))
        if sally_check(ctx, state, side, space):
            out.append(Action.make("sally", side, space=space))
    if side == T.ALLIED and malta_check(ctx, state, side):
        out.append(Action.make("assault-malta", side))
    return out
