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


def _classes(ctx: Ctx, units: list[str]) -> list[list[str]]:
    """The units grouped into interchangeable ones: the same printed values (the name
    aside), state and markers, so any k of a group make the same stack and defence."""
    import json

    skip = {"label", "name"}
    flagged = {name: set(ctx.var(name) or []) for name in ("retreated", "defended")}
    groups: dict[str, list[str]] = {}
    for pid in units:
        p = ctx.piece(pid)
        t = ctx.ptype(pid)
        key = json.dumps([t.kind, {k: v for k, v in t.values.items() if k not in skip},
                          p.data, p.markers, p.level, p.facing,
                          sorted(n for n, s in flagged.items() if pid in s)],
                         sort_keys=True, default=str)
        groups.setdefault(key, []).append(pid)
    return list(groups.values())


def odds_range(ctx: Ctx, attack) -> dict | None:
    """5.5 before an attack (or Mobile Assault) on an overstacked hex: the defence and
    the final CRT column at the two ends of the defender's possible choices, weakest
    defence first; None when no target is overstacked or the stack has too many
    different units to try every choice.

    A choice is a set of his units there within seven stacking points that setting
    units aside one at a time can leave: within the limit, with one more of his units
    over it (a division HQ lowers the points of its division's units, 5.4, so a set
    without it can be over while a bigger one with it is within).  Interchangeable
    units (:func:`_classes`) are counted, not listed, so a division HQ's large display
    is tried in full.  A kept unit never lowers the defence, so the strongest choice is
    among those no further unit can join and the weakest among those with no smaller
    choice inside; only those are priced."""
    from itertools import product

    from .combat import Attack, odds, plan
    from .stacking import overstacked, points

    foe = enemy(attack.side)
    keys = [t for t in attack.targets if overstacked(ctx, t, foe)]
    if len(keys) != 1:
        return None
    key = keys[0]
    units = [p for p in ctx.units_at(key, foe) if ctx.is_combat(p)]
    groups = _classes(ctx, units)
    sizes = [len(g) for g in groups]
    total = 1
    for n in sizes:
        total *= n + 1
    if total > 4096:
        return None
    limit = int(ctx.tables["stack_limit"])

    def kept(counts: tuple[int, ...]) -> list[str]:
        return [p for g, k in zip(groups, counts, strict=True) for p in g[:k]]

    pts = {c: points(ctx, key, foe, kept(c)) for c in product(*(range(n + 1) for n in sizes))}

    def step(c: tuple[int, ...], i: int, d: int) -> tuple[int, ...]:
        return c[:i] + (c[i] + d,) + c[i + 1:]

    def more(c: tuple[int, ...]) -> list[int]:
        return [pts[step(c, i, 1)] for i in range(len(c)) if c[i] < sizes[i]]

    choices = {c for c, v in pts.items()
               if sum(c) and v <= limit and any(m > limit for m in more(c))}
    ends = [c for c in choices
            if all(m > limit for m in more(c))                           # strongest
            or not any(step(c, i, -1) in choices for i in range(len(c)) if c[i])]
    seen: dict[int, tuple] = {}
    for c in sorted(ends, key=lambda c: (-sum(c), c)):
        keep = kept(c)
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
