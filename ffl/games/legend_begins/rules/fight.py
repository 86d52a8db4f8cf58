"""The Combat Phase (9.1 conditions, mandatory combat, 9.6 Poor Odds) and the Supply
Phase (19.0, 13.4).

``attack`` (attackers, targets, group, supply, barrage)   one combat
``end-combat``                                            when no combat is owed
``supply`` (spare, supply_ship)                           the whole Supply Phase
"""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from .combat import Attack, odds, plan
from .context import Ctx, RBatch, enemy
from .zoc import ACTIVE_ZOC, unit_zoc, zoc_map


def make_attack(ctx: Ctx, action: Action, mobile: bool = False) -> Attack:
    return Attack(action.side, list(action.get("attackers") or []),
                  list(action.get("targets") or []), str(action.get("group") or "all"),
                  action.get("supply"), int(action.get("barrage") or 0), mobile=mobile,
                  bombard=bool(action.get("bombard")), diversion=bool(action.get("diversion")),
                  aside=list(action.get("aside") or []))


def able(ctx: Ctx, pid: str) -> bool:
    """A unit that may still attack this Combat Phase."""
    return (ctx.on_map(pid) and ctx.is_combat(pid) and not ctx.disrupted(pid)
            and pid not in (ctx.var("attacked") or [])
            and ctx.piece(pid).space not in (ctx.var("quiet") or []))


def owed(ctx: Ctx, side: str) -> list[tuple[str, str]]:
    """9.1 case 2: (unit, enemy hex) pairs still owing an attack: a unit in an enemy
    Active ZOC that can attack, and an adjacent enemy hex exerting that ZOC whose Active
    ZOC units have not been attacked."""
    zm = zoc_map(ctx, enemy(side))
    defended = set(ctx.var("defended") or [])
    out = []
    for pid in ctx.units(side):
        if not able(ctx, pid):
            continue
        here = ctx.piece(pid).space
        if zm.of(here) != ACTIVE_ZOC:
            continue
        for src in zm.active_from.get(here, []):
            actives = [p for p in ctx.units_at(src, enemy(side)) if unit_zoc(ctx, p) == 2]
            if any(p in defended for p in actives):
                continue          # one of them was attacked (and came here): no attack on
                #                   them is possible any more this segment (9.1, once)
            if actives:
                out.append((pid, src))
    return out


def legal_attack(ctx: Ctx, action: Action) -> Verdict:
    if action.get("aside") or action.get("stood"):
        return Verdict.no("the defender chooses who defends an overstacked hex", "5.5")
    if action.get("reacted"):
        return Verdict.no("the defender's Reaction comes before the attack is resolved",
                          "41.2")
    attack = make_attack(ctx, action)
    verdict = plan(ctx, attack)
    if not verdict:
        return verdict
    if attack.supply is not None:
        p = ctx.state.pieces.get(attack.supply)
        if p is None or p.side != action.side or ctx.kind(attack.supply) != "sp" or \
                not ctx.on_map(attack.supply):
            return Verdict.no("Attack Supply comes from one of your Supply Points on the map",
                              "20.3")
    from .special import reserve_attack_ok

    why = reserve_attack_ok(ctx, attack.attackers)
    if why:
        return Verdict.no(why[5:], "43.1")
    if attack.diversion:
        from .advanced import diversion_ok

        attack.diversion = False
        why = diversion_ok(ctx, attack, odds(ctx, attack).magnitude)
        attack.diversion = True
        if why:
            return Verdict.no(why, "38.0")
    od = odds(ctx, attack)
    if attack.group == "split" and (od.column is None or od.column < 1):
        return Verdict.no("the Active ZOC units of a split attack must be attacked at 1-3 "
                          "or better", "15.1")
    if od.column is None and ctx.var("regular"):
        obliged = {u for u, _ in owed(ctx, action.side)}
        if not obliged & set(attack.attackers):
            return Verdict.no("Poor Odds attacks come before the regular attacks (no "
                              "soak-offs)", "9.6")
    return Verdict.yes()


def legal_end(ctx: Ctx, side: str) -> Verdict:
    left = owed(ctx, side)
    if left:
        pid, src = left[0]
        return Verdict.no(f"{ctx.label(pid)} is in an enemy Active ZOC: the units at "
                          f"{ctx.hexmap.name(src)} must be attacked", "9.1")
    return Verdict.yes()


def apply_attack(rb: RBatch, action: Action) -> None:
    from .pending import settle
    from .resolve import resolve

    if rb.ctx.option("reaction"):
        from .reaction import before_combat

        if before_combat(rb, action):       # 41.2 the defender reacts first
            return
    from .seven import before_combat as overstacked_first

    if overstacked_first(rb, action):       # 5.5 the defender picks seven points
        return
    attack = make_attack(rb.ctx, action)
    plan(rb.ctx, attack)
    resolve(rb, attack)
    settle(rb)


def best_supply(ctx: Ctx, side: str, attackers: list[str]) -> str | None:
    """The Supply Point within reach of the most attackers (20.3), for the UI and
    self-play."""
    from .supply import attack_supply

    reach = attack_supply(ctx, side, [ctx.piece(p).space for p in attackers])
    best = None
    score = 0
    for sp, hexes in sorted(reach.items()):
        n = sum(1 for p in attackers if ctx.piece(p).space in hexes)
        if n > score:
            best, score = sp, n
    return best


# -- the Supply Phase ---------------------------------------------------------------------------

