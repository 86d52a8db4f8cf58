"""Combat: Break off: where the losers go.

Attacking elements that break off go back where they came from.  Losing
defenders go into a friendly or empty BUA in the same space, or into a bordering
land space that is not the one the attack came from and holds no enemy (French
defenders may break off into Ottoman or Mamluk elements and fight them at once,
Combat: French break off exception); never onto or off ships.  No legal space:
they surrender.  One of the player's momentum markers (if any is left) goes into
each space chosen.  Squadrons break off to a bordering sea space the same way
(Combat: Naval combats).  A sally that fails goes back inside or to a bordering
land space (Sieges: Defenders sally out); a relief force that fails goes back or
joins the besieged (Sieges: Relief force arriving by land).

Task ``break-off``: ``side``, ``space``, ``pieces`` still to place, ``origin``
(not allowed), ``mode``, ``places`` (the destinations allowed), ``used``.
Action ``break-off``: ``to`` (a space, or ``"inside"`` for the BUA), ``units``
("type:n,...") and ``pieces`` (commanders, squadrons) of those still to place.
"""

from __future__ import annotations

from ...engine import Action, Change, Verdict
from . import tables as T
from .model import (
    Ctx,
    commanders,
    count_by_type,
    describe,
    elements,
    parse_ids,
    parse_units,
    pieces_in,
    squadrons,
    units_text,
)
from .strength import NAVAL, RELIEF, SALLY, SIEGE
from .tasks import GloryBatch, note, pop, push, update

INSIDE = "inside"


def start_break(batch: GloryBatch, ctx: Ctx, task: dict) -> None:
    """The combat's loser breaks off (the combat task goes on to its tests)."""
    state = batch.state
    loser, space, mode = task["loser"], task["space"], task["mode"]
    origin = task.get("origin")
    update(batch, stage="tests")
    if mode == NAVAL:
        movers = [p for p in pieces_in(state, space, loser) if p.level == 0]
    elif mode == SALLY and loser == task["att"]:
        movers = [p for p in pieces_in(state, space, loser) if p.level == 0]
    else:
        movers = [p for p in pieces_in(state, space, loser)
                  if p.level == 0 and ctx.kind(p) in ("element", "commander")]
    ids = [p.id for p in movers]
    if not ids:
        return
    if loser == task["att"] and mode not in (SALLY, RELIEF) and origin:
        if origin == "sea" or _hostile(ctx, state, origin, loser, mode):
            surrender(batch, ctx, loser, ids, T.COMBAT_BREAK_OFF)
            return
        move_back(batch, ctx, loser, ids, space, origin)
        return
    places = destinations(ctx, state, task, loser)
    if not places:
        surrender(batch, ctx, loser, ids, T.COMBAT_BREAK_OFF)
        return
    push(batch, {"kind": "break-off", "side": loser, "space": space, "pieces": ids,
                 "mode": mode, "places": places, "used": [], "origin": origin})


def _hostile(ctx: Ctx, state, space: str, side: str, mode: str) -> bool:
    if mode == NAVAL:
        return bool(squadrons(ctx, state, space, T.other(side)))
    return bool(elements(ctx, state, space, T.other(side)))


def destinations(ctx: Ctx, state, task: dict, side: str) -> list[str]:
    space, mode, origin = task["space"], task["mode"], task.get("origin")
    enemy = T.other(side)
    if mode == NAVAL:
        return [s for s in ctx.neighbours[space] if ctx.is_sea(s) and s != origin
                and ctx.harbour(s) != enemy and not squadrons(ctx, state, s, enemy)
                and not (space == T.MALTA_SEA and _coalition_only(ctx, state, side, space))]
    if mode == RELIEF and side == task["att"]:
        out = [origin] if origin and not elements(ctx, state, origin, enemy) else []
        return out + [INSIDE]
    out = []
    from .siege import bua_open_to

    if mode == SALLY and side == task["att"]:
        out.append(INSIDE)
    elif bua_open_to(ctx, state, space, side):
        out.append(INSIDE)
    for s in ctx.neighbours[space]:
        if ctx.is_sea(s) or s == origin:
            continue
        foes = elements(ctx, state, s, enemy)
        if foes and not (side == T.FRENCH and all(ctx.nation(p) in ("ottoman", "mamluk",
                                                                     "albanian")
                                                  for p in foes)):
            continue
        out.append(s)
    return out


