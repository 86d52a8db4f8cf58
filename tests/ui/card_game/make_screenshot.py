"""Write docs/screenshots/card-game.png: a 2-player card game in mid-play.

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

from ffl.ui.app import SCREENSHOT_SIZE, create_app, main_window

ROOT = Path(__file__).resolve().parents[3]
SEED = 11
TURNS = 9


def advance(session, turns: int) -> None:
    ctrl = session.controller
    for _ in range(turns):
        actions = list(ctrl.legal_actions(session.state))
        plays = [a for a in actions if a.kind == "play"]
        session.do(plays[0] if plays else actions[0])
        if session.state.vars["phase"] == "discard":
            session.do(list(ctrl.legal_actions(session.state))[-1])


def main(out: Path) -> None:
    app = create_app()
    scratch = Path(tempfile.mkdtemp(prefix="card-shot-"))
    settings = QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat)
    window = main_window(settings=settings, data_folder=scratch / "data", autosave=False)
    window.resize(SCREENSHOT_SIZE)
    window.show()
    window.open_scenario("card_game/2p", seed=SEED)
    advance(window.session, TURNS)
    ui = window.game_ui
    ui.screen_clicked()  # the current player sits down
    view = ui.shown_view()
    playable = window.session.controller.playable_cards(view, ui.active())
    if playable:
        ui.card_clicked(playable[0])
    for _ in range(5):
        app.processEvents()
    window.map.fit()
    app.processEvents()
    out.parent.mkdir(parents=True, exist_ok=True)
    window.grab().save(str(out))
    window.autosave_enabled = False
    window.mark_clean()
    window.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs/screenshots/card-game.png")
