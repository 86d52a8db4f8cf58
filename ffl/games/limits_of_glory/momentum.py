"""Momentum: Obtaining momentum markers and Deciding initiative.

After the event, each player rolls four dice; each success is a momentum marker.
Failures may be re-rolled with the glory of the side's most senior commander on
the map (on land, or a naval commander at a siege); the player whose most senior
commander has less glory decides first (the Allied player on a tie), then the
re-rolls are rolled together.  The opponent cannot require re-rolls.  More
markers take the initiative; on a tie the more glorious senior commander, then
the French.

The task (``kind "momentum"``): ``stage`` ``roll`` -> ``reroll`` (``order`` the
two sides, ``turn`` the index of the side deciding, ``dice`` per side,
``chosen`` per side) -> settled.
"""

from __future__ import annotations

from ...engine import Action, Change, GameState, Verdict
from . import tables as T
from .glory import BONAPARTE, spend
from .mechanism import indices, success
from .model import Ctx, auto6, glory, ranked, total_glory
from .tasks import GloryBatch, note, pop, update


def commander(ctx: Ctx, state: GameState, side: str):
    """The most senior commander on the map for the momentum re-rolls."""
    from .siege import naval_at_sieges

    cands = [p for p in state.pieces.values() if p.status == "active" and p.side == side
             and ctx.kind(p) == "commander" and p.space and not ctx.is_sea(p.space)
             and not p.data.get("returning")]
    cands += naval_at_sieges(ctx, state, side)
    if not cands:
        return None
    if side == T.FRENCH:
        return min(cands, key=lambda c: (ctx.naval(c), ctx.seniority(c), c.id))
    mixed = len({ctx.nation(c) for c in cands}) > 1
    if mixed:
        return max(cands, key=lambda c: (total_glory(c), -ctx.seniority(c), c.id))
    return ranked(ctx, state, cands, cands[0].space)[0]


def _glory_of(ctx: Ctx, state: GameState, side: str) -> int:
    c = commander(ctx, state, side)
    return total_glory(c) if c is not None else -1


def auto(batch: GloryBatch, ctx: Ctx, task: dict) -> bool:
    state = batch.state
    if task["stage"] == "roll":
        dice = {}
        for side in T.SIDES:
            dice[side] = list(batch.roll(T.MOMENTUM_DICE, f"{T.NATION_NAMES[side]} momentum "
                                         f"dice", T.MOMENTUM_DICE_N, side=side))
        fr, al = _glory_of(ctx, state, T.FRENCH), _glory_of(ctx, state, T.ALLIED)
        order = [T.FRENCH, T.ALLIED] if fr < al else [T.ALLIED, T.FRENCH]
        cmds = {}
        for side in T.SIDES:
            c = commander(ctx, state, side)
            cmds[side] = c.id if c is not None else None
        update(batch, stage="reroll", dice=dice, order=order, turn=0, chosen={}, cmds=cmds)
        return True
    # skip a side with nothing to choose
    side = task["order"][task["turn"]]
    if not _choice(state, task, side):
        _decide(batch, ctx, task, side, [], [])
        return True
    return False


def _choice(state: GameState, task: dict, side: str) -> bool:
    cid = task["cmds"].get(side)
    if not cid:
        return False
    p = state.pieces[cid]
    fails = [d for d in task["dice"][side] if not success(d)]
    return bool(fails) and (glory(p) > 0 or (cid == BONAPARTE and auto6(p) > 0))


def prompt(state: GameState, ctx: Ctx, task: dict):
    if task["stage"] != "reroll":
        return T.FRENCH, "momentum", "Rolling for momentum", ()
    side = task["order"][task["turn"]]
    cid = task["cmds"][side]
    dice = ", ".join(map(str, task["dice"][side]))
    return (side, "momentum", f"Momentum dice: rolled {dice}; re-roll failures with "
            f"{ctx.whose(cid)} glory ({glory(state.pieces[cid])} left)?", ("reroll",))


