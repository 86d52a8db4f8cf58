"""Hidden information: which fleet marker carries the army (Invasion: Selecting the
real fleet) is the French player's secret until the fleet is intercepted or
lands.  The Allied view leaves it out; every view blanks the dice seed (with it
the rolls to come could be foreseen)."""

from __future__ import annotations

from ...engine import GameState
from . import tables as T
from .invasion import REAL


def secrets(state: GameState, side: str) -> list[str]:
    """What ``side`` may not see: the name of the variable holding the real fleet
    (while it is still at sea) for the Allied player."""
    if side == T.ALLIED and state.vars.get(REAL) and not _revealed(state):
        return [REAL]
    return []


def _revealed(state: GameState) -> bool:
    return state.vars.get("phase") not in ("setup", "invasion")


def view(state: GameState, side: str) -> GameState:
    out = state.copy()
    out.seed = 0
    if side == T.ALLIED and not _revealed(state):
        out.vars.pop(REAL, None)
    return out
