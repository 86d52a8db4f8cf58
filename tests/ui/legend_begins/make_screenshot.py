"""Write docs/screenshots/legend_begins.png: the Compass scenario's first Allied
Movement Phase, the 7th Armoured Division's HQ chosen at 2357 and the hexes it can
reach lit (white with a blue outline), the Italian camps round Sidi Barrani.

Run: QT_QPA_PLATFORM=offscreen python tests/ui/legend_begins/make_screenshot.py [OUT.png]
Plays through the controller (the Axis makes a few random moves, every other phase
ends) up to the first Allied Movement Phase.  Scratch settings, no autosave.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from PySide6.QtCore import QRectF
from shots import shot_window  # beside this script (its folder is on sys.path)

from ffl.ui.app import settled_grab

ROOT = Path(__file__).resolve().parents[3]
SEED = 3
CHOSEN = "2357"
#: the map area shown, in board units (columns 33-47 of the scene, rows 12-22)
AREA = (33, 12, 47, 22)


def advance(session, rng: random.Random) -> None:
    ctrl = session.controller
    moves = 0
    while True:
        p = ctrl.prompt(session.state)
        if p.phase == "movement" and p.side == "allied" and not p.info.get("pending"):
            return
        acts = list(ctrl.legal_actions(session.state))
        ends = [a for a in acts if a.kind.startswith("end") or a.kind == "supply"]
        a = ends[0] if ends else acts[0]
        if p.phase == "movement" and p.side == "axis" and moves < 6:
            options = [x for x in acts if x.kind == "move"]
            if options:
                a, moves = rng.choice(options), moves + 1
        session.do(a)


def main(out: Path) -> None:
    app, window = shot_window("tlb-shot-")
    window.open_scenario("legend_begins/compass", seed=SEED)
    advance(window.session, random.Random(SEED))
    for _ in range(3):
        app.processEvents()
    window.game_ui.choose(CHOSEN)
    x0, y0, x1, y1 = AREA
    window.map.fitInView(QRectF(x0 * 100, y0 * 100, (x1 - x0) * 100, (y1 - y0) * 100))
    for _ in range(5):
        app.processEvents()
    out.parent.mkdir(parents=True, exist_ok=True)
    settled_grab(window).save(str(out))
    window.autosave_enabled = False
    window.mark_clean()
    window.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs/screenshots/legend_begins.png")
