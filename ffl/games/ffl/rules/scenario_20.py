"""20 The Negotiations.

The set-up runs in the rulebook's order: the Legion (20.111-20.114, every unit
but Sgt. Maj. Kolb: ``scenario_limits``), the Bedouin (20.121-20.125: Al Krim
inside the Officer's Quarters, one Berber next to it, the other Berbers on the
parade ground, Sgt. Kulm outside next to a gate square, the other tribes off
the board; one tribe but the Berbers left out by choice, 20.1), then Kolb
anywhere in the fort (20.115), in the Legion set-up phase again
(``vars["late_setup"]``).  20.2 gates, doors and windows are all open and stay
so during the set-up (the scenario switches the doors rule, 10, on by default
so the open gate counts).

20.3 during Turn 1 no Legion unit may start a melee until a Bedouin unit has
meleed a Legion unit (``vars["tipped"]``, set by the first such melee).
20.4 is rule 9.
"""

from __future__ import annotations

from ffl.engine import Action, Change, Prompt, Verdict

from . import scenario_limits as lim
from .context import BEDOUIN, LEGION, Batch, Ctx, units_text

MELEE_STEPS = ("move", "climb", "jump", "enter")
#: the set-up placements :func:`actions` lists are checked there already
LISTED_LEGAL = ("place",)


def late(ctx: Ctx) -> dict:
    """20.115 the units set up after the Bedouin (``setup["after_the_bedouin"]``)."""
    sec = ctx.data.scenario.get("after_the_bedouin")
    return sec if isinstance(sec, dict) else {}


def late_pieces(ctx: Ctx) -> list[str]:
    return list(late(ctx).get("pieces") or [])


def _is_late(ctx: Ctx) -> bool:
    return bool(ctx.var("late_setup"))


def _basic_spot(ctx: Ctx, action: Action) -> Verdict:
    key, level, facing = action.get("space"), action.get("level", 0), action.get("facing")
    pid = action.get("piece")
    if key not in ctx.board:
        return Verdict.no(f"no square {key!r}", "1.1")
    if not ctx.fort.has_level(key, level):
        return Verdict.no(f"{key} has no level {level}", "1.12")
    if not isinstance(facing, int) or not 0 <= facing <= 7:
        return Verdict.no("every unit must be given one of the 8 facings", "4.22")
    if ctx.occupant(key, level, exclude=pid) is not None:
        return Verdict.no(f"{ctx.name(ctx.occupant(key, level, exclude=pid).id)} is already "
                          "there", "4.3")
    return Verdict.yes()


def _bedouin_place_ok(ctx: Ctx, action: Action) -> Verdict:
    pid = action.get("piece")
    if pid not in ctx.state.pieces or ctx.kind(pid) != "character" \
            or ctx.state.pieces[pid].side != BEDOUIN:
        return Verdict.no(f"{pid!r} is not a Bedouin character", "20.12")
    named = {p for x in lim.limits(ctx, BEDOUIN) for p in x.get("pieces") or ()}
    orgs = {x.get("org") for x in lim.limits(ctx, BEDOUIN)}
    if pid not in named and ctx.org(pid) not in orgs:
        return Verdict.no("the other tribes start off the board, as in the Basic Game",
                          "20.125")
    verdict = _basic_spot(ctx, action)
    if not verdict:
        return verdict
    return lim.place_ok(ctx, BEDOUIN, pid, action["space"], action.get("level", 0),
                        action["facing"])


def _to_place(ctx: Ctx, side: str) -> list[str]:
    """The units a set-up places (Legion: every character but the late ones;
    Bedouin: those the limits name)."""
    if side == LEGION:
        return [p.id for p in ctx.characters(LEGION) if p.id not in late_pieces(ctx)]
    named = {p for x in lim.limits(ctx, BEDOUIN) for p in x.get("pieces") or ()}
    orgs = {x.get("org") for x in lim.limits(ctx, BEDOUIN)}
    return [p.id for p in ctx.characters(BEDOUIN) if p.id in named or ctx.org(p.id) in orgs]


# -- hooks ----------------------------------------------------------------------------------


