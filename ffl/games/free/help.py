"""Help on board for free play, as data (no Qt): the mouse and keys of a game
played like on a table top, with no rules checked.  The text format is that of
:mod:`ffl.games.ffl.help`.
"""

from __future__ import annotations

HOW_TO_PLAY: tuple[tuple[str, str], ...] = (
    ("Free play", """\
The program checks no rules here: the players apply their own, as at a table.
Every move, turn, flip, marker and roll still goes to the event log, can be
undone, and is kept in the saved game."""),
    ("Mouse and keys", """\
- Drag a piece from the Pieces tray onto a space of the map, or from space to
  space; drop it off the map to leave it where it was.
- R and Shift+R, or Shift+wheel over a piece, turn it (six facings on hexes,
  eight on squares); Ctrl+F flips it; Delete takes it off the map.
- Right-click a piece for markers (Ctrl+M adds one to the chosen piece).
- Ctrl+D rolls dice in the Dice panel; the values go to the log.
- The wheel zooms about the cursor; drag an empty spot or the middle button to
  pan; F fits the board; Ctrl+Z undoes."""),
)

NEXT_STEP: dict[str, str] = {
    "move": "drag pieces anywhere; R turns, Ctrl+F flips, Ctrl+D rolls the dice",
}

RULES: dict[str, tuple[str, str]] = {
    "free": ("Free play", "No rules are checked: the line records what a player "
                               "did by hand."),
}
