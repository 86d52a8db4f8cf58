"""The Jolan District map, reconstructed as data (the rulebook prints no map).

The city is five rows of Blocks separated by horizontal streets, each row cut
into Blocks of one to three Zones by short vertical streets; a street runs
along the north edge (where the M1A1 enters, 10.2) and one along the south
edge (beyond it the EXIT of the Egress Routes, 13.6.6).  Everything here is a
*reconstruction*: the Zones' widths and numbering, the Locations each holds,
the arrows between them, the door and roof symbols, the target symbols and the
Egress Routes, chosen so that every Zone the rulebook names is where it says
(Zone 3 Adjacent to 2 and 4 and Neighbouring 14, 15 and 16; Zones 14-16 one
Block, Zone 50 a Block alone; Zone 46 Neighbouring 17 for fire; Zone 26 the
mosque, Zone 27 out of bounds).  docs/games/phantom_fury-reconstructions.md
lists every choice.  :mod:`.module` turns this into the engine board.

Board units: a Location box is 0.7 across; a Zone is 3.3 deep; streets 0.6 wide.
"""

from __future__ import annotations

# -- geometry --------------------------------------------------------------------------
BOX = 0.7           # a Location box
GAP = 0.1           # between boxes, and the margin inside a Zone
CELL = BOX + GAP
STREET = 0.6        # width of a street
ROW_HEIGHT = 4 * CELL + GAP     # four rows of boxes
MAP_WIDTH = 28.6

#: rows of Blocks, north to south; each Block is a list of (Zone number, width)
ROWS: tuple[tuple[tuple[tuple[int, float], ...], ...], ...] = (
    # row 1: the start line (nine black circles)
    (((1, 1.7),), ((2, 1.7), (3, 2.5), (4, 1.7)), ((5, 1.7), (6, 2.5)),
     ((7, 1.7), (8, 2.5)), ((9, 1.7), (10, 2.5)), ((11, 2.5), (12, 2.9))),
    # row 2
    (((13, 2.1),), ((14, 1.7), (15, 1.7), (16, 1.7)), ((17, 1.7), (18, 2.5)),
     ((19, 1.7), (20, 1.7), (21, 2.5)), ((22, 1.7), (23, 2.5)), ((24, 1.7), (25, 2.4))),
    # row 3: the mosque (26) and the park (27)
    (((26, 2.5),), ((27, 6.1),), ((28, 1.7), (29, 1.7)), ((30, 1.7), (31, 1.7), (32, 1.7)),
     ((33, 1.7), (34, 1.7)), ((35, 1.7), (36, 1.7), (37, 1.7))),
    # row 4 (numbered from the east)
    (((49, 1.7), (48, 1.7)), ((47, 1.7), (46, 1.7), (45, 1.7)), ((44, 2.5),),
     ((43, 2.5), (42, 2.5)), ((41, 1.7), (40, 2.5), (39, 1.7)), ((38, 2.9),)),
    # row 5: the south edge (EXIT)
    (((50, 2.5),), ((51, 2.5), (52, 1.7)), ((53, 1.7), (54, 2.5), (55, 1.7)),
     ((56, 2.5), (57, 1.7)), ((58, 1.7), (59, 1.7), (60, 2.5)), ((61, 2.9),)),
)

#: 4.1.3 / 6.2: the nine Zones with a black circle (start Zones, USMC entry symbol)
BLACK_CIRCLES = (1, 2, 3, 4, 6, 7, 9, 10, 12)
MOSQUE = 26             # red circle: Fortified by default (4.1.5), IIF only (5.1.6)
NO_ENTRY = 27           # no entry, never controlled (4.1.4, 12.4.2)

# -- Locations ------------------------------------------------------------------------
#: Location codes in the book's order; ``p`` is a prime: 1p is 1', 1pp is 1"
CODES = ("OG", "C", "1", "1p", "1pp", "2", "2p", "R")
LABELS = {"OG": "OG", "C": "C", "1": "1", "1p": "1'", "1pp": '1"', "2": "2", "2p": "2'",
          "R": "R"}
TYPES = {"OG": "OG", "C": "C", "1": "1", "1p": "1", "1pp": "1", "2": "2", "2p": "2",
         "R": "R"}
#: where each Location's box sits in its Zone: (column, row); (0, 0) is the
#: 'Control' box
CELLS = {"R": (1, 0), "2": (0, 1), "2p": (1, 1), "1": (0, 2), "1p": (1, 2), "1pp": (2, 2),
         "OG": (0, 3), "C": (1, 3)}
CONTROL_CELL = (0, 0)

