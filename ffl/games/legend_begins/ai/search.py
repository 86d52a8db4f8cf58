"""The ``hard`` program's Combat Phase search (9.0): wider and deeper than ``normal``.

``normal`` throws every unit next to an enemy hex at it and makes the best single
attack.  ``hard`` also weighs, for each enemy hex, the attacks by only some of the
hexes around it (every subset of up to :data:`MAX_HEXES` attacking hexes, each with
the Supply Point most of them reach, 20.3), so that a unit spared from one attack can
make another; then it searches the sets of attacks that share no unit and no enemy
hex (a beam of :data:`BEAM` plans over the attacks worth making, 9.1: no unit attacks
twice, no enemy unit is attacked twice a segment) for the one worth most in total,
and makes that plan's best attack first.  The next call plans again on the new view
(results, retreats and Reactions change it).
"""

from __future__ import annotations

from itertools import combinations

from ffl.engine import Action

from ..rules.fight import best_supply

#: attacking hexes around one enemy hex whose subsets are tried
MAX_HEXES = 5
#: plans kept at each depth of the search
BEAM = 12
#: attacks a plan may hold
DEPTH = 8


def partial_attacks(fighter, full: list[Action]) -> list[Action]:
    """For each attack of ``full`` on one hex from several hexes: the same attack from
    each proper subset of those hexes (up to :data:`MAX_HEXES` hexes)."""
    ctx, side = fighter.ctx, fighter.look.side
    out: list[Action] = []
    for a in full:
        if len(a["targets"]) != 1:
            continue
        by_hex: dict[str, list[str]] = {}
        for p in a["attackers"]:
            by_hex.setdefault(ctx.piece(p).space, []).append(p)
        hexes = sorted(by_hex)
        if len(hexes) < 2 or len(hexes) > MAX_HEXES:
            continue
        for n in range(1, len(hexes)):
            for some in combinations(hexes, n):
                units = sorted(p for h in some for p in by_hex[h])
                out.append(Action.make("attack", side, attackers=units,
                                       targets=list(a["targets"]),
                                       supply=best_supply(ctx, side, units)))
    return out


def best_plan(sized: list, threshold: float) -> list:
    """The set of attacks (``Sizing``) worth most together, sharing no attacker and no
    enemy hex, each worth at least ``threshold`` on its own; best first."""
    good = sorted((s for s in sized if s.value >= threshold), key=lambda s: -s.value)
    good = good[:40]
    beam: list[tuple[float, tuple[int, ...], frozenset, frozenset]] = [
        (0.0, (), frozenset(), frozenset())]
    best = beam[0]
    for _depth in range(DEPTH):
        grown = []
        for total, picks, used, hit in beam:
            start = picks[-1] + 1 if picks else 0
            for i in range(start, len(good)):
                s = good[i]
                units = frozenset(s.action["attackers"])
                targets = frozenset(s.action["targets"])
                if units & used or targets & hit:
                    continue
                grown.append((total + s.value, picks + (i,), used | units, hit | targets))
        if not grown:
            break
        grown.sort(key=lambda t: -t[0])
        beam = grown[:BEAM]
        if beam[0][0] > best[0]:
            best = beam[0]
    return sorted((good[i] for i in best[1]), key=lambda s: -s.value)
