"""The Replacement/Reinforcement Segment (3.1 A): Supply Points (20.1) and a Resource
Point (30.1) at the Entry Box, the Reinforcement Schedule (31.1-31.7) and the
Replacement Table (28.3, 28.4), and the removal of far vacant Fortifications (18.3,
updated)."""

from __future__ import annotations

from ffl.engine import Change

from ..tables import lookup
from .context import ACTIVE, CADRE, ENTRY_BOX, OFF, POOL, READY, REMOVED, WITHDRAWN, RBatch


def replacement_segment(rb: RBatch, side: str) -> None:
    from .special import surge_arrivals

    _supply_and_resources(rb, side)
    _schedule(rb, side)
    _trained(rb, side)
    surge_arrivals(rb, side)
    _replacements(rb, side)
    if rb.ctx.option("air_game"):
        from .air_effects import air_replacement

        air_replacement(rb, side)
    _far_forts(rb, side)


def turn_events(rb: RBatch) -> None:
    """The Turn Record Track's markers this turn (26.2 the Luftwaffe over Malta, 25.3
    who holds Crete)."""
    ctx = rb.ctx
    ev = ((ctx.setup.get("schedule") or {}).get(str(ctx.turn)) or {}).get("events") or {}
    changes = []
    words = []
    if "luftwaffe" in ev and bool(ev["luftwaffe"]) != bool(ctx.var("luftwaffe")) \
            and not ctx.var("malta_taken"):
        changes.append(Change.var("luftwaffe", bool(ev["luftwaffe"])))
        words.append("the Luftwaffe " + ("comes to" if ev["luftwaffe"] else "leaves")
                     + " the Mediterranean (26.2)")
    if ev.get("crete") and ev["crete"] != ctx.var("crete"):
        changes.append(Change.var("crete", ev["crete"]))
        words.append(f"Crete is {'Axis' if ev['crete'] == 'axis' else 'Allied'} (25.3)")
    if changes:
        rb.add("track", "31.0", "Turn Record Track: " + "; ".join(words), changes)


def _trained(rb: RBatch, side: str) -> None:
    """51.1 an amphibious unit bought two turns ago arrives in the Entry Box."""
    ctx = rb.ctx
    due = [p for p, q in sorted(ctx.state.pieces.items()) if q.side == side and q.status == OFF
           and q.data.get("arrives") is not None and int(q.data["arrives"]) <= ctx.turn
           and ctx.value(p, "amphibious")]
    if due:
        box = ENTRY_BOX[side]
        changes = []
        for p in due:
            changes += [Change.set(p, "status", ACTIVE), Change.set(p, "space", box),
                        Change.set(p, "data.arrives", None)]
        rb.add("reinforcements", "51.1", f"trained and ready in {box}: "
               + ", ".join(ctx.label(p) for p in due), changes, side)


def _supply_and_resources(rb: RBatch, side: str) -> None:
    ctx = rb.ctx
    box = ENTRY_BOX[side]
    n = int(ctx.tables["sp_per_turn"])
    free = [p for p, q in sorted(ctx.state.pieces.items())
            if q.side == side and q.status == POOL and ctx.kind(p) == "sp"][:n]
    changes = []
    for p in free:
        changes += [Change.set(p, "status", ACTIVE), Change.set(p, "space", box)]
    rp = dict(ctx.var("rp") or {})
    before = int(rp.get(side, 0))
    rp[side] = min(int(ctx.tables["rp_max"]), before + int(ctx.tables["rp_per_turn"]))
    changes.append(Change.var("rp", rp))
    lost = n - len(free)
    rb.add("supply-arrives", "20.1", f"{len(free)} Supply Point(s) arrive in {box}"
           + (f" ({lost} forfeited: no supply unit free)" if lost else "")
           + f"; Resource Points {before} -> {rp[side]} (30.1: four at most)", changes, side)


