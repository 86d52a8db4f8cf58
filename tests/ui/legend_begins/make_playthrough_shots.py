"""Write pictures of a Legend Begins game played through the window: the program plays
both sides of a scenario (normal level) and the window is drawn at the first of each
kind of moment a player meets (a Movement Phase, a Combat Phase with the attacked hex
chosen, a step loss, a retreat, an advance, a 5.3 / 5.5 choice, a 20.5 demolition, a
44.0 release, the end), at 1366x768, the window as it opens each decision.

Run: QT_QPA_PLATFORM=offscreen python tests/ui/legend_begins/make_playthrough_shots.py
OUT_DIR [SCENARIO [SEED [TURNS]]]   (default crusader, seed 1, 2 turns)
Scratch settings, no autosave.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QSize

from ffl.ui.app import scratch_window

MOMENTS = ("move", "attack", "loss", "retreat", "advance", "eliminate", "aside",
           "demolish", "release")


def main(out: Path, scenario: str, seed: int, turns: int) -> None:
    from ffl.games.legend_begins.ai import make

    app, window = scratch_window(QSize(1366, 768), "tlb-play-shots-")
    window.autosave_enabled = False
    window.open_scenario(f"legend_begins/{scenario}", seed=seed, options={"last_turn": turns})
    session = window.session
    ctl = session.controller
    players = {s: make(ctl, s, "normal", seed) for s in ("axis", "allied")}
    out.mkdir(parents=True, exist_ok=True)
    seen: set[str] = set()
    n = 0
    for _ in range(5000):
        if ctl.outcome(session.state) is not None:
            break
        prompt = ctl.prompt(session.state)
        acts = list(ctl.legal_actions(session.state))
        moment = next((k for k in MOMENTS if k in prompt.kinds
                       and any(a.kind == k for a in acts)), None)
        choice = players[prompt.side].choose(ctl.view(session.state, prompt.side), acts)
        if moment and moment not in seen:
            seen.add(moment)
            window.refresh()
            ui = window.game_ui
            if moment == "attack" and choice.kind == "attack":
                ui.choose(session.state.pieces[choice["attackers"][0]].space)
                ui.choose(choice["targets"][0])          # the hex it is about to attack
            for _ in range(3):
                app.processEvents()
            n += 1
            path = out / f"{n:02d}-{moment}.png"
            window.grab().save(str(path))
            print(path, prompt.text[:100])
        session.do(choice)
    window.refresh()
    for _ in range(3):
        app.processEvents()
    window.grab().save(str(out / f"{n + 1:02d}-end.png"))
    print(out / f"{n + 1:02d}-end.png", ctl.outcome(session.state))
    window.mark_clean()
    window.close()


if __name__ == "__main__":
    args = sys.argv[1:]
    main(Path(args[0]), args[1] if len(args) > 1 else "crusader",
         int(args[2]) if len(args) > 2 else 1, int(args[3]) if len(args) > 3 else 1)
