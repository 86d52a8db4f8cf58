"""Combat, naval combat and siege rounds: the questions, the dice and the result.

Combat: How combat works: both roll four dice (Mechanism: Four dice); the
attacker, then the defender, declares which failures to re-roll (one glory each
of the commander in charge, or of a junior leading the troops), re-rolled
together; then the attacker, then the defender, declares which of the other
side's successes must be rolled again, re-rolled together.  Combat: Score to
inflict casualties: four dice reaching the box's number inflict the box's hits
for each 5 and each 6; the side hit chooses its losses.  Combat: Losing a
combat / Draws / Winning army destroyed / Completely destroyed / Losing the
Savants; Combat: Test for commander casualties.  Sieges are fought the same way
(no break off, Sieges: No break off).

The combat task (``kind "combat"``) runs through ``stage``:
``retire`` (the defender may shelter in the BUA) -> ``lead-att``/``lead-def``
(a junior may lead the troops) -> ``roll`` -> ``reroll-att``/``reroll-def`` ->
``force-att``/``force-def`` -> ``hits`` -> ``loss-def``/``loss-att`` ->
``outcome`` -> ``draw-att``/``draw-def`` (a draw: break off?) -> ``break`` ->
``tests`` -> ``end``.
"""

from __future__ import annotations

from ...engine import Change
from . import tables as T
from .combat_answers import LEAD_STAGES, juniors_for, reroll_choice
from .model import Ctx, commanders, count_by_type, describe, pieces_in
from .strength import (
    FIELD,
    NAVAL,
    SIEGE,
    alone_defence,
    capacity,
    column,
    combatants,
    command,
    hits,
    losable,
    row,
    strength,
)
from .tasks import GloryBatch, note, pop, push, update


def _base(space: str, att: str, mode: str, origin, rule: str, **extra) -> dict:
    return {"kind": "combat", "mode": mode, "space": space, "att": att, "def": T.other(att),
            "origin": origin, "rule": rule, "stage": "lead-att", "lead": {}, "cmd": {},
            "round": 1, **extra}


def begin_field(batch: GloryBatch, ctx: Ctx, space: str, att: str, *, origin, rule: str,
                retire: bool = True, mode: str = FIELD, **extra) -> None:
    """Combat: Engaging in combat: ``att`` has entered ``space`` where enemies stand
    in the open; they may first retire into the BUA (if they can)."""
    task = _base(space, att, mode, origin, rule, **extra)
    if retire:
        task["stage"] = "retire"
    push(batch, task)


def begin_naval(batch: GloryBatch, ctx: Ctx, space: str, att: str, *, origin,
                rule: str = T.COMBAT_NAVAL, **extra) -> None:
    """A naval combat in ``space``.  Malta: Safe harbour: in Malta's sea space,
    while Malta has a French garrison, the French squadrons may first withdraw into
    its harbour (the ``retire`` stage; :func:`.siege.can_retire` says when)."""
    task = _base(space, att, NAVAL, origin, rule, **extra)
    if space == T.MALTA_SEA and not extra.get("malta_assault"):
        task["stage"] = "retire"
    push(batch, task)


def begin_siege(batch: GloryBatch, ctx: Ctx, space: str, att: str, *, assault: bool,
                rule: str) -> None:
    push(batch, _base(space, att, SIEGE, None, rule, assault=assault))


# -- automatic stages ---------------------------------------------------------------------------

