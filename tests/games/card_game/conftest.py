"""Fixtures for the card game tests: the real module, controller and set positions."""

from __future__ import annotations

import pytest

from ffl.games.card_game.controller import CardGameController
from ffl.games.card_game.module import build_module


@pytest.fixture(scope="session")
def module():
    return build_module()


@pytest.fixture()
def game(module):
    return CardGameController(module)
