"""The ``hard`` program's Combat Phase search (9.0): wider and deeper than ``normal``,
in the scenario's last turn (:attr:`.fight.Fighter.searches`).

``normal`` throws every unit next to an enemy hex at it and makes the best single
attack.  ``hard`` also weighs, for each enemy hex, the attacks by only some of the
hexes around it (every subset of up to :data:`MAX_HEXES` attacking hexes, each with
the Supply Point most of them reach, 20.3), so that a unit spared from one attack can
make another (only when the attack by fewer units is worth nearly as much as the best
on its hex, :data:`SLACK`); then it searches the sets of attacks that share no unit,
no enemy hex and no Supply Point (a beam of :data:`BEAM` plans over the attacks worth
making, 9.1: no unit attacks twice, no enemy unit is attacked twice a segment; 20.3: an
attack may use its Supply Point up), counting the poor attack an owed hex left to the
units not used will cost (9.1 case 2), for the plan worth most in total, and makes
that plan's best attack first when the plan beats normal's by :data:`MARGIN`.  The
next call plans again on the new view (results, retreats and Reactions change it).
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
#: how much less than the best attack on its hex an attack in a plan may be worth
SLACK = 0.6
#: how much more than normal's plan a plan must be worth for hard to play it
MARGIN = 0.5


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


def best_plan(sized: list, threshold: float, due: set[str] = frozenset(),
              partial: set | frozenset = frozenset()) -> list:
    """The set of attacks (``Sizing``) worth most together, best first: no two share
    an attacker, an enemy hex or a Supply Point (20.3: one attack may use it up), each
    worth at least ``threshold`` on its own.  An owed hex (9.1 case 2, ``due``) the
    plan leaves to units it does not use counts the best attack left on it (a poor
    attack made because it must be).  Empty unless the plan beats by :data:`MARGIN`
    the one ``normal`` plays (the best attack by every adjacent unit, again and again:
    the attacks not in ``partial``), so hard departs from normal only for a clear
    gain."""
    top: dict[str, float] = {}
    for s in sized:
        t = s.action["targets"][0]
        top[t] = max(top.get(t, -99.0), s.value)
    # an attack by fewer units only when it is nearly as good as the best on its hex
    good = sorted((s for s in sized if s.value >= threshold
                   and s.value >= top[s.action["targets"][0]] - SLACK),
                  key=lambda s: -s.value)[:40]
    owed = [s for s in sized if s.action["targets"][0] in due]

    def keys(s) -> frozenset:
        sp = s.action.get("supply")
        return frozenset(s.action["attackers"]) | {"hex:" + t for t in s.action["targets"]} \
            | ({"sp:" + sp} if sp else set())

    def left_owed(used: frozenset) -> float:
        out = 0.0
        for t in due:
            if "hex:" + t in used:
                continue
            rest = [s.value for s in owed if s.action["targets"][0] == t
                    and not (frozenset(s.action["attackers"]) & used)]
            out += min(0.0, max(rest)) if rest else 0.0
        return out

    # what normal does: the best whole attack, then the best left, and so on
    used_n: frozenset = frozenset()
    normal = 0.0
    for s in good:
        k = keys(s)
        if plan_key(s) in partial or k & used_n:
            continue
        normal += s.value
        used_n = used_n | k
    normal += left_owed(used_n)

    start_score = left_owed(frozenset())
    beam: list[tuple[float, tuple[int, ...], frozenset]] = [(0.0, (), frozenset())]
    best = (start_score, ())
    for _depth in range(DEPTH):
        grown = []
        for total, picks, used in beam:
            first = picks[-1] + 1 if picks else 0
            for i in range(first, len(good)):
                k = keys(good[i])
                if k & used:
                    continue
                grown.append((total + good[i].value, picks + (i,), used | k))
        if not grown:
            break
        grown.sort(key=lambda t: -t[0])
        beam = grown[:BEAM]
        for total, picks, used in beam:
            score = total + left_owed(used)
            if score > best[0]:
                best = (score, picks)
    if best[0] < normal + MARGIN:
        return []
    return sorted((good[i] for i in best[1]), key=lambda s: -s.value)


def plan_key(s) -> tuple:
    return (tuple(s.action["attackers"]), tuple(s.action["targets"]))
