"""Foreign Legion Card Game: the printed facts and our reconstruction, as data.

Everything :func:`ffl.games.card_game.module.build_module` turns into boards,
cards and scenarios lives here.  Facts stated by the rulebook (64 sections, the
REVOLT IS VERY NEAR columns, 26 Mission cards, 2 SPY cards, the cards to play
per player count, the 200-point bonus) are carried over as they are; the parts
the surviving text leaves open (colours, card numbers, U/S cards, deal sizes,
where the two SPY squares sit) are our choices and are listed in
``docs/reconstructions.md`` ("Foreign Legion Card Game").
"""

from __future__ import annotations

from itertools import cycle
from string import ascii_uppercase

# -- rule paragraphs ------------------------------------------------------------------
# The rulebook numbers only a few paragraphs, so a paragraph is cited by its
# section heading plus the number or letter the text gives it.  Every Event.rule,
# Event.text prefix and test name uses one of these ids.
DEAL_MAPS = "Deal 1"            # the two maps are laid out from the 8 map cards
DEAL = "Deal 2"                 # shuffle, deal face down, rest is the centre pack
PLAY = "Play"                   # how many cards must be played for the player count
FIRST_PLAYER = "First Player"   # left of the dealer starts; play if you can (SPY aside)
SECTION = "First Player 1"      # a card's section: same letter, same colour
CONTACT = "First Player 2"      # a contact card bears the letter of an adjoining section
ADJOINING = "N.B. (a)"          # adjoining = above, below, left, right; never diagonal
US_CARDS = "N.B. (b)"           # U/S cards are played like Mission cards, score nothing
SUCCEEDING = "Succeeding Players"  # turn passes left; exhausted pack is reshuffled
DRAW_DISCARD = "Note 1"         # draw and discard only when unable to play
HAND_ONLY = "Note 2"            # contacts come from the hand only
SPY = "Note 3"                  # the SPY card rules
END = "End of Game"             # the game ends when a player has played enough cards
SCORING = "Scoring"             # card numbers, SPY doubling, 200 bonus, running totals

RULES: dict[str, str] = {
    DEAL_MAPS: "Lay out the map cards as two complete maps of As Q'ara.",
    DEAL: "Shuffle the other cards, deal each player a hand face down, and put the "
          "rest face down in the centre as the pack.",
    PLAY: "Each player tries to lay a fixed number of cards face up in a row: 6 with two "
          "players, 5 with three, 4 with four; one SPY may be laid on top of that.",
    FIRST_PLAYER: "The player left of the dealer goes first and must lay a card (a SPY "
                  "excepted) whenever one is playable; then the turn passes left.",
    SECTION: "A card belongs to the map section with its letter in its border colour.",
    CONTACT: "To lay a card the player shows, from the hand, a card bearing the letter "
             "(any colour) of a section adjoining the card's own section, then keeps it.",
    ADJOINING: "Adjoining sections are the ones directly above, below, left and right.",
    US_CARDS: "Unsuccessful Search cards are laid like Mission cards but score nothing; a "
              "player who can lay only a U/S card must still lay it.",
    SUCCEEDING: "Later cards go to the right of earlier ones; when the pack runs out the "
                "dealer shuffles the discards into a new pack.",
    DRAW_DISCARD: "A player who cannot lay a card takes the top card of the pack and "
                  "discards one card face up; the card drawn cannot be laid this turn.",
    HAND_ONLY: "Only cards in the hand can serve as contacts.",
    SPY: "Each player may lay one SPY, with a contact like any card; it doubles the cards "
         "already laid, is not a contact, is extra to the count, and a second SPY in "
         "hand must go at the first discard.",
    END: "The game stops as soon as a player has laid the required number of cards.",
    SCORING: "Add the numbers of the cards laid, doubling those laid before a SPY; the "
             "player who finished gets 200 more; the highest score wins; totals may be "
             "kept over several games, dealing afresh each game.",
}

# -- the map of As Q'ara ----------------------------------------------------------------
COLUMNS = 8
ROWS = 8
#: Read down the first column, then down the last one.
PHRASE = "REVOLTISVERYNEAR"
#: The two SPY squares, as (column, row), 0-based from the top-left corner.
SPY_SQUARES = ((3, 2), (4, 5))
#: Section shape: taller than wide, as a portrait card cut into a 4 x 4 block.
SECTION_WIDTH = 1.0
SECTION_HEIGHT = 1.4

COLOURS = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "P": "purple", "K": "black"}

