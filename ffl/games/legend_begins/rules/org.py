"""6.0 Organization Cards, 15.2 - 15.4 Direct Support, 28.11 transferring steps.

``attach`` (unit, hq)        6.2 a unit in the HQ's hex goes onto its display: at once
                             with the HQ's divisional I.D. or a tank/recon unit (6.5),
                             otherwise in the Organization Segment; within the card's
                             boxes and nationality limits (6.3)
``detach`` (unit)            6.2 off the display, in a friendly Movement Phase
``marker`` (marker, unit)    6.4 an HQ marker takes a combat unit's place on the map
``transfer-steps`` (unit, to, steps)  28.11 in the Organization Segment
``support`` (unit, on)       15.2 a motorized unit in Direct Support of the non-motorized
                             units of its stack (arranged once per enemy segment, 15.4)
"""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from .context import ACTIVE, OFF, Ctx, RBatch

KINDS = ("attach", "detach", "marker", "transfer-steps", "support", "combat-motorize")


def display(ctx: Ctx, hq: str) -> list[str]:
    return [p for p, q in sorted(ctx.state.pieces.items())
            if q.status == ACTIVE and q.data.get("hq") == hq]


def motorized_formation(ctx: Ctx, hq: str) -> bool:
    return any(b["box"] == "tank" and int(b["count"]) >= 4 for b in ctx.value(hq, "boxes") or [])


def box_for(ctx: Ctx, hq: str, pid: str) -> str | None:
    """6.3 the display box a unit would go into (None: none free or allowed)."""
    boxes = ctx.value(hq, "boxes") or []
    used: dict[str, int] = {}
    for p in display(ctx, hq):
        b = _box_of(ctx, boxes, p)
        if b:
            used[b] = used.get(b, 0) + 1
    b = _box_of(ctx, boxes, pid)
    if b is None:
        return None
    limit = next(int(x["count"]) for x in boxes if x["box"] == b)
    return b if used.get(b, 0) < limit else None


def _box_of(ctx: Ctx, boxes: list, pid: str) -> str | None:
    for b in boxes:
        if ctx.utype(pid) in b["types"]:
            return b["box"]
    return None


def nationality_ok(ctx: Ctx, hq: str, pid: str) -> str:
    """6.3 cases 3-6: '' when the unit may join the formation, else why not."""
    mine, theirs = ctx.nat(hq), ctx.nat(pid)
    axis = {"ita", "ger"}
    if mine in axis or theirs in axis:
        return "" if mine == theirs else "German and Italian formations do not mix"
    if theirs == mine:
        return ""
    brigade = ctx.value(pid, "size") in ("bde", "rgt")
    others = [p for p in display(ctx, hq) if ctx.nat(p) != mine
              and ctx.value(p, "size") in ("bde", "rgt")]
    if not brigade:
        return "" if ctx.utype(pid) in ("tank", "recon") else \
            "a division holds only units of its nationality"
    if mine == "brit":
        return "" if not others else "a British division holds one non-British brigade at most"
    if theirs == "brit":
        return "" if not others else "a non-British division holds one British brigade at most"
    return "a non-British division holds only its own nationality (and one British brigade)"


