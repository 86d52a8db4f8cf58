"""The hard card-game seat's lookahead: a plan over its own hand and quick
playouts of the rest of the game on deals drawn from the cards it cannot see.

:func:`chain` is exact: the longest run of cards a hand can lay turn after turn
without drawing (each with a contact left in the hand, First Player 2; a SPY
does not count, Note 3), and the most points among the longest runs.  The
planning seat lays the first card of such a run (when the run falls short of
the cards required, the one that leaves the hand a contact for most of the
cards still unseen), and after a draw discards the card whose loss shortens
the run least (a SPY first: the race for the completion bonus decides the
game, and a SPY only costs a turn of it).

:class:`Table` is a small model of one game used only to look ahead (the
program's moves are always chosen among the legal actions the rules offer):
the hands, rows, pack and discards as plain lists, played by the same steps
the rules take (lay a card with a contact if one can be laid, a SPY being
optional and one a game; else draw and discard, an extra SPY first; a used-up
pack is made again from the shuffled discards; the first to lay the cards
required ends the game and scores the bonus).  It runs some fifty times faster
than resolving events, so the hard seat can try each candidate on many deals.

:class:`Deck` holds the same plan on bitmasks (a hand is an ``int``, the
contacts of each card a mask): :meth:`Deck.race` counts the turns a hand takes
to lay its cards required exactly as :func:`race` does, some six times faster,
which lets the hard seat race every hand at the table on each sampled deal.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

HIDDEN = "?"
#: how a SPY ranks among the cards to keep: below any other (Note 3: it is
#: never a contact, and laying it costs a turn of the race for the bonus)
SPY_KEEP = -1
#: weigh how ready a hand is for the cards still to come (the plan's tie-break)
FLEX = True


def chain(rules, hand: frozenset, need: int, memo: dict) -> tuple[int, int]:
    """(cards, points) of the best run of lays from ``hand`` alone: as many cards
    as possible (at most ``need``), then the most points."""
    if need <= 0:
        return (0, 0)
    key = (hand, need)
    found = memo.get(key)
    if found is not None:
        return found
    best = (0, 0)
    for card in hand:
        if rules.is_spy(card) or not rules.contact_cards(card, hand):
            continue
        n, p = chain(rules, hand - {card}, need - 1, memo)
        if (n + 1, p + rules.number(card)) > best:
            best = (n + 1, p + rules.number(card))
    memo[key] = best
    return best


def keep_value(rules, card: str, hand: Sequence[str]) -> tuple:
    """How much a card is worth keeping as a contact (the lowest is discarded when
    runs are equal): the cards of the hand it serves, then its number."""
    rest = [c for c in hand if c != card]
    if rules.is_spy(card):
        # Note 3: a SPY is never a contact and laying it costs a turn of the race
        return (SPY_KEEP, 0, 0)
    serves = sum(1 for c in rest if card in rules.contact_cards(c, rest + [card]))
    playable = 1 if rules.contact_cards(card, rest) else 0
    return (1 if (serves or playable) else 0, serves + playable, rules.number(card))


def flexibility(rules, hand: frozenset, pool: Sequence[str] | None) -> int:
    """How many cards of ``pool`` (those still to come: unseen) the hand holds a
    contact for: the draws that could be laid at once."""
    if not pool:
        return 0
    return sum(1 for c in pool if not rules.is_spy(c) and rules.contact_cards(c, hand))


def plan_card(rules, hand: Sequence[str], need: int, playable: Sequence[str],
              memo: dict, pool: Sequence[str] | None = None) -> str | None:
    """The card (not a SPY) to lay from ``playable``: the first of the best run;
    among runs that fall short of the cards required, the one that keeps the
    hand ready for most of the cards still to come (``pool``)."""
    held = frozenset(hand)
    best, choice = None, None
    for card in playable:
        if rules.is_spy(card):
            continue
        n, p = chain(rules, held - {card}, need - 1, memo)
        ready = 0 if n + 1 >= need or not FLEX else flexibility(rules, held - {card}, pool)
        value = (n + 1, ready, p + rules.number(card), card)
        if best is None or value > best:
            best, choice = value, card
    return choice


def plan_discard(rules, hand: Sequence[str], need: int, allowed: Sequence[str],
                 memo: dict, pool: Sequence[str] | None = None) -> str:
    """The card to discard: the one whose loss keeps the best run, then the hand
    ready for most of the cards to come, then the least useful as a contact."""
    held = frozenset(hand)

    def value(c):
        rest = held - {c}
        ready = flexibility(rules, rest, pool) if FLEX else 0
        return (chain(rules, rest, need, memo), ready,
                tuple(-x for x in keep_value(rules, c, hand)), c)
    return max(allowed, key=value)


class Table:
    """One game as plain lists (see the module docstring); ``seats`` in turn order."""

    __slots__ = ("rules", "seats", "hands", "rows", "pack", "discard", "turn", "required",
                 "bonus", "rng", "spy_worth", "memo", "finisher")

    def __init__(self, rules, seats, hands, rows, pack, discard, turn, required, bonus,
                 rng: random.Random, spy_worth: int, memo: dict) -> None:
        self.rules, self.seats = rules, list(seats)
        self.hands = {s: list(h) for s, h in hands.items()}
        self.rows = {s: list(r) for s, r in rows.items()}
        self.pack, self.discard = list(pack), list(discard)
        self.turn, self.required, self.bonus = turn, required, bonus
        self.rng, self.spy_worth, self.memo = rng, spy_worth, memo
        self.finisher = None

    # -- the steps of a turn -------------------------------------------------------------

    def laid(self, seat: str) -> int:
        return sum(1 for c in self.rows[seat] if not self.rules.is_spy(c))

    def playable(self, seat: str) -> list[str]:
        rules, hand = self.rules, self.hands[seat]
        spy_laid = any(rules.is_spy(c) for c in self.rows[seat])
        return [c for c in hand if not (rules.is_spy(c) and spy_laid)
                and rules.contact_cards(c, hand)]

    def lay(self, seat: str, card: str) -> None:
        self.hands[seat].remove(card)
        self.rows[seat].append(card)
        if self.laid(seat) >= self.required:
            self.finisher = seat
        else:
            self._next()

    def draw(self, seat: str) -> None:
        if not self.pack:
            self.pack, self.discard = self.discard, []
            self.rng.shuffle(self.pack)
        if self.pack:
            self.hands[seat].append(self.pack.pop(0))

    def discard_allowed(self, seat: str) -> list[str]:
        rules, hand = self.rules, self.hands[seat]
        held = sum(1 for c in hand if rules.is_spy(c))
        laid = any(rules.is_spy(c) for c in self.rows[seat])
        if held >= 2 or (held and laid):
            return [c for c in hand if rules.is_spy(c)]
        return list(hand)

    def throw(self, seat: str, card: str) -> None:
        self.hands[seat].remove(card)
        self.discard.append(card)
        self._next()

    def _next(self) -> None:
        self.turn = self.seats[(self.seats.index(self.turn) + 1) % len(self.seats)]

    # -- the planning seat, for every seat in a playout ------------------------------------

    def need(self, seat: str) -> int:
        return self.required - self.laid(seat)

    def turn_of_plan(self) -> None:
        """One turn of the player to act, played by the plan."""
        seat, rules = self.turn, self.rules
        playable = self.playable(seat)
        others = [c for c in playable if not rules.is_spy(c)]
        if others:
            self.lay(seat, plan_card(rules, self.hands[seat], self.need(seat), others,
                                     self.memo))
            return
        if playable and rules.table_score(self.rows[seat]) >= self.spy_worth:
            self.lay(seat, playable[0])
            return
        self.draw(seat)
        self.throw(seat, plan_discard(rules, self.hands[seat], self.need(seat),
                                      self.discard_allowed(seat), self.memo))

    def play_out(self, limit: int = 200) -> dict[str, int]:
        """Play to the end of the game; the scores (Scoring, with the bonus)."""
        for _ in range(limit):
            if self.finisher is not None:
                break
            self.turn_of_plan()
        rules = self.rules
        return {s: rules.table_score(self.rows[s]) + (self.bonus if s == self.finisher else 0)
                for s in self.seats}


def race(rules, hand: Sequence[str], need: int, draws: Sequence[str], memo: dict,
         limit: int = 30) -> int:
    """Turns this hand takes to lay ``need`` more cards, played by the plan, when
    the cards drawn come in the order ``draws`` (one sampled order of the cards
    it cannot see).  The other players do not change how fast a hand gets there
    (they take from the same pack, which a sampled order stands for), so this is
    the race for the completion bonus seen from one seat."""
    hand, turns, i = list(hand), 0, 0
    while need > 0 and turns < limit:
        turns += 1
        held = hand
        playable = [c for c in held if not rules.is_spy(c) and rules.contact_cards(c, held)]
        if playable:
            hand.remove(plan_card(rules, hand, need, playable, memo))
            need -= 1
            continue
        if i >= len(draws):                # nothing left to draw: no change any more
            return limit
        hand.append(draws[i])              # Note 1: draw, then discard
        i += 1
        spies = [c for c in hand if rules.is_spy(c)]
        allowed = spies if len(spies) >= 2 else hand
        hand.remove(plan_discard(rules, hand, need, allowed, memo))
    return turns


# -- the same race on bitmasks (the hard seat's search) -------------------------------------


class Deck:
    """The cards of one module with the contact relation as bitmasks (First Player
    2: card ``i`` can be laid from a hand ``h`` when ``contacts[i] & h``), so a
    hand is an ``int`` and :func:`fast_chain` and :func:`fast_race` run many
    times faster than on lists.  The cards are taken in sorted order, so the
    ties fall as in :func:`plan_card` and :func:`plan_discard`."""

    def __init__(self, rules, cards: Sequence[str]) -> None:
        self.cards = sorted(cards)
        self.index = {c: i for i, c in enumerate(self.cards)}
        n = len(self.cards)
        self.number = [rules.number(c) for c in self.cards]
        self.spy = 0
        self.contacts = [0] * n
        for i, c in enumerate(self.cards):
            if rules.is_spy(c):
                self.spy |= 1 << i
            # Note 3: a SPY is never a contact (contact_cards leaves it out)
            for d in rules.contact_cards(c, self.cards):
                self.contacts[i] |= 1 << self.index[d]
        #: cards each card is a contact for (the "serves" of keep_value)
        self.serves = [sum(1 << j for j in range(n) if self.contacts[j] >> i & 1)
                       for i in range(n)]
        self.memo: dict = {}

    def mask(self, cards) -> int:
        return sum(1 << self.index[c] for c in cards if c != HIDDEN)

    @staticmethod
    def mask_of(indices: Sequence[int]) -> int:
        return sum(1 << i for i in indices)

    def bits(self, mask: int) -> list[int]:
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out

    def layable(self, hand: int) -> list[int]:
        """The cards (not a SPY) of ``hand`` with a contact in it."""
        return [i for i in self.bits(hand & ~self.spy) if self.contacts[i] & hand]

    def chain(self, hand: int, need: int) -> tuple[int, int]:
        """:func:`chain` on a bitmask."""
        if need <= 0:
            return (0, 0)
        key = (hand, need)
        found = self.memo.get(key)
        if found is not None:
            return found
        best = (0, 0)
        for i in self.layable(hand):
            n, p = self.chain(hand & ~(1 << i), need - 1)
            if (n + 1, p + self.number[i]) > best:
                best = (n + 1, p + self.number[i])
        if len(self.memo) > 100_000:
            self.memo.clear()
        self.memo[key] = best
        return best

    def ready(self, hand: int, pool: Sequence[int]) -> int:
        """:func:`flexibility`: the cards of ``pool`` the hand holds a contact for."""
        return sum(1 for j in pool if self.contacts[j] & hand and not self.spy >> j & 1)

    def plan_card(self, hand: int, need: int, layable: Sequence[int],
                  pool: Sequence[int] | None = None) -> int:
        """:func:`plan_card` on a bitmask."""
        best, choice = None, -1
        for i in layable:
            rest = hand & ~(1 << i)
            n, p = self.chain(rest, need - 1)
            ready = 0 if n + 1 >= need or not pool else self.ready(rest, pool)
            value = (n + 1, ready, p + self.number[i], i)
            if best is None or value > best:
                best, choice = value, i
        return choice

    def keep(self, i: int, hand: int) -> tuple:
        """:func:`keep_value` on a bitmask."""
        if self.spy >> i & 1:
            return (SPY_KEEP, 0, 0)
        rest = hand & ~(1 << i)
        serves = bin(self.serves[i] & rest).count("1")
        playable = 1 if self.contacts[i] & rest else 0
        return (1 if (serves or playable) else 0, serves + playable, self.number[i])

    def plan_discard(self, hand: int, need: int, allowed: int,
                     pool: Sequence[int] | None = None) -> int:
        """:func:`plan_discard` on a bitmask (``allowed`` a bitmask too)."""
        best, choice = None, -1
        for i in self.bits(allowed):
            rest = hand & ~(1 << i)
            keep = self.keep(i, hand)
            value = (self.chain(rest, need), self.ready(rest, pool) if pool else 0,
                     tuple(-x for x in keep), i)
            if best is None or value > best:
                best, choice = value, i
        return choice

    def allowed(self, hand: int) -> int:
        """Note 3: an extra SPY goes first (two held)."""
        spies = hand & self.spy
        return spies if spies & (spies - 1) else hand

    def race(self, hand: int, need: int, draws: Sequence[int], limit: int = 30,
             pool: bool = False) -> int:
        """:func:`race` on a bitmask (``draws`` card indices); with ``pool`` the
        plan weighs the cards still to come as it goes."""
        turns, k = 0, 0
        while need > 0 and turns < limit:
            turns += 1
            layable = self.layable(hand)
            rest = draws[k:] if pool else None
            if layable:
                hand &= ~(1 << self.plan_card(hand, need, layable, rest))
                need -= 1
                continue
            if k >= len(draws):                # nothing left to draw: no change any more
                return limit
            hand |= 1 << draws[k]              # Note 1: draw, then discard
            k += 1
            rest = draws[k:] if pool else None
            hand &= ~(1 << self.plan_discard(hand, need, self.allowed(hand), rest))
        return turns
