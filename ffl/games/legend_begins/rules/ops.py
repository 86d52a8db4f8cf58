"""State changes the rules share, each one an event naming its rule: moving a stack
with its displays and cargo, losing a step, eliminating a unit, what happens to
non-combat pieces left alone with the enemy, capturing a hex's Field Works, ports and
Supply Points, and the control of hexes (8.1)."""

from __future__ import annotations

from collections.abc import Iterable

from ffl.engine import Change

from .context import ACTIVE, CADRE, ENTRY_BOX, OFF, POOL, RBatch, enemy


def move(rb: RBatch, pids: Iterable[str], path: list[str], rule: str, text: str,
         kind: str = "move", **info) -> None:
    """Move pieces (and everything riding with them) along ``path``; control of the hexes
    passed through goes to their side (8.1), and what they find there is dealt with
    (:func:`enter_hex`)."""
    ctx = rb.ctx
    pids = list(pids)
    riders = []
    for pid in pids:
        for f in ctx.followers(pid):
            if f not in pids and f not in riders:
                riders.append(f)
    to = path[-1]
    side = ctx.piece(pids[0]).side
    combat = any(ctx.is_combat(p) for p in pids + riders)
    before = {h: ctx.control(h) for h in path if h in ctx.hexmap.terrain}
    changes = [Change.set(p, "space", to) for p in pids + riders]
    control = dict(ctx.var("control") or {})
    touched = False
    for h in path:
        if h in control and control.get(h) != side and combat:
            control[h] = side
            touched = True
    if touched:
        changes.append(Change.var("control", control))
    rb.add(kind, rule, text, changes, side, pieces=pids, path=path, **info)
    if combat:
        for h in path:
            if h in before:
                enter_hex(rb, side, h, before[h])


def set_data(rb: RBatch, pid: str, name: str, value, rule: str, text: str,
             kind: str = "mark") -> None:
    rb.add(kind, rule, text, [Change.set(pid, f"data.{name}", value)],
           rb.ctx.piece(pid).side, piece=pid)


def lose_step(rb: RBatch, pid: str, rule: str, why: str, recover: int = 0,
              winner: str | None = None) -> None:
    """One step lost (9.4, 11.5, 19.6, 25.5): the unit flips to its next lower level, or
    goes to the Cadre Box with its last step (28.1).  ``recover`` twelfths of the step
    go to its side's Status Track (29.1)."""
    ctx = rb.ctx
    p = ctx.piece(pid)
    left = ctx.steps(pid) - 1
    changes = [Change.set(pid, "data.steps", max(left, 0))]
    if recover:
        rec = {s: dict(v) for s, v in (ctx.var("recovered") or {}).items()}
        kind = ctx.value(pid, "recover", ctx.nat(pid))
        side_rec = rec.setdefault(p.side, {})
        side_rec[kind] = side_rec.get(kind, 0) + recover
        changes.append(Change.var("recovered", rec))
    lost = dict(ctx.var("lost_steps") or {})
    lost[p.side] = lost.get(p.side, 0) + 1
    changes.append(Change.var("lost_steps", lost))
    rb.add("step-loss", rule, f"{ctx.label(pid)} loses a step ({why}): "
                              f"{max(left, 0)} left", changes, p.side, piece=pid)
    if left <= 0:
        eliminate(rb, pid, rule, "its last step lost")


def eliminate(rb: RBatch, pid: str, rule: str, why: str) -> None:
    """28.1 into the Cadre Box (its display units stay in the hex; its cargo is put
    down); non-combat pieces left with no combat unit of theirs go too (9.5 note)."""
    ctx = rb.ctx
    p = ctx.piece(pid)
    where = p.space
    changes = [Change.set(pid, "status", CADRE), Change.set(pid, "space", None),
               Change.set(pid, "data.steps", 0)]
    for name in ("hq", "carried_by", "disrupted", "oos", "support", "deployed", "repulsed"):
        if name in p.data:
            changes.append(Change.set(pid, f"data.{name}", None))
    for other, q in ctx.state.pieces.items():
        if q.status == ACTIVE and (q.data.get("hq") == pid or q.data.get("carried_by") == pid):
            changes.append(Change.set(other, "data.hq", None))
            changes.append(Change.set(other, "data.carried_by", None))
    rb.add("eliminated", rule, f"{ctx.label(pid)} is eliminated ({why}) and goes to the "
                               f"Cadre Box", changes, p.side, piece=pid)
    if ctx.utype(pid) == "air_hq":
        from .air_effects import hq_lost

        hq_lost(rb, pid)                    # 40.11 an air unit is caught on the ground
    if where is not None and not rb.ctx.units_at(where, p.side):
        orphans(rb, where, p.side, rule)