def legal(ctx: Ctx, action: Action) -> Verdict:
    side, k = action.side, action.kind
    pid = action.get("unit")
    if pid not in ctx.state.pieces or ctx.piece(pid).side != side:
        return Verdict.no("one of your units", "6.2")
    p = ctx.piece(pid)
    org = ctx.phase == "organization"
    if k == "attach":
        hq = action.get("hq")
        if hq not in ctx.state.pieces or ctx.piece(hq).side != side or \
                ctx.piece(hq).status != ACTIVE or not ctx.value(hq, "boxes"):
            return Verdict.no("a formation HQ of yours on the map", "6.2")
        if not ctx.is_combat(pid) or ctx.utype(pid) in ("div_hq", "army_hq") or \
                p.data.get("hq") or p.data.get("carried_by") or p.space != ctx.piece(hq).space:
            return Verdict.no("a combat unit in the HQ's hex, not carried or on a display",
                              "6.2")
        same = ctx.value(pid, "div") and ctx.value(pid, "div") == ctx.value(hq, "div")
        if not org and not same and ctx.utype(pid) not in ("tank", "recon"):
            return Verdict.no("a unit of another division joins in the Organization "
                              "Segment", "6.2")
        if box_for(ctx, hq, pid) is None:
            return Verdict.no("no free box of that unit's type on the card", "6.3")
        why = nationality_ok(ctx, hq, pid)
        if why:
            return Verdict.no(why, "6.3")
        if motorized_formation(ctx, hq) and not ctx.motorized(pid):
            return Verdict.no("a non-motorized unit joins a motorized formation only when "
                              "combat motorized (advanced rule 37)", "6.0")
        return Verdict.yes()
    if k == "combat-motorize":
        return _motorize_ok(ctx, action)
    if k == "detach":
        if not p.data.get("hq"):
            return Verdict.no("that unit is not on a display", "6.2")
        if ctx.kind(pid) == "truck":
            return Verdict.no("a Truck leaves the display with the unit it motorizes",
                              "37.0")
        if not org and ctx.phase != "movement":
            return Verdict.no("units leave a display in a friendly Movement Phase", "6.2")
        return Verdict.yes()
    if k == "marker":
        m = action.get("marker")
        if m not in ctx.state.pieces or ctx.kind(m) != "hq_marker" or \
                ctx.piece(m).status != OFF or ctx.piece(m).side != side:
            return Verdict.no("an HQ marker of yours not in use", "6.4")
        if not ctx.on_map(pid) or not ctx.is_combat(pid) or p.data.get("hq") or \
                p.data.get("carried_by") or ctx.utype(pid) == "div_hq":
            return Verdict.no("a combat unit on the map", "6.4")
        if box_for(ctx, m, pid) is None:
            return Verdict.no("the marker's card has no box for that unit", "6.3")
        return Verdict.yes()
    if k == "transfer-steps":
        to, n = action.get("to"), int(action.get("steps") or 0)
        if not org:
            return Verdict.no("steps are transferred in the Organization Segment", "28.11")
        if to not in ctx.state.pieces or ctx.piece(to).side != side:
            return Verdict.no("two units of yours", "28.11")
        if ctx.piece(to).space != p.space or not ctx.on_map(pid) or to == pid:
            return Verdict.no("the two units must be stacked together", "28.11")
        if ctx.utype(to) != ctx.utype(pid) or ctx.nat(to) != ctx.nat(pid):
            return Verdict.no("units of the same type and nationality", "28.11")
        if n < 1 or ctx.steps(pid) - n < 1 or ctx.steps(to) + n > ctx.max_steps(to):
            return Verdict.no("that many steps cannot move across", "28.11")
        return Verdict.yes()
    if k == "support":
        on = bool(action.get("on"))
        if ctx.value(pid, "zoc") != "active" or not ctx.motorized(pid) or not ctx.on_map(pid):
            return Verdict.no("a motorized unit with an Active ZOC", "15.2")
        if not any(not ctx.motorized(q) for q in ctx.units_at(p.space, side)):
            return Verdict.no("it must be stacked with non-motorized units", "15.2")
        if ctx.phase not in ("arrange", "movement") or (ctx.phase == "movement"
                                                        and ctx.side != side):
            return Verdict.no("stacks are arranged in your Movement Phase or during the "
                              "enemy's", "15.4")
        if ctx.phase == "arrange" and p.space in (ctx.var("arranged") or []):
            return Verdict.no("each stack is rearranged once per enemy segment", "15.4")
        if bool(p.data.get("support")) == on:
            return Verdict.no("it is already so", "15.2")
        return Verdict.yes()
    return Verdict.no("unknown organization action", "6.0")


def _motorize_ok(ctx: Ctx, action: Action) -> Verdict:
    """37.0 a non-motorized brigade or regiment and a Truck join a motorized formation's
    display in the Organization Segment, stacked with its HQ."""
    side, pid, hq, truck = action.side, action["unit"], action.get("hq"), action.get("truck")
    if not ctx.option("combat_motorized"):
        return Verdict.no("Combat Motorized is an advanced rule not in play", "37.0")
    if ctx.phase != "organization":
        return Verdict.no("units are Combat Motorized in the Organization Segment", "37.0")
    p = ctx.piece(pid)
    if not ctx.is_combat(pid) or ctx.motorized(pid) or \
            ctx.value(pid, "size") not in ("bde", "rgt") or not ctx.on_map(pid):
        return Verdict.no("a non-motorized brigade or regiment on the map", "37.0")
    if p.data.get("hq"):
        return Verdict.no("it is on a display already", "37.0")
    if hq not in ctx.state.pieces or ctx.piece(hq).side != side or \
            ctx.piece(hq).space != p.space or not motorized_formation(ctx, hq):
        return Verdict.no("a motorized formation's HQ in the same hex", "37.0")
    if truck not in ctx.state.pieces or ctx.kind(truck) != "truck" or \
            ctx.piece(truck).side != side or ctx.piece(truck).space != p.space or \
            ctx.piece(truck).data.get("hq"):
        return Verdict.no("a free Truck of yours in the same hex", "37.0")
    if any(q.data.get("carried_by") == truck and other != pid
           for other, q in ctx.state.pieces.items()):
        return Verdict.no("the Truck is carrying something else", "37.0")
    if box_for(ctx, hq, pid) is None:
        return Verdict.no("no free box of that unit's type on the card", "6.3")
    why = nationality_ok(ctx, hq, pid)
    if why:
        return Verdict.no(why, "6.3")
    return Verdict.yes()


