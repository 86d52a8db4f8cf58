"""What a unit may do instead of moving, and Resource Points.

``build`` (unit, work: ip | fort)   18.2 / 18.3 a Field Work (no attack out of the hex)
``absorb`` (unit, replacement)      28.5 a reduced unit takes a Replacement
``rebuild`` (unit, replacements)    28.5 - 28.10 a unit comes back from the Cadre Box
``deploy`` / ``limber`` (unit)      16.2 artillery to its zero-MA side and back
``disband`` (unit: the Army HQ)     16.3 into an Off Map Box
``spend`` (use, div)                30.2 shipping, Italians, U-boats, Malta reinforced
"""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from ..tables import ALLIED, AXIS
from . import movement as M
from .context import ACTIVE, CADRE, ENTRY_BOX, POOL, Ctx, RBatch

KINDS = ("build", "absorb", "rebuild", "deploy", "limber", "disband", "spend")


def _rp(ctx: Ctx, side: str) -> int:
    return int((ctx.var("rp") or {}).get(side, 0))


def _still(ctx: Ctx, pid: str, rule: str) -> Verdict:
    """The unit has not moved this segment (it foregoes all movement)."""
    rec = M.record(ctx, pid)
    if rec[0] or rec[1] or pid in (ctx.var("done") or []) or rec[4] & (M.OTHER | M.NO_MOVE):
        return Verdict.no(f"{ctx.label(pid)} has moved or acted this segment", rule)
    if ctx.piece(pid).data.get("carried_by"):
        return Verdict.no(f"{ctx.label(pid)} is being carried", rule)
    return Verdict.yes()


def markers_used(ctx: Ctx, side: str) -> tuple[int, int]:
    """(Field Work markers on the map, Fortifications among them) not permanent."""
    works = [w for w in (ctx.var("works") or {}).values()
             if w.get("side") == side and not w.get("permanent")]
    return len(works), sum(1 for w in works if w.get("type") == "fort")


