"""What follows a move or a combat: lone commanders, lost savants, sieges, control.

Commander Casualties: Unaccompanied commanders: a commander with no infantry,
cavalry or artillery of his own, outside a BUA, in the same space as an enemy
element is killed or captured.  Movement: Savants: the savants must always have
a French element with them.  After a siege round the besieger places a momentum
marker (Sieges: Only one round per turn) unless the BUA fell; squadrons that
helped cannot move this turn (Sieges: Naval elements in sieges).  Movement:
Naval elements destroyed: when every squadron carrying land elements is sunk,
half of those elements (rounded up) reach the nearest mainland space and each
commander aboard tests as if he had led the troops.
"""

from __future__ import annotations

from ...engine import Change
from . import tables as T
from .model import Ctx, count_by_type, describe, pieces_in, squadrons
from .strength import NAVAL, SIEGE, support
from .tasks import GloryBatch, note, var_copy


def sweep(batch: GloryBatch, ctx: Ctx) -> None:
    """Remove lone commanders and unescorted savants; update sieges and control."""
    from . import control
    from .glory import remove_commander
    from .model import index
    from .siege import note_siege

    state = batch.state
    by_space = {k: list(v) for k, v in index(state).items()}
    for space, pieces in sorted(by_space.items()):
        if ctx.is_sea(space):
            continue
        for side in T.SIDES:
            own = [p for p in pieces if p.side == side]
            foes = [p for p in pieces if p.side != side and ctx.kind(p) == "element"]
            troops = [p for p in own if ctx.kind(p) == "element"
                      and ctx.ekind(p) not in ("savants", "squadron")]
            if foes and not troops:
                for c in own:
                    if ctx.kind(c) == "commander" and c.level == 0 and not ctx.naval(c) \
                            and state.pieces[c.id].status == "active":
                        remove_commander(batch, ctx, c.id, T.CASUALTY_ALONE,
                                         "are killed or captured, alone among the enemy")
            if side == T.FRENCH:
                sav = [p for p in own if p.type == "fr-sav"]
                escort = [p for p in own if p.type != "fr-sav"
                          and ctx.kind(p) in ("element", "commander")
                          and state.pieces[p.id].status == "active"]
                if sav and not escort:
                    note(batch, T.COMBAT_SAVANTS, f"{T.COMBAT_SAVANTS}: the savants are left "
                         "without an escort and are lost",
                         [c for p in sav for c in (Change.set(p.id, "status", "eliminated"),
                                                   Change.set(p.id, "space", None))],
                         side=T.FRENCH)
        if ctx.bua(space):
            note_siege(batch, ctx, space)
    control.update(batch, ctx)


def after_combat(batch: GloryBatch, ctx: Ctx, task: dict) -> None:
    from .flow import place_marker

    state = batch.state
    space = task["space"]
    if task["mode"] == SIEGE:
        att = task["att"]
        used = var_copy(state, "supported", [])
        used += [p.id for p in support(ctx, state, space, att) if p.id not in used]
        batch.quiet([Change.var("supported", used)])
        sieges = var_copy(state, "sieges", {})
        left = [p for p in pieces_in(state, space, task["def"]) if p.level == 1
                and ctx.kind(p) in ("element", "commander")]
        if not left:
            note(batch, T.SIEGE_AFTER, f"{T.SIEGE_AFTER}: {ctx.bua(space)['name']} is "
                 f"captured", side=att)
        else:
            if space in sieges:
                sieges[space]["assaulted"] = True
                batch.quiet([Change.var("sieges", sieges)])
            place_marker(batch, ctx, att, space, T.SIEGE_ROUND, "a round of siege")
    elif task["mode"] == NAVAL and task.get("malta_assault"):
        _malta_after(batch, ctx, task)
    elif task["mode"] == NAVAL:
        for side in T.SIDES:
            _transports(batch, ctx, space, side)
    sweep(batch, ctx)


