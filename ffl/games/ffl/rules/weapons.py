"""Machinegun and cannon (14, optional rule ``heavy_weapons``).

The Weapon units are pieces of kind ``weapon`` (``weapon-mg``, ``weapon-cannon``)
with a square, level and facing like characters.

* 14.1 the Legion sets them up on fort squares with its units
  (``place-weapon``); never both in one square (14.2);
* 14.2 crew: a Legion unit (a mutineer of 19 or 23 too: a Legionnaire under
  the Mutineer unit; or Sgt. Kulm) in the weapon's square or next to
  it, on its level, facing its way, not in full cover (11.3), not wounded
  ``-1,0`` (18.13), not mad (17.322), not stunned, not yet fired this turn;
  full crews 2 and 3;
* 14.3 moved and turned only by a unit in its square, with that unit's MF:
  ``haul`` (the unit steps with it: 14.31 machinegun all costs doubled, no
  jumping; 14.32 cannon 4 MF a square, same level, not through doors or
  windows) and ``turn-weapon`` (machinegun free, cannon 1 MF);
* 14.41 all fire modifiers apply but "firing unit moved"; 14.42 the crew's
  fire is the weapon's; 14.43 -1 for each crewman short, none: no fire;
* 14.5 machinegun: five rifle shots at Fire Number 4, all targets announced
  at once (``weapon-fire`` mode ``mg``, ``targets``: one target per shot, in
  the order rolled; see :mod:`.weapon_fire`);
* 14.61 canister, ranges 1-6: every character in the arc, friend or foe, at 3;
  14.62 shell, range 4 or more, into any square it can fire into: every
  character in the 3x3 blast zone, at 4, sight and cover figured from the
  burst square (our reading: the shell bursts at the square's top level);
* 14.7 fired in the fire phase of an organization a crewman belongs to, once
  a turn (``data["fired_turn"]``, the inverted counter).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ffl.engine import Action, Change, Verdict
from ffl.engine.features import DOOR, WINDOW
from ffl.engine.pieces import FACINGS

from .. import tables
from .arc import arc_squares, firing_range, in_arc, weapon_reach
from .context import LEGION, Batch, Ctx

KINDS = ("place-weapon", "haul", "turn-weapon", "weapon-fire")
KULM = "B-BC-Kulm"
MG, CANNON = "machinegun", "cannon"
FULL_CREW = {MG: tables.MACHINEGUN["crew"], CANNON: tables.CANNON["crew"]}


def weapons(ctx: Ctx) -> list:
    return list(ctx.pieces_of("weapon")) if ctx.option("heavy_weapons") else []


def kind_of(ctx: Ctx, wid: str) -> str:
    return ctx.state.pieces[wid].type


def fired(ctx: Ctx, wid: str) -> bool:
    return ctx.state.pieces[wid].data.get("fired_turn") == ctx.turn


# -- crew (14.2) ---------------------------------------------------------------------------


def may_crew(ctx: Ctx, wid: str, pid: str) -> bool:
    """14.2 ``pid`` is placed and able to serve ``wid`` now."""
    return bool(crew_refusal(ctx, wid, pid))


def crew_refusal(ctx: Ctx, wid: str, pid: str) -> Verdict:
    """14.2 whether ``pid`` may crew ``wid`` now, and if not why (with the rule)."""
    from .fire import committed_to, shots_fired

    w, p = ctx.state.pieces[wid], ctx.state.pieces.get(pid)
    if p is None or ctx.kind(pid) != "character" or not p.on_board or not w.on_board:
        return Verdict.no("only a character on the board crews a Weapon unit", "14.2")
    # 14.2 Legion units (the mutineers of 19 and 23 are Legionnaires too) and Kulm
    if p.side != LEGION and pid != KULM and not p.markers.get("mutineer"):
        return Verdict.no("only Legion units and Sgt. Kulm crew a Weapon unit", "14.2")
    if p.space != w.space and not ctx.board.adjacent(p.space, w.space):
        return Verdict.no("a crewman is in the weapon's square or next to it", "14.2")
    if p.level != w.level:
        return Verdict.no("a crewman is on the weapon's level", "14.2")
    if p.facing != w.facing:
        return Verdict.no("a crewman faces the way the weapon faces", "14.2")
    d = p.data
    if d.get("attitude") == "full-cover":
        return Verdict.no("a unit in full cover does not crew", "14.2")
    if d.get("wound") == "-1,0":
        return Verdict.no("a unit wounded -1 move, no fire does not crew", "18.13")
    if ctx.stuns(pid):
        return Verdict.no("a stunned unit does not fire", "6.53")
    if d.get("cafard") in ("any", "friend", "foe"):
        return Verdict.no("a mad unit fires alone", "17.322")
    if shots_fired(ctx, pid):
        return Verdict.no("it has fired this turn", "7.4")
    committed = committed_to(ctx, pid)
    if committed is not None:
        return Verdict.no(f"it is announced to fire at {ctx.name(committed)}", "7.13")
    if d.get("ungrappled_turn") == ctx.turn:
        return Verdict.no("it unhooked a rope instead of firing", "7.9")
    return Verdict.yes()


def crew_candidates(ctx: Ctx, wid: str) -> list[str]:
    return [p.id for p in ctx.characters() if may_crew(ctx, wid, p.id)]


def default_crew(ctx: Ctx, wid: str, side: str | None = None) -> tuple[str, ...]:
    """The crew offered first: the side's units able to crew, the drawn
    organization's first, up to the full crew (14.2); empty when none of the
    drawn organization can serve (14.7)."""
    side = side or ctx.var("active")
    cands = [pid for pid in crew_candidates(ctx, wid) if ctx.state.pieces[pid].side == side]
    cands.sort(key=lambda pid: (ctx.org(pid) != ctx.chit, pid))
    crew = tuple(cands[:FULL_CREW[kind_of(ctx, wid)]])
    return crew if crew and ctx.org(crew[0]) == ctx.chit else ()


@dataclass(frozen=True)
class CrewInfo:
    """14.2 who may crew a Weapon unit now, for the side to act."""

    weapon: str
    #: the full crew (2 the machinegun, 3 the cannon); -1 a crewman short (14.43)
    full: int
    #: the crew offered first (:func:`default_crew`)
    default: tuple[str, ...] = ()
    #: the side's units able to crew it now
    able: tuple[str, ...] = ()
    #: the side's units in or next to its square that cannot, each with why
    unable: dict = field(default_factory=dict)


def crew_info(ctx: Ctx, wid: str, side: str | None = None) -> CrewInfo:
    """14.2 the side's possible crewmen of ``wid`` (and the near ones that are not)."""
    side = side or ctx.var("active")
    w = ctx.state.pieces[wid]
    able, unable = [], {}
    for p in ctx.characters():
        if not p.on_board or p.side != side or not w.on_board:
            continue
        if p.space != w.space and not ctx.board.adjacent(p.space, w.space):
            continue
        v = crew_refusal(ctx, wid, p.id)
        if v:
            able.append(p.id)
        else:
            unable[p.id] = v
    able.sort(key=lambda pid: (ctx.org(pid) != ctx.chit, pid))
    return CrewInfo(wid, FULL_CREW[kind_of(ctx, wid)], default_crew(ctx, wid, side),
                    tuple(able), unable)


