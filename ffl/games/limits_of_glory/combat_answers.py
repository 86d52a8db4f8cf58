"""The players' answers during a combat: retire, lead, re-roll, require, losses, draws.

See :mod:`.combat` for the stages.  Action kinds: ``retire`` (``go``),
``lead`` (``commander``, "" for none), ``reroll`` (``dice``, ``six``: indices of
the side's own failed dice), ``force`` (``dice``: indices of the other side's
successes), ``losses`` (``units`` "type:n,..." or ``pieces`` for squadrons),
``draw-choice`` (``off``: break off or fight on).
"""

from __future__ import annotations

from itertools import combinations

from ...engine import Action, Change, Verdict
from . import tables as T
from .glory import BONAPARTE, detach, spend
from .mechanism import indices, success
from .model import (
    Ctx,
    auto6,
    commanders,
    count_by_type,
    describe,
    glory,
    juniors,
    parse_ids,
    parse_units,
    squadron_count,
    units_text,
)
from .strength import NAVAL, SIEGE, alone_defence, capacity, command, losable
from .tasks import GloryBatch, note, update

LEAD_STAGES = {"lead-att": "att", "lead-def": "def"}
STAGE_SIDE = {"retire": "def", "lead-att": "att", "lead-def": "def", "reroll-att": "att",
              "reroll-def": "def", "force-att": "att", "force-def": "def",
              "loss-att": "att", "loss-def": "def", "draw-att": "att", "draw-def": "def"}
STAGE_KIND = {"retire": "retire", "lead-att": "lead", "lead-def": "lead",
              "reroll-att": "reroll", "reroll-def": "reroll", "force-att": "force",
              "force-def": "force", "loss-att": "losses", "loss-def": "losses",
              "draw-att": "draw-choice", "draw-def": "draw-choice"}


def side_of(task: dict) -> str:
    return task[STAGE_SIDE[task["stage"]]]


def cmd_of(state, task: dict, side: str):
    cid = task.get("cmd", {}).get(side)
    return state.pieces.get(cid) if cid else None


def _usable(state, task: dict, side: str) -> tuple[int, int]:
    c = cmd_of(state, task, side)
    if c is None or c.status != "active":
        return 0, 0
    return glory(c), (auto6(c) if c.id == BONAPARTE else 0)


def juniors_for(ctx: Ctx, state, task: dict, side: str) -> list[str]:
    """Seniority: Leading the troops: a junior commander present (not in a naval
    combat) may lead instead of the commander in charge."""
    if task["mode"] == NAVAL:
        return []
    top = command(ctx, state, task, side)
    level = None
    if task["mode"] == SIEGE:
        level = 1 if side == task["def"] else 0
    present = [c for c in commanders(ctx, state, task["space"], side, level)
               if not ctx.naval(c)]
    out = []
    for c in present:
        if top is None or c.id != top.id:
            out.append(c.id)
        for j in juniors(state, c.id):
            out.append(j.id)
    return sorted(set(out))


def reroll_choice(state, task: dict, side: str) -> bool:
    g, six = _usable(state, task, side)
    return (g > 0 or six > 0) and any(not success(d) for d in task["dice"][side])


def force_choice(state, task: dict, side: str) -> bool:
    g, _ = _usable(state, task, side)
    return g > 0 and any(success(d) for d in task["dice"][T.other(side)])


def _ids(xs) -> str:
    return ",".join(str(x) for x in xs)


# -- the handler -----------------------------------------------------------------------------

