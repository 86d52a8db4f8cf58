"""Events, fold, dice, the game log and JSON round trips (ffl.engine core)."""

import json

import pytest

from ffl.engine import Action, Change, Dice, Event, GameLog, GameState, Piece, apply_event, fold
from ffl.engine.dice import die_value


def _state(seed=11):
    return GameState("ffl", "ffl/basic", seed, {
        "L1": Piece("L1", "adler", "legion", "K12", 0, 2),
        "B1": Piece("B1", "abbas", "bedouin", "C3", 1, 6, markers={"stun": 1}),
    }, {"turn": 1})


def _move(pid, to, rule="5.1"):
    return Event("move", rule, f"{rule} {pid} moves to {to}", (Change.set(pid, "space", to),))


def test_apply_change_sets_fields_markers_data_and_vars():
    s = _state()
    apply_event(s, Event("x", "1.0", "1.0 test", (
        Change.set("L1", "facing", 4),
        Change.set("L1", "markers.stun", 2),
        Change.set("B1", "markers.stun", 0),
        Change.set("L1", "data.rope", True),
        Change.var("turn", 2),
        Change.var("cup", ("a", "b")),
    )))
    assert s.pieces["L1"].facing == 4
    assert s.pieces["L1"].markers == {"stun": 2}
    assert s.pieces["B1"].markers == {}
    assert s.pieces["L1"].data == {"rope": True}
    assert s.vars["turn"] == 2 and s.vars["cup"] == ["a", "b"]
    apply_event(s, Event("y", changes=(Change.set("L1", "data.rope", None), Change.var("cup", None))))
    assert s.pieces["L1"].data == {} and "cup" not in s.vars


def test_unknown_piece_field_is_refused():
    with pytest.raises(KeyError):
        apply_event(_state(), Event("x", changes=(Change.set("L1", "colour", "red"),)))


def test_fold_leaves_the_initial_state_alone():
    s = _state()
    before = s.hash()
    after = fold(s, [_move("L1", "K13"), _move("L1", "K14")])
    assert s.hash() == before
    assert after.pieces["L1"].space == "K14"
    assert after.hash() != before


def test_event_lists_the_pieces_it_changes():
    e = Event("x", changes=(Change.set("L1", "space", "A1"), Change.var("turn", 3)))
    assert e.pieces == {"L1"}


def test_dice_same_seed_same_values():
    a = [die_value(42, i) for i in range(200)]
    assert a == [die_value(42, i) for i in range(200)]
    assert a != [die_value(43, i) for i in range(200)]
    assert set(a) == {1, 2, 3, 4, 5, 6}


def test_6_72_dice_event_holds_its_values_and_advances_the_counter():
    s = _state(seed=5)
    dice = Dice.for_state(s)
    first = dice.roll("6.72", "Melee", side="legion", target="B1")
    second = dice.roll("7.6", "Fire", n=2)
    assert first.rule == "6.72" and first.text.startswith("6.72 Melee: rolled ")
    assert first.dice == (die_value(5, 0),)
    assert second.dice == (die_value(5, 1), die_value(5, 2))
    assert first.info["target"] == "B1" and first.side == "legion"
    s2 = fold(s, [first, second])
    assert s2.vars["_rolls"] == 3
    # a new Dice for the folded state continues where the log left off
    assert Dice.for_state(s2).roll("7.6", "Fire").dice == (die_value(5, 3),)
    # the same state rolls the same values again
    assert Dice.for_state(s).roll("6.72", "Melee").dice == first.dice


def _log_with_steps():
    s = _state()
    log = GameLog(s)
    log.append([_move("L1", "K13")])
    log.append([_move("L1", "K14"), Dice.for_state(log.state).roll("6.72", "Melee")])
    log.append([_move("B1", "C4")])
    return s, log


def test_log_undo_redo_by_step():
    s, log = _log_with_steps()
    hashes = [log.state_at(n).hash() for n in range(len(log) + 1)]
    assert len(log) == 4
    assert log.undo() and len(log) == 3 and log.state.hash() == hashes[3]
    assert log.undo() and len(log) == 1 and log.state.pieces["L1"].space == "K13"
    assert log.redo() and len(log) == 3
    assert log.redo() and len(log) == 4 and log.state.hash() == hashes[4]
    assert not log.redo()
    while log.undo():
        pass
    assert len(log) == 0 and log.state.hash() == s.hash()


