"""Firing the machinegun and the cannon (14.4-14.7): targets, the blast zone,
the rolls.  See :mod:`.weapons` for the rules' summary.

The machinegun's announcement (14.5) is the action's ``targets``: one entry
per shot, exactly five, in the order the shots are rolled; a target named
twice gets two shots.  Five shots can go to one to five different targets
(the "5x4" on the counter is five shots at Fire Number 4, as the Game Card's
"fires 5 times" says).  Every target must be one the weapon may fire at when
the announcement is made; a shot whose target was eliminated by an earlier
shot is lost, as an announced rifle's is (7.13: the target is not changed).
:func:`allocation` and :func:`shots_of` turn it into (target, shots) pairs
and back."""

from __future__ import annotations

from dataclasses import dataclass, field

from ffl.engine import Action, Change, Verdict
from ffl.engine.features import CRENEL

from .. import tables
from ..terrain import COVER_FEATURES
from .context import Batch, Ctx
from .sight import occupancy
from .weapons import MG, crew_shortfall, default_crew, fired, kind_of, reach, weapons


def slot_shot(ctx: Ctx, wid: str, target: str) -> bool:
    """10.162 the weapon fires at ``target`` inside a building through the firing
    slot of a closed door or window (14.41: that modifier and its saving roll
    apply to a Weapon unit's fire too)."""
    if not ctx.option("doors"):
        return False
    from ffl.engine.features import DOOR, WINDOW

    from .attitudes import cover_sides
    from .fire_options import verdict
    from .sight import sight_for

    _sight, slot = verdict(ctx, wid, target, occupancy(ctx.state, ctx.types))
    foe = ctx.state.pieces[target]
    return bool(slot and cover_sides(ctx, target) & {DOOR, WINDOW}
                and sight_for(ctx.board, ctx.fort).interiors.room(foe.space, foe.level)
                is not None)


def _modifiers(ctx: Ctx, wid: str, target: str, frm: tuple[str, int], long: bool,
               crew: int, slot: bool = False) -> list[tuple[str, int]]:
    """14.41 the fire modifiers but "firing unit moved": partial cover (figured
    from ``frm``: the weapon, or the shell's burst; 10.162 through a closed
    firing slot), long range, night; 14.43 the crew's shortfall."""
    from . import attitudes, fire_options

    foe = ctx.state.pieces[target]
    out: list[tuple[str, int]] = []
    cover = fire_options.sight_of(ctx).entry_features(frm[0], foe.space, foe.level) \
        & COVER_FEATURES if frm[0] != foe.space else frozenset()
    if attitudes.exposed(ctx, target):
        cover -= {CRENEL}
    if ctx.fort.is_stairway(foe.space, foe.level):
        out.append(("7.722", tables.FIRE_MODIFIERS["7.72"]))
    elif cover:
        out.append(("7.721", tables.FIRE_MODIFIERS["7.72"]))
    if slot:
        out.append(("10.162", tables.FIRE_MODIFIERS["10.162"]))
    if long:
        out.append(("7.73", tables.FIRE_MODIFIERS["7.73"]))
    if ctx.option("night"):
        out.append(("16", tables.FIRE_MODIFIERS["16"]))
    short = crew_shortfall(ctx, wid, range(crew))
    if short:
        out.append(("14.43", short * tables.FIRE_MODIFIERS["14.43"]))
    return out


def _night_ok(ctx: Ctx, rng: int) -> bool:
    return not ctx.option("night") or rng <= tables.NIGHT_MAX_RANGE


def target_ok(ctx: Ctx, wid: str, target, friends: bool = False) -> Verdict:
    """14.5 / 14.61 a character the weapon may fire at: in its arc and range, in
    sight (7.5), not in full cover from this side (11.3); 14.5 an opposing one."""
    from .fire_options import target_refusal, verdict

    foe = ctx.state.pieces.get(target)
    if foe is None or ctx.kind(target) != "character" or not foe.on_board:
        return Verdict.no(f"no character {target!r} on the board", "7.11")
    if ctx.option("siege") and foe.level < 0:
        from .tunnels import in_secret_tunnel

        if in_secret_tunnel(ctx, foe):
            return Verdict.no("no unit is seen in a tunnel", "15.25")
    if not friends and foe.side == _side(ctx, wid):
        return Verdict.no("the machinegun fires at opposing units", "14.5")
    rng, ok, _long = reach(ctx, wid, foe.space)
    from .weapons import in_arc_of

    if not in_arc_of(ctx, wid, foe.space):
        return Verdict.no(f"{ctx.name(target)} is outside the weapon's arc", "7.3")
    if not ok or not _night_ok(ctx, rng):
        return Verdict.no(f"{ctx.name(target)} is out of range", "16" if ok else "7.2")
    sight, _slot = verdict(ctx, wid, target, occupancy(ctx.state, ctx.types))
    if not sight.clear:
        return Verdict.no(sight.reason, sight.rule)
    return target_refusal(ctx, wid, target, _sight(ctx))


