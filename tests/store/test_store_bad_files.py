"""Bad files are refused with a plain message naming the file, and never changed.

Every case copies a good file, spoils it in one way, then checks the message
and that the file's bytes (and the folder's contents) are the same afterwards.
"""

import sqlite3

import pytest
import shapely
from store_samples import TinyController, play, sample_module

from ffl.store import SavedGame, StoreError, load_game, load_module, save_game, save_module


@pytest.fixture
def module_file(tmp_path):
    path = tmp_path / "demo.ffl"
    save_module(sample_module(), path)
    return path


@pytest.fixture
def save_file(tmp_path):
    module = sample_module()
    initial, events = play(TinyController(module), "demo/basic", 3)
    path = tmp_path / "game.fflsave"
    save_game(path, SavedGame(module, "demo/basic", {}, 3, events, {}))
    return path


def _refused(path, loader, *phrases):
    """Load ``path`` expecting a StoreError; the file and its folder stay as they were."""
    before = path.read_bytes()
    listing = sorted(p.name for p in path.parent.iterdir())
    with pytest.raises(StoreError) as info:
        loader(path)
    message = str(info.value)
    assert message.startswith(str(path)), message
    for phrase in phrases:
        assert phrase in message, message
    assert "Traceback" not in message
    assert path.read_bytes() == before, "reading changed the file"
    assert sorted(p.name for p in path.parent.iterdir()) == listing, "reading left files behind"
    return message


def _edit(path, *sql, params=()):
    """Change a good file with plain SQL (to make a bad one for the test)."""
    conn = sqlite3.connect(path)
    for statement in sql:
        conn.execute(statement, params if "?" in statement else ())
    conn.commit()
    conn.close()


def test_a_file_that_is_not_sqlite_is_refused(tmp_path):
    path = tmp_path / "notes.ffl"
    path.write_text("these are my notes, not a game\n" * 20)
    _refused(path, load_module, "is not a saved game or module of this program")


def test_an_empty_file_is_refused(tmp_path):
    path = tmp_path / "empty.ffl"
    path.write_bytes(b"")
    _refused(path, load_module, "is empty")


def test_a_missing_file_is_reported(tmp_path):
    with pytest.raises(StoreError, match="does not exist"):
        load_module(tmp_path / "nowhere.ffl")


def test_a_truncated_file_is_refused_as_damaged(module_file):
    data = module_file.read_bytes()
    module_file.write_bytes(data[: len(data) // 2])
    _refused(module_file, load_module, "is damaged", "malformed")


def test_a_corrupt_file_is_refused_as_damaged(module_file):
    data = bytearray(module_file.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    data[page: page + 200] = b"\xff" * 200          # wreck the second page's header
    module_file.write_bytes(bytes(data))
    _refused(module_file, load_module, "is damaged")


def test_a_foreign_sqlite_file_is_refused(tmp_path):
    path = tmp_path / "address-book.ffl"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE person (name TEXT, phone TEXT)")
    conn.execute("INSERT INTO person VALUES ('Ann', '555')")
    conn.commit()
    conn.close()
    _refused(path, load_module, "not a file of this program")


def test_a_file_from_a_newer_version_is_refused(module_file):
    _edit(module_file, "PRAGMA user_version = 7")
    _refused(module_file, load_module,
             "was written by a newer version (schema 7; this program reads up to 3)")


def test_a_saved_game_is_not_opened_as_a_module(save_file):
    _refused(save_file, load_module, "is not a module file: it is a saved game")


def test_a_module_is_not_opened_as_a_saved_game(module_file):
    _refused(module_file, load_game, "is not a saved game: it is a module file")


def test_a_side_naming_an_unknown_space_is_refused(module_file):
    _edit(module_file, "UPDATE side SET b = 'Z99' WHERE a = 'B2' AND b = 'C2'")
    _refused(module_file, load_module, "has bad data", "unknown space 'Z99'")


def test_a_side_between_spaces_that_do_not_touch_is_refused(module_file):
    _edit(module_file, "UPDATE side SET b = 'F5' WHERE a = 'B2' AND b = 'C2'")
    _refused(module_file, load_module, "has bad data", "share no border")


def test_a_link_naming_an_unknown_space_is_refused(module_file):
    _edit(module_file, "UPDATE link SET b = 'Q42' WHERE kind = 'egress'")
    _refused(module_file, load_module, "has bad data", "unknown space 'Q42'")


def test_a_placement_on_an_unknown_space_is_refused(module_file):
    _edit(module_file, "UPDATE placement SET space = 'K12' WHERE piece = 'L1'")
    _refused(module_file, load_module, "has bad data", "'L1'", "unknown space 'K12'")


def test_a_placement_of_an_unknown_piece_type_is_refused(module_file):
    _edit(module_file, "UPDATE placement SET type = 'tank' WHERE piece = 'L2'")
    _refused(module_file, load_module, "unknown piece type 'tank'")


def test_unreadable_geometry_is_refused(module_file):
    _edit(module_file, "UPDATE space SET geometry = x'0102030405' WHERE key = 'C3'")
    _refused(module_file, load_module, "has bad data", "space 'C3'", "unreadable geometry")


def test_a_space_that_is_not_a_polygon_is_refused(module_file):
    point = shapely.to_wkb(shapely.Point(1, 1))
    _edit(module_file, "UPDATE space SET geometry = ? WHERE key = 'A1'", params=(point,))
    _refused(module_file, load_module, "space 'A1' geometry should be a polygon, found a Point")


@pytest.mark.parametrize("coords", [[], [(0, 0), (float("nan"), 1), (1, 0)],
                                    [(0, 0), (1e300, 1), (1, 0)]], ids=["empty", "nan", "huge"])
@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_a_polygon_that_is_empty_or_off_any_board_is_refused(module_file, coords):
    poly = shapely.to_wkb(shapely.Polygon(coords))
    _edit(module_file, "UPDATE space SET geometry = ? WHERE key = 'B2'", params=(poly,))
    _refused(module_file, load_module, "space 'B2' geometry is empty or has impossible coord")


def test_bad_json_attributes_are_refused(module_file):
    _edit(module_file, "UPDATE space SET attrs = '{\"terrain\": ' WHERE key = 'D4'")
    _refused(module_file, load_module, "has bad data", "space 'D4' attributes", "not valid JSON")


def test_json_of_the_wrong_shape_is_refused(module_file):
    _edit(module_file, "UPDATE piece_type SET \"values\" = '[1, 2]' WHERE id = 'camel'")
    _refused(module_file, load_module, "piece type 'camel' values should be a JSON object")


def test_a_missing_table_is_refused(module_file):
    _edit(module_file, "DROP TABLE link")
    _refused(module_file, load_module, "is damaged or incomplete", "no such table: link")


def test_a_malformed_event_is_refused(save_file):
    _edit(save_file, "UPDATE event SET data = '{\"kind\": \"move\", \"changes\": [[1]]}' "
                     "WHERE seq = 2")
    _refused(save_file, load_game, "has bad data", "event 2 has a malformed change")


def test_a_save_of_an_unknown_scenario_is_refused(save_file):
    _edit(save_file, "UPDATE game SET scenario_id = 'demo/other'")
    _refused(save_file, load_game, "scenario 'demo/other', which the file does not have")


def test_a_folder_is_not_a_file(tmp_path):
    with pytest.raises(StoreError, match="is a folder, not a file"):
        load_module(tmp_path)
