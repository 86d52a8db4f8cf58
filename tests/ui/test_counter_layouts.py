"""The generic counter with a module's counter layout (name line, values in
order, corner badges) and its size on a board (never larger than the smallest
space), drawn for real in a BoardScene and into images."""

from __future__ import annotations

from PySide6.QtGui import QColor, QImage, QPainter
from shapely.geometry import box

from ffl.engine import Board, GameState, Module, Piece, PieceType, Space
from ffl.engine.grids import hex_grid, square_grid
from ffl.ui.board_scene import BoardScene
from ffl.ui.counter_layout import CounterLayout, counter_layouts, largest_counter
from ffl.ui.counters import CounterItem
from ffl.ui.style import UNIT, BoardStyle

SIZE = 240
GUN = PieceType("gun", "Field Gun", "red", "artillery", "",
                {"attack": 6, "defence": 2, "range": 4, "move": 1, "short": "Gun"})
LAYOUT = {"artillery": {"name": "short", "values": ["attack", "move"],
                        "badges": {"top-left": "range", "bottom-right": "defence"}}}


def render(item: CounterItem) -> QImage:
    image = QImage(SIZE, SIZE, QImage.Format.Format_ARGB32)
    image.fill(0)
    painter = QPainter(image)
    painter.translate(SIZE / 2, SIZE / 2)
    painter.scale(2, 2)
    item.draw(painter)
    painter.end()
    return image


def at(image: QImage, fx: float, fy: float, item: CounterItem) -> QColor:
    """The pixel at (fx, fy) times the counter's edge from its centre."""
    return image.pixelColor(int(SIZE / 2 + 2 * fx * item.size), int(SIZE / 2 + 2 * fy * item.size))


def white(image: QImage, fx: float, fy: float, item: CounterItem) -> float:
    """Share of white pixels in a badge's circle at (fx, fy)."""
    r = 0.1 * item.size * 2
    cx, cy = SIZE / 2 + 2 * fx * item.size, SIZE / 2 + 2 * fy * item.size
    pixels = [image.pixelColor(int(cx + dx), int(cy + dy))
              for dx in range(-int(r), int(r) + 1) for dy in range(-int(r), int(r) + 1)
              if dx * dx + dy * dy <= r * r]
    return sum(1 for c in pixels if c.lightness() > 245) / len(pixels)


def test_layouts_are_read_from_module_data_and_malformed_parts_left_at_their_default():
    layouts = counter_layouts({"counters": {**LAYOUT, "vehicle": {"values": "attack",
                                                                  "badges": {"middle": "x"}},
                                            "broken": 3}})
    assert layouts["artillery"] == CounterLayout("short", ("attack", "move"),
                                                 (("top-left", "range"),
                                                  ("bottom-right", "defence")))
    assert layouts["vehicle"] == CounterLayout()
    assert "broken" not in layouts
    assert CounterLayout.from_json(layouts["artillery"].to_json()) == layouts["artillery"]
    assert counter_layouts({}) == {} and counter_layouts(None) == {}


def test_a_counter_in_a_scene_prints_its_kinds_layout_with_badges(qapp):
    module = Module("m", "", "M", piece_types={"gun": GUN}, attrs={"counters": LAYOUT})
    scene = BoardScene(square_grid(3, 3), module, BoardStyle(("red",)))
    scene.set_state(GameState("", "", pieces={"g": Piece("g", "gun", "red", "B2", 1)}))
    item = scene.counter("g")
    assert item._lines() == ["Gun", "6-1"]
    image = render(item)
    # value badges: white rings in the top-left and bottom-right corners
    assert white(image, -0.32, -0.32, item) > 0.5
    assert white(image, 0.32, 0.32, item) > 0.5
    # the level badge (dark) takes the top-right corner, free here
    assert white(image, 0.32, -0.32, item) < 0.4
    assert at(image, 0.32 - 0.09, -0.32, item).lightness() < 60
    # without the layout: the style's lines (name, whole numbers in order)
    item.set_layouts({})
    assert item._lines() == ["Field Gun", "6-2-4-1"]
    assert white(render(item), -0.32, -0.32, item) < 0.1


def test_the_level_badge_moves_to_a_free_corner_and_markers_leave_badges_alone(qapp):
    layout = {"artillery": {"badges": {"top-right": "range", "bottom-left": "defence"}}}
    item = CounterItem(Piece("g", "gun", "red", "A1", 2, markers={"stun": 1, "pin": 2}),
                       GUN, BoardStyle(("red",)))
    item.set_layouts(counter_layouts({"counters": layout}))
    image = render(item)
    assert white(image, 0.32, -0.32, item) > 0.5                   # range badge
    assert at(image, -0.32 - 0.09, -0.32, item).lightness() < 60   # level: top left
    assert white(image, -0.32, 0.32, item) > 0.5                   # defence badge
    red = at(image, -0.11, 0.33, item)                              # markers from slot 1
    assert red.red() > 150 and red.green() < 80


def test_counters_are_no_larger_than_the_smallest_space(qapp):
    assert abs(largest_counter(square_grid(4, 4)) - 1.0) < 1e-5
    assert abs(largest_counter(hex_grid(4, 4)) - 0.634) < 1e-3
    small = Board([Space("big", box(0, 0, 3, 3), "zone"), Space("small", box(3, 0, 3.3, 0.3),
                                                                   "zone")])
    assert abs(largest_counter(small) - 0.3) < 1e-5
    crescent = Board([Space("c", box(0, 0, 2, 2).difference(box(0.5, 0.5, 2, 1.5)), "zone")])
    assert 0.3 < largest_counter(crescent) < 0.8        # centre outside: inscribed circle
    for board, edge in ((small, 0.3), (square_grid(2, 2), 0.74), (hex_grid(2, 2), 0.62)):
        module = Module("m", "", "M", piece_types={"gun": GUN})
        scene = BoardScene(board, module, BoardStyle(("red",)))
        key = next(iter(board.keys()))
        scene.set_state(GameState("", "", pieces={"g": Piece("g", "gun", "red", key)}))
        item = scene.counter("g")
        assert abs(item.size - edge * UNIT) < 0.01 * UNIT, (board, item.size)
        assert item.boundingRect().width() > item.size       # the arrow's room around it


class SmallCounter(CounterItem):
    """A game's own counter with its own, smaller usual size."""

    def __init__(self, piece, ptype, style) -> None:
        super().__init__(piece, ptype, style)
        self._size = 0.56 * UNIT


def test_a_games_own_counter_size_is_kept_and_limited_by_the_board_too(qapp):
    tiny = Board([Space("big", box(0, 0, 3, 3), "zone"), Space("small", box(3, 0, 3.3, 0.3),
                                                                  "zone")])
    for board, edge in ((square_grid(2, 2), 0.56), (tiny, 0.3)):
        scene = BoardScene(board, Module("m", "", "M", piece_types={"gun": GUN}),
                           BoardStyle(("red",)))
        scene.counter_class = SmallCounter
        key = next(iter(board.keys()))
        scene.set_state(GameState("", "", pieces={"g": Piece("g", "gun", "red", key)}))
        assert abs(scene.counter("g").size - edge * UNIT) < 0.01 * UNIT
