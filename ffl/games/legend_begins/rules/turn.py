"""3.0 Sequence of play: Game Turns of an Initial Phase and an Operations Cycle.

Initial Phase (3.1 A): the Replacement/Reinforcement Segment (two Supply Points and a
Resource Point at each Entry Box, the Reinforcement Schedule, the Replacement Table),
the Recovery Segment (29.3), the Organization Segment (6.2, 28.11) and the Malta
Segment (26.2).  Operations Cycle (3.1 B): segment chits drawn blindly from the cup
(each side two Primary, a Secondary and a Tertiary), seven of the eight played, never
three in a row for one side, even across turns; each segment is a Movement, a Combat
and a Supply Phase (3.2).
"""

from __future__ import annotations

from ffl.engine import Change

from ..tables import ALLIED, AXIS, SIDES
from .context import ACTIVE, Ctx, RBatch, enemy

CHITS = [f"{s}-{k}" for s in SIDES for k in ("P1", "P2", "S", "T")]
#: per-segment marks of the advanced and special rules (52.0 movement seen, 49.0 air
#: transport used, 39.0 stacks revealed), cleared at each draw
LATER_SEGMENT_VARS = ("busy", "airlifted", "fog_seen", "raiders")
CHIT_TYPE = {"P1": "primary", "P2": "primary", "S": "secondary", "T": "tertiary"}
SEGMENTS_PER_TURN = 7


def chit_side(chit: str) -> str:
    return chit.split("-")[0]


def chit_type(chit: str) -> str:
    return CHIT_TYPE[chit.split("-")[1]]


def chit_name(chit: str) -> str:
    side, k = chit.split("-")
    return f"{'Axis' if side == AXIS else 'Allied'} {chit_type(chit).capitalize()}"


# -- the turn --------------------------------------------------------------------------------

def start_turn(rb: RBatch, turn: int) -> None:
    """3.1 A the Initial Phase of ``turn``, up to the first decision."""
    ctx = rb.ctx
    rb.add("turn", "3.1", f"{ctx.turn_name(turn)}: the Initial Phase begins",
           [Change.var("turn", turn), Change.var("cup", list(CHITS)), Change.var("drawn", []),
            Change.var("repaired", {}), Change.var("recovery", {}),
            Change.var("restored", [])], "", turn=turn)
    from .reinforce import replacement_segment, turn_events

    turn_events(rb)
    for side in SIDES:
        replacement_segment(rb, side)
    from .recovery import recovery_segment

    recovery_segment(rb)
    next_initial(rb, None)


def next_initial(rb: RBatch, done: str | None) -> None:
    """Move to the next step of the Initial Phase after ``done`` (a phase and side)."""
    from .recovery import has_recovery

    order = [("recovery", AXIS), ("recovery", ALLIED), ("organization", AXIS),
             ("organization", ALLIED)]
    start = 0
    if done is not None:
        start = order.index(tuple(done.split(":"))) + 1
    for phase, side in order[start:]:
        if phase == "recovery" and not has_recovery(rb.ctx, side):
            continue
        rule = "29.3" if phase == "recovery" else "6.2"
        title = "Recovery Segment" if phase == "recovery" else "Organization Segment"
        who = "Axis" if side == AXIS else "Allied"
        rb.add("phase", rule, f"the {who} {title}", [Change.var("phase", phase),
                                                       Change.var("side", side)], side)
        return
    malta_segment(rb)
    draw_chit(rb)


