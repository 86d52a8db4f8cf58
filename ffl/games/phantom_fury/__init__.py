"""Phantom Fury (solitaire): the USMC's battle for the Jolan District, Fallujah, 2004.

The player commands the USMC; the program plays the insurgents through the
rules' draws and tables and their priority orders (:mod:`.insurgents`).
``GAME`` is the game's manifest (see :mod:`ffl.games.manifest`).
"""

from ffl.games.manifest import GameManifest, GameOption, PrintSheet

GAME = GameManifest(
    id="phantom_fury",
    title="Phantom Fury",
    rulebook="Phantom Fury (solitaire), the Jolan District",
    controller="ffl.games.phantom_fury.controller:PhantomFuryController",
    module_file="phantom-fury.ffl",
    builder="ffl.games.phantom_fury.module:build_module",
    ui="ffl.ui.phantom_fury:PhantomFuryUI",
    style="ffl.ui.phantom_fury.style:PhantomFuryStyle",
    counter="ffl.ui.phantom_fury.counters:PhantomFuryCounterItem",
    sheets=(
        PrintSheet("jolan-map", "The Jolan District map", "4",
                   "ffl.printing.phantom_fury.jolan_map:layout",
                   "ffl.printing.phantom_fury.jolan_map:landscape"),
        PrintSheet("setup-sheet", "Set-up sheet", "6"),
        PrintSheet("player-aid", "Player aid card (the tables)", "9-14",
                   "ffl.printing.phantom_fury.player_aid:layout", columns=2),
        PrintSheet("turn-record", "Turn record (turns, VP, Zones)", "7-8",
                   "ffl.printing.phantom_fury.turn_record:layout"),
    ),
    level_names={0: "0: the Locations of a Zone are boxes, not levels"},
    help="ffl.games.phantom_fury.help",
    options=(
        GameOption("strong_points", "Difficulty", 2,
                   ((1, "1 Strong Point (easier)"), (2, "2 Strong Points"),
                    (3, "3 Strong Points"), (4, "4 Strong Points (hardest)")), rule="6.1.2",
                   tip="How many 'Activated Strong Point' markers go into the Zone "
                       "activation draw: Fortified Zones besides the mosque"),
        GameOption("variant", "Historical variant (15)", False, rule="15",
                   tip="A second M1A1, the Battalion Reinforcements from turn 7 at no VP "
                       "cost, and 13 turns at most"),
    ),
)
