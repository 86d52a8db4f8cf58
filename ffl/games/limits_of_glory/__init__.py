"""Limits of Glory: Bonaparte's Eastern Empire (Form Square Games): map, elements and rules.

``GAME`` is the game's manifest (see :mod:`ffl.games.manifest`).
"""

from ffl.games.manifest import SHARED_SHEETS, GameManifest, PrintSheet

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
    # the program plays either side (the New game dialog's Players); a save of the
    # older "allied_player: program" option goes on against the Allied program
    # (GloryController.program_options)
    opponents="ffl.opponents.limits_of_glory:make",
    # easy, normal and hard (ffl/opponents/limits_of_glory.py: hard beats normal in a
    # seeded tournament, tests/opponents/test_glory_hard_tournament.py)
    opponent_levels=("easy", "normal", "hard"),
)
