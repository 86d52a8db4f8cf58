"""The Legend Begins: North Africa 1940-42 -- the map, the units, the standard rules
(1.0 - 33.0), the advanced rules a game switches on and the scenarios' special rules of
the operational desert game, Axis against Allied.

``GAME`` is the game's manifest (see :mod:`ffl.games.manifest`).
"""

from ffl.games.manifest import GameManifest, PrintSheet

from .options import game_options

GAME = GameManifest(
    id="legend_begins",
    title="The Legend Begins",
    rulebook="The Legend Begins: North Africa, 1940-42, rules 1.0-33.0",
    controller="ffl.games.legend_begins.controller:LegendController",
    module_file="the-legend-begins.ffl",
    builder="ffl.games.legend_begins.module:build_module",
    # random self-play ends after the first turn (the scenario's victory conditions
    # are then judged); a player's game runs the scenario's five turns
    selfplay_options={"last_turn": 0},
    # the program's side (a rule-following opponent) and self-play toward the goal
    opponents="ffl.games.legend_begins.ai:make",
    selfplay_policy="ffl.games.legend_begins.ai:GoalPolicy",
    help="ffl.games.legend_begins.help",
    # the advanced rules (34.0 - 39.0, 52.0), each a check box of the New game dialog
    options=game_options(),
    ui="ffl.ui.legend_begins:LegendGameUI",
    style="ffl.ui.legend_begins.style:LegendStyle",
    counter="ffl.ui.legend_begins.counters:LegendCounterItem",
    sheets=(
        PrintSheet("setup-sheet", "Set-up sheet"),
        PrintSheet("gameboard", "Whole map (overview)"),
        PrintSheet("map-sections", "Map sections", "1.0",
                   "ffl.printing.legend_begins.cards:sections",
                   "ffl.printing.legend_begins.cards:landscape"),
        PrintSheet("org-cards", "Organization Cards", "6.0",
                   "ffl.printing.legend_begins.cards:layout"),
        PrintSheet("player-aid", "Player Aid Card", "", "ffl.printing.legend_begins.aid:layout",
                   columns=2),
    ),
    terrains={"clear": "clear (TEC: 1 MP)", "rough": "rough (TEC: 1 / 2 MP)",
              "jebel": "jebel (TEC: 1 / 2 MP, stop; 1 shift left)",
              "desert": "desert (TEC: 1 MP; two in a row at most)",
              "sebakha": "sebakha (TEC: 1 / 2 MP, stop)", "sea": "sea (prohibited)",
              "box": "an Off Map Box (27.0)"},
)
