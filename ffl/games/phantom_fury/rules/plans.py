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


def _search(ctx: Ctx, p, budget: int):
    """Breadth-first over (place, taking cover) from where ``p`` stands: the state
    before each, its MP, and the order they were met in."""
    start = (p.space, bool(p.data.get("cover")) and ctx.map.is_street(p.space))
    prev: dict[tuple[str, bool], tuple[str, bool] | None] = {start: None}
    cost = {start: 0}
    order = []
    frontier = [start]
    while frontier:
        nxt = []
        for state in frontier:
            order.append(state)
            if cost[state] >= budget:
                continue
            pos, cov = state
            for to in raw_steps(ctx, p, pos):
                if step_problem(ctx, p, pos, to, cov) is not None:
                    continue
                s2 = (to, _covering_after(ctx, p, pos, to, cov))
                if s2 not in cost:
                    cost[s2] = cost[state] + 1
                    prev[s2] = state
                    nxt.append(s2)
        frontier = nxt
    return prev, cost, order


def _path(prev, state) -> list[str]:
    """The places stepped on from the start to ``state`` (the start left out)."""
    path = []
    while prev[state] is not None:
        path.append(state[0])
        state = prev[state]
    return list(reversed(path))


def reachable(ctx: Ctx, pid: str) -> dict[str, tuple[int, list[str]]]:
    """Every place the unit may end on now -> (MP, path from where it stands)."""
    p = ctx.state.pieces.get(pid)
    if p is None or not can_move(ctx, p):
        return {}
    prev, cost, order = _search(ctx, p, _budget(ctx, p))
    out: dict[str, tuple[int, list[str]]] = {}
    for state in order[1:]:
        pos, cov = state
        if not cov and pos not in out and stop_ok(ctx, p, pos):
            out[pos] = (cost[state], _path(prev, state))
    return out


def _steps(ctx: Ctx, p, path: list[str], left: int) -> list[PlanStep]:
    """The ``move`` steps of ``p`` along ``path`` with ``left`` MP to begin with."""
    steps = []
    frm = p.space
    for i, pos in enumerate(path):
        left -= 1
        rule = T.ABRAMS_MOVES if ctx.kind(p) == "abrams" else (
            T.CROSSING if ctx.map.is_street(pos) else T.MOVE_WITHIN)
        steps.append(PlanStep(Action.make("move", "usmc", piece=p.id, to=pos), (pos, 0), 1,
                              max(0, left), rule, _rolls(ctx, p, frm, pos, i == 0)))
        frm = pos
    return steps


def plan(ctx: Ctx, pid: str, to: str) -> Plan | None:
    found = reachable(ctx, pid).get(to)
    if found is None:
        return None
    p = ctx.state.pieces[pid]
    return Plan(pid, (to, 0), tuple(_steps(ctx, p, found[1], _budget(ctx, p))))


def _moved(ctx: Ctx, pid: str, path: list[str], left: int, at: str | None = None) -> Ctx:
    """The position once ``pid`` has stepped along ``path`` with ``left`` MP left (its
    Security Element detached at ``at``, 12.3.2.1), as the rules would record it
    (no roll on the way taken into account)."""
    state = ctx.state.copy()
    p = state.own(pid)
    if not (p.data.get("start") and p.data["start"][0] == ctx.turn):
        p.data["start"] = [ctx.turn, p.space]
    frm, cov = p.space, bool(p.data.get("cover")) and ctx.map.is_street(p.space)
    for pos in path:
        cov = _covering_after(ctx, p, frm, pos, cov)
        frm = pos
    p.space = frm
    p.data["mp"] = [ctx.turn, left]
    if cov:
        p.data["cover"] = True
    else:
        p.data.pop("cover", None)
    if at is not None:
        se = state.own(f"SE-{p.type}")
        se.space, se.status = at, "active"
        se.data["squad"] = pid
        p.data["se"] = True
    state.vars["mover"] = pid
    return Ctx(state, ctx.map, ctx.types, ctx.attrs, ctx.opponent)


def secure_plans(ctx: Ctx, pid: str, to: str) -> dict[str, Plan]:
    """12.3.2.1: the drags of ``pid`` to ``to`` that leave its Security Element in a
    Location C or R on the way (where the squad stands, a place it passes, or ``to``
    itself; 1 MP more), each keyed by that Location, in the order of the way there.
    Once detached the squad stays in that Zone, so only C and R of ``to``'s Zone
    count.  Each is checked with the rules' own actions once the steps before it are
    made as planned (a roll on the way may still stop the squad short, and every step
    is asked again when made)."""
    p = ctx.state.pieces.get(pid)
    if p is None or ctx.kind(p) != "squad" or p.data.get("se") or not can_move(ctx, p) \
            or ctx.map.is_street(to) or to not in ctx.map.zone_of:
        return {}
    m = ctx.map
    n = m.zone_of[to]
    budget = _budget(ctx, p)
    prev, cost, _ = _search(ctx, p, budget)
    found: list[tuple[int, int, str, Plan]] = []
    for at in m.locations.get(n, ()):
        if m.kind.get(at) not in ("C", "R"):
            continue
        if at == p.space:
            act = Action.make("secure", "usmc", piece=pid)
            if not move_legal(ctx, act):
                continue
            first = [PlanStep(act, (at, 0), 1, budget - 1, T.SECURE, False)]
        elif (at, False) in cost:
            path = _path(prev, (at, False))
            before = _moved(ctx, pid, path[:-1], budget - len(path) + 1)
            act = Action.make("move", "usmc", piece=pid, to=at, secure=True)
            if not move_legal(before, act):
                continue
            first = _steps(ctx, p, path, budget)
            first[-1] = replace(first[-1], action=act, cost=2,
                                left=max(0, first[-1].left - 1))
        else:
            continue
        rest: list[PlanStep] = []
        if at != to:
            after = _moved(ctx, pid, [s.position[0] for s in first
                                      if s.action.kind == "move"], first[-1].left, at)
            way = reachable(after, pid).get(to)
            if way is None:
                continue
            rest = _steps(after, after.state.pieces[pid], way[1], first[-1].left)
        found.append((len(first), cost.get((at, False), 0), at,
                      Plan(pid, (to, 0), tuple(first + rest))))
    return {at: plan for _, _, at, plan in sorted(found)}


def secure_plan(ctx: Ctx, pid: str, to: str) -> Plan | None:
    """12.3.2.1: the plan to ``to`` whose last step detaches the squad's Security
    Element on arriving there (before any Defensive Fire, 1 MP more), when the rules
    allow it; None when they do not, or there is no plan."""
    return secure_plans(ctx, pid, to).get(to)


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
