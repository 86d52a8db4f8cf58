"""Shared by the benchmark scripts in this folder (never collected by pytest)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(fn: Callable[[], object], repeat: int = 20,
              setup: Callable[[], object] | None = None) -> float:
    """The median wall time of ``fn()`` in milliseconds over ``repeat`` runs;
    ``setup()`` runs before each, untimed."""
    times = []
    for _ in range(repeat):
        if setup is not None:
            setup()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def report(name: str, now_ms: float, baseline_ms: float | None, goal_ms: float | None,
           unit: str = "ms") -> None:
    """One figure beside the baseline measured when issue 12 was filed and its goal
    (``None``: none given), with whether the goal is met."""
    base = f"{baseline_ms:10,.1f} {unit}" if baseline_ms is not None else " " * (11 + len(unit))
    goal = f"<= {goal_ms:,.1f} {unit}" if goal_ms is not None else ""
    met = ("  met" if now_ms <= goal_ms else "  NOT met") if goal_ms is not None else ""
    print(f"{name:<66} now {now_ms:10,.1f} {unit}   baseline {base}   goal {goal}{met}",
          flush=True)
