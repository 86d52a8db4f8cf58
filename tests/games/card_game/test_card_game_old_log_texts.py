"""A save keeps the log lines it was written with: a card game saved before the
rules named after players got their plain phrase ("First Player 2 — Player 1
lays ...", now "First Player 2 (contacts): Player 1 lays ...") still opens
through the store, shows its own lines, and plays on with the new wording."""

from __future__ import annotations

from old_saves import old_events, played, save_and_reopen

from ffl.games.card_game import tables as T

SCENARIO = "card_game/2p"


def _old_wording(text: str) -> str:
    """A line as the log wrote it before: the rule's id and a dash."""
    for rule, phrase in T.PHRASES.items():
        text = text.replace(f"{rule} ({phrase}):", f"{rule} —")
    return text


def test_first_player_2_a_save_with_the_old_wording_opens_and_plays_on(tmp_path):
    session, rng = played(SCENARIO, seed=1, actions=8)
    lays = [e.text for e in session.log.events if e.rule == T.CONTACT]
    assert lays and all(t.startswith("First Player 2 (contacts): Player ") for t in lays)
    old = old_events(session, _old_wording)
    assert any(e.text.startswith("First Player 2 — Player ") for e in old)
    reopened = save_and_reopen(session, old, tmp_path / "old-wording.ffl")     # a real SQLite file

    before = len(reopened.log.events)
    while not any(e.rule == T.CONTACT for e in reopened.log.events[before:]):
        reopened.do(rng.choice(list(reopened.controller.legal_actions(reopened.state))))
    new = [e.text for e in reopened.log.events[before:] if e.rule == T.CONTACT]
    assert new[0].startswith("First Player 2 (contacts): Player ")     # plays on, new wording
