"""The garbage collector paused while the play window opens a game (issue 12).

Starting the program and File › Open make tens of thousands of objects that all
stay (the modules, the board, the game read and replayed, its counters and
docks).  Python's collector would walk them again and again while they are
made, and a collection that comes due in the middle lands in the time the
player waits for the game.  :class:`CollectorPaused` turns automatic
collection off until the window's map has painted the game, and on again on
the next turn of the event loop (File › Open: once the window has settled: a
turn of the loop in which it neither laid out nor painted), so the collection
owed comes after that paint, not in the player's wait.  Objects are still freed by
reference counting as usual; only cycles wait for that first collection.

What File › Open replaces waits with it (:meth:`CollectorPaused.keep`): the
game shown before (its session, log and states, ~29,000 objects freed by
reference counting) and the docks, tool bars and actions its UI leaves
(taken out of the window at once, hidden, and deleted) go when the collector
comes back, not between the open and its paint (issue 12: ~6 ms of a 2,000-
event save's open on a quiet machine).

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
from PySide6.QtWidgets import QWidget

#: File › Open: the collector comes back at the latest this long after the open
OPEN_FALLBACK_MS = 1000
#: File › Open: after the map's first paint of the game opened, the collector comes
#: back once the window has settled, on the first turn of the event loop in which
#: it neither laid out nor painted (the new docks' layout asks for a touch-up
#: paint on the next turn), after this many turns at the most
SETTLE_TURNS = 20


class CollectorPaused(QObject):
    """Automatic garbage collection off from now until a window's map has painted a
    game (:meth:`until_game_painted`), then on again on the next turn of the event
    loop (with ``settle``: on the first turn in which the window neither laid out
    nor painted); :meth:`resume` turns it on at once (once only).  Does nothing if
    the collector was off already."""

    def __init__(self) -> None:
        super().__init__()
        self.window = None
        self._watched: list = []    # the widgets this filters events of
        self.settle = False
        self._busy = False
        self._turns = 0
        self.paused = gc.isenabled()
        #: what is freed when the collector comes back (:meth:`keep`)
        self._kept: list = []
        #: the hidden widget holding the Qt objects kept (made on first use)
        self._holder: QWidget | None = None
        if self.paused:
            gc.disable()

    def keep(self, thing) -> bool:
        """Free ``thing`` (something the game replaced leaves) when the collector
        comes back instead of now; False (nothing done) once it is back.  A Qt
        object leaves its parent at once: it is hidden and no child of the window
        any more (so nothing finds it there), and deleted at :meth:`resume`."""
        if not self.paused:
            return False
        if isinstance(thing, QObject):
            if self._holder is None:
                self._holder = QWidget()
            thing.setParent(self._holder)
        else:
            self._kept.append(thing)
        return True

    def until_game_painted(self, window, fallback_ms: int | None = None,
                           settle: bool = False) -> None:
        """Resume once ``window``'s map has painted a game (the session shown) and,
        with ``settle``, the window has settled; at once if the window is not
        visible and ``fallback_ms`` is given, and after ``fallback_ms`` at the
        latest (None: no such limit, start-up's caller resumes itself when the
        program ends)."""
        if not self.paused:
            return
        self.window = window
        self.settle = settle
        if fallback_ms is not None:
            if not window.isVisible():
                self.resume()
                return
            # a plain function (no receiver object to be deleted first): it fires
            pause = self
            QTimer.singleShot(fallback_ms, lambda: pause.resume())
            window.destroyed.connect(lambda *_: pause.resume())
        self._watch(window.map.viewport())

    def _watch(self, widget) -> None:
        widget.installEventFilter(self)
        self._watched.append(widget)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt's name
        kind = event.type()
        if not self.paused:
            return False
        if obj is self.window:
            # the window lays out or paints again: not settled yet
            if kind in (QEvent.Type.LayoutRequest, QEvent.Type.UpdateRequest):
                self._busy = True
        elif (kind == QEvent.Type.Paint
                and getattr(self.window, "session", None) is not None):
            obj.removeEventFilter(self)
            self._watched.remove(obj)
            if self.settle:
                self._watch(self.window)
                self._busy = True
            self._next_turn()
        return False

    def _next_turn(self) -> None:
        pause = self
        QTimer.singleShot(0, lambda: pause._settled())

    def _settled(self) -> None:
        """A turn of the event loop went by: resume if the window did nothing in it
        (at most SETTLE_TURNS turns are waited for)."""
        if not self.paused:
            return
        if self._busy and self._turns < SETTLE_TURNS:
            self._busy = False
            self._turns += 1
            self._next_turn()
            return
        self.resume()
        if self.settle:
            # the young collection owed, now that the window is idle: left to the
            # next allocation it would land in the player's next click or hover
            gc.collect(0)

    def resume(self) -> None:
        """The collector on again (if this pause turned it off, and only once)."""
        if not self.paused:
            return
        self.paused = False
        watched, self._watched, self.window = self._watched, [], None
        # what the game replaced left goes now (by reference counting; the
        # holder, owned here, deletes the Qt objects kept with it)
        self._kept, self._holder = [], None
        gc.enable()
        for widget in watched:
            try:
                widget.removeEventFilter(self)
            except RuntimeError:    # the window is gone already: so is its filter
                pass
