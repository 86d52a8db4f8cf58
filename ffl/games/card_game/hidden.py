"""What each player may see (Deal 2: hands and the pack are face down; Note 1:
the discard pile is face up)."""

from __future__ import annotations

import copy

from ...engine import GameState
from .rules import HIDDEN


def secrets(state: GameState, side: str) -> list[str]:
    """Cards ``side`` may not see: the pack and every other player's hand."""
    out = list(state.vars["pack"])
    for p, cards in state.vars["hands"].items():
        if p != side:
            out += cards
    return sorted(out)


def view(state: GameState, side: str) -> GameState:
    """What ``side`` sees: other hands and the pack become ``"?"`` placeholders.

    Only the cards ``side`` can see stay in ``pieces`` (its hand, every table,
    the discard pile).  The seed is blanked too: with it the deal could be
    recomputed from the dice.
    """
    hidden = set(secrets(state, side))
    out = GameState(state.game, state.scenario, 0,
                    {k: p.copy() for k, p in state.pieces.items() if k not in hidden},
                    copy.deepcopy(state.vars))
    out.vars["hands"] = {p: (list(c) if p == side else [HIDDEN] * len(c))
                         for p, c in state.vars["hands"].items()}
    out.vars["pack"] = [HIDDEN] * len(state.vars["pack"])
    if state.vars.get("drawn") is not None and state.vars["turn"] != side:
        out.vars["drawn"] = HIDDEN
    return out
