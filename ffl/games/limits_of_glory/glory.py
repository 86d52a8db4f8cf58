"""Commander glory: establishing it, spending it, exhaustion, casualties.

Glory: When to calculate / How to calculate: a commander's glory is rolled
(his command-chart dice, plus the fixed number) the moment his marker is put on
the map.  Glory: Re-rolls: one glory point per die re-rolled.  Glory: Exhausted
commanders: at zero (both markers for Bonaparte) a commander is exhausted; he
stays on the map.  Bonaparte's glory over 50 goes on his automatic-6 marker.
"""

from __future__ import annotations

from ...engine import Change
from ...engine.pieces import Piece
from . import tables as T
from .model import WITH, Ctx, auto6, glory, juniors, party, total_glory
from .tasks import GloryBatch, note

BONAPARTE = "bonaparte"


def roll_glory(batch: GloryBatch, ctx: Ctx, cid: str, *, fixed: int | None = None,
               dice: int | None = None, rule: str = T.GLORY_HOW) -> int:
    """Roll and record ``cid``'s glory (the command chart's formula unless given)."""
    t = ctx.types[cid]
    fixed = int(t.get("glory_fixed", 0)) if fixed is None else fixed
    dice = int(t.get("glory_dice", 0)) if dice is None else dice
    rolled = batch.roll(rule, f"Glory of {ctx.name(cid)} ({fixed}+{dice}d6)", dice) if dice else ()
    total = fixed + sum(rolled)
    changes = []
    if cid == BONAPARTE and total > T.VP_TRACK_MAX:
        changes = [Change.set(cid, "data.glory", T.VP_TRACK_MAX),
                   Change.set(cid, "data.auto6", total - T.VP_TRACK_MAX)]
        text = (f"{rule}: {ctx.whose(cid)} glory is {total}: {T.VP_TRACK_MAX} on his glory "
                f"marker and {total - T.VP_TRACK_MAX} on his automatic 6 marker")
    else:
        changes = [Change.set(cid, "data.glory", total)]
        text = f"{rule}: {ctx.whose(cid)} glory is {total}"
    note(batch, rule, text, changes, side=batch.state.pieces[cid].side, glory=total)
    return total


def add_glory(batch: GloryBatch, ctx: Ctx, cid: str, amount: int, rule: str) -> None:
    p = batch.state.pieces[cid]
    note(batch, rule, f"{rule}: {ctx.name(cid)} gains {amount} glory",
         [Change.set(cid, "data.glory", glory(p) + amount)], side=p.side)


def spend(batch: GloryBatch, ctx: Ctx, cid: str, n: int, rule: str, why: str,
          sixes: int = 0) -> None:
    """Reduce ``cid``'s glory by ``n`` (and his automatic 6s by ``sixes``)."""
    if n <= 0 and sixes <= 0:
        return
    p = batch.state.pieces[cid]
    changes = []
    if n > 0:
        changes.append(Change.set(cid, "data.glory", max(0, glory(p) - n)))
    if sixes > 0:
        changes.append(Change.set(cid, "data.auto6", max(0, auto6(p) - sixes)))
    spent = f"{n} glory" if n else ""
    if sixes:
        spent += (" and " if spent else "") + f"{sixes} automatic 6{'s' if sixes > 1 else ''}"
    note(batch, rule, f"{rule}: {ctx.name(cid)} spends {spent} ({why})", changes,
         side=p.side, spent=n, sixes=sixes)
    after = batch.state.pieces[cid]
    if total_glory(after) <= 0:
        exhaust(batch, ctx, cid)


def lose(batch: GloryBatch, ctx: Ctx, cid: str, n: int, rule: str, why: str) -> int:
    """Glory taken away (uprisings, stragglers, revolts): returns what could not be
    taken because he had none left."""
    p = batch.state.pieces[cid]
    have = glory(p)
    taken = min(have, n)
    if taken:
        note(batch, rule, f"{rule}: {ctx.name(cid)} loses {taken} glory ({why})",
             [Change.set(cid, "data.glory", have - taken)], side=p.side, lost=taken)
        if total_glory(batch.state.pieces[cid]) <= 0:
            exhaust(batch, ctx, cid)
    return n - taken


