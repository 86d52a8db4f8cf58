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


def _roles(ctx: Ctx, units: list[str], strength: dict[str, int]) -> list[list[str]]:
    """The units grouped by what they do to the stacking points (5.2 their points, 5.4
    the division whose HQ caps them, 5.6 artillery, a division HQ itself) and to the
    shape of the defence (a tank's strength is totalled with the other tanks', 18.1),
    each group strongest first.  Which sets are within seven points depends only on how
    many of each group are kept, and keeping the k strongest of a group never defends
    worse than any other k of it: so the choices are counted per group, not listed.
    A group whose units do not line up (a stronger unit with a weaker printed defence,
    which Ground Support may weigh, 40.6) is split into single units."""
    capped = {ctx.value(p, "div") for p in units if ctx.utype(p) == "div_hq"}
    groups: dict[tuple, list[str]] = {}
    for pid in units:
        hq = ctx.piece(pid).data.get("hq")
        div = ctx.value(pid, "div") or ""
        if hq and ctx.utype(hq) == "div_hq":
            div = ctx.value(hq, "div")
        italian = ctx.nat(pid) == "ita" and ctx.utype(pid) == "inf"
        kind = ctx.utype(pid)
        role = (ctx.stack_points(pid), div if div in capped or italian else "",
                kind if kind in ("art", "div_hq") else "", italian, ctx.is_tank(pid))
        groups.setdefault(role, []).append(pid)
    out: list[list[str]] = []
    for members in groups.values():
        members.sort(key=lambda p: (-strength[p], -ctx.factors(p)[1], p))
        printed = [ctx.factors(p)[1] for p in members]
        if any(a < b for a, b in zip(printed, printed[1:], strict=False)):
            out.extend([p] for p in members)
        else:
            out.append(members)
    return out


def odds_range(ctx: Ctx, attack) -> dict | None:
    """5.5 before an attack (or Mobile Assault) on an overstacked hex: the defence and
    the final CRT column at the two ends of the defender's possible choices, weakest
    defence first; None when no target is overstacked.

    A choice is a set of his units there within seven stacking points that setting
    units aside one at a time can leave: within the limit, with one more of his units
    over it (a division HQ lowers the points of its division's units, 5.4, so a set
    without it can be over while a bigger one with it is within).  Units are counted
    per group (:func:`_roles`), however many and however varied: the weakest choice
    keeps the weakest of each group, the strongest the strongest.  A kept unit never
    lowers the defence, so the strongest choice is among those no further unit can
    join and the weakest among those with no smaller choice inside; those are weighed
    by their defence (:func:`.combat.defence_total`) and the two ends priced in full."""
    from dataclasses import replace

    from .combat import Attack, defence_strengths, defence_total, odds, plan
    from .stacking import overstacked, points

    foe = enemy(attack.side)
    keys = [t for t in attack.targets if overstacked(ctx, t, foe)]
    if len(keys) != 1:
        return None
    key = keys[0]
    units = [p for p in ctx.units_at(key, foe) if ctx.is_combat(p)]
    base = Attack(attack.side, list(attack.attackers), list(attack.targets),
                  attack.group, attack.supply, attack.barrage, mobile=attack.mobile)
    if not plan(ctx, base):
        return None
    every = replace(base, counted=list(units), defenders=list(base.defenders))
    own = defence_strengths(ctx, every)
    strength = {p: own.get(p, -(-ctx.factors(p)[1] // (2 if ctx.disrupted(p) else 1)))
                for p in units}                         # a tank: its own share (18.1)
    groups = sorted(_roles(ctx, units, strength),
                    key=lambda g: ctx.utype(g[0]) != "div_hq")     # 5.4 the HQs first
    sizes = [len(g) for g in groups]
    limit = int(ctx.tables["stack_limit"])

    def kept(counts: tuple[int, ...], strong: bool) -> list[str]:
        return [p for g, k in zip(groups, counts, strict=True)
                for p in (g[:k] if strong else g[len(g) - k:])]

    pts: dict[tuple[int, ...], int] = {}

    def points_of(c: tuple[int, ...]) -> int:
        if c not in pts:
            pts[c] = points(ctx, key, foe, kept(c, True))
        return pts[c]

    hqs = sum(1 for g in groups if ctx.utype(g[0]) == "div_hq")
    within = _within(sizes, hqs, lambda c: points_of(c) > limit)

    def step(c: tuple[int, ...], i: int, d: int) -> tuple[int, ...]:
        return c[:i] + (c[i] + d,) + c[i + 1:]

    def more(c: tuple[int, ...]) -> list[int]:
        return [points_of(step(c, i, 1)) for i in range(len(c)) if c[i] < sizes[i]]

    choices = {c for c in within if sum(c) and any(m > limit for m in more(c))}
    strongest = [c for c in choices if all(m > limit for m in more(c))]
    weakest = [c for c in choices
               if not any(step(c, i, -1) in choices for i in range(len(c)) if c[i])]

    def trial(keep: list[str]) -> Attack:
        return replace(base, aside=[u for u in units if u not in keep],
                       counted=[p for p in base.counted if p in keep],
                       defenders=list(base.defenders))

    found = []
    for ends, strong in ((weakest, False), (strongest, True)):
        sign = -1 if strong else 1
        weight = {c: defence_total(ctx, trial(kept(c, strong))) for c in ends}
        for c in sorted(ends, key=lambda c: (sign * weight[c], -sum(c), c)):
            keep = kept(c, strong)
            full = Attack(attack.side, list(attack.attackers), list(attack.targets),
                          attack.group, attack.supply, attack.barrage,
                          mobile=attack.mobile, aside=[u for u in units if u not in keep])
            if plan(ctx, full):
                od = odds(ctx, full)
                found.append((od.defence, od.label, [ctx.label(u) for u in keep]))
                break
    if len(found) != 2:
        return None
    low, high = found
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


def _within(sizes: list[int], first: int, over) -> list[tuple[int, ...]]:
    """Every count vector (how many of each group are kept) within the limit, without
    trying all of them: the first ``first`` groups (the division HQs, which may lower
    the points, 5.4) are tried in full; after them a set that is ``over`` stays over
    whatever joins it, so neither it nor a bigger count of that group is followed."""
    out: list[tuple[int, ...]] = []
    n = len(sizes)

    def walk(c: tuple[int, ...]) -> None:
        i = len(c)
        if i == n:
            if not over(c):
                out.append(c)
            return
        for k in range(sizes[i] + 1):
            nxt = c + (k,)
            if i >= first and over(nxt + (0,) * (n - i - 1)):
                break
            walk(nxt)

    walk(())
    return out
