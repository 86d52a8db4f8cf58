"""The game-agnostic core: boards, pieces, state, events, dice, log, controllers.

Imports neither Qt nor the database layer (tests/test_layering.py enforces it).
"""

from .batch import Batch
from .board import DIAGONAL, ORTHOGONAL, Board, BoardError, Link, Side, Space
from .controller import (
    ROLL_BARRIER,
    BaseController,
    Outcome,
    Phase,
    Plan,
    PlanStep,
    Prompt,
    RuleController,
    UndoBarrier,
    Verdict,
)
from .dice import Dice
from .events import AGAINST_RULES, Action, Change, Event, IllegalAction, apply_event, fold
from .log import GameLog
from .module import Module, Placement, Scenario
from .pieces import FACINGS, Piece, PieceType
from .state import GameState

__all__ = [
    "AGAINST_RULES", "ROLL_BARRIER", "Phase", "Plan", "PlanStep", "UndoBarrier",
    "DIAGONAL", "ORTHOGONAL", "FACINGS", "Action", "BaseController", "Batch", "Board", "BoardError",
    "Change", "Dice", "Event", "GameLog", "GameState", "IllegalAction", "Link", "Module",
    "Outcome", "Piece", "PieceType", "Placement", "Prompt", "RuleController", "Scenario",
    "Side", "Space", "Verdict", "apply_event", "fold",
]
