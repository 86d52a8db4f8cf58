"""Firing the machinegun and the cannon (14.4-14.7): targets, the blast zone,
the rolls.  See :mod:`.weapons` for the rules' summary."""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict
from ffl.engine.features import CRENEL

from .. import tables
from ..terrain import COVER_FEATURES
from .context import Batch, Ctx
from .sight import occupancy
from .weapons import CANNON, MG, crew_candidates, crew_shortfall, fired, kind_of, reach, weapons


def _modifiers(ctx: Ctx, wid: str, target: str, frm: tuple[str, int], long: bool,
               crew: int) -> list[tuple[str, int]]:
    """14.41 the fire modifiers but "firing unit moved": partial cover (figured
    from ``frm``: the weapon, or the shell's burst), long range, night; 14.43 the
    crew's shortfall."""
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


def resolve_fire(batch: Batch, action: Action) -> None:
    ctx = batch.ctx
    wid, mode = action["weapon"], action["mode"]
    crew = sorted(action["crew"])
    w = ctx.state.pieces[wid]
    side = ctx.state.pieces[crew[0]].side
    name = "machinegun" if kind_of(ctx, wid) == MG else "cannon"
    what = {"mg": "five shots", "canister": "canister", "shell": f"shell into {action.get('square')}"}
    rule = {"mg": "14.5", "canister": "14.61", "shell": "14.62"}[mode]
    changes = [Change.set(wid, "data.fired_turn", ctx.turn)]
    for pid in crew:          # 14.42 the crew's fire is the weapon's
        changes += [Change.set(pid, "data.fired", 2), Change.set(pid, "data.fired_turn", ctx.turn)]
    names = ", ".join(ctx.name(p) for p in crew)
    short = crew_shortfall(ctx, wid, crew)
    batch.add("weapon-fire", rule, f"{rule} The {name} fires {what[mode]} (crew: {names}"
              + (f"; {short} short, 14.43" if short else "") + ")", changes, side, weapon=wid,
              mode=mode, crew=crew)
    if mode == "mg":
        shots = list(action["targets"])
        number = tables.MACHINEGUN["fire"]
        for target in shots:
            if not batch.ctx.state.pieces[target].on_board:
                continue
            rng, _ok, long = reach(batch.ctx, wid, batch.ctx.state.pieces[target].space)
            mods = _modifiers(batch.ctx, wid, target, w.position, long, len(crew))
            _shot(batch, side, target, number, mods, rule, f"Machinegun shot at "
                  f"{ctx.name(target)}")
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
        if frm is None:
            long = reach(batch.ctx, wid, piece.space)[2]
            mods = _modifiers(batch.ctx, wid, target, w.position, long, len(crew))
        else:
            mods = _modifiers(batch.ctx, wid, target, frm, long_shell, len(crew))
        _shot(batch, side, target, number, mods, rule, f"{'Canister' if frm is None else 'Shell'}"
              f" on {ctx.name(target)}")


def _shot(batch: Batch, side: str, target: str, number: int, mods, rule: str,
          purpose: str) -> None:
    """One die against one target: 7.6 a modified roll of the Fire Number hits;
    7.82 a leader's saving roll; 15.131 dynamite there may go off."""
    from . import leaders, stun
    from .siege import fire_on_dynamite

    ctx = batch.ctx
    roll = batch.die(rule, purpose, side=side, target=target)
    total = roll + sum(v for _, v in mods)
    shown = tables.modifier_text(mods)
    if not tables.fire_hit(total, number):
        batch.add("miss", rule, f"{rule} {purpose}: roll {roll} ({shown}) = {total} against "
                  f"{number}: missed", [], side, target=target, roll=roll, total=total,
                  modifiers=[list(m) for m in mods])
        return
    batch.add("hit", rule, f"{rule} {purpose}: roll {roll} ({shown}) = {total} against "
              f"{number}: hit", [], side, target=target, roll=roll, total=total,
              modifiers=[list(m) for m in mods])
    space = ctx.state.pieces[target].space
    if not (leaders.is_leader(ctx, target) and leaders.saving_roll(batch, target)):
        stun.hit(batch, target, rule, f"Hit by {purpose.split()[0].lower()} fire", "fire")
    fire_on_dynamite(batch, target, space, total)


def fire_actions(ctx: Ctx) -> list[Action]:
    """For self-play and menus: each ready weapon with the largest crew it can
    have from the drawn organization's side, at each possible target."""
    out: list[Action] = []
    side = ctx.var("active")
    for w in weapons(ctx):
        if not w.on_board or fired(ctx, w.id):
            continue
        cands = [pid for pid in crew_candidates(ctx, w.id) if ctx.state.pieces[pid].side == side]
        cands.sort(key=lambda pid: (ctx.org(pid) != ctx.chit, pid))
        full = {MG: tables.MACHINEGUN["crew"], CANNON: tables.CANNON["crew"]}[kind_of(ctx, w.id)]
        crew = tuple(cands[:full])
        if not crew or ctx.org(crew[0]) != ctx.chit:
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
