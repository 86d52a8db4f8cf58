"""Write docs/screenshots/phantom_fury.png: turn 3's Movement Phase, a USMC squad
picked and the Locations it can reach lit with their MP, 'Suspect' markers in the
Zones ahead, the map at its opening zoom (the Zone numbers at 10 px) round the USMC.

Run: QT_QPA_PLATFORM=offscreen python tests/ui/phantom_fury/make_screenshot.py [OUT.png]
Plays through the controller with a seeded random USMC (the insurgents are the
program's own), then picks the squad with the most places to go.  1400x900,
scratch settings and data folder, no autosave.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from ffl import catalog
from ffl.ui.app import scratch_window, settled_grab

ROOT = Path(__file__).resolve().parents[3]
SEED = 3
TURN = 3


def advance(session, turn: int, seed: int) -> None:
    """Play until the USMC may move in ``turn``: squads placed and moved at random,
    every fire and Assault taken, each phase then ended."""
    rng, ctrl = random.Random(seed), session.controller
    for _ in range(3000):
        prompt = ctrl.prompt(session.state)
        if prompt.info.get("turn", 0) >= turn and "move" in prompt.kinds:
            return
        actions = list(ctrl.legal_actions(session.state))
        pick = None
        for kind in ("place", "attach", "assault", "fire", "move"):
            options = [a for a in actions if a.kind == kind]
            if options and (kind != "move" or rng.random() < 0.85):
                pick = rng.choice(options)
                break
        if pick is None:
            ends = [a for a in actions if a.kind.startswith("end")]
            pick = ends[0] if ends else actions[0]
        session.do(pick)
    raise RuntimeError("the game did not reach the Movement Phase asked for")


def main(out: Path) -> None:
    app, window = scratch_window(prefix="pf-shot-")
    session = catalog.new_session("phantom_fury/jolan", seed=SEED)
    advance(session, TURN, SEED)
    window.set_session(session)
    for _ in range(5):
        app.processEvents()
    window.default_view()
    ui, state = window.game_ui, window.session.state
    shown = window.map.visible_scene_rect()
    movable = [pid for pid in ui.controller.movable(state)
               if shown.contains(window.scene.counter(pid).sceneBoundingRect())]
    pid = max(movable, key=lambda p: (len(ui.controller.reachable(state, p)), p))
    ui.select(pid)
    ui.show_destinations(pid)
    for _ in range(5):
        app.processEvents()
    out.parent.mkdir(parents=True, exist_ok=True)
    settled_grab(window).save(str(out))
    window.mark_clean()
    window.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs/screenshots/phantom_fury.png")
