"""Shared fixtures for The Legend Begins rules tests: the module built once, a
controller, and a started game of the 1940 scenario."""

from __future__ import annotations

import pytest

from ffl.engine import fold
from ffl.games.legend_begins.controller import LegendController
from ffl.games.legend_begins.module import build_module

SCENARIO = "legend_begins/compass"


@pytest.fixture(scope="session")
def module():
    return build_module()


@pytest.fixture(scope="session")
def board(module):
    return module.boards["map"]


@pytest.fixture(scope="session")
def controller(module):
    return LegendController(module)


@pytest.fixture
def started(controller, module):
    """The first turn after its Initial Phase events (state, controller)."""
    st = controller.setup(module.scenarios[SCENARIO], {}, 7)
    return fold(st, controller.opening(st))
