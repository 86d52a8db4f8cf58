"""CardGameController: the Foreign Legion Card Game rules (no Qt, no database).

Thin: each phase and action kind is handed to one module, whose resolving
functions add events to an engine :class:`~ffl.engine.Batch`:

* :mod:`.deal`: the table before play, Deal 2 (shuffle and deal) and the next
  game of a match (``next_game``);
* :mod:`.turns`: a player's turn: lay a card showing a contact (``play``), or,
  when no card can be laid, take the top card of the pack (``draw``) and then
  discard one card (``discard``);
* :mod:`.scoring`: End of Game, Scoring and the outcome;
* :mod:`.hidden`: what each player may see;
* :mod:`.rules` (the card facts and state readers) and :mod:`.checks` (invariants).

Actions::

    Action.make("play", "p1", card="M-K", contact="M-E")
    Action.make("draw", "p1")
    Action.make("discard", "p1", card="US-3")
    Action.make("next_game", "p2")

See :mod:`.rules` for where cards live in ``state.vars``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import (
    Action,
    BaseController,
    Batch,
    Event,
    GameState,
    IllegalAction,
    Module,
    Outcome,
    Phase,
    Prompt,
    Scenario,
    Verdict,
)
from . import deal, hidden, scoring, turns
from . import tables as T
from .checks import broken_invariants
from .rules import (
    BETWEEN,
    DISCARD,
    OVER,
    PLAY,
    CardRules,
    all_places,
    games_won,
    hand,
    laid_count,
    match_mode,
    table,
)

__all__ = ["BETWEEN", "DISCARD", "OVER", "PHASES", "PLAY", "CardGameController"]

#: the phases of a turn and of a match (a UI reads these and the prompt)
PHASES = (
    Phase(PLAY, "Lay a card", T.FIRST_PLAYER, "the player whose turn it is", ("play", "draw")),
    Phase(DISCARD, "Discard", T.DRAW_DISCARD, "the player who drew", ("discard",)),
    Phase(BETWEEN, "Between games", T.SCORING, "the next dealer", ("next_game",)),
    Phase(OVER, "Match over", T.END),
)


class CardGameController(BaseController):
    game_id = "card_game"
    phases = PHASES

    def __init__(self, module: Module) -> None:
        super().__init__(module)
        self._rules: dict[str, CardRules] = {}

    def rules(self, state: GameState) -> CardRules:
        """The card facts of the board ``state`` is played on (cached)."""
        board = self.board(state)
        if board.name not in self._rules:
            self._rules[board.name] = CardRules(self.module, board)
        return self._rules[board.name]

    # -- set-up -----------------------------------------------------------------------

    def setup(self, scenario: Scenario, options: Mapping[str, Any], seed: int) -> GameState:
        """The table before the first deal (:meth:`opening` shuffles and deals)."""
        return deal.initial_state(self.game_id, scenario, options, seed)

    def opening(self, state: GameState) -> list[Event]:
        """Deal 2: the last player shuffles with the dice and deals; the player on
        the dealer's left starts.  Logged as the game's first step."""
        batch = Batch(state)
        deal.opening(batch, self.rules(state))
        return batch.events

    # -- what is asked ----------------------------------------------------------------

    def prompt(self, state: GameState) -> Prompt:
        phase = state.vars["phase"]
        if phase == OVER:
            return scoring.prompt(state)
        if phase == BETWEEN:
            return deal.prompt(state)
        return turns.prompt(self.rules(state), state)

    def playable_cards(self, state: GameState, player: str) -> list[str]:
        """Cards ``player`` could lay now (each has at least one contact in hand)."""
        return turns.playable_cards(self.rules(state), state, player)

    def must_discard_spy(self, state: GameState, player: str) -> bool:
        """Note 3: a SPY the player may never lay must go at the first discard."""
        return turns.must_discard_spy(self.rules(state), state, player)

    def legal_actions(self, state: GameState) -> Sequence[Action]:
        phase = state.vars["phase"]
        if phase == OVER:
            return []
        if phase == BETWEEN:
            return deal.actions(state)
        return turns.actions(self.rules(state), state)

    def legal(self, state: GameState, action: Action) -> Verdict:
        phase = state.vars["phase"]
        if phase == OVER:
            return Verdict.no("the game is over", T.END)
        if phase == BETWEEN:
            return deal.legal(state, action)
        return turns.legal(self.rules(state), state, action)

    # -- resolving --------------------------------------------------------------------

    def resolve(self, state: GameState, action: Action) -> list[Event]:
        batch, rules = Batch(state), self.rules(state)
        if action.kind == "play":
            turns.play(batch, rules, action)
        elif action.kind == "draw":
            turns.draw(batch, rules, action.side)
        elif action.kind == "discard":
            turns.discard(batch, rules, action.side, action["card"])
        elif action.kind == "next_game":
            deal.next_game(batch, rules, self._deck(state))
        else:
            raise IllegalAction(f"no action {action.kind!r} in this game", T.FIRST_PLAYER)
        return batch.events

    def _deck(self, state: GameState) -> list[str]:
        """Every card of the scenario (all are collected for a new game)."""
        return [p.piece for p in self.module.scenarios[state.scenario].placements]

    # -- views, outcome, invariants ---------------------------------------------------

    def view(self, state: GameState, side: str) -> GameState:
        """What ``side`` sees: other hands and the pack become ``"?"`` placeholders
        (see :func:`.hidden.view`)."""
        return hidden.view(state, side)

    def secrets(self, state: GameState, side: str) -> list[str]:
        """Cards ``side`` may not see: the pack and every other player's hand."""
        return hidden.secrets(state, side)

    def outcome(self, state: GameState) -> Outcome | None:
        """Scoring: the highest total wins (a tie for the top is a draw)."""
        return scoring.outcome(state)

    def invariants(self, state: GameState) -> list[str]:
        return broken_invariants(self.rules(state), state)

    # -- queries for the UI -----------------------------------------------------------

    def section_of(self, state: GameState, card: str) -> str:
        """First Player 1: the map section a card belongs to."""
        return self.rules(state).section[card]

    def adjoining(self, state: GameState, card: str) -> list[str]:
        """N.B. (a): the sections adjoining a card's section."""
        return list(self.rules(state).adjoining[card])

    def side_name(self, side: str) -> str:
        """Players are named by their seat: ``"p2"`` -> ``"Player 2"``."""
        return T.seat(side)

    def laid(self, state: GameState, player: str) -> int:
        """Note 3: how many of ``player``'s laid cards count towards the required
        number (a SPY does not)."""
        return laid_count(self.rules(state), table(state, player))

    # The queries below answer for the asking ``player``'s own hand only: about a
    # card that is not in it they say nothing (an empty answer, or "not in your
    # hand"), so a UI can never learn from them where another player's card is.

    def playable(self, state: GameState, player: str, card: str) -> list[str]:
        """The card's section if ``player`` holds it and may lay it now, else []."""
        if not self._holds(state, player, card) or \
                card not in self.playable_cards(state, player):
            return []
        return [self.rules(state).section[card]]

    def contacts(self, state: GameState, player: str, card: str) -> list[str]:
        """Adjoining sections of a card in ``player``'s hand whose letter another
        card of that hand bears (First Player 2, N.B. (a), Note 2)."""
        if not self._holds(state, player, card):
            return []
        return self.rules(state).contact_sections(card, hand(state, player))

    def contact_cards(self, state: GameState, player: str, card: str) -> list[str]:
        """Cards of ``player``'s hand that may be shown as contact for ``card``
        (which must be in that hand too)."""
        if not self._holds(state, player, card):
            return []
        return self.rules(state).contact_cards(card, hand(state, player))

    @staticmethod
    def _holds(state: GameState, player: str, card: str) -> bool:
        return card in state.vars["hands"].get(player, ())

    def match_mode(self, state: GameState) -> str:
        """Scoring: how the match is decided, ``"totals"`` or ``"wins"``."""
        return match_mode(state)

    def games_won(self, state: GameState) -> dict[str, int]:
        """Scoring: the games each player has won so far (a shared top: nobody)."""
        return games_won(state)

    def score(self, state: GameState, player: str) -> int:
        """The running score of ``player``'s laid cards (without the bonus)."""
        return self.rules(state).table_score(table(state, player))

    def places(self, state: GameState) -> dict[str, list[str]]:
        """Every pile by name, for a UI that lays out the table."""
        return dict(all_places(state))

    def why_not_playable(self, state: GameState, player: str, card: str) -> Verdict:
        """Why ``player`` cannot lay ``card`` now (yes if it can be laid): the rule
        that forbids it with a contact in hand, else First Player 2 (no card of
        the hand bears a letter of an adjoining section)."""
        who, rules = player, self.rules(state)
        if not self._holds(state, player, card):
            return Verdict.no("that card is not in your hand", T.HAND_ONLY)
        contacts = rules.contact_cards(card, hand(state, who))
        if contacts:
            return self.legal(state, Action.make("play", who, card=card, contact=contacts[0]))
        letters = sorted({rules.board[k].get("letter") for k in rules.adjoining[card]} - {"*"})
        return Verdict.no(f"no card in your hand bears a letter of the sections adjoining "
                          f"{rules.section[card]} ({', '.join(letters)})", T.CONTACT)

    def why_no_contact(self, state: GameState, player: str, card: str,
                       section: str) -> Verdict:
        """Why map section ``section`` gives no contact for ``player`` laying
        ``card`` (yes if a card of the hand bearing its letter is a contact): a
        SPY square, a corner only (N.B. (a)), no such card in hand (Note 2), or
        not adjoining."""
        who, rules = player, self.rules(state)
        if not self._holds(state, player, card):
            return Verdict.no("that card is not in your hand", T.HAND_ONLY)
        board, own = rules.board, rules.section[card]
        letter = board[section].get("letter")
        if letter == "*":
            return Verdict.no("a SPY square bears no letter, so it gives no contact", T.CONTACT)
        held = [c for c in hand(state, who)
                if c != card and not rules.is_spy(c) and rules.letter(c) == letter]
        if held:
            return self.legal(state, Action.make("play", who, card=card, contact=held[0]))
        if section in board.diagonal(own):
            return Verdict.no(f"{section} only touches {own} at a corner, which does not "
                              f"count", T.ADJOINING)
        if section in rules.adjoining[card]:
            return Verdict.no(f"you hold no card bearing {letter}, so {section} is no contact",
                              T.HAND_ONLY)
        return Verdict.no(f"section {section} does not adjoin {own}", T.CONTACT)

    # -- meaning checks of a file (``module_checks``) ---------------------------------

    def check_module(self, module: Module) -> list[str]:
        """What keeps the rules from playing ``module`` (asked when a file opens)."""
        from .module_checks import check_module

        return check_module(module)

    def check_state(self, state: GameState) -> list[str]:
        """What in a reopened game's piles the rules cannot play on from."""
        from .module_checks import check_state

        return check_state(state, (p.id for p in self.phases))
