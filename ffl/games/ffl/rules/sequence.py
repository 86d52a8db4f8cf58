"""The sequence of play (3), the mixing of the Sequence units (5) and the
organization-level limits of movement (4.5, 6.11, 6.21).

The cup holds the organizations whose Sequence units are still to be drawn.
A draw is a die with as many faces as units left in the cup: face ``n`` picks
the ``n``-th unit of the cup (in the fixed order of 1.24), which is the same as
drawing blind from a well-shaken cup, and the die value is in the event (5).
"""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from . import ropes, stun, victory
from .context import ORGS, Batch, Ctx, org_side
from .movement import mf_max, sharing
from .movement_actions import movable_pieces, unit_actions

SEQUENCE_KINDS = ("draw", "end-phase")


def full_cup(ctx: Ctx | None = None) -> list[str]:
    """3.1 / 3.3 all ten Sequence units go back into the cup (an organization
    none of whose units is in the game, 19.1 / 20.1-23.1, stays out of it)."""
    if ctx is None:
        return list(ORGS)
    from .scenarios import cup_orgs

    return cup_orgs(ctx, list(ORGS))


def legal(ctx: Ctx, action: Action) -> Verdict:
    if ctx.var("pending"):
        return Verdict.no("an impact move must be made first", "6.5224")
    if ctx.phase not in ("movement", "fire"):
        return Verdict.no(f"not during {ctx.phase or 'set-up'}", "3")
    if action.kind == "draw":
        if ctx.chit:
            return Verdict.no(f"{ctx.org_name(ctx.chit)} are still acting", "6.1")
        if not ctx.var("cup"):
            return Verdict.no("the cup is empty", "3")
        return Verdict.yes()
    if not ctx.chit:
        return Verdict.no("draw a Sequence unit first", "3.2" if ctx.phase == "movement" else "3.4")
    if action.side != ctx.var("active"):
        return Verdict.no("only the player whose organization is acting ends its phase", "6.1")
    from .cafard import pending_mad

    mad = pending_mad(ctx)
    if mad:
        return Verdict.no(f"{ctx.name(mad)} is mad and must "
                          + ("move first" if ctx.phase == "movement" else "fire first"), "17.322")
    if ctx.phase == "movement":
        return _movement_end_ok(ctx)
    return Verdict.yes()


def _movement_end_ok(ctx: Ctx) -> Verdict:
    mover = ctx.mover
    if mover and sharing(ctx, mover):
        return Verdict.no("the moving unit may not stop on a friend", "4.3")
    org = ctx.chit
    off = [p for p in ctx.characters(org=org) if p.status == "off"]
    entry = ctx.var("entry", {}).get(org)
    if off and entry and entry.get("turn") == ctx.turn and _can_enter(ctx, off):
        return Verdict.no("the whole organization must enter on the same turn", "6.21")
    if off and not entry and org_side(org) == "bedouin" and must_enter(ctx) \
            and _can_enter(ctx, off):
        return Verdict.no("at least one new organization must enter each turn", "6.21")
    return Verdict.yes()


def _can_enter(ctx: Ctx, off) -> bool:
    """6.21 binds only while one of the units ``off`` the board has a legal entry
    step: with every square of its edge held by friends it could not leave
    (4.31), a unit cannot come on, and the phase may end (reconstruction)."""
    movable = set(movable_pieces(ctx))   # once, not once per unit off the board
    return any(p.id in movable and unit_actions(ctx, p.id, checked=True) for p in off)


def must_enter(ctx: Ctx) -> bool:
    """6.21 no new Bedouin organization has entered this turn and the one drawn now
    is the last organization still off the board whose unit is left in the cup
    (the obligation is the Bedouin's: 22.2's Legion patrol entering is no entry
    of theirs)."""
    entries = ctx.var("entry", {})
    if any(e.get("turn") == ctx.turn and org_side(o) == "bedouin"
           for o, e in entries.items()):
        return False
    waiting = [o for o in ctx.var("cup", []) if org_side(o) == "bedouin" and o not in entries
               and any(p.status == "off" for p in ctx.characters(org=o))]
    return not waiting


def resolve(batch: Batch, action: Action) -> None:
    if action.kind == "draw":
        draw(batch)
    else:
        end_phase(batch)


def draw(batch: Batch) -> None:
    """3.2 / 3.4 draw the next Sequence unit blind from the cup (5)."""
    ctx = batch.ctx
    cup = list(ctx.var("cup", []))
    rule = "3.2" if ctx.phase == "movement" else "3.4"
    face = batch.die(rule, f"Draw a Sequence unit from {len(cup)} in the cup", sides=len(cup))
    org = cup.pop(face - 1)
    what = "moves" if ctx.phase == "movement" else "fires"
    changes = [Change.var("cup", cup), Change.var("chit", org), Change.var("active", org_side(org)),
               Change.var("mover", None), Change.var("done", []), Change.var("melees", {})]
    if ctx.phase == "movement":
        # 6.12 movement factors come from the square each unit starts the phase in,
        # even if a jump impact pushes it elsewhere before it moves.
        start = {p.id: mf_max(ctx, p.id) for p in ctx.characters(org=org)
                 if p.status in ("active", "off")}
        changes.append(Change.var("phase_mf", start))
    batch.add("draw", rule, f"{rule} Sequence unit drawn: {ctx.org_name(org)} {what}",
              changes, org_side(org), org=org)
    if ctx.phase == "movement":
        from .morale import command_rolls

        command_rolls(batch, org)            # 17.12 (optional rule "command")
    elif ctx.option("siege"):
        from .siege import fuse_checks

        fuse_checks(batch)                   # 15.132 the fuses this organization lit


