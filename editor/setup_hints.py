"""What a scenario's set-up data means for each game, for the Scenario dock's
set-up section (no Qt).

Only French Foreign Legion sets its sides up under restrictions (a building,
squares of the fort, off the board, facing out; the rows the table shows and
:mod:`editor.setup_checks` checks): its set-up data is one section per side.
The other games read a few plain keys of the set-up instead (Limits of
Glory's starting momentum, the card game's hand size, The Legend Begins'
front line and forts); for them the restriction table is hidden and the
set-up data is edited whole, as JSON, its hint naming the keys the game
reads and what they are.  A module of no registered game (free play) keeps
the table: the editor checks its placements against the rows, though no game
enforces them.  This is a description of the data each game reads, kept
here beside the form that edits it; the games decide what it means.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SetupHints:
    """The set-up section's words for one game."""

    #: the game sets sides up under restrictions: the table and its form are shown
    restrictions: bool
    #: the title over the section
    title: str
    #: what the JSON box holds (its tooltip) and an example (its placeholder)
    other: str
    other_example: str = ""
    #: the form's hints: Who, Parameter, More (tooltips) and their examples
    who: str = ""
    who_example: str = "whole side"
    param: str = ""
    param_example: str = ""
    more: str = ""
    more_example: str = ""


FFL = SetupHints(
    True, "Set-up restrictions",
    "set-up keys the table does not show (a side's rule and text, ropes, gates, doors and "
    "windows, the board's own set-up), kept exactly as they are (Ctrl+Return applies)",
    '{"board": {"doors_windows": "open"}}',
    who="empty for the whole side; org: legion-cmd · pieces: id1, id2 · squads: 1 (a number "
        "of squads the player chooses) · others (the side's pieces no other row names)",
    param="inside: building: Barracks · area: parade · terrain: fort (no key: area); on "
          "squares: A1, B2",
    param_example="building: Barracks  ·  A1, B2",
    more='anything else about this restriction, as a JSON object, e.g. {"levels": [2, 3]} '
         '(the levels of a building), {"facing": "outward"}',
    more_example='{"levels": [2, 3]}',
)

FREE = SetupHints(
    True, "Set-up restrictions",
    "set-up keys the table does not show, kept exactly as they are (no game reads them in "
    "free play; Ctrl+Return applies)",
    who="empty for the whole side; org: <a piece type's organization> · pieces: id1, id2 · "
        "others (the side's pieces no other row names)",
    param="inside: area: <a space's area> · terrain: <a terrain> · building: <a space's "
          "building> (no key: area); on squares: the space keys, e.g. A1, B2",
    param_example="terrain: hill  ·  A1, B2",
    more='anything else about this restriction, as a JSON object, e.g. {"levels": [1]}',
    more_example='{"levels": [1]}',
)

BY_GAME: dict[str, SetupHints] = {
    "ffl": FFL,
    "limits_of_glory": SetupHints(
        False, "Set-up data (JSON)",
        "Limits of Glory sets no restrictions: the map and the placements are the set-up. "
        "It reads three keys here, each optional: french_momentum and allied_momentum, the "
        "momentum markers each side starts the invasion with (3 and 1 when left out), and "
        "bedouin, how many dice place the Bedouin at the start (8 when left out). The "
        "scenario needs the pieces brueys and nelson (on the map or off it). "
        "Ctrl+Return applies",
        '{"french_momentum": 3, "allied_momentum": 1, "bedouin": 8}'),
    "card_game": SetupHints(
        False, "Set-up data (JSON)",
        "The card game sets no restrictions: the cards are dealt. It reads three keys "
        "here, each optional: hand_size, the cards dealt to each player (9, 8 or 7 for 2, 3 "
        "or 4 players when left out), required, the cards each player must lay (6, 5 or 4), "
        "and bonus, the points of the player who completes the mission first (200). The "
        "number of players is the optional rule players (Options). Ctrl+Return applies",
        '{"hand_size": 9, "required": 6, "bonus": 200}'),
    "legend_begins": SetupHints(
        False, "Set-up data (JSON)",
        "The Legend Begins sets no restrictions: the placements are the set-up. It reads "
        "these keys here, each optional: first_turn and last_turn (turn numbers) with turns "
        "[the turns' names] and year {turn: year}; control_west_of {\"column\": 40, "
        "\"west\": side, \"east\": side} (who holds the hexes either side of a column "
        "at the start); permanent_forts {hex: side}; field_works {hex: {\"side\": side, "
        "\"type\": \"ip\"}}; rp {side: replacement points}; schedule {turn: {side: "
        "{\"arrive\": [...], \"withdraw\": [...], \"remove\": [...]}}} (reinforcements "
        "and withdrawals); malta, luftwaffe, crete, railhead, rail_extension; special "
        "[special rules]; victory {...} (the scenario's victory conditions) and air {side: "
        "{\"hq\": {hex: piece}, \"ready\": [...], \"arrive\": {turn: [...]}}} for the "
        "air game. Ctrl+Return applies",
        '{"first_turn": 1, "last_turn": 10, "control_west_of": {"column": 40, '
        '"west": "allied", "east": "axis"}}'),
    "phantom_fury": SetupHints(
        False, "Set-up data (JSON)",
        "Phantom Fury sets no restrictions and reads no set-up data: the placements are the "
        "set-up, and its choices (strong points, the variant) are optional rules (Options). "
        "Anything written here is kept but not used. Ctrl+Return applies"),
}


def hints_for(game: str) -> SetupHints:
    """The set-up section's words for a scenario of ``game`` (free play's for a
    game of no registered rules)."""
    return BY_GAME.get(game, FREE)