def _side(ctx: Ctx, wid: str) -> str:
    return ctx.var("active") or "legion"


def _sight(ctx: Ctx):
    from .fire_options import sight_of

    return sight_of(ctx)


def shell_square_ok(ctx: Ctx, wid: str, key) -> Verdict:
    """14.62 a square the cannon can fire into: in its arc, four squares or more
    away, its top in sight (terrain)."""
    if key not in ctx.board:
        return Verdict.no("fire the shell into a square", "14.62")
    w = ctx.state.pieces[wid]
    rng, _ok, _long = reach(ctx, wid, key)
    from .weapons import in_arc_of

    if not in_arc_of(ctx, wid, key):
        return Verdict.no("the square is outside the cannon's arc", "14.62")
    if rng < tables.CANNON["shell_min_range"]:
        return Verdict.no("shell is fired four squares or more away", "14.62")
    if not _night_ok(ctx, rng):
        return Verdict.no("no fire beyond six squares at night", "16")
    if not _sight(ctx).terrain(w.position, (key, ctx.fort.top(key))).clear:
        return Verdict.no("the cannon cannot fire into that square", "14.62")
    return Verdict.yes()


def canister_targets(ctx: Ctx, wid: str) -> list[str]:
    """14.61 every character in the arc at one to six squares, friend or foe."""
    lo, hi = tables.CANNON["canister_range"]
    out = []
    for p in ctx.characters():
        if p.on_board and lo <= reach(ctx, wid, p.space)[0] <= hi and \
                target_ok(ctx, wid, p.id, friends=True):
            out.append(p.id)
    return out


def blast_zone(ctx: Ctx, key: str) -> list[str]:
    """14.62 / 15.143 the 3x3 block of squares centred on ``key``."""
    return [key] + sorted(ctx.board.orthogonal(key) | ctx.board.diagonal(key))


def shell_targets(ctx: Ctx, key: str, through: frozenset = frozenset(),
                  burst_level: int | None = None) -> list[str]:
    """14.62 every character in the blast zone the burst reaches: seen from the
    top of ``key`` (a unit under a roof in the burst square is sheltered), or
    from ``burst_level`` (15.143 a bundle bursts where it lies); ``through`` the
    sides a breach or a destroyed gate opened (15.143)."""
    sight = _sight(ctx)
    burst = (key, ctx.fort.top(key) if burst_level is None else burst_level)
    if burst[1] not in ctx.fort.levels(key):
        burst = (key, ctx.fort.top(key))
    out = []
    for sq in blast_zone(ctx, key):
        for p in ctx.occupants(sq, ctx.fort.top(sq)) + [
                q for lv in ctx.fort.levels(sq)[:-1] for q in ctx.occupants(sq, lv)]:
            if sq == key:
                if p.level == burst[1] or through:
                    out.append(p.id)
            elif sight.terrain(burst, p.position).clear or \
                    tuple(sorted((key, sq))) in through:
                out.append(p.id)
    return sorted(set(out))


def allocation(targets) -> list[tuple[str, int]]:
    """14.5 the announced targets in the order first named, each with its shots."""
    out: dict[str, int] = {}
    for t in targets:
        out[t] = out.get(t, 0) + 1
    return list(out.items())


def shots_of(alloc) -> tuple[str, ...]:
    """14.5 the action's ``targets`` from (target, shots) pairs: each target's
    shots together, in the order given."""
    return tuple(t for t, n in alloc for _ in range(int(n)))


