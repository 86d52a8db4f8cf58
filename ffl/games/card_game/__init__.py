"""Foreign Legion Card Game: map of As Q'ara, cards and the rules controller.

``GAME`` is the game's manifest (see :mod:`ffl.games.manifest`).
"""

from ffl.games.manifest import GameManifest, GameOption

GAME = GameManifest(
    id="card_game",
    title="Foreign Legion Card Game",
    rulebook="Foreign Legion Card Game",
    controller="ffl.games.card_game.controller:CardGameController",
    module_file="foreign-legion-card-game.ffl",
    builder="ffl.games.card_game.module:build_module",
    ui="ffl.ui.card_game:CardGameUI",
    style="ffl.ui.card_game.style:CardGameStyle",
    help="ffl.games.card_game.help",
    opponents="ffl.opponents.card_game:make",    # the program takes one to three seats
    # Scoring: an agreed number of games, won by the highest total or the most wins
    options=(
        GameOption("games", "Games in the match", 1, minimum=1, maximum=50, rule="Scoring",
                   tip="How many games the players agree to play, dealing afresh each "
                       "time"),
        GameOption("match", "The match is won by", "totals",
                   (("totals", "the highest total score"), ("wins", "the most games won")),
                   rule="Scoring",
                   tip="Add up every game's scores, or count the games each player won "
                       "(a game's highest scorer wins it)"),
    ),
)
