"""Help on board for Phantom Fury: How to play, and an index entry (in our own
words) for every rule number the rules cite."""

from __future__ import annotations

import re

from ffl.games import manifest
from ffl.games.phantom_fury import tables as T


def test_how_to_play_covers_the_turn_how_to_win_and_the_mouse():
    found = manifest("phantom_fury").game_help()
    headings = [h for h, _ in found.how_to_play]
    assert "Mouse and keys" in headings
    assert any("win" in h.lower() for h in headings) and any("turn" in h.lower()
                                                            for h in headings)


def test_every_rule_number_the_rules_use_has_an_index_entry():
    found = manifest("phantom_fury").game_help()
    used = {v for k, v in vars(T).items() if k.isupper() and isinstance(v, str)
            and re.fullmatch(r"\d+(\.\d+)*", v)}
    assert sorted(r for r in used if r not in found.rules) == []
    for number, (title, summary) in found.rules.items():
        assert title and summary.endswith((".", ")")), number
