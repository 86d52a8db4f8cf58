"""The Movement Phase's moves: a stack along a path (4.0), Mobile Assaults (14.0), the
end of the phase.

``move`` (units, path)             4.1 the stack goes along the path
``assault`` (units, target, group) 14.0 a Mobile Assault from where the stack stands
``end-movement``                   the Combat Phase follows (5.3 stacking first)

A unit's movement is over as soon as another unit starts moving (4.1): the units of
the last move are ``vars["mover"]``; the others that moved are in ``vars["done"]``.
"""

from __future__ import annotations

from fractions import Fraction

from ffl.engine import Action, Change, Verdict

from . import movement as M
from .combat import plan
from .context import Ctx, RBatch
from .fight import make_attack
from .ops import move


def _new_mover(ctx: Ctx, units: list[str]) -> list[Change]:
    """4.1 the units moving before these have completed their movement."""
    mover = list(ctx.var("mover") or [])
    group = M.movers(ctx, units)
    if set(group) <= set(mover):
        return []
    done = list(ctx.var("done") or [])
    for p in mover:
        if p not in group and p not in done:
            done.append(p)
    return [Change.var("mover", group), Change.var("done", done)]


def legal_move(ctx: Ctx, action: Action) -> Verdict:
    units = list(action.get("units") or [])
    path = list(action.get("path") or [])
    if not all(u in ctx.state.pieces for u in units):
        return Verdict.no("unknown unit", "4.1")
    if any(ctx.piece(u).side != action.side for u in units):
        return Verdict.no("move your own units", "4.1")
    verdict, _ = M.check_path(ctx, units, path)
    if verdict and path:
        from .special import reserve_move_ok

        members = list(units) + [f for u in units for f in ctx.followers(u)]
        why = reserve_move_ok(ctx, action.side, members, ctx.piece(units[0]).space, path[-1])
        if why:
            return Verdict.no(why[5:], why[:4])
    return verdict


#: the vulgar fraction characters a player reads, by (numerator, denominator)
_VULGAR = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾", (1, 5): "⅕",
           (2, 5): "⅖", (3, 5): "⅗", (4, 5): "⅘", (1, 6): "⅙", (5, 6): "⅚", (1, 8): "⅛",
           (3, 8): "⅜", (5, 8): "⅝", (7, 8): "⅞"}


def mp_text(sixths) -> str:
    """4.1 movement points kept in sixths, written exactly as a player reads them: 7⅔, 4⅙, 12
    (any other fraction as 1/7; before, floats such as 7.66667)."""
    value = Fraction(sixths) / 6
    if value < 0:
        return "-" + mp_text(-Fraction(sixths))
    whole, part = divmod(value, 1)
    if not part:
        return str(whole)
    frac = _VULGAR.get((part.numerator, part.denominator), f"{part.numerator}/{part.denominator}")
    return f"{whole} {frac}" if whole and len(frac) > 1 else f"{whole or ''}{frac}"


def apply_move(rb: RBatch, action: Action) -> None:
    ctx = rb.ctx
    units = list(action["units"])
    path = list(action["path"])
    _verdict, recs = M.check_path(ctx, units, path)
    changes = _new_mover(ctx, units)
    mv = dict(ctx.var("mv") or {})
    mv.update(recs)
    changes.append(Change.var("mv", mv))
    rb.add("mp", "4.1", "4.1 movement points: " + ", ".join(
        f"{ctx.label(p)} {mp_text(r[0])}/{mp_text(M.allowance(ctx, p))}"
        for p, r in recs.items()),
        changes, action.side)
    to = path[-1]
    where = ctx.hexmap.name(to) if to in ctx.hexmap.terrain else to
    move(rb, units, path, "4.1", f"{', '.join(ctx.label(p) for p in units)} move to {where}",
         cost={p: r[0] for p, r in recs.items()})


