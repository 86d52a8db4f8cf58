"""Start-up benchmark: from a new process to the first painted window with the
game, ``ffl list``, and reopening a 2,000-event save.

Run from the repository root (a script, never collected by pytest)::

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/bench/bench_startup.py [--open]

(``--open``: only File > Open of a 2,000-event save in the play window.)

Each start is a fresh ``python`` process (so every import counts): it runs the
program's own entry point (``ffl.cli.main``) and stops at the first paint of the
map once the game is shown, printing the processor time the process used and
the wall time since it was launched.  Figures are medians of several runs,
printed beside the baseline measured when issue 12 was filed and its goal.
Last measured before / after in turn (issue 12: PySide6's source check of each
new module made cheap, no collection until the game is painted, File > Print's
sheets and numpy.ma off the start, the set-up framing worked out instead of
tried), this probe, the busy machine at load 12-18 on 2 cores: start to the
painted game, medians of 6-7 starts in three rounds, 955 / 1,078 / 1,113 ->
775 / 882 / 884 ms of CPU; with the 2,000-event save, medians of 5 in two
rounds, 1,174 / 1,318 -> 1,035 / 1,035 ms.

The children run as an installed program does: with compiled bytecode (kept in
a scratch ``PYTHONPYCACHEPREFIX``, compiled by one untimed warm-up run), even
where ``PYTHONDONTWRITEBYTECODE`` is set for development; each start gets a
home of its own (no autosave of an earlier run to offer).  ``ffl list`` is
timed as the processor time of the child (the wall time of a shared machine
says more about its other users).

File > Open in the play window is timed in this process, from ``open_path``
until the map and the event log have painted, with the event loop's deferred
deletions run as the application's loop runs them (before, the timed loop never
deleted what the replaced game left, and every open leaked the game before).
The heap is collected first (the self-play and the opens before it leave
garbage whose collection would land in the window's figure).  Last measured
before / after in turn on the busy machine (issue 12, the scene kept for a game
on the same board, the replaced game freed, no counter drawn again): median of
9 opens, ~190-330 -> ~100-195 ms (the higher ones when a full collection of
the heap lands in the opens); the read and replay alone are ~60-85 ms of it.
Then the read and replay (issue 12: changes made as named tuples, a shared
module's game checks asked once, an event row checked in one pass), before /
after in turn, five rounds at a load of 3-4 on 2 cores, medians of 9 opens:
GameSession.open 52-95 (median of the rounds 90) -> 55-80 (74) ms; its module
built anew 97-147 (135) -> 108-139 (124) ms; File > Open in the window 150-198
(172) -> 119-187 (148) ms (a sixth pair gave 123 / 123: the window's figure
varies more than this change moves it).  The collector's part of a window
open: a young collection of the new game's ~29,000 objects, ~3-4 ms, and in
one open of nine a middle one, ~10-70 ms, that walks the window's objects too.
Then (issue 12, a style's counter key once per set_state, the board's own items
skipped before asking Qt for a parent, the diagrams' board bounds once per
board, placement rows checked without building messages): counted with
callgrind (instructions, which the machine's load does not move; three opens
after two untimed) File > Open in the window 496.6 -> 488.5 M an open (-1.6%),
the module built anew 163.9 -> 158.6 M an open (-3.2%); timed in turn at a
load of ~10, three rounds, medians of 9 opens: window 133-232 -> 163-213 ms,
module built anew 102-163 -> 106-151 ms (within the noise).  Where an open
goes (instructions): the JSON scan of the events ~11%, the overview's picture
~5%, laying out the game's new docks ~4%, hashing (event chain, state) ~4%,
the log's first paint ~3%, the collector ~2%.
Then (issue 12) the collector stays off from File > Open until the window has
painted the game and settled (ffl/ui/window_gc.py): before, a young collection of
~5 ms landed in every open (0 of 11 opens after, at load ~11); in turn against
3cf7201, medians of 9 opens, load 7-11, five rounds: 121 -> 114.5 ms (within the
shared machine's noise; details in docs/performance.md).
Then (issue 12) the overview keeps a picture of the bare board for a game shown
on a kept scene (File > Open over a game of the same board) and draws only the
counters over it (ffl/ui/map_view.py; the whole scene is drawn as before when
anything else is on it), and a space's centre is worked out once per scene and
space.  The overview's picture after a reopen, in turn in one process, medians
of 31 at load ~9.5: 5.6 -> 1.9 ms.  Counted with callgrind (three opens after
two untimed, each tree frozen; the runs of one tree agree within ~0.2%, one
run of 1,407.6 M stood apart): 476454c 1,460.0 M, its successor before these
changes 1,460.6-1,462.4 M (three runs) -> 1,426.1-1,429.4 M (five runs), -2.4%.
Timed in turn against 476454c, medians of 9 opens, five rounds each: at load
~11, 150-192 (median 178.2) -> 146-175 (157.2) ms; at load ~9, 98-134
(113.8) -> 95-166 (117.1) ms: within the shared machine's noise.  Tried and
taken out: the events of a save read in one pass of the scanner and one loop of
checks (b15f0a1, reverted in 3ad7091): ~3% of the events' reading at best, and
slower when the passes were batched.  Where an open goes now (instructions):
the events' JSON ~11% (scanner alone), painting the window ~10%, the event
chain's SHA-256 ~5% (every event's text, needed to refuse a changed one), the
log's list ~3%; the rest is spread over the game's docks made anew (the FFL
UI's tray, panels and phase bar: not in this area), the replay and the checks.
Then (issue 12) what an open replaces (the old session, its UI's docks, bars and
actions, another board's scene) is freed after the paint, once the window has
settled (window_gc.CollectorPaused.keep), not inside this figure; the loop below
still runs the deferred deletions as the application's loop does.  In turn
against 6c40704, thirteen rounds of ``--open`` at load 8-12: 85.5-131.0
(median 101.8) -> 72.3-125.7 (median 99.2) ms, the rounds' ratio median 0.91;
in the full run, two rounds: 100.5 / 88.3 -> 70.6 / 66.4 ms (details in
docs/performance.md).
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from benchlib import median_ms, play_window, report  # noqa: E402

#: run in the child: the real entry point, stopped at the first painted map with a game
PROBE = r"""
import sys, time
from PySide6.QtCore import QEvent, QObject
from ffl.ui.app import create_app
app = create_app()
class Probe(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Paint:
            w = app.activeWindow() or next((t for t in app.topLevelWidgets()
                                            if type(t).__name__ == "PlayWindow"), None)
            if w is not None and getattr(w, "session", None) is not None \
                    and obj is w.map.viewport():
                print("PAINTED", time.process_time(), flush=True)
                app.exit(0)
        return False
probe = Probe()
app.installEventFilter(probe)
from ffl.cli import main
main(sys.argv[1:])
"""


def child_env(home: Path) -> dict[str, str]:
    """A child's environment: offscreen, its own home, bytecode as installed."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=str(home),
               XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               PYTHONPYCACHEPREFIX=str(PYCACHE))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


