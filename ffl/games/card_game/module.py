"""Build the Foreign Legion Card Game module: the map of As Q'ara, the cards, scenarios.

The map is an engine ``polygon_board`` of 64 oblong sections (8 columns x 8
rows, keys ``c1r1`` .. ``c8r8``), each a Space with ``letter`` and ``colour``
attributes.  Sections are touching rectangles, so the engine's orthogonal
adjacency is exactly the rulebook's "adjoining" (N.B. (a)).

Cards are PieceTypes of kind ``"card"`` whose ``values`` hold ``category``
(``mission``, ``spy`` or ``us``), ``letter``, ``colour`` and ``number``.  Every
card matches exactly one section by letter and colour (First Player 1); the
builder checks that.  All numbers come from :mod:`.tables`.
"""

from __future__ import annotations

from shapely.geometry import box

from ...engine import Module, PieceType, Placement, Scenario
from ...engine.board import Board
from ...engine.grids import polygon_board
from . import tables as T

GAME = "card_game"
BOARD = "as_qara"
SPY_LETTER = "*"


def section_key(col: int, row: int) -> str:
    """Key of the section in 0-based column ``col`` and row ``row``: ``c1r1``."""
    return f"c{col + 1}r{row + 1}"


def map_card(col: int, row: int) -> int:
    """Which of the four map cards (1-4, left to right, top to bottom) holds a section."""
    return 1 + (col >= T.COLUMNS // 2) + 2 * (row >= T.ROWS // 2)


def build_board() -> Board:
    """The 64-section map of As Q'ara (Deal 1: every player sees one of two copies)."""
    letters, colours = T.map_letters(), T.map_colours()
    polygons, attrs = {}, {}
    for row in range(T.ROWS):
        for col in range(T.COLUMNS):
            key = section_key(col, row)
            x, y = col * T.SECTION_WIDTH, row * T.SECTION_HEIGHT
            polygons[key] = box(x, y, x + T.SECTION_WIDTH, y + T.SECTION_HEIGHT)
            attrs[key] = {
                "letter": letters[row][col], "colour": colours[row][col],
                "col": col, "row": row, "map_card": map_card(col, row),
            }
    return polygon_board(
        polygons, kind="section", attrs=attrs, name=BOARD,
        board_attrs={"title": "As Q'ara", "columns": T.COLUMNS, "rows": T.ROWS,
                     "copies": 2},
    )


def card_types() -> list[PieceType]:
    """Every card of the pack except the map cards, in a fixed order."""
    out = []
    for letter, number, colour in T.MISSION_CARDS:
        out.append(PieceType(
            f"M-{letter}", f"{letter} {number} ({colour})", kind="card", org="mission",
            values={"category": "mission", "letter": letter, "colour": colour,
                    "number": number},
        ))
    for colour in T.SPY_CARDS:
        out.append(PieceType(
            f"SPY-{colour}", f"SPY ({colour})", kind="card", org="spy",
            values={"category": "spy", "letter": SPY_LETTER, "colour": colour,
                    "number": 0},
        ))
    for i, (letter, colour) in enumerate(T.US_CARDS_PRINTED, start=1):
        out.append(PieceType(
            f"US-{i}", f"U/S {letter} ({colour})", kind="card", org="us",
            values={"category": "us", "letter": letter, "colour": colour, "number": 0},
        ))
    return out


def check_cards(board: Board, types: list[PieceType]) -> None:
    """Raise ValueError unless every card matches exactly one section (First Player 1)."""
    used: dict[str, str] = {}
    for t in types:
        hits = [k for k, s in board.spaces.items()
                if s.get("letter") == t.get("letter") and s.get("colour") == t.get("colour")]
        if len(hits) != 1:
            raise ValueError(f"card {t.id} matches {len(hits)} sections, expected 1")
        if hits[0] in used:
            raise ValueError(f"cards {used[hits[0]]} and {t.id} share section {hits[0]}")
        used[hits[0]] = t.id


def scenario(players: int, types: list[PieceType]) -> Scenario:
    sides = tuple(f"p{i}" for i in range(1, players + 1))
    return Scenario(
        id=f"{GAME}/{players}p", game=GAME, title=f"{players} players", board=BOARD,
        description=(f"{players} players, {T.HAND_SIZE[players]} cards each; the first to "
                     f"lay {T.REQUIRED[players]} cards (a SPY extra) ends the game."),
        sides=sides,
        options={"players": players, "games": 1},
        setup={"hand_size": T.HAND_SIZE[players], "required": T.REQUIRED[players],
               "bonus": T.COMPLETION_BONUS},
        placements=[Placement(t.id, t.id, status="active") for t in types],
    )


def build_module() -> Module:
    """The Foreign Legion Card Game module (see docs/reconstructions.md)."""
    board = build_board()
    types = card_types()
    check_cards(board, types)
    return Module(
        id=GAME, game=GAME, title="Foreign Legion Card Game",
        boards={BOARD: board},
        piece_types={t.id: t for t in types},
        scenarios={s.id: s for s in (scenario(n, types) for n in sorted(T.REQUIRED))},
        attrs={"rules": dict(T.RULES)},
    )
