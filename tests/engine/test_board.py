"""Board adjacency, sides, links and errors (ffl.engine.board) on square, hex and
free-polygon boards."""

import pytest
from shapely.geometry import Polygon, box

from ffl.engine.board import DIAGONAL, ORTHOGONAL, Board, BoardError, Link, Side, Space
from ffl.engine.grids import hex_grid, polygon_board, square_grid


def test_square_grid_orthogonal_and_diagonal_neighbours():
    b = square_grid(4, 3)
    assert b.orthogonal("B2") == {"B1", "A2", "C2", "B3"}
    assert b.diagonal("B2") == {"A1", "C1", "A3", "C3"}
    assert b.orthogonal("A1") == {"B1", "A2"}
    assert b.diagonal("A1") == {"B2"}
    assert b.adjacent("A1", "B2") == DIAGONAL
    assert b.adjacent("A1", "B1") == ORTHOGONAL
    assert b.adjacent("A1", "C1") is None
    assert len(b.sides) == 3 * 3 + 4 * 2  # vertical + horizontal interior borders


def test_square_side_geometry_is_the_shared_border():
    b = square_grid(3, 3)
    side = b.side("B2", "C2")
    assert side.key == ("B2", "C2")
    assert sorted(side.geometry.coords) == [(2.0, 1.0), (2.0, 2.0)]
    assert b.side("C2", "B2") is side
    assert b.side("A1", "B2") is None


def test_hex_grid_has_six_orthogonal_neighbours_and_no_diagonals():
    b = hex_grid(5, 5)
    inner = "0303"
    assert len(b.orthogonal(inner)) == 6
    assert b.diagonal(inner) == frozenset()
    # column 2 (odd index 1) is shifted half a hex down
    assert b.orthogonal("0101") == {"0102", "0201"}
    assert b.orthogonal("0201") == {"0101", "0102", "0202", "0301", "0302"}
    assert all(b.side(inner, n).geometry.length == pytest.approx(0.5, abs=1e-5) for n in b.orthogonal(inner))


def test_irregular_polygons_touching_only_at_a_corner_are_diagonal():
    b = polygon_board({
        "west": [(0, 0), (2, 0), (1.5, 1), (0, 1)],
        "east": [(2, 0), (3, 0), (3, 1), (1.5, 1)],
        "south": [(1.5, 1), (3, 1), (3, 2)],
        "apart": [(5, 5), (6, 5), (6, 6)],
    })
    assert b.adjacent("west", "east") == ORTHOGONAL
    assert b.adjacent("east", "south") == ORTHOGONAL
    assert b.adjacent("west", "south") == DIAGONAL
    assert b.neighbours("apart") == {}


def test_polygon_with_a_hole_and_a_space_inside_the_hole():
    ring = Polygon([(0, 0), (4, 0), (4, 4), (0, 4)], [[(1, 1), (3, 1), (3, 3), (1, 3)]])
    b = polygon_board({
        "ring": ring,
        "yard": box(1, 1, 3, 3),
        "east": box(4, 0, 5, 2),
        "corner": box(4, 4, 5, 5),
    })
    assert b.adjacent("ring", "yard") == ORTHOGONAL
    assert b.side("ring", "yard").geometry.length == pytest.approx(8.0)
    assert b.adjacent("ring", "east") == ORTHOGONAL
    assert b.adjacent("ring", "corner") == DIAGONAL
    assert b.adjacent("yard", "east") is None
    assert b.space_at(2, 2).key == "yard"
    assert b.space_at(0.5, 2).key == "ring"


def test_t_junction_border_counts_as_orthogonal():
    b = polygon_board({"big": box(0, 0, 1, 2), "top": box(1, 0, 2, 1), "low": box(1, 1, 2, 2)})
    assert b.orthogonal("big") == {"top", "low"}
    assert b.side("big", "top").geometry.length == pytest.approx(1.0)
    assert b.adjacent("top", "low") == ORTHOGONAL


def test_separately_digitised_borders_still_match():
    # the shared corner differs by 1e-9: snapping makes it one border
    b = polygon_board({"a": box(0, 0, 1, 1), "b": [(1 + 1e-9, 0), (2, 0), (2, 1), (1, 1)]})
    assert b.adjacent("a", "b") == ORTHOGONAL


