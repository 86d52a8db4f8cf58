"""Registry of the games.  Each game is a package here with the same shape:

* ``module.py``   ``build_module() -> engine.Module``: the reconstruction of its
                  boards, pieces and scenarios as data (written once to
                  ``scenarios/<file>`` by ``python -m ffl.catalog build``);
* ``controller.py`` the game's RuleController;
* ``tables.py``, ``rules/``: the rules themselves.

Games never import Qt or the database layer.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class GameInfo:
    id: str                 # also the prefix of its scenario ids ("ffl/basic")
    title: str
    module_file: str        # file name under scenarios/
    controller: str         # "package.module:Class"
    builder: str            # "package.module:function" returning an engine Module
    #: options random self-play adds so every game ends (e.g. a turn cap where the
    #: rules play on until one side is gone); never applied to a player's game
    selfplay_options: Mapping[str, Any] = field(default_factory=dict)

    def controller_class(self):
        mod, _, name = self.controller.partition(":")
        return getattr(importlib.import_module(mod), name)

    def build_module(self):
        mod, _, name = self.builder.partition(":")
        return getattr(importlib.import_module(mod), name)()


GAMES: dict[str, GameInfo] = {
    "ffl": GameInfo(
        "ffl", "French Foreign Legion", "french-foreign-legion.ffl",
        "ffl.games.ffl.controller:FFLController", "ffl.games.ffl.module:build_module",
        selfplay_options={"turn_limit": 12},
    ),
    "card_game": GameInfo(
        "card_game", "Foreign Legion Card Game", "foreign-legion-card-game.ffl",
        "ffl.games.card_game.controller:CardGameController",
        "ffl.games.card_game.module:build_module",
    ),
}

DEFAULT_SCENARIO = "ffl/basic"


def game_of(scenario_id: str) -> GameInfo:
    game = scenario_id.split("/", 1)[0]
    if game not in GAMES:
        raise KeyError(f"unknown game {game!r} in scenario id {scenario_id!r}")
    return GAMES[game]
