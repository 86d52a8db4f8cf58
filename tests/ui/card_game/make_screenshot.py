"""Write docs/screenshots/card-game.png (and card-game-handover.png): a 2-player
card game in mid-play, with a card picked, and the hand-over screen before it.

Run: QT_QPA_PLATFORM=offscreen python tests/ui/card_game/make_screenshot.py [OUT.png]
Plays a few turns through the controller (first legal play, else draw and
discard), then unlocks the current hand and picks a card so the map shows the
highlights.  Uses a scratch settings file and no autosave.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings

from ffl.ui.app import SCREENSHOT_SIZE, create_app, main_window, settled_grab

ROOT = Path(__file__).resolve().parents[3]
SEED = 3
TURNS = 6


def advance(session, turns: int) -> None:
    ctrl = session.controller
    for _ in range(turns):
        actions = list(ctrl.legal_actions(session.state))
        plays = [a for a in actions if a.kind == "play"]
        session.do(plays[0] if plays else actions[0])
        if session.state.vars["phase"] == "discard":
            session.do(list(ctrl.legal_actions(session.state))[-1])


def grab(app, window, out: Path) -> None:
    for _ in range(5):
        app.processEvents()
    window.map.fit()
    app.processEvents()
    settled_grab(window).save(str(out))


def main(out: Path) -> None:
    app = create_app()
    scratch = Path(tempfile.mkdtemp(prefix="card-shot-"))
    settings = QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat)
    window = main_window(settings=settings, data_folder=scratch / "data", autosave=False)
    window.resize(SCREENSHOT_SIZE)
    window.show()
    window.open_scenario("card_game/2p", seed=SEED)
    advance(window.session, TURNS)
    ui, ctrl = window.game_ui, window.session.controller
    out.parent.mkdir(parents=True, exist_ok=True)
    grab(app, window, out.with_name(out.stem + "-handover.png"))
    ui.screen_clicked()  # the current player sits down
    view = ui.shown_view()
    playable = ctrl.playable_cards(view, ui.active())
    if playable:  # pick the card with the most contact sections: the richest picture
        ui.card_clicked(max(playable, key=lambda c: len(ctrl.contacts(view, ui.active(), c))))
    grab(app, window, out)
    window.autosave_enabled = False
    window.mark_clean()
    window.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs/screenshots/card-game.png")
