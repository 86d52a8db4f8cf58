"""Limits of Glory: Bonaparte's Eastern Empire (Form Square Games): map, elements and rules.

``GAME`` is the game's manifest (see :mod:`ffl.games.manifest`).
"""

from ffl.games.manifest import SHARED_SHEETS, GameManifest, GameOption, PrintSheet

GAME = GameManifest(
    id="limits_of_glory",
    title="Limits of Glory: Bonaparte's Eastern Empire",
    rulebook="Limits of Glory: Bonaparte's Eastern Empire",
    controller="ffl.games.limits_of_glory.controller:GloryController",
    module_file="limits-of-glory.ffl",
    builder="ffl.games.limits_of_glory.module:build_module",
    # random self-play never concedes (a random player would concede at once)
    selfplay_options={"no_concede": True},
    ui="ffl.ui.limits_of_glory:GloryGameUI",
    style="ffl.ui.limits_of_glory.style:GloryStyle",
    sheets=(*SHARED_SHEETS,
            PrintSheet("player-aid", "Player aid", "",
                       "ffl.printing.limits_of_glory.player_aid:layout")),
    terrains={},
    help="ffl.games.limits_of_glory.help",
    options=(
        GameOption("allied_player", "The Allied side", "human",
                   (("human", "A second player (hot-seat)"),
                    ("program", "The program (you play the French)")),
                   tip="Who commands the British, Ottomans and Mamluks", rule="Set Up"),
    ),
)
