"""The Jolan District as editable data: the editor finds nothing wrong with the
shipped module, and its edits (a Location's door, an arrow, an Egress Route, a
target symbol) reach the rules through the board the rules read."""

from __future__ import annotations

from editor import edits
from editor.document import Document
from editor.validation import validate
from ffl import catalog
from ffl.games.phantom_fury.citymap import CityMap
from ffl.store import module_dump


def document() -> Document:
    return Document.from_module(catalog.load_module("phantom_fury"))


def test_the_shipped_module_validates_in_the_editor():
    assert validate(module_dump(catalog.load_module("phantom_fury"))) == []


def test_editing_symbols_arrows_and_egress_reaches_the_rules():
    doc = document()
    bi = doc.board_index("jolan")
    before = CityMap.of(doc.board(bi))
    # a door symbol on Zone 4's Location 1, an arrow 1-R in Zone 4, a new first
    # Egress Route for Zone 3 and a target symbol from Zone 1 to Zone 40
    doc.apply(edits.paint(doc, bi, ["Z4.1"], {"door": True}))
    doc.apply(edits.add_link(doc, bi, "Z4.1", "Z4.R", "arrow"))
    doc.apply(edits.add_link(doc, bi, "Z1", "Z40", "line-of-fire"))
    links = doc.data["boards"][bi]["links"]
    for i, link in enumerate(links):
        if link["kind"] == "egress" and link["a"] == "Z3":
            attrs = dict(link["attrs"], priority=link["attrs"]["priority"] + 1)
            doc.apply(edits.set_link(doc, bi, i, "egress", True, attrs))
    doc.apply(edits.add_link(doc, bi, "Z3", "Z4", "egress", True, {"priority": 1}))
    after = CityMap.of(doc.board(bi))
    assert "Z4.1" not in before.doors[4] and "Z4.1" in after.doors[4]
    assert "Z4.R" in after.loc_adjacent["Z4.1"] and "Z4.R" not in before.loc_adjacent["Z4.1"]
    assert after.egress[3] == [4, *before.egress[3]]
    assert 40 in after.fire_targets[1] and 40 not in before.fire_targets[1]
    assert validate(doc.dump()) == []
