"""Board.space_at finds the innermost space holding a point: spaces may lie
inside others (Phantom Fury's Location boxes inside their Zones)."""

from shapely.geometry import box

from ffl import catalog
from ffl.engine.board import Board, Space
from ffl.engine.grids import square_grid


def test_a_point_in_a_box_inside_a_zone_finds_the_box():
    zone = Space("Z1", box(0, 0, 10, 10), kind="zone")
    inner = Space("Z1.1", box(2, 2, 4, 4), kind="box")
    inmost = Space("Z1.1a", box(2.5, 2.5, 3, 3), kind="box")
    for order in ([zone, inner, inmost], [inmost, inner, zone], [inner, zone, inmost]):
        b = Board(order)
        assert b.space_at(3.5, 3.5).key == "Z1.1"
        assert b.space_at(2.7, 2.7).key == "Z1.1a"
        assert b.space_at(8, 8).key == "Z1"
        assert b.space_at(2, 3).key == "Z1.1"      # the box's border counts
        assert b.space_at(11, 11) is None


def test_neighbours_of_one_size_still_answer_as_before():
    b = square_grid(4, 3)
    assert b.space_at(1.5, 1.5).key == "B2"
    assert b.space_at(0.5, 2.5).key == "A3"
    edge = b.space_at(1.0, 1.5).key               # on the border of A2 and B2
    assert edge in {"A2", "B2"}
    assert b.space_at(1.0, 1.5).key == edge       # and always the same one


def test_every_space_of_the_phantom_fury_board_is_found_at_its_inner_point():
    session = catalog.new_session("phantom_fury/jolan", seed=1)
    board = session.controller.board(session.state)
    nested = 0
    for key, space in board.spaces.items():
        p = space.polygon.representative_point()
        assert board.space_at(p.x, p.y).key == key
        if space.kind == "box":
            zone = [s for s in board.spaces.values()
                    if s.kind == "zone" and s.polygon.covers(p)]
            nested += bool(zone)
    assert nested > 100         # most boxes lie inside a zone (207 of 372)
