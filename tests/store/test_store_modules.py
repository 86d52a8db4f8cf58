"""Module files: a real SQLite round trip gives back the same module."""

import json

from store_samples import sample_module

from ffl.engine import Module, PieceType, Placement, Scenario
from ffl.engine.grids import square_grid
from ffl.store import load_module, module_dump, module_from_dump, save_module


def test_module_round_trip_through_sqlite_gives_an_equal_dump(tmp_path):
    module = sample_module()
    path = tmp_path / "demo.ffl"
    save_module(module, path)
    loaded = load_module(path)
    assert module_dump(loaded) == module_dump(module)
    # The dump is plain JSON and canonical: printing it twice gives the same text.
    text = json.dumps(module_dump(loaded), sort_keys=True)
    assert text == json.dumps(module_dump(module), sort_keys=True)


def test_square_board_keeps_walls_doors_links_and_attributes(tmp_path):
    path = tmp_path / "demo.ffl"
    save_module(sample_module(), path)
    fort = load_module(path).boards["fort"]
    assert len(fort) == 30
    assert fort.keys()[:3] == ["A1", "B1", "C1"]            # board order kept
    assert fort.side("C2", "B2").features == {"thick-wall"}
    assert dict(fort.side("B2", "C2").attrs) == {"levels": [0, 1]}
    assert fort.side("B3", "B2").features == {"door", "thin-wall"}
    assert fort.side("A1", "B1").features == frozenset()    # derived, not stored
    assert fort.adjacent("A1", "B2") == "diagonal"
    assert "C2" not in fort.neighbours("B2", blocked_by={"thick-wall"})
    assert fort.linked("B2") == {"E5"}                       # directed egress
    assert fort.linked("E5") == frozenset()
    assert fort.links_from("A1", "stairway")[0].attrs["levels"] == [0, 1]
    assert fort["C3"].centre == (2.25, 2.75)                 # sighting dot kept
    assert fort["A1"].polygon.equals_exact(square_grid(1, 1)["A1"].polygon, 0)
    assert dict(fort.attrs) == {"grid": "square", "columns": 6, "rows": 5,
                                "title": "Fort Zinderneuf", "scale": 0.5}


def test_hex_and_polygon_boards_keep_their_exact_shapes(tmp_path):
    module = sample_module()
    path = tmp_path / "demo.ffl"
    save_module(module, path)
    loaded = load_module(path)
    for name in ("desert", "africa"):
        before, after = module.boards[name], loaded.boards[name]
        assert after.keys() == before.keys()
        for key in before.keys():
            assert after[key].polygon.equals_exact(before[key].polygon, 0), key
            assert after.orthogonal(key) == before.orthogonal(key)
    assert loaded.boards["desert"]["0101"].kind == "hex"
    assert loaded.boards["desert"].side("0102", "0101").features == {"river"}
    assert loaded.boards["africa"]["oasis"].get("names") == ["Bir", "Hakeim"]
    assert loaded.boards["africa"].linked("oasis", "caravan") == {"north"}


def test_piece_types_and_scenarios_come_back_in_order(tmp_path):
    path = tmp_path / "demo.ffl"
    save_module(sample_module(), path)
    loaded = load_module(path)
    assert (loaded.id, loaded.game, loaded.title, loaded.version) == (
        "demo", "demo", "Demo module", "3")
    assert loaded.attrs == {"publisher": "test", "year": 2024}
    assert list(loaded.piece_types) == ["leg-rifle", "bed-chief", "camel"]
    assert loaded.piece_types["leg-rifle"] == PieceType(
        "leg-rifle", "Legionnaire", "legion", "character", "1 Sec",
        {"fire": 3, "melee": 2, "weapons": ["rifle", "bayonet"]})
    assert loaded.piece_types["bed-chief"].get("morale", "absent") is None
    assert list(loaded.scenarios) == ["demo/basic", "demo/desert"]
    basic = loaded.scenarios["demo/basic"]
    assert (basic.title, basic.board, basic.description, basic.sides) == (
        "Basic", "fort", "A short fight at the fort.", ("legion", "bedouin"))
    assert basic.options == {"night": False}
    assert basic.setup == {"legion": {"zone": ["A1", "B2"]}}
    assert basic.placements == [
        Placement("L1", "leg-rifle", "legion", "B2", 1, 2),
        Placement("L2", "leg-rifle", "legion", "C3", 0, None, data={"rope": True}),
        Placement("S1", "bed-chief", "bedouin", None, 0, None, "off", {"enters": 3}),
    ]


def test_dump_round_trip_without_a_file():
    module = sample_module()
    again = module_from_dump(module_dump(module))
    assert module_dump(again) == module_dump(module)
    assert again.boards["desert"]["0304"].polygon.equals_exact(
        module.boards["desert"]["0304"].polygon, 0)


def test_saving_again_replaces_the_file(tmp_path):
    path = tmp_path / "demo.ffl"
    module = sample_module()
    save_module(module, path)
    module.title = "Renamed"
    del module.scenarios["demo/desert"]
    save_module(module, path)
    loaded = load_module(path)
    assert loaded.title == "Renamed"
    assert list(loaded.scenarios) == ["demo/basic"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo.ffl"]


def big_module(columns=30, rows=20) -> Module:
    board = square_grid(columns, rows, attrs=lambda c, r: {"terrain": "open", "levels": [0]})
    return Module("big", "big", "Big", boards={"map": board},
                  piece_types={"t": PieceType("t", "T")},
                  scenarios={"big/a": Scenario("big/a", "big", "A", "map", placements=[
                      Placement(f"p{i}", "t", "x", f"A{i + 1}") for i in range(rows)])})


def test_a_600_square_module_loads_whole(tmp_path):
    # (its load time is measured in tests/bench/bench_store.py, not asserted here)
    path = tmp_path / "big.ffl"
    save_module(big_module(), path)
    loaded = load_module(path)
    assert len(loaded.boards["map"]) == 600
    assert loaded.boards["map"].orthogonal("B2") == {"A2", "C2", "B1", "B3"}


def test_importing_the_store_and_catalog_leaves_the_database_libraries_unloaded():
    import subprocess
    import sys
    from pathlib import Path

    code = ("import sys, ffl.store, ffl.catalog; "
            "print(sorted(m for m in ('sqlmodel', 'sqlalchemy') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2], timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_file_names_with_uri_characters_open_the_right_file(tmp_path):
    path = tmp_path / "war #2? 100% été.ffl"
    save_module(sample_module(), path)
    assert load_module(path).title == "Demo module"
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]
