"""Resolving a unit action of the movement phase (6.1-6.6, 6.21-6.22): the step
taken, what it carries along, and what it sets off (a melee 6.7, a jump's
injuries and impact 6.5); the advise mode's forced step.  The checks and the
steps themselves are :mod:`.movement`'s."""

from __future__ import annotations

from ffl.engine import Change
from ffl.engine.pieces import FACINGS

from ..terrain import MOVE_OPENINGS
from .context import Ctx
from .entry import entry_edges, inward, off_board_neighbour, square_edges
from .movement import Step, find_step, foe_at, follow, mf_left, start


def resolve(batch, action, forced: bool = False) -> None:
    """Resolve a unit action already found legal (or, ``forced``, one the player
    makes against the rules in the advise mode: see :func:`forced_step`)."""
    ctx = batch.ctx
    pid, kind = action["piece"], action.kind
    start(batch, pid)
    ctx = batch.ctx
    piece = ctx.state.pieces[pid]
    side = piece.side
    name = ctx.name(pid)
    if kind == "face":
        free = int(piece.data.get("free", 0)) + 1
        batch.add("face", "6.1241", f"6.1241 {name} faces {FACINGS[action['facing']]} (free)",
                  [Change.set(pid, "facing", action["facing"]), Change.set(pid, "data.free", free)],
                  side, piece=pid)
        return
    if kind == "finish":
        batch.add("finish", "6.11", f"6.11 {name} has finished moving",
                  [Change.var("mover", None), Change.var("done", ctx.done + [pid])], side, piece=pid)
        return
    left = mf_left(ctx, pid)
    if kind == "exit":
        changes = [Change.set(pid, "status", "exited"), Change.set(pid, "space", None),
                   Change.set(pid, "data.mf_left", left - ctx.tables.enter),
                   Change.set(pid, "data.moved", True),
                   Change.var("mover", None), Change.var("done", ctx.done + [pid])]
        changes += follow(ctx, pid, None, 0, "exited")
        batch.add("exit", "6.22", f"6.22 {name} leaves the board from {piece.space} for good",
                  changes, side, piece=pid)
        return
    step = find_step(ctx, pid, kind, action["to"], action.get("level"))
    if forced:  # advise mode: the step the player insists on, at most the MF left
        step = forced_step(ctx, pid, kind, action["to"], action.get("level"), step)
    frm, frm_level = piece.space, piece.level
    changes = [Change.set(pid, "space", step.to), Change.set(pid, "level", step.level),
               Change.set(pid, "data.mf_left", left - step.cost),
               Change.set(pid, "data.moved", True), Change.set(pid, "data.free", None)]
    if piece.data.get("attitude") == "exposed":
        changes.append(Change.set(pid, "data.attitude", None))   # 11.1 off the battlement
    if kind == "enter":
        org = ctx.org(pid)
        entry = dict(ctx.var("entry", {}))
        sides = ([e for e in square_edges(ctx, step.to) if e in entry_edges(ctx, pid)]
                 or square_edges(ctx, step.to) or ["N"])   # (only a forced entry lacks one)
        record = {"turn": (entry.get(org) or {}).get("turn", ctx.turn), "edge": sides[0]}
        if len(sides) > 1:
            record["edges"] = sides        # a corner square: either side still
        entry[org] = record
        entered = list(ctx.var("entered", []))
        if org not in entered:
            entered.append(org)
        changes += [Change.set(pid, "status", "active"), Change.var("entry", entry),
                    Change.var("entered", entered)]
        if piece.facing is None:
            changes.append(Change.set(pid, "facing", inward(sides[0])))
    changes += follow(ctx, pid, step.to, step.level, "active" if kind == "enter" else None)
    if ctx.option("siege"):
        from .siege import follow as follow_dynamite

        changes += follow_dynamite(ctx, pid, step.to, step.level)     # 15.12
    # 6.31 a rope moved along by this unit counts as carried by it this turn.
    changes += [Change.set(r, "data.carried", [ctx.turn, pid]) for r in ctx.carried(pid)
                if ctx.state.pieces[r].data.get("carried") != [ctx.turn, pid]]
    # 6.721 a climb up a tower stairway stays in its square: the next square
    # entered is entered straight after climbing up.
    climbed = step.via == "tower-stairway" and step.up and step.to == frm
    after_climb = bool(piece.data.get("climbed_up")) and kind == "move"
    changes.append(Change.set(pid, "data.climbed_up", True if climbed else None))
    how = {"enter": "enters the board at", "jump": "jumps down to", "climb": "climbs to",
           "move": "moves to"}[kind]
    via = f" through a {step.via}" if step.via in MOVE_OPENINGS else (
        f" by {step.via}" if step.via else "")
    batch.add(kind, step.rule,
              f"{step.rule} {name} {how} {step.to} level {step.level}{via} "
              f"({step.cost} MF, {left - step.cost} left)",
              changes, side, piece=pid, cost=step.cost, frm=frm, to=step.to, level=step.level)
    if kind == "jump":
        from . import melee, stun

        stun.resolve_jump(batch, pid, frm_level - step.level, step.to, step.level)
        if batch.ctx.state.pieces[pid].on_board:
            foe = foe_at(batch.ctx, pid, step.to, step.level)
            if stun.impact(batch, pid, step.to, step.level, frm) == "melee" and foe:
                melee.resolve(batch, pid, foe.id, frm, step.via, False)
        return
    foe = _foe_after_step(batch.ctx, pid, step.to, step.level)
    if foe is not None:
        from . import melee

        up = (step.up and step.via in ("stairway", "tower-stairway")) or after_climb
        came_from = frm if kind != "enter" else off_board_neighbour(batch.ctx, pid, step.to)
        melee.resolve(batch, pid, foe.id, came_from, step.via, up)


def _foe_after_step(ctx: Ctx, pid: str, key: str, level: int):
    """6.7 :func:`~.movement.foe_at` the square the unit stepped into: a look
    along the pieces first, so the occupancy of every square (which the step
    made stale) is built again only when another character stands there."""
    if "_occ" not in ctx.__dict__:
        types = ctx.types
        for p in ctx.state.pieces.values():
            if p.space == key and p.level == level and p.id != pid and p.status == "active" \
                    and types[p.type].kind == "character":
                break
        else:
            return None             # nobody else there: no foe (Ctx.occupant is None)
    return foe_at(ctx, pid, key, level)


def forced_step(ctx: Ctx, pid: str, kind: str, to: str, level, found: Step | None) -> Step:
    """The step of an action done against the rules (advise mode): the rules'
    own step where there is one, else straight to the square (at ``level``, or
    its top level), spending every MF left; never more MF than are left."""
    left = max(0, mf_left(ctx, pid))
    if found is None:
        level = ctx.fort.top(to) if level is None else int(level)
        return Step(kind, to, level, left, "6.1", frm=ctx.state.pieces[pid].space)
    return Step(found.kind, found.to, found.level, min(found.cost, left), found.rule,
                found.via, found.up, found.rope, found.frm)


