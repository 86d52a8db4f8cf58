"""40.0 The air game (an advanced rule, ``options["air_game"]``).

Air units wait at their bases off the map (status ``ready``; ``data.inop`` the segment
an aborted or replaced unit turned Inoperative in, 40.8).  In the Combat Phase of a
Primary or Secondary Segment the air sub-phase (40.4) is one pending decision
``{"kind": "air", "step": ...}`` taken in turn:

``attacker``   the phasing player places Bombers (Ground Support or Interdiction) and
               Escorts, and places, moves or removes his Air HQs (40.11);
``defender``   the other player places Bombers, Escorts and Interceptors;
``intercept``  the phasing player places Interceptors;
``fight-d`` /  Air-to-Air Combat (40.5): the defender's Interceptors attack first, then
``fight-a``    the attacker's (the order is ours: the book does not give it).

Actions: ``fly`` (unit, hex, mission gs|interdict|escort|intercept, base optional),
``air-hq`` (unit, hex; no hex: off the map), ``intercept`` (unit, target, partner
optional), ``end-air`` (the step is over), and ``air-lost`` (unit) for the air unit
caught on the ground with an Air HQ (40.11, pending ``{"kind": "air-lost"}``).

On the map an air unit is an active piece in its hex with ``data.mission`` and
``data.base`` (the airfield or Air HQ hex whose Support it uses, 40.10).  Ground
Support adds to the combats on its hex (40.6); Interdiction Zones slow the enemy on
roads and tracks (40.7); the other missions come off the map when the Combat Phase ends
(all three in :mod:`.air_effects`; what the rules read of air units and their Support
is in :mod:`.air_base`).  Air-to-Air Combat is decided in :mod:`.air_combat`, the Air
HQs' moves in :mod:`.air_hq`; this module runs the steps and the missions.
"""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from .. import hexgeo as g
from .air_base import (
    BOMBER_TYPES,
    FIGHTER_TYPES,
    _cadre,
    _to_base,
    _unsupported,
    air_range,
    air_type,
    air_units,
    bases_for,
    flying,
    is_air,
    is_bomber,
    lost_choices,
    mission,
    operative,
    sources,
    table,
)
from .air_combat import apply_intercept, intercept_ok, intercept_targets
from .air_hq import apply_hq, hq_ok, hq_options
from .context import ACTIVE, READY, Ctx, RBatch, enemy

KINDS = ("fly", "air-hq", "intercept", "end-air")
LOST_KINDS = ("air-lost",)
MISSIONS = ("gs", "interdict", "escort", "intercept")
MISSION_NAMES = {"gs": "Ground Support", "interdict": "Interdiction", "escort": "Escort",
                 "intercept": "Interception"}
STEPS = ("attacker", "defender", "intercept", "fight-d", "fight-a")
STEP_MISSIONS = {"attacker": ("gs", "interdict", "escort"),
                 "defender": ("gs", "interdict", "escort", "intercept"),
                 "intercept": ("intercept",)}


def open_air_phase(rb: RBatch) -> None:
    """At the start of the Combat Phase of a Primary or Secondary Segment: Interdiction
    missions end (40.7: they may fly again now), then the air sub-phase opens (40.4).

    A Tertiary Segment has no air step at all: no air unit may be used in it (40.4,
    40.6), and taking an Air HQ off the map, the one thing a player may still do with
    his air force then, is open in each of its phases without a step (40.11,
    :func:`.air_hq.remove_ok`)."""
    ctx = rb.ctx
    if not ctx.option("air_game") or ctx.phase != "combat" or ctx.seg_type == "tertiary":
        return
    attacker = ctx.seg.get("side") or ctx.side
    back = [p for p in flying(ctx) if mission(ctx, p) == "interdict"]
    if back:
        _to_base(rb, back, "40.7", "the Interdiction missions end: back to base (they may "
                 "fly again now)")
    ctx = rb.ctx
    if not air_units(ctx, attacker) and not air_units(ctx, enemy(attacker)) \
            and not [p for p, q in ctx.state.pieces.items()
                     if q.side == attacker and ctx.utype(p) == "air_hq"]:
        return
    item = {"kind": "air", "step": "attacker", "side": attacker, "attacker": attacker}
    rb.add("air-phase", "40.4", "the air sub-phase: the attacker places his Bombers and "
           "Escorts", [Change.var("pending", list(ctx.pending) + [item])], attacker)


