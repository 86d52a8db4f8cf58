"""Interaction benchmark: input to finished repaint in the FFL play window.

Run from the repository root (a script, never collected by pytest)::

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/bench/bench_interaction.py

A real play window (offscreen, 1400 x 900, map fitted) on the French Foreign
Legion Basic Game with all 95 characters and the ropes on the fort.  Each
interaction is sent as real mouse events (``QTest``) to the map viewport or a
real click on the phase bar's buttons, and timed from the event until the event
loop has nothing left to do (the scene changed, the viewport repainted):

* press a unit (movement phase): its reachable squares shaded;
* draw a chit (Draw chit button);
* end a phase (End phase button, no question asked);
* choose a firer (fire phase): its arc shaded and its targets numbered;
* release a drag: a unit dragged to a reachable square and dropped (moved).

Each figure is the median processor time of this process (Qt draws offscreen in
it, so painting is counted; the wall time of a shared machine mostly measures its
other users) over repeated runs (a fresh position between runs, untimed),
printed beside the figure measured when issue 12 was filed and the goal
(``benchlib.report``), and as a ratio to one full repaint of the fitted map
measured in the same run, which is steadier on a busy machine.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import benchlib  # noqa: E402
from bench_ui import crowded  # noqa: E402
from benchlib import play_window, report, settle  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

LEFT, NONE = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
REPEAT = 9


def timed(act, undo, repeat: int = REPEAT) -> float:
    """Median milliseconds of processor time from ``act()`` to the settled loop
    (``benchlib.timed``)."""
    return benchlib.timed(act, undo, repeat)


def _cpu(fn) -> float:
    start = time.process_time()
    fn()
    return (time.process_time() - start) * 1000


def window_on(state_vars: dict):
    """A fresh crowded session at ``state_vars`` shown in the window."""
    crowd = crowded(WINDOW.session)
    crowd.log.initial.vars.update(state_vars)
    from ffl.engine import GameLog
    from ffl.session import GameSession

    state = crowd.log.initial
    session = GameSession(crowd.controller, crowd.scenario, dict(crowd.options), state.seed,
                          GameLog(state))
    session.undo_rolls = True        # so a draw can be undone between runs
    assert WINDOW.set_session(session)
    WINDOW.map.fit()
    settle()
    return session


def point_of(pid: str):
    return WINDOW.map.mapFromScene(WINDOW.scene.counter(pid).scenePos())


def press_unit() -> float:
    session = window_on({"phase": "movement", "chit": "squad-1", "active": "legion"})
    pid = next(p for p in session.controller.movable_pieces(session.state)
               if session.state.pieces[p].on_board)
    vp, at = WINDOW.map.viewport(), point_of(pid)

    def act():
        QTest.mousePress(vp, LEFT, NONE, at)

    def undo():
        QTest.mouseRelease(vp, LEFT, NONE, at)
        QTest.keyClick(vp, Qt.Key.Key_Escape)

    act()
    assert WINDOW.game_ui.modes["movement"].reach, "no reachable square shaded"
    undo()
    return timed(act, undo)


def release_drag() -> float:
    session = window_on({"phase": "movement", "chit": "squad-1", "active": "legion"})
    controller = session.controller
    pid = next(p for p in controller.movable_pieces(session.state)
               if session.state.pieces[p].on_board and controller.reachable(session.state, p))
    here = session.state.pieces[pid].space
    squares = sorted({k[0] if isinstance(k, tuple) else k      # (square, level)
                      for k in controller.reachable(session.state, pid)} - {here})
    target = squares[len(squares) // 2]
    vp = WINDOW.map.viewport()
    to = None
    events = len(session.log.events)

    def prepare():      # pick the unit up (the view may shift as the tray folds)
        nonlocal to
        QTest.mousePress(vp, LEFT, NONE, point_of(pid))
        settle()
        to = WINDOW.map.mapFromScene(WINDOW.scene.space_centre(target))
        QTest.mouseMove(vp, to)
        settle()

    def act():
        QTest.mouseRelease(vp, LEFT, NONE, to)

    def undo():     # a fresh game at the same position, the unit picked up again
        window_on(dict(session.log.initial.vars))
        prepare()

    prepare()
    act()
    settle()
    assert len(WINDOW.session.log.events) > events, "the drop moved nothing"
    undo()
    ms = timed(act, undo)
    QTest.mouseRelease(vp, LEFT, NONE, to)
    return ms


def button(name: str, state_vars: dict) -> float:
    session = window_on(state_vars)
    events = len(session.log.events)
    widget = getattr(WINDOW.game_ui.bar, name)

    def act():
        QTest.mouseClick(widget, LEFT)

    def undo():     # a fresh game at the same position (an ended phase is not undone)
        nonlocal widget
        window_on(state_vars)
        widget = getattr(WINDOW.game_ui.bar, name)

    act()
    settle()
    assert len(WINDOW.session.log.events) > events, f"{name}: nothing happened"
    undo()
    return timed(act, undo)


def choose_firer() -> float:
    from ffl.games.ffl.rules.context import ORGS, org_side

    for chit in ORGS:
        session = window_on({"phase": "fire", "chit": chit, "active": org_side(chit)})
        firers = sorted({a.get("piece") for a in session.controller.legal_actions(session.state)
                         if a.kind == "fire"})
        if firers:
            break
    else:
        raise AssertionError("no unit has a shot in the crowded position")
    mode_of = lambda: WINDOW.game_ui.mode  # noqa: E731
    vp = WINDOW.map.viewport()
    pid = firers[0]
    at = point_of(pid)

    def act():
        QTest.mousePress(vp, LEFT, NONE, at)
        QTest.mouseRelease(vp, LEFT, NONE, at)

    def undo():     # a fresh game at the same position: nothing selected
        window_on(dict(session.log.initial.vars))

    act()
    settle()
    assert mode_of().selected == [pid], mode_of().selected
    undo()
    settle()
    return timed(act, undo)


def main() -> None:
    global WINDOW
    app, WINDOW = play_window("ffl-bench-interaction-")
    assert WINDOW.open_scenario("ffl/basic", seed=1)
    window_on({"phase": "movement", "chit": "squad-1", "active": "legion"})
    viewport = WINDOW.map.viewport()
    viewport.grab()
    full = statistics.median(_cpu(viewport.grab) for _ in range(9))
    rows = [
        ("press a unit -> its reachable squares shaded", press_unit, 111),
        ("draw chit (button) -> the chit shown", lambda: button(
            "draw_button", {"phase": "movement", "chit": None, "active": "legion",
                            "cup": ["squad-1", "squad-2", "squad-3"]}),
         235),
        ("end phase (button) -> the next phase shown", lambda: button(
            "end_button", {"phase": "movement", "chit": "squad-1", "active": "legion"}), 238),
        ("choose a firer -> its arc and targets shown", choose_firer, 231),
        ("release a drag -> the unit moved", release_drag, None),
    ]
    print(f"one full repaint of the fitted map (grab), for scale: {full:.1f} ms")
    for name, fn, base in rows:
        try:
            ms = fn()
        except AssertionError as exc:
            print(f"{name:<66} could not be measured: {exc}")
            continue
        report(f"{name} (x{ms / full:.1f} repaint)", ms, base, 50)
    app.processEvents()


if __name__ == "__main__":
    main()
