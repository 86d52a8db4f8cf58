"""Schema versions: older files are upgraded in memory when opened, never on disk."""

import sqlite3

import pytest
from store_samples import sample_module

from ffl.store import SCHEMA_VERSION, StoreError, load_module, module_dump, save_module
from ffl.store.migrations import MIGRATIONS, OLDEST


def _make_v1_file(path):
    """A file as the first version wrote it: no space labels, every link two-way."""
    save_module(sample_module(), path)
    conn = sqlite3.connect(path)
    conn.execute("ALTER TABLE space DROP COLUMN label")
    conn.execute("ALTER TABLE link DROP COLUMN directed")
    conn.execute("UPDATE module SET schema_version = 1")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()


def _user_version(path):
    conn = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    try:
        return conn.execute("PRAGMA user_version").fetchone()[0]
    finally:
        conn.close()


def test_there_is_one_migration_per_schema_step():
    assert OLDEST == 1
    assert len(MIGRATIONS) == SCHEMA_VERSION - OLDEST


def test_a_version_1_file_opens_with_labels_and_two_way_links(tmp_path):
    path = tmp_path / "old.ffl"
    _make_v1_file(path)
    before = path.read_bytes()
    module = load_module(path)
    fort = module.boards["fort"]
    assert all(space.label == space.key for space in fort.spaces.values())
    assert fort.linked("B2") == {"E5"} and fort.linked("E5") == {"B2"}   # v1: two-way
    assert not any(link.directed for link in fort.links)
    assert len(fort) == 30 and fort.side("B2", "C2").features == {"thick-wall"}
    assert list(module.scenarios) == ["demo/basic", "demo/desert"]
    # Opening did not upgrade the file on disk.
    assert path.read_bytes() == before and _user_version(path) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.ffl"]


def test_saving_an_opened_version_1_file_writes_the_current_version(tmp_path):
    path = tmp_path / "old.ffl"
    _make_v1_file(path)
    module = load_module(path)
    save_module(module, path)
    assert _user_version(path) == SCHEMA_VERSION
    assert module_dump(load_module(path)) == module_dump(module)


def test_a_file_with_no_version_is_refused(tmp_path):
    path = tmp_path / "zero.ffl"
    save_module(sample_module(), path)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 0")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match=r"zero.ffl has an unknown schema version \(0\)"):
        load_module(path)
