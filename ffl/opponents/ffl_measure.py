"""Seeded matches between levels of the FFL program, with a measure of
"wandering" (units moved without getting anywhere).

:func:`match` plays games like :func:`ffl.opponents.tournament.run` (the seats
turned each game, every decision through :func:`ffl.opponents.decide`, a game
stopped at the turn cap scored on points by :func:`ffl.opponents.ffl.adjudicate`)
and also watches every unit that spends movement in a phase:

* a *moved unit-phase*: a unit that took at least one step (move, climb, jump)
  in an organization's movement phase, with a foe on the board;
* it *wandered* when it started no melee, ends the phase no nearer the
  nearest foe (steps by :func:`ffl.games.ffl.policy.distances`, counted from
  where the foes stood when it began) than it began, and went back on its
  way: it ends fewer squares (and levels) from where it began than the steps
  it took (E1 -> D2 -> E1: two steps, back where it was).  A unit walking
  round the walls to a rope grappled elsewhere, or to a post, goes somewhere
  and is not counted.

The figure is the share of moved unit-phases that wandered, per level.  The
scenarios' goals are all "the last survivors win" (9, 19.4, 20.4, 21.3, 22.3,
23.4): a unit that moves and comes no nearer a foe has spent its movement for
nothing toward it.  No Qt here.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from ffl.games.ffl.policy import distances

from . import decide, make_opponent
from .tournament import MAX_ACTIONS, seating

STEPS = ("move", "climb", "jump")


@dataclass
class MatchResult:
    scenario: str
    levels: tuple[str, ...]
    games: int = 0
    wins: Counter = field(default_factory=Counter)
    draws: int = 0
    moved: Counter = field(default_factory=Counter)        # level -> moved unit-phases
    wandered: Counter = field(default_factory=Counter)     # level -> of them, wandered
    actions: int = 0
    winners: list = field(default_factory=list)            # per game: level or None
    by_side: Counter = field(default_factory=Counter)      # (level, side, "moved"/"wandered")
    seats: list = field(default_factory=list)              # per game: side -> level
    #: per game: level -> the material balance of its side at the end (share of its
    #: characters standing minus the foes', :func:`ffl.opponents.ffl.material`)
    margins: list = field(default_factory=list)

    def pairs(self) -> Counter:
        """Games played in pairs (the same seed, the seats swapped: ``paired``):
        each pair won by the level whose balances over both games add up higher
        (the side's advantage cancels out); ``None`` counts level pairs."""
        out: Counter = Counter()
        for g in range(0, len(self.margins) - 1, 2):
            total: dict[str, float] = {}
            for game in self.margins[g:g + 2]:
                for level, m in game.items():
                    total[level] = total.get(level, 0.0) + m
            best = sorted(total.items(), key=lambda kv: -kv[1])
            won = best[0][0] if len(best) > 1 and best[0][1] > best[1][1] + 1e-9 else None
            out[won] += 1
        return out

    def wander_rate(self, level: str) -> float:
        return self.wandered[level] / max(1, self.moved[level])

    def lines(self) -> list[str]:
        out = [f"{self.scenario}: {self.games} games, {' vs '.join(self.levels)}, "
               f"{self.actions} actions"]
        for level in dict.fromkeys(self.levels):
            out.append(f"  {level:7s} wins {self.wins[level]:3d}; wandered "
                       f"{self.wandered[level]}/{self.moved[level]} moved unit-phases "
                       f"({100 * self.wander_rate(level):.1f}%)")
        for (level, side, what), n in sorted(self.by_side.items()):
            if what == "moved":
                out.append(f"    {level} as {side}: wandered "
                           f"{self.by_side[(level, side, 'wandered')]}/{n}")
        out.append(f"  draws {self.draws}")
        for g, (seats, won) in enumerate(zip(self.seats, self.winners, strict=True)):
            side = next((s for s, lv in seats.items() if lv == won), None)
            margin = ", ".join(f"{lv} {m:+.2f}" for lv, m in self.margins[g].items())
            out.append(f"  game {g + 1}: " + ", ".join(f"{s} {lv}" for s, lv in seats.items())
                       + f" -> {won or 'draw'}{f' ({side})' if side else ''}; {margin}")
        if len(self.margins) > 1:
            out.append("  pairs won: " + ", ".join(f"{lv or 'level'} {n}"
                                                   for lv, n in self.pairs().items()))
        return out


class WanderWatch:
    """Follows a game's movement phases and counts moved and wandering
    unit-phases per side."""

    def __init__(self, controller) -> None:
        self.controller = controller
        self.types = controller.module.piece_types
        self.start: dict[str, tuple] = {}     # pid -> (field, distance at its first step)
        self.melee: set[str] = set()
        self.phase_key = None
        self.moved: Counter = Counter()
        self.wandered: Counter = Counter()
        self.steps: Counter = Counter()
        self._field_key, self._field = None, {}

    def _foes(self, state, side):
        return [(p.space, p.level) for p in state.pieces.values()
                if p.on_board and p.side and p.side != side
                and self.types[p.type].kind == "character"]

    def before(self, state, action) -> None:
        key = (state.vars.get("turn"), state.vars.get("phase"), state.vars.get("chit"))
        if key != self.phase_key:
            self.close(state)
            self.phase_key = key
        if action.kind not in STEPS or key[1] != "movement":
            return
        pid = action.get("piece")
        piece = state.pieces.get(pid)
        if piece is None or piece.space is None:
            return
        to = (action.get("to"), action.get("level", 0))
        foes = self._foes(state, piece.side)
        if to in foes:
            self.melee.add(pid)
        if pid not in self.start and foes:
            fort = self.controller.fort(state)
            key = frozenset(foes)
            if key != self._field_key:
                self._field_key, self._field = key, distances(fort, foes)
            dist = self._field
            self.start[pid] = (dist, dist.get((piece.space, piece.level), math.inf),
                               piece.side, (piece.space, piece.level))
        if pid in self.start:
            self.steps[pid] += 1

    def close(self, state) -> None:
        """The phase is over: score its moved units where they stand now."""
        fort = None
        for pid, (dist, was, side, origin) in self.start.items():
            piece = state.pieces.get(pid)
            self.moved[side] += 1
            if pid in self.melee or piece is None or not piece.on_board:
                continue            # a melee, or gone (killed, off the board)
            now = dist.get((piece.space, piece.level), math.inf)
            if now < was:
                continue
            fort = fort or self.controller.fort(state)
            (c0, r0), (c1, r1) = fort.coords(origin[0]), fort.coords(piece.space)
            net = max(abs(c1 - c0), abs(r1 - r0)) + abs(piece.level - origin[1])
            if net < self.steps[pid]:
                self.wandered[side] += 1
        self.start, self.melee, self.steps = {}, set(), Counter()


def match(scenario_id: str, levels: tuple[str, str], games: int, seed: int = 1,
          options: dict | None = None, paired: bool = True) -> MatchResult:
    """Games ``0 .. games-1`` between two levels, seats turned each game, with the
    wandering of each level's units counted; ``paired``: games ``2k`` and
    ``2k + 1`` share the seed ``seed + k`` (the same dice offered to each seat
    in turn), else game ``g`` has seed ``seed + g``."""
    from ffl.catalog import new_session
    from ffl.games import game_of

    from .ffl import adjudicate, material

    game = game_of(scenario_id)
    opts = {**game.selfplay_options, **(options or {})}
    result = MatchResult(scenario_id, tuple(levels))
    for g in range(games):
        game_seed = seed + (g // 2 if paired else g)
        session = new_session(scenario_id, seed=game_seed, options=opts)
        ctrl = session.controller
        seats = seating(tuple(session.scenario.sides), tuple(levels), g)
        players = {side: make_opponent(game, ctrl, side, level, game_seed * 7 + i)
                   for i, (side, level) in enumerate(seats.items())}
        watch = WanderWatch(ctrl)
        count = 0
        while ctrl.outcome(session.state) is None and count < MAX_ACTIONS:
            side = ctrl.prompt(session.state).side
            player = players.get(side) or next(iter(players.values()))
            action = decide(player, ctrl, session.state).action
            watch.before(session.state, action)
            session.do(action)
            count += 1
        watch.close(session.state)
        outcome = ctrl.outcome(session.state)
        winner = outcome.winner if outcome is not None else None
        if winner is None:
            winner = adjudicate(ctrl, session.state)
        result.games += 1
        result.actions += count
        for side, level in seats.items():
            result.moved[level] += watch.moved[side]
            result.wandered[level] += watch.wandered[side]
            result.by_side[(level, side, "moved")] += watch.moved[side]
            result.by_side[(level, side, "wandered")] += watch.wandered[side]
        result.seats.append(dict(seats))
        result.margins.append({level: material(ctrl, session.state, side)
                               for side, level in seats.items()})
        if winner in seats:
            result.wins[seats[winner]] += 1
            result.winners.append(seats[winner])
        else:
            result.draws += 1
            result.winners.append(None)
    return result


def main(argv=None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenario")
    parser.add_argument("levels")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--turns", type=int, default=0)
    args = parser.parse_args(argv)
    options = {"turn_limit": args.turns} if args.turns else None
    result = match(args.scenario, tuple(args.levels.split(",")), args.games, args.seed,
                   options)
    print("\n".join(result.lines()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
