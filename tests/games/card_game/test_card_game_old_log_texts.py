"""A save keeps the log lines it was written with: a card game saved before the
rules named after players got their plain phrase ("First Player 2 — Player 1
lays ...", now "First Player 2 (contacts): Player 1 lays ...") still opens
through the store, shows its own lines, and plays on with the new wording."""

from __future__ import annotations

import dataclasses
import random

from ffl.catalog import new_session
from ffl.games import game_of
from ffl.games.card_game import tables as T
from ffl.session import GameSession
from ffl.store import load_game, save_game

SCENARIO = "card_game/2p"


def _old_wording(text: str) -> str:
    """A line as the log wrote it before: the rule's id and a dash."""
    for rule, phrase in T.PHRASES.items():
        text = text.replace(f"{rule} ({phrase}):", f"{rule} —")
    return text


def test_first_player_2_a_save_with_the_old_wording_opens_and_plays_on(tmp_path):
    session = new_session(SCENARIO, seed=1, options=dict(game_of(SCENARIO).selfplay_options))
    rng = random.Random(1)
    for _ in range(8):
        session.do(rng.choice(list(session.controller.legal_actions(session.state))))
    lays = [e.text for e in session.log.events if e.rule == T.CONTACT]
    assert lays and all(t.startswith("First Player 2 (contacts): Player ") for t in lays)
    saved = session.snapshot()
    old = [dataclasses.replace(e, text=_old_wording(e.text)) for e in saved.events]
    assert any(e.text.startswith("First Player 2 — Player ") for e in old)
    path = tmp_path / "old-wording.ffl"
    save_game(path, dataclasses.replace(saved, events=old))     # a real SQLite file

    assert [e.text for e in load_game(path).events] == [e.text for e in old]
    reopened = GameSession.load(path)
    assert reopened.state.hash() == session.state.hash()
    assert [e.text for e in reopened.log.events] == [e.text for e in old]
    before = len(reopened.log.events)
    while not any(e.rule == T.CONTACT for e in reopened.log.events[before:]):
        reopened.do(rng.choice(list(reopened.controller.legal_actions(reopened.state))))
    new = [e.text for e in reopened.log.events[before:] if e.rule == T.CONTACT]
    assert new[0].startswith("First Player 2 (contacts): Player ")     # plays on, new wording
