"""A player's turn: lay a card showing a contact (First Player 1 and 2, N.B. (a)
and (b), Note 2, Note 3), or, when none can be laid, draw and discard (Note 1,
Succeeding Players).  Laying the last card required ends the game
(:func:`.scoring.end`).

Queries take the :class:`CardRules` of the board and a state; the resolving
functions add their events to a :class:`Batch`.
"""

from __future__ import annotations

from ...engine import Action, Batch, Change, GameState, Prompt, Verdict
from . import scoring
from . import tables as T
from .deal import shuffle
from .rules import DISCARD, PLAY, CardRules, hand, laid_count, left_of, table
from .tables import cite, seat

TURN_KINDS = ("play", "draw", "discard")


# -- what the player to act may do --------------------------------------------------

def playable_cards(rules: CardRules, state: GameState, player: str) -> list[str]:
    """Cards ``player`` could lay now (each has at least one contact in hand)."""
    if state.vars["phase"] != PLAY or state.vars["turn"] != player:
        return []
    cards = hand(state, player)
    spy_laid = any(rules.is_spy(c) for c in table(state, player))
    return [c for c in cards
            if not (rules.is_spy(c) and spy_laid)      # Note 3: one SPY a game
            and rules.contact_cards(c, cards)]


def may_draw(rules: CardRules, state: GameState, player: str) -> Verdict:
    """Note 1: draw only when no card can be laid (a SPY need not be, Note 3;
    a U/S card must be, N.B. (b))."""
    if state.vars["phase"] != PLAY or state.vars["turn"] != player:
        return Verdict.no("it is not your turn to play", T.FIRST_PLAYER)
    musts = [c for c in playable_cards(rules, state, player) if not rules.is_spy(c)]
    if not musts:
        return Verdict.yes()
    if all(rules.category(c) == "us" for c in musts):
        return Verdict.no("a U/S card can be laid, so you may not pass", T.US_CARDS)
    return Verdict.no("a card can be laid, so you must lay one", T.FIRST_PLAYER)


def must_discard_spy(rules: CardRules, state: GameState, player: str) -> bool:
    """Note 3: a SPY the player may never lay must go at the first discard."""
    held = sum(1 for c in hand(state, player) if rules.is_spy(c))
    laid = any(rules.is_spy(c) for c in table(state, player))
    return held >= 2 or (held >= 1 and laid)


def prompt(rules: CardRules, state: GameState) -> Prompt:
    """First Player / Note 1: lay a card, or draw; after a draw, discard."""
    phase, side = state.vars["phase"], state.vars["turn"]
    if phase == DISCARD:
        text = f"{T.DRAW_DISCARD} — {seat(side)}, discard one card"
        if must_discard_spy(rules, state, side):
            text = f"{T.SPY} — {seat(side)}, you hold a SPY you may not lay: discard it"
        return Prompt(side, DISCARD, text, ("discard",))
    kinds = tuple(k for k, ok in (("play", bool(playable_cards(rules, state, side))),
                                  ("draw", bool(may_draw(rules, state, side)))) if ok)
    laid = laid_count(rules, table(state, side))
    text = (f"{cite(T.FIRST_PLAYER)} {seat(side)}, lay a card with a contact ({laid} of "
            f"{state.vars['required']} laid)" if "play" in kinds else
            f"{T.DRAW_DISCARD} — {seat(side)} cannot lay a card: draw from the pack")
    return Prompt(side, PLAY, text, kinds, {"laid": laid, "required": state.vars["required"]})


def actions(rules: CardRules, state: GameState) -> list[Action]:
    """Every legal action of the player to act (each contact of each card)."""
    phase, side = state.vars["phase"], state.vars["turn"]
    if phase == DISCARD:
        spy_only = must_discard_spy(rules, state, side)
        return [Action.make("discard", side, card=c) for c in hand(state, side)
                if rules.is_spy(c) or not spy_only]
    cards = hand(state, side)
    out = [Action.make("play", side, card=c, contact=k)
           for c in playable_cards(rules, state, side)
           for k in rules.contact_cards(c, cards)]
    if may_draw(rules, state, side):
        out.append(Action.make("draw", side))
    return out