def text(ctx: Ctx, item: dict) -> str:
    if item["kind"] == "air-lost":
        return "40.11 the Air HQ was lost: pick the air unit caught on the ground"
    step = item["step"]
    if step == "attacker":
        extra = " (and place or move Air HQs)" if ctx.seg_type == "primary" else ""
        if ctx.seg_type == "tertiary":            # an earlier version's step (_next_step)
            return "40.11 no air missions in a Tertiary Segment: remove Air HQs, or go on"
        return f"40.4 place Bombers and Escorts{extra}, then end"
    if step == "defender":
        return "40.4 place Bombers, Escorts and Interceptors, then end"
    if step == "intercept":
        return "40.4 place Interceptors, then end"
    return "40.5 Air-to-Air Combat: attack with your Interceptors, then end"


def kinds(item: dict) -> tuple[str, ...]:
    if item["kind"] == "air-lost":
        return LOST_KINDS
    step = item["step"]
    if step == "attacker":
        return ("end-air", "fly", "air-hq")
    if step in ("defender", "intercept"):
        return ("end-air", "fly")
    return ("end-air", "intercept")


def fly_ok(ctx: Ctx, item: dict, action: Action) -> Verdict:
    side = item["side"]
    pid = action.get("unit")
    key = action.get("hex")
    what = action.get("mission")
    if ctx.seg_type == "tertiary":
        return Verdict.no("no air missions in a Tertiary Segment", "40.4")
    if pid not in ctx.state.pieces or not is_air(ctx, pid) or ctx.piece(pid).side != side:
        return Verdict.no("one of your air units", "40.1")
    if what not in STEP_MISSIONS.get(item["step"], ()):
        allowed = ", ".join(MISSION_NAMES[m] for m in STEP_MISSIONS.get(item["step"], ()))
        return Verdict.no(f"now only: {allowed or 'no placement'}", "40.4")
    q = ctx.piece(pid)
    if q.status == ACTIVE:
        return Verdict.no(f"{ctx.label(pid)} is flying a mission already", "40.4")
    if q.status != READY:
        return Verdict.no(f"{ctx.label(pid)} is in the Cadre Box", "40.9")
    if q.data.get("inop") is not None:
        return Verdict.no(f"{ctx.label(pid)} is Inoperative until repaired", "40.8")
    t = air_type(ctx, pid)
    if what == "gs" and int(ctx.value(pid, "gsf", 0)) <= 0:
        # 40.6 any air unit with a GSF may support (a fighter with one too: it then
        # counts as a Bomber)
        return Verdict.no("Ground Support needs a Ground Support Factor", "40.6")
    if what == "interdict" and t not in BOMBER_TYPES:
        return Verdict.no("only FB, GS and B air units fly as Bombers", "40.3")
    if what in ("escort", "intercept") and t not in FIGHTER_TYPES:
        return Verdict.no("only F and FB air units fly as Escorts or Interceptors", "40.3")
    if key not in ctx.hexmap.terrain:
        return Verdict.no("a hex of the map", "40.2")
    base = action.get("base")
    room = bases_for(ctx, pid, key, what)
    if base is not None:
        if base not in room:
            return Verdict.no("that base gives no Support there (out of range or full)",
                              "40.10")
    elif not room:
        return Verdict.no(f"no airfield or Air HQ with Support left within "
                          f"{air_range(ctx, pid, what)} hexes", "40.2")
    return Verdict.yes()


