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
not, ``normal`` plays by these rules of thumb, ``hard`` tries each candidate in
playouts of the rest of the game on deals drawn from the cards it cannot see
(each playout follows the rules of thumb for every seat; a fixed number of
them, so a seed gives the same choice on a busy machine) and leaves the rule
of thumb only for a candidate that wins clearly more often.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ffl.engine import Action, GameState, Piece, fold

from . import Opponent

HIDDEN = "?"
#: the fraction of random choices of each level
NOISE = {"easy": 0.7, "normal": 0.0, "hard": 0.0}
#: playouts per candidate card (hard): a fixed number, so a seed gives the
#: same choice however busy the machine is
PLAYOUTS = 10
#: how much more often a candidate must win in the playouts to overrule the
#: rule of thumb (hard)
MARGIN = 0.25
#: the row (before the SPY) worth laying the SPY on rather than drawing
SPY_WORTH = 30


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

    # -- hard: playouts on sampled deals ---------------------------------------------------

    def _search(self, view: GameState, actions: list[Action]) -> Action:
        rules = self.controller.rules(view)
        usual = thumb(rules, view, actions, self.side)
        # one candidate per card (which contact is shown changes nothing after)
        candidates: dict[str, Action] = {}
        for a in actions:
            key = a.get("card") or a.kind
            if key not in candidates or a == usual:
                candidates[key] = a
        if len(candidates) == 1:
            return usual
        keys = list(candidates)
        wins = dict.fromkeys(keys, 0.0)
        start = time.perf_counter()
        for _ in range(PLAYOUTS):
            deal = self._sample(view)
            for key in keys:
                wins[key] += self._playout(rules, deal, candidates[key])
        self.playouts += PLAYOUTS * len(keys)
        self.playout_seconds += time.perf_counter() - start
        mine = usual.get("card") or usual.kind
        best = max(keys, key=lambda k: (wins[k], self.rng.random()))
        return candidates[best] if wins[best] > wins[mine] + MARGIN * PLAYOUTS else usual

    def _sample(self, view: GameState) -> GameState:
        """A full state consistent with the view: the unseen cards dealt at random
        to the other hands (as many as each holds) and the pack."""
        state = self.private_copy(view)
        scenario = self.controller.module.scenarios[view.scenario]
        seen = set(view.vars["hands"][self.side]) | set(view.vars["discard"])
        for row in view.vars["table"].values():
            seen |= set(row)
        unseen = [p.piece for p in scenario.placements if p.piece not in seen]
        self.rng.shuffle(unseen)
        for p in scenario.placements:
            if p.piece not in state.pieces:
                state.pieces[p.piece] = Piece(p.piece, p.type, p.side, None, status=p.status)
        hands = dict(state.vars["hands"])
        for player, cards in hands.items():
            if player != self.side:
                hands[player], unseen = unseen[:len(cards)], unseen[len(cards):]
        state.vars["hands"] = hands
        state.vars["pack"] = unseen[:len(view.vars["pack"])]
        if state.vars.get("drawn") == HIDDEN:
            state.vars["drawn"] = None
        return state

    def _playout(self, rules, deal: GameState, first: Action) -> float:
        """1 for a win of this seat, 0.5 shared, 0 lost, plus a little for the margin."""
        c = self.controller
        state = fold(deal, c.apply(deal, first))
        steps = 0
        while state.vars["phase"] in ("play", "discard") and steps < 400:
            steps += 1
            actions = c.legal_actions(state)
            state = fold(state, c.apply(state, thumb(rules, state, actions,
                                                     state.vars["turn"])))
        scores = state.vars.get("scores") or {}
        if not scores:
            return 0.5
        mine = scores[self.side]
        best_other = max(v for p, v in scores.items() if p != self.side)
        win = 1.0 if mine > best_other else 0.5 if mine == best_other else 0.0
        return win + max(-0.2, min(0.2, (mine - best_other) / 1000))


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
