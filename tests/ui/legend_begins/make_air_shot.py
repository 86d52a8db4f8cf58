"""Write docs/screenshots/legend_begins-air.png: Gazala with the air game, its first air
sub-phase of a Primary or Secondary Segment once both sides have placed their air
units (the program chooses the missions), the view on the hex with the most air units
over it (chosen: the Stack dock lists them all) and its neighbours, whose stacks and hex
numbers must stay readable beside the air units.

Run: QT_QPA_PLATFORM=offscreen python tests/ui/legend_begins/make_air_shot.py [OUT.png]
Plays through the controller (every other phase ends).  Scratch settings, no autosave.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

from PySide6.QtCore import QRectF
from shots import shot_window  # beside this script (its folder is on sys.path)

ROOT = Path(__file__).resolve().parents[3]
SEED = 1
SCENARIO = "legend_begins/gazala"


def advance(session) -> None:
    """On to the first air step past the placements (the Interceptors or Air-to-Air
    Combat), the program placing each side's air units."""
    from ffl.games.legend_begins.ai import make

    ctl = session.controller
    players = {s: make(ctl, s, "normal", SEED) for s in ("axis", "allied")}
    for _ in range(400):
        prompt = ctl.prompt(session.state)
        item = prompt.info.get("pending") or {}
        acts = list(ctl.legal_actions(session.state))
        if item.get("kind") == "air":
            if item.get("step") in ("intercept", "fight-d", "fight-a") and _flying(session):
                return
            session.do(players[prompt.side].choose(session.state, acts))
            continue
        ends = [a for a in acts if a.kind.startswith("end") or a.kind == "supply"]
        session.do(ends[0] if ends else acts[0])
    raise SystemExit("no air sub-phase with air units flying")


def _flying(session) -> Counter:
    types = session.module.piece_types
    return Counter(p.space for p in session.state.pieces.values()
                   if p.status == "active" and types[p.type].kind == "air")


def main(out: Path) -> None:
    app, window = shot_window("tlb-air-shot-")
    window.autosave_enabled = False
    window.open_scenario(SCENARIO, seed=SEED, options={"air_game": True})
    advance(window.session)
    window.refresh()
    for _ in range(3):
        app.processEvents()
    key = _flying(window.session).most_common(1)[0][0]
    window.game_ui.choose(key)                  # the Stack dock lists every air unit there
    c = window.scene.space_centre(key)
    window.map.fitInView(QRectF(c.x() - 200, c.y() - 190, 400, 380))
    for _ in range(5):
        app.processEvents()
    out.parent.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(out))
    print(f"{out}: air units over {dict(_flying(window.session))}, view on {key}")
    window.mark_clean()
    window.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs/screenshots/legend_begins-air.png")
