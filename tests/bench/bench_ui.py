"""Play-window drawing benchmark: a full repaint of the map with every counter.

Run from the repository root (a script, never collected by pytest)::

    QT_QPA_PLATFORM=offscreen python tests/bench/bench_ui.py

Opens the French Foreign Legion Basic Game in a real play window (offscreen),
puts all 95 characters and the ropes on the fort, and times a full repaint of
the map viewport (``QWidget.grab``) at three zoom levels.  Beside each figure,
the naive baseline measured in the same run: the same counters painted from
their data on every repaint, with no pixmap cache (neither the counters' own
nor the view's device cache).  Also: the time from launch
to the window on screen, and the event log with a 2,000-event game: filled at
once (as when such a save is opened) and one event appended, beside the figures
of the list widget it replaced (every line an item measured in advance).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchlib import median_ms, report  # noqa: E402
from PySide6.QtCore import QSettings, Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from ffl.engine import GameLog  # noqa: E402
from ffl.session import GameSession  # noqa: E402
from ffl.ui.app import create_app, main_window  # noqa: E402
from ffl.ui.counters import CounterItem  # noqa: E402


def crowded(session: GameSession):
    """Every character and rope on its own fort or sand square, level 0 or its top."""
    state = session.log.initial.copy()
    board = session.controller.board(state)
    squares = [k for k in board.keys() if 0 in board[k].get("levels", [0])]
    types = session.module.piece_types
    movable = [p for p in state.pieces.values() if types[p.type].kind in ("character", "rope")]
    for piece, key in zip(movable, squares[::2], strict=False):
        piece.status, piece.space, piece.level, piece.facing = "active", key, 0, 2
    # turn 1, Squad 1's movement phase: its units can be pressed
    state.vars.update({"turn": 1, "phase": "movement", "chit": "squad-1", "active": "legion",
                       "cup": [], "mover": None, "done": [], "melees": {}, "entry": {},
                       "entered": []})
    return GameSession(session.controller, session.scenario, dict(session.options),
                       state.seed, GameLog(state))


def main() -> None:
    app = create_app()
    # a scratch settings file (never os.devnull: QSettings saves by renaming a
    # temporary file over its target, which would replace the device node)
    scratch = Path(tempfile.mkdtemp(prefix="ffl-bench-ui-"))
    settings = QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat)
    start = time.perf_counter()
    window = main_window(settings=settings, autosave=False)
    window.resize(1400, 900)
    window.show()
    app.processEvents()
    shown = (time.perf_counter() - start) * 1000
    assert window.open_scenario("ffl/basic", seed=1)
    crowd = crowded(window.session)
    start = time.perf_counter()
    window.set_session(crowd)
    app.processEvents()
    window.map.viewport().grab()
    first = (time.perf_counter() - start) * 1000
    counters = [i for i in window.scene.items() if isinstance(i, CounterItem)]
    print(f"window on screen after {shown:.0f} ms (imports excluded)")
    print(f"{len(counters)} counters on the map; the whole board with them drawn the first "
          f"time (scene built, every pixmap rendered): {first:.0f} ms")
    print(f"{'zoom':14} {'cached pixmaps':>15} {'naive repaint':>15}")
    viewport = window.map.viewport()
    for label, factor in (("fitted", 1.0), ("2x", 2.0), ("4x", 2.0)):
        window.map.zoom_by(factor) if factor != 1.0 else window.map.fit()
        app.processEvents()
        viewport.grab()  # fill the caches for this zoom step
        cached = median_ms(viewport.grab)

        def uncached() -> None:
            for counter in counters:
                counter._pixmaps.clear()  # the baseline: render every counter anew
            viewport.grab()

        for counter in counters:        # nor kept by the view as drawn on screen
            counter.setCacheMode(CounterItem.CacheMode.NoCache)
        naive = median_ms(uncached)
        for counter in counters:
            counter.setCacheMode(CounterItem.CacheMode.DeviceCoordinateCache)
        print(f"{label:14} {cached:12.1f} ms {naive:12.1f} ms")
    press_to_highlight(window)
    event_log_figures()


#: the event log as a QListWidget (before issue 12's model and view), processor
#: time on the shared 2-core machine: 2,000 lines filled and settled, one appended
LIST_WIDGET_FILL_MS, LIST_WIDGET_APPEND_MS = 157.0, 39.0


def event_log_figures(n: int = 2000) -> None:
    """Processor time to fill a shown event log with ``n`` events and let it settle
    (laid out and painted), and to append one event to it (median of runs)."""
    import random
    import statistics

    from ffl.catalog import new_session
    from ffl.games import game_of
    from ffl.ui.event_log import EventLogWidget

    session = new_session("ffl/basic", seed=3,
                          options=dict(game_of("ffl/basic").selfplay_options))
    rng, controller = random.Random(3), session.controller
    while len(session.log.events) < n and controller.outcome(session.state) is None:
        session.do(rng.choice(list(controller.legal_actions(session.state))))
    full = session.log
    shorter = GameLog(full.initial, full.events[:-1])
    reader = controller.event_for
    side = controller.prompt(session.state).side

    def settle() -> None:
        for _ in range(3):
            QApplication.processEvents()

    def cpu_ms(fn) -> float:
        start = time.process_time()
        fn()
        return (time.process_time() - start) * 1000

    fills = []
    for _ in range(5):
        log = EventLogWidget()
        log.resize(340, 520)
        log.show()
        settle()
        fills.append(cpu_ms(lambda w=log: (w.sync(full, reader, side), settle())))
        log.close()
        log.deleteLater()
        settle()
    log = EventLogWidget()
    log.resize(340, 520)
    log.show()
    log.sync(shorter, reader, side)
    settle()
    appends = []
    for _ in range(20):
        appends.append(cpu_ms(lambda: (log.sync(full, reader, side), settle())))
        log.sync(shorter, reader, side)
        settle()
    events = len(full.events)
    report(f"event log: {events:,} events filled and settled (CPU)",
           statistics.median(fills), LIST_WIDGET_FILL_MS, None)
    report(f"event log: one event appended to {events:,} and settled (CPU)",
           statistics.median(appends), LIST_WIDGET_APPEND_MS, None)


def press_to_highlight(window) -> None:
    """Mouse press on a Squad 1 unit until its reachable squares are shaded,
    beside the controller's reachable query alone (the rules' share of it)."""
    window.map.fit()
    QApplication.processEvents()
    session = window.session
    pid = next(p for p in session.controller.movable_pieces(session.state)
               if session.state.pieces[p].on_board)
    viewport = window.map.viewport()
    point = window.map.mapFromScene(window.scene.counter(pid).scenePos())

    def press() -> None:
        QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         point)
        QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton,
                           Qt.KeyboardModifier.NoModifier, point)

    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    shaded = len(window.game_ui.modes["movement"].reach)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    full = median_ms(press)
    query = median_ms(lambda: session.controller.reachable(session.state, pid))
    print(f"press on {pid} -> {shaded} reachable squares shaded: {full:.1f} ms "
          f"(the reachable query alone: {query:.1f} ms)")

if __name__ == "__main__":
    main()