def legal(ctx: Ctx, action: Action) -> Verdict:
    side, k = action.side, action.kind
    pid = action.get("unit")
    if k in ("build", "absorb", "deploy", "limber", "disband"):
        if pid not in ctx.state.pieces or ctx.piece(pid).side != side or not ctx.on_map(pid) and \
                k != "disband":
            return Verdict.no("one of your units on the map", "4.1")
    if k == "build":
        work = action.get("work")
        key = ctx.piece(pid).space
        if not ctx.infantry_type(pid) or ctx.disrupted(pid):
            return Verdict.no("a non-Disrupted infantry-type unit builds Field Works", "18.2")
        verdict = _still(ctx, pid, "18.2")
        if not verdict:
            return verdict
        existing = ctx.work(key)
        used, forts = markers_used(ctx, side)
        if work == "ip":
            if existing:
                return Verdict.no("there are Field Works there already", "18.2")
            if used >= int(ctx.tables["field_work_markers"]):
                return Verdict.no("all ten Field Work markers are on the map", "18.0")
            return Verdict.yes()
        if work == "fort":
            from .supply import has_loc, in_general_supply

            if ctx.seg_type != "primary":
                return Verdict.no("Fortifications are built in a Primary Segment", "18.3")
            if not existing or existing.get("type") != "ip" or existing.get("side") != side:
                return Verdict.no("a Fortification is built on your Improved Position", "18.3")
            if not (in_general_supply(ctx, pid) and has_loc(ctx, pid)):
                return Verdict.no("the builder needs a Line of Supply and a LOC", "18.3")
            if forts >= int(ctx.tables["fort_limit"]):
                return Verdict.no("six Fortifications at most on the map", "18.3")
            if _rp(ctx, side) < int(ctx.tables["resource_costs"]["fortification"]):
                return Verdict.no("a Fortification costs one Resource Point", "18.3")
            return Verdict.yes()
        return Verdict.no("an Improved Position (ip) or a Fortification (fort)", "18.0")
    if k == "absorb":
        repl = action.get("replacement")
        if repl not in ctx.state.pieces or ctx.kind(repl) != "repl" or \
                ctx.piece(repl).space != ctx.piece(pid).space or ctx.piece(repl).status != ACTIVE:
            return Verdict.no("the Replacement must be stacked with the unit", "28.5")
        if ctx.value(repl, "repl") != ctx.value(pid, "repl"):
            return Verdict.no("Tank Replacements restore tank and recon units, infantry "
                              "ones the others", "28.6")
        if ctx.steps(pid) >= ctx.max_steps(pid):
            return Verdict.no("the unit is at full strength", "28.5")
        if ctx.steps(pid) >= ctx.rebuild_limit(pid):
            return Verdict.no("Sonderverband 288 is rebuilt no higher than its third step",
                              "45.0")
        if ctx.disrupted(pid):
            return Verdict.no("Disrupted units may not receive Replacements", "13.2")
        if pid in (ctx.var("absorbed") or []):
            return Verdict.no("one Replacement a unit each friendly segment", "28.6")
        return _still(ctx, pid, "28.5")
    if k == "rebuild":
        return _rebuild_ok(ctx, action)
    if k == "deploy":
        if ctx.utype(pid) != "art" or ctx.piece(pid).data.get("deployed"):
            return Verdict.no("an artillery unit on its mobile side", "16.2")
        return _still(ctx, pid, "16.2")
    if k == "limber":
        if ctx.utype(pid) != "art" or not ctx.piece(pid).data.get("deployed"):
            return Verdict.no("an artillery unit on its zero-MA side", "16.2")
        return Verdict.yes()
    if k == "disband":
        if ctx.kind(pid) != "army_hq" or ctx.piece(pid).space in ctx.hexmap.boxes:
            return Verdict.no("your Army HQ on the map", "16.3")
        if ctx.var("mv"):
            return Verdict.no("only at the beginning of the Movement Phase", "16.3")
        return Verdict.yes()
    if k == "spend":
        return _spend_ok(ctx, action)
    return Verdict.no("unknown action", "4.1")


def _rebuild_ok(ctx: Ctx, action: Action) -> Verdict:
    side, pid = action.side, action.get("unit")
    if pid not in ctx.state.pieces or ctx.piece(pid).status != CADRE or \
            ctx.piece(pid).side != side:
        return Verdict.no("a unit of yours in the Cadre Box", "28.5")
    if ctx.value(pid, "fragile"):
        return Verdict.no("Libyan and Blackshirt units are not replaced", "28.10")
    if ctx.kind(pid) == "truck":
        if _rp(ctx, side) < int(ctx.tables["resource_costs"]["truck"]):
            return Verdict.no("a Truck costs one Resource Point", "28.7")
        return Verdict.yes()
    repls = list(action.get("replacements") or [])
    from .recovery import _cadre_need

    need = _cadre_need(ctx, pid)
    if len(repls) != need:
        return Verdict.no(f"{need} Replacement(s) bring it out of the Cadre Box", "28.9")
    for r in repls:
        if r not in ctx.state.pieces or ctx.kind(r) != "repl" or ctx.piece(r).status != ACTIVE \
                or ctx.piece(r).side != side:
            return Verdict.no("Replacements of yours in play", "28.5")
        if ctx.value(r, "repl") != ctx.value(pid, "repl"):
            return Verdict.no("the Replacements must be of the unit's kind", "28.6")
        if not _rebuild_place(ctx, side, ctx.piece(r).space):
            return Verdict.no("the Replacement must be in a friendly Off Map Box, a friendly "
                              "port or with the Army HQ", "28.5")
    if ctx.utype(pid) in ("art", "flak88", "div_hq"):
        if _rp(ctx, side) < 1:
            return Verdict.no("artillery, 88s and divisional HQs also cost a Resource Point",
                              "28.7")
    return Verdict.yes()