def prompt(state, ctx: Ctx, task: dict):
    stage = task["stage"]
    side = side_of(task) if stage in STAGE_SIDE else task["att"]
    where = ctx.label(task["space"])
    kinds = (STAGE_KIND[stage],) if stage in STAGE_KIND else ()
    if stage == "retire" and task["mode"] == NAVAL:
        text = (f"{T.MALTA_HARBOUR}: enemy squadrons enter {where}: withdraw into Malta's "
                "harbour, or fight them at sea?")
    elif stage == "retire":
        text = f"Enemies enter {where}: retire inside the BUA (a siege) or fight in the open?"
    elif stage in LEAD_STAGES:
        text = f"Combat in {where}: have a junior commander lead the troops?"
    elif stage.startswith("reroll"):
        g, six = _usable(state, task, side)
        text = (f"Combat in {where}: your dice {' '.join(map(str, task['dice'][side]))}; "
                f"re-roll failures ({g} glory left{f', {six} automatic 6s' if six else ''})?")
    elif stage.startswith("force"):
        g, _ = _usable(state, task, side)
        text = (f"Combat in {where}: enemy dice "
                f"{' '.join(map(str, task['dice'][T.other(side)]))}; require successes to be "
                f"re-rolled ({g} glory left)?")
    elif stage.startswith("loss"):
        text = f"Combat in {where}: choose {task['hits'][T.other(side)]} losses"
    elif stage.startswith("draw"):
        text = f"Combat in {where} is drawn: break off, or fight another round?"
    else:
        text = f"Combat in {where}"
    return side, "combat", text, kinds


def options(state, ctx: Ctx, task: dict) -> list[Action]:
    stage = task["stage"]
    side = side_of(task)
    if stage == "retire":
        return [Action.make("retire", side, go=True), Action.make("retire", side, go=False)]
    if stage in LEAD_STAGES:
        return [Action.make("lead", side, commander="")] + [
            Action.make("lead", side, commander=c) for c in juniors_for(ctx, state, task, side)]
    if stage.startswith("reroll"):
        g, six = _usable(state, task, side)
        fails = [i for i, d in enumerate(task["dice"][side]) if not success(d)]
        out = []
        for k in range(0, min(g, len(fails)) + 1):
            for chosen in combinations(fails, k):
                rest = [i for i in fails if i not in chosen]
                for m in range(0, min(six, len(rest)) + 1):
                    out.append(Action.make("reroll", side, dice=_ids(chosen),
                                           six=_ids(rest[:m])))
        return out
    if stage.startswith("force"):
        g, _ = _usable(state, task, side)
        wins = [i for i, d in enumerate(task["dice"][T.other(side)]) if success(d)]
        return [Action.make("force", side, dice=_ids(c))
                for k in range(0, min(g, len(wins)) + 1) for c in combinations(wins, k)]
    if stage.startswith("loss"):
        owed = task["hits"][T.other(side)]
        return [_loss_action(side, task, counts) for counts in
                loss_options(ctx, state, task, side, owed)]
    if stage.startswith("draw"):
        return [Action.make("draw-choice", side, off=True),
                Action.make("draw-choice", side, off=False)]
    return []


def _loss_action(side: str, task: dict, counts: dict) -> Action:
    if task["mode"] == NAVAL:
        return Action.make("losses", side, pieces=",".join(
            pid for pid, n in sorted(counts.items()) for _ in range(n)))
    return Action.make("losses", side, units=units_text(counts))


def loss_options(ctx: Ctx, state, task: dict, side: str, owed: int) -> list[dict]:
    """Ways to take ``owed`` losses: the first is the cheapest (weakest first; the
    elements that counted first, Combat: British casualties)."""
    pieces = losable(ctx, state, task, side)
    if task["mode"] == SIEGE and side == task["def"] and alone_defence(ctx, state, task):
        return [{}]
    owed = min(owed, capacity(ctx, pieces))
    if owed <= 0:
        return [{}]
    if task["mode"] == NAVAL:
        return _naval_options(ctx, pieces, owed)
    first = [p for p in pieces]
    # the British-commanded rule: the elements that counted go first
    from .strength import counting

    counted = {p.id for p in counting(ctx, state, task, side)}
    head = [p for p in first if p.id in counted]
    tail = [p for p in first if p.id not in counted]
    out = []
    for order in _orders(ctx, head):
        ordered = order + sorted(tail, key=lambda p: (ctx.strength(p), p.id))
        out.append(count_by_type(ordered[:owed]))
    unique = []
    for o in out:
        if o not in unique:
            unique.append(o)
    return unique