def legal(ctx: Ctx, action: Action) -> Verdict | None:
    kind, phase = action.kind, ctx.phase
    if kind in ("set-door",) and phase.startswith("setup"):
        return Verdict.no("gates, doors and windows are all open in this scenario", "20.2")
    if phase == "setup-legion" and _is_late(ctx):
        if action.side != LEGION:
            return Verdict.no("the Legion player sets Kolb up now", "20.115")
        if kind == "place":
            if action.get("piece") not in late_pieces(ctx):
                return Verdict.no("only Sgt. Maj. Kolb is set up now", "20.115")
            verdict = _basic_spot(ctx, action)
            if verdict and not ctx.fort.is_fort(action["space"]):
                verdict = Verdict.no("Kolb sets up anywhere inside the fort", "20.115")
            return verdict
        if kind == "end-setup":
            waiting = [p for p in late_pieces(ctx) if not ctx.state.pieces[p].on_board]
            return Verdict.no("set Kolb up first", "20.115") if waiting else Verdict.yes()
        return Verdict.no("only Kolb's set-up is left", "20.115")
    if phase == "setup-legion":
        if kind == "place" and action.side == LEGION:
            pid = action.get("piece")
            if pid in late_pieces(ctx):
                return Verdict.no("Kolb is set up after the Bedouin", "20.115")
            if pid in ctx.state.pieces and ctx.state.pieces[pid].side == LEGION \
                    and action.get("space") in ctx.board:
                verdict = lim.place_ok(ctx, LEGION, pid, action["space"],
                                       action.get("level", 0), action.get("facing"))
                return None if verdict else verdict
        if kind == "end-setup" and action.side == LEGION:
            waiting = [p for p in _to_place(ctx, LEGION) if not ctx.state.pieces[p].on_board]
            if waiting:
                return Verdict.no(f"{units_text(len(waiting))} still to set up", "20.11")
            verdict = lim.squads_ok(ctx, LEGION, lim.spots(ctx, LEGION), final=True)
            return None if verdict else verdict
        return None
    if phase == "setup-bedouin":
        if kind == "place":
            if action.side != BEDOUIN:
                return Verdict.no("the Bedouin player sets up now", "20.12")
            return _bedouin_place_ok(ctx, action)
        if kind == "end-setup" and action.side == BEDOUIN:
            waiting = [p for p in _to_place(ctx, BEDOUIN) if not ctx.state.pieces[p].on_board]
            if waiting:
                return Verdict.no(f"{units_text(len(waiting))} still to set up inside the fort "
                                  "or at the gate", "20.12")
            verdict = lim.counted_final(ctx, BEDOUIN)
            return None if verdict else verdict
        return None
    if ctx.turn == 1 and phase == "movement" and kind in MELEE_STEPS \
            and action.side == LEGION and not ctx.var("tipped"):
        pid = action.get("piece")
        to, level = action.get("to"), action.get("level")
        if to is not None and pid in ctx.state.pieces:
            level = level if level is not None else max(0, ctx.fort.bottom(to)) \
                if to in ctx.board else 0
            other = ctx.occupant(to, level, exclude=pid)
            if other is not None and other.side != LEGION:
                return Verdict.no("no Legion unit may start a melee on Turn 1 before a "
                                  "Bedouin has meleed", "20.3")
    return None


def resolve(batch: Batch, action: Action) -> bool:
    ctx = batch.ctx
    if action.kind == "place" and action.side == BEDOUIN:
        pid, key = action["piece"], action["space"]
        level, facing = action.get("level", 0), action["facing"]
        batch.add("place", "20.12", f"20.12 {ctx.name(pid)} set up in {key} level {level}",
                  [Change.set(pid, "status", "active"), Change.set(pid, "space", key),
                   Change.set(pid, "level", level), Change.set(pid, "facing", facing)],
                  BEDOUIN, piece=pid)
        return True
    if action.kind == "end-setup" and ctx.phase == "setup-bedouin":
        batch.add("end-setup", "20.12", "20.12 The Bedouin are set up; Kolb comes next "
                  "(20.115)", [Change.var("phase", "setup-legion"), Change.var("active", LEGION),
                               Change.var("late_setup", True)], BEDOUIN)
        return True
    if action.kind == "end-setup" and _is_late(ctx):
        from .setup import start_turn_one

        batch.add("end-setup", "20.115", "20.115 Kolb is set up: the negotiations begin",
                  [Change.var("late_setup", None)], LEGION)
        start_turn_one(batch)
        return True
    if action.kind == "end-setup" and ctx.phase == "setup-legion":
        batch.add("end-setup", "20.11", "20.11 The Legion is set up; the Bedouin set up",
                  [Change.var("phase", "setup-bedouin"), Change.var("active", BEDOUIN)],
                  LEGION)
        return True
    return False