def _rebuild_place(ctx: Ctx, side: str, key: str | None) -> bool:
    from .ports import friendly_port
    from .supply import army_hq

    if key is None:
        return False
    if key in ctx.hexmap.boxes:
        return ctx.hexmap.boxes[key].get("side") == side
    hq = army_hq(ctx, side)
    if hq and ctx.piece(hq).space == key:
        return True
    return friendly_port(ctx, key, side)


def _spend_ok(ctx: Ctx, action: Action) -> Verdict:
    side, use = action.side, action.get("use")
    costs = ctx.tables["resource_costs"]
    if use not in ("shipping", "italians", "u-boat", "malta-reinforced"):
        return Verdict.no("spend on shipping, Italians, a U-boat or Malta", "30.2")
    if _rp(ctx, side) < int(costs[use]):
        return Verdict.no(f"not enough Resource Points ({costs[use]} needed)", "30.2")
    if use == "italians":
        if side != AXIS or ctx.seg_type != "primary":
            return Verdict.no("Italian full strength is bought in an Axis Primary Segment",
                              "30.2")
        if not action.get("div"):
            return Verdict.no("name the Italian division", "30.2")
    if use == "u-boat" and side != AXIS:
        return Verdict.no("U-boats are the Axis player's", "30.2")
    if use == "malta-reinforced" and side != ALLIED:
        return Verdict.no("Malta is reinforced by the Allied player", "30.2")
    return Verdict.yes()


def apply(rb: RBatch, action: Action) -> None:
    ctx = rb.ctx
    side, k = action.side, action.kind
    pid = action.get("unit")
    if k == "build":
        key = ctx.piece(pid).space
        works = dict(ctx.var("works") or {})
        changes = _stay(ctx, pid)
        if action["work"] == "ip":
            works[key] = {"type": "ip", "side": side}
            text = f"{ctx.label(pid)} builds an Improved Position at {ctx.hexmap.name(key)}"
            rule = "18.2"
        else:
            works[key] = {"type": "fort", "side": side}
            rp = dict(ctx.var("rp") or {})
            rp[side] = _rp(ctx, side) - int(ctx.tables["resource_costs"]["fortification"])
            changes.append(Change.var("rp", rp))
            text = f"{ctx.label(pid)} builds a Fortification at {ctx.hexmap.name(key)}"
            rule = "18.3"
        rb.add("field-work", rule, text, changes + [Change.var("works", works)], side)
    elif k == "absorb":
        repl = action["replacement"]
        changes = _stay(ctx, pid) + [
            Change.set(pid, "data.steps", ctx.steps(pid) + 1),
            Change.set(repl, "status", POOL), Change.set(repl, "space", None),
            Change.set(repl, "data.carried_by", None),
            Change.var("absorbed", list(ctx.var("absorbed") or []) + [pid])]
        rb.add("absorb", "28.5", f"{ctx.label(pid)} absorbs a Replacement: "
               f"{ctx.steps(pid) + 1} steps", changes, side)
    elif k == "rebuild":
        _rebuild(rb, action)
    elif k == "deploy":
        rb.add("deploy", "16.2", f"{ctx.label(pid)} deploys to its zero-MA side",
               _stay(ctx, pid) + [Change.set(pid, "data.deployed", True)], side)
    elif k == "limber":
        rb.add("limber", "16.2", f"{ctx.label(pid)} turns to its mobile side",
               [Change.set(pid, "data.deployed", None)], side)
    elif k == "disband":
        box = ENTRY_BOX[side]
        mv = dict(ctx.var("mv") or {})
        mv[pid] = [0, 0, 0, 0, M.NO_MOVE]
        rb.add("disband", "16.3", f"{ctx.label(pid)} is disbanded and placed in {box}",
               [Change.set(pid, "space", box), Change.var("mv", mv)], side)
    elif k == "spend":
        _spend(rb, action)


