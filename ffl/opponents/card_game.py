"""The program's seats in the Foreign Legion Card Game.

It sees its own hand, every table and the discard pile (the view); the other
hands and the pack are ``"?"`` to it.  What it weighs:

* finishing first is worth the completion bonus (Scoring), far more than any
  row, so the race comes first: it lays the card that leaves the most cards of
  its hand layable, the higher number first;
* a SPY does not count towards the cards required and costs a turn (Note 3):
  it lays it only when nothing else can be laid and the row before it is
  worth doubling (instead of drawing);
* it discards the card least likely to be laid (fewest contacts, lowest number).

``easy`` lays and discards at random among the legal actions more often than
not, ``normal`` plays by these rules of thumb.  ``hard`` plans
(:mod:`.card_lookahead`): it lays the first card of the longest run its hand
can lay without drawing (found exactly, not one card ahead), keeps its hand
ready for the cards it cannot see, never spends a turn of the race on the SPY
by itself and discards a SPY first.  Then it looks ahead over the cards it may
not see: on each of ``RACES`` deals of them drawn at random (the same deals
for every candidate; a fixed number, so a seed gives the same choice on a busy
machine) the other hands are dealt as many cards as they hold and the rest
stands for the pack; every hand then races to lay its cards required by the
plan (on bitmasks, :class:`.card_lookahead.Deck`).  A candidate (a card to lay
or discard, the draw) is scored by the deals on which this seat finishes
before every other hand (End of Game: the bonus decides the game), then by its
own turns.  (``EVAL = "playout"`` plays whole games instead, every seat by the
plan, in a quick model of the game: no stronger in our tournaments, slower.)
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ffl.engine import Action, GameState

from . import Opponent
from .card_lookahead import Deck, Table, plan_card, plan_discard

HIDDEN = "?"
#: the fraction of random choices of each level
NOISE = {"easy": 0.7, "normal": 0.0, "hard": 0.0}
#: playouts per candidate card (hard): a fixed number, so a seed gives the
#: same choice however busy the machine is
PLAYOUTS = 20
#: how much more often a candidate must win in the playouts to overrule the
#: rule of thumb (hard)
MARGIN = 0.2
#: how the hard level weighs its candidates: "race" (turns to lay the cards
#: required, over sampled orders of the unseen cards) or "playout" (whole games)
EVAL = "race"
#: sampled orders of the unseen cards per decision (race)
RACES = 100
#: how much better (deals won, per deal) a candidate must score to overrule the plan (race)
RACE_MARGIN = 0.0
#: race for the win (finish before the other hands on each deal) or only for speed
WIN_RACE = True
#: what a turn saved on average weighs against a deal won (race)
TURN_WEIGHT = 0.05
#: the plan in the races weighs the cards still to come
RACE_POOL = False
#: the longest race looked at (turns)
RACE_LIMIT = 30
#: the row (before the SPY) worth laying the SPY on rather than drawing
SPY_WORTH = 30
#: the same for the hard level's plan
PLAN_SPY_WORTH = 10_000


def make(controller, side: str, level: str = "normal", seed: int = 0) -> Opponent:
    return CardOpponent(controller, side, level, seed)


class CardOpponent(Opponent):
    def pick(self, view: GameState, actions: list[Action]) -> Action:
        if self.rng.random() < NOISE.get(self.level, 0.0):
            return self.rng.choice(actions)
        if self.level == "hard" and len(actions) > 1 and \
                view.vars.get("phase") in ("play", "discard"):
            return self._search(view, actions)
        return thumb(self.controller.rules(view), view, actions, self.side)

    # -- hard: the plan and playouts on sampled deals -------------------------------------

    def _search(self, view: GameState, actions: list[Action]) -> Action:
        """One candidate per card (which contact is shown changes nothing after)
        and the draw, scored by :meth:`_race` (or, with ``EVAL = "playout"``, in
        ``PLAYOUTS`` whole games on the same sampled deals, every seat played by
        the plan; the best average result wins, the plan's own choice on a tie)."""
        rules = self.controller.rules(view)
        memo = self._memo
        usual = plan(rules, view, actions, self.side, memo, self._unseen(view))
        candidates: dict[str, Action] = {}
        for a in actions:
            key = a.get("card") or a.kind
            if key not in candidates or a == usual:
                candidates[key] = a
        if len(candidates) == 1:
            return usual
        keys = list(candidates)
        if EVAL == "race":
            return self._race(rules, view, candidates, usual, memo)
        wins = dict.fromkeys(keys, 0.0)
        start = time.process_time()
        for _ in range(PLAYOUTS):
            hands, pack = self._deal(view)
            seed = self.rng.randrange(2**31)
            for key in keys:
                wins[key] += self._playout(rules, view, hands, pack, candidates[key],
                                           seed, memo)
        self.playouts += PLAYOUTS * len(keys)
        self.playout_seconds += time.process_time() - start
        mine = usual.get("card") or usual.kind
        best = max(keys, key=lambda k: (wins[k], k == mine))
        return candidates[best] if wins[best] > wins[mine] + MARGIN * PLAYOUTS else usual

    def _race(self, rules, view: GameState, candidates: dict[str, Action], usual: Action,
              memo: dict) -> Action:
        """Each candidate scored over ``RACES`` sampled deals of the cards this seat
        cannot see (the same deals for every candidate): the other hands dealt
        from them, the rest the pack (then the known discards, shuffled, as
        Succeeding Players makes them the next pack).  On each deal the hands
        race to lay their cards required, every one by the plan (:meth:`Deck.race`);
        End of Game: this seat wins the deal when it finishes before every other
        hand (they all act before its next turn).  The most deals won is best,
        then the fewest turns on average (``TURN_WEIGHT``); the plan's own
        choice stands unless another scores ``RACE_MARGIN`` more."""
        me, v = self.side, view.vars
        deck = self._deck(view)
        hand = deck.mask(v["hands"][me])
        need = v["required"] - sum(1 for c in v["table"][me] if not rules.is_spy(c))
        unseen = [deck.index[c] for c in self._unseen(view)]
        discards = [deck.index[c] for c in v["discard"]]
        seats = list(v["players"])
        rivals = [(len(v["hands"][s]),
                   v["required"] - sum(1 for c in v["table"][s] if not rules.is_spy(c)))
                  for s in seats if s != me]
        won = dict.fromkeys(candidates, 0)
        turns = dict.fromkeys(candidates, 0)
        start = time.process_time()
        rng = self.rng
        for _ in range(RACES):
            rng.shuffle(unseen)
            pack, first = unseen, RACE_LIMIT
            if WIN_RACE and rivals:
                i = 0
                for size, left in rivals:
                    first = min(first, deck.race(deck.mask_of(unseen[i:i + size]), left,
                                                 unseen[sum(s for s, _ in rivals):]))
                    i += size
                pack = unseen[i:]
            if discards:
                extra = list(discards)
                rng.shuffle(extra)
                pack = pack + extra
            for key, a in candidates.items():
                if a.kind == "play":
                    bit = 1 << deck.index[a["card"]]
                    left = need - (0 if deck.spy & bit else 1)
                    n = deck.race(hand & ~bit, left, pack, pool=RACE_POOL) if left > 0 else 0
                    done = n + 1
                elif a.kind == "discard":
                    n = deck.race(hand & ~(1 << deck.index[a["card"]]), need, pack, pool=RACE_POOL)
                    done = n + 1
                else:               # draw, then the plan's discard
                    held = hand | (1 << pack[0] if pack else 0)
                    held &= ~(1 << deck.plan_discard(held, need, deck.allowed(held)))
                    n = deck.race(held, need, pack[1:], pool=RACE_POOL)
                    done = n + 1
                turns[key] += done
                won[key] += n < first
        self.playouts += RACES * len(candidates)
        self.playout_seconds += time.process_time() - start
        mine = usual.get("card") or usual.kind

        def score(k):
            return won[k] - TURN_WEIGHT * turns[k]
        best = max(candidates, key=lambda k: (score(k), k == mine))
        if score(best) > score(mine) + RACE_MARGIN * RACES:
            return candidates[best]
        return usual

    def _deck(self, view: GameState) -> Deck:
        """The bitmask cards of this game (made once)."""
        deck = self.__dict__.get("_deck_cards")
        if deck is None:
            scenario = self.controller.module.scenarios[view.scenario]
            deck = Deck(self.controller.rules(view), [p.piece for p in scenario.placements])
            self.__dict__["_deck_cards"] = deck
        return deck

    @property
    def _memo(self) -> dict:
        # the runs of a hand never change: kept between decisions (bounded)
        memo = self.__dict__.setdefault("_runs", {})
        if len(memo) > 200_000:
            memo.clear()
        return memo

    def _unseen(self, view: GameState) -> list[str]:
        """The cards this seat cannot see (the other hands and the pack): every
        card not in its hand, on a table or in the discards."""
        scenario = self.controller.module.scenarios[view.scenario]
        seen = set(view.vars["hands"][self.side]) | set(view.vars["discard"])
        for row in view.vars["table"].values():
            seen |= set(row)
        return [p.piece for p in scenario.placements if p.piece not in seen]

    def _deal(self, view: GameState) -> tuple[dict[str, list[str]], list[str]]:
        """The unseen cards (every card not in this seat's hand, on a table or in
        the discards) dealt at random to the other hands, as many as each
        holds, and the rest to the pack."""
        unseen = self._unseen(view)
        self.rng.shuffle(unseen)
        hands = {}
        for player, cards in view.vars["hands"].items():
            if player == self.side:
                hands[player] = list(cards)
            else:
                hands[player], unseen = unseen[:len(cards)], unseen[len(cards):]
        return hands, unseen

    def _playout(self, rules, view: GameState, hands, pack, first: Action, seed: int,
                 memo: dict) -> float:
        """1 for a win of this seat, 0.5 shared, 0 lost, plus a little for the margin."""
        v = view.vars
        game = Table(rules, v["players"], hands, v["table"], pack, v["discard"], v["turn"],
                     v["required"], int(v.get("bonus", 200)), random.Random(seed),
                     PLAN_SPY_WORTH,
                     memo)
        me = self.side
        if first.kind == "play":
            game.lay(me, first["card"])
        elif first.kind == "discard":
            game.throw(me, first["card"])
        else:       # Note 1: draw, then discard by the plan
            game.draw(me)
            game.throw(me, plan_discard(rules, game.hands[me], game.need(me),
                                        game.discard_allowed(me), memo))
        scores = game.play_out()
        totals = v.get("totals") or {}
        if v.get("match", "totals") == "totals":
            scores = {s: scores[s] + int(totals.get(s, 0)) for s in scores}
        mine = scores[me]
        best_other = max(x for s, x in scores.items() if s != me)
        win = 1.0 if mine > best_other else 0.5 if mine == best_other else 0.0
        return win + max(-0.2, min(0.2, (mine - best_other) / 1000))


def plan(rules, state: GameState, actions: Sequence[Action], side: str,
         memo: dict | None = None, pool: Sequence[str] | None = None) -> Action:
    """The hard level's own choice (and its starting point in the search): the
    first card of the best run it can lay from its hand (:func:`chain`), the
    discard that keeps the best run; the SPY and the draw as the rules of thumb."""
    memo = {} if memo is None else memo
    kinds = {a.kind for a in actions}
    hand = [c for c in state.vars["hands"][side] if c != HIDDEN]
    need = state.vars["required"] - sum(1 for c in state.vars["table"][side]
                                        if not rules.is_spy(c))
    if kinds == {"discard"}:
        card = plan_discard(rules, hand, need, [a["card"] for a in actions], memo, pool)
        return next(a for a in actions if a["card"] == card)
    others = [a for a in actions if a.kind == "play" and not rules.is_spy(a["card"])]
    if not others:
        draw = next((a for a in actions if a.kind == "draw"), None)
        spies = [a for a in actions if a.kind == "play"]
        if draw is None or (spies and rules.table_score(state.vars["table"][side])
                            >= PLAN_SPY_WORTH):
            return spies[0] if spies else actions[0]
        return draw
    card = plan_card(rules, hand, need, [a["card"] for a in others], memo, pool)
    return max((a for a in others if a["card"] == card), key=lambda a: a["contact"])


# -- the rules of thumb ----------------------------------------------------------------------


def thumb(rules, state: GameState, actions: Sequence[Action], side: str) -> Action:
    """The normal level's choice for ``side`` (also every seat's in the playouts)."""
    kinds = {a.kind for a in actions}
    hand = [c for c in state.vars["hands"][side] if c != HIDDEN]
    if kinds == {"discard"}:
        return min(actions, key=lambda a: (_keep(rules, a["card"], hand), a["card"]))
    plays = [a for a in actions if a.kind == "play"]
    if not plays:
        return actions[0]
    row = state.vars["table"][side]
    spies = [a for a in plays if rules.is_spy(a["card"])]
    others = [a for a in plays if not rules.is_spy(a["card"])]
    if not others:
        draw = next((a for a in actions if a.kind == "draw"), None)
        if draw is None or rules.table_score(row) >= SPY_WORTH:
            return spies[0]
        return draw
    # lay the card whose loss strands the fewest others, the higher number first
    return max(others, key=lambda a: (_after(rules, a["card"], hand),
                                      rules.number(a["card"]), a["card"], a["contact"]))


def _after(rules, card: str, hand: list[str]) -> int:
    """How many cards of the hand could still be laid once ``card`` is."""
    rest = [c for c in hand if c != card]
    return sum(1 for c in rest if rules.contact_cards(c, rest))


def _keep(rules, card: str, hand: list[str]) -> tuple:
    """How much a card is worth keeping (the lowest is discarded)."""
    rest = [c for c in hand if c != card]
    if rules.is_spy(card):
        spies = sum(1 for c in hand if rules.is_spy(c))
        return (2 if spies == 1 else -1, 0, 0)
    serves = sum(1 for c in rest if card in rules.contact_cards(c, rest + [card]))
    playable = 1 if rules.contact_cards(card, rest) else 0
    return (1 if (serves or playable) else 0, serves + playable, rules.number(card))