def exhaust(batch: GloryBatch, ctx: Ctx, cid: str) -> None:
    """Glory: Exhausted commanders (and How to Win: Bonaparte exhausted)."""
    note(batch, T.GLORY_EXHAUSTED, f"{T.GLORY_EXHAUSTED}: {ctx.name(cid)} is exhausted",
         side=batch.state.pieces[cid].side)
    if cid == BONAPARTE:
        from .control import bonaparte_lost

        bonaparte_lost(batch, ctx, T.WIN_EXHAUSTED, "exhausted")


def detach(batch: GloryBatch, ctx: Ctx, cid: str, space: str, level: int = 0,
           rule: str = T.ACCOMPANY) -> None:
    """An accompanying junior leaves his senior: his marker goes on the map and his
    glory is established (Seniority: Accompanying commanders); his own juniors
    now accompany him."""
    p = batch.state.pieces[cid]
    senior = p.data.get(WITH, "")
    changes = [Change.set(cid, "status", "active"), Change.set(cid, "data.with", None),
               Change.set(cid, "space", space), Change.set(cid, "level", level)]
    changes += [Change.set(j.id, "space", space) for j in party(batch.state, cid)]
    note(batch, rule, f"{rule}: {ctx.name(cid)} is detached from {ctx.name(senior)} "
         f"and acts on his own", changes, side=p.side)
    roll_glory(batch, ctx, cid, rule=T.GLORY_WHEN)


def place_commander(batch: GloryBatch, ctx: Ctx, cid: str, space: str, rule: str,
                    *, fixed: int | None = None, dice: int | None = None,
                    level: int = 0, roll: bool = True) -> None:
    """Put a commander's marker on the map with his accompanying juniors and roll
    his glory (Glory: When to calculate)."""
    p = batch.state.pieces[cid]
    changes = [Change.set(cid, "status", "active"), Change.set(cid, "space", space),
               Change.set(cid, "level", level)]
    todo, seen = [cid], []
    while todo:
        senior = todo.pop()
        for jid, t in ctx.types.items():
            if t.kind == "commander" and t.get("accompanies") == senior \
                    and batch.state.pieces[jid].status == "off":
                changes += [Change.set(jid, "status", WITH), Change.set(jid, "space", space),
                            Change.set(jid, "data.with", senior)]
                seen.append(jid)
                todo.append(jid)
    with_text = f" with {', '.join(ctx.name(j) for j in seen)}" if seen else ""
    note(batch, rule, f"{rule}: {ctx.name(cid)} is placed in {ctx.label(space)}{with_text}",
         changes, side=p.side)
    if roll:
        roll_glory(batch, ctx, cid, fixed=fixed, dice=dice, rule=rule)


def follow(batch: GloryBatch, cid: str, space: str) -> list[Change]:
    """Changes moving the juniors accompanying ``cid`` along with him."""
    return [Change.set(j.id, "space", space) for j in party(batch.state, cid)]


def remove_commander(batch: GloryBatch, ctx: Ctx, cid: str, rule: str, why: str,
                     status: str = "eliminated", *, with_party: bool = True) -> None:
    """A commander is lost (Commander Casualties).  ``with_party``: the juniors
    accompanying him are lost with him (he was alone among the enemy, or his army
    was destroyed); otherwise (he fell leading the troops, the Bedouin took him)
    they stay and are detached where he was."""
    p = batch.state.pieces[cid]
    space, level = p.space, p.level
    stay = [] if with_party else [j.id for j in juniors(batch.state, cid)]
    lost = [cid] + [j.id for j in party(batch.state, cid) if j.id not in stay
                    and not _under(batch.state, j.id, stay)]
    changes = []
    for pid in lost:
        changes += [Change.set(pid, "status", status), Change.set(pid, "space", None),
                    Change.set(pid, "data.with", None)]
    names = ", ".join(ctx.name(x) for x in lost)
    note(batch, rule, f"{rule}: {names} {why}", changes, side=p.side)
    for jid in stay:
        if space is not None:
            detach(batch, ctx, jid, space, level, rule=rule)
    if cid == BONAPARTE and status == "eliminated":
        from .control import bonaparte_lost

        bonaparte_lost(batch, ctx, T.WIN_EXHAUSTED, why)


def _under(state, pid: str, seniors: list[str]) -> bool:
    """Whether ``pid`` travels (directly or not) with one of ``seniors``."""
    seen = set()
    while pid and pid not in seen:
        seen.add(pid)
        pid = state.pieces[pid].data.get(WITH, "")
        if pid in seniors:
            return True
    return False


def is_commander(ctx: Ctx, p: Piece) -> bool:
    return ctx.kind(p) == "commander"
