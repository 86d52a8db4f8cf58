"""FreePlayController: free play on any module (no rules, only the data checked).

Each action's refusals, the events it makes (rule "free", text "Free play: ..."),
random play keeping the invariants, save/load through a real file and exact
undo/redo."""

from __future__ import annotations

import random

import pytest

from ffl.engine import Action, IllegalAction, Module, PieceType, Placement, Scenario
from ffl.engine.grids import hex_grid, square_grid
from ffl.games.free.controller import RULE, FreePlayController
from ffl.session import GameSession

TYPES = {"inf": PieceType("inf", "Infantry", "red", values={"back": "Routed"}),
         "gun": PieceType("gun", "Gun", "blue")}


def module(grid: str = "hex", game: str = "homebrew") -> Module:
    board = hex_grid(6, 5) if grid == "hex" else square_grid(6, 5)
    first, second = list(board.spaces)[:2]
    scenario = Scenario(f"{game}/meeting", game, "Meeting", "map", sides=("red", "blue"),
                        placements=[Placement("i1", "inf", "red", first, 0, 0),
                                    Placement("i2", "inf", "red", second),
                                    Placement("g1", "gun", "blue", None, status="off")])
    return Module(game, game, "Homebrew", boards={"map": board}, piece_types=dict(TYPES),
                  scenarios={scenario.id: scenario})


def session(grid: str = "hex", seed: int = 3) -> GameSession:
    return GameSession.new(module(grid), "homebrew/meeting", seed=seed)


def refused(s: GameSession, kind: str, **args) -> str:
    verdict = s.controller.legal(s.state, Action.make(kind, "red", **args))
    assert not verdict and verdict.rule == RULE
    with pytest.raises(IllegalAction):
        s.do(Action.make(kind, "red", **args))
    return verdict.reason


def test_an_unregistered_module_is_free_play_with_its_pieces_where_the_scenario_put_them():
    s = session()
    assert isinstance(s.controller, FreePlayController) and s.rules == "off"
    st = s.state
    assert st.pieces["i1"].position == ("0101", 0) and st.pieces["g1"].space is None
    assert s.controller.facings(st) == 6
    assert session("square").controller.facings(session("square").state) == 8
    assert s.controller.outcome(st) is None and s.controller.invariants(st) == []


def test_move_refuses_unknown_pieces_spaces_and_levels_and_goes_anywhere_else():
    s = session()
    assert refused(s, "move", piece="nobody", space="0101") == "there is no piece 'nobody'"
    assert refused(s, "move", piece="i1", space="9999") == \
        "there is no space '9999' on this board"
    assert refused(s, "move", piece="i1", space="0303", level="up") == \
        "the level must be a whole number"
    assert refused(s, "fly", piece="i1") == "free play has no action 'fly'"
    # far away, onto another piece, from off the map: all fine
    for pid, space in (("i1", "0605"), ("i2", "0605"), ("g1", "0303")):
        (event,) = s.do(Action.make("move", "red", piece=pid, space=space, level=0))
        assert event.rule == RULE and event.text.startswith("Free play: ")
        assert s.state.pieces[pid].position == (space, 0)
    assert s.state.pieces["g1"].status == "active"
    assert s.log.events[-1].text == "Free play: Gun to 0303"


def test_face_allows_six_facings_on_hexes_and_eight_on_squares():
    s = session("hex")
    assert refused(s, "face", piece="i1", facing=6) == "a facing here is a number from 0 to 5"
    assert refused(s, "face", piece="i1", facing=-1) == "a facing here is a number from 0 to 5"
    assert refused(s, "face", piece="i1", facing=True) == "a facing here is a number from 0 to 5"
    assert refused(s, "face", piece="g1", facing=1) == "only a counter on the map can be turned"
    names = []
    for f in range(6):
        names.append(s.do(Action.make("face", "red", piece="i1", facing=f))[0].text)
    assert names == [f"Free play: Infantry faces {n}" for n in ("N", "NE", "SE", "S", "SW", "NW")]
    sq = session("square")
    assert refused(sq, "face", piece="i1", facing=8) == "a facing here is a number from 0 to 7"
    assert sq.do(Action.make("face", "red", piece="i1", facing=7))[0].text == \
        "Free play: Infantry faces NW"


def test_flip_toggles_the_back_and_remove_takes_a_piece_off():
    s = session()
    s.do(Action.make("flip", "red", piece="i1"))
    assert s.state.pieces["i1"].data == {"flipped": True}
    assert s.log.events[-1].text == "Free play: Infantry flipped to its back"
    s.do(Action.make("flip", "red", piece="i1"))
    assert s.state.pieces["i1"].data == {}
    s.do(Action.make("flip", "blue", piece="g1"))       # off the map too
    assert s.state.pieces["g1"].data == {"flipped": True}
    assert refused(s, "remove", piece="g1") == "that piece is not on the map"
    s.do(Action.make("remove", "red", piece="i1"))
    assert (s.state.pieces["i1"].space, s.state.pieces["i1"].status) == (None, "off")
    assert s.log.events[-1].text == "Free play: Infantry taken off the map"


