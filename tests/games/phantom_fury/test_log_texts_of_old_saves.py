"""A save keeps the log lines it was written with: the texts are stored with the
events, never worked out again, so a Phantom Fury game saved before the log's
wording changed ("Zone 7 1", "USMC K5-3 1 ... <= CF 4: a Step Loss") still opens
through the store, shows its own lines, and plays on with the new wording."""

from __future__ import annotations

from old_saves import old_events, played, save_and_reopen

SCENARIO = "phantom_fury/jolan"


def _old_wording(text: str) -> str:
    """A line as the log wrote it before: "Zone 3 1" for "Zone 3, Location 1"."""
    return text.replace(", Location ", " ")


def test_4_2_a_save_with_the_old_location_wording_opens_and_plays_on(tmp_path):
    session, rng = played(SCENARIO, seed=3, actions=12)
    assert any(", Location " in e.text for e in session.log.events)
    old = old_events(session, _old_wording)
    reopened = save_and_reopen(session, old, tmp_path / "old-wording.ffl")     # a real SQLite file

    assert not any(", Location " in e.text for e in reopened.log.events)
    before = len(reopened.log.events)
    reopened.do(rng.choice(list(reopened.controller.legal_actions(reopened.state))))
    assert len(reopened.log.events) > before