def options(state: GameState, ctx: Ctx, task: dict) -> list[Action]:
    side = task["order"][task["turn"]]
    cid = task["cmds"][side]
    p = state.pieces[cid]
    fails = [i for i, d in enumerate(task["dice"][side]) if not success(d)]
    six = auto6(p) if cid == BONAPARTE else 0
    out = []
    for n in range(0, min(len(fails), glory(p)) + 1):
        for m in range(0, min(len(fails) - n, six) + 1):
            out.append(Action.make("reroll", side, dice=",".join(map(str, fails[:n])),
                                   six=",".join(map(str, fails[n:n + m]))))
    return out


def check(state: GameState, ctx: Ctx, task: dict, action: Action) -> Verdict:
    if task["stage"] != "reroll":
        return Verdict.no("the momentum dice are being rolled", T.MOMENTUM_DICE)
    side = task["order"][task["turn"]]
    if action.kind != "reroll" or action.side != side:
        return Verdict.no("the player whose senior commander has less glory decides first",
                          T.MOMENTUM_DICE)
    try:
        chosen, sixes = indices(action.get("dice", "")), indices(action.get("six", ""))
    except ValueError:
        return Verdict.no("dice are given by their positions", T.GLORY_USE)
    fails = {i for i, d in enumerate(task["dice"][side]) if not success(d)}
    if not set(chosen) <= fails or not set(sixes) <= fails or set(chosen) & set(sixes) \
            or len(set(chosen)) != len(chosen):
        return Verdict.no("only failed dice may be re-rolled, each once", T.MOMENTUM_DICE)
    p = state.pieces[task["cmds"][side]]
    if len(chosen) > glory(p) or (sixes and (p.id != BONAPARTE or len(sixes) > auto6(p))):
        return Verdict.no(f"{ctx.name(p.id)} has not that much glory", T.GLORY_USE)
    return Verdict.yes()


def answer(batch: GloryBatch, ctx: Ctx, task: dict, action: Action) -> None:
    _decide(batch, ctx, task, action.side, indices(action.get("dice", "")),
            indices(action.get("six", "")))


def _decide(batch: GloryBatch, ctx: Ctx, task: dict, side: str, chosen: list[int],
            sixes: list[int]) -> None:
    picks = dict(task["chosen"])
    picks[side] = [chosen, sixes]
    if task["turn"] == 0:
        update(batch, chosen=picks, turn=1)
        return
    update(batch, chosen=picks)
    _settle(batch, ctx, batch.state.vars["pending"][-1])


def _settle(batch: GloryBatch, ctx: Ctx, task: dict) -> None:
    """Both have decided: spend glory, roll the re-rolls together, count, initiative."""
    dice = {s: list(v) for s, v in task["dice"].items()}
    for side in task["order"]:
        chosen, sixes = task["chosen"].get(side, [[], []])
        if chosen or sixes:
            spend(batch, ctx, task["cmds"][side], len(chosen), T.MOMENTUM_DICE,
                  "momentum re-rolls", sixes=len(sixes))
        for i in sixes:
            dice[side][i] = 6
    for side in task["order"]:
        chosen, _ = task["chosen"].get(side, [[], []])
        if chosen:
            new = batch.roll(T.MOMENTUM_DICE, f"{T.NATION_NAMES[side]} momentum re-roll",
                             len(chosen), side=side)
            for i, v in zip(chosen, new, strict=True):
                dice[side][i] = v
    pop(batch)
    got = {s: sum(1 for d in dice[s] if success(d)) for s in T.SIDES}
    state = batch.state
    if got[T.FRENCH] != got[T.ALLIED]:
        first = max(T.SIDES, key=lambda s: got[s])
        why = "more momentum markers"
    else:
        fr, al = _glory_of(ctx, state, T.FRENCH), _glory_of(ctx, state, T.ALLIED)
        first = T.ALLIED if al > fr else T.FRENCH
        why = "equal markers; the more glorious senior commander" if al != fr else \
            "equal markers and glory: the French"
    note(batch, T.MOMENTUM_INITIATIVE,
         f"{T.MOMENTUM_INITIATIVE}: French {got[T.FRENCH]} momentum markers, Allied "
         f"{got[T.ALLIED]}; the {T.NATION_NAMES[first]} player acts first ({why})",
         [Change.var("hand", got), Change.var("active", first), Change.var("ended", []),
          Change.var("pass_due", None)], side=first, french=got[T.FRENCH],
         allied=got[T.ALLIED])