def crew_shortfall(ctx: Ctx, wid: str, crew) -> int:
    """14.43 crewmen short of the full crew."""
    return max(0, FULL_CREW[kind_of(ctx, wid)] - len(crew))


# -- set-up, hauling and turning (14.1, 14.3) ----------------------------------------------


def legal(ctx: Ctx, action: Action) -> Verdict:
    if not ctx.option("heavy_weapons"):
        return Verdict.no("the machinegun and cannon option is not in play", "14")
    wid = action.get("weapon")
    if wid not in ctx.state.pieces or ctx.kind(wid) != "weapon":
        return Verdict.no(f"no Weapon unit {wid!r}", "14")
    if action.kind == "place-weapon":
        return _place_ok(ctx, action)
    if action.kind == "weapon-fire":
        return fire_ok(ctx, action)
    return _work_ok(ctx, action)


def _place_ok(ctx: Ctx, action: Action) -> Verdict:
    if ctx.phase != "setup-legion" or action.side != LEGION:
        return Verdict.no("the Weapon units are set up with the Legion", "14.1")
    key, level, facing = action.get("space"), action.get("level", 0), action.get("facing")
    if key not in ctx.board or not ctx.fort.is_fort(key) or not ctx.fort.has_level(key, level):
        return Verdict.no("on a fort square, at one of its levels", "14.1")
    if not isinstance(facing, int) or not 0 <= facing <= 7:
        return Verdict.no("a Weapon unit is faced like a character", "14.1")
    if any(w.id != action["weapon"] and w.space == key for w in weapons(ctx)):
        return Verdict.no("both Weapon units may never be in the same square", "14.2")
    return Verdict.yes()


