"""The game-agnostic core: boards, pieces, state, events, dice, log, controllers.

Imports neither Qt nor the database layer (tests/test_layering.py enforces it).
"""

from .board import DIAGONAL, ORTHOGONAL, Board, BoardError, Link, Side, Space
from .controller import BaseController, Outcome, Prompt, RuleController, Verdict
from .dice import Dice
from .events import Action, Change, Event, IllegalAction, apply_event, fold
from .log import GameLog
from .module import Module, Placement, Scenario
from .pieces import FACINGS, Piece, PieceType
from .state import GameState

__all__ = [
    "DIAGONAL", "ORTHOGONAL", "FACINGS", "Action", "BaseController", "Board", "BoardError",
    "Change", "Dice", "Event", "GameLog", "GameState", "IllegalAction", "Link", "Module",
    "Outcome", "Piece", "PieceType", "Placement", "Prompt", "RuleController", "Scenario",
    "Side", "Space", "Verdict", "apply_event", "fold",
]
