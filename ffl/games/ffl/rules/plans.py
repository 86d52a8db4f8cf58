"""Where a character can go now, and what a drag there will do, step by step
(6.1-6.6: the UI's movement queries).

:func:`search` is one cheapest-path search over the steps of
:mod:`.movement`; :func:`reachable` gives every place a unit can end on with
its cost (for shading), :func:`plan` the actions a drag to one of them plays
back, each with its cost and whether it rolls dice, and :func:`why_not` the
rule that keeps a unit from a place it cannot reach.
"""

from __future__ import annotations

import heapq

from ffl.engine import Action, Plan, PlanStep, Verdict

from .context import Ctx
from .movement import Step, entry_steps, foe_at, friend_at, mf_left, step_allowed, steps_from

Position = tuple[str, int]


class Reach(tuple):
    """One place a unit can end on, as the pair ``(cost, path)``: the cheapest
    MF cost (a melee's MF included, 6.1245) and the positions on the way; and
    ``jump``, whether that way ends in a jump (6.5: its dice are rolled on
    landing).  It unpacks and compares as the pair, so callers that read only
    cost and path need not know about ``jump``."""

    def __new__(cls, cost: int, path: list[Position], jump: bool = False) -> Reach:
        self = super().__new__(cls, (cost, path))
        self.jump = jump
        return self

    @property
    def cost(self) -> int:
        return self[0]

    @property
    def path(self) -> list[Position]:
        return self[1]

    def __repr__(self) -> str:
        return f"Reach(cost={self[0]}, path={self[1]}, jump={self.jump})"


def search(ctx: Ctx, pid: str, jumps: bool = True) -> dict[Position, tuple[int, list[Step]]]:
    """Every (square, level) the character can end on now, with the cheapest MF
    cost and the steps there.  Friends are passed (4.31), a foe's square ends
    the move in a melee (6.7, its MF included per 6.1245), a jump ends in a
    landing whose dice are not yet rolled (6.5): a jump landing is kept when it
    is the cheapest way to its square.  ``jumps=False`` leaves jumps out (the
    cheapest way on foot, stairs and ropes only)."""
    budget = mf_left(ctx, pid)
    start = ctx.state.pieces[pid].position
    limited = bool(ctx.state.vars.get("options"))     # an optional rule may refuse steps
    best: dict[Position, int] = {}
    paths: dict[Position | None, list[Step]] = {start: []}
    out: dict[Position, tuple[int, list[Step]]] = {}
    heap: list[tuple[int, int, Position | None]] = [(0, 0, start)]
    counter = 1

    def keep(dest: Position, cost: int, path: list[Step]) -> None:
        if dest not in out or out[dest][0] > cost:
            out[dest] = (cost, path)

    while heap:
        cost, _, pos = heapq.heappop(heap)
        if pos is not None and best.get(pos, 1 << 30) < cost:
            continue
        steps = entry_steps(ctx, pid) if pos is None else steps_from(ctx, *pos)
        for step in steps:
            new = cost + step.cost
            if new > budget or (step.kind == "jump" and not jumps):
                continue
            if limited and not step_allowed(ctx, pid, step):
                continue
            dest = (step.to, step.level)
            if dest == start:
                continue
            path = paths.get(pos, []) + [step]
            if foe_at(ctx, pid, *dest):
                keep(dest, new + min(ctx.tables.melee, budget - new), path)   # 6.1245
                continue
            if step.kind == "jump":
                keep(dest, new, path)
                continue
            if new < best.get(dest, 1 << 30):
                best[dest] = new
                paths[dest] = path
                if not friend_at(ctx, pid, *dest):
                    keep(dest, new, path)
                heapq.heappush(heap, (new, counter, dest))
                counter += 1
    return out


def reachable(ctx: Ctx, pid: str) -> dict[Position, Reach]:
    """:func:`search` with the path given as positions (what the map shades) and
    the jumps marked: the cheapest cost of every place, a jump included."""
    return {dest: Reach(cost, [(s.to, s.level) for s in steps],
                        bool(steps) and steps[-1].kind == "jump")
            for dest, (cost, steps) in search(ctx, pid).items()}


def plan(ctx: Ctx, pid: str, target: Position, jump: bool = True) -> Plan | None:
    """The actions of the cheapest way to ``target`` (the one :func:`reachable`
    prices), or None if it cannot be reached now; ``jump=False`` the cheapest
    way without a jump (None if there is none).  Each step says what it costs,
    the MF left after it, and whether it rolls dice: a jump (6.51 injuries,
    6.52 impact) or the melee of a step into a foe's square (6.7), after which
    the move ends."""
    found = search(ctx, pid, jumps=jump).get(target)
    if found is None:
        return None
    _total, steps = found
    side = ctx.state.pieces[pid].side
    left = mf_left(ctx, pid)
    out: list[PlanStep] = []
    for step in steps:
        dest = (step.to, step.level)
        melee = foe_at(ctx, pid, *dest) is not None
        cost = step.cost + (min(ctx.tables.melee, left - step.cost) if melee else 0)
        left -= cost
        out.append(PlanStep(Action.make(step.kind, side, piece=pid, to=step.to,
                                        level=step.level),
                            dest, cost, left, "6.7" if melee else step.rule,
                            rolls=melee or step.kind == "jump"))
    return Plan(pid, target, tuple(out))


def why_not(ctx: Ctx, pid: str, key: str, level: int | None, legal) -> Verdict:
    """Why ``pid`` cannot end on ``key`` (at ``level``, or any level): a friend
    there (4.3), the rule refusing the one step there from a neighbouring
    square, else not within the MF left (6.123).  ``legal`` is the
    controller's check of an action."""
    piece = ctx.state.pieces[pid]
    at = piece.level if level is None else level
    friend = friend_at(ctx, pid, key, at)
    if friend is not None:
        return Verdict.no(f"{ctx.name(friend.id)} is there", "4.3")
    board = ctx.board
    if piece.space and (board.adjacent(piece.space, key) or key in board.linked(piece.space)):
        kinds = (("move", at), ("climb", level), ("jump", level))
        verdicts = {kind: legal(Action.make(kind, piece.side, piece=pid, to=key, level=lv))
                    for kind, lv in kinds}
        refused = [v for v in verdicts.values() if not v]
        if refused:
            # a step that exists but is refused says more than "no such step"
            # (the walk's refusal, 6.13, when every kind is missing)
            real = [v for kind, v in verdicts.items()
                    if not v and not v.reason.startswith(f"no {kind} ")]
            return real[0] if real else (verdicts["move"] if not verdicts["move"]
                                         else refused[0])
    return Verdict.no(f"not within the {mf_left(ctx, pid)} MF left (walls, levels and "
                      "units in the way counted)", "6.123")
