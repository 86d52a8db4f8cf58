"""Saved games: self-contained files whose replay gives the same state."""

from store_samples import TinyController, play, sample_module

from ffl.engine import GameLog, fold
from ffl.store import SavedGame, load_game, module_dump, save_game


def _saved(seed=7):
    module = sample_module()
    controller = TinyController(module)
    initial, events = play(controller, "demo/basic", seed)
    final = fold(initial, events)
    saved = SavedGame(module, "demo/basic", {"night": True, "variant": [1, 2]}, seed, events,
                      {"state_hash": final.hash(), "players": {"legion": "Ann"}})
    return saved, initial, final


def test_saved_game_round_trip_replays_to_the_same_state_hash(tmp_path):
    saved, _, final = _saved()
    path = tmp_path / "game.fflsave"
    save_game(path, saved)
    loaded = load_game(path)
    # Rebuild from the file alone: its own module snapshot, scenario and seed.
    controller = TinyController(loaded.module)
    initial = controller.setup(loaded.module.scenarios[loaded.scenario_id], loaded.options,
                               loaded.seed)
    assert fold(initial, loaded.events).hash() == final.hash()
    assert loaded.meta["state_hash"] == final.hash()
    assert GameLog(initial, loaded.events).state.hash() == final.hash()


def test_saved_game_keeps_every_event_field_and_the_settings(tmp_path):
    saved, _, _ = _saved()
    path = tmp_path / "game.fflsave"
    save_game(path, saved)
    loaded = load_game(path)
    assert [e.to_json() for e in loaded.events] == [e.to_json() for e in saved.events]
    assert loaded.events == saved.events
    assert any(e.dice for e in loaded.events)
    assert [e.rule for e in loaded.events][:3] == ["5.1", "6.72", "6.72"]
    assert loaded.events[2].info["need"] == 4
    assert (loaded.scenario_id, loaded.seed) == ("demo/basic", 7)
    assert loaded.options == {"night": True, "variant": [1, 2]}
    assert loaded.meta["players"] == {"legion": "Ann"}


def test_saved_game_carries_the_whole_module_so_it_can_be_mailed(tmp_path):
    saved, _, _ = _saved()
    path = tmp_path / "mailed.fflsave"
    save_game(path, saved)
    loaded = load_game(path)
    assert module_dump(loaded.module) == module_dump(saved.module)


def test_a_game_with_no_events_yet_saves_and_loads(tmp_path):
    saved = SavedGame(sample_module(), "demo/desert", {}, 3, [], {})
    save_game(tmp_path / "new.fflsave", saved)
    loaded = load_game(tmp_path / "new.fflsave")
    assert loaded.events == [] and loaded.scenario_id == "demo/desert" and loaded.seed == 3