def _schedule(rb: RBatch, side: str) -> None:
    ctx = rb.ctx
    turn = str(ctx.turn)
    what = ((ctx.setup.get("schedule") or {}).get(turn) or {}).get(side) or {}
    box = ENTRY_BOX[side]
    arrive = []
    for p in what.get("arrive", []):
        p = ctx.piece(p).data.get("converted_to") or p        # 48.1 converted before arrival
        if ctx.piece(p).status == OFF and ctx.kind(p) != "air" and \
                ctx.value(p, "utype") != "air_hq":
            arrive.append(p)
    owed = list((ctx.var("owed") or {}).get(side, []))
    if arrive:
        changes = []
        for p in arrive:
            changes += [Change.set(p, "status", ACTIVE), Change.set(p, "space", box),
                        Change.set(p, "data.arrives", None)]
            if ctx.special("43") and ctx.value(p, "littorio"):
                changes.append(Change.set(p, "data.reserve", "littorio"))      # 43.1
        rb.add("reinforcements", "31.1", f"reinforcements arrive in {box}: "
               f"{', '.join(ctx.label(p) for p in arrive)}", changes, side, pieces=arrive)
    flying = [p for p in what.get("arrive", [])
              if ctx.piece(p).status == OFF and (ctx.kind(p) == "air"
                                                 or ctx.value(p, "utype") == "air_hq")]
    if flying and ctx.option("air_game"):
        rb.add("reinforcements", "40.2", "air reinforcements ready at their bases: "
               + ", ".join(ctx.label(p) for p in flying),
               [c for p in flying for c in (Change.set(p, "status", READY),
                                            Change.set(p, "space", None))], side)
    if what.get("six_pounder"):
        rb.add("six-pounder", "47.0", f"{what['six_pounder']} 6 pounder conversion(s) may be "
               "made in the Organization Segment",
               [Change.var("six_pdr", int(ctx.var("six_pdr") or 0) + int(what["six_pounder"]))],
               side)
    back = [p for p in what.get("return", []) if ctx.piece(p).status == WITHDRAWN]
    if back:
        changes = []
        for p in back:
            if int(ctx.piece(p).data.get("steps", 1)) <= 0:
                # withdrawn out of the Cadre Box: it comes back there (31.5, 28.0)
                changes += [Change.set(p, "status", CADRE), Change.set(p, "space", None)]
                continue
            changes += [Change.set(p, "status", ACTIVE), Change.set(p, "space", box)]
        cadre = [p for p in back if int(ctx.piece(p).data.get("steps", 1)) <= 0]
        fit = [p for p in back if p not in cadre]
        rb.add("reinforcements", "31.5", f"withdrawn units return in {box} (with any steps "
               f"still missing): {', '.join(ctx.label(p) for p in fit) or 'none'}"
               + (f"; to the Cadre Box they left from: {', '.join(ctx.label(p) for p in cadre)}"
                  if cadre else ""), changes, side)
    for p in what.get("withdraw", []):
        if p not in owed:
            owed.append(p)
    _withdraw_owed(rb, side, owed)
    for p in what.get("remove", []):
        remove(rb, p)
    for old, new in what.get("convert", []):
        convert(rb, old, new)


def _withdraw_owed(rb: RBatch, side: str, owed: list[str]) -> None:
    """31.2 - 31.4 withdrawals, paying missing steps with Replacements; an Isolated
    unit stays owed until it can go."""
    from .supply import isolated

    still = []
    for pid in owed:
        ctx = rb.ctx
        p = ctx.piece(pid)
        if p.status in (WITHDRAWN, REMOVED):
            continue
        if p.status == ACTIVE and ctx.on_map(pid) and isolated(ctx, pid):
            still.append(pid)
            rb.add("withdrawal", "31.4", f"{ctx.label(pid)} is Isolated: its withdrawal waits",
                   [], side)
            continue
        missing = ctx.max_steps(pid) - ctx.steps(pid) if p.status == ACTIVE else 0
        changes = [Change.set(pid, "status", WITHDRAWN), Change.set(pid, "space", None)]
        for other, q in ctx.state.pieces.items():
            if q.data.get("hq") == pid:
                changes.append(Change.set(other, "data.hq", None))      # off the display
            if q.data.get("carried_by") == pid:
                changes.append(Change.set(other, "data.carried_by", None))
        debt = {k: dict(v) for k, v in (ctx.var("repl_debt") or {}).items()}
        if missing:
            kind = ctx.value(pid, "repl")
            debt.setdefault(side, {})[kind] = debt.get(side, {}).get(kind, 0) + missing
            changes.append(Change.var("repl_debt", debt))
        rb.add("withdrawal", "31.2", f"{ctx.label(pid)} is withdrawn"
               + (f" ({missing} missing step(s) owed in Replacements, 31.3)" if missing else ""),
               changes, side, piece=pid)
        _pay_debt(rb, side)
    owe = dict(rb.ctx.var("owed") or {})
    if owe.get(side, []) != still:
        owe[side] = still
        rb.add("withdrawal", "31.4", "withdrawals still owed: " + (", ".join(still) or "none"),
               [Change.var("owed", owe)], side)


def _pay_debt(rb: RBatch, side: str) -> None:
    """31.3 Replacements in play pay a withdrawn unit's missing steps."""
    ctx = rb.ctx
    debt = {k: dict(v) for k, v in (ctx.var("repl_debt") or {}).items()}
    mine = debt.get(side, {})
    changes = []
    for kind, n in list(mine.items()):
        units = [p for p, q in sorted(ctx.state.pieces.items())
                 if q.status == ACTIVE and ctx.kind(p) == "repl" and q.side == side
                 and ctx.value(p, "repl") == kind][:n]
        for p in units:
            changes += [Change.set(p, "status", POOL), Change.set(p, "space", None),
                        Change.set(p, "data.carried_by", None)]
        mine[kind] = n - len(units)
        if mine[kind] <= 0:
            del mine[kind]
    if changes:
        rb.add("withdrawal", "31.3", "Replacements are spent for a withdrawn unit's missing "
               "steps", changes + [Change.var("repl_debt", debt)], side)


