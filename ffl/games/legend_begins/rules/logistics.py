"""21.0 Trucks, 22.0 the Railroad, 23.0 Sea Movement and the demolition of one's own
Supply Points and ports (20.5, 24.3).

Actions (movement phase of the side's segment):

``load`` (carrier, cargo) / ``unload`` (cargo)       21.1, 21.5
``transfer`` (unit: a Truck, to)                     21.4 Primary Segment only
``rail`` (units, to)                                 22.1 Allied, Primary only
``break-rail`` (unit) / ``repair-rail`` (hex)        22.2
``sea`` (units, to, escort)                          23.1 Primary only
``demolish`` (target: a Supply Point or a port hex)  20.5 / 24.3 before combat
"""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from ..tables import ALLIED, AXIS
from . import movement as M
from .context import ACTIVE, POOL, Ctx, RBatch, enemy
from .ops import eliminate, move
from .ports import capacity, convoy_roll, demolish_port, demolition_hits, friendly_port, usable

KINDS = ("load", "unload", "transfer", "rail", "break-rail", "repair-rail", "sea", "demolish")


def _primary(ctx: Ctx, rule: str) -> Verdict:
    if ctx.seg_type != "primary":
        return Verdict.no("only in a Primary Segment", rule)
    return Verdict.yes()


def carrier_ok(ctx: Ctx, pid: str) -> bool:
    return ctx.kind(pid) == "truck" or bool(ctx.value(pid, "transport"))


def slots(ctx: Ctx, pid: str) -> int | None:
    """21.0 what a load takes of a Truck's two places (None: it cannot be carried)."""
    kind = ctx.kind(pid)
    if kind == "sp":
        return 2
    if kind == "repl":
        return 1 if ctx.value(pid, "infantry") else None
    if kind == "combat" and ctx.infantry_type(pid) and not ctx.motorized(pid):
        return 1 if ctx.value(pid, "size") == "bn" else 2
    return None


def cargo_of(ctx: Ctx, carrier: str) -> list[str]:
    return [p for p, q in ctx.state.pieces.items()
            if q.status == ACTIVE and q.data.get("carried_by") == carrier]


def legal(ctx: Ctx, action: Action) -> Verdict:
    side, k = action.side, action.kind
    if k == "load":
        carrier, cargo = action.get("carrier"), action.get("cargo")
        if carrier not in ctx.state.pieces or cargo not in ctx.state.pieces:
            return Verdict.no("name a carrier and its load", "21.1")
        c, g = ctx.piece(carrier), ctx.piece(cargo)
        if c.side != side or g.side != side or c.space != g.space or c.status != ACTIVE:
            return Verdict.no("the carrier and its load must be together", "21.1")
        if not carrier_ok(ctx, carrier):
            return Verdict.no("only Trucks and HQs with the wheel symbol carry", "21.5")
        need = slots(ctx, cargo)
        if need is None:
            return Verdict.no("a Truck carries non-motorized infantry, infantry "
                              "Replacements or a Supply Point", "21.0")
        if g.data.get("carried_by") or g.data.get("hq"):
            return Verdict.no("that unit is already carried or on a display", "21.1")
        used = sum(slots(ctx, p) or 0 for p in cargo_of(ctx, carrier))
        if used + need > 2:
            return Verdict.no("the carrier is full", "21.0")
        if M.record(ctx, cargo)[0] or cargo in (ctx.var("done") or []):
            return Verdict.no("a unit that moved by itself may not be carried this segment",
                              "21.1")
        if carrier in (ctx.var("done") or []):
            return Verdict.no("the carrier has finished moving", "4.1")
        return Verdict.yes()
    if k == "unload":
        cargo = action.get("cargo")
        if cargo not in ctx.state.pieces or not ctx.piece(cargo).data.get("carried_by"):
            return Verdict.no("that piece is not carried", "21.1")
        return Verdict.yes()
    if k == "transfer":
        return _transfer_ok(ctx, action)
    if k == "rail":
        return _rail_ok(ctx, action)
    if k == "break-rail":
        pid = action.get("unit")
        if pid not in ctx.state.pieces or side != AXIS or not ctx.is_combat(pid):
            return Verdict.no("an Axis combat unit breaks the railroad", "22.2")
        here = ctx.piece(pid).space
        from .special import rail_hexes

        if here not in rail_hexes(ctx) or here in (ctx.var("rail_broken") or []):
            return Verdict.no("it is not on an unbroken rail hex", "22.2")
        rec = M.record(ctx, pid)
        if rec[0] + 6 > M.allowance(ctx, pid) or pid in (ctx.var("done") or []):
            return Verdict.no("breaking the rail costs one more MP", "22.2")
        return Verdict.yes()
    if k == "repair-rail":
        key = action.get("hex")
        if side != ALLIED or key not in (ctx.var("rail_broken") or []):
            return Verdict.no("the Allied player repairs broken rail hexes", "22.2")
        if len(ctx.var("rail_repaired") or []) >= 2:
            return Verdict.no("two rail hexes per movement phase", "22.2")
        if ctx.control(key) != ALLIED or any(ctx.units_at(n, AXIS)
                                             for n in ctx.hexmap.neighbours(key)):
            return Verdict.no("the hex must be friendly and not next to enemy units", "22.2")
        return Verdict.yes()
    if k == "sea":
        return _sea_ok(ctx, action)
    if k == "demolish":
        target = action.get("target")
        if ctx.phase != "movement":
            return Verdict.no("demolition in a friendly segment comes before combat", "20.5")
        if target in ctx.state.pieces:
            p = ctx.piece(target)
            if p.side != side or ctx.kind(target) != "sp" or p.status != ACTIVE:
                return Verdict.no("one of your Supply Points", "20.5")
            if target in (ctx.var("demolished") or []):
                return Verdict.no("one attempt per Supply Point a segment", "20.5")
            return Verdict.yes()
        if target in ctx.hexmap.ports and ctx.control(target) == side:
            if target in (ctx.var("demolished") or []):
                return Verdict.no("one attempt per port a segment", "24.3")
            return Verdict.yes()
        return Verdict.no("one of your Supply Points or ports", "20.5")
    return Verdict.no("unknown logistics action", "21.0")


