"""The first program opponent of The Legend Begins (kept for comparison: the style
``old``, e.g. ``FFL_LEGEND_AI=old``): rules of thumb without any plan.

* a pending decision: losses on the unit with the most steps left, an advance taken
  when offered, the first retreat otherwise;
* the Combat Phase: the listed attack with the best odds when it is 1½-1 or better,
  or when an attack is owed (9.1); otherwise the phase ends;
* the Movement Phase: among the listed moves, the one that brings a stack closest to
  the nearest place the scenario's victory conditions name and the enemy holds, while
  it stays within eight hexes of a friendly Supply Point, Army HQ or map edge; about
  eight stacks a segment, then the phase ends;
* the Initial Phase: every recovered step restored, 6 pounders taken, phases ended.
"""

from __future__ import annotations

import random

from ffl.engine import Action, GameState

from .. import hexgeo as g

#: the Combat Table column from which the program attacks of its own accord
GOOD_ODDS = "1.5-1"
#: stacks moved in one Movement Phase before it ends the phase
MOVES_PER_SEGMENT = 8
SUPPLY_RANGE = 8


def thumb(controller, state: GameState, actions: list[Action], side: str,
          rng: random.Random) -> Action:
    kinds: dict[str, list[Action]] = {}
    for a in actions:
        kinds.setdefault(a.kind, []).append(a)
    if len(actions) == 1:
        return actions[0]
    if "loss" in kinds:
        return max(kinds["loss"], key=lambda a: (_steps(state, a.get("unit")), a.get("unit")))
    if "advance" in kinds:
        return kinds["advance"][0]
    for k in ("retreat", "eliminate", "release", "decline", "aside"):
        if k in kinds:
            return kinds[k][0]
    if "restore" in kinds:
        return kinds["restore"][0]
    if "six-pounder" in kinds:
        return kinds["six-pounder"][0]
    for k in ("end-recovery", "end-organization", "end-arrange", "supply"):
        if k in kinds:
            return kinds[k][0]
    if "attack" in kinds:
        return _attack(controller, state, kinds)
    if "move" in kinds or "end-movement" in kinds:
        return _move(controller, state, kinds, side, rng)
    for k in ("end-combat", "end-movement"):
        if k in kinds:
            return kinds[k][0]
    return actions[0]


def _steps(state: GameState, pid) -> int:
    p = state.pieces.get(pid)
    return int(p.data.get("steps", 1)) if p else 0


def _attack(controller, state: GameState, kinds: dict[str, list[Action]]) -> Action:
    from ..tables import CRT_COLUMNS

    best, score = None, -1
    for a in kinds["attack"]:
        if a.get("diversion"):
            continue
        od = controller.odds(state, list(a["attackers"]), list(a["targets"]),
                             supply=a.get("supply"), seven=False)
        if not od.get("ok") or od["column"] not in CRT_COLUMNS:
            continue
        col = CRT_COLUMNS.index(od["column"])
        if col > score:
            best, score = a, col
    end = kinds.get("end-combat")
    if best is not None and (score >= CRT_COLUMNS.index(GOOD_ODDS) or not end):
        return best
    return end[0] if end else kinds["attack"][0]


def _targets(controller, state: GameState, side: str) -> list[str]:
    """The places the scenario's victory conditions name, not held by ``side``."""
    ctx = controller.ctx(state)
    vic = ctx.setup.get("victory") or {}
    keys = list(vic.get("hexes") or {}) + list(vic.get("axis_hexes") or {})
    out = [k for k in keys if k in ctx.hexmap.terrain and ctx.control(k) != side]
    if not out:                      # nothing to take: close on the enemy instead
        foe = "allied" if side == "axis" else "axis"
        out = sorted(ctx.occupied[foe]["combat"])[:12]
    return out


def _bases(controller, state: GameState, side: str) -> list[str]:
    ctx = controller.ctx(state)
    hm = ctx.hexmap
    out = [p.space for pid, p in state.pieces.items() if p.side == side
           and p.status == "active" and p.space in hm.terrain
           and (ctx.kind(pid) in ("sp", "army_hq"))]
    return out + list(hm.friendly_edge.get(side, []))


def _move(controller, state: GameState, kinds: dict[str, list[Action]], side: str,
          rng: random.Random) -> Action:
    end = (kinds.get("end-movement") or [None])[0]
    moves = kinds.get("move") or []
    if not moves or len(state.vars.get("done") or []) >= MOVES_PER_SEGMENT:
        return end or rng.choice(moves)
    targets = _targets(controller, state, side)
    bases = _bases(controller, state, side)
    if not targets:
        return end or moves[0]

    def near(key: str) -> int:
        if not key[:1].isdigit():
            return 99
        return min(g.distance(key, t) for t in targets)

    def supplied(key: str) -> bool:
        return key[:1].isdigit() and any(g.distance(key, b) <= SUPPLY_RANGE for b in bases
                                         if b[:1].isdigit())

    best, gain = None, 0
    for a in moves:
        start = state.pieces[a["units"][0]].space or ""
        to = list(a["path"])[-1]
        if not supplied(to):
            continue
        d = near(start) - near(to)
        if d > gain:
            best, gain = a, d
    return best or end or moves[0]
