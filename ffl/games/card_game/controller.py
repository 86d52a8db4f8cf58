"""CardGameController: the Foreign Legion Card Game rules (no Qt, no database).

Turn shape: the player to act either lays one card, showing a contact card from
the hand (``play``), or, when no card can be laid, takes the top card of the
pack (``draw``) and then discards one card (``discard``).  When a game is over
and more games were agreed, the next dealer deals again (``next_game``).

Actions::

    Action.make("play", "p1", card="M-K", contact="M-E")
    Action.make("draw", "p1")
    Action.make("discard", "p1", card="US-3")
    Action.make("next_game", "p2")

Shuffles are driven by the engine dice and the resulting order is written into
the state by the shuffle event, so replaying a log never shuffles again.  See
:mod:`.rules` for where cards live in ``state.vars``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from ...engine import (
    Action,
    BaseController,
    Change,
    Dice,
    Event,
    GameState,
    Module,
    Outcome,
    Piece,
    Prompt,
    Scenario,
    Verdict,
    apply_event,
)
from . import tables as T
from .checks import broken_invariants
from .rules import (
    HIDDEN,
    CardRules,
    all_places,
    final_scores,
    hand,
    holder,
    laid_count,
    left_of,
    players,
    table,
)
from .tables import seat

PLAY, DISCARD, BETWEEN, OVER = "play", "discard", "between", "over"


class CardGameController(BaseController):
    game_id = "card_game"

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
        sides = list(scenario.sides)
        n = int(options.get("players", len(sides)))
        if n != len(sides) or n not in T.REQUIRED:
            raise ValueError(f"{scenario.id} is for {len(sides)} players, not {n}")
        pieces = {p.piece: Piece(p.piece, p.type, p.side, None, status=p.status)
                  for p in scenario.placements}
        cards = [p.piece for p in scenario.placements]
        state = GameState(self.game_id, scenario.id, int(seed), pieces, {
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
        return state

    def opening(self, state: GameState) -> list[Event]:
        """Deal 2: the last player shuffles with the dice and deals; the player on
        the dealer's left starts.  Logged as the game's first step."""
        return self._deal(state, state.vars["dealer"], list(state.vars["pack"]))

    def _shuffle(self, state: GameState, cards: list[str], rule: str, text: str) -> Event:
        """Shuffle ``cards`` with one die per position (Fisher-Yates) into the pack."""
        dice = Dice.for_state(state)
        order, values = list(cards), []
        for i in range(len(order) - 1, 0, -1):
            v = dice.value(i + 1)
            values.append(v)
            order[i], order[v - 1] = order[v - 1], order[i]
        return Event("shuffle", rule, f"{rule}: {text} ({len(order)} cards)",
                     (Change.var("pack", order), Change.var("discard", []),
                      dice.counter_change()), tuple(values), info={"cards": len(order)})

    def _deal(self, state: GameState, dealer: str, cards: list[str]) -> list[Event]:
        """Deal 2: shuffle, then deal one card at a time from the dealer's left."""
        shuffle = self._shuffle(state, cards, T.DEAL, f"{seat(dealer)} shuffles the pack")
        scratch = apply_event(state.copy(), shuffle)
        order, size = scratch.vars["pack"], scratch.vars["hand_size"]
        seats = players(state)
        start = seats.index(left_of(state, dealer))
        seats = seats[start:] + seats[:start]
        rules = self.rules(state)
        hands = {p: rules.hand_order(order[i:len(seats) * size:len(seats)])
                 for i, p in enumerate(seats)}
        rest = order[len(seats) * size:]
        deal = Event("deal", T.DEAL,
                     f"{T.DEAL}: {seat(dealer)} deals {size} cards each; {len(rest)} cards form "
                     f"the centre pack; {seat(seats[0])} plays first",
                     (Change.var("hands", {p: hands[p] for p in players(state)}),
                      Change.var("pack", rest),
                      Change.var("table", {p: [] for p in players(state)}),
                      Change.var("dealer", dealer), Change.var("turn", seats[0]),
                      Change.var("phase", PLAY), Change.var("drawn", None),
                      Change.var("finisher", None), Change.var("scores", None)),
                     side=dealer, info={"hand_size": size, "pack": len(rest)})
        return [shuffle, deal]

    # -- what is asked ----------------------------------------------------------------

    def prompt(self, state: GameState) -> Prompt:
        phase, side = state.vars["phase"], state.vars["turn"]
        if phase == OVER:
            out = self.outcome(state)
            return Prompt("", OVER, out.text if out else "Game over", ())
        if phase == BETWEEN:
            dealer = left_of(state, state.vars["dealer"])
            return Prompt(dealer, BETWEEN,
                          f"{T.SCORING}: game {state.vars['game']} of "
                          f"{state.vars['games']} is over; {seat(dealer)} deals the next one",
                          ("next_game",))
        if phase == DISCARD:
            text = f"{T.DRAW_DISCARD}: {seat(side)}, discard one card"
            if self.must_discard_spy(state, side):
                text = f"{T.SPY}: {seat(side)}, you hold a SPY you may not lay: discard it"
            return Prompt(side, DISCARD, text, ("discard",))
        kinds = tuple(k for k, ok in (("play", bool(self.playable_cards(state, side))),
                                      ("draw", bool(self._may_draw(state, side)))) if ok)
        laid = laid_count(self.rules(state), table(state, side))
        text = (f"{T.FIRST_PLAYER}: {seat(side)}, lay a card with a contact ({laid} of "
                f"{state.vars['required']} laid)" if "play" in kinds else
                f"{T.DRAW_DISCARD}: {seat(side)} cannot lay a card: draw from the pack")
        return Prompt(side, PLAY, text, kinds, {"laid": laid, "required": state.vars["required"]})

    def playable_cards(self, state: GameState, player: str) -> list[str]:
        """Cards ``player`` could lay now (each has at least one contact in hand)."""
        if state.vars["phase"] != PLAY or state.vars["turn"] != player:
            return []
        rules, cards = self.rules(state), hand(state, player)
        spy_laid = any(rules.is_spy(c) for c in table(state, player))
        return [c for c in cards
                if not (rules.is_spy(c) and spy_laid)      # Note 3: one SPY a game
                and rules.contact_cards(c, cards)]

    def _may_draw(self, state: GameState, player: str) -> Verdict:
        """Note 1: draw only when no card can be laid (a SPY need not be, Note 3)."""
        if state.vars["phase"] != PLAY or state.vars["turn"] != player:
            return Verdict.no("it is not your turn to play", T.FIRST_PLAYER)
        rules = self.rules(state)
        musts = [c for c in self.playable_cards(state, player) if not rules.is_spy(c)]
        if not musts:
            return Verdict.yes()
        if all(rules.category(c) == "us" for c in musts):
            return Verdict.no("a U/S card can be laid, so you may not pass", T.US_CARDS)
        return Verdict.no("a card can be laid, so you must lay one", T.FIRST_PLAYER)

    def must_discard_spy(self, state: GameState, player: str) -> bool:
        """Note 3: a SPY the player may never lay must go at the first discard."""
        rules = self.rules(state)
        held = sum(1 for c in hand(state, player) if rules.is_spy(c))
        laid = any(rules.is_spy(c) for c in table(state, player))
        return held >= 2 or (held >= 1 and laid)

    def legal_actions(self, state: GameState) -> Sequence[Action]:
        phase, side = state.vars["phase"], state.vars["turn"]
        if phase == OVER:
            return []
        if phase == BETWEEN:
            return [Action.make("next_game", left_of(state, state.vars["dealer"]))]
        rules = self.rules(state)
        if phase == DISCARD:
            spy_only = self.must_discard_spy(state, side)
            return [Action.make("discard", side, card=c) for c in hand(state, side)
                    if rules.is_spy(c) or not spy_only]
        cards = hand(state, side)
        out = [Action.make("play", side, card=c, contact=k)
               for c in self.playable_cards(state, side)
               for k in rules.contact_cards(c, cards)]
        if self._may_draw(state, side):
            out.append(Action.make("draw", side))
        return out

    def legal(self, state: GameState, action: Action) -> Verdict:
        phase, side = state.vars["phase"], state.vars["turn"]
        if phase == OVER:
            return Verdict.no("the game is over", T.END)
        if phase == BETWEEN:
            dealer = left_of(state, state.vars["dealer"])
            if action.kind != "next_game" or action.side != dealer:
                return Verdict.no(f"the game is over; {seat(dealer)} deals the next", T.SCORING)
            return Verdict.yes()
        if action.side != side:
            return Verdict.no(f"it is {seat(side)}'s turn", T.FIRST_PLAYER)
        if action.kind == "play":
            return self._legal_play(state, action)
        if action.kind == "draw":
            if phase != PLAY:
                return Verdict.no("you have drawn already: discard a card", T.DRAW_DISCARD)
            return self._may_draw(state, side)
        if action.kind == "discard":
            if phase != DISCARD:
                return Verdict.no("you discard only after drawing", T.DRAW_DISCARD)
            card = action.get("card")
            if card not in hand(state, side):
                return Verdict.no("that card is not in your hand", T.DRAW_DISCARD)
            if self.must_discard_spy(state, side) and not self.rules(state).is_spy(card):
                return Verdict.no("you must discard your extra SPY", T.SPY)
            return Verdict.yes()
        return Verdict.no(f"no action {action.kind!r} in this game", T.FIRST_PLAYER)

    def _legal_play(self, state: GameState, action: Action) -> Verdict:
        side, rules = action.side, self.rules(state)
        if state.vars["phase"] != PLAY:
            return Verdict.no("you drew this turn: discard a card", T.DRAW_DISCARD)
        card, contact = action.get("card"), action.get("contact")
        cards = hand(state, side)
        if card not in cards:
            return Verdict.no("that card is not in your hand", T.CONTACT)
        if rules.is_spy(card) and any(rules.is_spy(c) for c in table(state, side)):
            return Verdict.no("you have laid your one SPY already", T.SPY)
        if contact not in cards or contact == card:
            return Verdict.no("the contact must be another card in your hand", T.HAND_ONLY)
        if rules.is_spy(contact):
            return Verdict.no("a SPY card is never a contact", T.SPY)
        if contact not in rules.contact_cards(card, cards):
            board, section = rules.board, rules.section[card]
            if any(board[n].get("letter") == rules.letter(contact)
                   for n in board.diagonal(section)):
                return Verdict.no(f"{rules.letter(contact)} only touches {section} at a "
                                  f"corner, which does not count", T.ADJOINING)
            return Verdict.no(f"no section adjoining {section} bears the letter "
                              f"{rules.letter(contact)}", T.CONTACT)
        return Verdict.yes()

    # -- resolving --------------------------------------------------------------------

    def resolve(self, state: GameState, action: Action) -> list[Event]:
        if action.kind == "play":
            return self._play(state, action)
        if action.kind == "draw":
            return self._draw(state, action.side)
        if action.kind == "discard":
            return self._discard(state, action.side, action["card"])
        return self._next_game(state)

    def _play(self, state: GameState, action: Action) -> list[Event]:
        rules, side = self.rules(state), action.side
        card, contact = action["card"], action["contact"]
        row = table(state, side) + [card]
        hands = dict(state.vars["hands"])
        hands[side] = [c for c in hands[side] if c != card]
        tables = dict(state.vars["table"])
        tables[side] = row
        laid = laid_count(rules, row)
        done = laid >= state.vars["required"]
        section = rules.section[card]
        shown = f"showing contact {rules.name(contact)}"
        if rules.is_spy(card):
            rule = T.SPY
            text = (f"{rule}: {seat(side)} lays {rules.name(card)} (section {section}), {shown}; "
                    f"the {len(row) - 1} card(s) already laid score double")
        elif rules.category(card) == "us":
            rule = T.US_CARDS
            text = (f"{rule}: {seat(side)} lays {rules.name(card)} (section {section}, no "
                    f"score), {shown}")
        else:
            rule = T.CONTACT
            text = f"{rule}: {seat(side)} lays {rules.name(card)} (section {section}), {shown}"
        changes = [Change.var("hands", hands), Change.var("table", tables)]
        if not done:
            changes.append(Change.var("turn", left_of(state, side)))
        events = [Event("play", rule, text, tuple(changes), side=side,
                        info={"card": card, "contact": contact, "section": section,
                              "laid": laid})]
        if done:
            scratch = apply_event(state.copy(), events[0])
            events += self._end(scratch, side)
        return events

    def _end(self, state: GameState, finisher: str) -> list[Event]:
        """End of Game and Scoring, with the running totals over the agreed games."""
        rules = self.rules(state)
        end = Event("end", T.END,
                    f"{T.END}: {seat(finisher)} has laid {state.vars['required']} cards and "
                    f"completes the mission", (Change.var("finisher", finisher),),
                    side=finisher)
        scores = final_scores(rules, state, finisher)
        totals = {p: state.vars["totals"][p] + scores[p] for p in players(state)}
        history = list(state.vars["history"]) + [scores]
        more = state.vars["game"] < state.vars["games"]
        shown = ", ".join(f"{seat(p)} {scores[p]}" for p in players(state))
        text = f"{T.SCORING}: game {state.vars['game']}: {shown} ({seat(finisher)} +{state.vars['bonus']})"
        if state.vars["games"] > 1:
            text += "; totals " + ", ".join(f"{seat(p)} {totals[p]}" for p in players(state))
        score = Event("score", T.SCORING, text,
                      (Change.var("scores", scores), Change.var("totals", totals),
                       Change.var("history", history),
                       Change.var("phase", BETWEEN if more else OVER)),
                      info={"scores": scores, "totals": totals})
        return [end, score]

    def _draw(self, state: GameState, side: str) -> list[Event]:
        events: list[Event] = []
        scratch = state
        if not state.vars["pack"]:
            dealer = state.vars["dealer"]
            events.append(self._shuffle(
                state, list(state.vars["discard"]), T.SUCCEEDING,
                f"the pack is used up; {seat(dealer)} shuffles the discards into a new pack"))
            scratch = apply_event(state.copy(), events[0])
        pack = list(scratch.vars["pack"])
        top = pack.pop(0)
        hands = dict(scratch.vars["hands"])
        hands[side] = self.rules(state).hand_order(hands[side] + [top])
        events.append(Event(
            "draw", T.DRAW_DISCARD,
            f"{T.DRAW_DISCARD}: {seat(side)} cannot lay a card and draws from the pack "
            f"({len(pack)} left)",
            (Change.var("pack", pack), Change.var("hands", hands),
             Change.var("drawn", top), Change.var("phase", DISCARD)), side=side))
        return events

    def _discard(self, state: GameState, side: str, card: str) -> list[Event]:
        rules = self.rules(state)
        hands = dict(state.vars["hands"])
        hands[side] = [c for c in hands[side] if c != card]
        forced = self.must_discard_spy(state, side) and rules.is_spy(card)
        rule = T.SPY if forced else T.DRAW_DISCARD
        why = " (a SPY it may never lay)" if forced else ""
        return [Event(
            "discard", rule, f"{rule}: {seat(side)} discards {rules.name(card)}{why}",
            (Change.var("hands", hands),
             Change.var("discard", list(state.vars["discard"]) + [card]),
             Change.var("drawn", None), Change.var("phase", PLAY),
             Change.var("turn", left_of(state, side))),
            side=side, info={"card": card})]

    def _next_game(self, state: GameState) -> list[Event]:
        """Scoring: collect every card, and the next dealer shuffles and deals."""
        dealer = left_of(state, state.vars["dealer"])
        number = state.vars["game"] + 1
        collect = Event("collect", T.SCORING,
                        f"{T.SCORING}: all cards are collected for game {number}",
                        (Change.var("game", number),), side=dealer)
        cards = [p.piece for p in self.module.scenarios[state.scenario].placements]
        scratch = apply_event(state.copy(), collect)
        return [collect, *self._deal(scratch, dealer, cards)]

    # -- views, outcome, invariants ---------------------------------------------------

    def view(self, state: GameState, side: str) -> GameState:
        """What ``side`` sees: other hands and the pack become ``"?"`` placeholders.

        Only the cards ``side`` can see stay in ``pieces`` (its hand, every table,
        the discard pile).  The seed is blanked too: with it the deal could be
        recomputed from the dice.
        """
        hidden = set(self.secrets(state, side))
        out = GameState(state.game, state.scenario, 0,
                        {k: p.copy() for k, p in state.pieces.items() if k not in hidden},
                        copy.deepcopy(state.vars))
        out.vars["hands"] = {p: (list(c) if p == side else [HIDDEN] * len(c))
                             for p, c in state.vars["hands"].items()}
        out.vars["pack"] = [HIDDEN] * len(state.vars["pack"])
        if state.vars.get("drawn") is not None and state.vars["turn"] != side:
            out.vars["drawn"] = HIDDEN
        return out

    def secrets(self, state: GameState, side: str) -> list[str]:
        """Cards ``side`` may not see: the pack and every other player's hand."""
        out = list(state.vars["pack"])
        for p, cards in state.vars["hands"].items():
            if p != side:
                out += cards
        return sorted(out)

    def outcome(self, state: GameState) -> Outcome | None:
        """Scoring: the highest total wins (a tie for the top is a draw)."""
        if state.vars["phase"] != OVER:
            return None
        totals = state.vars["totals"]
        best = max(totals.values())
        top = [p for p in players(state) if totals[p] == best]
        shown = ", ".join(f"{seat(p)} {totals[p]}" for p in players(state))
        if len(top) > 1:
            return Outcome(None, f"{T.SCORING}: a tie at {best} ({shown})", T.SCORING)
        return Outcome(top[0], f"{T.SCORING}: {seat(top[0])} wins with {best} ({shown})",
                       T.SCORING)

    def invariants(self, state: GameState) -> list[str]:
        return broken_invariants(self.rules(state), state)

    # -- queries for the UI -----------------------------------------------------------

    def section_of(self, state: GameState, card: str) -> str:
        """First Player 1: the map section a card belongs to."""
        return self.rules(state).section[card]

    def adjoining(self, state: GameState, card: str) -> list[str]:
        """N.B. (a): the sections adjoining a card's section."""
        return list(self.rules(state).adjoining[card])

    def laid(self, state: GameState, player: str) -> int:
        """Note 3: how many of ``player``'s laid cards count towards the required
        number (a SPY does not)."""
        return laid_count(self.rules(state), table(state, player))

    def playable(self, state: GameState, card: str) -> list[str]:
        """The card's section if its holder may lay it now, else an empty list."""
        who = holder(state, card)
        if who is None or card not in self.playable_cards(state, who):
            return []
        return [self.rules(state).section[card]]

    def contacts(self, state: GameState, card: str) -> list[str]:
        """Adjoining sections whose letter a card in the holder's hand bears."""
        who = holder(state, card)
        if who is None:
            return []
        return self.rules(state).contact_sections(card, hand(state, who))

    def contact_cards(self, state: GameState, card: str) -> list[str]:
        """Cards in the holder's hand that may be shown as contact for ``card``."""
        who = holder(state, card)
        return [] if who is None else self.rules(state).contact_cards(card, hand(state, who))

    def score(self, state: GameState, player: str) -> int:
        """The running score of ``player``'s laid cards (without the bonus)."""
        return self.rules(state).table_score(table(state, player))

    def places(self, state: GameState) -> dict[str, list[str]]:
        """Every pile by name, for a UI that lays out the table."""
        return dict(all_places(state))
