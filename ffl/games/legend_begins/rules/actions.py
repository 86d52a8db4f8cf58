"""The finite list of legal actions random self-play chooses from (and that tests walk).

Not every legal action is listed (there are too many paths): each list holds the
action that ends the phase whenever it is legal, so every game moves on, plus a small
varied sample of the others -- a few moves of a few stacks (rotating through the units
as they move), Mobile Assaults, loads, Field Works, attacks from each stack in contact,
every loss, retreat and advance choice of a pending decision.  The controller's
``legal`` accepts any legal action, listed or not.
"""

from __future__ import annotations

from ffl.engine import Action

from . import movement as M
from . import pending as P
from .combat import vacant_fort
from .context import Ctx, enemy


def for_phase(ctx: Ctx, legal) -> list[Action]:
    item = P.current(ctx)
    if item is not None:
        return P.options(ctx, item)
    phase, side = ctx.phase, ctx.side
    if phase == "recovery":
        from .recovery import actions

        return actions(ctx, side)
    if phase == "organization":
        return [Action.make("end-organization", side)] + [
            a for a in _organize(ctx, side) + _specials(ctx, side) if legal(a)]
    if phase == "movement":
        return [Action.make("end-movement", side)] + [
            a for a in _moves(ctx, side) + _specials(ctx, side) if legal(a)]
    if phase == "arrange":
        out = [Action.make("end-arrange", side)]
        for pid in ctx.units(side):
            if ctx.on_map(pid) and ctx.value(pid, "zoc") == "active" and ctx.motorized(pid):
                a = Action.make("support", side, unit=pid, on=not ctx.piece(pid).data.get("support"))
                if legal(a):
                    out.append(a)
        return out[:4]
    if phase == "combat":
        out = [a for a in _attacks(ctx, side) if legal(a)]
        end = Action.make("end-combat", side)
        if legal(end):
            out.insert(0, end)
        return out
    if phase == "supply":
        return [Action.make("supply", side)]
    return []


def releases(ctx: Ctx, legal) -> list[Action]:
    """The "release" actions :func:`for_phase` lists (44.0 a division of a pending
    release, 43.3 a Littorio unit in a Movement Phase), in its order, without working
    out the rest of the list (the moves: issue 12, the Segment dock asks at every
    refresh)."""
    item = P.current(ctx)
    if item is not None:
        return [a for a in P.options(ctx, item) if a.kind == "release"]
    if ctx.phase == "movement":
        return [a for a in _littorio(ctx, ctx.side) if legal(a)]
    return []


def _littorio(ctx: Ctx, side: str) -> list[Action]:
    """43.3 a release for each of the side's units in the Littorio Strategic Reserve."""
    return [Action.make("release", side, unit=pid)
            for pid, q in sorted(ctx.state.pieces.items())
            if q.side == side and q.data.get("reserve") == "littorio"]


def _organize(ctx: Ctx, side: str) -> list[Action]:
    out = []
    for hq, q in sorted(ctx.state.pieces.items()):
        if q.side != side or q.status != "active" or not ctx.value(hq, "boxes"):
            continue
        for pid in ctx.units_at(q.space, side):
            if pid != hq and not ctx.piece(pid).data.get("hq"):
                out.append(Action.make("attach", side, unit=pid, hq=hq))
        for pid in [p for p, r in ctx.state.pieces.items() if r.data.get("hq") == hq][:1]:
            out.append(Action.make("detach", side, unit=pid))
        if ctx.option("combat_motorized"):                          # 37.0
            trucks = [t for t in ctx.pieces_at(q.space) if ctx.kind(t) == "truck"]
            for pid in ctx.units_at(q.space, side):
                if trucks and not ctx.motorized(pid) and not ctx.piece(pid).data.get("hq"):
                    out.insert(0, Action.make("combat-motorize", side, unit=pid, hq=hq,
                                              truck=trucks[0]))
    return out[:5] if ctx.option("combat_motorized") else out[:4]


def _candidates(ctx: Ctx, side: str) -> list[list[str]]:
    """Stacks that may move: each unit on its own, rotating with the moves made."""
    done = set(ctx.var("done") or [])
    units = []
    for pid, p in sorted(ctx.state.pieces.items()):
        if p.side != side or p.status != "active" or p.space is None or pid in done:
            continue
        if p.data.get("hq") or p.data.get("carried_by"):
            continue
        if ctx.kind(pid) in ("sp", "repl") and not ctx.is_combat(pid):
            continue
        rec = M.record(ctx, pid)
        if rec[4] & (M.STOPPED | M.NO_MOVE | M.OTHER):
            continue
        units.append(pid)
    if not units:
        return []
    start = (len(done) * 7 + int(ctx.var("_rolls", 0))) % len(units)
    order = units[start:] + units[:start]
    mover = [p for p in (ctx.var("mover") or []) if p in units]
    picks = ([mover[0]] if mover else []) + [p for p in order if p not in mover][:2]
    return [[p] for p in picks]


