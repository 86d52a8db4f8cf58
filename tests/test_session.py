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
