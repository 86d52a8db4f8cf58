"""What a Foreign Legion Card Game module must hold for the rules to play it.

Asked by :meth:`CardGameController.check_module` when a file is opened (the
store has checked the structure): every card is a mission, SPY or U/S card
with a letter, a colour and a whole number, and has exactly the one map
section of its letter and colour (First Player 1); each scenario is for 2 to 4
players with set-up numbers that deal out (Deal 2) and places only cards.
:func:`check_state` checks a reopened game's piles and counters.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...engine import GameState, Module
from . import tables as T
from .rules import MISSION, SPY, US

CATEGORIES = (MISSION, SPY, US)
MAX_PROBLEMS = 20


def _whole(value: Any, low: int = 0, high: int = 10_000) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def check_module(module: Module) -> list[str]:
    out: list[str] = []
    cards = {k: t for k, t in module.piece_types.items() if t.kind == "card"}
    for key, card in cards.items():
        v = card.values
        if v.get("category") not in CATEGORIES:
            out.append(f"{T.FIRST_PLAYER} card {key!r} is of no known kind "
                       f"({v.get('category')!r}; {', '.join(CATEGORIES)})")
        if not isinstance(v.get("letter"), str) or not isinstance(v.get("colour"), str):
            out.append(f"{T.FIRST_PLAYER} card {key!r} needs a letter and a colour")
        if not _whole(v.get("number", 0)):
            out.append(f"{T.SCORING} card {key!r} number should be a whole number from 0 "
                       f"to 10000, not {v.get('number')!r}")
    for sid, sc in module.scenarios.items():
        if (sc.game or module.game) != "card_game" or out:
            continue
        out += _scenario(module, sid, cards)
    return out[:MAX_PROBLEMS]


def _scenario(module: Module, sid: str, cards: dict) -> list[str]:
    sc = module.scenarios[sid]
    where = f"scenario {sid!r}"
    board = module.boards[sc.board]
    marks: dict[tuple, list[str]] = {}
    for key, space in board.spaces.items():
        mark = (space.get("letter"), space.get("colour"))
        if not all(isinstance(m, str) for m in mark):
            return [f"{T.FIRST_PLAYER} {where}: map section {key} needs a letter and a colour"]
        marks.setdefault(mark, []).append(key)
    out = []
    for key, card in cards.items():
        found = marks.get((card.get("letter"), card.get("colour")), [])
        if len(found) != 1:
            out.append(f"{T.FIRST_PLAYER} {where}: card {key!r} ({card.get('letter')}, "
                       f"{card.get('colour')}) should have one map section of its letter and "
                       f"colour, not {len(found)}")
            break
    n = len(sc.sides)
    if n not in T.REQUIRED:
        return out + [f"{T.DEAL} {where} is for {n} players; the game is for "
                      f"{min(T.REQUIRED)} to {max(T.REQUIRED)}"]
    opts = sc.options
    if "players" in opts and opts["players"] != n:
        out.append(f"{T.DEAL} {where} says {opts['players']!r} players but has {n} sides")
    if not _whole(opts.get("games", 1), 1, 1000):
        out.append(f"{T.SCORING} {where}: the number of games should be a whole number "
                   f"from 1 to 1000, not {opts.get('games')!r}")
    placed = [p.type for p in sc.placements]
    if any(t not in cards for t in placed):
        out.append(f"{T.DEAL} {where} places a piece that is not a card")
    setup = sc.setup
    size = setup.get("hand_size", T.HAND_SIZE[n])
    required = setup.get("required", T.REQUIRED[n])
    if not _whole(size, 1) or not _whole(required, 1) or not _whole(
            setup.get("bonus", T.COMPLETION_BONUS)):
        out.append(f"{T.DEAL} {where}: hand size, cards required and bonus should be whole "
                   "numbers")
    elif size * n > len(placed):
        out.append(f"{T.DEAL} {where}: {n} hands of {size} need {size * n} cards; it has "
                   f"{len(placed)}")
    elif required > size:
        out.append(f"{T.END} {where}: {required} cards to lay is more than a hand of {size}")
    return out


def check_state(state: GameState, phases: Iterable[str]) -> list[str]:
    """The piles and counters of a reopened game have the shapes the rules read."""
    v = state.vars
    players = v.get("players")
    if not (isinstance(players, list) and players and all(isinstance(p, str) for p in players)):
        return [f"{T.DEAL} the players are not recorded"]
    if v.get("phase") not in set(phases):
        return [f"{T.FIRST_PLAYER} the phase {v.get('phase')!r} is not one of the game's"]
    if v.get("turn") not in players or v.get("dealer") not in players:
        return [f"{T.FIRST_PLAYER} the player to act is not one of the players"]
    for pile in ("pack", "discard", "history"):
        if not isinstance(v.get(pile), list):
            return [f"{T.DEAL} the {pile} is not recorded"]
    for piles in ("hands", "table", "totals"):
        value = v.get(piles)
        if not isinstance(value, dict) or set(value) != set(players):
            return [f"{T.DEAL} the {piles} of the players are not recorded"]
    for key in ("hand_size", "required", "bonus", "games", "game"):
        if not _whole(v.get(key)):
            return [f"{T.DEAL} {key} should be a whole number"]
    if "match" in v and v["match"] not in T.MATCH_MODES:
        return [f"{T.SCORING} the match is scored neither on totals nor on games won"]
    return []