#: the Locations of a Zone, by template (two-column Zones: A-E; three-column: F, G)
TEMPLATES = {
    "A": ("OG", "C", "1", "1p", "2", "2p", "R"),
    "B": ("OG", "1", "1p", "2", "R"),
    "C": ("C", "1", "2", "2p", "R"),
    "D": ("OG", "C", "1", "2", "R"),
    "E": ("C", "1", "1p", "2", "2p", "R"),
    "F": ("OG", "C", "1", "1p", "1pp", "2", "2p", "R"),
    "G": ("OG", "1", "1p", "1pp", "2", "R"),
    "mosque": ("OG", "C", "1", "1p", "2", "R"),
    "park": (),
}
NARROW_CYCLE = ("A", "D", "B", "E", "C")
WIDE_CYCLE = ("F", "G")

#: arrows inside a Zone (4.2.2): each joins two Locations when the Zone has both
ARROWS = (("OG", "1"), ("C", "1"), ("C", "1p"), ("1", "1p"), ("1p", "1pp"), ("1", "2"),
          ("1p", "2p"), ("2", "2p"), ("2", "R"), ("2p", "R"), ("OG", "C"))

#: 4.2.2 door and roof symbols between Locations of two Adjacent Zones of a Block:
#: (west Zone's Location, east Zone's Location) joined for every such pair
DOOR_PAIR = ("1p", "1")        # falls back to ("1", "1") where the west has no 1'
ROOF_PAIR = ("R", "R")

#: 4.1.2.1: target symbols in Zones (a Line of Fire between the two Zones)
ZONE_LINES_OF_FIRE = ((17, 46), (17, 45), (16, 46), (15, 47), (26, 28))
#: 4.3.1.2: target symbols in Street Sections: the vertical street section
#: between two Zones of a row -> the Zones printed below the symbol (looking
#: along the long street it opens on)
STREET_LINES_OF_FIRE = {(26, 27): (14, 48), (27, 28): (17, 44), (13, 14): (2, 26)}

#: 4.1.7 Egress Routes printed in the Zones, priority 1 first (row 5: EXIT)
EGRESS = {
    1: (13, 2), 2: (14, 1, 3), 3: (15, 14, 16), 4: (16, 17, 3), 5: (17, 18, 6),
    6: (18, 19, 5), 7: (19, 20, 8), 8: (20, 21, 7), 9: (22, 21, 10), 10: (23, 22, 9),
    11: (24, 23, 12), 12: (25, 24, 11),
    13: (26, 14), 14: (13, 15), 15: (14, 16), 16: (15, 17, 14), 17: (28, 18, 16),
    18: (28, 29, 17), 19: (30, 20, 18), 20: (31, 30, 21), 21: (32, 33, 20),
    22: (33, 34, 23), 23: (34, 35, 22), 24: (36, 35, 25), 25: (37, 36, 24),
    26: (49, 48), 28: (44, 29), 29: (43, 28, 44), 30: (43, 42, 31), 31: (42, 30, 32),
    32: (41, 42, 31), 33: (40, 41, 34), 34: (39, 40, 33), 35: (39, 36, 38),
    36: (38, 35, 37), 37: (38, 36),
    38: (61, 39), 39: (60, 38, 40), 40: (59, 58, 41), 41: (58, 57, 40), 42: (57, 56, 43),
    43: (56, 55, 42), 44: (55, 54, 45), 45: (53, 46, 44), 46: (52, 53, 47),
    47: (51, 52, 46), 48: (51, 50, 49), 49: (50, 48),
}
EXIT = "EXIT"
SOUTH_ROW = tuple(z for block in ROWS[-1] for z, _ in block)

#: off-map boxes printed beside the map (6.3): key -> (title, rows of counters)
BOXES = (("BOX-start", "Start squads (6.3)"), ("BOX-caat", "CAAT (6.3.2)"),
         ("BOX-company", "Company (10.1)"), ("BOX-battalion", "Battalion (10.3)"),
         ("BOX-armour", "M1A1 Abrams (10.2)"), ("BOX-iif", "Iraqi IIF (10.4)"))
BOX_WIDTH, BOX_HEIGHT, BOX_X = 3.0, 3.0, MAP_WIDTH + 0.8


def zone_key(number: int) -> str:
    """The Space key of Zone ``number``: ``Z3``."""
    return f"Z{number}"


def location_key(number: int, code: str) -> str:
    """The Space key of a Location: ``Z3.1p`` is Location 1' of Zone 3."""
    return f"Z{number}.{code}"


def template_of(number: int, width: float) -> str:
    """Which Locations Zone ``number`` holds (see :data:`TEMPLATES`)."""
    if number == MOSQUE:
        return "mosque"
    if number == NO_ENTRY:
        return "park"
    if width >= 2.5:
        return WIDE_CYCLE[number % len(WIDE_CYCLE)]
    return NARROW_CYCLE[number % len(NARROW_CYCLE)]
