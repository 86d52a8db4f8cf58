"""5.5 Temporary Overstacking: a hex left over seven stacking points by a Retreat and
attacked before its owner has put it right defends with seven stacking points only, the
defender choosing which (the attacker also gets a one-column shift, 10.10, in
:func:`.combat.odds`); every unit in the hex takes the combat results.

An attack declared on such a hex waits in the pending item ``{"kind": "seven", "side":
the defender, "hex", "attack": the declared attack, "aside": units set aside so far}``
while the defender sets units aside one at a time (``aside``: unit) until the rest is
within the limit; the attack is then resolved at once (:func:`settle`), with
the units set aside adding neither strength nor steps (:func:`.combat.plan`) but sharing
the step losses (:func:`.resolve.resolve`).  A Mobile Assault is resolved as a combat
(14.4 lists its differences, and 5.5 is not among them), so one made on such a hex waits
the same way (:func:`before_assault`; the item keeps ``"assault"`` instead of
``"attack"``) and is finished by :func:`.moves.finish_assault`.  :func:`odds_range`
tells the attacker, before he commits, what the defender's choice can make of the odds.
"""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from .context import Ctx, RBatch, enemy

KIND = "seven"
KINDS = ("aside",)


def _left(ctx: Ctx, item: dict) -> list[str]:
    return [p for p in ctx.units_at(item["hex"], item["side"])
            if ctx.is_combat(p) and p not in item["aside"]]


def _over(ctx: Ctx, item: dict) -> bool:
    from .stacking import points

    return points(ctx, item["hex"], item["side"], _left(ctx, item)) > \
        int(ctx.tables["stack_limit"])


def before_combat(rb: RBatch, action: Action) -> bool:
    """An attack on an overstacked hex waits for the defender's choice (True)."""
    from .stacking import overstacked

    ctx = rb.ctx
    foe = enemy(action.side)
    done = set(action.get("stood") or [])
    for key in action.get("targets") or []:
        if key in done or not overstacked(ctx, key, foe):
            continue
        item = {"kind": KIND, "side": foe, "hex": key, "aside": [],
                "attack": {"side": action.side, **action.to_json()["args"]}}
        rb.add("seven", "5.5", f"5.5 {ctx.hexmap.name(key)} is overstacked: only seven "
               "stacking points defend there, the defender's choice",
               [Change.var("pending", [item] + list(ctx.pending))], foe, hex=key)
        return True
    return False


def before_assault(rb: RBatch, action: Action) -> bool:
    """14.4 / 5.5 a Mobile Assault on an overstacked hex waits for the defender's choice
    (True); its MPs are paid already."""
    from .stacking import overstacked

    ctx = rb.ctx
    foe = enemy(action.side)
    key = action.get("target")
    if not overstacked(ctx, key, foe):
        return False
    item = {"kind": KIND, "side": foe, "hex": key, "aside": [],
            "assault": {"side": action.side, **action.to_json()["args"]}}
    rb.add("seven", "5.5", f"5.5 {ctx.hexmap.name(key)} is overstacked: only seven "
           "stacking points defend against the Mobile Assault, the defender's choice",
           [Change.var("pending", [item] + list(ctx.pending))], foe, hex=key)
    return True