def _haul_cost(ctx: Ctx, wid: str, step) -> int | None:
    """14.31 double costs, no jumping; 14.32 four MF a square on one level, not
    through a door or window."""
    if kind_of(ctx, wid) == MG:
        return None if step.kind == "jump" else step.cost * tables.MACHINEGUN_MF_FACTOR
    if step.kind != "move" or step.via in (DOOR, WINDOW):
        return None
    return ctx.tables.costs.get("cannon-move", 4)


def _work_ok(ctx: Ctx, action: Action) -> Verdict:
    from .morale import halted
    from .movement import may_act, mf_left, steps_from

    pid, wid = action.get("piece"), action["weapon"]
    verdict = may_act(ctx, action.side, pid)
    if not verdict:
        return verdict
    p, w = ctx.state.pieces[pid], ctx.state.pieces[wid]
    if not w.on_board or (p.space, p.level) != (w.space, w.level):
        return Verdict.no("a Weapon unit is worked by a unit in its own square", "14.3")
    if action.kind == "turn-weapon":
        facing = action.get("facing")
        if not isinstance(facing, int) or not 0 <= facing <= 7 or facing == w.facing:
            return Verdict.no("turn it to another of the 8 facings", "14.3")
        need = 0 if kind_of(ctx, wid) == MG else ctx.tables.costs.get("cannon-face", 1)
        if need and halted(ctx, pid):
            return Verdict.no("out of command: it spends no MF this phase", "17.12")
        if mf_left(ctx, pid) < need:
            return Verdict.no(f"turning the cannon takes {need} MF", "14.32")
        from .movement import can_leave, sharing

        if need and sharing(ctx, pid) and not can_leave(ctx, pid, p.space, p.level,
                                                        mf_left(ctx, pid) - need):
            return Verdict.no("on a friend's square it must keep the MF to move on", "4.31")
        return Verdict.yes()
    step = next((s for s in steps_from(ctx, p.space, p.level)
                 if s.to == action.get("to") and s.level == action.get("level")), None)
    rule = "14.31" if kind_of(ctx, wid) == MG else "14.32"
    cost = _haul_cost(ctx, wid, step) if step is not None else None
    if cost is None:
        return Verdict.no("the weapon cannot be taken that way", rule)
    if ctx.occupants(step.to, step.level) or any(o.space == step.to for o in weapons(ctx)):
        return Verdict.no("a weapon is hauled into an empty square", "14.2")
    if halted(ctx, pid):
        return Verdict.no("out of command: it spends no MF this phase", "17.12")
    if p.data.get("attitude") == "full-cover":
        return Verdict.no("leave full cover first (one MF)", "11.3")
    if mf_left(ctx, pid) < cost:
        return Verdict.no(f"hauling it there takes {cost} MF", rule)
    return Verdict.yes()


