"""7.5 (our reading, issue 15 finding 1): a line of sight into or out of a room
(a building's floor, a tower's floors below its top, the gate passage) passes
the room's walls where it crosses them: a solid wall stops it, a door, window
or crenel lets it through as partial cover (7.721), whichever square of the
room the line reaches first, in both directions.

The geometry test works from the board alone: it rebuilds each room from the
square levels and side features, takes every straight segment between
sighting dots (shapely) from every position outside the room to every
position in it, and checks that each line the rules call clear crosses the
room's boundary through a side that is open at the room's level.
"""

from functools import cache

from shapely.geometry import LineString, box

from ffl.engine.features import CRENEL, DOOR, GATE, THICK_WALL, THIN_WALL, WINDOW
from ffl.games.ffl.fort import build_fort
from ffl.games.ffl.rules.sight import Sight
from ffl.games.ffl.terrain import Fort

WALLS = {THICK_WALL, THIN_WALL, GATE}
OPENINGS = {DOOR, WINDOW, CRENEL}


@cache
def fort_sight():
    board = build_fort()
    return board, Fort(board), Sight(board, Fort(board))


def rooms(board, fort):
    """(level, set of squares): each room, found from the data with a flood fill."""
    seen, out = set(), []
    for key in board.keys():
        levels = fort.levels(key)
        for lv in levels[:-1]:
            if (key, lv) in seen:
                continue
            room, todo = {key}, [key]
            seen.add((key, lv))
            while todo:
                k = todo.pop()
                for n in board.orthogonal(k):
                    nl = fort.levels(n)
                    if (n, lv) in seen or lv not in nl or lv == nl[-1]:
                        continue
                    if set(fort.side_features(k, n, lv)) & (WALLS | OPENINGS):
                        continue
                    seen.add((n, lv))
                    room.add(n)
                    todo.append(n)
            out.append((lv, frozenset(room)))
    return out


def boundary(board, fort, room: frozenset, level: int):
    """The room's sides as (segment, open at ``level``)."""
    out = []
    for k in room:
        for n in board.orthogonal(k):
            if n in room:
                continue
            edge = box(*board[k].polygon.bounds).intersection(box(*board[n].polygon.bounds))
            feats = set(fort.side_features(k, n, level))
            out.append((edge, not feats & WALLS or bool(feats & OPENINGS)))
    return out


def test_7_5_the_fort_has_the_rooms_we_expect():
    board, fort, _ = fort_sight()
    found = {(lv, len(r)) for lv, r in rooms(board, fort)}
    # Barracks 16, Officer's Quarters 12, Store Room 9, Guard House 9, the gate
    # passage 2, four towers 4 squares at levels 0, 1 and 2
    assert sorted(found) == sorted({(0, 16), (0, 12), (0, 9), (0, 2), (0, 4), (1, 4), (2, 4)})
    assert len(rooms(board, fort)) == 4 + 1 + 4 * 3


def test_7_5_every_clear_line_into_or_out_of_a_room_passes_an_open_side():
    board, fort, sight = fort_sight()
    centre = {k: board[k].centre for k in board.keys()}
    outside_positions = [(k, lv) for k in board.keys() for lv in fort.levels(k)]
    checked = clear = 0
    for level, room in rooms(board, fort):
        sides = boundary(board, fort, room, level)
        for inner in sorted(room):
            for key, lv in outside_positions:
                if key in room:
                    continue
                line = LineString([centre[key], centre[inner]])
                crossed = [ok for edge, ok in sides if line.intersects(edge)]
                assert crossed, (key, inner)
                for a, b in (((key, lv), (inner, level)), ((inner, level), (key, lv))):
                    checked += 1
                    if sight.terrain(a, b).clear:
                        clear += 1
                        assert any(crossed), f"{a} sees {b} through solid walls"
    assert checked > 90_000 and clear > 1_000


def test_7_5_the_sand_does_not_see_a_tower_ground_floor_through_its_walls():
    # the example: from V1 the line runs along the north wall and
    # reaches D3 through E3, another square of the north-west tower
    _, _, sight = fort_sight()
    for level in (0, 1):
        v = sight.terrain(("V1", 0), ("D3", level))
        assert not v.clear and v.rule == "7.5"
        assert "tower" in v.reason and v.deciding == "E3"
        assert not sight.terrain(("D3", level), ("V1", 0)).clear     # and back
    # A1 -> D3 reaches D3 itself through its own wall: blocked as before
    v = sight.terrain(("A1", 0), ("D3", 0))
    assert not v.clear and v.reason == "7.5 a wall of the target's square stands in the way"


def test_7_5_through_a_room_door_the_line_is_clear_and_7_721_partial_cover():
    _, _, sight = fort_sight()
    # E4|E5 is the north-west tower's ground-floor door
    v = sight.terrain(("E6", 0), ("E4", 0))
    assert v.clear
    assert DOOR in sight.entry_features("E6", "E4", 0)
    # a parapet unit on level 2 in the tower behind the parapet door E3|F3
    assert DOOR in sight.entry_features("H3", "E3", 2)


def test_7_5_the_gate_passage_is_a_room_its_closed_gate_a_wall():
    _, _, sight = fort_sight()
    v = sight.terrain(("P16", 0), ("P14", 0))
    assert not v.clear and v.rule == "7.5"
    assert sight.terrain(("P12", 0), ("P14", 0)).clear     # open to the parade ground