def _moves(ctx: Ctx, side: str) -> list[Action]:
    out: list[Action] = []
    for stack in _candidates(ctx, side):
        pid = stack[0]
        reach = M.reachable(ctx, stack, cap=30)
        keys = sorted(reach)
        if keys:
            step = max(1, len(keys) // 3)
            for key in keys[::step][:3]:
                out.append(Action.make("move", side, units=stack, path=reach[key]))
        here = ctx.piece(pid).space
        if here in ctx.hexmap.terrain:
            for n in ctx.hexmap.neighbours(here):
                if ctx.units_at(n, enemy(side)) and ctx.motorized(pid):
                    out.append(Action.make("assault", side, units=stack, target=n))
            if ctx.utype(pid) == "art" and not ctx.piece(pid).data.get("deployed"):
                out.append(Action.make("deploy", side, unit=pid))
            if ctx.infantry_type(pid) and not ctx.work(here):
                out.append(Action.make("build", side, unit=pid, work="ip"))
            if ctx.kind(pid) == "truck":
                for other in ctx.pieces_at(here):
                    if other != pid and ctx.piece(other).side == side:
                        out.append(Action.make("load", side, carrier=pid, cargo=other))
        for r in ctx.pieces_at(here):
            if ctx.kind(r) == "repl" and ctx.piece(r).side == side and ctx.is_combat(pid):
                out.append(Action.make("absorb", side, unit=pid, replacement=r))
    return out


def _attacks(ctx: Ctx, side: str) -> list[Action]:
    from .fight import able, best_supply

    out = []
    seen = set()
    for key in sorted(ctx.occupied[side]["combat"]):
        units = [p for p in ctx.units_at(key, side) if able(ctx, p)]
        if not units:
            continue
        for n in ctx.hexmap.neighbours(key):
            if (n, key) in seen:
                continue
            if ctx.units_at(n, enemy(side)) or vacant_fort(ctx, side, n):
                seen.add((n, key))
                sp = best_supply(ctx, side, units)
                out.append(Action.make("attack", side, attackers=units, targets=[n],
                                       supply=sp))
                if ctx.option("restricted_hexsides"):              # 35.0
                    few = _five_points(ctx, side, key, n, units)
                    if few != units:
                        out.append(Action.make("attack", side, attackers=few, targets=[n],
                                               supply=best_supply(ctx, side, few)))
                if ctx.option("diversionary"):                     # 38.0
                    out.append(Action.make("attack", side, attackers=units, targets=[n],
                                           supply=sp, diversion=True))
                defended = set(ctx.var("defended") or [])
                if any(p in defended for p in ctx.units_at(n, enemy(side))):
                    # some of them were attacked already: only a Selective Attack on
                    # the others may still be possible (15.1, 9.1)
                    for group in ("active", "limited"):
                        out.append(Action.make("attack", side, attackers=units,
                                               targets=[n], supply=sp, group=group))
    from .fight import owed

    due = {src for _pid, src in owed(ctx, side)}
    # every attack on a hex still owed one (9.1) stays in the list, beyond the sample
    return out[:8] + [a for a in out[8:] if a["targets"][0] in due]


def _five_points(ctx: Ctx, side: str, key: str, target: str, units: list[str]) -> list[str]:
    """35.0 across a restricted hexside: the strongest units of the stack that stay
    within five stacking points (all of them elsewhere)."""
    from .advanced import RESTRICTED_LIMIT, restricted
    from .stacking import points

    if not restricted(ctx, key, target):
        return units
    out: list[str] = []
    for pid in sorted(units, key=lambda p: (-ctx.factors(p)[0], p)):
        if points(ctx, key, side, out + [pid]) <= RESTRICTED_LIMIT:
            out.append(pid)
    return out or units


def _specials(ctx: Ctx, side: str) -> list[Action]:
    """The special rules' actions of the scenario (42.0, 43.3, 47.0, 49.0 - 51.0)."""
    from .special import PURCHASES, next_rail_hex

    out: list[Action] = []
    if ctx.phase == "organization":
        for what, (rule, who, _cost) in sorted(PURCHASES.items()):
            if not ctx.special(rule) or who not in (None, side):
                continue
            if what == "amphibious":
                for pid, q in sorted(ctx.state.pieces.items()):
                    if q.side == side and ctx.value(pid, "amphibious"):
                        out.append(Action.make("purchase", side, what=what, unit=pid))
            else:
                out.append(Action.make("purchase", side, what=what))
        if int(ctx.var("six_pdr") or 0) > 0:
            for pid, q in sorted(ctx.state.pieces.items()):
                if q.side == side and q.status == "active" and ctx.value(pid, "aer6"):
                    out.append(Action.make("six-pounder", side, unit=pid))
    elif ctx.phase == "movement":
        key = next_rail_hex(ctx) if ctx.special("42") else None
        if key:
            out.append(Action.make("build-rail", side, hex=key))
        out += _littorio(ctx, side)
        if ctx.special("51"):
            from .raids import options

            out += options(ctx, side)
        if ctx.special("49"):
            from .airlift import options as flights

            out += flights(ctx, side)
    return out