def apply(rb: RBatch, action: Action) -> None:
    ctx = rb.ctx
    k, side, pid = action.kind, action.side, action["unit"]
    if k == "combat-motorize":
        hq, truck = action["hq"], action["truck"]
        rb.add("combat-motorize", "37.0", f"{ctx.label(pid)} and a Truck join the "
               f"{ctx.label(hq)} display: Combat Motorized, with an Active ZOC",
               [Change.set(pid, "data.hq", hq), Change.set(pid, "data.cm", truck),
                Change.set(pid, "data.carried_by", None), Change.set(truck, "data.hq", hq)],
               side)
        return
    if k == "attach":
        hq = action["hq"]
        rb.add("attach", "6.2", f"{ctx.label(pid)} joins the {ctx.label(hq)} display",
               [Change.set(pid, "data.hq", hq), Change.set(pid, "data.support", None)], side)
    elif k == "detach":
        hq = ctx.piece(pid).data["hq"]
        changes = [Change.set(pid, "data.hq", None)]
        truck = ctx.piece(pid).data.get("cm")
        if truck:                 # 37.0 off the display: a non-motorized unit trucked
            changes += [Change.set(pid, "data.cm", None), Change.set(truck, "data.hq", None),
                        Change.set(pid, "data.carried_by", truck)]
        rb.add("detach", "6.2", f"{ctx.label(pid)} leaves the {ctx.label(hq)} display"
               + (" (37.0 no longer Combat Motorized: carried by its Truck)" if truck else ""),
               changes, side)
        empty_markers(rb)
    elif k == "marker":
        m = action["marker"]
        where = ctx.piece(pid).space
        rb.add("marker", "6.4", f"the {ctx.label(m)} marker takes {ctx.label(pid)}'s place",
               [Change.set(m, "status", ACTIVE), Change.set(m, "space", where),
                Change.set(pid, "data.hq", m)], side)
    elif k == "transfer-steps":
        to, n = action["to"], int(action["steps"])
        rb.add("transfer", "28.11", f"{n} step(s) pass from {ctx.label(pid)} to "
               f"{ctx.label(to)}", [Change.set(pid, "data.steps", ctx.steps(pid) - n),
                                     Change.set(to, "data.steps", ctx.steps(to) + n)], side)
    elif k == "support":
        on = bool(action["on"])
        changes = [Change.set(pid, "data.support", True if on else None)]
        if ctx.phase == "arrange":
            where = ctx.piece(pid).space
            changes.append(Change.var("arranged", list(ctx.var("arranged") or []) + [where]))
        rb.add("support", "15.2", f"{ctx.label(pid)} "
               f"{'goes into Direct Support (under the stack)' if on else 'acts independently'}",
               changes, side)


def empty_markers(rb: RBatch) -> None:
    """6.4 an empty HQ marker comes off the map at once."""
    ctx = rb.ctx
    for m, q in sorted(ctx.state.pieces.items()):
        if q.status == ACTIVE and ctx.kind(m) == "hq_marker" and not display(ctx, m):
            rb.add("marker", "6.4", f"the empty {ctx.label(m)} marker comes off the map",
                   [Change.set(m, "status", OFF), Change.set(m, "space", None)], q.side)


def loose_trucks(rb: RBatch) -> None:
    """37.0 a Truck whose Combat Motorized unit has left the display (eliminated,
    withdrawn) comes off the display with it."""
    ctx = rb.ctx
    changes = []
    for t, q in sorted(ctx.state.pieces.items()):
        if ctx.kind(t) != "truck" or not q.data.get("hq"):
            continue
        if not any(r.data.get("cm") == t and r.data.get("hq") == q.data["hq"]
                   and r.status == ACTIVE for r in ctx.state.pieces.values()):
            changes.append(Change.set(t, "data.hq", None))
    if changes:
        rb.add("detach", "37.0", "a Truck without its Combat Motorized unit leaves the "
               "display", changes)
