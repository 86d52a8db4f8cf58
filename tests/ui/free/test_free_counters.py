"""The generic counter on hex boards (six facings, 60 degrees apart, 0 = north,
clockwise) and its flipped look, drawn for real into images."""

from __future__ import annotations

import math

import pytest
from PySide6.QtGui import QColor, QImage, QPainter

from ffl.engine import GameState, Piece, PieceType
from ffl.engine.grids import hex_grid, square_grid
from ffl.ui.board_scene import BoardScene
from ffl.ui.counters import CounterItem
from ffl.ui.style import BoardStyle

ARROW = QColor("#ffd84a")
SIZE = 240


def render(item: CounterItem) -> QImage:
    image = QImage(SIZE, SIZE, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.translate(SIZE / 2, SIZE / 2)
    painter.scale(2, 2)
    item.draw(painter)
    painter.end()
    return image


def arrow_bearing(image: QImage) -> float:
    """Degrees clockwise from north of the arrow's (yellow pixels') centroid."""
    xs, ys = [], []
    for y in range(0, SIZE, 2):
        for x in range(0, SIZE, 2):
            c = image.pixelColor(x, y)
            if abs(c.red() - ARROW.red()) < 12 and abs(c.green() - ARROW.green()) < 12 \
                    and abs(c.blue() - ARROW.blue()) < 12:
                xs.append(x)
                ys.append(y)
    assert xs, "no arrow drawn"
    dx, dy = sum(xs) / len(xs) - SIZE / 2, sum(ys) / len(ys) - SIZE / 2
    return math.degrees(math.atan2(dx, -dy)) % 360


def counter(facing, facings, data=None, values=None) -> CounterItem:
    ptype = PieceType("inf", "Infantry", "red", values=values or {})
    item = CounterItem(Piece("p", "inf", "red", "0101", 0, facing, data=data or {}), ptype,
                       BoardStyle(("red",)))
    item.set_facings(facings)
    return item


@pytest.mark.parametrize("facing", range(6))
def test_hex_facings_point_at_60_degree_steps_clockwise_from_north(qapp, facing):
    bearing = arrow_bearing(render(counter(facing, 6)))
    assert abs((bearing - 60 * facing + 180) % 360 - 180) < 4


@pytest.mark.parametrize("facing", range(8))
def test_square_facings_keep_their_45_degree_steps(qapp, facing):
    bearing = arrow_bearing(render(counter(facing, 8)))
    assert abs((bearing - 45 * facing + 180) % 360 - 180) < 4


def test_the_scene_gives_counters_the_boards_facings(qapp):
    for board, n, name in ((hex_grid(4, 3), 6, "SE"), (square_grid(4, 3), 8, "E")):
        scene = BoardScene(board)
        key = next(iter(board.spaces))
        scene.set_state(GameState("g", "g/s", 1, {"p": Piece("p", "inf", "red", key, 0, 2)}))
        item = scene.counter("p")
        assert scene.facings == n and item.facings == n
        assert f"facing {name}" in item.toolTip()


def test_a_flipped_counter_shows_its_back_or_a_clearly_different_face(qapp):
    front = render(counter(None, 6))
    plain = counter(None, 6, data={"flipped": True})
    assert plain._lines() == ["Infantry", "flipped"]
    assert "flipped" in plain.toolTip()
    assert render(plain) != front
    backed = counter(None, 6, data={"flipped": True}, values={"back": "Routed"})
    assert backed._lines() == ["Routed"]
    assert "flipped: Routed" in backed.toolTip()
    assert render(backed) != front and render(backed) != render(plain)
    # the counter repaints when the piece is turned back over
    plain.update_piece(Piece("p", "inf", "red", "0101"), plain.ptype)
    assert plain._lines() == ["Infantry"] and plain._pixmaps == {}
    assert "flipped" not in plain.toolTip()