def apply(rb: RBatch, action: Action) -> None:
    ctx = rb.ctx
    k, side = action.kind, action.side
    if k == "load":
        c, g = action["carrier"], action["cargo"]
        rb.add("load", "21.1", f"{ctx.label(c)} picks up {ctx.label(g)}",
               [Change.set(g, "data.carried_by", c)], side)
    elif k == "unload":
        g = action["cargo"]
        c = ctx.piece(g).data["carried_by"]
        changes = [Change.set(g, "data.carried_by", None)]
        if M.record(ctx, c)[0] or M.record(ctx, c)[4] & M.OTHER:
            mv = dict(ctx.var("mv") or {})
            rec = list(mv.get(g, [0, 0, 0, 0, 0]))
            rec[4] |= M.CARRIED | M.STOPPED
            mv[g] = rec
            changes.append(Change.var("mv", mv))
        rb.add("unload", "21.1", f"{ctx.label(c)} puts down {ctx.label(g)}", changes, side)
    elif k == "transfer":
        t, to = action["unit"], action["to"]
        move(rb, [t], [to], "21.4", f"{ctx.label(t)} makes a Special Transfer to "
             f"{ctx.hexmap.name(to) if to in ctx.hexmap.terrain else to}", kind="transfer")
        _flag(rb, [t], M.OTHER)
    elif k == "rail":
        units, to = list(action["units"]), action["to"]
        move(rb, units, [to], "22.1", f"{', '.join(ctx.label(p) for p in units)} go by rail "
             f"to {ctx.hexmap.name(to) if to in ctx.hexmap.terrain else to}", kind="rail")
        _flag(rb, units, M.OTHER)
        rb.add("rail", "22.1", "the railroad is used this Primary Segment",
               [Change.var("rail_used", True)], side)
    elif k == "break-rail":
        pid = action["unit"]
        here = ctx.piece(pid).space
        mv = dict(ctx.var("mv") or {})
        rec = list(mv.get(pid, [0, 0, 0, 0, 0]))
        rec[0] += 6
        mv[pid] = rec
        broken = list(ctx.var("rail_broken") or []) + [here]
        rb.add("rail-broken", "22.2", f"{ctx.label(pid)} breaks the railroad at "
               f"{ctx.hexmap.name(here)}", [Change.var("mv", mv), Change.var("rail_broken",
                                                                           broken)], side)
    elif k == "repair-rail":
        key = action["hex"]
        broken = [h for h in (ctx.var("rail_broken") or []) if h != key]
        rb.add("rail-repaired", "22.2", f"the railroad at {ctx.hexmap.name(key)} is repaired",
               [Change.var("rail_broken", broken),
                Change.var("rail_repaired", list(ctx.var("rail_repaired") or []) + [key])],
               side)
    elif k == "sea":
        _sea(rb, action)
    elif k == "demolish":
        target = action["target"]
        tried = list(ctx.var("demolished") or []) + [target]
        rb.add("demolition", "20.5", "a demolition is attempted",
               [Change.var("demolished", tried)], side)
        if target in ctx.state.pieces:
            if demolition_hits(rb, side, 1, False, "Supply Point"):
                rb.add("supply-destroyed", "20.5", "the Supply Point is destroyed",
                       [Change.set(target, "status", POOL), Change.set(target, "space", None),
                        Change.set(target, "data.carried_by", None)], side)
            else:
                rb.add("demolition", "20.5", "the Supply Point survives", [], side)
        else:
            demolish_port(rb, target, side, False)


