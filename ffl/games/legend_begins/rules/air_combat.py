"""40.5 Air-to-Air Combat, the last two steps of the air sub-phase (:mod:`.air`):
which enemy air units an Interceptor may attack, whether an ``intercept`` action is
allowed, the table and the result of one attack (aborts 40.8, eliminations to the
Cadre Box)."""

from __future__ import annotations

from ffl.engine import Action, Change, Verdict

from .. import hexgeo as g
from .air_base import _abort, _cadre, a2a, flying, is_air, mission, table
from .context import ACTIVE, Ctx, RBatch, enemy

RESULT_WORDS = {"NC": "no contact", "AA": "the attacker aborts",
                "AE": "the attacker is eliminated", "DA": "the target aborts",
                "DE": "the target is eliminated",
                "DX": "the target is eliminated and the attacker aborts",
                "BA": "both abort"}


def intercept_targets(ctx: Ctx, pid: str) -> list[str]:
    """40.3 / 40.5 the enemy air units an Interceptor may attack next: Escorts and
    Bombers within three hexes, not attacked by it already; Bombers only once it has
    attacked every Escort in their hex."""
    q = ctx.piece(pid)
    if q.status != ACTIVE or mission(ctx, pid) != "intercept":
        return []
    hit = set(q.data.get("hit") or [])
    reach = int(table(ctx)["intercept_reach"])
    out = []
    foes = flying(ctx, enemy(q.side))
    for t in foes:
        m = mission(ctx, t)
        if m == "intercept" or t in hit:
            continue
        where = ctx.piece(t).space
        if g.distance(where, q.space) > reach:
            continue
        if m != "escort":
            escorts = [e for e in foes if mission(ctx, e) == "escort"
                       and ctx.piece(e).space == where]
            if any(e not in hit for e in escorts):
                continue
        out.append(t)
    return out


def intercept_ok(ctx: Ctx, item: dict, action: Action) -> Verdict:
    side = item["side"]
    pid = action.get("unit")
    target = action.get("target")
    partner = action.get("partner")
    if item["step"] not in ("fight-d", "fight-a"):
        return Verdict.no("Air-to-Air Combat comes after every air unit is placed", "40.4")
    if pid not in ctx.state.pieces or ctx.piece(pid).side != side or not is_air(ctx, pid) \
            or mission(ctx, pid) != "intercept" or ctx.piece(pid).status != ACTIVE:
        return Verdict.no("one of your Interceptors on the map", "40.5")
    if target not in intercept_targets(ctx, pid):
        return Verdict.no("an enemy Escort or Bomber within three hexes that it has not "
                          "attacked (Escorts in the hex first)", "40.5")
    if partner is not None:
        if partner == pid or partner not in ctx.state.pieces \
                or target not in intercept_targets(ctx, partner) \
                or ctx.piece(partner).side != side:
            return Verdict.no("the second Interceptor must be able to attack the same target",
                              "40.5")
        mine = [p for p in flying(ctx, side) if mission(ctx, p) == "intercept"]
        escorts = [p for p in flying(ctx, enemy(side)) if mission(ctx, p) == "escort"]
        if len(mine) <= len(escorts):
            return Verdict.no("two against one only when the Interceptors outnumber the "
                              "Escorts", "40.5")
    return Verdict.yes()


def air_result(ctx: Ctx, diff: int, total: int) -> str:
    t = table(ctx)
    cols = t["differentials"]
    col = 0
    for i, least in enumerate(cols):
        if diff >= least:
            col = i
    return t["table"][str(total)][col]


def apply_intercept(rb: RBatch, action: Action) -> None:
    """40.5 one Air-to-Air attack: the dice, the table's result and its losses."""
    ctx = rb.ctx
    pid, target, partner = action["unit"], action["target"], action.get("partner")
    att = a2a(ctx, pid)[0]
    if partner:
        att = max(att, a2a(ctx, partner)[0]) + 1          # 40.5 two against one
    dfn = a2a(ctx, target)[1]
    diff = att - dfn
    dice = rb.roll("40.5", f"Air-to-Air Combat: {ctx.label(pid)}"
                   + (f" and {ctx.label(partner)}" if partner else "")
                   + f" against {ctx.label(target)}", 2, side=action.side)
    total = sum(dice)
    res = air_result(ctx, diff, total)
    ctx = rb.ctx
    attackers = [pid] + ([partner] if partner else [])
    changes = []
    for p in attackers:
        changes.append(Change.set(p, "data.hit", list(ctx.piece(p).data.get("hit") or [])
                                  + [target]))
    rb.add("air-combat", "40.5", f"{ctx.label(pid)}{' (two against one)' if partner else ''} "
           f"against {ctx.label(target)}: differential {diff:+d}, rolled {total}: {res} "
           f"({RESULT_WORDS[res]})", changes, action.side, result=res, diff=diff,
           roll=total, unit=pid, target=target)
    ctx = rb.ctx
    out = []
    if res in ("DA", "BA"):
        out.append(("40.8", target, _abort(ctx, target), "aborts: Inoperative"))
    if res in ("DE", "DX"):
        out.append(("40.5", target, _cadre(ctx, target), "is eliminated: to the Cadre Box"))
    if res in ("AA", "BA", "DX"):
        for p in attackers:
            out.append(("40.8", p, _abort(ctx, p), "aborts: Inoperative"))
    if res == "AE":
        for p in attackers:
            out.append(("40.5", p, _cadre(ctx, p), "is eliminated: to the Cadre Box"))
    for rule, p, ch, words in out:
        rb.add("air-loss", rule, f"{ctx.label(p)} {words}", ch, ctx.piece(p).side, piece=p)