def _orders(ctx: Ctx, pieces: list) -> list[list]:
    """A few sensible orders: weakest first, strongest first, and each type first."""
    by = sorted(pieces, key=lambda p: (ctx.strength(p), p.type, p.id))
    out = [by, list(reversed(by))]
    for tid in sorted({p.type for p in pieces}):
        out.append([p for p in by if p.type == tid] + [p for p in by if p.type != tid])
    return out


def _naval_options(ctx: Ctx, pieces: list, owed: int) -> list[dict]:
    slots = []
    for p in sorted(pieces, key=lambda p: (ctx.kind(p) == "commander", p.id)):
        slots += [p.id] * squadron_count(ctx, p)
    out = []
    for order in (slots, list(reversed(slots))):
        counts: dict[str, int] = {}
        for pid in order[:owed]:
            counts[pid] = counts.get(pid, 0) + 1
        if counts not in out:
            out.append(counts)
    return out


def check(state, ctx: Ctx, task: dict, action: Action) -> Verdict:
    stage = task["stage"]
    if stage not in STAGE_KIND:
        return Verdict.no("the combat is being resolved", T.COMBAT_HOW)
    side = side_of(task)
    if action.kind != STAGE_KIND[stage] or action.side != side:
        return Verdict.no(f"the {T.NATION_NAMES[side]} player must answer "
                          f"({STAGE_KIND[stage]})", T.COMBAT_HOW)
    if stage in LEAD_STAGES:
        c = action.get("commander", "")
        if c and c not in juniors_for(ctx, state, task, side):
            return Verdict.no("only a junior commander present may lead the troops", T.LEAD)
        return Verdict.yes()
    if stage.startswith(("reroll", "force")):
        try:
            chosen, sixes = indices(action.get("dice", "")), indices(action.get("six", ""))
        except ValueError:
            return Verdict.no("dice are given by their positions, 0 to 3", T.GLORY_USE)
        g, six = _usable(state, task, side)
        if len(set(chosen)) != len(chosen) or set(chosen) & set(sixes):
            return Verdict.no("each die is re-rolled once", T.GLORY_USE)
        if stage.startswith("reroll"):
            fails = {i for i, d in enumerate(task["dice"][side]) if not success(d)}
            if not set(chosen) <= fails or not set(sixes) <= fails:
                return Verdict.no("only your failed dice may be re-rolled", T.COMBAT_HOW)
            if len(sixes) > six:
                return Verdict.no("not enough automatic 6s", T.GLORY_AUTO6)
        else:
            wins = {i for i, d in enumerate(task["dice"][T.other(side)]) if success(d)}
            if not set(chosen) <= wins or sixes:
                return Verdict.no("only the enemy's successes may be required to be "
                                  "re-rolled", T.COMBAT_HOW)
        if len(chosen) > g:
            return Verdict.no(f"the commander has only {g} glory", T.GLORY_USE)
        return Verdict.yes()
    if stage.startswith("loss"):
        return _check_losses(state, ctx, task, side, action)
    return Verdict.yes()


def _check_losses(state, ctx: Ctx, task: dict, side: str, action: Action) -> Verdict:
    owed = task["hits"][T.other(side)]
    pieces = losable(ctx, state, task, side)
    need = min(owed, capacity(ctx, pieces))
    if task["mode"] == NAVAL:
        chosen = parse_ids(action.get("pieces", ""))
        have = {p.id: squadron_count(ctx, p) for p in pieces}
        counts: dict[str, int] = {}
        for pid in chosen:
            counts[pid] = counts.get(pid, 0) + 1
        if any(pid not in have or n > have[pid] for pid, n in counts.items()):
            return Verdict.no("only squadrons in the combat can be lost", T.COMBAT_NAVAL)
        if len(chosen) != need:
            return Verdict.no(f"exactly {need} squadrons must be lost", T.COMBAT_NAVAL)
        return Verdict.yes()
    try:
        counts = parse_units(action.get("units", ""))
    except ValueError:
        return Verdict.no("losses are given as type:count", T.COMBAT_SCORE)
    if sum(counts.values()) != need:
        return Verdict.no(f"exactly {need} elements must be lost", T.COMBAT_SCORE)
    have = count_by_type(pieces)
    if any(n > have.get(t, 0) or n < 0 for t, n in counts.items()):
        return Verdict.no("only elements in the combat can be lost", T.COMBAT_SCORE)
    from .strength import counting

    counted = count_by_type(counting(ctx, state, task, side))
    taken_counted = sum(min(n, counted.get(t, 0)) for t, n in counts.items())
    if taken_counted < min(need, sum(counted.values())):
        return Verdict.no("the elements that fought under the British commander are lost "
                          "first", T.COMBAT_BRITISH_LOSSES)
    return Verdict.yes()