def remove(rb: RBatch, pid: str) -> None:
    """31.6 a Removed unit leaves the game; its steps become Replacement steps (tank
    steps are usable in the Recovery Segment like recovered ones)."""
    ctx = rb.ctx
    p = ctx.piece(pid)
    steps = ctx.steps(pid) if p.status == ACTIVE else 0
    kind = ctx.value(pid, "repl")
    extra = {k: dict(v) for k, v in (ctx.var("removed_steps") or {}).items()}
    if steps:
        extra.setdefault(p.side, {})[kind] = extra.get(p.side, {}).get(kind, 0) + steps
    changes = [Change.set(pid, "status", REMOVED), Change.set(pid, "space", None),
               Change.var("removed_steps", extra)]
    for other, q in ctx.state.pieces.items():
        if q.data.get("hq") == pid:
            changes.append(Change.set(other, "data.hq", None))
    rb.add("removal", "31.6", f"{ctx.label(pid)} is removed from the game"
           + (f": {steps} {kind} Replacement step(s)" if steps else " (from the Cadre Box: "
              "no Replacements)"), changes, p.side, piece=pid, steps=steps)


def convert(rb: RBatch, old: str, new: str) -> None:
    """31.7 the new unit takes the old one's place and steps."""
    ctx = rb.ctx
    p = ctx.piece(old)
    steps = min(ctx.steps(old), int(ctx.types[ctx.piece(new).type].values.get("steps", 1)))
    changes = [Change.set(new, "status", p.status), Change.set(new, "space", p.space),
               Change.set(new, "data.steps", steps),
               Change.set(old, "status", REMOVED), Change.set(old, "space", None),
               Change.set(old, "data.converted_to", new)]
    for name in ("hq", "carried_by", "disrupted", "oos", "support", "reserve"):
        if p.data.get(name):
            changes.append(Change.set(new, f"data.{name}", p.data[name]))
            changes.append(Change.set(old, f"data.{name}", None))
    for other, q in ctx.state.pieces.items():
        if q.status == ACTIVE and q.data.get("hq") == old:
            changes.append(Change.set(other, "data.hq", new))
        if q.status == ACTIVE and q.data.get("carried_by") == old:
            changes.append(Change.set(other, "data.carried_by", new))
    rb.add("conversion", "31.7", f"{ctx.label(old)} converts to {ctx.label(new)}", changes,
           p.side)


def _replacements(rb: RBatch, side: str) -> None:
    """28.3 one 2d6 roll read on every column; Replacements come from the Pool (28.4)."""
    ctx = rb.ctx
    table = (ctx.tables["replacements"] or {}).get(side) or {}
    if not table:
        return
    a, b = rb.roll("28.3", "Replacement Table", 2, side=side)
    ctx = rb.ctx
    roll = a + b
    box = ENTRY_BOX[side]
    changes = []
    got = []
    debt = {k: dict(v) for k, v in (ctx.var("repl_debt") or {}).items()}
    mine = debt.get(side, {})
    for kind, column in table.items():
        n = int(lookup(column, roll))
        pool = [p for p, q in sorted(ctx.state.pieces.items())
                if q.status == POOL and ctx.kind(p) == "repl" and ctx.value(p, "repl") == kind]
        owed = min(n, mine.get(kind, 0))
        if owed:
            mine[kind] -= owed
            n -= owed
        take = pool[:n]
        for p in take:
            changes += [Change.set(p, "status", ACTIVE), Change.set(p, "space", box)]
        if take:
            got.append(f"{len(take)} {kind}")
        if len(take) < n:
            got.append(f"({n - len(take)} {kind} not in the Pool)")
    changes.append(Change.var("repl_debt", debt))
    rb.add("replacements", "28.3", f"Replacement Table: rolled {roll}: "
           + (", ".join(got) or "nothing"), changes, side, roll=roll)


def _far_forts(rb: RBatch, side: str) -> None:
    """18.3 (updated) a vacant non-permanent Fortification more than four hexes from every
    friendly unit comes off the map."""
    from .. import hexgeo as g

    ctx = rb.ctx
    works = dict(ctx.var("works") or {})
    mine = [k for k, w in works.items() if w.get("side") == side and w.get("type") == "fort"
            and not w.get("permanent") and not ctx.units_at(k)]
    units = [ctx.piece(p).space for p in ctx.units(side) if ctx.on_map(p)]
    far = [k for k in mine if all(g.distance(k, u) > int(ctx.tables["fort_removal_range"])
                                  for u in units)]
    if far:
        for k in far:
            works.pop(k)
        rb.add("field-work", "18.3", f"vacant Fortifications far from friendly units are "
               f"removed: {', '.join(far)}", [Change.var("works", works)], side)
