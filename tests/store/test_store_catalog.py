"""The catalog: module files in the scenarios folder, installed scenarios, build."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from store_samples import sample_module

from ffl import catalog
from ffl.engine import Action
from ffl.games import GameManifest, games
from ffl.session import GameSession
from ffl.store import StoreError, module_dump

REPO = Path(__file__).resolve().parents[2]
DEMO = GameManifest(id="demo", title="Demo Game", rulebook="none", module_file="demo-game.ffl",
                    controller="store_samples:TinyController",
                    builder="store_samples:sample_module")


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """An empty scenarios folder with the demo game registered."""
    monkeypatch.setenv(catalog.ENV_DIR, str(tmp_path))
    monkeypatch.setitem(games(), "demo", DEMO)
    return tmp_path


def test_scenarios_dir_is_the_repository_folder_unless_overridden(monkeypatch, tmp_path):
    monkeypatch.delenv(catalog.ENV_DIR, raising=False)
    assert catalog.scenarios_dir() == REPO / "scenarios"
    monkeypatch.setenv(catalog.ENV_DIR, str(tmp_path))
    assert catalog.scenarios_dir() == tmp_path
    assert catalog.module_path("ffl") == tmp_path / "french-foreign-legion.ffl"


def test_build_writes_the_module_file_and_a_readable_export(folder):
    results = catalog.build(["demo"])
    assert [r.path for r in results] == [folder / "demo-game.ffl"]
    assert "3 boards" in results[0].message and "2 scenarios" in results[0].message
    loaded = catalog.load_module("demo")
    assert module_dump(loaded) == module_dump(sample_module())
    export = folder / "demo-game.ffl.json"
    text = export.read_text(encoding="utf-8")
    assert json.loads(text) == module_dump(sample_module())
    assert text == json.dumps(module_dump(sample_module()), indent=1, sort_keys=True) + "\n"
    assert sorted(p.name for p in folder.iterdir()) == ["demo-game.ffl", "demo-game.ffl.json"]


def test_build_reports_and_skips_a_game_whose_builder_is_not_written_yet(folder, monkeypatch):
    monkeypatch.setitem(games(), "ghost", GameManifest(
        id="ghost", title="Ghost", rulebook="none", module_file="ghost.ffl",
        controller="ffl.games.ghost.controller:C", builder="ffl.games.ghost.module:build_module"))
    results = catalog.build(["ghost", "demo", "nope"])
    assert [r.game for r in results] == ["ghost", "demo", "nope"]
    assert results[0].path is None and "skipped" in results[0].message
    assert "ffl.games.ghost" in results[0].message
    assert results[1].path == folder / "demo-game.ffl"
    assert results[2].path is None and "unknown game" in results[2].message
    assert not (folder / "ghost.ffl").exists()


def test_list_scenarios_covers_installed_games_and_skips_missing_ones(folder):
    assert catalog.list_scenarios() == []
    catalog.build(["demo"])
    infos = catalog.list_scenarios()
    assert [(i.id, i.title, i.game, i.game_title) for i in infos] == [
        ("demo/basic", "Basic", "demo", "Demo Game"),
        ("demo/desert", "Desert march", "demo", "Demo Game"),
    ]
    assert infos[0].description == "A short fight at the fort."


def test_a_broken_module_file_is_reported_not_skipped(folder):
    (folder / "demo-game.ffl").write_text("not a database")
    with pytest.raises(StoreError, match="demo-game.ffl is not a saved game or module of this program"):
        catalog.list_scenarios()


def test_load_module_is_cached_until_the_file_changes(folder):
    catalog.build(["demo"])
    first = catalog.load_module("demo")
    assert catalog.load_module("demo") is first
    module = sample_module()
    module.title = "Second edition"
    from ffl.store import save_module

    path = catalog.module_path("demo")
    save_module(module, path)
    again = catalog.load_module("demo")
    assert again is not first and again.title == "Second edition"


def test_a_missing_module_file_says_how_to_build_it(folder):
    with pytest.raises(StoreError, match="does not exist .*python -m ffl.catalog build demo"):
        catalog.load_module("demo")


def test_new_session_plays_saves_and_loads_through_the_store(folder, tmp_path):
    catalog.build(["demo"])
    session = catalog.new_session("demo/basic", seed=11)
    assert session.seed == 11 and session.options == {"night": False}
    session.do(Action.make("move", "legion", piece="L2", to="C4"))
    session.do(Action.make("shoot", "legion", piece="L1", target="L2"))
    path = session.save(tmp_path / "my game.fflsave")
    loaded = GameSession.load(path)
    assert loaded.state.hash() == session.state.hash()
    assert loaded.state.pieces["L2"].space == "C4"
    assert [e.text for e in loaded.log.events] == [e.text for e in session.log.events]


def test_the_command_line_builds_and_lists(folder, capsys):
    assert catalog.main(["build", "demo"]) == 0
    assert "demo: wrote" in capsys.readouterr().out
    assert catalog.main(["list"]) == 0
    out = capsys.readouterr().out
    assert "demo/basic" in out and "Desert march" in out and "[Demo Game]" in out
    assert catalog.main(["frobnicate"]) == 2


def test_python_dash_m_runs_the_catalog(tmp_path):
    env = {**os.environ, catalog.ENV_DIR: str(tmp_path), "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-m", "ffl.catalog", "list"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""          # nothing installed in an empty folder