PYCACHE = Path(tempfile.mkdtemp(prefix="ffl-bench-pycache-"))


def start_once(args: list[str], home: Path) -> tuple[float, float]:
    """(processor seconds, wall seconds) to the first painted map with the game."""
    home = Path(tempfile.mkdtemp(prefix="start-", dir=home))
    env = child_env(home)
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", PROBE, *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    cpu = None
    for line in proc.stdout:
        if line.startswith("PAINTED"):
            cpu = float(line.split()[1])
            wall = time.perf_counter() - t0
            break
    proc.kill()
    proc.wait()
    if cpu is None:
        raise SystemExit(f"the window never painted a game ({args})")
    return cpu, wall


def list_once(home: Path) -> float:
    """The processor seconds of one ``ffl list`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "ffl", "list"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, env=child_env(home))
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def save_with_events(path: Path, n: int = 2000) -> int:
    """A seeded random FFL game saved after about ``n`` events."""
    import random

    from ffl.catalog import new_session
    from ffl.games import game_of

    session = new_session("ffl/basic", seed=3, options=dict(game_of("ffl/basic").selfplay_options))
    rng = random.Random(3)
    controller = session.controller
    while len(session.log.events) < n and controller.outcome(session.state) is None:
        session.do(rng.choice(list(controller.legal_actions(session.state))))
    session.save(path)
    return len(session.log.events)


def cpu_median_ms(fn, repeat: int, setup=None) -> float:
    """The median processor time of ``fn()`` in milliseconds (``setup()`` untimed
    before each): on a shared machine the wall time mostly measures the others."""
    return median_ms(fn, repeat, setup, clock=time.process_time)


def window_open_ms(save: Path, repeat: int = 5) -> float:
    """Processor milliseconds from File > Open of ``save`` (``open_path``, as the
    menu calls it) until the play window has processed its events and painted the
    game: the map and the event log both painted since the open (median)."""
    from PySide6.QtCore import QCoreApplication, QEvent, QObject

    class Painted(QObject):
        """The watched widgets painted since :meth:`clear`."""

        def __init__(self) -> None:
            super().__init__()
            self.seen: set[int] = set()

        def eventFilter(self, obj, event) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.Paint:
                self.seen.add(id(obj))
            return False

    app, window = play_window("ffl-bench-open-", quiet=False)
    assert window.open_scenario("ffl/basic", seed=1)
    painted = Painted()
    watched = (window.map.viewport(), window.event_log.list.viewport())
    for widget in watched:
        widget.installEventFilter(painted)
    def run_loop() -> None:
        # as the application's event loop does, and processEvents alone does not:
        # objects given to deleteLater (the replaced game's docks, tool bars and
        # actions) are deleted, so the game replaced is freed
        app.processEvents()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)

    import gc

    times = []
    for _ in range(repeat):
        for _ in range(3):
            run_loop()
        # the collector paused by the open before comes back once that window has
        # settled (ffl/ui/window_gc.py): a player opens files seconds apart
        settled = time.monotonic() + 2
        while not gc.isenabled() and time.monotonic() < settled:
            run_loop()
            time.sleep(0.005)
        painted.seen.clear()
        start = time.process_time()
        assert window.open_path(save)
        for _ in range(3):
            run_loop()
        while not all(id(w) in painted.seen for w in watched):
            run_loop()
        times.append(time.process_time() - start)
    window.close()
    return statistics.median(times) * 1000


def main() -> None:
    home = Path(tempfile.mkdtemp(prefix="ffl-bench-start-"))
    if "--open" in sys.argv:        # File > Open in the window only (issue 12)
        save = home / "game.fflsave"
        events = save_with_events(save)
        import gc

        gc.collect()
        report(f"open a {events:,}-event save in the play window (File > Open until "
               "painted, CPU)", window_open_ms(save, 9), 315, 100)
        return
    start_once(["ffl/basic", "--seed", "1"], home)      # compiles the bytecode
    list_once(home)
    runs = [start_once(["ffl/basic", "--seed", "1"], home) for _ in range(5)]
    cpu = statistics.median(r[0] for r in runs)
    wall = statistics.median(r[1] for r in runs)
    report("process start -> first painted window with the game (CPU)", cpu * 1000,
           3100, 1000)
    report("  the same, wall time", wall * 1000, None, None)
    report("ffl list (a new process, CPU)",
           statistics.median(list_once(home) for _ in range(5)) * 1000, 2000, 500)
    save = home / "game.fflsave"
    events = save_with_events(save)
    from ffl.session import GameSession

    report(f"open a {events:,}-event save (GameSession.open: store + replay + checks, CPU)",
           cpu_median_ms(lambda: GameSession.open(save), 7), 200, 100)
    from ffl.store import files as store_files

    # the same with its module built anew each time (as in a new process, where no
    # module with the same rows was read before: the store shares it otherwise)
    report("  the same, its module built and checked anew (not shared)",
           cpu_median_ms(lambda: GameSession.open(save), 7, setup=store_files._SHARED.clear),
           None, 100)
    # the window starts from a collected heap, as a program just started does (not
    # carrying the garbage of the self-play and the opens above into its figure)
    import gc

    gc.collect()
    report("  the same in the play window (File > Open until painted, CPU)",
           window_open_ms(save, 9), 315, 100)
    start = [start_once([str(save)], home) for _ in range(3)]
    report("process start -> first painted window with that save (CPU)",
           statistics.median(r[0] for r in start) * 1000, None, None)


if __name__ == "__main__":
    main()