def _coalition_only(ctx: Ctx, state, side: str, space: str) -> bool:
    return False


def move_back(batch: GloryBatch, ctx: Ctx, side: str, ids: list[str], space: str,
              origin: str) -> None:
    from .flow import place_marker
    from .glory import follow

    state = batch.state
    changes = []
    for pid in ids:
        changes += [Change.set(pid, "space", origin), Change.set(pid, "level", 0)]
        if ctx.kind(state.pieces[pid]) == "commander":
            changes += follow(batch, pid, origin)
    note(batch, T.COMBAT_BREAK_OFF, f"{T.COMBAT_BREAK_OFF}: the attackers go back to "
         f"{ctx.label(origin)}", changes, side=side)
    place_marker(batch, ctx, side, origin, T.COMBAT_BREAK_OFF, "after breaking off")
    _after_arrival(batch, ctx, side, ids, origin)


def surrender(batch: GloryBatch, ctx: Ctx, side: str, ids: list[str], rule: str) -> None:
    from .glory import remove_commander

    state = batch.state
    cmds = [pid for pid in ids if ctx.kind(state.pieces[pid]) == "commander"]
    rest = [pid for pid in ids if pid not in cmds]
    note(batch, rule, f"{rule}: nowhere to break off to: "
         f"{describe(ctx, count_by_type(state.pieces[p] for p in rest))} surrender",
         [c for pid in rest for c in (Change.set(pid, "status", "eliminated"),
                                      Change.set(pid, "space", None))], side=side)
    for cid in cmds:
        if state.pieces[cid].status == "active":
            remove_commander(batch, ctx, cid, rule, "surrender")


def _after_arrival(batch: GloryBatch, ctx: Ctx, side: str, ids: list[str], to: str) -> None:
    from .movement import stragglers

    cmds = [pid for pid in ids if ctx.kind(batch.state.pieces[pid]) == "commander"]
    if side == T.FRENCH and cmds:
        stragglers(batch, ctx, to, cmds, rule=T.STRAGGLERS)


# -- the task --------------------------------------------------------------------------------

def auto(batch: GloryBatch, ctx: Ctx, task: dict) -> bool:
    left = [pid for pid in task["pieces"] if batch.state.pieces[pid].status == "active"
            and batch.state.pieces[pid].space == task["space"]]
    if not left:
        pop(batch)
        return True
    if left != task["pieces"]:
        update(batch, pieces=left)
        return True
    return False


def prompt(state, ctx: Ctx, task: dict):
    return (task["side"], "break-off", f"Break off from {ctx.label(task['space'])}: choose "
            "where the losing elements go", ("break-off",))


def _split(ctx: Ctx, state, ids: list[str]):
    pieces = [state.pieces[p] for p in ids]
    units = count_by_type(p for p in pieces if ctx.kind(p) == "element"
                          and ctx.ekind(p) != "squadron")
    named = [p.id for p in pieces if ctx.kind(p) != "element" or ctx.ekind(p) == "squadron"]
    return units, named


def options(state, ctx: Ctx, task: dict) -> list[Action]:
    units, named = _split(ctx, state, task["pieces"])
    return [Action.make("break-off", task["side"], to=to, units=units_text(units),
                        pieces=",".join(named)) for to in task["places"]]


