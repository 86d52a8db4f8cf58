"""Movement: activating a space, moving out of it, embarking and disembarking.

Movement: Activating: roll the space value; one success lets every element in
the space move, a failure holds them all and costs a momentum marker there
(Movement: Successive moves).  How to move: the activated elements go together
or in different directions, one space each (Move distance: a common border, the
Nile, the inset, a sea lane); some may stay.  Elements that arrive may move on
only when their new space is activated.  Seniority: Accompanying commanders:
juniors go with their senior unless detached, which puts their marker on the
map and establishes their glory.  Embark / Disembark: land elements step from a
coastal space onto friendly squadrons in the sea space next to it, and off them
again; only naval commanders' glory serves at sea.  Mamluks never go to sea;
the savants are never alone; naval elements never go on land; nobody enters the
enemy's safe harbours; coalition squadrons stay off Malta; Alexandria's sea
walls keep landings out while the enemy holds it.
"""

from __future__ import annotations

from ...engine import Action, Change, GameState, Verdict
from . import tables as T
from .flow import INVASION, flag, hand, markers_at, place_marker
from .glory import BONAPARTE, detach, follow
from .mechanism import CONTINUE, start
from .model import (
    WITH,
    Ctx,
    commanders,
    count_by_type,
    describe,
    elements,
    juniors,
    parse_ids,
    parse_units,
    party,
    pick,
    pieces_in,
    ranked,
    squadrons,
    total_glory,
)
from .tasks import GloryBatch, note, setvar


def _phase(state: GameState) -> str:
    return state.vars.get("phase", "")


def mobile(ctx: Ctx, state: GameState, space: str, side: str) -> list:
    """Pieces of ``side`` in ``space`` that may be moved by an activation there."""
    if _phase(state) == INVASION:
        if side == T.FRENCH:
            return [p for p in pieces_in(state, space, side) if p.type == "fleet"]
        return [p for p in pieces_in(state, space, side) if p.id == "nelson"]
    used = set(state.vars.get("supported", []))
    out = []
    for p in pieces_in(state, space, side):
        kind = ctx.kind(p)
        if kind not in ("element", "commander") or p.id in used:
            continue
        out.append(p)
    return out


def movable(ctx: Ctx, state: GameState, space: str, side: str) -> bool:
    act = state.vars.get("activation") or {}
    if act.get("must_leave") and act.get("space") == space:
        return True
    return bool(mobile(ctx, state, space, side))


# -- activation ---------------------------------------------------------------------------------

def activation_check(ctx: Ctx, state: GameState, side: str, space: str) -> Verdict:
    if state.vars.get("active") != side:
        return Verdict.no("it is not your initiative", T.MOMENTUM_ALTERNATE)
    if hand(state, side) <= 0:
        return Verdict.no("you have no momentum markers left", T.MOMENTUM_END)
    if space not in ctx.board:
        return Verdict.no("no such space", T.MOVE_ACTIVATE)
    if state.vars.get("pass_due") and state.vars.get("activation"):
        return Verdict.no("a momentum marker was placed: finish this activation first",
                          T.COMBAT_MULTIPLE)
    if markers_at(state, space, side):
        return Verdict.no("a momentum marker of yours is in that space: its elements can do "
                          "nothing more this turn", T.MOMENTUM_PLACE)
    if not mobile(ctx, state, space, side):
        return Verdict.no("nothing of yours there can move", T.MOVE_ACTIVATE)
    if _phase(state) == INVASION and side == T.ALLIED and flag(state, "nelson_done"):
        return Verdict.no("Nelson's turn is over", T.INV_FAILED)
    return Verdict.yes()


def test_commanders(ctx: Ctx, state: GameState, side: str, space: str):
    """(the commander whose glory re-rolls, the enemy commander who may require
    re-rolls) for a test in ``space``."""
    if _phase(state) == INVASION:
        from .invasion import BRUEYS, NELSON, fleets

        if side == T.FRENCH:
            n = state.pieces.get(NELSON)
            return BRUEYS, (NELSON if n is not None and n.space == space else None)
        return NELSON, (BRUEYS if fleets(ctx, state, space) else None)
    return rerolling(ctx, state, side, space), rerolling(ctx, state, T.other(side), space)