def legal(ctx: Ctx, item: dict, action: Action) -> Verdict:
    if action.side != item["side"]:
        return Verdict.no(f"the {item['side']} player decides this", "40.4")
    k = action.kind
    if item["kind"] == "air-lost":
        pid = action.get("unit")
        if k != "air-lost" or pid not in lost_choices(ctx, item["side"]):
            return Verdict.no("one of your air units not yet in the Cadre Box", "40.11")
        return Verdict.yes()
    if k not in kinds(item):
        return Verdict.no(text(ctx, item), "40.4")
    if k == "end-air":
        return Verdict.yes()
    if k == "fly":
        return fly_ok(ctx, item, action)
    if k == "air-hq":
        return hq_ok(ctx, item, action)
    return intercept_ok(ctx, item, action)


def _front(ctx: Ctx, side: str) -> tuple[list[str], list[str]]:
    """Enemy hexes next to ``side``'s combat units (where attacks fall) and ``side``'s
    hexes next to the enemy (where they are attacked)."""
    foe = enemy(side)
    theirs = set()
    mine = set()
    for key in ctx.occupied[side]["combat"]:
        for n in ctx.hexmap.neighbours(key):
            if ctx.units_at(n, foe):
                theirs.add(n)
                mine.add(key)
    return sorted(theirs), sorted(mine)


def options(ctx: Ctx, item: dict) -> list[Action]:
    side = item["side"]
    if item["kind"] == "air-lost":
        return [Action.make("air-lost", side, unit=p) for p in lost_choices(ctx, side)]
    out = [Action.make("end-air", side)]
    step = item["step"]
    if step in STEP_MISSIONS:
        attacker = item["attacker"]
        theirs, mine = _front(ctx, attacker)
        bombers_at = sorted({ctx.piece(p).space for p in flying(ctx, side) if is_bomber(ctx, p)})
        foe_air = sorted({ctx.piece(p).space for p in flying(ctx, enemy(side))
                          if mission(ctx, p) != "intercept"})
        foe_gs = sorted({ctx.piece(p).space for p in flying(ctx, enemy(side))
                         if mission(ctx, p) == "gs"})
        # an Interceptor reaches three hexes: it may wait short of its target, on the
        # line back to one of its bases
        reach = int(table(ctx)["intercept_reach"])
        near = []
        for f in foe_air[:2]:
            for b in sorted(sources(ctx, side)):
                near += [k for k in g.line(f, b)[:reach + 1] if k in ctx.hexmap.terrain]
        where = {"gs": theirs[:3] if side == attacker else (foe_gs + mine)[:3],
                 "interdict": (theirs if side == attacker else mine)[-2:],
                 "escort": bombers_at[:2], "intercept": list(dict.fromkeys(near))}
        ready = [p for p in air_units(ctx, side) if operative(ctx, p)]
        by_mission: dict[str, list[Action]] = {m: [] for m in STEP_MISSIONS[step]}
        for pid in ready:
            for what in STEP_MISSIONS[step]:
                for key in where[what]:
                    a = Action.make("fly", side, unit=pid, hex=key, mission=what)
                    if fly_ok(ctx, item, a):
                        by_mission[what].append(a)
                        break
        # a few of each mission, in turn (the sample random play and the program see)
        picks = [a for group in zip(*[(lst + [None] * 3)[:3] for lst in by_mission.values()],
                                    strict=True)
                 for a in group if a is not None]
        out += picks[:8]
    if step == "attacker":
        out += hq_options(ctx, item)
    if step in ("fight-d", "fight-a"):
        for pid in flying(ctx, side):
            for t in intercept_targets(ctx, pid)[:2]:
                out.append(Action.make("intercept", side, unit=pid, target=t))
    return out


