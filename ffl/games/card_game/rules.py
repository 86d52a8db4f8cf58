"""Pure rule helpers of the card game: where a card belongs, its contacts, scores.

:class:`CardRules` is built once from a module (the cards and the map) and
answers questions about a :class:`GameState` without changing it.  The state
keeps every card's location in ``state.vars``:

* ``pack``: the centre pack, top card first (face down);
* ``discard``: the discard pile, oldest first (face up);
* ``hands``: ``{player: [card ids]}`` kept in the rulebook's hand order (highest
  number left, SPY and U/S cards right);
* ``table``: ``{player: [card ids]}`` in the order the cards were laid.

``phase`` is one of :data:`PLAY` (the player to act lays a card or draws),
:data:`DISCARD` (the player who drew discards), :data:`BETWEEN` (a game of
several is over; the next dealer deals) and :data:`OVER`; ``turn`` is the
player to act.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ...engine import Board, GameState, Module, PieceType
from . import tables as T

MISSION, SPY, US = "mission", "spy", "us"
#: ``state.vars["phase"]``: the phases of a turn and of a match
PLAY, DISCARD, BETWEEN, OVER = "play", "discard", "between", "over"
#: What a hidden card looks like in a player's view (another hand, the pack).
HIDDEN = "?"


class CardRules:
    """The static facts of one module: each card's section and contact letters."""

    def __init__(self, module: Module, board: Board) -> None:
        self.board = board
        self.types: dict[str, PieceType] = {
            k: t for k, t in module.piece_types.items() if t.kind == "card"
        }
        by_mark = {(s.get("letter"), s.get("colour")): k for k, s in board.spaces.items()}
        # First Player 1: a card's section has the card's letter in its border colour.
        self.section: dict[str, str] = {
            k: by_mark[(t.get("letter"), t.get("colour"))] for k, t in self.types.items()
        }
        # N.B. (a): the adjoining sections are the orthogonal neighbours only.
        self.adjoining: dict[str, tuple[str, ...]] = {
            k: tuple(sorted(board.orthogonal(sec))) for k, sec in self.section.items()
        }
        # First Player 2: their letters, whatever the colour; a SPY square has none.
        self.contact_letters: dict[str, frozenset[str]] = {
            k: frozenset(board[n].get("letter") for n in adj) - {"*"}
            for k, adj in self.adjoining.items()
        }

    # -- card facts -------------------------------------------------------------------

    def category(self, card: str) -> str:
        return self.types[card].get("category")

    def number(self, card: str) -> int:
        return int(self.types[card].get("number", 0))

    def letter(self, card: str) -> str:
        return self.types[card].get("letter")

    def name(self, card: str) -> str:
        return self.types[card].name

    def is_spy(self, card: str) -> bool:
        return self.category(card) == SPY

    def hand_order(self, cards: Iterable[str]) -> list[str]:
        """The rulebook's hand order: highest number left, SPY then U/S cards right."""
        rank = {MISSION: 0, SPY: 1, US: 2}
        return sorted(cards, key=lambda c: (rank[self.category(c)], -self.number(c), c))

    # -- contacts ---------------------------------------------------------------------

    def contact_cards(self, card: str, hand: Iterable[str]) -> list[str]:
        """Cards of ``hand`` that are contacts for ``card`` (First Player 2, Note 2, 3).

        A contact is another card in the hand bearing the letter of a section
        adjoining the card's section; a SPY bears no letter and is never a contact.
        """
        letters = self.contact_letters[card]
        return [c for c in hand
                if c != card and c != HIDDEN and not self.is_spy(c)
                and self.letter(c) in letters]

    def contact_sections(self, card: str, hand: Iterable[str]) -> list[str]:
        """Adjoining sections of ``card`` whose letter some other hand card bears."""
        held = {self.letter(c) for c in hand
                if c != card and c != HIDDEN and not self.is_spy(c)}
        return [n for n in self.adjoining[card] if self.board[n].get("letter") in held]

    # -- scoring ----------------------------------------------------------------------

    def table_score(self, row: Iterable[str]) -> int:
        """Scoring: card numbers summed, those laid before a SPY doubled; U/S score 0."""
        before = after = 0
        spy_seen = False
        for card in row:
            if self.is_spy(card):
                spy_seen = True
                before *= 2
            elif spy_seen:
                after += self.number(card)
            else:
                before += self.number(card)
        return before + after


# -- reading the state ----------------------------------------------------------------

def players(state: GameState) -> list[str]:
    return list(state.vars["players"])


def hand(state: GameState, player: str) -> list[str]:
    return list(state.vars["hands"][player])


def table(state: GameState, player: str) -> list[str]:
    return list(state.vars["table"][player])


def left_of(state: GameState, player: str) -> str:
    """The next player clockwise (turns and the deal pass to the left)."""
    order = players(state)
    return order[(order.index(player) + 1) % len(order)]


def laid_count(rules: CardRules, row: Iterable[str]) -> int:
    """Cards laid that count towards the required number (Note 3: a SPY does not)."""
    return sum(1 for c in row if not rules.is_spy(c))


def final_scores(rules: CardRules, state: GameState, finisher: str | None) -> dict[str, int]:
    """Scoring: each table's score, plus the completion bonus for the finisher."""
    bonus = int(state.vars.get("bonus", T.COMPLETION_BONUS))
    return {p: rules.table_score(table(state, p)) + (bonus if p == finisher else 0)
            for p in players(state)}


def match_mode(state: GameState) -> str:
    """Scoring: how the match is decided (:data:`T.TOTALS` unless chosen)."""
    return str(state.vars.get("match", T.TOTALS))


def game_winner(scores: Mapping[str, int]) -> str | None:
    """Scoring: the highest scorer of one game (None when the top is shared)."""
    best = max(scores.values())
    top = [p for p, v in scores.items() if v == best]
    return top[0] if len(top) == 1 else None


def games_won(state: GameState) -> dict[str, int]:
    """Scoring: how many of the games played so far each player has won."""
    won = {p: 0 for p in players(state)}
    for scores in state.vars["history"]:
        winner = game_winner(scores)
        if winner is not None:
            won[winner] += 1
    return won


def all_places(state: GameState) -> Mapping[str, list[str]]:
    """Every pile by name (``pack``, ``discard``, ``hand:p1``, ``table:p1``...)."""
    out: dict[str, list[str]] = {"pack": list(state.vars["pack"]),
                                 "discard": list(state.vars["discard"])}
    for p in players(state):
        out[f"hand:{p}"] = hand(state, p)
        out[f"table:{p}"] = table(state, p)
    return out
