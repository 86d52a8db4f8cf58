"""FFL line-of-sight benchmark (7.5): verdicts over the whole fort.

Run from the repository root (a script, never collected by pytest)::

    /work/venv/bin/python tests/bench/bench_ffl_sight.py

Measures, as medians:

* one firer to every square of the fort (at each square's top level);
* every ordered pair among 95 characters spread over the board, characters
  checked (7.533);

each "first ever" (no walk template computed yet), "new game" (a fresh
:class:`Sight`, the walk templates shared by boards of the same width already
built) and "warm" (verdict caches filled);

beside a naive baseline measured in the same run: for each line a shapely
LineString tested against every square polygon, and the highest square
crossed taken as the answer (a small part of what the rules need).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import shapely
from shapely.geometry import LineString

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchlib import median_ms  # noqa: E402

from ffl.engine import los  # noqa: E402
from ffl.games.ffl.fort import build_fort  # noqa: E402
from ffl.games.ffl.rules import sight_grid  # noqa: E402
from ffl.games.ffl.rules.sight import Sight  # noqa: E402
from ffl.games.ffl.terrain import Fort  # noqa: E402


def main() -> None:
    board = build_fort()
    fort = Fort(board)
    keys = board.keys()
    tops = {k: fort.top(k) for k in keys}
    rng = random.Random(7)
    squares = rng.sample(keys, 95)
    chars = [(k, tops[k]) for k in squares]
    occupied = {k: {lv: f"c{i}"} for i, (k, lv) in enumerate(chars)}
    pairs = [(a, b) for a in chars for b in chars if a != b]
    polys = np.array([board[k].polygon for k in keys], dtype=object)
    top_arr = np.array([tops[k] for k in keys])
    state = {}

    def first_ever():
        los._TABLES.pop(board, None)
        sight_grid._TEMPLATES.clear()
        state["s"] = Sight(board, fort)

    def new_game():
        state["s"] = Sight(board, fort)

    def one_to_all():
        s = state["s"]
        for k in keys:
            s.verdict(("M3", 2), (k, tops[k]))

    def all_pairs():
        s = state["s"]
        for a, b in pairs:
            s.verdict(a, b, occupied)

    def naive(lines):
        for a, b in lines:
            line = LineString([board[a[0]].centre, board[b[0]].centre])
            hit = shapely.intersects(line, polys)
            int(top_arr[hit].max())

    one_lines = [(("M3", 2), (k, tops[k])) for k in keys]
    n = len(keys)
    rows = [
        (f"one firer -> every square ({n}), first ever", median_ms(one_to_all, 5, first_ever)),
        (f"one firer -> every square ({n}), new game", median_ms(one_to_all, 5, new_game)),
        (f"one firer -> every square ({n}), warm", median_ms(one_to_all, 5)),
        ("  naive shapely baseline", median_ms(lambda: naive(one_lines), 3)),
    ]
    first_ever()
    m = len(pairs)
    rows += [
        (f"all pairs among 95 characters ({m}), first ever", median_ms(all_pairs, 3, first_ever)),
        (f"all pairs among 95 characters ({m}), new game", median_ms(all_pairs, 3, new_game)),
        (f"all pairs among 95 characters ({m}), warm", median_ms(all_pairs, 5)),
        ("  naive shapely baseline", median_ms(lambda: naive(pairs), 1)),
    ]
    width = max(len(r[0]) for r in rows)
    for name, ms in rows:
        print(f"{name:<{width}}  {ms:9.1f} ms")


if __name__ == "__main__":
    main()
