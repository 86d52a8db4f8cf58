"""The Bedouin (set-up and removal) and the uprisings.

Set Up: Bedouin: eight dice; for each 1 to 4 a Bedouin marker goes into an
Egyptian space of that value (Upper Egypt included, never Syria), for each 5 or
6 into any Egyptian space; fours beyond the second count as fives.  Bedouin:
Removing: in a space of value 3 or 4 the French may roll that many dice and
remove the marker with three successes (re-rolls with the most senior French
commander there); never a momentum marker (Bedouin: Momentum).  We allow one
attempt per Bedouin space per turn (the book gives no limit).

Uprisings: Procedure: the Allied player rolls the space value; Murad or Ibrahim
Bey present may re-roll; the most senior French commander in the BUA may
require re-rolls; each success costs him two glory.  Mamluk initiated: once per
BUA per turn, in Egypt, with Mamluk cavalry in the space and a French commander
in the BUA.  Uprisings through Events: the same, in the BUA an event names.
"""

from __future__ import annotations

from ...engine import Action, Change, GameState, Verdict
from . import tables as T
from .mechanism import CONTINUE, start
from .model import Ctx, commanders, elements, pieces_in, ranked, total_glory
from .tasks import GloryBatch, note, pop, push, update, var_copy

ANY = 0


# -- Bedouin at the set-up ----------------------------------------------------------------------

def roll_bedouin(batch: GloryBatch, ctx: Ctx) -> None:
    sc = ctx.module.scenarios.get(batch.state.scenario)
    n = int(sc.setup.get("bedouin", T.BEDOUIN)) if sc is not None else T.BEDOUIN
    dice = list(batch.roll(T.SETUP_BEDOUIN, "Bedouin placement dice", n, side=T.ALLIED))
    values, fours = [], 0
    for d in sorted(dice):
        if d == 4:
            fours += 1
            values.append(4 if fours <= 2 else ANY)
        else:
            values.append(d if d <= 4 else ANY)
    push(batch, {"kind": "bedouin", "values": values, "index": 0})


def bedouin_spaces(ctx: Ctx, value: int) -> list[str]:
    return [k for k, s in ctx.board.spaces.items() if s.kind == "land"
            and s.get("region") == "egypt" and (value == ANY or int(s.get("value", 0)) == value)]


class BedouinSetup:
    @staticmethod
    def auto(batch, ctx, task) -> bool:
        if task["index"] >= len(task["values"]):
            pop(batch)
            return True
        if not bedouin_spaces(ctx, task["values"][task["index"]]):
            update(batch, index=task["index"] + 1)
            return True
        return False

    @staticmethod
    def prompt(state, ctx, task):
        v = task["values"][task["index"]]
        where = "any Egyptian space" if v == ANY else f"an Egyptian space of value {v}"
        return (T.ALLIED, "setup", f"Place Bedouin marker {task['index'] + 1} of "
                f"{len(task['values'])} in {where}", ("place-bedouin",))

    @staticmethod
    def options(state, ctx, task):
        v = task["values"][task["index"]]
        return [Action.make("place-bedouin", T.ALLIED, space=s) for s in bedouin_spaces(ctx, v)]

    @staticmethod
    def check(state, ctx, task, action) -> Verdict:
        if action.kind != "place-bedouin" or action.side != T.ALLIED:
            return Verdict.no("the Allied player places the Bedouin", T.SETUP_BEDOUIN)
        v = task["values"][task["index"]]
        if action.get("space") not in bedouin_spaces(ctx, v):
            return Verdict.no("Bedouin go into Egyptian spaces (never Syria) of the value "
                              "rolled; a 5 or 6 allows any", T.SETUP_BEDOUIN)
        return Verdict.yes()

    @staticmethod
    def answer(batch, ctx, task, action) -> None:
        free = sorted(p.id for p in batch.state.pieces.values()
                      if p.type == "bedouin" and p.status == "off")
        space = action["space"]
        note(batch, T.SETUP_BEDOUIN, f"{T.SETUP_BEDOUIN}: a Bedouin marker in "
             f"{ctx.label(space)}", [Change.set(free[0], "status", "active"),
                                     Change.set(free[0], "space", space)], side=T.ALLIED)
        update(batch, index=task["index"] + 1)


# -- removing Bedouin ---------------------------------------------------------------------------

def bedouin_check(ctx: Ctx, state: GameState, side: str, space: str) -> Verdict:
    from .flow import markers_at

    if side != T.FRENCH or state.vars.get("active") != T.FRENCH:
        return Verdict.no("only the French, on their initiative, hunt the Bedouin",
                          T.BEDOUIN_REMOVE)
    if space not in ctx.board or not any(p.type == "bedouin" for p in pieces_in(state, space)):
        return Verdict.no("no Bedouin there", T.BEDOUIN_REMOVE)
    if ctx.value(space) < 3:
        return Verdict.no("Bedouin can be removed only from spaces of value 3 or 4",
                          T.BEDOUIN_REMOVE)
    if not [p for p in pieces_in(state, space, T.FRENCH) if ctx.kind(p) in ("element",
                                                                           "commander")]:
        return Verdict.no("French elements must be there", T.BEDOUIN_REMOVE)
    if space in state.vars.get("tried", []):
        return Verdict.no("one attempt per space each turn", T.BEDOUIN_REMOVE)
    if markers_at(state, space, T.FRENCH):
        return Verdict.no("a French momentum marker is there", T.MOMENTUM_PLACE)
    return Verdict.yes()


