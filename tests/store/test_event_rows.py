"""What the store says of a saved event row it cannot take (issue 12 made the
checks of a row one pass over its entries: the sentences stay the same)."""

from __future__ import annotations

import json

import pytest

from ffl.engine import Change, Event
from ffl.store.jsondata import BadJson
from ffl.store.savegame import _event


def _row(**entries) -> str:
    return json.dumps({"kind": "move", "rule": "6.1", "text": "6.1 moved", **entries},
                      sort_keys=True, separators=(",", ":"))


def test_a_good_row_gives_the_event_it_holds():
    row = _row(changes=[["L1", "space", "K12"], [None, "turn", 2], ["L1", "data.x", [1]],
                        ["L1", "markers.stun", 1]], dice=[3, 5], side="legion",
               info={"piece": "L1"})
    event = _event(7, row)
    assert event == Event("move", "6.1", "6.1 moved",
                          (Change("L1", "space", "K12"), Change(None, "turn", 2),
                           Change("L1", "data.x", [1]), Change("L1", "markers.stun", 1)),
                          (3, 5), "legion", {"piece": "L1"})
    assert Event.from_json(json.loads(row)) == event


@pytest.mark.parametrize(("entries", "message"), [
    ({"kind": 5}, "event 4 has no kind"),
    ({"extra": 1}, "event 4 has an unknown entry 'extra'"),
    # an unknown entry is named before an entry of the wrong type, wherever it is
    ({"aaa": 1, "text": 5}, "event 4 has an unknown entry 'aaa'"),
    ({"text": 5, "zzz": 1}, "event 4 has an unknown entry 'zzz'"),
    # of several entries of the wrong type, the first of rule, text, side, changes,
    # dice, info is named
    ({"info": [], "rule": 1}, "event 4 rule has the wrong type (int)"),
    ({"dice": {}, "changes": {}}, "event 4 changes has the wrong type (dict)"),
    ({"dice": [7, 10_001]}, "event 4 dice should be whole numbers from 0 to 10000"),
    ({"dice": [True]}, "event 4 dice should be whole numbers"),
    ({"changes": [["L1", "level", True]]}, "event 4 sets the level of 'L1' to True"),
    ({"changes": [["L1", "markers.stun", 1.5]]}, "event 4 sets marker 'stun' of 'L1'"),
    ({"changes": [["L1", "colour", 1]]}, "event 4 changes 'colour', which is not a field"),
    ({"changes": [["L1", "space"]]}, "event 4 has a malformed change"),
])
def test_a_bad_row_is_refused_saying_what(entries, message):
    with pytest.raises(BadJson, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        _event(4, _row(**entries))