def resolve(batch: Batch, action: Action) -> None:
    from .movement import mf_left, start, steps_from

    ctx = batch.ctx
    wid = action["weapon"]
    name = "machinegun" if kind_of(ctx, wid) == MG else "cannon"
    if action.kind == "place-weapon":
        batch.add("place-weapon", "14.1", f"14.1 The {name} is set up in {action['space']} "
                  f"level {action.get('level', 0)}",
                  [Change.set(wid, "status", "active"), Change.set(wid, "space", action["space"]),
                   Change.set(wid, "level", action.get("level", 0)),
                   Change.set(wid, "facing", action["facing"])], LEGION, weapon=wid)
        return
    if action.kind == "weapon-fire":
        from .weapon_fire import resolve_fire

        resolve_fire(batch, action)
        return
    pid = action["piece"]
    start(batch, pid)
    ctx = batch.ctx
    p = ctx.state.pieces[pid]
    if action.kind == "turn-weapon":
        need = 0 if kind_of(ctx, wid) == MG else ctx.tables.costs.get("cannon-face", 1)
        changes = [Change.set(wid, "facing", action["facing"])]
        if need:
            changes += [Change.set(pid, "data.mf_left", mf_left(ctx, pid) - need),
                        Change.set(pid, "data.moved", True)]
        else:
            changes.append(Change.set(pid, "data.free", int(p.data.get("free", 0)) + 1))
        rule = "14.31" if kind_of(ctx, wid) == MG else "14.32"
        batch.add("turn-weapon", rule, f"{rule} {ctx.name(pid)} turns the {name} to face "
                  f"{FACINGS[action['facing']]} ({need} MF)", changes, p.side, piece=pid,
                  weapon=wid)
        return
    step = next(s for s in steps_from(ctx, p.space, p.level)
                if s.to == action["to"] and s.level == action["level"])
    cost = _haul_cost(ctx, wid, step)
    left = mf_left(ctx, pid) - cost
    changes = [Change.set(pid, "space", step.to), Change.set(pid, "level", step.level),
               Change.set(pid, "data.mf_left", left), Change.set(pid, "data.moved", True),
               Change.set(pid, "data.free", None), Change.set(pid, "data.climbed_up", None),
               Change.set(wid, "space", step.to), Change.set(wid, "level", step.level)]
    for rope in ctx.carried(pid):
        changes += [Change.set(rope, "space", step.to), Change.set(rope, "level", step.level)]
    if ctx.option("siege"):
        from .siege import follow

        changes += follow(ctx, pid, step.to, step.level)
    if p.data.get("attitude") == "exposed":
        changes.append(Change.set(pid, "data.attitude", None))
    rule = "14.31" if kind_of(ctx, wid) == MG else "14.32"
    batch.add("haul", rule, f"{rule} {ctx.name(pid)} hauls the {name} to {step.to} level "
              f"{step.level} ({cost} MF, {left} left)", changes, p.side, piece=pid, weapon=wid,
              to=step.to, level=step.level, cost=cost)


# -- firing (14.4-14.7) --------------------------------------------------------------------


