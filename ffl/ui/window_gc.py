"""The garbage collector paused while the play window opens a game (issue 12).

Starting the program and File › Open make tens of thousands of objects that all
stay (the modules, the board, the game read and replayed, its counters and
docks).  Python's collector would walk them again and again while they are
made, and a collection that comes due in the middle lands in the time the
player waits for the game.  :class:`CollectorPaused` turns automatic
collection off until the window's map has painted the game, and on again on
the next turn of the event loop (File › Open: once the window has settled), so
the collection owed comes after that paint.  Objects are still freed by
reference counting as usual; only cycles wait for that first collection.

The collector is never left off: it comes back on the map's first paint of a
game, and at the latest

- at once, for a window that is not visible (no paint will come);
- after ``fallback_ms`` (a minimised or covered window that is never painted),
  on a timer tied to nothing that can be deleted first;
- at once when the open fails (``resume`` from the caller), or the window closes
  or is deleted.

A pause begun while the collector is already off (another pause, a test) does
nothing, and leaves it as it found it.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QEvent, QObject, QTimer

#: File › Open: the collector comes back at the latest this long after the open
OPEN_FALLBACK_MS = 1000
#: File › Open: and this long after the map's first paint of the game opened, once
#: the window has settled (the new docks' layout asks for a touch-up paint on the
#: next turn of the event loop)
OPEN_SETTLE_MS = 100


class CollectorPaused(QObject):
    """Automatic garbage collection off from now until a window's map has painted a
    game (:meth:`until_game_painted`), then on again on the next turn of the event
    loop; :meth:`resume` turns it on at once (once only).  Does nothing if the
    collector was off already."""

    def __init__(self) -> None:
        super().__init__()
        self.window = None
        self._viewport = None
        self.settle_ms = 0
        self.paused = gc.isenabled()
        if self.paused:
            gc.disable()

    def until_game_painted(self, window, fallback_ms: int | None = None,
                           settle_ms: int = 0) -> None:
        """Resume ``settle_ms`` after ``window``'s map has painted a game (the
        session shown), at once if the window is not visible and ``fallback_ms``
        is given, and after ``fallback_ms`` at the latest (None: no such limit,
        start-up's caller resumes itself when the program ends)."""
        if not self.paused:
            return
        self.window = window
        self.settle_ms = settle_ms
        if fallback_ms is not None:
            if not window.isVisible():
                self.resume()
                return
            # a plain function (no receiver object to be deleted first): it fires
            pause = self
            QTimer.singleShot(fallback_ms, lambda: pause.resume())
            window.destroyed.connect(lambda *_: pause.resume())
        self._viewport = window.map.viewport()
        self._viewport.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        if (event.type() == QEvent.Type.Paint and self.paused
                and getattr(self.window, "session", None) is not None):
            obj.removeEventFilter(self)
            self._viewport = None
            pause = self
            QTimer.singleShot(self.settle_ms, lambda: pause.resume())
        return False

    def resume(self) -> None:
        """The collector on again (if this pause turned it off, and only once)."""
        if not self.paused:
            return
        self.paused = False
        viewport, self._viewport, self.window = self._viewport, None, None
        gc.enable()
        if viewport is not None:
            try:
                viewport.removeEventFilter(self)
            except RuntimeError:    # the window is gone already: so is its filter
                pass
