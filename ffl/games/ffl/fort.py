"""The fort gameboard of French Foreign Legion, rebuilt as data (1.1, 1.12, 1.13).

The printed board is 32 x 16 three-quarter-inch squares (a 24" x 12" album
jacket).  Its exact drawing is not in the rulebook, so this is a
reconstruction (see docs/reconstructions.md): an ASCII map gives every square
its kind, the tables below list doors, windows, the gate and the stairways,
and :func:`build_fort` turns them into an engine board with the conventions
described in :mod:`ffl.games.ffl.terrain`.

North is up (row 1).  Legend of :data:`MAP`:

=====  ===========================================  =============
char   square                                       levels
=====  ===========================================  =============
``.``  sand outside the fort                        0
``#``  outer wall, parapet on top                   2
``T``  corner tower                                 0, 1, 2, 3
``X``  corner tower square holding its stairway     0, 1, 2, 3
``G``  gate square: passage below, parapet above    0, 2
``,``  parade ground                                0
``s``  parade ground square at the foot of a stair  0
``l``  raised stair landing                         1
``O``  Officer's Quarters (floor and rooftop)       0, 1
``B``  Barracks                                     0, 1
``R``  Store Room                                   0, 1
``H``  Guard House                                  0, 1
=====  ===========================================  =============
"""

from __future__ import annotations

from ffl.engine import features as F
from ffl.engine.board import Board, Link, Side
from ffl.engine.grids import parse_square_label, square_grid, square_label

COLUMNS, ROWS = 32, 16

MAP = (
    "................................",  # 1
    "................................",  # 2
    "...TT######################TT...",  # 3
    "...TX,,sl,BBBBBBBB,,OOOOls,XT...",  # 4
    "...#,,,,,sBBBBBBBB,,OOOO,,,,#...",  # 5
    "...#,,,,,,,,,,,,,,,sOOOO,,,,#...",  # 6
    "...#RRR,,,,,,,,,,,,,,,,,,,,s#...",  # 7
    "...#RRR,,,,,,,,,,,,,,,,,,,,l#...",  # 8
    "...#RRRs,,,,,,,,,,,,,,,,,,,,#...",  # 9
    "...#l,,,,,,,,,,,,,,,,,,,,,,,#...",  # 10
    "...#s,,,,,sHHH,,,,,,,,,,,,,,#...",  # 11
    "...#,,,,,,,HHH,,,,,,,,,,,,,,#...",  # 12
    "...TX,,,sl,HHH,,,,,ls,,,,,,XT...",  # 13
    "...TT##########GG##########TT...",  # 14
    "................................",  # 15
    "................................",  # 16
)

#: char -> (area, levels, building name)
LEGEND: dict[str, tuple[str, tuple[int, ...], str | None]] = {
    ".": ("sand", (0,), None),
    "#": ("wall", (2,), None),
    "T": ("tower", (0, 1, 2, 3), None),
    "X": ("tower", (0, 1, 2, 3), None),
    "G": ("gate", (0, 2), None),
    ",": ("parade", (0,), None),
    "s": ("parade", (0,), None),
    "l": ("stairway", (1,), None),
    "O": ("building", (0, 1), "Officer's Quarters"),
    "B": ("building", (0, 1), "Barracks"),
    "R": ("building", (0, 1), "Store Room"),
    "H": ("building", (0, 1), "Guard House"),
}

#: Stairways (6.62): (stairway square, its level, square reached, level reached).
STAIRWAYS: tuple[tuple[str, int, str, int], ...] = (
    # parade ground -> landing -> parapet, one flight along each wall
    ("H4", 0, "I4", 1), ("I4", 1, "I3", 2),        # north wall, west
    ("Z4", 0, "Y4", 1), ("Y4", 1, "Y3", 2),        # north wall, east
    ("AB7", 0, "AB8", 1), ("AB8", 1, "AC8", 2),    # east wall
    ("E11", 0, "E10", 1), ("E10", 1, "D10", 2),    # west wall
    ("I13", 0, "J13", 1), ("J13", 1, "J14", 2),    # south wall, west of the gate
    ("U13", 0, "T13", 1), ("T13", 1, "T14", 2),    # south wall, east of the gate
    # parade ground -> building rooftops
    ("J5", 0, "K5", 1),     # Barracks
    ("T6", 0, "U6", 1),     # Officer's Quarters
    ("H9", 0, "G9", 1),     # Store Room
    ("K11", 0, "L11", 1),   # Guard House
)

#: The tower squares holding a tower stairway 0<->1<->2<->3 (6.61).
TOWER_STAIRWAYS = ("E4", "AB4", "E13", "AB13")

#: Doors (6.13): (square, square, levels).
DOORS: tuple[tuple[str, str, tuple[int, ...]], ...] = (
    ("M5", "M6", (0,)), ("P5", "P6", (0,)),          # Barracks
    ("V6", "V7", (0,)),                              # Officer's Quarters
    ("G8", "H8", (0,)),                              # Store Room
    ("N12", "O12", (0,)),                            # Guard House
    # towers: ground-floor door to the parade ground, parapet doors
    ("E4", "E5", (0,)), ("E3", "F3", (2,)), ("D4", "D5", (2,)),          # NW
    ("AB4", "AB5", (0,)), ("AB3", "AA3", (2,)), ("AC4", "AC5", (2,)),    # NE
    ("E13", "E12", (0,)), ("D13", "D12", (2,)), ("E14", "F14", (2,)),    # SW
    ("AB13", "AB12", (0,)), ("AC13", "AC12", (2,)), ("AB14", "AA14", (2,)),  # SE
)