def rerolling(ctx: Ctx, state: GameState, side: str, space: str) -> str | None:
    """The most senior commander of ``side`` in ``space`` who may spend glory there
    (at sea only naval commanders, and Bonaparte aboard the Muiron)."""
    cmds = [c for c in commanders(ctx, state, space, side) if total_glory(c) > 0]
    if ctx.is_sea(space):
        cmds = [c for c in cmds if ctx.naval(c) or (c.id == BONAPARTE
                                                   and c.data.get("returning"))]
    best = ranked(ctx, state, cmds, space)
    return best[0].id if best else None


def activate(batch: GloryBatch, ctx: Ctx, side: str, space: str) -> None:
    setvar(batch, "activation", None)
    cmd, opp = test_commanders(ctx, batch.state, side, space)
    start(batch, ctx, purpose="activation", side=side, space=space, n=ctx.value(space),
          rule=T.MOVE_ACTIVATE, text=f"{ctx.label(space)}", cmd=cmd, opp=opp)


def activation_done(batch: GloryBatch, ctx: Ctx, task: dict, passed: bool) -> None:
    side, space = task["side"], task["space"]
    state = batch.state
    sharing = _phase(state) == INVASION and side == T.ALLIED and _shares_with_fleet(ctx, state)
    if passed:
        # "moved" (nothing has left yet) is written from the start, so an activation
        # without it comes from a game saved before the flag (see options.answer)
        act = {"space": space, "side": side, "moved": False}
        if sharing:
            act["must_leave"] = True
        setvar(batch, "activation", act)
        if side == T.FRENCH:
            from .flow import set_flag

            set_flag(batch, "can_disembark", False)
        return
    place_marker(batch, ctx, side, space, T.MOVE_SUCCESSIVE, "failed to move")
    if sharing:
        from .invasion import offer_interception

        offer_interception(batch, ctx, space, nelson_moved=True, ends_turn=True)


def _shares_with_fleet(ctx: Ctx, state: GameState) -> bool:
    from .invasion import fleets, nelson

    n = nelson(state)
    return n is not None and bool(fleets(ctx, state, n.space))


CONTINUE["activation"] = activation_done


def done_check(ctx: Ctx, state: GameState, side: str) -> Verdict:
    act = state.vars.get("activation")
    if not act or act["side"] != side:
        return Verdict.no("no activated space to finish", T.MOVE_HOW)
    if act.get("must_leave"):
        return Verdict.no("Nelson, once activated beside a French fleet, must move out",
                          T.INV_NELSON)
    from .invasion import destination_due

    if _phase(state) == INVASION and act["space"] == destination_due(ctx, state):
        return Verdict.no("the real fleet, once activated, must sail on towards the "
                          "Egyptian coast", T.INV_DESTINATION)
    return Verdict.yes()


def ending(ctx: Ctx, state: GameState, act: dict) -> str:
    """Movement: How to move: the words for ending the activation ``act``: some or
    all elements may stay in the activated space.  ``moved`` says whether anything
    left; a game saved before that flag was kept has none and cannot tell (once
    everybody has left, the activation closes by itself): the line then just ends
    the activation, claiming neither."""
    where = ctx.label(act["space"])
    if act.get("moved"):
        return f"finish moving out of {where}"
    if "moved" not in act:
        return f"end the activation of {where}"
    return f"end the activation of {where} with nothing moved"


# -- moving ---------------------------------------------------------------------------------------

def _group(ctx: Ctx, state: GameState, action: Action):
    """(moving pieces, detached-and-moving juniors, juniors left behind) or an error."""
    side, space = action.side, action["space"]
    here = mobile(ctx, state, space, side)
    units = parse_units(action.get("units", ""))
    ids = parse_ids(action.get("pieces", ""))
    leave = parse_ids(action.get("leave", ""))
    elems = [p for p in here if ctx.kind(p) == "element"]
    chosen = pick(elems, units)
    if chosen is None:
        return None, "not that many elements of that kind there"
    named = []
    moving_juniors = []
    for pid in ids:
        p = state.pieces.get(pid)
        if p is None or p.side != side:
            return None, f"{pid} is not yours"
        if p.status == WITH and p.space == space:
            moving_juniors.append(pid)
        elif p in here and ctx.kind(p) != "element":
            named.append(p)
        else:
            return None, f"{ctx.name(pid)} cannot move from there"
    for pid in leave:
        p = state.pieces.get(pid)
        if p is None or p.status != WITH or p.space != space:
            return None, f"{pid} is not a commander accompanying one who moves"
    return (chosen + named, moving_juniors, leave), ""


