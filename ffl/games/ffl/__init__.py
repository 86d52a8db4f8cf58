"""French Foreign Legion (Yaquinto, 1982): board, roster, tables and rules.

``GAME`` is the game's manifest: what the rest of the program reads to play,
show, print and edit it (see :mod:`ffl.games.manifest`).
"""

from ffl.games.manifest import GameManifest, PrintSheet

from .options import game_options

GAME = GameManifest(
    id="ffl",
    title="French Foreign Legion",
    rulebook="French Foreign Legion (Yaquinto, 1982), rules 1-25",
    controller="ffl.games.ffl.controller:FFLController",
    module_file="french-foreign-legion.ffl",
    builder="ffl.games.ffl.module:build_module",
    # rule 9 plays on until one side is gone: random self-play stops at turn 12
    selfplay_options={"turn_limit": 12},
    selfplay_policy="ffl.games.ffl.policy:GoalPolicy",   # plays toward 9, the goal
    opponents="ffl.opponents.ffl:make",                  # the program plays either side
    ui="ffl.ui.ffl:FFLGameUI",
    style="ffl.ui.ffl.style:FFLStyle",
    counter="ffl.ui.ffl.counters:FFLCounterItem",
    help="ffl.games.ffl.help",
    # 10-18: the optional rules, each switched on or off in the New game dialog
    options=game_options(),
    sheets=(
        PrintSheet("character-sheet", "Character Unit Sheet", "25",
                   "ffl.printing.character_sheet:layout"),
        PrintSheet("setup-sheet", "Set-up sheet"),
        PrintSheet("gameboard", "Reduced gameboard", "24"),
        PrintSheet("game-card", "Game Card", "", "ffl.printing.game_card:layout", columns=2),
    ),
    terrains={"sand": "the desert around the fort (6.121: 3 MF)",
              "fort": "inside the fort's walls (6.122: 5 MF)"},
    level_names={-1: "-1 tunnel", 0: "0 ground: sand, parade ground",
                 1: "1 rooftop, stair landing", 2: "2 parapet: walls, gate", 3: "3 tower top"},
)