def end_phase(batch: Batch) -> None:
    """End the drawn organization's phase; after the last one, go on to the next
    part of the turn (3.3 fire phases, 3.5 / 8 stun removal, then a new turn)."""
    ctx = batch.ctx
    org = ctx.chit
    changes = [Change.var("chit", None), Change.var("mover", None), Change.var("done", []),
               Change.var("melees", {}), Change.var("phase_mf", None)]
    if ctx.var("halted") is not None:
        changes.append(Change.var("halted", None))      # 17.12 for this phase only
    if ctx.phase == "movement":
        changes += [Change.set(p.id, "data.mf_left", None) for p in ctx.characters(org=org)
                    if "mf_left" in p.data]
        changes += [Change.set(p.id, f"data.{k}", None) for p in ctx.characters(org=org)
                    for k in ("free", "climbed_up") if k in p.data]
        rule, what = "6.1", "movement"
    else:
        # 6.15 / 7.71 moved units stay inverted until their fire phase is over.
        changes += [Change.set(p.id, f"data.{k}", None) for p in ctx.characters(org=org)
                    for k in ("moved", "fired", "target") if k in p.data]
        rule, what = "7.1", "fire"
    batch.add("end-phase", rule, f"{rule} End of the {ctx.org_name(org)} {what} phase", changes,
              org_side(org), org=org)
    if ctx.var("cup"):
        return
    if ctx.phase == "movement":
        ropes.turn_back(batch)
        batch.add("mix", "3.3", "3.3 The Sequence units are mixed again for the fire phases",
                  [Change.var("phase", "fire"), Change.var("cup", full_cup(ctx)),
                   Change.var("active", "legion")])
        return
    end_turn(batch)


def end_turn(batch: Batch) -> None:
    """17.2 the Bedouin morale phase (optional), 3.5 / 8 stun removal, then 3.1 the
    next turn (or the end of the game); 17.41 Camerone is checked as it starts."""
    from .morale import check_camerone, morale_phase

    morale_phase(batch)
    if victory.check(batch):
        return
    batch.add("phase", "3.5", "3.5 Stun removal phase", [Change.var("phase", "stun-removal")])
    stun.remove_stuns(batch)
    ctx = batch.ctx
    if victory.check(batch):
        return
    limit = ctx.var("turn_limit")
    if limit and ctx.turn >= int(limit):
        victory.turn_limit_reached(batch)
        return
    turn = ctx.turn + 1
    batch.add("turn", "3.1", turn_text(ctx, turn),
              [Change.var("turn", turn), Change.var("phase", "movement"),
               Change.var("cup", full_cup(ctx)), Change.var("active", "legion")])
    check_camerone(batch)


def turn_text(ctx: Ctx, turn: int) -> str:
    """The log line of a new turn: the Sequence units are mixed for movement (3.1);
    in 23 the Negotiation Phase comes first (the Game Card's sequence of play with
    all options), so the line says so and its end mixes them (``scenario_23``)."""
    if (ctx.data.scenario or {}).get("special") == "23":
        return f"3.1 Turn {turn} begins: first the Negotiation Phase (23.3)"
    return f"3.1 Turn {turn}: the Sequence units are mixed for movement"


def actions(ctx: Ctx) -> list[Action]:
    """The draw or end-phase actions open now: those :func:`legal` allows, its
    tests made once, without the refusals' messages (3, 3.2, 6.1, 17.322, and
    4.3 / 6.21 for the end of a movement phase)."""
    side = ctx.var("active") or "legion"
    if ctx.var("pending") or ctx.phase not in ("movement", "fire"):
        return []                       # 6.5224, 3
    if not ctx.chit:                    # 3.2 / 3.4 draw first
        return [_made("draw", side)] if ctx.var("cup") else []
    if side != ctx.var("active"):
        return []                       # 6.1 (no player acting)
    if ctx.option("cafard"):
        from .cafard import pending_mad

        if pending_mad(ctx):
            return []                   # 17.322
    if ctx.phase == "movement" and not _movement_end_ok(ctx):
        return []                       # 4.3, 6.21
    return [_made("end-phase", side)]


#: (kind, side) -> the draw or end-phase action listed before (actions are values)
_MADE: dict[tuple[str, str], Action] = {}


def _made(kind: str, side: str) -> Action:
    """``Action.make(kind, side)``, the object listed before when there is one."""
    found = _MADE.get((kind, side))
    if found is None:
        found = _MADE[(kind, side)] = Action.make(kind, side)
    return found
