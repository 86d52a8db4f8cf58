"""29.0 Recovered Steps and 28.0 Replacements: the Recovery Segment and absorbing
Replacements.

Recovered steps are kept in twelfths per side and kind (29.2: a Wounded track per
nationality, the Damaged Tank track).  In the Recovery Segment half of the whole steps
of each kind (fractions dropped) come back, a lone step on a roll of 1-3 (29.3), tank
steps within the repair limit (29.5), with the tank steps of Removed units (31.6).
They restore units in General Supply with a LOC to the friendly edge, or units in the
Cadre Box into an Off Map Box or with the Army HQ (29.4), one step per unit in the
Initial Phase; or become Replacement units at the Entry Box; the rest go back on the
track.
"""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from ..tables import ALLIED, AXIS
from .context import ACTIVE, CADRE, ENTRY_BOX, POOL, Ctx, RBatch


def repl_kind(side: str, kind: str) -> str:
    """The Replacement kind a recovered step of ``kind`` turns into."""
    if kind == "tank":
        return "tank-allied" if side == ALLIED else "tank-ita"
    return {"ger": "ger-inf", "ita": "ita-inf", "aus": "aus-inf", "ind": "ind-inf"}.get(
        kind, "brit-inf")


def recovery_segment(rb: RBatch) -> None:
    """29.3 the steps each side gets back this turn."""
    ctx = rb.ctx
    rec = {s: dict(v) for s, v in (ctx.var("recovered") or {}).items()}
    avail: dict[str, dict[str, int]] = {}
    for side in (AXIS, ALLIED):
        mine = rec.setdefault(side, {})
        got: dict[str, int] = {}
        for kind in sorted(mine):
            whole = mine[kind] // 12
            back = whole // 2
            if whole == 1:
                die = rb.die("29.3", f"a lone recovered {kind} step", side=side)
                back = 1 if die <= int(ctx.tables["recovery_single"]) else 0
            if kind == "tank":
                back = min(back, _repair_limit(ctx, side))
            if back:
                mine[kind] -= back * 12
                got[kind] = back
        for kind, n in ((ctx.var("removed_steps") or {}).get(side) or {}).items():
            k = "tank" if kind.startswith("tank") else kind.split("-")[0]
            got[k] = got.get(k, 0) + int(n)
        if got:
            avail[side] = got
    texts = [f"{s}: " + ", ".join(f"{n} {k}" for k, n in v.items()) for s, v in avail.items()]
    rb.add("recovery", "29.3", "Recovery Segment: " + ("; ".join(texts) or "no steps back"),
           [Change.var("recovered", rec), Change.var("recovery", avail),
            Change.var("removed_steps", None)], "", available=avail)


def _repair_limit(ctx: Ctx, side: str) -> int:
    lim = ctx.tables["tank_repair"][side]
    return int(lim.get("any", lim.get(str(ctx.year()), 3)))


def has_recovery(ctx: Ctx, side: str) -> bool:
    return any(n > 0 for n in ((ctx.var("recovery") or {}).get(side) or {}).values())


def restorable(ctx: Ctx, side: str) -> list[str]:
    """29.4 units that may take a recovered step now."""
    from .supply import has_loc, in_general_supply

    kinds = {k for k, n in ((ctx.var("recovery") or {}).get(side) or {}).items() if n > 0}
    done = set(ctx.var("restored") or [])
    out = []
    for pid, p in sorted(ctx.state.pieces.items()):
        if p.side != side or not ctx.is_combat(pid) or pid in done:
            continue
        if ctx.value(pid, "recover") not in kinds:
            continue
        if p.status == CADRE:
            if ctx.value(pid, "fragile"):
                continue                              # 28.10
            need = _cadre_need(ctx, pid)
            if ((ctx.var("recovery") or {}).get(side) or {}).get(ctx.value(pid, "recover"), 0) >= need:
                out.append(pid)
        elif p.status == ACTIVE and ctx.steps(pid) < ctx.rebuild_limit(pid):      # 45.0
            if p.space in ctx.hexmap.boxes or (in_general_supply(ctx, pid) and has_loc(ctx, pid)):
                out.append(pid)
    return out


def _cadre_need(ctx: Ctx, pid: str) -> int:
    """28.9 multi-step brigades and regiments need two Replacements out of the Cadre Box."""
    if ctx.max_steps(pid) > 1 and ctx.value(pid, "size") in ("rgt", "bde") and \
            ctx.utype(pid) != "art":
        return 2
    return 1


