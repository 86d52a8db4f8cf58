"""Deal 2 and the games of a match: the table before play, the shuffle, the deal,
and Scoring's fresh deal for each further game agreed.

Shuffles are driven by the engine dice and the resulting order is written into
the state by the ``shuffle`` event, so replaying a log never shuffles again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import Action, Batch, Change, Event, GameState, Piece, Prompt, Scenario, Verdict
from . import tables as T
from .rules import BETWEEN, PLAY, CardRules, left_of, players
from .tables import cite, seat


def initial_state(game_id: str, scenario: Scenario, options: Mapping[str, Any],
                  seed: int) -> GameState:
    """Play: the table before the first deal, for the scenario's number of
    players (the hand size, cards required and bonus may come from its set-up)."""
    sides = list(scenario.sides)
    n = int(options.get("players", len(sides)))
    if n != len(sides) or n not in T.REQUIRED:
        raise ValueError(f"{scenario.id} is for {len(sides)} players, not {n}")
    pieces = {p.piece: Piece(p.piece, p.type, p.side, None, status=p.status)
              for p in scenario.placements}
    cards = [p.piece for p in scenario.placements]
    # Scoring: a match is won on total score (the default) or on games won
    match = {} if "match" not in options else {"match": str(options["match"])}
    if match and match["match"] not in T.MATCH_MODES:
        raise ValueError(f"no way to score a match called {options['match']!r} "
                         f"(choose {', '.join(T.MATCH_MODES)})")
    return GameState(game_id, scenario.id, int(seed), pieces, {
        **match,
        "players": sides,
        "hand_size": int(scenario.setup.get("hand_size", T.HAND_SIZE[n])),
        "required": int(scenario.setup.get("required", T.REQUIRED[n])),
        "bonus": int(scenario.setup.get("bonus", T.COMPLETION_BONUS)),
        "games": max(1, int(options.get("games", 1))),
        "game": 1, "dealer": sides[-1],
        "pack": cards, "discard": [], "phase": PLAY, "turn": sides[0],
        "hands": {p: [] for p in sides}, "table": {p: [] for p in sides},
        "totals": {p: 0 for p in sides}, "history": [],
    })


def shuffle(batch: Batch, cards: Sequence[str], rule: str, text: str) -> None:
    """Deal 2 / Succeeding Players: shuffle ``cards`` into the pack (the discard
    pile is emptied) with one die per position (Fisher-Yates); the one event
    carries every value and the dice counter."""
    dice = batch.dice()
    order, values = list(cards), []
    for i in range(len(order) - 1, 0, -1):
        v = dice.value(i + 1)
        values.append(v)
        order[i], order[v - 1] = order[v - 1], order[i]
    batch.record(Event("shuffle", rule, f"{cite(rule)} {text} ({len(order)} cards)",
                       (Change.var("pack", order), Change.var("discard", []),
                        dice.counter_change()), tuple(values), info={"cards": len(order)}))


def deal_hands(batch: Batch, rules: CardRules, dealer: str, cards: Sequence[str]) -> None:
    """Deal 2: ``dealer`` shuffles ``cards`` and deals one card at a time from
    the dealer's left; the rest is the centre pack.  First Player: the player
    on the dealer's left starts."""
    shuffle(batch, cards, T.DEAL, f"{seat(dealer)} shuffles the pack")
    state = batch.state
    order, size = state.vars["pack"], state.vars["hand_size"]
    seats = players(state)
    start = seats.index(left_of(state, dealer))
    seats = seats[start:] + seats[:start]
    hands = {p: rules.hand_order(order[i:len(seats) * size:len(seats)])
             for i, p in enumerate(seats)}
    rest = order[len(seats) * size:]
    batch.add("deal", T.DEAL,
              f"{T.DEAL} — {seat(dealer)} deals {size} cards each; {len(rest)} cards form "
              f"the centre pack; {seat(seats[0])} plays first",
              (Change.var("hands", {p: hands[p] for p in players(state)}),
               Change.var("pack", rest),
               Change.var("table", {p: [] for p in players(state)}),
               Change.var("dealer", dealer), Change.var("turn", seats[0]),
               Change.var("phase", PLAY), Change.var("drawn", None),
               Change.var("finisher", None), Change.var("scores", None)),
              side=dealer, hand_size=size, pack=len(rest))


def opening(batch: Batch, rules: CardRules) -> None:
    """Deal 2: the last player shuffles the whole pack with the dice and deals."""
    state = batch.state
    deal_hands(batch, rules, state.vars["dealer"], list(state.vars["pack"]))


# -- between the games of a match ---------------------------------------------------

def next_dealer(state: GameState) -> str:
    """Scoring: the deal passes to the left for each new game."""
    return left_of(state, state.vars["dealer"])


def prompt(state: GameState) -> Prompt:
    dealer = next_dealer(state)
    return Prompt(dealer, BETWEEN,
                  f"{T.SCORING} — game {state.vars['game']} of "
                  f"{state.vars['games']} is over; {seat(dealer)} deals the next one",
                  ("next_game",))


def legal(state: GameState, action: Action) -> Verdict:
    """Scoring: between games only the next dealer acts, and only to deal."""
    dealer = next_dealer(state)
    if action.kind != "next_game" or action.side != dealer:
        return Verdict.no(f"the game is over; {seat(dealer)} deals the next", T.SCORING)
    return Verdict.yes()


def actions(state: GameState) -> list[Action]:
    return [Action.make("next_game", next_dealer(state))]


def next_game(batch: Batch, rules: CardRules, cards: Sequence[str]) -> None:
    """Scoring: collect every card (``cards``, the whole deck), and the next
    dealer shuffles and deals."""
    dealer = next_dealer(batch.state)
    number = batch.state.vars["game"] + 1
    batch.add("collect", T.SCORING, f"{T.SCORING} — all cards are collected for game {number}",
              (Change.var("game", number),), side=dealer)
    deal_hands(batch, rules, dealer, list(cards))