def _flag(rb: RBatch, units: list[str], flag: int) -> None:
    ctx = rb.ctx
    mv = dict(ctx.var("mv") or {})
    for p in units + [f for u in units for f in ctx.followers(u)]:
        rec = list(mv.get(p, [0, 0, 0, 0, 0]))
        rec[4] |= flag
        mv[p] = rec
    done = list(ctx.var("done") or []) + list(units)
    rb.add("moved", "4.1", "their movement is over for this segment",
           [Change.var("mv", mv), Change.var("done", done)], ctx.piece(units[0]).side)


def _fresh(ctx: Ctx, units: list[str], rule: str) -> Verdict:
    for p in units:
        if M.record(ctx, p)[0] or M.record(ctx, p)[4] or p in (ctx.var("done") or []):
            return Verdict.no(f"{ctx.label(p)} has moved or acted this segment", rule)
        if ctx.piece(p).data.get("hq") or ctx.piece(p).data.get("carried_by"):
            return Verdict.no(f"{ctx.label(p)} goes with its HQ or truck", rule)
    return Verdict.yes()


def _transfer_ok(ctx: Ctx, action: Action) -> Verdict:
    from .supply import loc_ok

    t, to, side = action.get("unit"), action.get("to"), action.side
    verdict = _primary(ctx, "21.4")
    if not verdict:
        return verdict
    if t not in ctx.state.pieces or ctx.kind(t) != "truck" or ctx.piece(t).side != side:
        return Verdict.no("a Truck makes the Special Transfer", "21.4")
    if cargo_of(ctx, t):
        return Verdict.no("only an empty Truck", "21.4")
    verdict = _fresh(ctx, [t], "21.4")
    if not verdict:
        return verdict
    if to in ctx.hexmap.boxes:
        if ctx.hexmap.boxes[to].get("side") != side or to == "Italy":
            return Verdict.no("a friendly Off Map Box it can reach overland", "21.4")
        return Verdict.yes()
    if to not in ctx.hexmap.terrain or not loc_ok(ctx, side, to):
        return Verdict.no("a friendly hex it can trace a LOC to", "21.4")
    if ctx.control(to) not in (side, None) or ctx.units_at(to, enemy(side)):
        return Verdict.no("a friendly hex", "21.4")
    here = ctx.piece(t).space
    if here in ctx.hexmap.terrain and not loc_ok(ctx, side, here):
        return Verdict.no("the Truck must be able to trace a LOC", "21.4")
    return Verdict.yes()


def rail_network(ctx: Ctx) -> set[str]:
    """22.1 rail hexes joined by unbroken, unblocked track to the Allied edge (the
    railroad runs on into the Nile Delta)."""
    from .zoc import zoc_map

    hm = ctx.hexmap
    broken = set(ctx.var("rail_broken") or [])
    axis_zoc = zoc_map(ctx, AXIS).level
    axis = ctx.occupied[AXIS]["any"]
    from .special import rail_hexes, rail_links

    built = rail_links(ctx) if ctx.var("rail_built") else {}    # 42.0 track laid in play
    ok = {h for h in rail_hexes(ctx) if h not in broken and h not in axis and h not in axis_zoc}
    start = [h for h in hm.friendly_edge.get(ALLIED, []) if h in ok]
    seen = set(start)
    queue = list(start)
    while queue:
        h = queue.pop()
        nxt = [e.to for e in hm.edges[h] if e.rail] + sorted(built.get(h, ()))
        for to in nxt:
            if to in ok and to not in seen:
                seen.add(to)
                queue.append(to)
    return seen