def actions(ctx: Ctx, side: str) -> list[Action]:
    out = [Action.make("end-recovery", side)]
    for pid in restorable(ctx, side)[:6]:
        out.append(Action.make("restore", side, unit=pid))
    for kind, n in ((ctx.var("recovery") or {}).get(side) or {}).items():
        if n > 0 and _pool(ctx, repl_kind(side, kind)):        # 28.4 a counter to take
            out.append(Action.make("convert", side, track=kind))
    return out


def legal(ctx: Ctx, action: Action) -> Verdict:
    side = action.side
    avail = (ctx.var("recovery") or {}).get(side) or {}
    if action.kind == "restore":
        if action.get("unit") not in restorable(ctx, side):
            return Verdict.no("that unit cannot take a recovered step now (General Supply and "
                              "a LOC to the friendly edge, one step per unit, the right kind)",
                              "29.4")
    elif action.kind == "convert":
        kind = action.get("track")
        if avail.get(kind, 0) <= 0:
            return Verdict.no("no recovered step of that kind is available", "29.3")
        if not _pool(ctx, repl_kind(side, kind)):
            return Verdict.no("no Replacement unit of that kind is left in the Pool", "28.4")
    return Verdict.yes()


def _pool(ctx: Ctx, kind: str) -> list[str]:
    return [p for p, q in sorted(ctx.state.pieces.items())
            if q.status == POOL and ctx.kind(p) == "repl" and ctx.value(p, "repl") == kind]


def apply(rb: RBatch, action: Action) -> None:
    from .turn import next_initial

    ctx = rb.ctx
    side = action.side
    avail = {s: dict(v) for s, v in (ctx.var("recovery") or {}).items()}
    mine = avail.setdefault(side, {})
    if action.kind == "restore":
        pid = action["unit"]
        kind = ctx.value(pid, "recover")
        p = ctx.piece(pid)
        if p.status == CADRE:
            need = _cadre_need(ctx, pid)
            where = _cadre_place(ctx, side)
            changes = [Change.set(pid, "status", ACTIVE), Change.set(pid, "space", where),
                       Change.set(pid, "data.steps", 1)]
            text = f"{ctx.label(pid)} comes back from the Cadre Box at {where}"
        else:
            need = 1
            changes = [Change.set(pid, "data.steps", ctx.steps(pid) + 1)]
            text = f"{ctx.label(pid)} gets a recovered step back"
        if kind == "tank":
            rep = dict(ctx.var("repaired") or {})
            rep[side] = rep.get(side, 0) + 1
            changes.append(Change.var("repaired", rep))
        mine[kind] = mine.get(kind, 0) - need
        changes += [Change.var("recovery", avail),
                    Change.var("restored", list(ctx.var("restored") or []) + [pid])]
        rb.add("restore", "29.4", text, changes, side, piece=pid)
    elif action.kind == "convert":
        kind = action["track"]
        pid = _pool(ctx, repl_kind(side, kind))[0]
        mine[kind] -= 1
        rb.add("convert", "29.3", f"a recovered {kind} step becomes a Replacement unit in "
               f"{ENTRY_BOX[side]}", [Change.set(pid, "status", ACTIVE),
                                      Change.set(pid, "space", ENTRY_BOX[side]),
                                      Change.var("recovery", avail)], side)
    elif action.kind == "end-recovery":
        rec = {s: dict(v) for s, v in (ctx.var("recovered") or {}).items()}
        back = rec.setdefault(side, {})
        for kind, n in mine.items():
            if n > 0 and not kind.startswith("tank-") :
                back[kind] = back.get(kind, 0) + 12 * n
        avail[side] = {}
        rb.add("phase", "29.4", "the unused recovered steps go back on the Status Track",
               [Change.var("recovered", rec), Change.var("recovery", avail)], side)
        next_initial(rb, f"recovery:{side}")


def _cadre_place(ctx: Ctx, side: str) -> str:
    """28.5 / 29.4 where a unit out of the Cadre Box appears: with the Army HQ, else in
    the Entry Box."""
    from .supply import army_hq

    hq = army_hq(ctx, side)
    if hq and ctx.piece(hq).space:
        return ctx.piece(hq).space
    return ENTRY_BOX[side]