def after(batch: Batch, action: Action) -> None:
    """20.3 a Bedouin melee against a Legion unit tips the Bedouin hand."""
    ctx = batch.ctx
    if ctx.var("tipped") or action.side != BEDOUIN or action.kind not in MELEE_STEPS:
        return
    if any(e.kind == "melee" for e in batch.events):
        batch.add("tipped", "20.3", "20.3 The Bedouin have tipped their hand: the Legion may "
                  "melee", [Change.var("tipped", True)], BEDOUIN)


def actions(ctx: Ctx, out: list[Action]) -> list[Action]:
    phase = ctx.phase
    if phase == "setup-legion":
        out = [a for a in out if a.kind not in ("place", "set-door")]
        if _is_late(ctx):
            out = [a for a in out if a.kind in ("end-setup",)]
            out += _place_actions(ctx, LEGION, [p for p in late_pieces(ctx)
                                                if not ctx.state.pieces[p].on_board])
        else:
            out += _place_actions(ctx, LEGION, [p for p in _to_place(ctx, LEGION)
                                                if not ctx.state.pieces[p].on_board])
        if not any(a.kind == "end-setup" for a in out):
            end = Action.make("end-setup", LEGION)
            if legal(ctx, end) is None or legal(ctx, end):
                out.append(end)
    elif phase == "setup-bedouin":
        out = out + _place_actions(ctx, BEDOUIN, [p for p in _to_place(ctx, BEDOUIN)
                                                  if not ctx.state.pieces[p].on_board])
        if not any(a.kind == "end-setup" for a in out):
            out.append(Action.make("end-setup", BEDOUIN))
    return out


def _place_actions(ctx: Ctx, side: str, waiting: list[str], check=None) -> list[Action]:
    """Self-play's list: the first unit waiting on every spot its limits allow
    (``check`` the scenario's ``legal``; this scenario's by default)."""
    check = check or legal
    if not waiting:
        return []
    pid = waiting[0]
    taken = {p.position for p in ctx.characters() if p.on_board}
    candidates = []
    for key in ctx.fort.squares():
        if side == LEGION and not ctx.fort.is_fort(key):
            continue
        for level in ctx.fort.levels(key):
            if (key, level) not in taken:
                candidates.append((key, level, lim.facing_for(ctx, side, pid, key,
                                                              len(candidates))))
    if side == LEGION and ctx.org(pid) in lim.SQUADS and not _is_late(ctx):
        return [Action.make("place", side, piece=pid, space=k, level=lv, facing=f)
                for k, lv, f in lim.squad_spots(ctx, side, pid, candidates)]
    out = []
    for key, level, facing in candidates:
        action = Action.make("place", side, piece=pid, space=key, level=level, facing=facing)
        verdict = check(ctx, action)
        if verdict is None or verdict:
            out.append(action)
    return out


def prompt(ctx: Ctx, p: Prompt) -> Prompt:
    if p.phase == "setup-legion" and _is_late(ctx):
        return Prompt(LEGION, p.phase, "20.115 Set Sgt. Maj. Kolb up anywhere in the fort",
                      ("place", "end-setup"), {**p.info, "late": late_pieces(ctx),
                                               "to_place_ids": late_pieces(ctx),
                                               "where": "fort squares"})
    if p.phase == "setup-legion":
        return Prompt(p.side, p.phase, p.text.replace("2.31", "20.11"),
                      tuple(k for k in p.kinds if k not in ("leave-out", "set-door")),
                      {**p.info, "to_place": len(_to_place(ctx, LEGION)),
                       "to_place_ids": _to_place(ctx, LEGION),
                       "limits": [x.get("text", "") for x in lim.limits(ctx, LEGION)]})
    if p.phase == "setup-bedouin" and not ctx.var("pending"):
        return Prompt(p.side, p.phase, "20.12 Set up Al Krim, the Berbers and Kulm; "
                      + p.text.split("; ", 1)[-1] if "; " in p.text else p.text,
                      (*p.kinds, "place"),
                      {**p.info, "to_place": len(_to_place(ctx, BEDOUIN)),
                       "to_place_ids": _to_place(ctx, BEDOUIN),
                       "placed": sum(1 for pid in _to_place(ctx, BEDOUIN)
                                     if ctx.state.pieces[pid].on_board),
                       "where": "the squares 20.121-20.124 allow",
                       "limits": [x.get("text", "") for x in lim.limits(ctx, BEDOUIN)]})
    return p
