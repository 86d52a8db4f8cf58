"""GameSession: the opening step, and a saved game that reopens with its undo
history intact (same steps, same undo floor), through a real SQLite file."""

from ffl import catalog
from ffl.engine import Action
from ffl.session import GameSession


def _placed(session: GameSession, n: int) -> None:
    squares = ["N8", "O8", "P8", "Q8", "R8"]
    waiting = [p.id for p in session.state.pieces.values()
               if p.side == "legion" and p.status == "off"
               and session.module.piece_types[p.type].kind == "character"]
    for pid, square in zip(waiting[:n], squares, strict=False):
        session.do(Action.make("place", "legion", piece=pid, space=square, level=0, facing=4))


def test_reopened_game_undoes_step_by_step_down_to_its_opening(tmp_path):
    session = catalog.new_session("ffl/basic", seed=9)
    opening = session.log.position
    assert opening > 0 and session.log.floor == opening  # 2.1 side roll, never undone
    _placed(session, 3)
    path = session.save(tmp_path / "three.fflsave")

    again = GameSession.load(path)
    assert again.state.hash() == session.state.hash()
    assert again.log.steps == session.log.steps and again.log.floor == opening
    hashes = []
    while again.log.can_undo():
        again.undo()
        hashes.append(again.state.hash())
    assert len(hashes) == 3, "each placement is its own undo step after reopening"
    assert again.log.position == opening
    assert hashes[-1] == session.log.state_at(opening).hash()


# -- the rules modes (enforce, advise, off) ---------------------------------------------------


def _setup_done(rules: str | None = None) -> GameSession:
    """A Basic Game past the Legion set-up, with one unit placed out of 30."""
    session = catalog.new_session("ffl/basic", seed=9, rules=rules)
    _placed(session, 1)
    return session


def test_enforce_refuses_an_illegal_action_even_when_forced():
    import pytest

    from ffl.engine import IllegalAction

    session = catalog.new_session("ffl/basic", seed=9)
    illegal = Action.make("end-setup", "legion")        # 2.31: units still to place
    with pytest.raises(IllegalAction):
        session.do(illegal, force=True)


def test_advise_does_an_illegal_action_when_forced_and_the_log_marks_the_rule(tmp_path):
    session = catalog.new_session("ffl/basic", seed=9, rules="advise")
    assert session.advising
    events = session.do(Action.make("end-setup", "legion"), force=True)
    marker = events[0]
    assert marker.kind == "against-rules" and marker.rule == "2.31"
    assert marker.text.startswith("2.31 Against the rules (advise mode):")
    assert session.state.vars["phase"] == "setup-bedouin"      # and it was done
    loaded = GameSession.load(session.save(tmp_path / "advised.fflsave"))
    assert loaded.rules == "advise" and loaded.state.hash() == session.state.hash()


def test_rules_off_plays_the_module_in_free_play_and_a_save_keeps_it(tmp_path):
    session = catalog.new_session("ffl/basic", seed=9, rules="off")
    assert session.rules == "off" and session.controller.game_id == "free"
    pid = next(p.id for p in session.state.pieces.values() if p.side == "legion"
               and session.module.piece_types[p.type].kind == "character")
    session.do(Action.make("move", "legion", piece=pid, space="A1", level=0))
    loaded = GameSession.load(session.save(tmp_path / "free.fflsave"))
    assert loaded.rules == "off" and loaded.controller.game_id == "free"
    assert loaded.state.hash() == session.state.hash()


def test_switching_between_enforce_and_advise_but_not_to_off():
    import pytest

    session = catalog.new_session("ffl/basic", seed=9)
    session.set_rules("advise")
    assert session.advising
    session.set_rules("enforce")
    with pytest.raises(ValueError):
        session.set_rules("off")


# -- undo barriers: the controller's rule, obeyed wherever the game is driven ------------------


def test_the_undo_rule_holds_without_any_window_end_of_set_up_closes_undo():
    session = catalog.new_session("ffl/basic", seed=9, rules="advise")
    _placed(session, 1)
    assert session.log.can_undo()
    session.do(Action.make("end-setup", "legion"), force=True)   # a phase ends
    assert not session.log.can_undo()
    assert session.undo_reason() == "Undo reaches back only to the start of the current phase."


def _first_turn(undo_rolls: bool) -> GameSession:
    """A Basic Game at the first chit draw (the set-ups ended in the advise mode)."""
    session = catalog.new_session("ffl/basic", seed=9, rules="advise")
    session.set_undo_rolls(undo_rolls)
    _placed(session, 3)          # the Legion must have someone on the board (9)
    session.do(Action.make("end-setup", "legion"), force=True)
    session.do(Action.make("end-setup", "bedouin"))
    assert session.controller.prompt(session.state).kinds == ("draw",)
    return session


def test_5_a_chit_draw_is_a_roll_final_unless_both_players_allow_undoing_rolls():
    session = _first_turn(undo_rolls=False)
    session.do(Action.make("draw", "legion"))
    assert not session.log.can_undo()
    assert "die was rolled" in session.undo_reason()
    agreed = _first_turn(undo_rolls=True)
    before = agreed.state.hash()
    agreed.do(Action.make("draw", "legion"))
    assert agreed.undo() and agreed.state.hash() == before
    # withdrawing the agreement makes the rolls made since final
    agreed.redo()
    agreed.set_undo_rolls(False)
    assert not agreed.log.can_undo()
