"""Foreign Legion Card Game: map of As Q'ara, cards and the rules controller.

``GAME`` is the game's manifest (see :mod:`ffl.games.manifest`).
"""

from ffl.games.manifest import GameManifest

GAME = GameManifest(
    id="card_game",
    title="Foreign Legion Card Game",
    rulebook="Foreign Legion Card Game",
    controller="ffl.games.card_game.controller:CardGameController",
    module_file="foreign-legion-card-game.ffl",
    builder="ffl.games.card_game.module:build_module",
    ui="ffl.ui.card_game:CardGameUI",
    style="ffl.ui.card_game.style:CardGameStyle",
)