def check(state, ctx: Ctx, task: dict, action: Action) -> Verdict:
    if action.kind != "break-off" or action.side != task["side"]:
        return Verdict.no("the losing player breaks off", T.COMBAT_BREAK_OFF)
    if action.get("to") not in task["places"]:
        return Verdict.no("not a legal space to break off into (the BUA here, or a bordering "
                          "land space without enemies, not the one the attack came from)",
                          T.COMBAT_BREAK_OFF)
    units, named = _split(ctx, state, task["pieces"])
    try:
        want = parse_units(action.get("units", ""))
    except ValueError:
        return Verdict.no("elements are given as type:count", T.COMBAT_BREAK_OFF)
    ids = parse_ids(action.get("pieces", ""))
    if any(n > units.get(t, 0) or n < 0 for t, n in want.items()) or not set(ids) <= set(named):
        return Verdict.no("only the losing elements break off", T.COMBAT_BREAK_OFF)
    if not ids and not any(want.values()):
        return Verdict.no("choose the elements breaking off there", T.COMBAT_BREAK_OFF)
    if want.get("fr-sav") and not ids and sum(want.values()) == want["fr-sav"]:
        return Verdict.no("the savants always go with a French commander or element",
                          T.MOVE_SAVANTS)
    return Verdict.yes()


def answer(batch: GloryBatch, ctx: Ctx, task: dict, action: Action) -> None:
    from .flow import place_marker
    from .glory import follow
    from .model import pick

    state = batch.state
    to, side, space = action["to"], task["side"], task["space"]
    want = parse_units(action.get("units", ""))
    chosen = [p.id for p in (pick([state.pieces[x] for x in task["pieces"]], want) or [])]
    chosen += parse_ids(action.get("pieces", ""))
    if task["mode"] == NAVAL:
        # land elements aboard go with their squadrons
        aboard = [p.id for p in pieces_in(state, space, side) if p.id in task["pieces"]
                  and p.id not in chosen and ctx.kind(p) != "fleet"]
        chosen += aboard
    dest = space if to == INSIDE else to
    level = 1 if to == INSIDE else 0
    changes = []
    for pid in chosen:
        changes += [Change.set(pid, "space", dest), Change.set(pid, "level", level)]
        if ctx.kind(state.pieces[pid]) == "commander":
            changes += follow(batch, pid, dest)
    where = f"into the BUA of {ctx.label(space)}" if to == INSIDE else f"to {ctx.label(to)}"
    note(batch, T.COMBAT_BREAK_OFF, f"{T.COMBAT_BREAK_OFF}: "
         f"{describe(ctx, count_by_type(state.pieces[p] for p in chosen if ctx.kind(state.pieces[p]) == 'element'))}"
         f" break off {where}", changes, side=side)
    used = list(task["used"])
    if dest not in used:
        used.append(dest)
        place_marker(batch, ctx, side, dest, T.COMBAT_BREAK_OFF, "elements broke off here",
                     passes=side == state.vars.get("active"))
    left = [p for p in task["pieces"] if p not in chosen]
    update(batch, pieces=left, used=used)
    if not left:
        pop(batch)
    if to != INSIDE:
        _after_arrival(batch, ctx, side, chosen, dest)
        foes = elements(ctx, batch.state, dest, T.other(side))
        if side == T.FRENCH and foes:
            from .combat import begin_field

            note(batch, T.COMBAT_FRENCH_EXCEPTION, f"{T.COMBAT_FRENCH_EXCEPTION}: the French "
                 f"break off into {ctx.label(dest)} and must fight there at once", side=side)
            begin_field(batch, ctx, dest, T.FRENCH, origin=space, rule=T.COMBAT_FRENCH_EXCEPTION)
    elif task["mode"] != SIEGE:
        from .siege import note_siege

        note_siege(batch, ctx, space)


def remaining_commanders(ctx: Ctx, state, task: dict) -> list[str]:
    return [c.id for c in commanders(ctx, state, task["space"], task["side"])]
