"""3 the sequence of play, 5 mixing and drawing the Sequence units, 8 stun
removal, 6.3332 used ropes turned back, and the turn limit option."""

from helpers import N, S, act, controller, dice, seed_for, state_with, verdict

from ffl.engine import Action
from ffl.games.ffl.rules.context import ORGS

ADLER, COLE = "L-1-Adler", "L-1-Cole"
ABDUL = "B-A-Abdul"


def test_5_the_cup_holds_the_ten_sequence_units():
    assert len(ORGS) == 10 and len(set(ORGS)) == 10


def test_3_2_draw_is_a_die_with_one_face_per_unit_in_the_cup():
    seed = seed_for([4], sides=10)
    state = state_with({ADLER: ("N8", 0, N)}, chit=None, seed=seed, cup=list(ORGS))
    assert controller().prompt(state).kinds == ("draw",)
    state, events = act(state, "draw")
    assert dice(events) == [4] and events[0].info["sides"] == 10
    assert state.vars["chit"] == ORGS[3] == "squad-3"
    assert state.vars["cup"] == [o for o in ORGS if o != "squad-3"]
    assert state.vars["active"] == "legion"
    assert events[-1].rule == "3.2" and events[-1].text.startswith("3.2")


def test_3_2_a_bedouin_draw_hands_the_move_to_the_bedouin():
    seed = seed_for([2], sides=3)
    state = state_with({ADLER: ("N8", 0, N)}, chit=None, seed=seed,
                       cup=["squad-1", "riff", "arab"])
    state, _ = act(state, "draw")
    assert state.vars["chit"] == "riff" and state.vars["active"] == "bedouin"
    assert controller().prompt(state).side == "bedouin"


def test_6_1_next_unit_drawn_only_after_the_phase_ends():
    state = state_with({ADLER: ("N8", 0, N)}, cup=["squad-2"])
    v = verdict(state, "draw")
    assert not v and v.rule == "6.1"
    v = verdict(state, "end-phase", "bedouin")
    assert not v and v.rule == "6.1"
    state, events = act(state, "end-phase")
    assert events[0].rule == "6.1" and "chit" not in state.vars
    assert verdict(state, "draw")


def test_6_123_unused_mf_are_not_kept():
    state = state_with({ADLER: ("N8", 0, N)}, cup=["squad-2"])
    state, _ = act(state, "move", piece=ADLER, to="N9", level=0)
    state, _ = act(state, "end-phase")
    assert "mf_left" not in state.pieces[ADLER].data
    assert controller().mf_left(state, ADLER) == 5


def test_3_3_after_the_last_movement_phase_the_cup_is_refilled_for_fire():
    state = state_with({ADLER: ("N8", 0, N)}, cup=[])
    state, events = act(state, "end-phase")
    assert state.vars["phase"] == "fire" and sorted(state.vars["cup"]) == sorted(ORGS)
    assert events[-1].rule == "3.3"


def test_6_3332_used_ropes_turned_back_after_all_movement_phases():
    state = state_with({ADLER: ("N8", 0, N)}, cup=["arab"],
                       entry={"berber": {"turn": 1, "edge": "N"}})
    rope = state.pieces["rope-01"]
    rope.status, rope.space, rope.data["used"] = "active", "F2", True
    state, _ = act(state, "end-phase")
    assert state.pieces["rope-01"].data["used"] is True      # one more movement phase to go
    state.vars["cup"] = []
    state.vars["chit"] = "arab"
    state.vars["active"] = "bedouin"
    state, events = act(state, "end-phase", "bedouin")
    assert "used" not in state.pieces["rope-01"].data
    assert "6.3332" in [e.rule for e in events]


def test_3_4_fire_phase_ends_and_moved_units_are_turned_back():
    state = state_with({ADLER: ("N8", 0, N)}, phase="fire", cup=["squad-2"],
                       data={ADLER: {"moved": True}})
    state, events = act(state, "end-phase")
    assert "moved" not in state.pieces[ADLER].data
    assert events[0].rule == "7.1" and state.vars["phase"] == "fire"


