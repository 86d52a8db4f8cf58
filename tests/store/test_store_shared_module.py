"""A saved game's module is built once per process (issue 12): a save whose
module rows are those of a module read before (the catalog's installed module,
or the module of a save opened earlier) gets that same, already checked Module;
any difference in the rows gives a module of its own, and a module file read
for editing (``load_module`` without ``shared``) is always a fresh object."""

from __future__ import annotations

from store_samples import sample_module

from ffl.store import SavedGame, load_game, load_module, module_dump, save_game, save_module


def test_a_save_shares_the_module_of_a_file_with_the_same_rows(tmp_path):
    module = sample_module()
    save_module(module, tmp_path / "demo.ffl")
    save_game(tmp_path / "a.fflsave", SavedGame(module, "demo/basic", {}, 1, [], {}))
    save_game(tmp_path / "b.fflsave", SavedGame(module, "demo/basic", {}, 2, [], {}))
    installed = load_module(tmp_path / "demo.ffl", shared=True)
    first, second = load_game(tmp_path / "a.fflsave"), load_game(tmp_path / "b.fflsave")
    assert first.module is installed and second.module is installed
    assert (first.seed, second.seed) == (1, 2)
    # read for editing: a fresh module, equal to the shared one
    fresh = load_module(tmp_path / "demo.ffl")
    assert fresh is not installed and module_dump(fresh) == module_dump(installed)


def test_a_save_with_another_module_gets_its_own(tmp_path):
    module = sample_module()
    save_game(tmp_path / "a.fflsave", SavedGame(module, "demo/basic", {}, 1, [], {}))
    first = load_game(tmp_path / "a.fflsave")
    changed = sample_module()
    changed.scenarios["demo/basic"].title = "Another title"
    save_game(tmp_path / "b.fflsave", SavedGame(changed, "demo/basic", {}, 1, [], {}))
    other = load_game(tmp_path / "b.fflsave")
    assert other.module is not first.module
    assert other.module.scenarios["demo/basic"].title == "Another title"
    assert first.module.scenarios["demo/basic"].title != "Another title"
    assert load_game(tmp_path / "a.fflsave").module is first.module


def test_a_save_of_an_installed_game_shares_its_module_after_many_others(tmp_path):
    """The catalog's installed modules stay shared however many other modules
    are read after them: a save of the game shown, opened after saves of five
    other modules, still gets the catalog's module (and so the window keeps the
    board's scene, issue 12)."""
    from ffl.catalog import load_module as installed_module
    from ffl.catalog import new_session
    from ffl.store.files import SHARED_MODULES

    installed = installed_module("ffl")
    session = new_session("ffl/basic", seed=3)
    session.save(tmp_path / "fort.fflsave")
    for n in range(SHARED_MODULES + 1):
        other = sample_module()
        other.scenarios["demo/basic"].title = f"Another title {n}"
        path = tmp_path / f"other{n}.fflsave"
        save_game(path, SavedGame(other, "demo/basic", {}, 1, [], {}))
        assert load_game(path).module is not installed
    assert load_game(tmp_path / "fort.fflsave").module is installed
