"""The read path (plain sqlite3, issue 12) reads the tables the schema writes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from ffl.store import schema, tables

REPO = Path(__file__).resolve().parents[2]


def test_the_plain_table_names_are_the_schemas():
    written = {t.name: tuple(c.name for c in t.columns)
               for t in schema.MODULE_TABLES + schema.SAVE_TABLES
               + list(getattr(schema, "NOTE_TABLES", []))}
    assert tables.TABLES == written
    assert tables.MODULE_TABLE_NAMES == tuple(t.name for t in schema.MODULE_TABLES)
    assert tables.APPLICATION_ID == schema.APPLICATION_ID
    booleans = {(t, c.name) for t in schema.MODULE_TABLES + schema.SAVE_TABLES
                + list(getattr(schema, "NOTE_TABLES", [])) for c in t.columns
                if c.type.python_type is bool}
    assert tables.BOOLEAN_COLUMNS == {(t.name, c) for t, c in booleans}


def test_reading_a_module_file_imports_no_orm():
    code = ("import sys; from ffl import catalog; catalog.load_module('ffl'); "
            "print(sorted(m for m in ('sqlalchemy', 'sqlmodel', 'pydantic') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                          text=True, timeout=120, check=True)
    assert done.stdout.strip() == "[]"