def remove_bedouin(batch: GloryBatch, ctx: Ctx, space: str) -> None:
    from .flow import close_activation
    from .movement import rerolling

    close_activation(batch)
    tried = var_copy(batch.state, "tried", [])
    tried.append(space)
    batch.quiet([Change.var("tried", tried)])
    start(batch, ctx, purpose="bedouin", side=T.FRENCH, space=space, n=ctx.value(space),
          rule=T.BEDOUIN_REMOVE, text=f"Hunting the Bedouin of {ctx.label(space)}",
          cmd=rerolling(ctx, batch.state, T.FRENCH, space), opp=None,
          need=T.BEDOUIN_SUCCESSES, no_force=True)


def bedouin_done(batch: GloryBatch, ctx: Ctx, task: dict, passed: bool) -> None:
    if not passed:
        return
    b = next(p for p in pieces_in(batch.state, task["space"]) if p.type == "bedouin")
    note(batch, T.BEDOUIN_REMOVE, f"{T.BEDOUIN_REMOVE}: the Bedouin of "
         f"{ctx.label(task['space'])} are driven off for good",
         [Change.set(b.id, "status", "eliminated"), Change.set(b.id, "space", None)],
         side=T.FRENCH)


CONTINUE["bedouin"] = bedouin_done


# -- uprisings ----------------------------------------------------------------------------------

def french_in_bua(ctx: Ctx, state: GameState, space: str):
    """The most senior French commander in the BUA of ``space`` (None if none)."""
    cmds = commanders(ctx, state, space, T.FRENCH)
    from .siege import besieged_by

    if besieged_by(state, space) == T.FRENCH:      # French outside, besieging
        return None
    if besieged_by(state, space) == T.ALLIED:
        cmds = [c for c in cmds if c.level == 1]
    best = ranked(ctx, state, cmds, space)
    return best[0] if best else None


def uprising_check(ctx: Ctx, state: GameState, side: str, space: str) -> Verdict:
    if side != T.ALLIED or state.vars.get("active") != T.ALLIED:
        return Verdict.no("the Allied player raises uprisings on his initiative",
                          T.UPRISING_MAMLUK)
    if space not in ctx.board or not ctx.bua(space) or ctx.region(space) != "egypt":
        return Verdict.no("uprisings happen in the BUAs of Egypt (not Syria)", T.UPRISING_MAMLUK)
    if space in state.vars.get("uprisings", []):
        return Verdict.no("one uprising per BUA each turn", T.UPRISING_RESULT)
    if french_in_bua(ctx, state, space) is None:
        return Verdict.no("a French commander must be in the BUA", T.UPRISING_FRENCH)
    if not any(p.type == "ma-cav" and p.side == T.ALLIED
               for p in elements(ctx, state, space, T.ALLIED)):
        return Verdict.no("Mamluk cavalry must be in the space", T.UPRISING_MAMLUK)
    return Verdict.yes()


def uprising(batch: GloryBatch, ctx: Ctx, space: str, rule: str = T.UPRISING) -> None:
    """Uprisings: Procedure (from a Mamluk cavalry element or an event)."""
    from .flow import close_activation

    state = batch.state
    top = french_in_bua(ctx, state, space)
    if top is None:
        note(batch, T.UPRISING_FRENCH, f"{T.UPRISING_FRENCH}: no French commander in "
             f"{ctx.bua(space)['name']}: no uprising")
        return
    if rule == T.UPRISING:
        close_activation(batch)
    marks = var_copy(state, "uprisings", [])
    if space not in marks:
        marks.append(space)
    batch.quiet([Change.var("uprisings", marks)])
    beys = [c for c in commanders(ctx, state, space, T.ALLIED)
            if c.id in ("murad", "ibrahim") and total_glory(c) > 0 and c.side == T.ALLIED]
    bey = ranked(ctx, state, beys, space)[0].id if beys else None
    start(batch, ctx, purpose="uprising", side=T.ALLIED, space=space, n=ctx.value(space),
          rule=rule, text=f"Uprising in {ctx.bua(space)['name']}", cmd=bey,
          opp=top.id if total_glory(top) > 0 else None, victim=top.id)


def uprising_done(batch: GloryBatch, ctx: Ctx, task: dict, passed: bool) -> None:
    from .glory import lose

    wins = sum(1 for d in task["dice"] if d >= 5)
    space = task["space"]
    top = french_in_bua(ctx, batch.state, space)
    if not wins or top is None:
        note(batch, T.UPRISING_RESULT, f"{T.UPRISING_RESULT}: the uprising in "
             f"{ctx.bua(space)['name']} fails", side=T.ALLIED)
        return
    lose(batch, ctx, top.id, wins * T.UPRISING_LOSS, T.UPRISING_RESULT,
         f"{wins} success{'es' if wins > 1 else ''} of the uprising")


CONTINUE["uprising"] = uprising_done


def local_options(ctx: Ctx, state: GameState, side: str) -> list[Action]:
    out = []
    spaces = sorted({p.space for p in state.pieces.values() if p.status == "active" and p.space
                     and p.type == "bedouin"})
    if side == T.FRENCH:
        out += [Action.make("remove-bedouin", side, space=s) for s in spaces
                if bedouin_check(ctx, state, side, s)]
    else:
        for s in sorted(k for k, sp in ctx.board.spaces.items() if sp.get("bua")):
            if uprising_check(ctx, state, side, s):
                out.append(Action.make("uprising", side, space=s))
    return out
