"""22.12 The Returning Patrol, the Bedouin set-up: every Bedouin unit starts off the
gameboard with its Rope units; nothing of theirs is placed on the board."""

from helpers import controller, module
from helpers import done as do
from helpers import verdict as ok
from test_22_returning_patrol import legion_set_up, start


def characters(state, side="bedouin"):
    return [p for p in state.pieces.values() if p.side == side
            and module().piece_types[p.type].kind == "character"]


def test_22_12_the_bedouin_start_off_the_board_with_their_ropes():
    state = do(legion_set_up(start()), "end-setup")
    bedouin = characters(state)
    assert bedouin and all(p.status == "off" and p.space is None for p in bedouin)
    kinds = {a.kind for a in controller().legal_actions(state)}
    assert "place" not in kinds and "assign-rope" in kinds
    assert not ok(state, "place", "bedouin", piece="B-A-Abdul", space="A1", level=0, facing=0)

    state = do(state, "assign-rope", "bedouin", piece="B-A-Abdul", rope="rope-01")
    state = do(state, "leave-out-tribe", "bedouin", org="riff")
    state = do(state, "end-setup", "bedouin")
    assert state.vars["phase"] == "movement" and state.vars["turn"] == 1
    assert all(p.space is None for p in characters(state))        # still off the board
    rope = state.pieces["rope-01"]
    assert (rope.status, rope.space, rope.data["carrier"]) == ("off", None, "B-A-Abdul")