def test_links_add_neighbours():
    b = square_grid(5, 5, links=[Link("A1", "E5", "stairway"), Link("C3", "A5", "rope", directed=True)])
    assert b.neighbours("A1")["E5"] == "stairway"
    assert b.neighbours("E5")["A1"] == "stairway"
    assert b.neighbours("C3")["A5"] == "rope"
    assert "C3" not in b.neighbours("A5")
    assert b.linked("A1") == {"E5"}
    assert b.neighbours("A1", links=False).keys() == {"B1", "A2", "B2"}
    assert b.neighbours("A1", diagonal=False).keys() == {"B1", "A2", "E5"}


def test_side_features_restrict_neighbours():
    b = square_grid(3, 3, sides=[Side("B2", "C2", features={"thin-wall"}),
                                 Side("B1", "B2", features={"door"})])
    assert b.side("C2", "B2").has("thin-wall")
    free = b.neighbours("B2")
    assert free["C2"] == ORTHOGONAL and free["B1"] == ORTHOGONAL
    walled = b.neighbours("B2", blocked_by=["thin-wall"])
    assert "C2" not in walled and walled["B1"] == ORTHOGONAL
    assert "C1" in walled  # diagonals are not restricted by sides
    both = b.neighbours("B2", blocked_by=["thin-wall", "door"])
    assert "B1" not in both and "C2" not in both


def test_with_sides_merges_features():
    b = square_grid(2, 1).with_sides([Side("A1", "B1", features={"river"}, attrs={"levels": [0]})])
    side = b.side("A1", "B1")
    assert side.features == {"river"} and side.attrs["levels"] == [0]
    assert side.geometry.length == pytest.approx(1.0)


def test_duplicate_space_key_is_an_error():
    with pytest.raises(BoardError, match="duplicate"):
        Board([Space("x", box(0, 0, 1, 1)), Space("x", box(1, 0, 2, 1))])


def test_side_of_spaces_that_share_no_border_is_an_error():
    with pytest.raises(BoardError, match="share no border"):
        square_grid(3, 3, sides=[Side("A1", "B2", features={"wall"})])
    with pytest.raises(BoardError, match="unknown space"):
        square_grid(3, 3, sides=[Side("A1", "Z9")])


def test_link_to_unknown_space_is_an_error():
    with pytest.raises(BoardError, match="unknown space"):
        square_grid(2, 2, links=[Link("A1", "Q7", "stairway")])


def test_space_centre_and_board_bounds():
    b = square_grid(4, 3)
    assert b["C2"].centre == (2.5, 1.5)
    assert b.bounds == (0.0, 0.0, 4.0, 3.0)
    assert b.space_at(3.9, 2.1).key == "D3"
    assert b.space_at(9, 9) is None
    dotted = Space("d", box(0, 0, 1, 1), attrs={"dot": (0.2, 0.8)})
    assert dotted.centre == (0.2, 0.8)


def test_empty_board():
    b = Board([])
    assert len(b) == 0 and b.bounds == (0.0, 0.0, 0.0, 0.0)


def test_large_grid_adjacency_counts():
    b = square_grid(40, 30)
    assert len(b) == 1200
    assert len(b.sides) == 39 * 30 + 40 * 29
    assert sum(len(b.diagonal(k)) for k in b.keys()) == 2 * 39 * 29 * 2


def test_a_board_of_the_same_geometry_reuses_the_derived_adjacency():
    first = square_grid(6, 4, sides=[Side("B2", "C2", features={"thin-wall"})])
    repainted = [Space(sp.key, sp.polygon, sp.kind, {**sp.attrs, "terrain": "sand"})
                 for sp in first.spaces.values()]
    again = Board(repainted, [Side("B2", "B3", features={"door"})], name="map",
                  same_geometry_as=first)
    for key in first.keys():
        assert again.orthogonal(key) == first.orthogonal(key)
        assert again.diagonal(key) == first.diagonal(key)
    # its own side features only: the first board's wall is not carried over
    assert again.side("B2", "C2").features == frozenset()
    assert again.side("B2", "B3").features == {"door"}
    assert again["A1"].get("terrain") == "sand"
    # a different outline is noticed and derived afresh
    moved = [Space(sp.key, box(10, 10, 11, 11) if sp.key == "A1" else sp.polygon)
             for sp in first.spaces.values()]
    other = Board(moved, same_geometry_as=first)
    assert other.orthogonal("A1") == frozenset() and "A1" not in other.orthogonal("B1")
