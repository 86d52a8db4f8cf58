"""The Allied commander thinking off the GUI thread.

:class:`OpponentWorker` is the play window's generic worker
(:class:`ffl.ui.opponent.OpponentWorker`, which every game's computer opponent
uses) running :func:`ffl.games.limits_of_glory.opponent.choose` on a copy of
the Allied view; it hands back the chosen action (as JSON) through a signal,
so the window stays responsive and shows a progress bar while the program
thinks.  The window then sends the action like any player's, one at a time, so
the program's moves appear one by one.
"""

from __future__ import annotations

from ffl.engine import GameState
from ffl.ui.opponent import OpponentWorker as _Worker


class OpponentWorker(_Worker):
    """One decision of the program (started per decision; finishes by itself)."""

    def __init__(self, controller, view: GameState, token: str, parent=None) -> None:
        from ffl.games.limits_of_glory.opponent import choose

        super().__init__(lambda: choose(controller, view), token, parent)
        self.controller = controller
        self.view = view