def mg_announcement_ok(ctx: Ctx, wid: str, targets) -> Verdict:
    """14.5 the machinegun's five shots, announced together: exactly five, one
    target each; every target one it may fire at now (7.11, 7.2, 7.3, 7.5)."""
    shots = tables.MACHINEGUN["shots"]
    if not isinstance(targets, list | tuple) or not all(isinstance(t, str) for t in targets):
        return Verdict.no("name a target for each of the five shots", "14.5")
    if len(targets) != shots:
        return Verdict.no(f"all five shots are announced together ({len(targets)} named)",
                          "14.5")
    for t, _n in allocation(targets):
        v = target_ok(ctx, wid, t)
        if not v:
            return v
    return Verdict.yes()


@dataclass(frozen=True)
class WeaponTarget:
    """One opposing character as the machinegun with a given crew sees it."""

    target: str
    range: int
    verdict: Verdict
    modifiers: list[tuple[str, int]] = field(default_factory=list)
    needed: int = 7


def mg_target_infos(ctx: Ctx, wid: str, crew) -> list[WeaponTarget]:
    """14.5 every opposing character on the board the side may see, nearest
    first, with the shot's modifiers for a crew of ``len(crew)`` (14.41, 14.43)
    and the roll needed; ``verdict`` is :func:`target_ok` (the controller's
    query puts its own verdict on the whole announcement there)."""
    w = ctx.state.pieces[wid]
    side = _side(ctx, wid)
    unseen: set[str] = set()
    if ctx.option("siege"):
        from .hidden import hidden_units

        unseen = set(hidden_units(ctx, side))          # 15.25 units in tunnels
    out = []
    for p in ctx.characters():
        if not p.on_board or p.side == side or p.id in unseen or not w.on_board:
            continue
        rng, _ok, long = reach(ctx, wid, p.space)
        mods = _modifiers(ctx, wid, p.id, w.position, long, len(crew),
                          slot_shot(ctx, wid, p.id))
        out.append(WeaponTarget(p.id, rng, target_ok(ctx, wid, p.id), mods,
                                tables.MACHINEGUN["fire"] - sum(v for _, v in mods)))
    out.sort(key=lambda t: (t.range, t.target))
    return out


def resolve_fire(batch: Batch, action: Action) -> None:
    ctx = batch.ctx
    wid, mode = action["weapon"], action["mode"]
    crew = sorted(action["crew"])
    w = ctx.state.pieces[wid]
    side = ctx.state.pieces[crew[0]].side
    name = "machinegun" if kind_of(ctx, wid) == MG else "cannon"
    what = {"canister": "canister", "shell": f"shell into {action.get('square')}"}
    if mode == "mg":
        what["mg"] = "five shots: " + ", ".join(
            f"{n} at {ctx.name(t)}" for t, n in allocation(action["targets"]))
    rule = {"mg": "14.5", "canister": "14.61", "shell": "14.62"}[mode]
    changes = [Change.set(wid, "data.fired_turn", ctx.turn)]
    for pid in crew:          # 14.42 the crew's fire is the weapon's
        changes += [Change.set(pid, "data.fired", 2), Change.set(pid, "data.fired_turn", ctx.turn)]
    names = ", ".join(ctx.name(p) for p in crew)
    short = crew_shortfall(ctx, wid, crew)
    batch.add("weapon-fire", rule, f"{rule} The {name} fires {what[mode]} (crew: {names}"
              + (f"; {short} short, -{short}, 14.43" if short else "") + ")", changes, side,
              weapon=wid, mode=mode, crew=crew)
    if mode == "mg":
        _machinegun(batch, action, side, len(crew))
        return
    if mode == "canister":
        targets, number, frm = canister_targets(ctx, wid), tables.CANNON["canister_fire"], None
    else:
        key = action["square"]
        targets, number = shell_targets(ctx, key), tables.CANNON["shell_fire"]
        frm = (key, ctx.fort.top(key))
    long_shell = reach(ctx, wid, action["square"])[2] if mode == "shell" else False
    for target in targets:
        piece = batch.ctx.state.pieces[target]
        if not piece.on_board:
            continue
        slot = False
        if frm is None:
            long = reach(batch.ctx, wid, piece.space)[2]
            slot = slot_shot(batch.ctx, wid, target)
            mods = _modifiers(batch.ctx, wid, target, w.position, long, len(crew), slot)
        else:
            mods = _modifiers(batch.ctx, wid, target, frm, long_shell, len(crew))
        _shot(batch, side, target, number, mods, rule, f"{'Canister' if frm is None else 'Shell'}"
              f" on {ctx.name(target)}", slot=slot)