def move_check(ctx: Ctx, state: GameState, action: Action) -> Verdict:
    side, space, to = action.side, action.get("space"), action.get("to")
    act = state.vars.get("activation")
    if not act or act["space"] != space or act["side"] != side:
        return Verdict.no("that space has not been activated", T.MOVE_ACTIVATE)
    if to not in ctx.board or not ctx.adjacent(space, to):
        return Verdict.no("elements move one space at a time, to a space with a common "
                          "border (or across the Nile, the inset or a sea lane)", T.MOVE_DISTANCE)
    group, why = _group(ctx, state, action)
    if group is None:
        return Verdict.no(why, T.MOVE_HOW)
    movers, detaching, leave = group
    if not movers and not detaching:
        return Verdict.no("choose what moves", T.MOVE_HOW)
    if act.get("must_leave") and not any(p.id == "nelson" for p in movers):
        return Verdict.no("Nelson must move out first", T.INV_NELSON)
    if _phase(state) == INVASION:
        return _invasion_move_check(ctx, state, side, space, to, movers)
    return _conquest_move_check(ctx, state, side, space, to, movers, detaching, leave)


def _invasion_move_check(ctx, state, side, space, to, movers) -> Verdict:
    if not ctx.is_sea(to):
        return Verdict.no("fleets stay at sea", T.INV_MOVE)
    if ctx.harbour(to) and ctx.harbour(to) != side:
        return Verdict.no("naval elements never enter the enemy's safe harbours", T.HARBOURS)
    from .invasion import destination_move_check

    return destination_move_check(ctx, state, space, to, movers)


def _conquest_move_check(ctx, state, side, space, to, movers, detaching, leave) -> Verdict:
    sea_from, sea_to = ctx.is_sea(space), ctx.is_sea(to)
    if any(p.id == BONAPARTE and p.data.get("returning") for p in movers):
        return _muiron_check(ctx, state, space, to, movers, detaching)
    ships = [p for p in movers if ctx.kind(p) == "frigate" or ctx.ekind(p) == "squadron"
             or (ctx.kind(p) == "commander" and ctx.naval(p))]
    land = [p for p in movers if p not in ships]
    land_ids = [p.id for p in land] + detaching
    if ctx.harbour(to) and ctx.harbour(to) != side:
        return Verdict.no("nothing enters the enemy's safe harbours", T.HARBOURS)
    if ships and not sea_to:
        return Verdict.no("naval elements never enter land spaces or the Nile", T.DISEMBARK)
    if any(p.type == "co-sq" for p in ships) and to != T.MALTA_SEA:
        return Verdict.no("coalition squadrons never leave the sea around Malta",
                          T.MALTA_COALITION)
    if land_ids and any(ctx.nation(state.pieces[p]) == "mamluk" for p in land_ids) and \
            (sea_to or sea_from):
        return Verdict.no("Mamluks are never carried by sea", T.MOVE_MAMLUK)
    inside = [p for p in movers if p.level == 1]
    from .siege import besieged_by

    if inside and besieged_by(state, space) == T.other(side) and not sea_to:
        return Verdict.no("besieged elements leave by land only by sallying out",
                          T.SIEGE_DEFENDERS)
    if sea_to and not sea_from and land_ids:
        if not squadrons(ctx, state, to, side):
            return Verdict.no("land elements embark only onto friendly squadrons in the next "
                              "sea space", T.EMBARK)
    if sea_from and sea_to and land_ids and not ships:
        return Verdict.no("land elements at sea move only with the squadrons carrying them",
                          T.EMBARK)
    if sea_from and sea_to and ships:
        left_ships = [p for p in squadrons(ctx, state, space, side) if p not in ships]
        left_land = [p for p in pieces_in(state, space, side) if p not in movers
                     and p.id not in detaching and ctx.kind(p) in ("element", "commander")
                     and p not in squadrons(ctx, state, space, side)]
        if left_land and not left_ships:
            return Verdict.no("land elements cannot be left at sea without squadrons",
                              T.EMBARK)
    if sea_from and not sea_to:
        if ships:
            return Verdict.no("naval elements never enter land spaces", T.DISEMBARK)
        from .control import holder

        if to == "alexandria" and (holder(ctx, state, to) == "french") != (side == T.FRENCH):
            return Verdict.no("Alexandria's sea walls: it cannot be attacked from the sea "
                              "while the enemy holds it", T.SEA_WALLS)
    sav = [p for p in movers if p.type == "fr-sav"]
    if sav:
        escort = [p for p in movers if p.type != "fr-sav"] + detaching
        if not escort:
            return Verdict.no("the savants always travel with a French commander or element",
                              T.MOVE_SAVANTS)
    else:
        staying_sav = [p for p in pieces_in(state, space, side) if p.type == "fr-sav"]
        if staying_sav:
            rest = [p for p in pieces_in(state, space, side) if p not in movers
                    and p.type != "fr-sav" and ctx.kind(p) in ("element", "commander")]
            if not rest and not leave:
                return Verdict.no("the savants cannot be left alone", T.MOVE_SAVANTS)
    if any(p.type == "al-inf" for p in movers) and _albanians_blocked(ctx, state, to):
        return Verdict.no("Captain Pasha's Albanians share a space with other Ottoman land "
                          "forces only in a siege or inside a BUA", T.event_rule(16))
    return Verdict.yes()