def answer(batch: GloryBatch, ctx: Ctx, task: dict, action: Action) -> None:
    stage = task["stage"]
    side = side_of(task)
    if stage == "retire":
        from .siege import retire

        retire(batch, ctx, task, bool(action.get("go")))
    elif stage in LEAD_STAGES:
        _lead(batch, ctx, task, side, action.get("commander", ""))
    elif stage.startswith("reroll"):
        decide_reroll(batch, ctx, task, side, indices(action.get("dice", "")),
                      indices(action.get("six", "")))
    elif stage.startswith("force"):
        decide_force(batch, ctx, task, side, indices(action.get("dice", "")))
    elif stage.startswith("loss"):
        if task["mode"] == NAVAL:
            counts: dict[str, int] = {}
            for pid in parse_ids(action.get("pieces", "")):
                counts[pid] = counts.get(pid, 0) + 1
        else:
            counts = parse_units(action.get("units", ""))
        take_losses(batch, ctx, task, side, counts)
    elif stage.startswith("draw"):
        _draw(batch, ctx, task, side, bool(action.get("off")))


def _lead(batch: GloryBatch, ctx: Ctx, task: dict, side: str, cid: str) -> None:
    lead = dict(task["lead"])
    extra = {}
    if cid:
        p = batch.state.pieces[cid]
        level = 1 if (task["mode"] == SIEGE and side == task["def"]) else 0
        if p.status == "with":
            detach(batch, ctx, cid, task["space"], level, rule=T.LEAD)
        lead[side] = cid
        free = cid == "caffarelli" and task["mode"] == SIEGE and not task.get("assault")
        if free:
            extra["caffarelli_free"] = True
        note(batch, T.SIEGE_CAFFARELLI if free else T.LEAD,
             f"{T.SIEGE_CAFFARELLI if free else T.LEAD}: {ctx.name(cid)} leads the "
             f"{T.NATION_NAMES[side]} troops", side=side)
    nxt = "lead-def" if task["stage"] == "lead-att" else "roll"
    update(batch, lead=lead, stage=nxt, **extra)


def decide_reroll(batch: GloryBatch, ctx: Ctx, task: dict, side: str, chosen: list[int],
                  sixes: list[int]) -> None:
    re = dict(task.get("re", {}))
    six = dict(task.get("six", {}))
    re[side], six[side] = chosen, sixes
    if task["stage"] == "reroll-att":
        update(batch, re=re, six=six, stage="reroll-def")
        return
    dice = {s: list(v) for s, v in task["dice"].items()}
    for s in (task["att"], task["def"]):
        c = cmd_of(batch.state, task, s)
        if c is not None and (re.get(s) or six.get(s)):
            spend(batch, ctx, c.id, len(re.get(s, [])), T.COMBAT_HOW,
                  f"re-rolling {len(re.get(s, []))} combat dice", sixes=len(six.get(s, [])))
        for i in six.get(s, []):
            dice[s][i] = 6
    for s in (task["att"], task["def"]):
        if re.get(s):
            new = batch.roll(T.COMBAT_HOW, f"{T.NATION_NAMES[s]} combat re-roll", len(re[s]),
                             side=s)
            for i, v in zip(re[s], new, strict=True):
                dice[s][i] = v
    update(batch, re=re, six=six, dice=dice, stage="force-att")


