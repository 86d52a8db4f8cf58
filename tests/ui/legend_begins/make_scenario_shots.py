"""Write docs/screenshots/legend_begins-<scenario>.png: each scenario of The Legend
Begins at its start (after the first turn's Initial Phase events, before any move),
the view fitted to where the two armies stand.

Run: QT_QPA_PLATFORM=offscreen python tests/ui/legend_begins/make_scenario_shots.py
[SCENARIO ...] (default: every scenario but Compass, whose picture is legend_begins.png).
Scratch settings, no autosave.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QRectF
from shots import shot_window  # beside this script (its folder is on sys.path)

from ffl.games.legend_begins import hexgeo as g

ROOT = Path(__file__).resolve().parents[3]
SCENARIOS = ("invasion", "crusader", "gazala", "alamein", "campaign")
#: the map area each picture shows (hex keys at two opposite corners)
AREAS = {"invasion": ("3036", "2262"), "crusader": ("3233", "2049"),
         "gazala": ("3428", "2441"), "alamein": ("2364", "1478"),
         "campaign": ("3036", "2262")}


def shoot(window, app, name: str, out: Path) -> None:
    window.open_scenario(f"legend_begins/{name}", seed=1)
    for _ in range(3):
        app.processEvents()
    a, b = (g.centre(k) for k in AREAS[name])
    x0, x1 = sorted((a[0], b[0]))
    y0, y1 = sorted((a[1], b[1]))
    window.map.fitInView(QRectF(x0 * 100, y0 * 100, (x1 - x0) * 100, (y1 - y0) * 100))
    for _ in range(5):
        app.processEvents()
    out.parent.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(out))
    window.mark_clean()


def main(names: list[str]) -> None:
    app, window = shot_window("tlb-shots-")
    window.autosave_enabled = False
    for name in names:
        shoot(window, app, name, ROOT / f"docs/screenshots/legend_begins-{name}.png")
    window.mark_clean()
    window.close()


if __name__ == "__main__":
    main(sys.argv[1:] or list(SCENARIOS))