def _malta_after(batch: GloryBatch, ctx: Ctx, task: dict) -> None:
    from .control import add_vp
    from .flow import place_marker, set_flag

    state = batch.state
    french = [p for p in pieces_in(state, T.MALTA_LAND, T.FRENCH)] + [
        p for p in squadrons(ctx, state, T.MALTA_SEA, T.FRENCH)]
    if french:
        place_marker(batch, ctx, T.ALLIED, T.MALTA_SEA, T.MALTA_ASSAULT, "an assault on Malta")
        return
    pool = [p for p in state.pieces.values() if p.type == "br-gar" and p.status == "off"]
    changes = []
    if pool:
        changes = [Change.set(pool[0].id, "status", "active"),
                   Change.set(pool[0].id, "space", T.MALTA_LAND),
                   Change.set(pool[0].id, "level", 1)]
    note(batch, T.MALTA_CAPTURE, f"{T.MALTA_CAPTURE}: the British take Malta and put a "
         "garrison in it", changes, side=T.ALLIED)
    set_flag(batch, "malta", "british")
    add_vp(batch, T.FRENCH, -ctx.number("malta_french_vp", T.MALTA_FRENCH_VP), T.MALTA_CAPTURE,
           "Malta is lost")
    add_vp(batch, T.ALLIED, ctx.number("malta_british_vp", T.MALTA_BRITISH_VP), T.MALTA_CAPTURE,
           "Malta is taken")


def _transports(batch: GloryBatch, ctx: Ctx, sea: str, side: str) -> None:
    """Movement: Naval elements destroyed."""
    from .mechanism import start

    state = batch.state
    if squadrons(ctx, state, sea, side):
        return
    aboard = [p for p in pieces_in(state, sea, side) if ctx.kind(p) in ("element", "commander")]
    if not aboard:
        return
    troops = sorted((p for p in aboard if ctx.kind(p) == "element"), key=lambda p: p.id)
    cmds = [p for p in aboard if ctx.kind(p) == "commander"]
    coast = ctx.coastal.get(sea, ())
    shore = _nearest_mainland(ctx, sea, coast)
    saved = troops[:(len(troops) + 1) // 2]
    drowned = troops[len(saved):]
    changes = [c for p in drowned for c in (Change.set(p.id, "status", "eliminated"),
                                            Change.set(p.id, "space", None))]
    if shore:
        changes += [c for p in saved for c in (Change.set(p.id, "space", shore),
                                               Change.set(p.id, "level", 0))]
    else:
        changes += [c for p in saved for c in (Change.set(p.id, "status", "eliminated"),
                                               Change.set(p.id, "space", None))]
    note(batch, T.NAVAL_LOST, f"{T.NAVAL_LOST}: the ships carrying them are lost: "
         f"{describe(ctx, count_by_type(saved))} get ashore"
         f"{' at ' + ctx.label(shore) if shore else ' nowhere'}", changes, side=side)
    for c in cmds:
        if shore:
            batch.quiet([Change.set(c.id, "space", shore), Change.set(c.id, "level", 0)])
        start(batch, ctx, purpose="leader", side=side, space=sea, n=ctx.value(sea),
              rule=T.NAVAL_LOST, text=f"{ctx.name(c.id)} tests for surviving the sinking",
              cmd=c.id, no_force=True, leader=c.id)


def _nearest_mainland(ctx: Ctx, sea: str, coast: tuple[str, ...]) -> str | None:
    """The coastal land space next to ``sea`` nearest its centre (Malta excepted)."""
    land = [s for s in coast if s != T.MALTA_LAND]
    if not land:
        # the nearest coast of a neighbouring sea
        for s in ctx.neighbours[sea]:
            land += [x for x in ctx.coastal.get(s, ()) if not ctx.is_sea(x)
                     and x != T.MALTA_LAND]
    if not land:
        return None
    cx, cy = ctx.board[sea].centre

    def dist(k: str) -> float:
        x, y = ctx.board[k].centre
        return (x - cx) ** 2 + (y - cy) ** 2

    return min(sorted(set(land)), key=dist)
