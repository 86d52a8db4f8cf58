"""Self-play tournaments between levels of the computer opponent (``ffl tournament``).

Each game seats the levels in turn: with two levels and two sides, the first
level takes the first side in the odd games and the second side in the even
ones, so neither level gets a side's advantage; with more seats than levels
the levels are dealt round the table, turning one seat each game.  Each game
is seeded (``seed``, ``seed + 1``, ...) and every decision goes through
:func:`ffl.opponents.decide` (the side's view and the legal actions only).
A game stopped by the self-play cap (FFL's turn limit) is scored by the game's
``adjudicate`` when its opponents module has one (on points).  The result
counts wins per level, the actions a second (rules and opponents together)
and the thinking time per action of each level.  No Qt here.
"""

from __future__ import annotations

import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from ffl.gc_tuning import collector_tuned

from . import ALL_LEVELS, decide, make_opponent

#: safety net: a game still running after this many actions is stopped (a draw)
MAX_ACTIONS = 20_000
ENDINGS = {"rule": "by the game's rules", "points": "on points at the self-play cap",
           "draw": "drawn"}


@dataclass
class TournamentResult:
    scenario: str
    levels: tuple[str, ...]
    games: int = 0
    wins: Counter = field(default_factory=Counter)
    draws: int = 0
    stopped: int = 0
    #: games stopped by the self-play cap and won on points (``adjudicate``)
    on_points: int = 0
    actions: int = 0
    seconds: float = 0.0
    #: processor seconds of the games (rules and opponents), summed over --jobs
    cpu_seconds: float = 0.0
    #: how each game ended: "rule" (the game's own end), "points" (the self-play
    #: cap, then adjudicated), "draw" (the cap, level on points, or a tie)
    endings: Counter = field(default_factory=Counter)
    think: dict = field(default_factory=lambda: defaultdict(float))
    decisions: Counter = field(default_factory=Counter)
    slowest: dict = field(default_factory=lambda: defaultdict(float))
    playouts: Counter = field(default_factory=Counter)
    playout_seconds: dict = field(default_factory=lambda: defaultdict(float))
    #: (level, side) -> wins, to see a side's advantage
    side_wins: Counter = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)

    def rate(self, level: str) -> float:
        return self.wins[level] / max(1, self.games)

    def lines(self) -> list[str]:
        out = [f"{self.scenario}: {self.games} games, levels {' vs '.join(self.levels)}"]
        for level in dict.fromkeys(self.levels):
            n = max(1, self.decisions[level])
            per = self.think[level] / n
            rate = (f", {self.playouts[level]} playouts at "
                    f"{self.playouts[level] / self.playout_seconds[level]:.0f} per "
                    f"processor-second"
                    if self.playouts[level] and self.playout_seconds[level] else "")
            sides = ", ".join(f"{s} {w}" for (lv, s), w in sorted(self.side_wins.items())
                              if lv == level)
            out.append(f"  {level:7s} wins {self.wins[level]:3d} ({100 * self.rate(level):5.1f}%)"
                       f"{f' [{sides}]' if sides else ''}; thinking {1000 * per:.1f} ms/action "
                       f"(slowest {1000 * self.slowest[level]:.0f} ms){rate}")
        out.append(f"  draws {self.draws}" + (f" (stopped at {MAX_ACTIONS} actions: "
                                              f"{self.stopped})" if self.stopped else "")
                   + (f"; {self.on_points} games reached the self-play cap and were "
                      f"won on points" if self.on_points else ""))
        if self.endings:
            out.append("  endings: " + ", ".join(f"{ENDINGS[k]} {n}" for k, n in
                                                 sorted(self.endings.items())))
        per_s = self.actions / self.seconds if self.seconds else 0.0
        per_cpu = (f" ({self.actions / self.cpu_seconds:.0f} per processor-second)"
                   if self.cpu_seconds else "")
        out.append(f"  {self.actions} actions in {self.seconds:.1f} s: {per_s:.0f} actions/s"
                   f"{per_cpu}, {self.actions / max(1, self.games):.0f} actions/game")
        out += [f"  error: {e}" for e in self.errors]
        return out


