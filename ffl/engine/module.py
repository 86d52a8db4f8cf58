"""Module and Scenario: the authored data a game is played from.

A module (one SQLite file in ``scenarios/``) holds boards, piece types and
scenarios.  The store turns database rows into these plain objects and back;
games and the engine only ever see these.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .board import Board
from .pieces import PieceType


@dataclass
class Placement:
    """Where one piece starts: ``space`` None means off the board."""

    piece: str
    type: str
    side: str = ""
    space: str | None = None
    level: int = 0
    facing: int | None = None
    status: str = "active"
    data: dict[str, Any] = field(default_factory=dict)


@dataclass
class Scenario:
    id: str                     # "ffl/basic": game id / scenario name
    game: str
    title: str
    board: str                  # name of a board of the module
    description: str = ""
    sides: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)   # optional rules in force
    setup: dict[str, Any] = field(default_factory=dict)     # set-up rules as data
    placements: list[Placement] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.id.split("/", 1)[-1]


@dataclass
class Module:
    id: str
    game: str
    title: str
    version: str = "1"
    boards: dict[str, Board] = field(default_factory=dict)
    piece_types: dict[str, PieceType] = field(default_factory=dict)
    scenarios: dict[str, Scenario] = field(default_factory=dict)
    attrs: dict[str, Any] = field(default_factory=dict)

    def board_for(self, scenario: Scenario) -> Board:
        return self.boards[scenario.board]
