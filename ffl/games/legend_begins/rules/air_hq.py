"""40.11 Air HQs: where and when one is placed, moved, replaced from the Cadre Box (a
Resource Point) or taken off the map (action ``air-hq``: ``unit``, ``hex``; no hex:
off the map).  Placing and moving are part of the attacker's air step (:mod:`.air`)
in a friendly Primary Segment; a placed or moved Air HQ starts on its construction
side (flipped by :func:`.air_effects.segment_start`).  Taking one off the map is open
in every friendly segment, at any point of it where its player acts: the air step,
and outside it the Movement, Combat and Supply Phases (:func:`remove_ok`; the
controller lists it with :func:`removals` and adds the kind to the Prompt with
:func:`prompt_kinds`)."""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from .air_base import _unsupported, air_hqs, is_air_hq, table
from .context import ACTIVE, CADRE, READY, Ctx, RBatch, enemy


def hq_ok(ctx: Ctx, item: dict, action: Action) -> Verdict:
    """40.11 Air HQs are placed or moved in a friendly Primary Segment and taken off the
    map in any friendly segment; one to a hex; an eliminated one comes back for a
    Resource Point."""
    side = item["side"]
    pid = action.get("unit")
    key = action.get("hex")
    if item["step"] != "attacker":
        return Verdict.no("Air HQs move in their own side's segment", "40.11")
    if pid not in ctx.state.pieces or not is_air_hq(ctx, pid) or ctx.piece(pid).side != side:
        return Verdict.no("one of your Air HQs", "40.11")
    q = ctx.piece(pid)
    if key is None:
        if q.status != ACTIVE:
            return Verdict.no("that Air HQ is not on the map", "40.11")
        return Verdict.yes()
    if ctx.seg_type != "primary":
        return Verdict.no("Air HQs are placed or moved only in a friendly Primary Segment",
                          "40.11")
    if q.status == CADRE:
        rp = int((ctx.var("rp") or {}).get(side, 0))
        if rp < int(table(ctx)["hq_cost"]):
            return Verdict.no("replacing an Air HQ costs a Resource Point", "40.11")
    elif q.status not in (READY, ACTIVE):
        return Verdict.no("that Air HQ is not available", "40.11")
    if key not in ctx.hexmap.terrain or not ctx.hexmap.is_land(key):
        return Verdict.no("a land hex of the map", "40.11")
    if q.status == ACTIVE and q.space == key:
        return Verdict.no("the Air HQ is there already", "40.11")
    if any(is_air_hq(ctx, p) for p in ctx.units_at(key, side)):
        return Verdict.no("one Air HQ to a hex", "40.11")
    foe = enemy(side)
    if ctx.units_at(key, foe) or ctx.control(key) == foe:
        return Verdict.no("a hex the enemy neither holds nor controls", "40.11")
    ground = [p for p in ctx.units_at(key, side) if not is_air_hq(ctx, p)]
    if not ground and not (key in ctx.hexmap.airfields and ctx.control(key) == side):
        return Verdict.no("with friendly ground units or on a friendly airfield", "40.11")
    from .zoc import zoc_map

    if zoc_map(ctx, foe).of(key):
        return Verdict.no("not in an enemy Zone of Control", "40.11")
    from .stacking import points

    if points(ctx, key, side, ctx.units_at(key, side) + [pid]) > int(ctx.tables["stack_limit"]):
        return Verdict.no("the hex would be overstacked", "5.1")
    return Verdict.yes()


def hq_options(ctx: Ctx, item: dict) -> list[Action]:
    """The attacker's air step: each Air HQ on the map may come off, each other one
    (in a Primary Segment) set up at the first friendly airfield or front hex allowed."""
    side = item["side"]
    out = []
    for pid, q in sorted(ctx.state.pieces.items()):
        if q.side != side or not is_air_hq(ctx, pid):
            continue
        if q.status == ACTIVE:
            out.append(Action.make("air-hq", side, unit=pid, hex=None))
        elif ctx.seg_type == "primary":
            spots = [a for a in sorted(ctx.hexmap.airfields) if ctx.control(a) == side]
            spots += sorted(ctx.occupied[side]["combat"])[:2]
            for key in spots:
                a = Action.make("air-hq", side, unit=pid, hex=key)
                if hq_ok(ctx, item, a):
                    out.append(a)
                    break
    return out