def adjudicator(game):
    """The game's ``adjudicate(controller, state) -> side | None`` for a game the
    self-play cap stopped (in the module that makes its opponents), or None."""
    if not getattr(game, "opponents", ""):
        return None
    import importlib

    module = importlib.import_module(game.opponents.partition(":")[0])
    return getattr(module, "adjudicate", None)


def seating(sides: tuple[str, ...], levels: tuple[str, ...], game: int) -> dict[str, str]:
    """``{side: level}`` for game number ``game`` (0-based): levels dealt round the
    table, turned one seat each game."""
    return {side: levels[(i + game) % len(levels)] for i, side in enumerate(sides)}


@collector_tuned()   # full collections held off during the games (ffl/gc_tuning.py)
def run(scenario_id: str, levels: tuple[str, ...], games: int, seed: int = 1,
        progress=None, first: int = 0, options: dict | None = None,
        echo: bool = False) -> TournamentResult:
    """Play games ``first`` .. ``first + games - 1`` (game ``g`` has seed ``seed + g``)
    with the game's self-play options (FFL's turn cap) and ``options`` over them;
    ``echo`` prints a line per game to stderr as it ends."""
    from ffl.catalog import new_session
    from ffl.games import game_of

    for level in levels:
        if level not in ALL_LEVELS:
            raise ValueError(f"unknown level {level!r} (choose {', '.join(ALL_LEVELS)})")
    game = game_of(scenario_id)
    options = {**game.selfplay_options, **(options or {})}
    result = TournamentResult(scenario_id, tuple(levels))
    judge = adjudicator(game)
    start, cpu = time.perf_counter(), time.process_time()
    for g in range(first, first + games):
        game_seed = seed + g
        try:
            session = new_session(scenario_id, seed=game_seed, options=options)
            controller = session.controller
            seats = seating(tuple(session.scenario.sides), tuple(levels), g)
            players = {side: make_opponent(game, controller, side, level, game_seed * 7 + i)
                       for i, (side, level) in enumerate(seats.items())}
            count = 0
            while (outcome := controller.outcome(session.state)) is None:
                if count >= MAX_ACTIONS:
                    break
                side = controller.prompt(session.state).side
                opponent = players.get(side) or next(iter(players.values()))
                before, spent = opponent.playouts, opponent.playout_seconds
                decision = decide(opponent, controller, session.state)
                session.do(decision.action)
                count += 1
                level = seats.get(side, opponent.level)
                result.think[level] += decision.seconds
                result.decisions[level] += 1
                result.playouts[level] += opponent.playouts - before
                result.playout_seconds[level] += opponent.playout_seconds - spent
                result.slowest[level] = max(result.slowest[level], decision.seconds)
            result.games += 1
            result.actions += count
            winner = outcome.winner if outcome is not None else None
            if outcome is None:
                result.stopped += 1
            how, ending = "by the rules", "rule"
            if winner is None and judge is not None:
                winner = judge(controller, session.state)     # on points at the cap
                result.on_points += winner is not None
                how, ending = "on points at the cap", "points"
            result.endings[ending if winner is not None else "draw"] += 1
            if winner in seats:
                result.wins[seats[winner]] += 1
                result.side_wins[(seats[winner], winner)] += 1
            else:
                result.draws += 1
            if echo:
                won = f"{seats[winner]} ({winner}) wins {how}" if winner in seats else "a draw"
                print(f"  game {g + 1} (seed {game_seed}): {won}, {count} actions",
                      file=sys.stderr, flush=True)
        except Exception as exc:  # noqa: BLE001 - counted with its seed, the run goes on
            result.errors.append(f"seed {game_seed}: {type(exc).__name__}: {exc}")
        if progress is not None:
            progress(g + 1 - first, result)
    result.seconds = time.perf_counter() - start
    result.cpu_seconds = time.process_time() - cpu
    return result