def malta_segment(rb: RBatch) -> None:
    """26.2 the Luftwaffe rolls to lower Malta's Interdiction Value, else the Royal Navy
    rolls to raise it; a die at or under the Success Number moves the marker one box."""
    from .special import malta_invasion

    if malta_invasion(rb):
        rb.add("malta", "50.2", "Malta is in Axis hands: its Interdiction Value stays at -3",
               [], AXIS)
        return
    ctx = rb.ctx
    value = int(ctx.var("malta", 0))
    luft = bool(ctx.var("luftwaffe"))
    side = AXIS if luft else ALLIED
    need = int(ctx.tables["malta"][side].get(str(value), 0))
    die = rb.die("26.2", f"Malta Segment ({'Luftwaffe' if luft else 'Royal Navy'})", side=side)
    new = value
    if die <= need:
        new = max(-3, value - 1) if luft else min(3, value + 1)
    rb.add("malta", "26.2", f"Malta: rolled {die} against {need}: the Interdiction Value "
           f"{'goes to' if new != value else 'stays at'} {new:+d}", [Change.var("malta", new)],
           side, value=new)


def draw_chit(rb: RBatch) -> None:
    """3.1 B draw the next segment chit blindly; a side that had the last two segments
    cannot have the third (its chit goes back and another is drawn)."""
    ctx = rb.ctx
    drawn = list(ctx.var("drawn") or [])
    if len(drawn) >= SEGMENTS_PER_TURN:
        end_turn(rb)
        return
    cup = list(ctx.var("cup") or [])
    last = list(ctx.var("last") or [])
    eligible = cup
    if len(last) >= 2 and last[-1] == last[-2]:
        eligible = [c for c in cup if chit_side(c) != last[-1]] or cup
    die = rb.die("3.1", f"segment chit drawn from the cup ({len(eligible)} may come out)",
                 sides=len(eligible))
    chit = eligible[die - 1]
    cup.remove(chit)
    drawn.append(chit)
    side = chit_side(chit)
    seg_id = int(ctx.var("segno", 0)) + 1
    history = list(ctx.var("history") or []) + [[ctx.turn, chit]]
    seg = {"side": side, "type": chit_type(chit), "chit": chit, "n": len(drawn), "id": seg_id}
    changes = [Change.var("cup", cup), Change.var("drawn", drawn),
               Change.var("last", (last + [side])[-2:]), Change.var("history", history),
               Change.var("segno", seg_id), Change.var("seg", seg),
               Change.var("phase", "movement"), Change.var("side", side)]
    for name in ("mv", "mover", "done", "quiet", "attacked", "defended", "retreated",
                 "splits", "shipping", "port_use", "rail_used", "repaired_port", "absorbed",
                 "demolished", "rail_repaired", "arranged"):
        changes.append(Change.var(name, None))
    for name in LATER_SEGMENT_VARS:
        if ctx.var(name) is not None:       # (not logged when unset: the basic game's log)
            changes.append(Change.var(name, None))
    changes.append(Change.var("regular", False))
    rb.add("segment", "3.1", f"segment {len(drawn)} of 7: {chit_name(chit)}", changes, side,
           chit=chit)
    if rb.ctx.option("air_game"):
        from .air_effects import segment_start

        segment_start(rb)                       # 40.11 Air HQs flip to their working side
    if rb.ctx.option("reaction") and last and last[-1] == side:
        from .reaction import between_segments

        between_segments(rb, enemy(side))       # 41.1 two segments in a row
    start_movement(rb)


def start_movement(rb: RBatch) -> None:
    """19.8 units that can trace a Line of Supply lose their Out of Supply markers (and
    have their MA halved for this Movement Phase)."""
    from .supply import in_general_supply

    ctx = rb.ctx
    side = ctx.side
    mv = dict(ctx.var("mv") or {})
    changes = []
    for pid in ctx.units(side):
        if ctx.oos(pid) and ctx.on_map(pid) and in_general_supply(ctx, pid):
            changes.append(Change.set(pid, "data.oos", None))
            rec = list(mv.get(pid, [0, 0, 0, 0, 0]))
            rec[4] |= 128
            mv[pid] = rec
    if changes:
        changes.append(Change.var("mv", mv))
        rb.add("resupplied", "19.8", "units able to trace a Line of Supply are resupplied "
               "(their MA is halved this Movement Phase)", changes, side)