def _muiron_check(ctx, state, space, to, movers, detaching) -> Verdict:
    """Bonaparte Returns: Interception attempts: he boards the Muiron, then sails."""
    if len(movers) > 1 or detaching:
        return Verdict.no("Bonaparte sails home alone on the Muiron", T.RETURN_INTERCEPT)
    if not ctx.is_sea(to):
        return Verdict.no("Bonaparte, returning, boards the Muiron and sails", T.RETURN_INTERCEPT)
    muiron = state.pieces.get("muiron")
    if not ctx.is_sea(space) and (muiron is None or muiron.space != to):
        return Verdict.no("the Muiron waits in another sea space", T.RETURN_INTERCEPT)
    if ctx.harbour(to) == T.ALLIED:
        return Verdict.no("nothing enters the enemy's safe harbours", T.HARBOURS)
    return Verdict.yes()


def _albanians_blocked(ctx: Ctx, state: GameState, to: str) -> bool:
    if ctx.is_sea(to):
        return False
    from .siege import sieges

    ottomans = [p for p in elements(ctx, state, to, T.ALLIED, 0) if ctx.nation(p) == "ottoman"]
    return bool(ottomans) and to not in sieges(state)


def move(batch: GloryBatch, ctx: Ctx, action: Action) -> None:
    state = batch.state
    side, space, to = action.side, action["space"], action["to"]
    (movers, detaching, leave), _ = _group(ctx, state, action)
    for jid in leave:
        detach(batch, ctx, jid, space, state.pieces[jid].level)
    level = _arrival_level(ctx, batch.state, side, space, to)
    changes = []
    for p in movers:
        changes += [Change.set(p.id, "space", to), Change.set(p.id, "level", level)]
        if ctx.kind(p) == "commander":
            changes += follow(batch, p.id, to)
    counts = count_by_type(p for p in movers if ctx.kind(p) == "element")
    names = [ctx.name(p.id, state) for p in movers if ctx.kind(p) != "element"]
    # Seniority: Accompanying commanders: a junior leaving his senior moves too (he is
    # detached on arrival), so the line names him (never "nothing" moving)
    names += [ctx.name(jid, state) for jid in detaching]
    what = ", ".join([*names, describe(ctx, counts)] if counts else names)
    rule = T.EMBARK if (ctx.is_sea(to) and not ctx.is_sea(space)) else (
        T.DISEMBARK if ctx.is_sea(space) and not ctx.is_sea(to) else T.MOVE_HOW)
    if _phase(state) == INVASION:
        rule = T.INV_MOVE
    note(batch, rule, f"{rule}: {what} from {ctx.label(space)} to {ctx.label(to)}", changes,
         side=side, space=space, to=to)
    for jid in detaching:
        detach(batch, ctx, jid, to, level)
    act = batch.state.vars.get("activation")
    if act and (act.get("must_leave") or not act.get("moved")):
        # Movement: How to move: remember that something left, for the log line of
        # the activation's end (elements may all stay: then it says nothing moved)
        setvar(batch, "activation", {"space": act["space"], "side": act["side"], "moved": True})
    moved_ids = [p.id for p in movers] + detaching
    if BONAPARTE in moved_ids and batch.state.pieces[BONAPARTE].data.get("returning"):
        from .returns import after_move as muiron_moved

        muiron_moved(batch, ctx, to)
        return
    if _phase(batch.state) == INVASION:
        from .invasion import after_move

        after_move(batch, ctx, side, moved_ids, to)
        return
    if side == T.FRENCH:
        cmds = [pid for pid in moved_ids if ctx.kind(batch.state.pieces[pid]) == "commander"]
        if cmds:
            stragglers(batch, ctx, to, cmds, rule=T.STRAGGLERS)
    engage(batch, ctx, side, space, to)


