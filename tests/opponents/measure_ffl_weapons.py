"""Measure the FFL program's use of the machinegun and cannon (14): a few seeded
games with the optional rule ``heavy_weapons`` on, both sides played by the
program, every decision through :func:`ffl.opponents.decide` (the side's view
and the legal actions) and checked with ``controller.legal`` on the real state.

    nice -n 10 .venv/bin/python tests/opponents/measure_ffl_weapons.py [GAMES] [LEVEL]

Prints per game and in total: the weapon fire by mode, the shots and hits
they rolled, the errors (an exception or a refused choice), the processor time
and the slowest decision.  Not collected by pytest (a measurement, not a test).
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from ffl.catalog import new_session
from ffl.games import game_of
from ffl.opponents import decide, make_opponent

SCENARIO = "ffl/basic"
MAX_ACTIONS = 20_000


def play(seed: int, level: str) -> dict:
    game = game_of(SCENARIO)
    session = new_session(SCENARIO, seed=seed, options={**game.selfplay_options,
                                                        "heavy_weapons": True})
    c = session.controller
    players = {side: make_opponent(game, c, side, level, seed)
               for side in ("legion", "bedouin")}
    out: dict = {"fire": Counter(), "shots": 0, "hits": 0, "lost": 0, "errors": [], "slowest": 0.0,
                 "actions": 0, "placed": 0}
    start = time.process_time()
    mark = len(session.log.events)
    for _ in range(MAX_ACTIONS):
        if c.outcome(session.state) is not None:
            break
        side = c.prompt(session.state).side
        try:
            decision = decide(players[side], c, session.state)
            verdict = c.legal(session.state, decision.action)
            if not verdict:
                out["errors"].append(f"refused {decision.action}: {verdict.reason}")
                break
        except Exception as exc:        # noqa: BLE001 - counted as an error
            out["errors"].append(f"{type(exc).__name__}: {exc}")
            break
        out["slowest"] = max(out["slowest"], decision.seconds)
        out["actions"] += 1
        session.do(decision.action)
    weapon_rules = ("14.5", "14.61", "14.62")
    for e in session.log.events[mark:]:
        if e.kind == "weapon-fire":
            out["fire"][e.info.get("mode")] += 1
        elif e.kind == "place-weapon":
            out["placed"] += 1
        elif e.kind == "shot-lost":
            out["lost"] += 1        # 7.13 its target eliminated by an earlier shot
        elif e.kind in ("hit", "miss") and e.rule in weapon_rules:
            out["shots"] += 1
            out["hits"] += e.kind == "hit"
    outcome = c.outcome(session.state)
    out["outcome"] = outcome.text if outcome else "stopped"
    out["cpu"] = time.process_time() - start
    return out


def main(argv: list[str]) -> int:
    games = int(argv[0]) if argv else 3
    level = argv[1] if len(argv) > 1 else "normal"
    total: Counter = Counter()
    errors = 0
    for seed in range(1, games + 1):
        r = play(seed, level)
        errors += len(r["errors"])
        total.update(r["fire"])
        total.update(shots=r["shots"], hits=r["hits"], lost=r["lost"], cpu=r["cpu"], actions=r["actions"])
        print(f"seed {seed}: {dict(r['fire'])} weapon fire, {r['shots']} weapon shots rolled, "
              f"{r['hits']} hits, {r['lost']} lost (target already out), {r['placed']} weapons set up; {r['actions']} actions, "
              f"{r['cpu']:.0f} CPU-s, slowest decision {r['slowest']:.2f} s; "
              f"errors {len(r['errors'])} {r['errors'][:2]}; {r['outcome']}")
    print(f"total over {games} games at {level}: mg {total['mg']}, canister "
          f"{total['canister']}, shell {total['shell']} weapon fire; {total['shots']} shots "
          f"rolled, {total['hits']} hits, {total['lost']} lost; {errors} errors; {total['cpu']:.0f} CPU-s")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
