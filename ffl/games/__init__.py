"""The games.  Each game is one package here that defines its manifest as
``GAME`` (a :class:`~ffl.games.manifest.GameManifest`) in its ``__init__.py``;
adding a game is that package plus one line in :data:`GAME_PACKAGES`
(docs/adding-a-game.md walks through it).

A game package has the same shape as the others:

* ``__init__.py``   ``GAME``: the manifest (controller, module builder, UI, style,
                    sheets, terrains, level names, self-play options, rulebook);
* ``module.py``     ``build_module() -> engine.Module``: the reconstruction of its
                    boards, pieces and scenarios as data (written once to
                    ``scenarios/<file>`` by ``python -m ffl.catalog build``);
* ``controller.py`` the game's RuleController (a ``BaseController``);
* ``tables.py``, ``rules/``: the rules themselves.

Games never import Qt or the database layer.  A module whose game is not
registered here (anything authored from scratch in the editor) is played in
free play (:mod:`ffl.games.free`).
"""

from __future__ import annotations

import importlib
from functools import cache

from .manifest import GameManifest

#: one line per game: the package whose ``GAME`` is its manifest
GAME_PACKAGES: tuple[str, ...] = (
    "ffl.games.ffl",
    "ffl.games.card_game",
    "ffl.games.phantom_fury",
    "ffl.games.limits_of_glory",
    "ffl.games.legend_begins",
)

DEFAULT_SCENARIO = "ffl/basic"

__all__ = ["DEFAULT_SCENARIO", "GAME_PACKAGES", "GameManifest", "free_play", "game_of", "games",
           "manifest"]


@cache
def games() -> dict[str, GameManifest]:
    """Every registered game's manifest by game id, in registry order."""
    out: dict[str, GameManifest] = {}
    for package in GAME_PACKAGES:
        manifest = importlib.import_module(package).GAME
        if manifest.id in out:
            raise ValueError(f"two games registered as {manifest.id!r}")
        out[manifest.id] = manifest
    return out


def manifest(game_id: str) -> GameManifest | None:
    """The manifest of a registered game, or None (a free-play module)."""
    return games().get(game_id)


def game_of(scenario_id: str) -> GameManifest:
    """The registered game a scenario id (``"ffl/basic"``) belongs to."""
    game = scenario_id.split("/", 1)[0]
    found = games().get(game)
    if found is None:
        raise KeyError(f"unknown game {game!r} in scenario id {scenario_id!r}")
    return found


def free_play() -> GameManifest:
    """The manifest of free play: any module, no rules (VASSAL-style)."""
    from .free import GAME

    return GAME
