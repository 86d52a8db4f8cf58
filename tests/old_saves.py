"""Saves written before a log's wording changed: play a few random actions, write
the game to a real SQLite file with every log line put back into the old wording,
and open it again through the store.  The texts are stored with the events, never
worked out again, so such a save must show its own lines and play on.

Shared by each game's old-log-text test (card game, Phantom Fury)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from pathlib import Path

from ffl.catalog import new_session
from ffl.engine import Event
from ffl.games import game_of
from ffl.session import GameSession
from ffl.store import load_game, save_game


def played(scenario: str, seed: int, actions: int) -> tuple[GameSession, random.Random]:
    """A new game of ``scenario`` (its self-play options) after ``actions`` random
    legal actions drawn with ``random.Random(seed)``; the same generator is returned
    so the test plays on with it."""
    session = new_session(scenario, seed=seed, options=dict(game_of(scenario).selfplay_options))
    rng = random.Random(seed)
    for _ in range(actions):
        session.do(rng.choice(list(session.controller.legal_actions(session.state))))
    return session, rng


def old_events(session: GameSession, old_wording: Callable[[str], str]) -> list[Event]:
    """The session's log with every line in the old wording."""
    return [dataclasses.replace(e, text=old_wording(e.text)) for e in session.snapshot().events]


def save_and_reopen(session: GameSession, old: list[Event], path: Path) -> GameSession:
    """Write the game with the ``old`` log lines to ``path`` (a real SQLite file),
    check the file and the reopened game keep them and the game's state, and return
    the reopened game."""
    save_game(path, dataclasses.replace(session.snapshot(), events=old))

    assert [e.text for e in load_game(path).events] == [e.text for e in old]
    reopened = GameSession.load(path)
    assert reopened.state.hash() == session.state.hash()
    assert [e.text for e in reopened.log.events] == [e.text for e in old]
    return reopened