def supply_phase(rb: RBatch, action: Action) -> None:
    """19.1 - 19.8, 13.4: General Supply for every unit of the phasing side (ports checked
    in a Primary Segment, Isolated Supply Points burnt), attrition, Disruption removed."""
    from .ops import lose_step
    from .ports import capacity, column, convoy_roll
    from .supply import general_supply, isolated, reach, sources

    ctx = rb.ctx
    side = ctx.side
    spare = list(action.get("spare") or [])
    ports_ok: dict[str, bool] = {}
    if ctx.seg_type == "primary":
        src = sources(ctx, side, None, spare)
        base = reach(ctx, side, src["edge"] | src["sp"]) | reach(ctx, side, src["hq"], long=True)
        units = {ctx.piece(p).space for p in ctx.units(side) if ctx.on_map(p)}
        for port in sorted(src["port"]):
            need = (reach(ctx, side, [port]) & units) - base
            if not need or capacity(ctx, port) <= 0:
                continue
            res = convoy_roll(rb, side, port, port, purpose=f"port supply at {column(ctx, port)}")
            ok = res[-1] in ctx.tables["port_supply_ok"]
            rp = int((rb.ctx.var("rp") or {}).get(side, 0))
            cost = int(ctx.tables["resource_costs"]["supply-ship"])
            if not ok and action.get("supply_ship") and rp >= cost:
                pts = dict(rb.ctx.var("rp") or {})
                pts[side] = rp - cost
                rb.add("resource", "30.2", "a Supply Ship is sent: the port's availability is "
                       "rolled again", [Change.var("rp", pts)], side)
                res = convoy_roll(rb, side, port, port,
                                  purpose=f"port supply at {column(ctx, port)}, again")
                ok = res[-1] in ctx.tables["port_supply_ok"]
            ports_ok[port] = ok
            rb.add("port-supply", "19.7", f"General Supply through {ctx.hexmap.name(port)} is "
                   + ("available" if ok else "not available"), [], side)
            ctx = rb.ctx
    ctx = rb.ctx
    ok, burnt = general_supply(ctx, side, ports_ok or None, spare)
    for key in sorted(burnt):
        from .supply import supply_points

        sp = sorted(supply_points(ctx, side).get(key, []))[0]
        rb.add("supply-used", "19.4", f"an Isolated Supply Point at {ctx.hexmap.name(key)} "
               f"gives General Supply and is used up", [Change.set(sp, "status", "pool"),
                                                       Change.set(sp, "space", None),
                                                       Change.set(sp, "data.carried_by", None)],
               side)
    ctx = rb.ctx
    changes = []
    out_of = []
    for pid in ctx.units(side):
        if not ctx.on_map(pid):
            if ctx.oos(pid):
                changes.append(Change.set(pid, "data.oos", None))
            continue
        inside = ctx.piece(pid).space in ok or pid in (ctx.var("raiders") or [])   # 51.2
        if inside and ctx.oos(pid):
            changes.append(Change.set(pid, "data.oos", None))
        elif not inside:
            out_of.append(pid)
            if not ctx.oos(pid):
                changes.append(Change.set(pid, "data.oos", True))
    rb.add("supply", "19.5", f"General Supply: {len(out_of)} unit(s) Out of Supply"
           + (f" ({', '.join(ctx.label(p) for p in out_of)})" if out_of else ""), changes,
           side, oos=out_of)
    ctx = rb.ctx
    for pid in out_of:
        ctx = rb.ctx
        if ctx.piece(pid).status != "active" or not isolated(ctx, pid):
            continue
        value = _attrition_value(ctx, pid)
        dice = rb.roll("19.6", f"attrition of {ctx.label(pid)} (hits on {value} or less)",
                       ctx.steps(pid), side=side)
        drm = -1 if ctx.disrupted(pid) else 0
        hits = sum(1 for d in dice if d + drm <= value)
        for _ in range(hits):
            if rb.ctx.piece(pid).status != "active":
                break
            lose_step(rb, pid, "19.6", "attrition")
    _repl_attrition(rb, side, out_of)
    ctx = rb.ctx
    seg = ctx.seg.get("id")
    clear = []
    for pid in ctx.units(side):
        d = ctx.piece(pid).data
        if d.get("disrupted") and d.get("repulsed") != seg:
            clear += [Change.set(pid, "data.disrupted", None), Change.set(pid, "data.repulsed", None)]
    if clear:
        rb.add("disruption-removed", "13.4", "Disruption markers come off (not those of this "
               "segment's Repulsed results)", clear, side)
    if rb.ctx.option("lulls"):
        from .special import lull_supply

        lull_supply(rb, side)
    rb.add("phase", "3.2", "the Supply Phase ends", [Change.var("phase", "end")], side)
    from .turn import end_segment

    end_segment(rb)


def _attrition_value(ctx: Ctx, pid: str) -> int:
    t = ctx.tables["attrition"]
    nat = ctx.nat(pid)
    if nat == "ger":
        return int(t["ger"])
    if nat == "ita":
        return int(t["ita"])
    return int(t["allied"])


def _repl_attrition(rb: RBatch, side: str, out_of: list[str]) -> None:
    """19.6 Replacement units in a hex that rolls for attrition roll too."""
    from .supply import isolated

    ctx = rb.ctx
    hexes = {ctx.piece(p).space for p in out_of if ctx.piece(p).status == "active"
             and isolated(ctx, p)}
    for key in sorted(h for h in hexes if h):
        for r in ctx.pieces_at(key):
            if ctx.kind(r) != "repl" or ctx.piece(r).side != side:
                continue
            value = _attrition_value(ctx, r)
            die = rb.die("19.6", f"attrition of a Replacement unit (hit on {value} or less)",
                         side=side)
            if die <= value:
                rb.add("attrition", "19.6", "the Replacement unit is lost to attrition",
                       [Change.set(r, "status", "pool"), Change.set(r, "space", None)], side)
            ctx = rb.ctx