def test_log_append_after_undo_drops_the_redo_branch():
    _, log = _log_with_steps()
    log.undo()
    log.append([_move("B1", "D9")])
    assert not log.can_redo()
    assert log.state.pieces["B1"].space == "D9"
    assert len(log.events) == 4


def test_log_floor_stops_undo():
    _, log = _log_with_steps()
    log.floor = 3
    assert log.undo() and len(log) == 3
    assert not log.undo()
    with pytest.raises(ValueError):
        log.truncate(2)


def test_log_truncate_to_any_event():
    _, log = _log_with_steps()
    expected = log.state_at(2).hash()
    log.truncate(2)
    assert len(log) == 2 and log.state.hash() == expected
    assert not log.can_redo()
    assert log.undo() and len(log) == 1


def test_log_state_at_and_replay_match_fold():
    s = _state()
    log = GameLog(s)
    events = [_move("L1", f"K{n}") for n in range(1, 150)]
    for e in events:
        log.append([e])
    for n in (0, 1, 63, 64, 65, 128, 149):
        assert log.state_at(n).hash() == fold(s, events[:n]).hash()
    replayed = list(log.replay())
    assert len(replayed) == 149
    assert replayed[-1][1].hash() == log.state.hash() == fold(s, events).hash()
    # undo across snapshots and back
    for _ in range(100):
        log.undo()
    assert log.state.hash() == fold(s, events[:49]).hash()
    while log.redo():
        pass
    assert log.state.hash() == fold(s, events).hash()
    with pytest.raises(IndexError):
        log.state_at(500)


def test_log_built_from_events_equals_log_appended():
    s, log = _log_with_steps()
    again = GameLog(s, log.events)
    assert again.state.hash() == log.state.hash()


def test_game_state_json_round_trip():
    s = _state()
    s.pieces["L1"].data["ropes"] = [1, 2]
    s.vars["cup"] = {"legion": ["a"], "bedouin": []}
    text = json.dumps(s.to_json())
    back = GameState.from_json(json.loads(text))
    assert back.hash() == s.hash()
    assert back.pieces["B1"].markers == {"stun": 1}
    assert back.pieces["L1"].position == ("K12", 0)
    copy = s.copy()
    copy.pieces["L1"].data["ropes"].append(3)
    assert s.pieces["L1"].data["ropes"] == [1, 2]


def test_action_json_round_trip():
    a = Action.make("move", "legion", piece="L3", to="K12", path=["K10", "K11"])
    assert a["path"] == ("K10", "K11")
    back = Action.from_json(json.loads(json.dumps(a.to_json())))
    assert back == a and hash(back) == hash(a)
    assert a.get("missing", 7) == 7
    with pytest.raises(KeyError):
        a["missing"]
    assert str(a) == "legion:move(path=('K10', 'K11'), piece=L3, to=K12)"


def test_event_json_round_trip():
    e = Dice.for_state(_state()).roll("6.72", "Melee", side="legion", mods=[-1, 2])
    back = Event.from_json(json.loads(json.dumps(e.to_json())))
    assert back == e and back.to_json() == e.to_json()
    assert back.dice == e.dice and back.info["mods"] == [-1, 2]


def test_log_names_the_step_undo_and_redo_would_move():
    _, log = _log_with_steps()
    assert [e.kind for e in log.undo_step()] == ["move"]
    assert log.redo_step() == []
    log.undo()
    step = log.undo_step()
    assert [e.kind for e in step] == ["move", "dice"] and step[1].rule == "6.72"
    assert [e.kind for e in log.redo_step()] == ["move"]
    log.floor = 1
    assert log.undo_step() == step  # the floor sits at the step's start
    log.undo()
    assert log.undo_step() == []


def test_log_join_steps_makes_one_undo_step():
    s, log = _log_with_steps()
    start = 1  # after the first step
    log.join_steps(start)
    assert [e.kind for e in log.undo_step()] == ["move", "dice", "move"]
    log.undo()
    assert len(log) == 1 and log.state.hash() == log.state_at(1).hash()
    assert log.steps == [0, 1]