def _machinegun(batch: Batch, action: Action, side: str, crew: int) -> None:
    """14.5 the announced shots one by one, in the announced order, each a die
    at Fire Number 4 with its own modifiers (14.41, 14.43); 7.13 a shot at a
    target eliminated by an earlier one is lost (no die)."""
    wid, number = action["weapon"], tables.MACHINEGUN["fire"]
    shots = list(action["targets"])
    for i, target in enumerate(shots, 1):
        ctx = batch.ctx
        piece, who = ctx.state.pieces[target], ctx.name(target)
        if not piece.on_board:
            batch.add("shot-lost", "14.5", f"14.5 Machinegun shot {i} of {len(shots)} at {who}: "
                      "lost, the target is already eliminated (7.13: an announced target "
                      "is not changed)", [], side, target=target, shot=i, weapon=wid)
            continue
        w = ctx.state.pieces[wid]
        _rng, _ok, long = reach(ctx, wid, piece.space)
        slot = slot_shot(ctx, wid, target)
        mods = _modifiers(ctx, wid, target, w.position, long, crew, slot)
        _shot(batch, side, target, number, mods, "14.5",
              f"Machinegun shot {i} of {len(shots)} at {who}", slot=slot, shot=i)


def _shot(batch: Batch, side: str, target: str, number: int, mods, rule: str,
          purpose: str, slot: bool = False, **info) -> None:
    """One die against one target: 7.6 a modified roll of the Fire Number hits;
    7.82 a leader's saving roll, 10.162 any unit's behind a closed firing slot
    (a leader gets one only); 15.131 dynamite there may go off."""
    from . import leaders, stun
    from .siege import fire_on_dynamite

    ctx = batch.ctx
    roll = batch.die(rule, purpose, side=side, target=target)
    total = roll + sum(v for _, v in mods)
    shown = tables.modifier_text(mods)
    if not tables.fire_hit(total, number):
        batch.add("miss", rule, f"{rule} {purpose}: roll {roll} ({shown}) = {total} against "
                  f"{number}: missed", [], side, target=target, roll=roll, total=total,
                  modifiers=[list(m) for m in mods], **info)
        return
    batch.add("hit", rule, f"{rule} {purpose}: roll {roll} ({shown}) = {total} against "
              f"{number}: hit", [], side, target=target, roll=roll, total=total,
              modifiers=[list(m) for m in mods], **info)
    space = ctx.state.pieces[target].space
    leader = leaders.is_leader(ctx, target)
    if not ((leader or slot) and leaders.saving_roll(
            batch, target, "10.162" if slot and not leader else "7.82")):
        stun.hit(batch, target, rule, f"Hit by {purpose.split()[0].lower()} fire", "fire")
    fire_on_dynamite(batch, target, space, total)


def fire_actions(ctx: Ctx) -> list[Action]:
    """For self-play and menus: each ready weapon with the crew offered first
    (:func:`.weapons.default_crew`), at each possible target."""
    out: list[Action] = []
    side = ctx.var("active")
    for w in weapons(ctx):
        if not w.on_board or fired(ctx, w.id):
            continue
        crew = default_crew(ctx, w.id, side)
        if not crew:
            continue
        if kind_of(ctx, w.id) == MG:
            foes = [p.id for p in ctx.characters() if p.on_board and p.side != side
                    and target_ok(ctx, w.id, p.id)]
            for t in foes[:4]:
                out.append(Action.make("weapon-fire", side, weapon=w.id, crew=crew, mode="mg",
                                       targets=(t,) * 5))
            if len(foes) > 1:
                spread = tuple((foes * 5)[:5])
                out.append(Action.make("weapon-fire", side, weapon=w.id, crew=crew,
                                       mode="mg", targets=spread))
            continue
        if canister_targets(ctx, w.id):
            out.append(Action.make("weapon-fire", side, weapon=w.id, crew=crew,
                                   mode="canister"))
        squares = sorted({p.space for p in ctx.characters() if p.on_board and p.side != side})
        for key in squares[:3]:
            if shell_square_ok(ctx, w.id, key):
                out.append(Action.make("weapon-fire", side, weapon=w.id, crew=crew,
                                       mode="shell", square=key))
    return out