def test_mark_bounds_names_and_counts_and_zero_takes_the_marker_off():
    s = session()
    need_name = "a marker needs a name of 1 to 30 characters"
    assert refused(s, "mark", piece="i1", marker="", count=1) == need_name
    assert refused(s, "mark", piece="i1", marker="   ", count=1) == need_name
    assert refused(s, "mark", piece="i1", marker="x" * 31, count=1) == need_name
    assert refused(s, "mark", piece="i1", marker=3, count=1) == need_name
    for count in (-1, 100, 1.5, True):
        assert refused(s, "mark", piece="i1", marker="hit", count=count) == \
            "a marker counts 0 to 99"
    s.do(Action.make("mark", "red", piece="i1", marker="out of command", count=99))
    assert s.state.pieces["i1"].markers == {"out of command": 99}
    assert s.log.events[-1].text == "Free play: Infantry: marker out of command x99"
    s.do(Action.make("mark", "red", piece="i1", marker="out of command", count=0))
    assert s.state.pieces["i1"].markers == {}
    assert s.log.events[-1].text == "Free play: Infantry: marker out of command removed"


def test_roll_bounds_and_the_values_in_the_log():
    s = session()
    bounds = "roll 1 to 20 dice of 2 to 100 sides"
    for dice, sides in ((0, 6), (21, 6), (1, 1), (1, 101), (True, 6), (2, 6.0)):
        assert refused(s, "roll", dice=dice, sides=sides) == bounds
    (one,) = s.do(Action.make("roll", "", dice=1, sides=6))
    assert one.kind == "dice" and one.rule == RULE and len(one.dice) == 1
    assert one.text == f"Free play: roll 1d6: {one.dice[0]}"
    (many,) = s.do(Action.make("roll", "red", dice=20, sides=100, purpose="barrage"))
    assert len(many.dice) == 20 and all(1 <= v <= 100 for v in many.dice)
    assert many.text.startswith("Free play: roll 20d100 for barrage: ")
    assert many.text.endswith(f"(total {sum(many.dice)})")
    assert many.info["purpose"] == "barrage" and many.info["sides"] == 100
    assert s.state.vars["_rolls"] == 21


def test_random_legal_play_keeps_the_invariants_and_replays_exactly():
    for grid, seed in (("hex", 5), ("square", 9)):
        s = session(grid, seed)
        rng = random.Random(seed)
        for _ in range(300):
            action = rng.choice(list(s.controller.legal_actions(s.state)))
            assert s.controller.legal(s.state, action), action
            events = s.do(action)
            assert all(e.rule == RULE and e.text.startswith("Free play") for e in events)
            assert s.controller.invariants(s.state) == []
        replayed = list(s.log.replay())[-1][1]
        assert replayed.hash() == s.state.hash()


def test_save_and_load_through_a_real_file_give_the_same_game(tmp_path):
    s = session(seed=11)
    s.undo_rolls = True
    rng = random.Random(2)
    for _ in range(60):
        s.do(rng.choice(list(s.controller.legal_actions(s.state))))
    s.do(Action.make("roll", "", dice=3, sides=10, purpose="morale"))
    path = s.save(tmp_path / "free.fflsave")
    back = GameSession.load(path)
    assert isinstance(back.controller, FreePlayController) and back.rules == "off"
    assert back.state.hash() == s.state.hash()
    assert [e.to_json() for e in back.log.events] == [e.to_json() for e in s.log.events]
    assert back.log.steps == s.log.steps and back.undo_rolls


def test_undo_and_redo_are_exact():
    s = session(seed=4)
    s.undo_rolls = True      # both players allow undoing rolls
    hashes = [s.state.hash()]
    rng = random.Random(7)
    for _ in range(40):
        s.do(rng.choice(list(s.controller.legal_actions(s.state))))
        hashes.append(s.state.hash())
    for expected in reversed(hashes[:-1]):
        assert s.undo()
        assert s.state.hash() == expected
    assert not s.undo()
    for expected in hashes[1:]:
        assert s.redo()
        assert s.state.hash() == expected


def test_a_roll_is_final_unless_both_players_allow_undoing_rolls():
    s = session()
    s.do(Action.make("move", "red", piece="i1", space="0303", level=0))
    s.do(Action.make("roll", "", dice=2, sides=6))
    assert not s.undo() and s.undo_reason()
