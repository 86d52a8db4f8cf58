"""The program's opponent thinking off the GUI thread.

:class:`OpponentWorker` is a QThread that runs
:func:`ffl.games.limits_of_glory.opponent.choose` on a copy of the Allied view
and hands back the chosen action (as JSON) through a signal, so the window stays
responsive and shows a progress bar while the program thinks.  The window then
sends the action like any player's, one at a time, so the program's moves
appear one by one.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QThread, Signal

from ffl.engine import GameState


class OpponentWorker(QThread):
    """One decision of the program (started per decision; finishes by itself)."""

    chosen = Signal(dict, float)     # the action's JSON, seconds spent
    failed = Signal(str)

    def __init__(self, controller, view: GameState, token: str, parent=None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.view = view
        self.token = token

    def run(self) -> None:  # noqa: D401 - QThread entry point
        from ffl.games.limits_of_glory.opponent import choose

        start = time.perf_counter()
        try:
            action = choose(self.controller, self.view)
        except Exception as exc:  # reported to the window, never lost in the thread
            self.failed.emit(f"{type(exc).__name__}: {exc}")
            return
        self.chosen.emit(action.to_json(), time.perf_counter() - start)
