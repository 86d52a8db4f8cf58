"""Python's garbage collector tuned for work that plays many actions (issue 12).

Self-play (``ffl selfplay``), tournaments (``ffl tournament``) and the computer
opponent's thinking play thousands of actions.  Each action makes short-lived
objects, and the collector's *full* (generation 2) collections walk every
object the process keeps: the modules, the boards' shared tables, the rules'
caches and the game's log (~55,000 objects after one FFL game, ~35-55 ms a
walk).  Over an FFL self-play game they took ~8% of the processor time at
load ~11 on 2 cores (two full collections a game), more on a busier machine.

:func:`collector_tuned` holds full collections off while its block runs: it
raises the third threshold (``gc.set_threshold``) so a full collection comes
about :data:`HELD_FACTOR` times less often (in FFL self-play about one every
five games instead of about two a game).  They are held off, not stopped, so
memory stays bounded: cycles that outlive the young collections (a finished
game's session and log) wait a few games at most, then go in the next full
collection.  The young collections (generations 0 and 1) run as before, and
reference counting frees everything else at once, as usual.  Nothing a game
decides depends on the collector: the same actions, events and final states.

``gc.freeze()`` (set the objects made so far aside from every collection) was
tried and not used: the collector's own rule (a full collection only once the
objects kept have grown by a quarter since the last one) then counts only the
objects made after the freeze, so full collections came about as often, and
anything frozen that became garbage would stay until the freeze was undone.

The collector's thresholds are process-wide, so the block is safe to nest and
to enter from several threads at once (the play window's opponent worker runs
beside the GUI thread): a lock and a count of the blocks open make the first
block to open save the thresholds and the last to close put them back, on
every way out (an exception too).  The play window's own pause while it opens
a game (:mod:`ffl.ui.window_gc`, ``gc.disable``) only turns the collector off
and on; this module only moves a threshold and never turns it on or off, so
the two compose: whichever ends first leaves the other as it is.  Code that
sets the thresholds itself while a block is open has them put back at the end.
Neither Qt nor the database here.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

#: full collections come this many times less often inside a block
HELD_FACTOR = 10

_lock = threading.Lock()
_open = 0
_saved: tuple[int, ...] | None = None


@contextmanager
def collector_tuned() -> Iterator[None]:
    """Full garbage collections held off inside the block (see the module
    docstring); the thresholds found on entry are back once the last block
    open in the process has closed."""
    global _open, _saved
    with _lock:
        if _open == 0:
            _saved = gc.get_threshold()
            young, middle, full = _saved
            gc.set_threshold(young, middle, max(1, full) * HELD_FACTOR)
        _open += 1
    try:
        yield
    finally:
        with _lock:
            _open -= 1
            if _open == 0 and _saved is not None:
                gc.set_threshold(*_saved)
                _saved = None
