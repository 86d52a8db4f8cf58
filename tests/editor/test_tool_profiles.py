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

from editor.document import empty_dump
from ffl.store import load_module, module_dump

ROOT = Path(__file__).resolve().parents[2] / "scenarios"


def _items(box) -> list[str]:
    return [box.itemText(i) for i in range(box.count())]


def _shown(o) -> dict[str, bool]:
    return {"terrain": o.paint_form.isRowVisible(o.terrain),
            "levels": o.paint_form.isRowVisible(o.levels),
            "side level": o.sides_form.isRowVisible(o.side_level),
            "place level": o.place_form.isRowVisible(o.place_level),
            "facing": o.place_form.isRowVisible(o.facing),
            "sides": o.feature.isEnabled(), "links": o.link_kind.isEnabled()}


def test_each_games_tool_options_are_its_own(qtbot):
    """The Tool options widget given each shipped module's data as the
    window gives it (``configure``: the window's part is the next test)."""
    from editor.app import create_app
    from editor.options import ToolOptions

    create_app()
    o = ToolOptions()
    qtbot.addWidget(o)
    o.resize(240, 700)
    o.show()
    dumps = {name: module_dump(load_module(ROOT / f"{name}.ffl")) for name in (
        "french-foreign-legion", "phantom-fury", "limits-of-glory", "the-legend-begins",
        "foreign-legion-card-game")}
    # French Foreign Legion: terrain, levels for its towers, walls, stairways,
    # and a facing for its units (4.2)
    o.configure(dumps["french-foreign-legion"])
    assert o.heading.text() == "For French Foreign Legion"
    assert all(_shown(o).values())
    assert _items(o.feature)[:6] == ["thick-wall", "crenel", "thin-wall", "door", "window",
                                     "gate"]
    assert "escarpment" not in _items(o.feature) and "arrow" not in _items(o.link_kind)
    assert set(_items(o.link_kind)) == {"stairway", "tower-stairway"}
    assert o.facing.count() == 9 and "4.2" in o.facing.toolTip()
    assert {"fort", "sand"} <= set(_items(o.terrain))
    assert _items(o.attr_key)[:5] == ["", "area", "building", "edge", "gate"]
    # Phantom Fury: boxes, streets and zones joined by arrows and egress
    # links; no terrain, levels, wall features or facings
    o.configure(dumps["phantom-fury"])
    assert o.heading.text() == "For Phantom Fury"
    assert _shown(o) == {"terrain": False, "levels": False, "side level": False,
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
    o.configure(dumps["limits-of-glory"])
    assert _items(o.feature) == ["river", "border"]
    assert set(_items(o.link_kind)) == {"inset", "sea-lane"}
    assert _items(o.poly_kind) == ["land", "sea"] and o.key_prefix.text() == "space"
    assert _items(o.attr_key)[1:3] == ["region", "value"]
    assert not _shown(o)["terrain"] and _shown(o)["sides"] and _shown(o)["links"]
    # The Legend Begins: desert terrain, roads, tracks and escarpments; no links
    o.configure(dumps["the-legend-begins"])
    assert _shown(o) == {"terrain": True, "levels": False, "side level": False,
                         "place level": False, "facing": False, "sides": True,
                         "links": False}
    assert {"road", "track", "escarpment", "rail", "ridge"} <= set(_items(o.feature))
    assert "thick-wall" not in _items(o.feature)
    assert {"desert", "sebakha", "jebel", "sea"} <= set(_items(o.terrain))
    assert _items(o.poly_kind) == ["box"]
    assert "The Legend Begins read no links" in o.links_note.text()
    # the card game: sections with a letter, a colour and a map card
    o.configure(dumps["foreign-legion-card-game"])
    assert _items(o.poly_kind) == ["section"]
    assert _items(o.attr_key)[1:4] == ["letter", "colour", "map_card"]
    assert not _shown(o)["sides"] and not _shown(o)["links"] and not _shown(o)["terrain"]
    # a module of no game: every option, the generic lists
    o.configure(empty_dump())
    assert all(_shown(o).values()) and o.heading.text().startswith("For a module of no game")
    assert "stairway" in _items(o.link_kind) and "thick-wall" in _items(o.feature)
    # nothing is wider than the dock: no sideways scrolling
    assert o.minimumSizeHint().width() <= 240


def test_changing_the_game_changes_the_options_and_an_attribute_is_painted(editor, tmp_path):
    w, o = editor, editor.options
    path = tmp_path / "pf.ffl"
    shutil.copy(ROOT / "phantom-fury.ffl", path)
    assert w.open_path(path)                # the window gives the options its module
    assert o.heading.text() == "For Phantom Fury" and not _shown(o)["facing"]
    # the Module dock's terrains say that the game reads none
    assert "read no terrain" in w.module_panel.terrain_note.text()
    # a chosen link's kind in the Properties dock: the same list
    assert _items(w.property_panel.link_kind) == _items(o.link_kind)
    assert "stairway" not in _items(w.property_panel.link_kind)
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
    assert all(_shown(o).values()) and "stairway" in _items(o.link_kind)
    assert "stairway" in _items(w.property_panel.link_kind)
    assert "known besides the usual terrains" in w.module_panel.terrain_note.text()
    # and back (undo): Phantom Fury's again
    w.stack.undo()
    assert w.doc.data["module"]["game"] == "phantom_fury"
    assert o.heading.text() == "For Phantom Fury" and not _shown(o)["facing"]


def test_a_new_module_is_asked_for_by_game_title_and_starts_with_its_usual_map(qtbot):
    """File › New module: the game chosen by its title brings its usual map
    and terrains (a game that reads no terrain gets none)."""
    from editor import edits
    from editor.app import create_app
    from editor.dialogs import NewBoardDialog

    create_app()
    dialog = NewBoardDialog()
    qtbot.addWidget(dialog)
    games = [dialog.game.itemText(i) for i in range(dialog.game.count())]
    assert games[0] == "none: free play" and "The Legend Begins (legend_begins)" in games
    expected = {"": ("square", "clear"), "ffl": ("square", "fort"),
                "legend_begins": ("hex", "clear"), "phantom_fury": ("polygons", ""),
                "limits_of_glory": ("polygons", ""), "card_game": ("square", "")}
    for gid, (kind, terrain) in expected.items():
        dialog.game.setCurrentIndex(dialog.game.findData(gid))
        v = dialog.values()
        assert (v["game"], v["kind"], v["terrain"]) == (gid, kind, terrain)
        assert dialog.form.isRowVisible(dialog.terrain) == bool(terrain)
    dialog.game.setCurrentIndex(dialog.game.findData("legend_begins"))
    assert {"desert", "jebel", "sebakha"} <= set(_items(dialog.terrain))
    # a grid for a game that reads no terrain: its spaces carry none
    board = edits.grid_board("square", "map", 2, 2, "")
    assert all("terrain" not in s["attrs"] for s in board["spaces"])
    # Add board in a Phantom Fury module: its canvas, no game row
    added = NewBoardDialog(with_module=False, game="phantom_fury")
    qtbot.addWidget(added)
    assert added.values()["kind"] == "polygons" and not added.form.isRowVisible(added.game)
