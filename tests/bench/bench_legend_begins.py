"""The Legend Begins: supply and LOC tracing on the full map (8.3, 19.0, 20.3).

Run from the repository root (a script, never collected by pytest)::

    .venv/bin/python tests/bench/bench_legend_begins.py

Measures, as medians, for every unit of one side (a fresh rules context each time, so
nothing is cached between runs):

* LOC: which units can trace a Line of Communication (8.3, updated) -- one reverse
  search from the friendly map edge and its roads, chained through Supply Points;
* General Supply: the whole Supply Phase's tracing (19.1 - 19.4: edge, Supply Points,
  ports, the Army HQ, isolated Supply Points to burn);
* Attack Supply from every Supply Point to every unit's hex (20.3);
* a stack's reachable hexes (4.0) for a motorized and a foot unit;

as processor time (so other programs on the machine do not inflate the figures);

in the 1940 scenario's opening position and in a position after random play; beside a
baseline measured in the same run: a LOC traced unit by unit (one forward search per
unit over the same map costs), what the rules would cost without the shared search.
The goal for "LOC + General Supply, all units of one side" is under 20 ms.
"""

from __future__ import annotations

import heapq
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchlib import median_ms  # noqa: E402, F401  (the other benchmarks' wall clock)

from ffl.engine import fold  # noqa: E402
from ffl.games.legend_begins.controller import LegendController  # noqa: E402
from ffl.games.legend_begins.module import build_module  # noqa: E402
from ffl.games.legend_begins.rules import movement, supply  # noqa: E402

GOAL_MS = 20.0


def median_cpu_ms(fn, repeat: int = 15) -> float:
    """The median processor time of ``fn()`` in milliseconds (other programs running on
    the machine do not inflate it, unlike wall time)."""
    import statistics
    import time

    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


def positions(controller, module):
    sc = module.scenarios["legend_begins/compass"]
    st = controller.setup(sc, {}, 3)
    start = fold(st, controller.opening(st))
    rng = random.Random(3)
    later = start
    for _ in range(400):
        if controller.outcome(later) is not None:
            break
        a = rng.choice(list(controller.legal_actions(later)))
        later = fold(later, controller.apply(later, a))
    return {"opening": start, "after 400 random actions": later}


def baseline_loc(ctx, side: str) -> int:
    """A LOC per unit: a forward search from each unit to a road hex joined to the edge."""
    stop = supply.blocked(ctx, side)
    edge = [k for k in ctx.hexmap.friendly_edge[side] if k not in stop]
    roads = supply._route_spread(ctx, edge, stop)
    limit = int(ctx.tables["loc_range"])
    found = 0
    for pid in ctx.units(side):
        start = ctx.piece(pid).space
        if start not in ctx.hexmap.terrain:
            continue
        best = {start: 0}
        heap = [(0, start)]
        while heap:
            cost, k = heapq.heappop(heap)
            if k in roads:
                found += 1
                break
            if cost > best.get(k, 1 << 30):
                continue
            for to, c, _r, _d in ctx.hexmap.mot[k]:
                n = cost + c
                if to in stop or n > limit or n >= best.get(to, 1 << 30):
                    continue
                best[to] = n
                heapq.heappush(heap, (n, to))
    return found


def measure(controller, st, side: str) -> tuple[int, list[float]]:
    """The units of ``side`` on the map, and the times of LOC, General Supply, both,
    Attack Supply and the baseline, in processor milliseconds."""
    def fresh():
        return controller.ctx(st)

    units = [p for p in fresh().units(side) if fresh().on_map(p)]

    def loc():
        ctx = fresh()
        return [supply.has_loc(ctx, p) for p in units]

    def general():
        return supply.general_supply(fresh(), side)

    def both():
        ctx = fresh()
        [supply.has_loc(ctx, p) for p in units]
        return supply.general_supply(ctx, side)

    def attack():
        ctx = fresh()
        return supply.attack_supply(ctx, side, [ctx.piece(p).space for p in units])

    times = [median_cpu_ms(f) for f in (loc, general, both, attack,
                                        lambda: baseline_loc(fresh(), side))]
    return len(units), times


def main() -> None:
    module = build_module()
    controller = LegendController(module)
    print(f"{'position':28} {'side':7} {'units':>5} {'LOC':>8} {'General':>8} "
          f"{'LOC+Gen':>8} {'Attack':>8} {'baseline LOC':>13}")
    for name, st in positions(controller, module).items():
        for side in ("axis", "allied"):
            n, (t_loc, t_gen, t_both, t_att, t_base) = measure(controller, st, side)
            flag = "ok" if t_both < GOAL_MS else "OVER GOAL"
            print(f"{name:28} {side:7} {n:5d} {t_loc:8.2f} {t_gen:8.2f} "
                  f"{t_both:8.2f} {t_att:8.2f} {t_base:13.2f}  {flag}")
    st = positions(controller, module)["opening"]
    for pid in ("al-7hus", "al-16bde"):
        ms = median_cpu_ms(lambda pid=pid: movement.reachable(controller.ctx(st), [pid]), 10)
        print(f"reachable hexes of {pid}: {ms:.2f} ms "
              f"({len(movement.reachable(controller.ctx(st), [pid]))} hexes)")
    print(f"(processor time, ms) goal: LOC + General Supply for all units of one side under "
          f"{GOAL_MS:.0f} ms")


if __name__ == "__main__":
    main()