def auto(batch: GloryBatch, ctx: Ctx, task: dict) -> bool:
    stage = task["stage"]
    state = batch.state
    if stage == "retire":
        from .siege import can_retire

        if not can_retire(ctx, state, task["space"], task["def"]):
            update(batch, stage="lead-att")
            return True
        return False
    if stage in ("lead-att", "lead-def"):
        side = task[LEAD_STAGES[stage]]
        if task["mode"] == NAVAL or task["round"] > 1 or not juniors_for(ctx, state, task, side):
            update(batch, stage="lead-def" if stage == "lead-att" else "roll")
            return True
        return False
    if stage == "roll":
        _roll(batch, ctx, task)
        return True
    if stage in ("reroll-att", "reroll-def"):
        side = task["att"] if stage == "reroll-att" else task["def"]
        if not reroll_choice(state, task, side):
            from .combat_answers import decide_reroll

            decide_reroll(batch, ctx, task, side, [], [])
            return True
        return False
    if stage in ("force-att", "force-def"):
        side = task["att"] if stage == "force-att" else task["def"]
        from .combat_answers import decide_force, force_choice

        if not force_choice(state, task, side):
            decide_force(batch, ctx, task, side, [])
            return True
        return False
    if stage == "hits":
        _hits(batch, ctx, task)
        return True
    if stage in ("loss-def", "loss-att"):
        from .combat_answers import loss_options, take_losses

        side = task["def"] if stage == "loss-def" else task["att"]
        owed = task["hits"][T.other(side)]
        opts = loss_options(ctx, state, task, side, owed)
        if owed <= 0 or len(opts) <= 1:
            take_losses(batch, ctx, task, side, opts[0] if opts else {})
            return True
        return False
    if stage == "outcome":
        _outcome(batch, ctx, task)
        return True
    if stage in ("draw-att", "draw-def"):
        return False
    if stage == "break":
        from .breakoff import start_break

        start_break(batch, ctx, task)
        return True
    if stage == "tests":
        _tests(batch, ctx, task)
        return True
    if stage == "end":
        _end(batch, ctx, task)
        return True
    return False


def _roll(batch: GloryBatch, ctx: Ctx, task: dict) -> None:
    state = batch.state
    space = task["space"]
    cmds = {}
    for side in (task["att"], task["def"]):
        lead = task["lead"].get(side)
        c = state.pieces.get(lead) if lead else None
        if c is None or c.status != "active":
            # Glory: Exhausted commanders: the next most senior with glory takes over
            c = command(ctx, state, task, side, with_glory=True)
        cmds[side] = c.id if c is not None else None
    info = {}
    for side in (task["att"], task["def"]):
        info[side] = {"strength": strength(ctx, state, task, side),
                      "row": row(ctx, state, task, side)}
    kind = {FIELD: "Combat", NAVAL: "Naval combat", SIEGE: "Assault" if task.get("assault")
            else "Siege round"}.get(task["mode"], "Combat")
    note(batch, task["rule"], f"{task['rule']}: {kind} in {ctx.label(space)}, round "
         f"{task['round']}: " + "; ".join(
             f"{T.NATION_NAMES[s]} strength {info[s]['strength']} ({T.COMBAT_ROWS.get(info[s]['row'], info[s]['row'])}, "
             f"column {column(ctx, info[s]['strength'])})" for s in (task["att"], task["def"])),
         side=task["att"], strengths={s: info[s]["strength"] for s in info})
    dice = {}
    for side in (task["att"], task["def"]):
        dice[side] = list(batch.roll(T.COMBAT_HOW, f"{T.NATION_NAMES[side]} combat dice",
                                     T.COMBAT_DICE, side=side))
    update(batch, stage="reroll-att", dice=dice, cmd=cmds, info=info, re={}, six={}, fo={})


def _hits(batch: GloryBatch, ctx: Ctx, task: dict) -> None:
    state = batch.state
    out, texts = {}, []
    siege = task["mode"] == SIEGE or bool(task.get("malta_assault"))
    for side in (task["att"], task["def"]):
        info = task["info"][side]
        col = column(ctx, info["strength"])
        n, need = hits(ctx, info["row"], col, task["dice"][side], siege)
        if info["strength"] <= 0:
            n = 0
        victim = T.other(side)
        cap = capacity(ctx, losable(ctx, state, task, victim))
        if task["mode"] == SIEGE and victim == task["def"] and alone_defence(ctx, state, task):
            cap = 1 if n else 0
        out[side] = min(n, cap)
        total = sum(task["dice"][side])
        texts.append(f"{T.NATION_NAMES[side]} {' '.join(map(str, task['dice'][side]))} = "
                     f"{total} (needs {need}): {out[side]} hit{'s' if out[side] != 1 else ''}")
    note(batch, T.COMBAT_SCORE, f"{T.COMBAT_SCORE}: " + "; ".join(texts), side=task["att"],
         hits=out)
    update(batch, stage="loss-def", hits=out, lost={})


