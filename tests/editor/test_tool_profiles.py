"""The tool options offer what a designer of the module's game needs
(:mod:`editor.tool_profiles`), not French Foreign Legion's levels, walls,
stairways and facings for every game: each shipped module opened from its
real file, the rows its rules never read left out, its own features, link
kinds, polygon kinds and attributes offered; changing the game in the Module
dock changes them; an attribute chosen from the list is painted on the
space clicked, the innermost one (a Phantom Fury box, not its zone)."""

from __future__ import annotations

import shutil
from pathlib import Path

from editor_helpers import Mouse
from PySide6.QtTest import QTest

ROOT = Path(__file__).resolve().parents[2] / "scenarios"


def _items(box) -> list[str]:
    return [box.itemText(i) for i in range(box.count())]


def _shown(w) -> dict[str, bool]:
    o = w.options
    return {"terrain": o.paint_form.isRowVisible(o.terrain),
            "levels": o.paint_form.isRowVisible(o.levels),
            "side level": o.sides_form.isRowVisible(o.side_level),
            "place level": o.place_form.isRowVisible(o.place_level),
            "facing": o.place_form.isRowVisible(o.facing),
            "sides": o.feature.isEnabled(), "links": o.link_kind.isEnabled()}


def test_each_games_tool_options_are_its_own(editor):
    w, o = editor, editor.options
    # French Foreign Legion: terrain, levels for its towers, walls, stairways,
    # and a facing for its units (4.2)
    assert w.open_path(ROOT / "french-foreign-legion.ffl")
    assert o.heading.text() == "For French Foreign Legion"
    assert all(_shown(w).values())
    assert _items(o.feature)[:6] == ["thick-wall", "crenel", "thin-wall", "door", "window",
                                     "gate"]
    assert "escarpment" not in _items(o.feature) and "arrow" not in _items(o.link_kind)
    assert _items(o.link_kind) == ["tower-stairway", "stairway"] or \
        set(_items(o.link_kind)) == {"stairway", "tower-stairway"}
    assert o.facing.count() == 9 and "4.2" in o.facing.toolTip()
    assert {"fort", "sand"} <= set(_items(o.terrain))
    assert _items(o.attr_key)[:5] == ["", "area", "building", "edge", "gate"]
    # Phantom Fury: boxes, streets and zones joined by arrows and egress
    # links; no terrain, levels, wall features or facings
    assert w.open_path(ROOT / "phantom-fury.ffl")
    assert o.heading.text() == "For Phantom Fury"
    assert _shown(w) == {"terrain": False, "levels": False, "side level": False,
                         "place level": False, "facing": False, "sides": False,
                         "links": True}
    assert "Phantom Fury read no side features" in o.sides_note.text()
    assert o.sides_note.isVisibleTo(o)
    assert _items(o.poly_kind) == ["box", "street", "zone"]
    assert set(_items(o.link_kind)) == {"arrow", "egress", "door-symbol", "roof-symbol",
                                        "line-of-fire"}
    assert {"type", "zone", "door"} <= set(_items(o.attr_key))
    assert "In Phantom Fury a piece stands on a space" in o.place_note.text()
    # Limits of Glory: land and sea, rivers and a border, sea lanes
    assert w.open_path(ROOT / "limits-of-glory.ffl")
    assert _items(o.feature) == ["river", "border"]
    assert _items(o.link_kind)[:2] in (["inset", "sea-lane"], ["sea-lane", "inset"])
    assert "stairway" not in _items(o.link_kind)
    assert _items(o.poly_kind) == ["land", "sea"] and o.key_prefix.text() == "space"
    assert _items(o.attr_key)[1:3] == ["region", "value"]
    assert not _shown(w)["terrain"] and _shown(w)["sides"] and _shown(w)["links"]
    # The Legend Begins: desert terrain, roads, tracks and escarpments; no links
    assert w.open_path(ROOT / "the-legend-begins.ffl")
    assert _shown(w) == {"terrain": True, "levels": False, "side level": False,
                         "place level": False, "facing": False, "sides": True,
                         "links": False}
    assert {"road", "track", "escarpment", "rail", "ridge"} <= set(_items(o.feature))
    assert "thick-wall" not in _items(o.feature)
    assert {"desert", "sebakha", "jebel", "sea"} <= set(_items(o.terrain))
    assert _items(o.poly_kind) == ["box"]
    assert "The Legend Begins read no links" in o.links_note.text()
    # the card game: sections with a letter, a colour and a map card
    assert w.open_path(ROOT / "foreign-legion-card-game.ffl")
    assert _items(o.poly_kind) == ["section"]
    assert _items(o.attr_key)[1:4] == ["letter", "colour", "map_card"]
    assert not _shown(w)["sides"] and not _shown(w)["links"] and not _shown(w)["terrain"]
    # a module of no game: every option, the generic lists
    w.new_module("square", 3, 3)
    assert all(_shown(w).values()) and o.heading.text().startswith("For a module of no game")
    assert "stairway" in _items(o.link_kind) and "thick-wall" in _items(o.feature)


def test_changing_the_game_changes_the_options_and_an_attribute_is_painted(editor, tmp_path):
    w, o = editor, editor.options
    path = tmp_path / "pf.ffl"
    shutil.copy(ROOT / "phantom-fury.ffl", path)
    assert w.open_path(path)
    # the attribute chosen from the list and a value typed: painted on a box
    w.view.fit()
    w.set_tool("paint")
    o.attr_key.setCurrentText("type")
    QTest.keyClicks(o.attr_value, "R")
    key = next(s["key"] for s in w.doc.data["boards"][0]["spaces"]
               if s["kind"] == "box" and s["attrs"].get("type") != "R")
    x, y = w.scene.board[key].centre
    Mouse(w).click(x, y)
    # the box is painted, not the zone around it (the innermost space)
    space = w.doc.data["boards"][0]["spaces"][w.doc.space_index(0, key)]
    zone = w.doc.data["boards"][0]["spaces"][w.doc.space_index(0, key.split(".")[0])]
    assert space["attrs"]["type"] == "R" and "type" not in zone["attrs"]
    w.set_tool("select")
    Mouse(w).click(x, y)
    assert w.selected_key == key
    # the module made a module of no game in the Module dock: every option
    panel = w.module_panel
    panel.game_box.setCurrentText("")
    panel.commit_field("game")
    assert w.doc.data["module"]["game"] == ""
    assert all(_shown(w).values()) and "stairway" in _items(o.link_kind)
    # and back (undo): Phantom Fury's again
    w.stack.undo()
    assert w.doc.data["module"]["game"] == "phantom_fury"
    assert o.heading.text() == "For Phantom Fury" and not _shown(w)["facing"]
