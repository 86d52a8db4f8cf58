"""Issue 12: a game replaced in the window (File › Open, a new scenario) is freed
by reference counting at once, not left in a cycle of Qt objects for the garbage
collector to find later (a collection of its ~20,000 objects landed in the timed
window of File › Open).  With the collector off, the old session and its log are
gone as soon as the deferred deletions have run, for every game's UI; the old UI
itself, released, neither holds them nor acts."""

from __future__ import annotations

import gc
import weakref

import pytest
from PySide6.QtCore import QCoreApplication, QEvent
from real_games import shown_window
from test_game_ui_conformance import _driver, _session

from ffl.engine import Action
from ffl.games import games


@pytest.mark.parametrize("game_id", [*games(), "free"])
def test_the_replaced_game_is_freed_without_the_collector(game_id, qtbot, tmp_path):
    driver = _driver(game_id)
    window = shown_window(qtbot, tmp_path, (1400, 900), autosave=False)
    assert window.set_session(_session(game_id, driver))
    qtbot.wait(20)
    window.map.fit()
    driver.drive(qtbot, window)     # the UI has been used: its modes, hovers, timers
    qtbot.wait(20)
    gc.collect()
    gc.disable()
    try:
        old_session, old_log = weakref.ref(window.session), weakref.ref(window.session.log)
        old_ui = window.game_ui     # held here: even alive, it holds no game
        assert window.set_session(_session(game_id, driver))
        qtbot.wait(20)
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        alive = old_session()
        holders = []
        if alive is not None:
            for r in gc.get_referrers(alive):
                if isinstance(r, dict):
                    holders += ["dict of " + type(o).__name__ for o in gc.get_referrers(r)
                                if getattr(o, "__dict__", None) is r] or ["dict"]
                elif type(r).__name__ != "frame":
                    holders.append(type(r).__name__)
        assert alive is None, f"the replaced session is still held by {holders}"
        assert old_log() is None
        # the released UI does nothing if a late callback reaches it
        assert old_ui.session is None and not old_ui.can("pass")
        assert old_ui.do(Action.make("pass", "x")) is None
        del old_ui
        window.map.fit()
        driver.drive(qtbot, window)     # the new game still plays
    finally:
        gc.enable()
