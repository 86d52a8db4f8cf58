"""Runs the real play program (``ffl.ui.app.run``) with a player that never
tires, for the kill-and-recover tests (tests/ui/test_autosave_kill.py).

    python autosave_driver.py play SEED      # FFL Basic Game: a random legal action
                                             # every 100 ms, each printed once done
    python autosave_driver.py recover SEED   # start with nothing asked: click Recover
                                             # in the recovery question, print the game

Lines printed (flushed at once)::

    ACTION n steps hash autosave     after the n-th action (steps: undo steps of the log)
    OFFERED path                      the recovery question is on screen
    RECOVERED steps hash autosave     the recovered game is shown
"""

from __future__ import annotations

import os
import random
import sys

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox

INTERVAL_MS = 100


def main() -> int:
    mode, seed = sys.argv[1], int(sys.argv[2])
    from ffl.ui.app import create_app, run
    from ffl.ui.window import PlayWindow

    create_app()
    rng = random.Random(seed)
    done = {"actions": 0, "offered": False}

    def window() -> PlayWindow | None:
        found = [w for w in QApplication.topLevelWidgets() if isinstance(w, PlayWindow)]
        return found[0] if found else None

    def say(*words) -> None:
        print(*words, flush=True)

    def tick() -> None:
        w = window()
        if w is None:
            return
        box = w.findChild(QMessageBox, "recoverBox")
        if box is not None and box.isVisible():
            if not done["offered"]:
                done["offered"] = True
                say("OFFERED", box.informativeText())
            if mode == "recover":
                QTest.mouseClick(box.button(QMessageBox.StandardButton.Yes),
                                 Qt.MouseButton.LeftButton)
            return
        session = w.session
        if session is None:
            return
        if mode == "recover":
            say("RECOVERED", len(session.log.steps), session.state.hash(), w.autosave_path)
            os._exit(0)
        actions = list(session.controller.legal_actions(session.state))
        if not actions:
            return
        session.do(rng.choice(actions))
        done["actions"] += 1
        say("ACTION", done["actions"], len(session.log.steps), session.state.hash(),
            w.autosave_path)

    timer = QTimer()
    timer.timeout.connect(tick)
    timer.start(INTERVAL_MS)
    return run(None if mode == "recover" else "ffl/basic", seed=seed)


if __name__ == "__main__":
    sys.exit(main())