def fire_ok(ctx: Ctx, action: Action) -> Verdict:
    """14.4-14.7 whether the weapon may fire as announced."""
    from .weapon_fire import mg_announcement_ok, shell_square_ok

    wid = action["weapon"]
    w = ctx.state.pieces[wid]
    crew = list(action.get("crew") or ())
    if ctx.phase != "fire" or not ctx.chit:
        return Verdict.no("Weapon units fire in a fire phase", "14.7")
    if not w.on_board:
        return Verdict.no("the weapon is not on the board", "14.1")
    if fired(ctx, wid):
        return Verdict.no("it has fired this turn (inverted)", "14.7")
    if not crew:
        return Verdict.no("no crew, no fire", "14.43")
    if not all(isinstance(pid, str) for pid in crew):
        return Verdict.no("name the crewmen", "14.2")
    if len(set(crew)) != len(crew) or len(crew) > FULL_CREW[kind_of(ctx, wid)]:
        return Verdict.no("a crew of different units, no more than a full crew", "14.2")
    for pid in crew:
        v = crew_refusal(ctx, wid, pid)
        if not v:
            return Verdict.no(f"{ctx.name(pid) if pid in ctx.state.pieces else pid} cannot "
                              f"crew: {v.reason}", v.rule)
    sides = {ctx.state.pieces[pid].side for pid in crew}
    if len(sides) != 1 or action.side not in sides:
        return Verdict.no("a crew serves one side", "14.2")
    if not any(ctx.org(pid) == ctx.chit for pid in crew):
        return Verdict.no("it fires in the fire phase of a crewman's organization", "14.7")
    from .morale import in_camerone

    if any(in_camerone(ctx, pid) for pid in crew):
        return Verdict.no("in Camerone the Legion fights with the bayonet only", "17.41")
    mode = action.get("mode")
    kind = kind_of(ctx, wid)
    if (kind == MG) != (mode == "mg") or mode not in ("mg", "canister", "shell"):
        return Verdict.no("the machinegun fires its five shots; the cannon canister or "
                          "shell", "14.6")
    if mode == "mg":
        return mg_announcement_ok(ctx, wid, action.get("targets"))
    if mode == "shell":
        return shell_square_ok(ctx, wid, action.get("square"))
    return Verdict.yes()


def actions(ctx: Ctx) -> list[Action]:
    """A few weapon actions for self-play and the UI's menus."""
    if not ctx.option("heavy_weapons"):
        return []
    out: list[Action] = []
    if ctx.phase == "setup-legion":
        for w in weapons(ctx):
            if w.status == "off":
                keys = [k for k in ctx.fort.squares("parade")
                        if not ctx.occupants(k, 0)][:: 17][:4]
                out += [Action.make("place-weapon", LEGION, weapon=w.id, space=k, level=0,
                                    facing=i % 8) for i, k in enumerate(keys)]
    elif ctx.phase == "fire" and ctx.chit:
        from .weapon_fire import fire_actions

        out += fire_actions(ctx)
    return [a for a in out if legal(ctx, a)]


def unit_actions(ctx: Ctx, pid: str) -> list[Action]:
    """Hauling and turning the weapon in the unit's square."""
    from .movement import steps_from

    if not ctx.option("heavy_weapons"):
        return []
    p = ctx.state.pieces[pid]
    out = []
    for w in weapons(ctx):
        if not w.on_board or (w.space, w.level) != (p.space, p.level):
            continue
        out += [Action.make("haul", p.side, piece=pid, weapon=w.id, to=s.to, level=s.level)
                for s in steps_from(ctx, p.space, p.level)]
        if int(p.data.get("free", 0)) < 2 or kind_of(ctx, w.id) == CANNON:
            out += [Action.make("turn-weapon", p.side, piece=pid, weapon=w.id, facing=f)
                    for f in range(8) if f != w.facing]
    return [a for a in out if legal(ctx, a)]


def in_arc_of(ctx: Ctx, wid: str, key: str) -> bool:
    w = ctx.state.pieces[wid]
    return in_arc(ctx.board, w.space, w.facing, key)


def arc_of(ctx: Ctx, wid: str) -> list[str]:
    w = ctx.state.pieces[wid]
    return arc_squares(ctx.board, w.space, w.facing) if w.on_board else []


def reach(ctx: Ctx, wid: str, key: str) -> tuple[int, bool, bool]:
    """(range, in range as a rifle, long) from the weapon to ``key`` (14.5)."""
    rng = firing_range(ctx.board, ctx.state.pieces[wid].space, key)
    ok, long = weapon_reach("R", rng)
    return rng, ok, long