def _stay(ctx: Ctx, pid: str) -> list[Change]:
    """The unit foregoes its movement; no attack comes out of its hex (18.2, 28.5)."""
    mv = dict(ctx.var("mv") or {})
    rec = list(mv.get(pid, [0, 0, 0, 0, 0]))
    rec[4] |= M.NO_MOVE
    mv[pid] = rec
    quiet = list(ctx.var("quiet") or [])
    key = ctx.piece(pid).space
    if key not in quiet:
        quiet.append(key)
    return [Change.var("mv", mv), Change.var("quiet", quiet)]


def _rebuild(rb: RBatch, action: Action) -> None:
    ctx = rb.ctx
    side, pid = action.side, action["unit"]
    changes = []
    where = ENTRY_BOX[side]
    if ctx.kind(pid) == "truck":
        cost = int(ctx.tables["resource_costs"]["truck"])
        why = "for a Resource Point"
    else:
        repls = list(action["replacements"])
        spots = {ctx.piece(r).space for r in repls}
        from .supply import army_hq

        hq = army_hq(ctx, side)
        if hq and ctx.piece(hq).space in spots:
            where = ctx.piece(hq).space
        elif any(s in ctx.hexmap.boxes for s in spots):
            where = next(s for s in spots if s in ctx.hexmap.boxes)
        for r in repls:
            changes += [Change.set(r, "status", POOL), Change.set(r, "space", None),
                        Change.set(r, "data.carried_by", None)]
        cost = 1 if ctx.utype(pid) in ("art", "flak88", "div_hq") else 0
        why = f"with {len(repls)} Replacement(s)"
        tanks = [p for p, q in sorted(ctx.state.pieces.items())
                 if q.side == side and q.status == CADRE and ctx.is_tank(p)]
        if ctx.is_tank(pid) and len(tanks) > 1:             # 28.8 the tank comes at random
            die = rb.die("28.8", "which tank comes out of the Cadre Box", sides=len(tanks),
                         side=side)
            pid = tanks[die - 1]
            ctx = rb.ctx
    if cost:
        rp = dict(ctx.var("rp") or {})
        rp[side] = _rp(ctx, side) - cost
        changes.append(Change.var("rp", rp))
    changes += [Change.set(pid, "status", ACTIVE), Change.set(pid, "space", where),
                Change.set(pid, "data.steps", 1 if ctx.kind(pid) != "truck" else 0)]
    rb.add("rebuild", "28.5", f"{ctx.label(pid)} comes out of the Cadre Box {why} at "
           f"{ctx.hexmap.name(where) if where in ctx.hexmap.terrain else where}", changes, side)


def _spend(rb: RBatch, action: Action) -> None:
    ctx = rb.ctx
    side, use = action.side, action["use"]
    cost = int(ctx.tables["resource_costs"][use])
    rp = dict(ctx.var("rp") or {})
    rp[side] = _rp(ctx, side) - cost
    changes = [Change.var("rp", rp)]
    if use == "shipping":
        used = dict(ctx.var("shipping") or {})
        used[f"{side}-extra"] = int(used.get(f"{side}-extra", 0)) + int(
            ctx.tables["shipping_per_rp"])
        changes.append(Change.var("shipping", used))
        text = "the Shipping Limit rises by two this segment"
    elif use == "italians":
        paid = {k: list(v) for k, v in (ctx.var("italians_paid") or {}).items()}
        seg = str(ctx.seg.get("id"))
        paid.setdefault(seg, []).append(action["div"])
        changes.append(Change.var("italians_paid", paid))
        text = f"the {action['div']} Division attacks at full strength this segment"
    elif use == "u-boat":
        changes.append(Change.var("malta", max(-3, int(ctx.var("malta", 0)) - 2)))
        text = "U-boats in the Mediterranean: Malta two boxes to the left"
    else:
        changes.append(Change.var("malta", min(3, int(ctx.var("malta", 0)) + 2)))
        text = "Malta is reinforced: two boxes to the right"
    rb.add("resource", "30.2", f"{cost} Resource Point(s): {text}", changes, side)