def orphans(rb: RBatch, where: str, side: str, rule: str, captor: str | None = None,
            skip_sp: bool = False) -> None:
    """Non-combat pieces of ``side`` in a hex without its combat units: Trucks to the
    Cadre Box (21.3), Replacements to the Pool (28.2), HQ markers off the map (6.4), the
    Army HQ to a friendly Off Map Box (16.3), Supply Points removed (9.5) unless an
    enemy unit there captures them (20.5)."""
    ctx = rb.ctx
    for pid in list(ctx.pieces_at(where)):
        q = ctx.piece(pid)
        if q.side != side or ctx.is_combat(pid):
            continue
        kind = ctx.kind(pid)
        if kind == "truck":
            cargo = [Change.set(o, "data.carried_by", None) for o, oq in ctx.state.pieces.items()
                     if oq.data.get("carried_by") == pid]
            rb.add("eliminated", "21.3", f"{ctx.label(pid)} is caught without combat units: "
                   "to the Cadre Box", [Change.set(pid, "status", CADRE),
                                         Change.set(pid, "space", None),
                                         Change.set(pid, "data.carried_by", None)] + cargo, side)
        elif kind == "repl":
            rb.add("eliminated", "28.2", "a Replacement unit is caught alone: back to the "
                   "Replacement Pool", [Change.set(pid, "status", POOL),
                                        Change.set(pid, "space", None),
                                        Change.set(pid, "data.carried_by", None)], side)
        elif kind == "hq_marker":
            rb.add("hq-marker", "6.4", f"the empty {ctx.label(pid)} marker comes off the map",
                   [Change.set(pid, "status", OFF), Change.set(pid, "space", None)], side)
        elif kind == "army_hq":
            # 21.5 what it carried stays in the hex (dealt with below, or by 20.5)
            cargo = [Change.set(o, "data.carried_by", None) for o, oq in ctx.state.pieces.items()
                     if oq.data.get("carried_by") == pid]
            rb.add("army-hq", "16.3", f"{ctx.label(pid)} is caught alone and is placed in "
                   f"{ENTRY_BOX[side]}", [Change.set(pid, "space", ENTRY_BOX[side])] + cargo,
                   side)
        elif kind == "sp":
            if skip_sp:
                continue
            if captor:
                capture_sp(rb, pid, captor)
            else:
                rb.add("supply-lost", "9.5", "a Supply Point left without combat units is "
                       "removed", [Change.set(pid, "status", POOL),
                                   Change.set(pid, "space", None),
                                   Change.set(pid, "data.carried_by", None)], side)


def capture_sp(rb: RBatch, pid: str, captor: str) -> None:
    """20.2 / 20.5 a captured Supply Point is replaced by one of the captor's (or lost
    when he has none left)."""
    ctx = rb.ctx
    where = ctx.piece(pid).space
    spare = next((q for q, pc in sorted(ctx.state.pieces.items())
                  if pc.side == captor and pc.status == POOL and ctx.kind(q) == "sp"), None)
    changes = [Change.set(pid, "status", POOL), Change.set(pid, "space", None),
               Change.set(pid, "data.carried_by", None)]
    if spare:
        changes += [Change.set(spare, "status", ACTIVE), Change.set(spare, "space", where)]
    rb.add("supply-captured", "20.5",
           f"a Supply Point at {ctx.hexmap.name(where)} is captured"
           + ("" if spare else " (no supply unit left to show it: forfeited)"), changes, captor)


def enter_hex(rb: RBatch, side: str, key: str, owner: str | None = None) -> None:
    """What a combat unit entering a hex does to the enemy there (by movement or advance):
    Trucks, Replacements and the Army HQ alone are caught (21.3, 28.2, 16.3); the owner of
    Supply Points there, or of the port, may first try to demolish them (20.5, 24.3: a
    pending decision); enemy Improved Positions and Fortifications are removed (18.2,
    18.3) and permanent ones change hands (18A)."""
    ctx = rb.ctx
    foe = enemy(side)
    if ctx.units_at(key, foe):
        return
    foe_pieces = [p for p in ctx.pieces_at(key) if ctx.piece(p).side == foe]
    sps = [p for p in foe_pieces if ctx.kind(p) == "sp"]
    others = [p for p in foe_pieces if ctx.kind(p) != "sp"]
    if others:
        orphans(rb, key, foe, "20.5", captor=side, skip_sp=True)
    port = key in ctx.hexmap.ports and owner == foe
    if sps or port:
        pending = list(rb.ctx.pending)
        pending.append({"kind": "demolish", "side": foe, "hex": key, "captor": side,
                        "sps": sps, "port": port})
        rb.add("pending", "20.5", f"enemy units enter {ctx.hexmap.name(key)}: the "
               f"{foe} player may attempt demolition", [Change.var("pending", pending)], foe)
    ctx = rb.ctx
    w = ctx.work(key)
    if w and w.get("side") == foe:
        works = dict(ctx.var("works") or {})
        if w.get("permanent"):
            works[key] = {**w, "side": side}
            text = f"the permanent Fortification at {ctx.hexmap.name(key)} is captured"
            rule = "18A"
        else:
            works.pop(key)
            what = "Fortification" if w["type"] == "fort" else "Improved Position"
            text = f"the enemy {what} at {ctx.hexmap.name(key)} is removed"
            rule = "18.3" if w["type"] == "fort" else "18.2"
        rb.add("field-work", rule, text, [Change.var("works", works)], side)


def control(rb: RBatch, keys: Iterable[str], side: str, rule: str = "8.1") -> None:
    ctx = rb.ctx
    ctl = dict(ctx.var("control") or {})
    changed = False
    for k in keys:
        if ctl.get(k) != side:
            ctl[k] = side
            changed = True
    if changed:
        rb.add("control", rule, f"{rule} control changes", [Change.var("control", ctl)], side)