def apply_hq(rb: RBatch, action: Action) -> None:
    """40.11 an Air HQ placed, moved, replaced or taken off the map; air units whose
    Support it gave return to base (40.10)."""
    ctx = rb.ctx
    pid, key = action["unit"], action.get("hex")
    q = ctx.piece(pid)
    if key is None:
        changes = [Change.set(pid, "status", READY), Change.set(pid, "space", None),
                   Change.set(pid, "data.building", None)]
        rb.add("air-hq", "40.11", f"{ctx.label(pid)} is taken off the map", changes,
               action.side, piece=pid)
        _unsupported(rb, action.side)
        return
    changes = [Change.set(pid, "status", ACTIVE), Change.set(pid, "space", key),
               Change.set(pid, "data.building", True), Change.set(pid, "data.steps", 1)]
    words = "placed"
    if q.status == CADRE:
        rp = dict(ctx.var("rp") or {})
        rp[action.side] = int(rp.get(action.side, 0)) - int(table(ctx)["hq_cost"])
        changes.append(Change.var("rp", rp))
        words = "replaced for a Resource Point and placed"
    elif q.status == ACTIVE:
        words = "moved"
    rb.add("air-hq", "40.11", f"{ctx.label(pid)} is {words} at {ctx.hexmap.name(key)} on its "
           "construction side (it supports from the next friendly Primary Segment)", changes,
           action.side, piece=pid, hex=key)
    if q.status == ACTIVE:
        _unsupported(rb, action.side)


#: 3.2 the phases of a segment; its own player acts in each of them
SEGMENT_PHASES = ("movement", "combat", "supply")
KIND = "air-hq"


def _friendly_segment(ctx: Ctx) -> bool:
    """Whether the player now acting does so in his own segment, outside a decision
    (a pending item decides its own actions, the air step among them)."""
    return (ctx.phase in SEGMENT_PHASES and not ctx.pending and ctx.option("air_game")
            and (ctx.seg.get("side") or ctx.side) == ctx.side)


def prompt_kinds(ctx: Ctx) -> tuple[str, ...]:
    """The kind to add to the Prompt of a friendly segment's phase when the air game is
    played: ``air-hq`` (40.11 an Air HQ on the map may come off now; a refusal names
    40.11 too)."""
    return (KIND,) if _friendly_segment(ctx) else ()


def remove_ok(ctx: Ctx, action: Action) -> Verdict:
    """40.11 outside the air step: an Air HQ may be taken off the map in any phase of
    a friendly segment; placing or moving one waits for the air step of a friendly
    Primary Segment's Combat Phase."""
    if not ctx.option("air_game"):
        return Verdict.no("Air HQs are part of the air game, not played here", "40.0")
    if not _friendly_segment(ctx):
        return Verdict.no("Air HQs come off the map only in their own side's segment",
                          "40.11")
    if action.get("hex") is not None:
        return Verdict.no("Air HQs are placed or moved at the air step opening the Combat "
                          "Phase of a friendly Primary Segment; now they may only be taken "
                          "off the map", "40.11")
    pid = action.get("unit")
    if pid not in ctx.state.pieces or not is_air_hq(ctx, pid) \
            or ctx.piece(pid).side != action.side:
        return Verdict.no("one of your Air HQs", "40.11")
    if pid not in air_hqs(ctx, action.side):
        return Verdict.no("that Air HQ is not on the map", "40.11")
    return Verdict.yes()


def removals(ctx: Ctx) -> list[Action]:
    """40.11 the acting player's Air HQs that may come off the map now (outside the
    air step): one action each."""
    if not prompt_kinds(ctx):
        return []               # (not the air game, a decision open, the enemy's segment)
    return [Action.make(KIND, ctx.side, unit=pid, hex=None) for pid in air_hqs(ctx, ctx.side)]


def apply_remove(rb: RBatch, action: Action) -> None:
    """40.11 an Air HQ taken off the map outside the air step (as in it: back to its
    base; the air units it supported return too, 40.10)."""
    apply_hq(rb, Action.make(KIND, action.side, unit=action["unit"], hex=None))
