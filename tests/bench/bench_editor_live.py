"""Editor benchmark: how long the window is held while a map edit is checked.

Run from the repository root (a script, never collected by pytest)::

    QT_QPA_PLATFORM=offscreen python tests/bench/bench_editor_live.py [module ...]

For each shipped module (default: all five), in a real editor window: a brush
click painting one space's terrain (mouse events, edit, undo command,
restyle), then, with a 5 ms heartbeat timer on the window's event loop, the
debounced checks of that edit (validation and the start check of the scenario
shown, on the worker thread, ``editor/start_checks.py``).  Figures are
medians in milliseconds over ``EDITS`` edits, each undone after:

- ``click``: the paint click itself;
- ``launch``: what the window's thread spends starting the checks (the snapshot);
- ``pause``: the longest the heartbeat waited while the checks ran (the worst
  a click would wait);
- ``check``: from the debounce to the problems listed.
"""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "editor"))

from editor_helpers import Mouse  # noqa: E402
from PySide6.QtCore import QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from editor.app import create_app  # noqa: E402
from editor.window import EditorWindow  # noqa: E402

MODULES = ("foreign-legion-card-game", "french-foreign-legion", "limits-of-glory",
           "phantom-fury", "the-legend-begins")
EDITS = 5


def bench(name: str, folder: Path) -> dict[str, float]:
    path = folder / f"{name}.ffl"
    shutil.copy(ROOT / "scenarios" / f"{name}.ffl", path)
    w = EditorWindow(settings=QSettings(str(folder / "e.ini"), QSettings.Format.IniFormat),
                     data_folder=folder / "data", autosave=False)
    w.ask_on_close = False
    w.resize(1400, 900)
    w.show()
    assert w.open_path(path)
    w.view.fit()
    w.scenario_panel.choice.setCurrentIndex(0)
    w.run_validation()
    board = w.scene.board
    keys = [k for k, s in board.spaces.items() if s.kind not in ("box", "track")]
    terrains = [w.options.terrain.itemText(i) for i in range(1, w.options.terrain.count())]
    w.set_tool("paint")
    beats: list[float] = []
    last = [time.perf_counter()]

    def beat() -> None:
        now = time.perf_counter()
        beats.append(now - last[0])
        last[0] = now

    timer = QTimer()
    timer.timeout.connect(beat)
    timer.start(5)
    out: dict[str, list[float]] = {"click": [], "launch": [], "pause": [], "check": []}
    launch = w.start_checks.launch

    def timed_launch() -> None:
        started = time.perf_counter()
        launch()
        out["launch"].append(time.perf_counter() - started)

    w.start_checks.launch = timed_launch
    for i in range(EDITS):
        key = keys[(i * 37) % len(keys)]
        w.options.terrain.setCurrentText(terrains[i % len(terrains)])
        started = time.perf_counter()
        Mouse(w).click(*board[key].centre)
        out["click"].append(time.perf_counter() - started)
        beats.clear()
        last[0] = started = time.perf_counter()
        while time.perf_counter() - started < 0.3 or w.start_checks.busy():
            QApplication.processEvents()
            time.sleep(0.001)
        out["check"].append(time.perf_counter() - started - 0.25)
        out["pause"].append(max(beats))
        w.stack.undo()
        w.run_validation()
    timer.stop()
    w.close()
    return {k: 1000 * statistics.median(v) for k, v in out.items() if v}


def main() -> None:
    create_app()
    with tempfile.TemporaryDirectory() as folder:
        for name in sys.argv[1:] or MODULES:
            figures = bench(name, Path(folder))
            print(f"{name:26s} " + "  ".join(f"{k} {v:6.1f} ms" for k, v in figures.items()),
                  flush=True)


if __name__ == "__main__":
    main()
