"""The shipped module file is what the builder writes (rebuild with
``python -m ffl.catalog build legend_begins`` after changing the map, the counters,
the tables or the scenario)."""

from __future__ import annotations

from ffl import catalog
from ffl.store import module_dump


def test_the_shipped_module_file_matches_the_builder(module):
    shipped = catalog.load_module("legend_begins")
    assert module_dump(shipped) == module_dump(module)