def _arrival_level(ctx: Ctx, state: GameState, side: str, space: str, to: str) -> int:
    """Sieges: Relief force arriving by sea: straight into a friendly besieged BUA."""
    from .siege import besieged_by

    if ctx.is_sea(space) and not ctx.is_sea(to) and besieged_by(state, to) == T.other(side):
        return 1
    return 0


def engage(batch: GloryBatch, ctx: Ctx, side: str, origin: str, to: str) -> None:
    """Combat: Engaging in combat, after a move into ``to``."""
    from .combat import begin_field, begin_naval
    from .siege import besieged_by
    from .strength import RELIEF

    state = batch.state
    enemy = T.other(side)
    if ctx.is_sea(to):
        if squadrons(ctx, state, to, side) and [p for p in squadrons(ctx, state, to, enemy)
                                                 if p.level == 0]:
            begin_naval(batch, ctx, to, side, origin=origin)
        return
    foes_out = elements(ctx, state, to, enemy, 0)
    mine = [p for p in elements(ctx, state, to, side, 0) if ctx.ekind(p) != "savants"]
    if not foes_out or not mine:
        return
    if besieged_by(state, to) == enemy:
        begin_field(batch, ctx, to, side, origin=origin, rule=T.SIEGE_LAND_RELIEF,
                    retire=False, mode=RELIEF)
        return
    begin_field(batch, ctx, to, side, origin=origin, rule=T.COMBAT_ENGAGE)


def stragglers(batch: GloryBatch, ctx: Ctx, space: str, cmds: list[str], rule: str) -> None:
    """Bedouin: Picking off stragglers: a French commander entering a Bedouin space."""
    from .glory import lose, remove_commander

    state = batch.state
    if not any(p.type == "bedouin" for p in pieces_in(state, space)):
        return
    cmds = [c for c in cmds if state.pieces[c].status == "active"]
    if not cmds:
        return
    top = ranked(ctx, state, [state.pieces[c] for c in cmds], space)[0]
    dice = batch.roll(rule, f"Bedouin pick off stragglers in {ctx.label(space)}",
                      ctx.value(space), side=T.ALLIED)
    hits = sum(1 for d in dice if d >= 5)
    if not hits:
        note(batch, rule, f"{rule}: the Bedouin take nothing from {ctx.name(top.id)}",
             side=T.ALLIED)
        return
    troops = [p for p in elements(ctx, state, space, T.FRENCH)
              if ctx.ekind(p) not in ("savants",)]
    if not troops and top.level == 0:
        remove_commander(batch, ctx, top.id, T.CASUALTY_ALONE, "are cut down by the Bedouin")
        return
    short = lose(batch, ctx, top.id, hits, rule, "stragglers picked off")
    if short > 0 or (hits and total_glory(batch.state.pieces[top.id]) <= 0 and short > 0):
        remove_commander(batch, ctx, top.id, rule, "are lost to the Bedouin, without glory left",
                         with_party=False)


def leave_with(state: GameState, cid: str) -> list[str]:
    return [j.id for j in party(state, cid)]


def junior_ids(state: GameState, cid: str) -> list[str]:
    return [j.id for j in juniors(state, cid)]