def odds_range(ctx: Ctx, attack) -> dict | None:
    """5.5 before an attack (or Mobile Assault) on an overstacked hex: the defence and
    the final CRT column at the two ends of the defender's possible choices (every
    set of his units there within seven stacking points that setting units aside one
    at a time can leave), weakest defence first; None when no target is overstacked
    or the stack is too big to try every choice."""
    from itertools import combinations

    from .combat import Attack, odds, plan
    from .stacking import overstacked, points

    foe = enemy(attack.side)
    keys = [t for t in attack.targets if overstacked(ctx, t, foe)]
    if len(keys) != 1:
        return None
    key = keys[0]
    units = [p for p in ctx.units_at(key, foe) if ctx.is_combat(p)]
    if len(units) > 10:
        return None
    limit = int(ctx.tables["stack_limit"])
    seen: dict[int, tuple] = {}
    for n in range(len(units), 0, -1):
        for keep in combinations(units, n):
            if points(ctx, key, foe, list(keep)) > limit:
                continue
            if not any(points(ctx, key, foe, [*keep, u]) > limit
                       for u in units if u not in keep):
                continue
            trial = Attack(attack.side, list(attack.attackers), list(attack.targets),
                           attack.group, attack.supply, attack.barrage, mobile=attack.mobile,
                           aside=[u for u in units if u not in keep])
            if not plan(ctx, trial):
                continue
            od = odds(ctx, trial)
            seen.setdefault(od.defence, (od.defence, od.label, [ctx.label(u) for u in keep]))
    if not seen:
        return None
    low, high = seen[min(seen)], seen[max(seen)]
    return {"hex": key, "defence": [low[0], high[0]], "column": [low[1], high[1]],
            "strongest": high[2]}


def kinds(item: dict) -> tuple[str, ...]:
    return KINDS


def text(ctx: Ctx, item: dict) -> str:
    from .stacking import points

    now = points(ctx, item["hex"], item["side"], _left(ctx, item))
    what = "Mobile Assault" if item.get("assault") else "attack"
    return (f"5.5 Overstacked at {ctx.hexmap.name(item['hex'])} ({now} stacking points, "
            f"{int(ctx.tables['stack_limit'])} may defend): set units aside until the rest "
            f"are within the limit; then the {what} is resolved")


def options(ctx: Ctx, item: dict) -> list[Action]:
    if not _over(ctx, item):
        return []
    return [Action.make("aside", item["side"], unit=p) for p in _left(ctx, item)]


def legal(ctx: Ctx, item: dict, action: Action) -> Verdict:
    if action.side != item["side"]:
        return Verdict.no("the defender chooses who defends the overstacked hex", "5.5")
    if action.kind != "aside":
        return Verdict.no("set a unit aside", "5.5")
    if not _over(ctx, item):
        return Verdict.no("seven stacking points or fewer are left to defend", "5.5")
    if action.get("unit") not in _left(ctx, item):
        return Verdict.no("one of your units still defending that hex", "5.5")
    return Verdict.yes()


def apply(rb: RBatch, action: Action) -> None:
    ctx = rb.ctx
    item = dict(ctx.pending[0])
    rest = list(ctx.pending[1:])
    pid = action["unit"]
    item["aside"] = list(item["aside"]) + [pid]
    rb.add("seven", "5.5", f"5.5 {ctx.label(pid)} does not defend "
           f"{ctx.hexmap.name(item['hex'])}", [Change.var("pending", [item] + rest)],
           item["side"], unit=pid)


def settle(rb: RBatch) -> bool:
    """Within seven points: the rest defend and the attack that waited is resolved."""
    ctx = rb.ctx
    item = dict(ctx.pending[0])
    if _over(ctx, item):
        return False
    rest = list(ctx.pending[1:])
    rb.add("seven", "5.5", f"5.5 {ctx.hexmap.name(item['hex'])} defends with "
           f"{', '.join(ctx.label(p) for p in _left(ctx, item))}",
           [Change.var("pending", rest)], item["side"])
    if item.get("assault"):                    # 14.4 the Mobile Assault goes on
        from .moves import finish_assault

        params = dict(item["assault"])
        side = params.pop("side")
        finish_assault(rb, Action.make("assault", side, **params), list(item["aside"]))
        return True
    params = dict(item["attack"])
    side = params.pop("side")
    params["aside"] = list(params.get("aside") or []) + list(item["aside"])
    params["stood"] = list(params.get("stood") or []) + [item["hex"]]
    from .fight import apply_attack

    apply_attack(rb, Action.make("attack", side, **params))
    return True