def _outcome(batch: GloryBatch, ctx: Ctx, task: dict) -> None:
    state = batch.state
    lost = task["lost"]
    att, dfn = task["att"], task["def"]
    gone = {s: not _standing(ctx, state, task, s) for s in (att, dfn)}
    for s in (att, dfn):
        if gone[s]:
            _destroyed(batch, ctx, task, s)
    if task["mode"] == SIEGE:
        update(batch, stage="tests", result="siege")
        return
    if lost[att] == lost[dfn]:
        if gone[att] or gone[dfn]:
            update(batch, stage="tests", result="draw")
            return
        note(batch, T.COMBAT_DRAWS, f"{T.COMBAT_DRAWS}: both sides lost {lost[att]}: either "
             "may break off, the attacker deciding first", side=att)
        update(batch, stage="draw-att")
        return
    loser = att if lost[att] > lost[dfn] else dfn
    winner = T.other(loser)
    if gone[winner]:
        note(batch, T.COMBAT_WINNER_DESTROYED, f"{T.COMBAT_WINNER_DESTROYED}: the "
             f"{T.NATION_NAMES[winner]} won but were all lost: the "
             f"{T.NATION_NAMES[loser]} stay", side=loser)
        update(batch, stage="tests", result=winner)
        return
    note(batch, T.COMBAT_LOSING, f"{T.COMBAT_LOSING}: the {T.NATION_NAMES[winner]} win "
         f"({lost[loser]} lost against {lost[winner]})", side=winner, winner=winner)
    if gone[loser]:
        update(batch, stage="tests", result=winner)
        return
    update(batch, stage="break", result=winner, loser=loser)


def _standing(ctx: Ctx, state, task: dict, side: str) -> bool:
    """Whether ``side`` still has elements in the fight."""
    if task["mode"] == SIEGE and side == task["def"]:
        return bool(combatants(ctx, state, task, side)) or bool(
            commanders(ctx, state, task["space"], side, 1))
    return bool(losable(ctx, state, task, side))


def _destroyed(batch: GloryBatch, ctx: Ctx, task: dict, side: str) -> None:
    """Combat: Completely destroyed: the commanders go too, and a marker is placed."""
    from .flow import place_marker
    from .glory import remove_commander

    state = batch.state
    space = task["space"]
    if task["mode"] == NAVAL:
        return
    if task["mode"] == SIEGE and side == task["att"]:
        return
    level = 1 if (task["mode"] == SIEGE and side == task["def"]) else None
    for c in commanders(ctx, state, space, side, level):
        if ctx.naval(c):
            continue
        remove_commander(batch, ctx, c.id, T.COMBAT_DESTROYED, "are lost with their army")
    leftovers = [p for p in pieces_in(state, space, side) if ctx.kind(p) == "element"
                 and (ctx.ekind(p) == "savants"
                      or (level == 1 and p.level == 1 and ctx.nation(p) == "mamluk"))]
    if leftovers:
        note(batch, T.COMBAT_SAVANTS, f"{T.COMBAT_SAVANTS}: "
             f"{describe(ctx, count_by_type(leftovers))} are lost with them",
             [c for p in leftovers for c in (Change.set(p.id, "status", "eliminated"),
                                              Change.set(p.id, "space", None))], side=side)
    place_marker(batch, ctx, side, space, T.COMBAT_DESTROYED, "all its elements were lost")


def _tests(batch: GloryBatch, ctx: Ctx, task: dict) -> None:
    """Combat: Test for commander casualties: each junior who led the troops rolls as
    many dice as the space value (re-rolls with his own glory, none forced)."""
    from .mechanism import start

    state = batch.state
    pending = [c for s, c in sorted(task["lead"].items()) if c
               and state.pieces[c].status == "active"
               and not (c == "caffarelli" and task.get("caffarelli_free"))]
    update(batch, stage="end")
    for cid in pending:
        space = state.pieces[cid].space
        start(batch, ctx, purpose="leader", side=state.pieces[cid].side, space=space,
              n=ctx.value(space), rule=T.CASUALTY_LEAD, text=f"{ctx.name(cid)} tests for "
              "becoming a casualty", cmd=cid, opp=None, no_force=True, leader=cid)


def leader_done(batch: GloryBatch, ctx: Ctx, task: dict, passed: bool) -> None:
    from .glory import remove_commander

    if not passed:
        remove_commander(batch, ctx, task["leader"], T.CASUALTY_LEAD,
                         "fell leading the troops", with_party=False)


def _end(batch: GloryBatch, ctx: Ctx, task: dict) -> None:
    pop(batch)
    from .aftermath import after_combat

    after_combat(batch, ctx, task)


from .mechanism import CONTINUE  # noqa: E402

CONTINUE["leader"] = leader_done