def assault_cost(ctx: Ctx, units: list[str], target: str) -> tuple[Verdict, dict]:
    """14.2 entry cost + 2 MPs for each unit of the stack (no ZOC exit cost)."""
    group = M.Group(ctx, units)
    verdict = group.check_start()
    if not verdict:
        return verdict, {}
    here = group.start
    edge = ctx.hexmap.edge.get((here, target))
    if edge is None:
        return Verdict.no("the target hex must be adjacent", "14.3"), {}
    if edge.escarpment:
        return Verdict.no("no Mobile Assault across an escarpment, even along a road (Terrain "
                          "Effects Chart, note 3)", "14.2"), {}
    recs = {}
    for pid in group.members:
        if not group.mot[pid]:
            return Verdict.no(f"{ctx.label(pid)} is neither motorized nor carried", "14.1"), {}
        r = M.record(ctx, pid)
        if r[4] & M.STOPPED and not (r[4] & M.ASSAULTED and ctx.hexmap.terrain.get(here) not in
                                     ("jebel", "sebakha")):
            if not M.ezoc(ctx, group.side).of(here):
                return Verdict.no(f"{ctx.label(pid)} must stop where it is", "4.4"), {}
        t = ctx.tables
        base = t["terrain"][ctx.hexmap.terrain[target]]["mot"]
        if base is None:
            return Verdict.no("that hex is prohibited to motorized units", "14.2"), {}
        if edge.route:
            base = t["routes"]["road" if edge.road else "track"]["mot"]
        cost = int(base) + int(t["assault_extra"])
        if r[0] + cost > group.allow[pid]:
            return Verdict.no(f"{ctx.label(pid)} has not the MPs for a Mobile Assault "
                              f"(entry cost + 2)", "14.2"), {}
        r = list(r)
        r[0] += cost
        r[4] |= M.ASSAULTED
        recs[pid] = r
    return Verdict.yes(), recs


def legal_assault(ctx: Ctx, action: Action) -> Verdict:
    units = list(action.get("units") or [])
    target = action.get("target")
    if not units or target not in ctx.hexmap.terrain:
        return Verdict.no("name the stack and the hex it assaults", "14.3")
    verdict, _ = assault_cost(ctx, units, target)
    if not verdict:
        return verdict
    attackers = [p for p in M.movers(ctx, units) + M.passengers(ctx, units)
                 if ctx.is_combat(p)]
    attack = make_attack(ctx, Action.make("attack", action.side, attackers=attackers,
                                          targets=[target],
                                          group=action.get("group") or "all"), mobile=True)
    return plan(ctx, attack)


def apply_assault(rb: RBatch, action: Action) -> None:
    ctx = rb.ctx
    units = list(action["units"])
    target = action["target"]
    _v, recs = assault_cost(ctx, units, target)
    changes = _new_mover(ctx, units)
    mv = dict(ctx.var("mv") or {})
    mv.update(recs)
    changes.append(Change.var("mv", mv))
    rb.add("mp", "14.2", "14.2 the Mobile Assault costs the entry cost and 2 MPs", changes,
           action.side)
    from .seven import before_assault

    if before_assault(rb, action):          # 5.5 the defender picks seven points first
        return
    finish_assault(rb, action)


def finish_assault(rb: RBatch, action: Action, aside: list[str] | tuple = ()) -> None:
    """14.4 the Mobile Assault resolved (its MPs paid); ``aside``: the units of an
    overstacked defender that do not defend (5.5)."""
    from .pending import settle
    from .resolve import resolve

    ctx = rb.ctx
    units = list(action["units"])
    target = action["target"]
    attackers = [p for p in M.movers(ctx, units) + M.passengers(ctx, units) if ctx.is_combat(p)]
    attack = make_attack(ctx, Action.make("attack", action.side, attackers=attackers,
                                          targets=[target], group=action.get("group") or "all",
                                          aside=list(aside)), mobile=True)
    plan(ctx, attack)
    summary = resolve(rb, attack)
    ctx = rb.ctx
    stop = summary["result"] != "Overrun" or ctx.hexmap.terrain.get(target) in ("jebel", "sebakha")
    if stop:
        mv = dict(ctx.var("mv") or {})
        for p in M.movers(ctx, units):
            r = list(mv.get(p, [0, 0, 0, 0, 0]))
            r[4] |= M.STOPPED
            mv[p] = r
        rb.add("stopped", "14.4", "the assaulting units cease movement"
               if summary["result"] != "Overrun" else
               "the assault into jebel or sebakha ends their movement (Terrain Effects "
               "Chart, note 2)",
               [Change.var("mv", mv)], action.side)
    settle(rb)


def end_movement(rb: RBatch) -> None:
    from .turn import end_movement as finish

    finish(rb)
