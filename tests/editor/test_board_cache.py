"""The editor's geometry cache: boards rebuilt after attribute, side and link
edits reuse the derived adjacency and answer exactly as freshly derived ones;
geometry edits derive again; validation gives the same problems either way."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from editor_helpers import Mouse
from shapely.geometry import box

from editor import edits
from editor.board_cache import GeometryCache, build_board
from editor.document import Document
from editor.validation import validate
from ffl.engine import BoardError
from ffl.store import load_module, module_dump, module_from_dump

FFL = Path(__file__).resolve().parents[2] / "scenarios" / "french-foreign-legion.ffl"


@pytest.fixture(scope="module")
def fort_data():
    return module_dump(load_module(FFL))


def fresh(data, bi=0):
    b = data["boards"][bi]
    return module_from_dump({"module": data["module"], "boards": [b]}).boards[b["name"]]


def assert_same_board(a, b):
    """Every query the rules and the editor make gives the same answer."""
    assert a.keys() == b.keys() and a.name == b.name and dict(a.attrs) == dict(b.attrs)
    for k in a.keys():
        sa, sb = a[k], b[k]
        assert (sa.kind, sa.label, dict(sa.attrs)) == (sb.kind, sb.label, dict(sb.attrs))
        assert sa.polygon.equals_exact(sb.polygon, 0)
        assert a.orthogonal(k) == b.orthogonal(k) and a.diagonal(k) == b.diagonal(k)
        assert a.neighbours(k) == b.neighbours(k)
        assert a.neighbours(k, blocked_by=("thick-wall", "thin-wall")) == \
            b.neighbours(k, blocked_by=("thick-wall", "thin-wall"))
        assert [(lk.a, lk.b, lk.kind, dict(lk.attrs), lk.directed) for lk in a.links_from(k)] \
            == [(lk.a, lk.b, lk.kind, dict(lk.attrs), lk.directed) for lk in b.links_from(k)]
    assert set(a.sides) == set(b.sides)
    for key, side in a.sides.items():
        other = b.sides[key]
        assert side.features == other.features and dict(side.attrs) == dict(other.attrs)
        assert side.geometry.equals(other.geometry)
    for x, y in ((0.5, 0.5), (10.2, 7.7), (31.9, 15.9), (-1, -1)):
        sa, sb = a.space_at(x, y), b.space_at(x, y)
        assert (sa and sa.key) == (sb and sb.key)
    assert a.bounds == b.bounds


def test_cached_fort_board_equals_a_freshly_derived_one(fort_data):
    cache = GeometryCache()
    assert_same_board(build_board(fort_data["boards"][0], cache), fresh(fort_data))
    assert (cache.hits, cache.misses) == (0, 1)


def test_attribute_side_and_link_edits_reuse_the_adjacency(fort_data):
    doc = Document(fort_data)
    doc.board(0)
    cache = doc.geometry
    misses = cache.misses
    a = doc.data["boards"][0]["spaces"][100]["key"]
    b = sorted(doc.board(0).orthogonal(a))[0]
    steps = [
        edits.paint(doc, 0, [a, "A1"], {"terrain": "rubble", "levels": [0, 1]}),
        edits.toggle_side_feature(doc, 0, a, b, "thin-wall"),
        edits.toggle_side_feature(doc, 0, a, b, "door", level=1),
        edits.set_link(doc, 0, 0, "egress", True, {"priority": 3}),
        edits.set_space_field(doc, 0, a, "label", "Well"),
        edits.set_space_field(doc, 0, a, "kind", "zone"),
    ]
    for changes in steps:
        assert changes
        doc.apply(changes)
        board = doc.board(0)
        assert_same_board(board, fresh(doc.data))
    assert cache.misses == misses, "no edit above changes the geometry"
    assert board.side(a, b).has("thin-wall", "door")
    assert board[a].label == "Well" and board[a].get("terrain") == "rubble"


def test_geometry_edits_derive_again_and_undo_hits_the_cache(fort_data):
    doc = Document(fort_data)
    before = doc.board(0)
    misses = doc.geometry.misses
    x, y = list(before["D4"].polygon.exterior.coords)[0]
    owners = edits.vertex_owners(doc, 0, (x, y))
    undo = doc.apply(edits.set_polygons(doc, 0, edits.moved_vertex(owners, (x, y),
                                                                    (x + 0.25, y))))
    moved = doc.board(0)
    assert doc.geometry.misses == misses + 1
    assert_same_board(moved, fresh(doc.data))
    assert (x + 0.25, y) in list(moved["D4"].polygon.exterior.coords)
    assert sorted(round(s.geometry.length, 6) for s in moved.sides_of("D4")) != \
        sorted(round(s.geometry.length, 6) for s in before.sides_of("D4"))
    doc.apply(undo)
    assert_same_board(doc.board(0), before)
    assert doc.geometry.misses == misses + 1          # the old geometry was still cached


def test_rename_and_delete_change_the_geometry_key(fort_data):
    doc = Document(fort_data)
    doc.board(0)
    doc.apply(edits.rename_space(doc, 0, "A1", "Corner"))
    assert_same_board(doc.board(0), fresh(doc.data))
    assert "Corner" in doc.board(0).orthogonal("B1")
    doc.apply(edits.delete_space(doc, 0, "B1"))
    assert_same_board(doc.board(0), fresh(doc.data))


def test_a_duplicate_key_is_still_refused():
    doc = Document(module_dump(load_module(FFL)))
    doc.apply([(("boards", 0, "spaces", 1, "key"), "A1")])
    with pytest.raises(BoardError, match="duplicate space key 'A1'"):
        doc.board(0)


def test_validation_with_the_cache_finds_the_same_problems(fort_data):
    data = copy.deepcopy(fort_data)
    cache = GeometryCache()
    assert validate(data, cache) == validate(data) == []
    # an overlap, a gap, a lone space, a side with no border, a dangling link
    spaces = data["boards"][0]["spaces"]
    spaces[5]["wkt"] = box(5, 0, 6.5, 1).wkt
    del spaces[40]
    spaces.append({"key": "far", "kind": "square", "label": "far", "attrs": {},
                   "wkt": box(60, 60, 61, 61).wkt})
    data["boards"][0]["sides"].append({"a": "A1", "b": "C3", "features": ["door"], "attrs": {}})
    data["boards"][0]["links"].append({"a": "A1", "b": "nowhere", "kind": "inset",
                                       "directed": False, "attrs": {}})
    plain = validate(data)
    assert {p.code for p in plain} >= {"overlap", "gap", "no-neighbour", "side-no-border",
                                       "dangling-link"}
    assert validate(data, cache) == plain
    assert validate(data, cache) == plain               # from the memo this time
    data["boards"][0]["spaces"][0]["attrs"]["terrain"] = "lava"
    assert validate(data, cache) == validate(data)


def test_a_brush_stroke_on_the_fort_derives_nothing(editor):
    w, m = editor, Mouse(editor)
    assert w.open_path(FFL)
    board = w.doc.board(0)
    misses = w.doc.geometry.misses
    w.set_tool("paint")
    w.options.terrain.setCurrentText("rubble")
    keys = ["B2", "C2", "D2", "E2", "F2"]
    m.drag([board[k].centre for k in keys])
    assert [w.doc.board(0)[k].get("terrain") for k in keys] == ["rubble"] * 5
    assert w.stack.count() == 1
    w.run_validation()
    assert w.doc.geometry.misses == misses
    assert [p.code for p in w.problems if not p.error] == ["unknown-terrain"] * 5
    # French Foreign Legion's rules read no terrain but sand and fort (6.12): the
    # player would refuse the file, so each square is an error too
    rules = [p for p in w.problems if p.error]
    assert [p.code for p in rules] == ["game-rules"] * 5
    assert sorted(p.keys for p in rules) == sorted((k,) for k in keys)
    assert all("'rubble'" in p.message for p in rules)
    # the adjacency preview still shows the engine's neighbours
    w.set_tool("select")
    m.click(*w.doc.board(0)["C2"].centre)
    assert set(w.scene.neighbour_kinds) == set(fresh(w.doc.data).neighbours("C2"))
