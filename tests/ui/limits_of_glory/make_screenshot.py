"""Write docs/screenshots/limits_of_glory.png: the conquest of Egypt in turn 3, the
French to act, the map at its opening zoom (the space names at 10 px) on the spaces
they may act in, the event clock and the commanders' glory in the Campaign dock.

Run: QT_QPA_PLATFORM=offscreen python tests/ui/limits_of_glory/make_screenshot.py [OUT.png]
Plays through the controller, both sides chosen by the program's own opponent
(seeded), up to the French player's first choice of conquest turn 3.  1400x900,
scratch settings and data folder, no autosave, hot-seat.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from ffl import catalog
from ffl.games.limits_of_glory.opponent import choose
from ffl.ui.app import scratch_window, settled_grab

ROOT = Path(__file__).resolve().parents[3]
SEED = 3
TURN = 3


def advance(session, turn: int, seed: int) -> None:
    """Play until the French may activate a space in conquest turn ``turn``."""
    rng, ctrl = random.Random(seed), session.controller
    for _ in range(5000):
        state = session.state
        prompt = ctrl.prompt(state)
        if state.vars.get("phase") == "conquest" and state.vars.get("turn", 0) >= turn \
                and prompt.side == "french" and "activate" in prompt.kinds:
            return
        if ctrl.outcome(state) is not None:
            break
        session.do(choose(ctrl, ctrl.view(state, prompt.side), rng))
    raise RuntimeError("the game did not reach the conquest turn asked for")


def main(out: Path) -> None:
    app, window = scratch_window(prefix="glory-shot-")
    session = catalog.new_session("limits_of_glory/campaign", seed=SEED)
    advance(session, TURN, SEED)
    window.set_session(session)
    for _ in range(5):
        app.processEvents()
    window.default_view()
    window.overview.refit()
    for _ in range(5):
        app.processEvents()
    out.parent.mkdir(parents=True, exist_ok=True)
    settled_grab(window).save(str(out))
    window.mark_clean()
    window.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs/screenshots/limits_of_glory.png")
