"""Movement plans for the UI: where a unit can end its move, and the steps there.

A plan is a list of ``move`` actions the UI plays back one by one; it stops
when the state turns out otherwise (a Defensive Fire Pins the squad, a Sniper
Attack sends it back, the M1A1 rolls a small MC).
"""

from __future__ import annotations

from dataclasses import replace

from ....engine import Action, Plan, PlanStep, Verdict
from .. import tables as T
from .context import Ctx
from .movement import legal as move_legal
from .steps import _covering_after, can_move, raw_steps, step_problem, stop_ok


def _budget(ctx: Ctx, p) -> int:
    if ctx.kind(p) == "abrams":
        mc = p.data.get("mc")
        return ctx.mp_left(p) if mc and mc[0] == ctx.turn else max(T.ABRAMS_MC_TABLE.values())
    return ctx.mp_left(p)


def _rolls(ctx: Ctx, p, frm: str, to: str, first: bool) -> bool:
    """Whether the step may roll dice."""
    m = ctx.map
    if ctx.kind(p) == "abrams":
        mc = p.data.get("mc")
        return first and not (mc and mc[0] == ctx.turn)
    if m.is_street(to):
        zones = m.street_fire_zones.get(to, m.street_zones[to])
        return any(ctx.enemies(z) for z in zones)
    n = m.zone_of[to]
    return m.kind[to] in ("C", "OG") and ctx.insurgent_control(n) and bool(ctx.enemies(n))


def reachable(ctx: Ctx, pid: str) -> dict[str, tuple[int, list[str]]]:
    """Every place the unit may end on now -> (MP, path from where it stands)."""
    p = ctx.state.pieces.get(pid)
    if p is None or not can_move(ctx, p):
        return {}
    budget = _budget(ctx, p)
    start = (p.space, bool(p.data.get("cover")) and ctx.map.is_street(p.space))
    prev: dict[tuple[str, bool], tuple[str, bool] | None] = {start: None}
    cost = {start: 0}
    frontier = [start]
    out: dict[str, tuple[int, list[str]]] = {}
    while frontier:
        nxt = []
        for state in frontier:
            pos, cov = state
            if state != start and not cov and stop_ok(ctx, p, pos) and pos not in out:
                path = [pos]
                back = prev[state]
                while back is not None and back != start:
                    path.append(back[0])
                    back = prev[back]
                out[pos] = (cost[state], list(reversed(path)))
            if cost[state] >= budget:
                continue
            for to in raw_steps(ctx, p, pos):
                if step_problem(ctx, p, pos, to, cov) is not None:
                    continue
                s2 = (to, _covering_after(ctx, p, pos, to, cov))
                if s2 not in cost:
                    cost[s2] = cost[state] + 1
                    prev[s2] = state
                    nxt.append(s2)
        frontier = nxt
    return out


def plan(ctx: Ctx, pid: str, to: str) -> Plan | None:
    found = reachable(ctx, pid).get(to)
    if found is None:
        return None
    p = ctx.state.pieces[pid]
    steps = []
    left = _budget(ctx, p)
    frm = p.space
    for i, pos in enumerate(found[1]):
        left -= 1
        rolls = _rolls(ctx, p, frm, pos, i == 0)
        rule = T.ABRAMS_MOVES if ctx.kind(p) == "abrams" else (
            T.CROSSING if ctx.map.is_street(pos) else T.MOVE_WITHIN)
        steps.append(PlanStep(Action.make("move", "usmc", piece=pid, to=pos), (pos, 0), 1,
                              max(0, left), rule, rolls))
        frm = pos
    return Plan(pid, (to, 0), tuple(steps))


def secure_plan(ctx: Ctx, pid: str, to: str) -> Plan | None:
    """12.3.2.1: the plan to ``to`` whose last step detaches the squad's Security
    Element on arriving there (before any Defensive Fire, 1 MP more), when the rules
    allow that step once the steps before it are made as planned (a roll on the way
    may still stop the squad short, and the last step is asked again when made);
    None when they do not, or there is no plan."""
    base = plan(ctx, pid, to)
    if base is None:
        return None
    secure = Action.make("move", "usmc", piece=pid, to=to, secure=True)
    at = ctx
    if len(base.steps) > 1:          # where the squad stands before its last step
        state = ctx.state.copy()
        p = state.own(pid)
        if not (p.data.get("start") and p.data["start"][0] == ctx.turn):
            p.data["start"] = [ctx.turn, p.space]
        frm, cov = p.space, bool(p.data.get("cover")) and ctx.map.is_street(p.space)
        for step in base.steps[:-1]:
            cov = _covering_after(ctx, p, frm, step.position[0], cov)
            frm = step.position[0]
        p.space = frm
        p.data["mp"] = [ctx.turn, base.steps[-2].left]
        if cov:
            p.data["cover"] = True
        else:
            p.data.pop("cover", None)
        state.vars["mover"] = pid
        at = Ctx(state, ctx.map, ctx.types, ctx.attrs, ctx.opponent)
    if not move_legal(at, secure):
        return None
    last = base.steps[-1]
    return replace(base, steps=base.steps[:-1] + (
        replace(last, action=secure, cost=2, left=max(0, last.left - 1)),))


def why_not(ctx: Ctx, pid: str, to: str) -> Verdict:
    p = ctx.state.pieces.get(pid)
    if p is None:
        return Verdict.no("no such unit", T.MOVEMENT)
    ok = can_move(ctx, p)
    if not ok:
        return ok
    if to in reachable(ctx, pid):
        return Verdict.yes()
    if to in raw_steps(ctx, p, p.space):
        why = step_problem(ctx, p, p.space, to, bool(p.data.get("cover")))
        if why:
            return Verdict.no(why[1], why[0])
    return Verdict.no(f"not within the {_budget(ctx, p)} MP left by a legal path", T.MOVEMENT)
