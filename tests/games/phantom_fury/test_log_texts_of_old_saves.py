"""A save keeps the log lines it was written with: the texts are stored with the
events, never worked out again, so a Phantom Fury game saved before the log's
wording changed ("Zone 7 1", "USMC K5-3 1 ... <= CF 4: a Step Loss") still opens
through the store, shows its own lines, and plays on with the new wording."""

from __future__ import annotations

import dataclasses
import random

from ffl.catalog import new_session
from ffl.games import game_of
from ffl.session import GameSession
from ffl.store import load_game, save_game

SCENARIO = "phantom_fury/jolan"


def _old_wording(text: str) -> str:
    """A line as the log wrote it before: "Zone 3 1" for "Zone 3, Location 1"."""
    return text.replace(", Location ", " ")


def test_4_2_a_save_with_the_old_location_wording_opens_and_plays_on(tmp_path):
    session = new_session(SCENARIO, seed=3, options=dict(game_of(SCENARIO).selfplay_options))
    rng = random.Random(3)
    for _ in range(12):
        session.do(rng.choice(list(session.controller.legal_actions(session.state))))
    assert any(", Location " in e.text for e in session.log.events)
    saved = session.snapshot()
    old = [dataclasses.replace(e, text=_old_wording(e.text)) for e in saved.events]
    path = tmp_path / "old-wording.ffl"
    save_game(path, dataclasses.replace(saved, events=old))     # a real SQLite file

    assert [e.text for e in load_game(path).events] == [e.text for e in old]
    reopened = GameSession.load(path)
    assert reopened.state.hash() == session.state.hash()
    assert [e.text for e in reopened.log.events] == [e.text for e in old]
    assert not any(", Location " in e.text for e in reopened.log.events)
    before = len(reopened.log.events)
    reopened.do(rng.choice(list(reopened.controller.legal_actions(reopened.state))))
    assert len(reopened.log.events) > before
