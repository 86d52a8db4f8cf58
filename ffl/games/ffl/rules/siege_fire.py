"""15.131 firing at a bundle of dynamite alone in its square: a shot like any
other (7.1-7.7: arc, range, sight, the firer's modifiers), and a modified 6 or
more sets it off."""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from .. import tables
from .arc import firing_range, in_arc, weapon_reach
from .context import Batch, Ctx


def _mods(ctx: Ctx, pid: str, rng: int) -> list[tuple[str, int]]:
    from . import fire_options

    out = []
    if ctx.state.pieces[pid].data.get("moved"):
        out.append(("7.71", tables.FIRE_MODIFIERS["7.71"]))
    if weapon_reach(ctx.value(pid, "weapon", "R"), rng)[1]:
        out.append(("7.73", tables.FIRE_MODIFIERS["7.73"]))
    return out + fire_options.modifiers(ctx, pid, pid, False)


def fire_ok(ctx: Ctx, action: Action) -> Verdict:
    from .fire import _may_fire
    from .fire_options import max_range, sight_of

    pid, did = action.get("piece"), action["dynamite"]
    if ctx.phase != "fire" or not ctx.chit:
        return Verdict.no("units fire only in their organization's fire phase", "7.1")
    verdict = _may_fire(ctx, action.side, pid)
    if not verdict:
        return verdict
    bundle, firer = ctx.state.pieces[did], ctx.state.pieces[pid]
    if not bundle.on_board or bundle.data.get("carrier") or ctx.occupants(*bundle.position):
        return Verdict.no("only a bundle alone in its square is fired at", "15.131")
    rng = firing_range(ctx.board, firer.space, bundle.space)
    weapon = ctx.value(pid, "weapon", "R")
    night = max_range(ctx, weapon)
    if not in_arc(ctx.board, firer.space, firer.facing, bundle.space):
        return Verdict.no("the bundle is outside the firing arc", "7.3")
    if not weapon_reach(weapon, rng)[0] or (night is not None and rng > night):
        return Verdict.no("the bundle is out of range", "7.2")
    sight = sight_of(ctx).terrain(firer.position, bundle.position)
    if not sight.clear:
        return Verdict.no(sight.reason, sight.rule)
    return Verdict.yes()


def resolve_fire(batch: Batch, action: Action) -> None:
    from .fire import shots_fired
    from .siege import explode

    ctx = batch.ctx
    pid, did = action["piece"], action["dynamite"]
    firer, bundle = ctx.state.pieces[pid], ctx.state.pieces[did]
    rng = firing_range(ctx.board, firer.space, bundle.space)
    mods = _mods(ctx, pid, rng)
    batch.add("fire", "15.131", f"15.131 {ctx.name(pid)} fires at the dynamite in "
              f"{bundle.space}", [Change.set(pid, "data.fired", shots_fired(ctx, pid) + 1),
                                  Change.set(pid, "data.fired_turn", ctx.turn)],
              firer.side, piece=pid, dynamite=did, modifiers=[list(m) for m in mods])
    roll = batch.die("15.131", f"Fire at the dynamite in {bundle.space}", side=firer.side)
    total = roll + sum(v for _, v in mods)
    if total >= tables.DYNAMITE_FIRE_ROLL:
        explode(batch, did, firer.side, bundle.space, "15.131")
    else:
        batch.add("miss", "15.131", f"15.131 Modified roll {total}: the dynamite does not go "
                  "off", [], firer.side, piece=pid, total=total)


def fire_actions(ctx: Ctx) -> list[Action]:
    from .siege import dynamite

    out = []
    for d in dynamite(ctx):
        if not d.on_board:
            continue
        for p in ctx.characters(org=ctx.chit):
            a = Action.make("fire-dynamite", p.side, piece=p.id, dynamite=d.id)
            if p.on_board and fire_ok(ctx, a):
                out.append(a)
    return out
