"""Write docs/screenshots/replay.png: a saved French Foreign Legion game in the
replay window, at a bookmarked position with its note.

Run from the repository root:

    QT_QPA_PLATFORM=offscreen python tests/ui/ffl/make_replay_screenshot.py [OUT.png]

The Basic Game (seed 5) is played by the game's own self-play policy (seeded)
into turn 1's movement, until the Bedouin have moved a few units, and saved in
a scratch folder.  The save is opened as a replay, the end of the set-up gets a
note and the position shown a bookmark with a note; the window (1400x900,
scratch settings) shows that position at the map's own zoom, centred on the
unit that moved last and framed so that no square label is cut at an edge.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings

from ffl import catalog
from ffl.games.ffl.policy import GoalPolicy
from ffl.replay import Replay
from ffl.ui.app import SCREENSHOT_SIZE, create_app, settled_grab
from ffl.ui.ffl.framing import frame_whole, text_rects
from ffl.ui.replay_window import ReplayWindow

ROOT = Path(__file__).resolve().parents[3]
SEED = 5
#: the Bedouin moves made in turn 1 before the position shown
MOVES = 8
#: the actions played after it (the replay goes on past the position shown)
AFTER = 40


def play(scratch: Path) -> tuple[Path, int, int]:
    """The saved game, the position just after the set-up and the position shown."""
    session = catalog.new_session("ffl/basic", seed=SEED, options={"turn_limit": 12})
    ctrl, rng, policy = session.controller, random.Random(SEED), GoalPolicy()
    setup_end = moves = shown = after = 0
    for _ in range(2000):
        state = session.state
        if ctrl.outcome(state) is not None or after >= AFTER:
            break
        prompt = ctrl.prompt(state)
        if prompt.phase == "movement" and not setup_end:
            setup_end = len(session.log.events)
        if not shown and moves >= MOVES:
            shown = len(session.log.events)
        after += bool(shown)
        action = policy.choose(ctrl, state, list(ctrl.legal_actions(state)), rng)
        session.do(action)
        if setup_end and action.kind == "move" and action.side == "bedouin":
            moves += 1
    if not shown:
        raise RuntimeError("the game ended before the position wanted")
    return session.save(scratch / "game.fflsave"), setup_end, shown


def main(out: Path) -> None:
    app = create_app()
    scratch = Path(tempfile.mkdtemp(prefix="replay-shot-"))
    path, setup_end, shown = play(scratch)
    replay = Replay.open(path)
    replay.set_note(setup_end, text="Turn 1 begins: the set-up is done")
    replay.set_note(shown, text="The Bedouin reach the south wall", bookmark=True)
    replay.goto(shown)
    settings = QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat)
    settings.setValue("ffl/animate_dice", False)
    window = ReplayWindow(replay, settings=settings, data_folder=scratch / "data")
    window.resize(SCREENSHOT_SIZE)
    window.show()
    window.goto(shown)
    for _ in range(5):
        app.processEvents()
    window.default_view()
    moved = next(c for e in reversed(replay.session.log.all_events[:shown])
                 for c in e.changes if c.field == "space" and c.value)
    window.map.centerOn(window.scene.space_centre(moved.value))
    frame_whole(window.map, text_rects(window.game_ui), window.scene.board_rect())
    window.overview.refit()
    for _ in range(5):
        app.processEvents()
    out.parent.mkdir(parents=True, exist_ok=True)
    settled_grab(window).save(str(out))
    print("wrote", out)
    window.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs/screenshots/replay.png")