def test_3_4_no_movement_in_a_fire_phase():
    state = state_with({ADLER: ("N8", 0, N)}, phase="fire", cup=[])
    v = verdict(state, "move", piece=ADLER, to="N9", level=0)
    assert not v and v.rule == "3.2"


def test_3_5_8_stun_removal_then_a_new_turn():
    state = state_with({ADLER: ("N8", 0, N), COLE: ("P8", 0, S)}, phase="fire", cup=[],
                       markers={ADLER: {"stun": 2}, COLE: {"stun": 1}})
    state, events = act(state, "end-phase")
    assert state.pieces[ADLER].markers == {"stun": 1}
    assert state.pieces[COLE].markers == {}              # 8: back to normal next turn
    assert "8" in [e.rule for e in events] and "3.5" in [e.rule for e in events]
    assert state.vars["turn"] == 2 and state.vars["phase"] == "movement"
    assert sorted(state.vars["cup"]) == sorted(ORGS)
    assert events[-1].rule == "3.1"


def test_3_5_8_with_nobody_stunned_only_the_phase_line_is_logged():
    """8 says nothing when no unit is stunned: no "nobody is stunned" line each turn."""
    state = state_with({ADLER: ("N8", 0, N), COLE: ("P8", 0, S)}, phase="fire", cup=[])
    state, events = act(state, "end-phase")
    assert "3.5" in [e.rule for e in events] and "8" not in [e.rule for e in events]
    assert not [e for e in events if "nobody" in e.text]
    assert state.vars["turn"] == 2 and events[-1].rule == "3.1"


def test_6_53_stunned_units_do_not_move_until_the_stun_is_gone():
    state = state_with({ADLER: ("N8", 0, N)}, markers={ADLER: {"stun": 1}})
    v = verdict(state, "move", piece=ADLER, to="N9", level=0)
    assert not v and v.rule == "6.53"
    assert controller().movable_pieces(state) == []


def test_9_turn_limit_option_ends_in_a_draw():
    state = state_with({ADLER: ("N8", 0, N)}, phase="fire", cup=[], turn=3, turn_limit=3)
    state, events = act(state, "end-phase")
    outcome = controller().outcome(state)
    assert outcome is not None and outcome.winner is None and outcome.rule == "9"
    assert state.vars["phase"] == "over" and controller().legal_actions(state) == []


def test_9_a_game_started_normally_has_no_turn_limit():
    # 9: play goes on until one side is gone; only self-play adds a cap
    from ffl import catalog
    from ffl.games import games

    session = catalog.new_session("ffl/basic", seed=3)
    assert session.state.vars["turn_limit"] == 0
    assert games()["ffl"].selfplay_options == {"turn_limit": 12}


def test_3_every_phase_can_be_ended():
    state = state_with({ADLER: ("N8", 0, N), ABDUL: None}, chit="arab", cup=["squad-1"])
    actions = controller().legal_actions(state)
    assert any(a.kind == "enter" for a in actions)
    # at least one new organization per turn: this is the last chance, so it must enter
    assert not any(a.kind == "end-phase" for a in actions)


def test_6_3332_2_31_counts_read_as_sentences():
    """Log and refusal texts say "one unit", "3 units", "one used rope is turned
    back over", never "unit(s)" or "rope(s)"."""
    from ffl.games.ffl.rules.context import units_text

    assert (units_text(1), units_text(3)) == ("one unit", "3 units")
    state = controller().start(controller().module.scenarios["ffl/basic"], {}, 1)
    v = controller().legal(state, Action.make("end-setup", "legion"))
    # 2.31 the refusal names the organization as the players do ("Squad 1", not "squad-1")
    assert not v and v.reason == "leave out one unit of Squad 1", v