def _rail_ok(ctx: Ctx, action: Action) -> Verdict:
    units, to, side = list(action.get("units") or []), action.get("to"), action.side
    verdict = _primary(ctx, "22.1")
    if not verdict:
        return verdict
    if side != ALLIED:
        return Verdict.no("only the Allied player uses the railroad", "22.1")
    if ctx.var("rail_used"):
        return Verdict.no("one RE or one Supply Point by rail a Primary Segment", "22.1")
    if not units:
        return Verdict.no("name what goes by rail", "22.1")
    verdict = _fresh(ctx, units, "22.1")
    if not verdict:
        return verdict
    re = 0.0
    for p in units:
        if ctx.kind(p) == "sp":
            re += 1
        elif ctx.is_tank(p):
            re += ctx.steps(p)
        elif ctx.is_combat(p):
            re += 0.5 if ctx.value(p, "size") == "bn" else 1
        else:
            re += 0.5
    if re > 1:
        return Verdict.no("one Regimental Equivalent (a tank step counts as one) or one "
                          "Supply Point", "22.1")
    net = rail_network(ctx)
    here = ctx.piece(units[0]).space
    if any(ctx.piece(p).space != here for p in units):
        return Verdict.no("from one hex", "22.1")
    def in_net(h: str) -> bool:
        return h in net or h == "Nile Delta"

    if not in_net(here) or not in_net(to) or here == to:
        return Verdict.no("along unbroken, unblocked track joined to the friendly edge",
                          "22.1")
    from .zoc import zoc_map

    az = zoc_map(ctx, AXIS).level
    if here in az or to in az:
        return Verdict.no("not into or out of an enemy ZOC", "22.1")
    return Verdict.yes()


def shipping_points(ctx: Ctx, pid: str) -> int:
    """23.2 what a piece costs by sea."""
    t = ctx.tables["shipping_points"]
    kind = ctx.kind(pid)
    if kind == "truck":
        return int(t["truck"])
    if kind == "sp":
        return int(t["sp"])
    if kind == "repl":
        return int(t["inf_repl"] if ctx.value(pid, "infantry") else t["tank_repl"])
    if ctx.is_tank(pid):
        return int(t["tank_step"]) * ctx.steps(pid)
    if ctx.value(pid, "size") == "bn" or kind in ("army_hq", "hq_marker") or \
            ctx.utype(pid) == "div_hq":
        return int(t["battalion"])
    return int(t["inf_re"])


def shipping_left(ctx: Ctx, side: str, from_italy: bool) -> int:
    lim = ctx.tables["shipping_limit"]
    used = ctx.var("shipping") or {}
    extra = int(used.get(f"{side}-extra", 0))
    if from_italy:
        return int(lim["axis_italy"]) - int(used.get("axis-italy", 0))
    return int(lim[side]) + extra - int(used.get(side, 0))


def _sea_ok(ctx: Ctx, action: Action) -> Verdict:
    units, to, side = list(action.get("units") or []), action.get("to"), action.side
    verdict = _primary(ctx, "23.1")
    if not verdict:
        return verdict
    if not units:
        return Verdict.no("name what sails", "23.1")
    verdict = _fresh(ctx, units, "23.1")
    if not verdict:
        return verdict
    here = ctx.piece(units[0]).space
    if any(ctx.piece(p).space != here for p in units):
        return Verdict.no("a convoy sails from one port", "25.1")
    if not friendly_port(ctx, here, side) or not friendly_port(ctx, to, side) or here == to:
        return Verdict.no("from one friendly port to another", "23.1")
    pts = sum(shipping_points(ctx, p) + sum(shipping_points(ctx, f) for f in ctx.followers(p))
              for p in units)
    italy = here == "Italy"
    if pts > shipping_left(ctx, side, italy):
        return Verdict.no(f"{pts} Shipping Points is more than the limit left this segment",
                          "23.3")
    if pts > usable(ctx, here, side, bool(action.get("ignore"))) or \
            pts > usable(ctx, to, side, bool(action.get("ignore"))):
        return Verdict.no("more than the ports' capacity this segment", "24.1")
    escort = action.get("escort")
    if escort:
        cost = int(ctx.tables["resource_costs"].get(escort, 99))
        if int((ctx.var("rp") or {}).get(side, 0)) < cost:
            return Verdict.no("not enough Resource Points for the escort", "30.2")
    return Verdict.yes()