def end_movement(rb: RBatch) -> None:
    """5.3 overstacked hexes lose units; 13.2 Disrupted units left alone in an enemy
    Active ZOC are eliminated; 5.5 a retreat's overstack must be corrected by now."""
    from .ops import eliminate
    from .stacking import violations
    from .zoc import ACTIVE_ZOC, zoc_map

    ctx = rb.ctx
    side = ctx.side
    zm = zoc_map(ctx, enemy(side))
    for pid in ctx.units(side):
        p = ctx.piece(pid)
        if not ctx.on_map(pid) or not ctx.disrupted(pid) or zm.of(p.space) != ACTIVE_ZOC:
            continue
        steady = [q for q in ctx.units_at(p.space, side) if not ctx.disrupted(q)]
        work = ctx.work(p.space)
        if not steady and not (work and work.get("side") == side):
            eliminate(rb, pid, "13.2", "Disrupted and left in an enemy Active ZOC")
    ctx = rb.ctx
    ok = {k: s for k, s in (ctx.var("overstack_ok") or {}).items() if s != side}
    pending = list(ctx.pending)
    for key in violations(ctx, side):
        pending.append({"kind": "overstack", "side": side, "hex": key})
    arrange = _needs_arrangement(ctx, enemy(side))
    rb.add("phase", "5.3", "the Movement Phase ends", [
        Change.var("overstack_ok", ok), Change.var("pending", pending),
        Change.var("mover", None),
        Change.var("phase", "arrange" if arrange else "combat"),
        Change.var("side", enemy(side) if arrange else side)], side)
    if not arrange:
        _air(rb)


def _air(rb: RBatch) -> None:
    """40.4 the air sub-phase opens the Combat Phase (the air game only)."""
    if rb.ctx.option("air_game"):
        from .air import open_air_phase

        open_air_phase(rb)


def _needs_arrangement(ctx: Ctx, side: str) -> bool:
    """15.4 the non-phasing player has a stack of motorized and non-motorized units whose
    Direct Support he may set before the enemy attacks."""
    for key in ctx.occupied[side]["combat"]:
        units = ctx.units_at(key, side)
        if any(ctx.value(p, "zoc") == "active" for p in units) and any(
                not ctx.motorized(p) for p in units):
            return True
    return False


def end_arrangement(rb: RBatch) -> None:
    ctx = rb.ctx
    phasing = ctx.seg.get("side")
    rb.add("phase", "15.4", "the stacks are arranged", [Change.var("phase", "combat"),
                                                         Change.var("side", phasing)], phasing)
    _air(rb)


def end_combat(rb: RBatch) -> None:
    if rb.ctx.option("air_game"):
        from .air_effects import after_combat

        after_combat(rb)                        # 40.4 the air units come off the map
    ctx = rb.ctx
    rb.add("phase", "3.2", "the Combat Phase ends: the Supply Phase", [
        Change.var("phase", "supply"), Change.var("retreated", None)], ctx.side)


def end_segment(rb: RBatch) -> None:
    """After the Supply Phase: the automatic victory count (33.0), then the next chit."""
    from .victory import check_automatic

    if rb.ctx.option("air_game"):
        from .air_effects import repair

        repair(rb)                              # 40.8 Inoperative air units repaired
    if check_automatic(rb):
        return
    draw_chit(rb)


def end_turn(rb: RBatch) -> None:
    """3.1 after the seventh segment: the next turn, or the end of the scenario."""
    ctx = rb.ctx
    last = int(ctx.setup.get("last_turn", 0))
    cap = ctx.var("turn_limit")
    if cap is not None:
        last = min(last, int(cap))
    if ctx.turn >= last:
        from .victory import scenario_end

        scenario_end(rb)
        return
    start_turn(rb, ctx.turn + 1)


def active_side_units(ctx: Ctx, side: str) -> list[str]:
    return [p for p in ctx.units(side) if ctx.piece(p).status == ACTIVE]