#: Windows (6.1244, 6.722, 7.721): (square, square, levels).
WINDOWS: tuple[tuple[str, str, tuple[int, ...]], ...] = (
    ("K5", "K6", (0,)), ("R5", "R6", (0,)), ("J4", "K4", (0,)), ("R4", "S4", (0,)),
    ("X6", "X7", (0,)), ("T5", "U5", (0,)), ("X5", "Y5", (0,)),
    ("F9", "F10", (0,)),
    ("M11", "M10", (0,)), ("N13", "O13", (0,)), ("K12", "L12", (0,)),
)

#: The main gate (2.2): gate square -> the sand square outside its gate side.
GATE_SQUARES = {"P14": "P15", "Q14": "Q15"}


def _char(col: int, row: int) -> str:
    return MAP[row][col]


def _square_attrs(col: int, row: int) -> dict:
    ch = _char(col, row)
    area, levels, building = LEGEND[ch]
    attrs: dict = {
        "levels": list(levels),
        "terrain": "sand" if area == "sand" else "fort",
        "area": area,
    }
    if building:
        attrs["building"] = building
    if ch == "G":
        attrs["gate"] = True
    edges = [e for e, on in (("N", row == 0), ("S", row == ROWS - 1),
                             ("W", col == 0), ("E", col == COLUMNS - 1)) if on]
    if edges:
        attrs["edge"] = edges[0]
        attrs["edges"] = edges
    return attrs


def _wall_side(ca: str, cb: str) -> dict[str, tuple[int, ...]]:
    """The wall features (feature -> levels) on the side between two kinds of square."""
    a, b = LEGEND[ca], LEGEND[cb]
    kinds = {a[0], b[0]}
    if a[0] == b[0] and a[2] == b[2]:
        return {}                       # same area (same building): open
    if "tower" in kinds:
        other = b if a[0] == "tower" else a
        if other[0] == "sand":
            return {F.THICK_WALL: (0, 1, 2), F.CRENEL: (3,)}
        if other[0] == "wall":
            return {F.THICK_WALL: (0, 1), F.THIN_WALL: (2,), F.CRENEL: (3,)}
        return {F.THIN_WALL: (0, 1, 2), F.CRENEL: (3,)}
    if "gate" in kinds:
        other = b if a[0] == "gate" else a
        if other[0] == "sand":
            return {F.GATE: (0, 1), F.CRENEL: (2,)}
        if other[0] == "wall":
            return {F.THICK_WALL: (0, 1)}
        return {F.THICK_WALL: (1,)}     # the wall face above the passage
    if "wall" in kinds:
        other = b if a[0] == "wall" else a
        if other[0] == "sand":
            return {F.THICK_WALL: (0, 1), F.CRENEL: (2,)}
        return {F.THICK_WALL: (0, 1)}
    if "building" in kinds:
        return {F.THIN_WALL: (0,)}
    return {}


def _sides() -> list[Side]:
    feats: dict[tuple[str, str], dict[str, set[int]]] = {}

    def add(a: str, b: str, feature: str, levels) -> None:
        key = (a, b) if a <= b else (b, a)
        feats.setdefault(key, {}).setdefault(feature, set()).update(levels)

    for row in range(ROWS):
        for col in range(COLUMNS):
            for dc, dr in ((1, 0), (0, 1)):
                c2, r2 = col + dc, row + dr
                if c2 >= COLUMNS or r2 >= ROWS:
                    continue
                for feature, levels in _wall_side(_char(col, row), _char(c2, r2)).items():
                    add(_label(col, row), _label(c2, r2), feature, levels)
    for a, b, levels in DOORS:
        add(a, b, F.DOOR, levels)
    for a, b, levels in WINDOWS:
        add(a, b, F.WINDOW, levels)
    return [
        Side(a, b, features=frozenset(f),
             attrs={"levels": {name: sorted(lv) for name, lv in sorted(f.items())}})
        for (a, b), f in sorted(feats.items())
    ]


def _label(col: int, row: int) -> str:
    return square_label(col, row)


def _links() -> list[Link]:
    links = [
        Link(a, b, "stairway", {"from_level": la, "to_level": lb})
        for a, la, b, lb in STAIRWAYS
    ]
    for key in TOWER_STAIRWAYS:
        links += [
            Link(key, key, "tower-stairway", {"from_level": lv, "to_level": lv + 1})
            for lv in (0, 1, 2)
        ]
    return links


def build_fort(name: str = "fort") -> Board:
    """The fort board: 32 x 16 squares A1..AF16 with levels, walls, doors and stairs."""
    assert len(MAP) == ROWS and all(len(r) == COLUMNS for r in MAP)
    return square_grid(
        COLUMNS, ROWS, attrs=_square_attrs, sides=_sides(), links=_links(), name=name,
        board_attrs={"game": "ffl", "title": "The Legion fort",
                     "gate_sides": [[g, s] for g, s in GATE_SQUARES.items()]},
    )


def square_char(label: str) -> str:
    """The map character of a square label (for tests and the editor)."""
    col, row = parse_square_label(label)
    return _char(col, row)
