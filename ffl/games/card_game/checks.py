"""Invariants of a card-game state: every card in one place, counts and scores add up."""

from __future__ import annotations

from collections import Counter

from ...engine import GameState
from . import tables as T
from .rules import CardRules, all_places, final_scores, hand, laid_count, players, table


def broken_invariants(rules: CardRules, state: GameState) -> list[str]:
    """Every broken invariant of ``state`` as a sentence (empty when all hold)."""
    out: list[str] = []
    v = state.vars
    # Every card is in exactly one pile, and every pile holds only known cards.
    seen: Counter[str] = Counter()
    for cards in all_places(state).values():
        seen.update(cards)
    cards = {k for k, p in state.pieces.items() if p.type in rules.types}
    for card, n in seen.items():
        if card not in cards:
            out.append(f"unknown card {card!r} in a pile")
        elif n != 1:
            out.append(f"card {card} is in {n} places")
    out += [f"card {c} is in no pile" for c in sorted(cards - set(seen))]
    phase, turn = v["phase"], v["turn"]
    required, size = v["required"], v["hand_size"]
    for p in players(state):
        row = table(state, p)
        # Note 1: hand plus table equals the cards dealt (one more while discarding).
        extra = 1 if phase == "discard" and p == turn else 0
        if len(hand(state, p)) + len(row) != size + extra:
            out.append(f"{T.DRAW_DISCARD}: {p} holds {len(hand(state, p))} and has laid "
                       f"{len(row)}, not {size + extra} cards in all")
        if sum(1 for c in row if rules.is_spy(c)) > 1:
            out.append(f"{T.SPY}: {p} has laid more than one SPY")
        over = laid_count(rules, row) >= required
        if over and phase in ("play", "discard"):
            out.append(f"{T.END}: {p} has laid {required} cards but the game goes on")
    if v.get("drawn") is not None and v["drawn"] not in hand(state, turn):
        out.append(f"{T.DRAW_DISCARD}: the card drawn is not in {turn}'s hand")
    out += _score_checks(rules, state)
    return out


def _score_checks(rules: CardRules, state: GameState) -> list[str]:
    """Scoring: finished games' scores, history and totals agree."""
    v = state.vars
    out: list[str] = []
    history = v["history"]
    finished = v["game"] if v["phase"] in ("between", "over") else v["game"] - 1
    if len(history) != finished:
        out.append(f"{T.SCORING}: {len(history)} games scored, {finished} finished")
    for p in players(state):
        if v["totals"][p] != sum(g[p] for g in history):
            out.append(f"{T.SCORING}: {p}'s total is not the sum of its game scores")
    if v["phase"] in ("between", "over"):
        finisher = v.get("finisher")
        if finisher is None:
            out.append(f"{T.END}: the game ended without a finisher")
        elif v.get("scores") != final_scores(rules, state, finisher):
            out.append(f"{T.SCORING}: the recorded scores do not match the cards laid")
        elif history and history[-1] != v["scores"]:
            out.append(f"{T.SCORING}: the last game's scores are not in the history")
    return out
