"""Every registered game's module survives a trip through a real SQLite file."""

import time

import pytest

from ffl.games import games
from ffl.store import load_module, module_dump, save_module


def _built(game_id):
    try:
        return games()[game_id].build_module()
    except ImportError as exc:  # the game's builder is not written yet
        pytest.skip(f"{game_id}: builder not available ({exc})")


@pytest.mark.parametrize("game_id", sorted(games()))
def test_registered_module_round_trips_with_an_equal_dump(game_id, tmp_path):
    module = _built(game_id)
    path = tmp_path / games()[game_id].module_file
    save_module(module, path)
    start = time.perf_counter()
    loaded = load_module(path)
    elapsed = time.perf_counter() - start
    print(f"{game_id}: {sum(len(b) for b in loaded.boards.values())} spaces "
          f"loaded in {elapsed * 1000:.1f} ms")
    assert module_dump(loaded) == module_dump(module)
    for name, board in module.boards.items():
        again = loaded.boards[name]
        for key in board.keys():
            assert again.orthogonal(key) == board.orthogonal(key)
            assert again.diagonal(key) == board.diagonal(key)
        assert {k: s.features for k, s in again.sides.items()} == {
            k: s.features for k, s in board.sides.items()}
