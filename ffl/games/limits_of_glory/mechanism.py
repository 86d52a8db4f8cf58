"""The one game mechanism (Limits of Glory System): roll, re-roll, require re-rolls.

Mechanism: Success: the acting player rolls as many dice as the space value;
each 5 or 6 is a success.  Mechanism: Glory re-rolls: failures may then be
re-rolled, one glory point of the most senior commander present for each die.
Mechanism: Opponent re-rolls: the most senior enemy commander present may then
spend his own glory to have successes rolled again.  Mechanism: Final outcome:
any success left (or as many as the test needs) and the test is passed.
Mechanism: No commander: no commander, no re-rolls either way.  Glory:
Bonaparte's automatic 6: Bonaparte may instead turn his own failed dice into
6s with his automatic-6 marker.

A test is a task (``kind "test"``) with its dice; the roller answers ``reroll``
(``dice`` = the indices re-rolled, ``six`` = the indices turned into 6s), then
the opponent ``force`` (``dice`` = the indices of successes rolled again).  A
stage with nothing to decide passes by itself.  When the test is over, the
function registered for its ``purpose`` carries on with the result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import combinations

from ...engine import Action, GameState, Verdict
from . import tables as T
from .glory import BONAPARTE, spend
from .model import Ctx, auto6, glory
from .tasks import GloryBatch, note, pending, pop, push, update

#: purpose -> function(batch, ctx, task, passed) carrying on after a test
CONTINUE: dict[str, Callable] = {}
#: purpose -> short text for prompts ("move out of Cairo")
WHAT: dict[str, str] = {}


def success(d: int) -> bool:
    return d >= 5


def successes(dice: list[int]) -> int:
    return sum(1 for d in dice if success(d))


def start(batch: GloryBatch, ctx: Ctx, *, purpose: str, side: str, space: str, n: int,
          rule: str, text: str, cmd: str | None = None, opp: str | None = None,
          need: int = 1, no_force: bool = False, **data) -> None:
    """Roll ``n`` dice for ``side`` and put the test on the stack."""
    values = batch.roll(rule, text, n, side=side, space=space)
    # the roll's line reads like the test's other lines: "<rule>: <what>: rolled 6, 1"
    batch.events[-1] = replace(batch.events[-1], text=_rolled(rule, text, values))
    # where this roll's line is, so that a test settled in the same step can give its
    # result on that line (see :func:`finish`); the batch lives for one step only
    batch.__dict__.setdefault("_lg_test_rolls", {})[len(pending(batch.state)) + 1] = \
        len(batch.events) - 1
    task = {"kind": "test", "purpose": purpose, "rule": rule, "side": side, "space": space,
            "dice": list(values), "need": need, "cmd": cmd, "opp": opp, "stage": "reroll",
            "no_force": no_force, "what": text, **data}
    push(batch, task)


def _usable(state: GameState, cid: str | None) -> tuple[int, int]:
    """(glory, automatic 6s) a commander can spend now."""
    if not cid or cid not in state.pieces:
        return 0, 0
    p = state.pieces[cid]
    if p.status not in ("active", "off") and cid != BONAPARTE:
        return 0, 0
    return glory(p), auto6(p) if cid == BONAPARTE else 0


def failed(task: dict) -> list[int]:
    return [i for i, d in enumerate(task["dice"]) if not success(d)]


def _reroll_choice(state: GameState, task: dict) -> bool:
    """Something to decide: failures, glory to re-roll them, and a reason (the test
    is not yet passed, or the opponent could still require re-rolls)."""
    g, six = _usable(state, task.get("cmd"))
    if not failed(task) or (g <= 0 and six <= 0):
        return False
    return successes(task["dice"]) < task.get("need", 1) or _force_choice(state, task)


def _force_choice(state: GameState, task: dict) -> bool:
    if task.get("no_force"):
        return False
    g, _ = _usable(state, task.get("opp"))
    return g > 0 and successes(task["dice"]) > 0


# -- the task handler ------------------------------------------------------------------------

def prompt(state: GameState, ctx: Ctx, task: dict):
    n = successes(task["dice"])
    head = (f"{task['rule']}: {task['what']}: rolled {', '.join(map(str, task['dice']))} "
            f"({n} success{'' if n == 1 else 'es'})")
    if task["stage"] == "reroll":
        g, six = _usable(state, task.get("cmd"))
        extra = f", {six} automatic 6s" if six else ""
        text = f"{head}; re-roll failures with {ctx.whose(task['cmd'])} glory ({g}{extra} left)?"
        return task["side"], "test", text, ("reroll",)
    g, _ = _usable(state, task.get("opp"))
    text = (f"{head}; make successes be rolled again with {ctx.whose(task['opp'])} "
            f"glory ({g} left)?")
    return T.other(task["side"]), "test", text, ("force",)


def options(state: GameState, ctx: Ctx, task: dict) -> list[Action]:
    if task["stage"] == "reroll":
        g, six = _usable(state, task.get("cmd"))
        fails = failed(task)
        out = []
        for n in range(0, min(len(fails), g) + 1):
            for m in range(0, min(len(fails) - n, six) + 1):
                out.append(Action.make("reroll", task["side"], dice=_ids(fails[:n]),
                                       six=_ids(fails[n:n + m])))
        return out
    g, _ = _usable(state, task.get("opp"))
    wins = [i for i, d in enumerate(task["dice"]) if success(d)]
    return [Action.make("force", T.other(task["side"]), dice=_ids(wins[:k]))
            for k in range(0, min(len(wins), g) + 1)]


def _ids(indices) -> str:
    return ",".join(str(i) for i in indices)


def indices(text: str) -> list[int]:
    return [int(x) for x in (text or "").split(",") if x != ""]


def check(state: GameState, ctx: Ctx, task: dict, action: Action) -> Verdict:
    try:
        chosen = indices(action.get("dice", ""))
        sixes = indices(action.get("six", ""))
    except ValueError:
        return Verdict.no("the dice are given by their positions, 0 to 3", T.GLORY_USE)
    if len(set(chosen)) != len(chosen) or len(set(sixes)) != len(sixes) \
            or set(chosen) & set(sixes):
        return Verdict.no("each die can be re-rolled once", T.GLORY_USE)
    if task["stage"] == "reroll":
        if action.kind != "reroll" or action.side != task["side"]:
            return Verdict.no("the roller decides on re-rolls first", T.MECH_GLORY)
        g, six = _usable(state, task.get("cmd"))
        fails = set(failed(task))
        if not set(chosen) <= fails or not set(sixes) <= fails:
            return Verdict.no("only failed dice (1 to 4) may be re-rolled", T.MECH_GLORY)
        if len(chosen) > g:
            return Verdict.no(f"{ctx.name(task.get('cmd') or '')} has only {g} glory",
                              T.GLORY_USE)
        if len(sixes) > six:
            return Verdict.no("not enough automatic 6s", T.GLORY_AUTO6)
        return Verdict.yes()
    if action.kind != "force" or action.side != T.other(task["side"]):
        return Verdict.no("the opponent decides whether to require re-rolls", T.MECH_OPPONENT)
    g, _ = _usable(state, task.get("opp"))
    wins = {i for i, d in enumerate(task["dice"]) if success(d)}
    if not set(chosen) <= wins or sixes:
        return Verdict.no("only successes (5 or 6) may be required to be re-rolled",
                          T.MECH_OPPONENT)
    if len(chosen) > g:
        return Verdict.no(f"{ctx.name(task.get('opp') or '')} has only {g} glory", T.GLORY_USE)
    return Verdict.yes()


def answer(batch: GloryBatch, ctx: Ctx, task: dict, action: Action) -> None:
    chosen = indices(action.get("dice", ""))
    dice = list(task["dice"])
    if task["stage"] == "reroll":
        sixes = indices(action.get("six", ""))
        if chosen or sixes:
            spend(batch, ctx, task["cmd"], len(chosen), T.MECH_GLORY,
                  f"{task['rule']}: {task['what']}", sixes=len(sixes))
        for i in sixes:
            dice[i] = 6
        if chosen:
            new = batch.roll(T.MECH_GLORY, f"re-roll for {task['what']}", len(chosen),
                             side=task["side"])
            for i, v in zip(chosen, new, strict=True):
                dice[i] = v
        update(batch, dice=dice, stage="force", sixes=sixes, rerolled=chosen or None)
    else:
        if chosen:
            spend(batch, ctx, task["opp"], len(chosen), T.MECH_OPPONENT,
                  f"requiring re-rolls: {task['what']}")
            new = batch.roll(T.MECH_OPPONENT, f"required re-roll for {task['what']}",
                             len(chosen), side=T.other(task["side"]))
            for i, v in zip(chosen, new, strict=True):
                dice[i] = v
        update(batch, dice=dice, stage="done", forced=chosen or None)
    auto(batch, ctx, batch.state.vars["pending"][-1])


def auto(batch: GloryBatch, ctx: Ctx, task: dict) -> bool:
    """Pass the stages with nothing to decide; finish a decided test."""
    done = False
    if task["stage"] == "reroll" and not _reroll_choice(batch.state, task):
        task = update(batch, stage="force")
        done = True
    if task["stage"] == "force" and not _force_choice(batch.state, task):
        task = update(batch, stage="done")
        done = True
    if task["stage"] == "done":
        finish(batch, ctx)
        return True
    return done


def finish(batch: GloryBatch, ctx: Ctx) -> None:
    """Mechanism: Final outcome: the test's result on the log, then its purpose carries on.

    A test nobody re-rolled and settled in the step that rolled it gets its result on
    the roll's own line (one line: "rolled 6, 5, 5: 3 successes, passed"); otherwise
    a line of its own says which dice were re-rolled (or that none were) and the
    result."""
    depth = len(pending(batch.state))
    task = pop(batch)
    wins = successes(task["dice"])
    passed = wins >= task.get("need", 1)
    result = f"{wins} success{'es' if wins != 1 else ''}: {'passed' if passed else 'failed'}"
    rerolled, sixes, forced = (task.get(k) or [] for k in ("rerolled", "sixes", "forced"))
    at = batch.__dict__.get("_lg_test_rolls", {}).pop(depth, None)
    roll = batch.events[at] if at is not None and at < len(batch.events) else None
    if (roll is not None and roll.kind == "dice" and not (rerolled or sixes or forced)
            and roll.rule == task["rule"] and list(roll.dice) == task["dice"]
            and roll.info.get("purpose") == task["what"]):
        batch.events[at] = replace(
            roll, text=f"{_rolled(task['rule'], task['what'], roll.dice)}: {result}",
            info={**roll.info, "passed": passed, "successes": wins})
    else:
        dice = ", ".join(str(d) for d in task["dice"])
        note(batch, task["rule"], f"{task['rule']}: {task['what']}: {_rerolls(ctx, task)}; "
             f"final {dice}: {result}",
             side=task["side"], passed=passed, successes=wins)
    CONTINUE[task["purpose"]](batch, ctx, task, passed)


def _rolled(rule: str, what: str, dice) -> str:
    return f"{rule}: {what}: rolled {', '.join(map(str, dice))}"


def _positions(indices_: list[int]) -> str:
    """Dice positions for a reader, counted from 1: "die 2", "dice 1, 3"."""
    shown = ", ".join(str(i + 1) for i in indices_)
    return f"die {shown}" if len(indices_) == 1 else f"dice {shown}"


def _rerolls(ctx: Ctx, task: dict) -> str:
    """Which dice were re-rolled (Mechanism: Glory re-rolls / Opponent re-rolls) or
    turned into 6s (Glory: Bonaparte's automatic 6), or that none were."""
    parts = []
    if task.get("rerolled"):
        parts.append(f"{_positions(task['rerolled'])} re-rolled with "
                     f"{ctx.whose(task.get('cmd') or '')} glory")
    if task.get("sixes"):
        parts.append(f"{_positions(task['sixes'])} made 6 by the automatic 6")
    if task.get("forced"):
        parts.append(f"{_positions(task['forced'])} re-rolled as "
                     f"{ctx.name(task.get('opp') or '')} required")
    return ", ".join(parts) if parts else "no dice re-rolled"


def subsets(indices_: list[int], limit: int) -> list[tuple[int, ...]]:
    """Every subset of ``indices_`` of at most ``limit`` elements (combat choices)."""
    out: list[tuple[int, ...]] = []
    for k in range(0, min(limit, len(indices_)) + 1):
        out.extend(combinations(indices_, k))
    return out
