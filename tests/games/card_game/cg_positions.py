"""Set positions for the card game tests, built from a real deal."""

from __future__ import annotations

from ffl.engine import Action, GameState, fold
from ffl.games.card_game.controller import CardGameController


def deal(game: CardGameController, players: int = 2, seed: int = 1, **options) -> GameState:
    """A freshly dealt game of ``players`` players."""
    sc = game.module.scenarios[f"card_game/{players}p"]
    return game.start(sc, {**sc.options, **options}, seed)


def arrange(game: CardGameController, hands: dict[str, list[str]],
            tables: dict[str, list[str]] | None = None, discard: list[str] = (),
            turn: str = "p1", **options) -> GameState:
    """A dealt game rearranged into a set position.

    Cards not named go to the pack in a fixed order (top first); the hand size
    is taken from p1 (hand + table), and every player must add up to it.
    """
    state = deal(game, len(hands), **options)
    tables = {p: list((tables or {}).get(p, [])) for p in hands}
    rules = game.rules(state)
    named = [c for p in hands for c in hands[p] + tables[p]] + list(discard)
    state.vars["hands"] = {p: rules.hand_order(c) for p, c in hands.items()}
    state.vars["table"] = tables
    state.vars["discard"] = list(discard)
    state.vars["pack"] = [c for c in sorted(rules.types) if c not in named]
    state.vars["turn"] = turn
    state.vars["hand_size"] = len(hands["p1"]) + len(tables["p1"])
    assert not game.invariants(state), game.invariants(state)
    return state


def step(game: CardGameController, state: GameState, kind: str, side: str | None = None,
         **args):
    """Apply one action and return (next state, events)."""
    action = Action.make(kind, side or state.vars["turn"], **args)
    events = game.apply(state, action)
    return fold(state, events), events