def decide_force(batch: GloryBatch, ctx: Ctx, task: dict, side: str, chosen: list[int]) -> None:
    fo = dict(task.get("fo", {}))
    fo[side] = chosen
    if task["stage"] == "force-att":
        update(batch, fo=fo, stage="force-def")
        return
    dice = {s: list(v) for s, v in task["dice"].items()}
    for s in (task["att"], task["def"]):
        c = cmd_of(batch.state, task, s)
        if c is not None and fo.get(s):
            spend(batch, ctx, c.id, len(fo[s]), T.COMBAT_HOW,
                  f"requiring {len(fo[s])} enemy dice re-rolled")
    for s in (task["att"], task["def"]):
        if fo.get(s):
            victim = T.other(s)
            new = batch.roll(T.COMBAT_HOW, f"{T.NATION_NAMES[victim]} dice re-rolled as "
                             f"required", len(fo[s]), side=victim)
            for i, v in zip(fo[s], new, strict=True):
                dice[victim][i] = v
    update(batch, fo=fo, dice=dice, stage="hits")


def take_losses(batch: GloryBatch, ctx: Ctx, task: dict, side: str, counts: dict) -> None:
    from .glory import remove_commander

    state = batch.state
    lost = dict(task.get("lost", {}))
    n = 0
    if task["mode"] == SIEGE and side == task["def"] and alone_defence(ctx, state, task) \
            and task["hits"][T.other(side)] > 0:
        for c in commanders(ctx, state, task["space"], side, 1):
            remove_commander(batch, ctx, c.id, T.SIEGE_ALONE, "defended the walls alone and "
                             "are lost")
            n += 1
    elif task["mode"] == NAVAL:
        for pid, k in sorted(counts.items()):
            p = state.pieces[pid]
            n += k
            if ctx.kind(p) == "commander":
                left = squadron_count(ctx, p) - k
                if left <= 0:
                    note(batch, T.COMBAT_NAVAL, f"{T.COMBAT_NAVAL}: {ctx.whose(pid)} "
                         "squadron is destroyed", [Change.set(pid, "data.squadrons", 0)],
                         side=side)
                    remove_commander(batch, ctx, pid, T.COMBAT_NAVAL, "goes down with his "
                                     "squadron")
                else:
                    note(batch, T.COMBAT_NAVAL, f"{T.COMBAT_NAVAL}: {ctx.name(pid)} loses "
                         f"{k} squadron", [Change.set(pid, "data.squadrons", left)], side=side)
            else:
                note(batch, T.COMBAT_NAVAL, f"{T.COMBAT_NAVAL}: a {ctx.name(pid, state)} is "
                     "destroyed", [Change.set(pid, "status", "eliminated"),
                                   Change.set(pid, "space", None)], side=side)
    elif counts:
        pieces = losable(ctx, state, task, side)
        chosen = []
        for tid, k in counts.items():
            chosen += sorted((p for p in pieces if p.type == tid), key=lambda p: p.id)[:k]
        n = len(chosen)
        note(batch, T.COMBAT_SCORE, f"{T.COMBAT_SCORE}: the {T.NATION_NAMES[side]} lose "
             f"{describe(ctx, count_by_type(chosen))}",
             [c for p in chosen for c in (Change.set(p.id, "status", "eliminated"),
                                          Change.set(p.id, "space", None))], side=side,
             lost=n)
    lost[side] = n
    nxt = "loss-att" if task["stage"] == "loss-def" else "outcome"
    update(batch, lost=lost, stage=nxt)


def _draw(batch: GloryBatch, ctx: Ctx, task: dict, side: str, off: bool) -> None:
    if off:
        note(batch, T.COMBAT_DRAWS, f"{T.COMBAT_DRAWS}: the {T.NATION_NAMES[side]} break off",
             side=side)
        update(batch, stage="break", loser=side, result="draw")
        return
    if task["stage"] == "draw-att":
        update(batch, stage="draw-def")
        return
    note(batch, T.COMBAT_DRAWS, f"{T.COMBAT_DRAWS}: neither side breaks off: another round",
         side=side)
    update(batch, stage="roll", round=task["round"] + 1, re={}, six={}, fo={})