def legal(rules: CardRules, state: GameState, action: Action) -> Verdict:
    """Succeeding Players: only the player to act; then the rules of each kind."""
    phase, side = state.vars["phase"], state.vars["turn"]
    if action.side != side:
        return Verdict.no(f"it is {seat(side)}'s turn", T.FIRST_PLAYER)
    if action.kind == "play":
        return _legal_play(rules, state, action)
    if action.kind == "draw":
        if phase != PLAY:
            return Verdict.no("you have drawn already: discard a card", T.DRAW_DISCARD)
        return may_draw(rules, state, side)
    if action.kind == "discard":
        if phase != DISCARD:
            return Verdict.no("you discard only after drawing", T.DRAW_DISCARD)
        card = action.get("card")
        if card not in hand(state, side):
            return Verdict.no("that card is not in your hand", T.DRAW_DISCARD)
        if must_discard_spy(rules, state, side) and not rules.is_spy(card):
            return Verdict.no("you must discard your extra SPY", T.SPY)
        return Verdict.yes()
    return Verdict.no(f"no action {action.kind!r} in this game", T.FIRST_PLAYER)


def _legal_play(rules: CardRules, state: GameState, action: Action) -> Verdict:
    """First Player 2 with N.B. (a), Note 2 and Note 3."""
    side = action.side
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


# -- resolving ----------------------------------------------------------------------

def play(batch: Batch, rules: CardRules, action: Action) -> None:
    """First Player 2 (N.B. (b) for a U/S card, Note 3 for a SPY): lay the card
    to the right of the row; the turn passes left unless the game ends."""
    state, side = batch.state, action.side
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
        text = (f"{cite(rule)} {seat(side)} lays {rules.name(card)} (section {section}), "
                f"{shown}; "
                f"the {len(row) - 1} card(s) already laid score double")
    elif rules.category(card) == "us":
        rule = T.US_CARDS
        text = (f"{cite(rule)} {seat(side)} lays {rules.name(card)} (section {section}, no "
                f"score), {shown}")
    else:
        rule = T.CONTACT
        text = f"{cite(rule)} {seat(side)} lays {rules.name(card)} (section {section}), {shown}"
    changes = [Change.var("hands", hands), Change.var("table", tables)]
    if not done:
        changes.append(Change.var("turn", left_of(state, side)))
    batch.add("play", rule, text, changes, side=side,
              card=card, contact=contact, section=section, laid=laid)
    if done:
        scoring.end(batch, rules, side)


def draw(batch: Batch, rules: CardRules, side: str) -> None:
    """Note 1: take the top card of the pack; Succeeding Players: a used-up pack
    is first made again from the shuffled discards."""
    if not batch.state.vars["pack"]:
        dealer = batch.state.vars["dealer"]
        shuffle(batch, list(batch.state.vars["discard"]), T.SUCCEEDING,
                f"the pack is used up; {seat(dealer)} shuffles the discards into a new pack")
    state = batch.state
    pack = list(state.vars["pack"])
    top = pack.pop(0)
    hands = dict(state.vars["hands"])
    hands[side] = rules.hand_order(hands[side] + [top])
    batch.add("draw", T.DRAW_DISCARD,
              f"{T.DRAW_DISCARD} — {seat(side)} cannot lay a card and draws from the pack "
              f"({len(pack)} left)",
              (Change.var("pack", pack), Change.var("hands", hands),
               Change.var("drawn", top), Change.var("phase", DISCARD)), side=side)


def discard(batch: Batch, rules: CardRules, side: str, card: str) -> None:
    """Note 1: discard one card face up, and the turn passes left; Note 3: an
    extra SPY discarded is logged under the SPY rule."""
    state = batch.state
    hands = dict(state.vars["hands"])
    hands[side] = [c for c in hands[side] if c != card]
    forced = must_discard_spy(rules, state, side) and rules.is_spy(card)
    rule = T.SPY if forced else T.DRAW_DISCARD
    why = " (a SPY it may never lay)" if forced else ""
    batch.add("discard", rule, f"{rule} — {seat(side)} discards {rules.name(card)}{why}",
              (Change.var("hands", hands),
               Change.var("discard", list(state.vars["discard"]) + [card]),
               Change.var("drawn", None), Change.var("phase", PLAY),
               Change.var("turn", left_of(state, side))),
              side=side, card=card)
