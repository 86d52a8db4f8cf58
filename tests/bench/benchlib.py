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
