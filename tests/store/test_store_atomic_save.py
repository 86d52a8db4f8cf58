"""Saving is atomic: a failure part-way leaves the previous file as it was."""

import pytest
from store_samples import sample_module

from ffl.store import SavedGame, StoreError, load_game, load_module, save_game, save_module


class Unsaveable:
    """A real object with no JSON form, as a careless game might put in its data."""


def _only(folder, *names):
    assert sorted(p.name for p in folder.iterdir()) == sorted(names), "temporary files left"


def test_a_failed_module_save_keeps_the_old_file(tmp_path):
    path = tmp_path / "demo.ffl"
    save_module(sample_module(), path)
    before = path.read_bytes()
    broken = sample_module()
    broken.title = "Half-written"
    # Placements are the last rows written: the failure comes after the board,
    # its spaces and the piece types are already in the temporary file.
    broken.scenarios["demo/desert"].placements[0].data["owner"] = Unsaveable()
    with pytest.raises(StoreError) as info:
        save_module(broken, path)
    message = str(info.value)
    assert message.startswith(f"{path} could not be saved")
    assert "placement C1" in message and "Unsaveable is not JSON data" in message
    assert path.read_bytes() == before
    assert load_module(path).title == "Demo module"
    _only(tmp_path, "demo.ffl")


def test_a_failed_game_save_keeps_the_old_game(tmp_path):
    path = tmp_path / "game.fflsave"
    module = sample_module()
    save_game(path, SavedGame(module, "demo/basic", {}, 1, [], {"turn": 1}))
    before = path.read_bytes()
    with pytest.raises(StoreError, match=r"game information: a set is not JSON data"):
        save_game(path, SavedGame(module, "demo/basic", {}, 1, [], {"seen": {"A1", "B2"}}))
    assert path.read_bytes() == before
    assert load_game(path).meta == {"turn": 1}
    _only(tmp_path, "game.fflsave")


def test_a_failed_first_save_leaves_nothing_behind(tmp_path):
    module = sample_module()
    module.attrs["ratio"] = float("nan")
    with pytest.raises(StoreError, match="module attributes"):
        save_module(module, tmp_path / "new.ffl")
    _only(tmp_path)


def test_saving_into_a_missing_folder_says_so(tmp_path):
    path = tmp_path / "no" / "such" / "demo.ffl"
    with pytest.raises(StoreError, match="the folder .* does not exist"):
        save_module(sample_module(), path)


def test_a_save_keeps_the_file_permissions(tmp_path):
    path = tmp_path / "demo.ffl"
    save_module(sample_module(), path)
    path.chmod(0o640)
    save_module(sample_module(), path)
    assert path.stat().st_mode & 0o777 == 0o640


def test_a_temporary_file_left_by_a_killed_save_goes_with_the_next_save(tmp_path):
    path = tmp_path / "demo.ffl"
    save_module(sample_module(), path)
    left = tmp_path / ".demo.ffl.k1ll3d.tmp"       # what a save killed half-way leaves
    left.write_bytes(b"SQLite format 3\x00 half a database")
    other = tmp_path / ".other.ffl.abc.tmp"        # another file's: not touched
    other.write_bytes(b"x")
    save_module(sample_module(), path)
    _only(tmp_path, "demo.ffl", ".other.ffl.abc.tmp")


def test_a_temporary_file_being_written_by_another_save_is_left_alone(tmp_path):
    from ffl.store.locks import FileLock

    path = tmp_path / "demo.ffl"
    busy = tmp_path / ".demo.ffl.busy.tmp"
    lock = FileLock(busy)              # another program is writing it right now
    assert lock.acquire()
    try:
        save_module(sample_module(), path)
        _only(tmp_path, "demo.ffl", ".demo.ffl.busy.tmp")
    finally:
        lock.release()


def test_a_write_protected_file_is_not_replaced(tmp_path):
    path = tmp_path / "game.fflsave"
    module = sample_module()
    save_game(path, SavedGame(module, "demo/basic", {}, 1, [], {"turn": 1}))
    before = path.read_bytes()
    path.chmod(0o444)
    try:
        with pytest.raises(StoreError, match="is write-protected, so it was not replaced"):
            save_game(path, SavedGame(module, "demo/basic", {}, 1, [], {"turn": 2}))
        assert path.read_bytes() == before
        _only(tmp_path, "game.fflsave")
    finally:
        path.chmod(0o644)


def test_a_folder_in_the_way_is_not_saved_over(tmp_path):
    (tmp_path / "game.fflsave").mkdir()
    with pytest.raises(StoreError, match="is a folder"):
        save_module(sample_module(), tmp_path / "game.fflsave")