def apply(rb: RBatch, action: Action) -> None:
    ctx = rb.ctx
    item = dict(ctx.pending[0])
    rest = list(ctx.pending[1:])
    k = action.kind
    if k == "air-lost":
        pid = action["unit"]
        rb.add("air-lost", "40.11", f"{ctx.label(pid)} is caught on the ground with its Air HQ: "
               "to the Cadre Box", _cadre(ctx, pid), item["side"], piece=pid)
        _store(rb, rest, "40.11 the air unit is chosen")
        return
    if k == "end-air":
        _next_step(rb, item, rest)
        return
    if k == "fly":
        _fly(rb, action)
    elif k == "air-hq":
        apply_hq(rb, action)
    else:
        apply_intercept(rb, action)


def _fly(rb: RBatch, action: Action) -> None:
    ctx = rb.ctx
    pid, key, what = action["unit"], action["hex"], action["mission"]
    base = action.get("base") or bases_for(ctx, pid, key, what)[0]
    rb.add("air-mission", "40.2", f"{ctx.label(pid)} flies {MISSION_NAMES[what]} over "
           f"{ctx.hexmap.name(key)} (Support from {ctx.hexmap.name(base)})",
           [Change.set(pid, "status", ACTIVE), Change.set(pid, "space", key),
            Change.set(pid, "data.mission", what), Change.set(pid, "data.base", base),
            Change.set(pid, "data.hit", [])], action.side, piece=pid, hex=key, mission=what)


def _next_step(rb: RBatch, item: dict, rest: list) -> None:
    attacker = item["attacker"]
    i = STEPS.index(item["step"])
    if rb.ctx.seg_type == "tertiary":
        # a game saved by an earlier version at a Tertiary Segment's air step (opened
        # then for Air HQ removal alone): ending it ends the sub-phase, as it did (40.4)
        i = len(STEPS) - 1
    while True:
        i += 1
        if i >= len(STEPS):
            _store(rb, rest, "40.4 the air sub-phase is over: ground combat")
            return
        step = STEPS[i]
        side = enemy(attacker) if step in ("defender", "fight-d") else attacker
        new = {**item, "step": step, "side": side}
        if step == "fight-d":
            for s in (attacker, enemy(attacker)):
                _unsupported(rb, s)
        if not can_act(rb.ctx, new):
            continue
        words = {"defender": "the defender places his Bombers, Escorts and Interceptors",
                 "intercept": "the attacker places his Interceptors",
                 "fight-d": "Air-to-Air Combat: the defender's Interceptors attack",
                 "fight-a": "Air-to-Air Combat: the attacker's Interceptors attack"}[step]
        _store(rb, [new] + rest, f"{'40.5' if step.startswith('fight') else '40.4'} {words}")
        return


def _store(rb: RBatch, pending: list[dict], text: str) -> None:
    rb.add("pending", text.split()[0], text, [Change.var("pending", pending)])


def settle(rb: RBatch) -> bool:
    """Skip an air step with nothing left to do in it; True when the pending list
    changed (the caller looks again)."""
    ctx = rb.ctx
    item = ctx.pending[0]
    if item["kind"] == "air-lost":
        if not lost_choices(ctx, item["side"]):
            _store(rb, list(ctx.pending[1:]), "40.11 no air unit is left to lose")
            return True
        return False
    if item["step"] != "attacker" and not can_act(ctx, item):
        _next_step(rb, item, list(ctx.pending[1:]))
        return True
    return False


def can_act(ctx: Ctx, item: dict) -> bool:
    """Whether the player of an air step has anything to do in it: an operative air
    unit to place (for the attacker's Interceptors: enemy Escorts or Bombers to go for),
    or an Interceptor with a target."""
    side, step = item["side"], item["step"]
    if step.startswith("fight"):
        return any(intercept_targets(ctx, p) for p in flying(ctx, side))
    if not any(operative(ctx, p) for p in air_units(ctx, side)):
        return False
    if step == "intercept":
        return any(mission(ctx, p) != "intercept" for p in flying(ctx, enemy(side)))
    return True