def _sea(rb: RBatch, action: Action) -> None:
    ctx = rb.ctx
    side, units, to = action.side, list(action["units"]), action["to"]
    here = ctx.piece(units[0]).space
    ignore = bool(action.get("ignore"))
    pts = sum(shipping_points(ctx, p) + sum(shipping_points(ctx, f) for f in ctx.followers(p))
              for p in units)
    used = dict(ctx.var("shipping") or {})
    key = "axis-italy" if here == "Italy" else side
    used[key] = int(used.get(key, 0)) + pts
    port_use = dict(ctx.var("port_use") or {})
    for p in (here, to):
        if capacity(ctx, p) < 999:
            port_use[p] = int(port_use.get(p, 0)) + pts
    changes = [Change.var("shipping", used), Change.var("port_use", port_use)]
    escort = action.get("escort")
    drm = 0
    if escort:
        rp = dict(ctx.var("rp") or {})
        rp[side] = int(rp.get(side, 0)) - int(ctx.tables["resource_costs"][escort])
        changes.append(Change.var("rp", rp))
        drm = int(ctx.tables["escort_drm"][escort])
    rb.add("sea", "23.1", f"a convoy of {pts} Shipping Points sails from {here} to "
           f"{ctx.hexmap.name(to) if to in ctx.hexmap.terrain else to}", changes, side)
    results = convoy_roll(rb, side, here, to, ignore)
    for res in results:
        if res == "-":
            continue
        for p in list(units) + [f for u in units for f in rb.ctx.followers(u)]:
            ctx = rb.ctx
            if ctx.piece(p).status != ACTIVE:
                continue
            items = ctx.steps(p) if ctx.is_combat(p) else 1
            dice = rb.roll("25.5", f"convoy attack on {ctx.label(p)}", items, side=side)
            hits = sum(1 for d in dice if d + drm <= int(res))
            for _ in range(hits):
                ctx = rb.ctx
                if ctx.piece(p).status != ACTIVE:
                    break
                if ctx.is_combat(p):
                    from .ops import lose_step

                    lose_step(rb, p, "25.5", "sunk at sea")
                else:
                    rb.add("sunk", "25.5", f"{ctx.label(p)} is sunk",
                           [Change.set(p, "status", POOL if ctx.kind(p) != "truck" else "cadre"),
                            Change.set(p, "space", None), Change.set(p, "data.carried_by", None)],
                           side)
    survivors = [p for p in units if rb.ctx.piece(p).status == ACTIVE]
    if survivors:
        move(rb, survivors, [to], "23.1", "the convoy lands", kind="sea-landing")
        _flag(rb, survivors, M.OTHER)


def demolish_on_entry(rb: RBatch, item: dict) -> None:
    """20.5 / 24.3 the owner's demolition attempts the instant enemy units enter (-2);
    Supply Points that survive are captured."""
    from .ops import capture_sp

    side, key, captor = item["side"], item["hex"], item["captor"]
    for sp in item.get("sps", []):
        ctx = rb.ctx
        if ctx.piece(sp).status != ACTIVE or ctx.piece(sp).space != key:
            continue
        if demolition_hits(rb, side, 1, True, "Supply Point"):
            rb.add("supply-destroyed", "20.5", "the Supply Point is destroyed before capture",
                   [Change.set(sp, "status", POOL), Change.set(sp, "space", None)], side)
        else:
            capture_sp(rb, sp, captor)
    if item.get("port"):
        demolish_port(rb, key, side, True)


def capture_declined(rb: RBatch, item: dict) -> None:
    from .ops import capture_sp

    for sp in item.get("sps", []):
        if rb.ctx.piece(sp).status == ACTIVE and rb.ctx.piece(sp).space == item["hex"]:
            capture_sp(rb, sp, item["captor"])


__all__ = ["KINDS", "apply", "capture_declined", "demolish_on_entry", "eliminate", "legal",
           "rail_network", "shipping_points"]