#: Colour of every section, one string per row (top first), one code per column.
#: Chosen so that no letter appears twice in the same colour.
COLOUR_ROWS = (
    "RBGYPKRB",
    "GYPKRBGP",
    "PKRBGYPB",
    "RBYYPKRB",
    "GYPKRBGY",
    "PKRBGYPR",
    "RBGYPKRG",
    "GYPKRBGY",
)


def map_letters() -> list[list[str]]:
    """The letter of every section as ``rows[row][col]`` (``"*"`` for a SPY square).

    The first column reads REVOLTIS downwards and the last column VERYNEAR; the
    six columns between run A, B, C... downwards column after column, starting
    again at A after Z, with the two SPY squares slotted in.
    """
    grid = [[""] * COLUMNS for _ in range(ROWS)]
    for r in range(ROWS):
        grid[r][0] = PHRASE[r]
        grid[r][COLUMNS - 1] = PHRASE[ROWS + r]
    letters = cycle(ascii_uppercase)
    for c in range(1, COLUMNS - 1):
        for r in range(ROWS):
            grid[r][c] = "*" if (c, r) in SPY_SQUARES else next(letters)
    return grid


def map_colours() -> list[list[str]]:
    """The colour name of every section as ``rows[row][col]``."""
    return [[COLOURS[code] for code in row] for row in COLOUR_ROWS]


# -- the cards --------------------------------------------------------------------------
#: Mission cards: letter, number printed in the corner, border colour.
MISSION_CARDS: tuple[tuple[str, int, str], ...] = (
    ("A", 7, "blue"), ("B", 19, "red"), ("C", 3, "black"), ("D", 24, "red"),
    ("E", 11, "yellow"), ("F", 15, "blue"), ("G", 2, "blue"), ("H", 26, "black"),
    ("I", 9, "green"), ("J", 13, "yellow"), ("K", 21, "red"), ("L", 5, "blue"),
    ("M", 17, "purple"), ("N", 1, "green"), ("O", 23, "green"), ("P", 8, "red"),
    ("Q", 25, "yellow"), ("R", 12, "purple"), ("S", 6, "yellow"), ("T", 20, "green"),
    ("U", 14, "blue"), ("V", 4, "yellow"), ("W", 22, "black"), ("X", 18, "purple"),
    ("Y", 10, "red"), ("Z", 16, "green"),
)
#: Unsuccessful Search cards: letter and border colour (they carry no number).
US_CARDS_PRINTED: tuple[tuple[str, str], ...] = (
    ("R", "red"), ("O", "red"), ("T", "purple"), ("S", "green"),
    ("V", "blue"), ("Y", "blue"), ("N", "yellow"), ("A", "green"),
)
#: SPY cards: border colour of the matching starred square.
SPY_CARDS: tuple[str, ...] = ("blue", "green")

#: Cards each player must lay, by number of players (a SPY is extra).
REQUIRED = {2: 6, 3: 5, 4: 4}
#: Cards dealt to each player, by number of players (the printed table is lost).
HAND_SIZE = {2: 9, 3: 8, 4: 7}
#: Points given to the player who completes the mission first.
COMPLETION_BONUS = 200
#: Scoring: the two ways to decide a match of an agreed number of games
#: (``options["match"]``): the highest total score, or the most games won.
TOTALS, WINS = "totals", "wins"
MATCH_MODES = {TOTALS: "Highest total score over the games",
               WINS: "Most games won"}


#: the rule paragraphs whose ids read like a player's name ("First Player 2 —
#: Player 1 lays ..." looked like two players): a log line or prompt cites them
#: with a plain phrase after the id, "First Player 2 (contacts): Player 1 lays ..."
PHRASES: dict[str, str] = {
    FIRST_PLAYER: "whose turn",
    SECTION: "a card's section",
    CONTACT: "contacts",
    SUCCEEDING: "a new pack",
}


def cite(rule: str) -> str:
    """How a log line or prompt opens on its rule: the rule's id, then the plain
    phrase and a colon for a rule named after players, else a dash:
    ``"First Player 2 (contacts):"``, ``"Note 1 —"``."""
    return f"{rule} ({PHRASES[rule]}):" if rule in PHRASES else f"{rule} —"


def seat(player: str) -> str:
    """How the log and prompts name a player: ``"p2"`` -> ``"Player 2"``."""
    return f"Player {player[1:]}" if player[:1] == "p" and player[1:].isdigit() else player