def merge(parts: list[TournamentResult]) -> TournamentResult:
    """One result of several run side by side (``--jobs``); ``seconds`` is the
    longest part's (wall time), so actions a second count all the processes."""
    out = TournamentResult(parts[0].scenario, parts[0].levels)
    for part in parts:
        out.games += part.games
        out.wins.update(part.wins)
        out.draws += part.draws
        out.stopped += part.stopped
        out.on_points += part.on_points
        out.actions += part.actions
        out.seconds = max(out.seconds, part.seconds)
        out.cpu_seconds += part.cpu_seconds
        out.endings.update(part.endings)
        for level, value in part.think.items():
            out.think[level] += value
        out.decisions.update(part.decisions)
        out.playouts.update(part.playouts)
        for level, value in part.playout_seconds.items():
            out.playout_seconds[level] += value
        out.side_wins.update(part.side_wins)
        for level, value in part.slowest.items():
            out.slowest[level] = max(out.slowest[level], value)
        out.errors += part.errors
    return out


def _part(job: tuple) -> TournamentResult:
    scenario_id, levels, games, seed, first, echo = job
    return run(scenario_id, levels, games, seed, first=first, echo=echo)


def run_jobs(scenario_id: str, levels: tuple[str, ...], games: int, seed: int = 1,
             jobs: int = 1, echo: bool = False) -> TournamentResult:
    """:func:`run` split over ``jobs`` processes (the same games and seeds)."""
    jobs = max(1, min(jobs, games))
    if jobs == 1:
        return run(scenario_id, levels, games, seed, echo=echo)
    from concurrent.futures import ProcessPoolExecutor

    share = [games // jobs + (1 if i < games % jobs else 0) for i in range(jobs)]
    starts = [sum(share[:i]) for i in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(_part, [(scenario_id, tuple(levels), n, seed, f, echo)
                                      for n, f in zip(share, starts, strict=True)]))
    return merge(parts)


def parser():
    import argparse

    p = argparse.ArgumentParser(
        prog="ffl tournament",
        description="Pit levels of the computer opponent against each other in seeded "
                    "self-play games and print win rates, actions a second and thinking "
                    "time per action.")
    p.add_argument("--scenario", required=True, help="scenario id, e.g. ffl/basic")
    p.add_argument("--levels", default="easy,hard",
                   help=f"comma-separated levels, one per seat in turn (of "
                        f"{', '.join(ALL_LEVELS)}; default easy,hard)")
    p.add_argument("--games", type=int, default=50, help="how many games (default 50)")
    p.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    p.add_argument("--jobs", type=int, default=1,
                   help="play the games in this many processes side by side (default 1)")
    p.add_argument("--verbose", action="store_true",
                   help="print each game's result to stderr as it ends")
    return p


def main(argv: list[str]) -> int:
    """``ffl tournament``: 0 when every game was played, 1 after errors, 2 for a
    bad argument."""
    import sys

    from ffl.games import game_of

    args = parser().parse_args(argv)
    levels = tuple(x.strip() for x in args.levels.split(",") if x.strip())
    try:
        game = game_of(args.scenario)
        bad = [lv for lv in levels if lv not in ALL_LEVELS]
        if bad or len(levels) < 2:
            raise ValueError(f"--levels takes two or more of {', '.join(ALL_LEVELS)}, "
                             f"not {args.levels!r}")
        if not getattr(game, "opponents", ""):
            raise ValueError(f"{game.title} has no computer opponent")
        if args.games < 1:
            raise ValueError("--games must be at least 1")
        from ffl.catalog import list_scenarios

        if args.scenario not in {s.id for s in list_scenarios()}:
            raise ValueError(f"there is no scenario {args.scenario!r} (see ffl list)")
    except (KeyError, ValueError) as exc:
        print(f"ffl: error: {exc.args[0] if isinstance(exc, KeyError) else exc}",
              file=sys.stderr)
        return 2
    result = run_jobs(args.scenario, levels, args.games, args.seed, args.jobs, args.verbose)
    for line in result.lines():
        print(line)
    return 1 if result.errors else 0
