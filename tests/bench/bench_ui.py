"""Play-window drawing benchmark: a full repaint of the map with every counter.

Run from the repository root (a script, never collected by pytest)::

    QT_QPA_PLATFORM=offscreen python tests/bench/bench_ui.py

Opens the French Foreign Legion Basic Game in a real play window (offscreen),
puts all 95 characters and the ropes on the fort, and times a full repaint of
the map viewport (``QWidget.grab``) at three zoom levels.  Beside each figure,
the naive baseline measured in the same run: the same counters painted from
their data on every repaint, with no pixmap cache.  Also: the time from launch
to the window on screen.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchlib import median_ms  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402

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
    window.set_session(crowded(window.session))
    app.processEvents()
    counters = [i for i in window.scene.items() if isinstance(i, CounterItem)]
    print(f"window on screen after {shown:.0f} ms (imports excluded)")
    print(f"{len(counters)} counters on the map")
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

        naive = median_ms(uncached)
        print(f"{label:14} {cached:12.1f} ms {naive:12.1f} ms")

if __name__ == "__main__":
    main()
