"""Shared by the benchmark scripts in this folder (never collected by pytest)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(fn: Callable[[], object], repeat: int = 20,
              setup: Callable[[], object] | None = None,
              clock: Callable[[], float] = time.perf_counter) -> float:
    """The median wall time of ``fn()`` in milliseconds over ``repeat`` runs
    (``clock``: another clock, e.g. ``time.process_time``); ``setup()`` runs
    before each, untimed."""
    times = []
    for _ in range(repeat):
        if setup is not None:
            setup()
        start = clock()
        fn()
        times.append(clock() - start)
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


#: the FFL window's questions and animations, off in the interaction benchmarks
#: (they would wait for an answer or a timer inside a timed click)
QUIET_SETTINGS = ("ffl/legible_view", "ffl/ask_draw", "ffl/ask_roll_drag",
                  "ffl/ask_end_phase", "ffl/animate_dice")


def play_window(prefix: str, quiet: bool = True, size: tuple[int, int] = (1400, 900)):
    """``(app, window)``: the program's application and a real play window,
    offscreen at ``size``, shown and exposed, with settings and data in a scratch
    folder of its own (no autosave; ``quiet``: :data:`QUIET_SETTINGS` off); it
    closes without asking."""
    import os
    import tempfile
    from pathlib import Path

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtTest import QTest

    from ffl.ui.app import create_app, main_window

    app = create_app()
    scratch = Path(tempfile.mkdtemp(prefix=prefix))
    settings = QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat)
    for key in QUIET_SETTINGS if quiet else ():
        settings.setValue(key, False)
    window = main_window(settings=settings, data_folder=scratch / "data", autosave=False)
    window._closing_confirmed = True
    window.resize(*size)
    window.show()
    QTest.qWaitForWindowExposed(window)
    return app, window


def settle() -> None:
    """Until the event loop is idle: posted events, deferred updates, the repaint."""
    from PySide6.QtWidgets import QApplication

    for _ in range(3):
        QApplication.processEvents()


def timed(act: Callable[[], object], undo: Callable[[], object], repeat: int) -> float:
    """Median milliseconds of processor time from ``act()`` (sending the input) to
    the settled loop (the program's own work, not its wait for a busy machine);
    ``undo()`` (untimed) sets the position up again after each run."""
    times = []
    for _ in range(repeat):
        settle()
        start = time.process_time()
        act()
        settle()
        times.append(time.process_time() - start)
        undo()
        settle()
    return statistics.median(times) * 1000
