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
