"""5.5 Temporary Overstacking: a hex left over seven stacking points by a Retreat and
attacked before its owner has put it right defends with seven stacking points only, the
defender choosing which (the attacker also gets a one-column shift, 10.10, in
:func:`.combat.odds`); every unit in the hex takes the combat results.

An attack declared on such a hex waits in the pending item ``{"kind": "seven", "side":
the defender, "hex", "attack": the declared attack, "aside": units set aside so far}``
while the defender sets units aside one at a time (``aside``: unit) until the rest is
within the limit; the attack is then resolved at once (:func:`settle`), with
the units set aside adding neither strength nor steps (:func:`.combat.plan`) but sharing
the step losses (:func:`.resolve.resolve`).  Not for Mobile Assaults (14.0), which come
during movement.
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


def kinds(item: dict) -> tuple[str, ...]:
    return KINDS


def text(ctx: Ctx, item: dict) -> str:
    return (f"5.5 Overstacked at {ctx.hexmap.name(item['hex'])}: set units aside until "
            "seven stacking points defend, then defend")


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
    params = dict(item["attack"])
    side = params.pop("side")
    params["aside"] = list(params.get("aside") or []) + list(item["aside"])
    params["stood"] = list(params.get("stood") or []) + [item["hex"]]
    from .fight import apply_attack

    apply_attack(rb, Action.make("attack", side, **params))
    return True
