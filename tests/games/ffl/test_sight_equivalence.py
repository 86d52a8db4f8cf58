"""7.5 line of sight: every verdict equals the one recorded before the sight
code was made faster, except for the lines with an end inside a room.

The records below were produced by the earlier implementation of
``ffl.games.ffl.rules.sight`` (commit 07cfcf9) and are kept as one SHA-256
digest per case over the canonical JSON of every verdict (clear, rule,
deciding square or corner, reason text).  Any single changed verdict changes
the digest.  To see *which* verdict changed, record the old code's output
first with ``python tests/games/ffl/test_sight_equivalence.py OUT.json`` and
run the test with ``SIGHT_REFERENCE=OUT.json``: it then names the first
difference of each case.

Issue 15 (finding 1) added one rule to our reading of 7.5: an end inside a
room (a building's floor, a tower's floors below its top, the gate passage;
``rules/interiors.py``) sees out only through the room's doors, windows and
crenels, whichever room square the line crosses first.  ``EXPECTED`` is the
digest with that rule; ``BEFORE_ROOMS`` the recorded digest of the code
before it, which the same code still gives with ``sight.ROOM_WALLS`` off, so
the rule changed nothing else.  Rows that changed, all of them lines with an
end in a room: fort firers 32 verdicts (clear -> blocked by the room's walls)
and 514 entry-feature rows (the room's sides crossed where the line enters
it); fort characters 17 + 41 + 27 verdicts; random board firers 104
entry-feature rows; random board characters 2 verdicts (737 rows of 81336).

Cases:

* the fort, 12 seeded firer squares at each of their levels, to every
  (square, level) of the board, terrain only, plus 7.534 square visibility
  (``bulk``) and 7.721 entry features;
* the fort, every ordered pair among 95 characters at seeded random positions
  (floors, roofs, landings, parapets, tower levels), characters checked
  (7.533), for three seeds;
* a seeded random 20 x 14 board with random levels and random walls, doors,
  windows, crenels and gates on its sides, the same two kinds of queries.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
from pathlib import Path

import pytest

from ffl.engine.board import Side
from ffl.engine.grids import square_grid, square_label
from ffl.games.ffl.fort import build_fort
from ffl.games.ffl.rules import sight
from ffl.games.ffl.rules.sight import Sight
from ffl.games.ffl.terrain import Fort

BEFORE_ROOMS = {
    "fort firers": "2245fd6704a53924590adc97512591f314317839af2a3f0d3d3733df52ab60a7",  # 26112 rows
    "fort characters 1": "1153ac146660daede364e83256063f928bbf98b7e58f861a44228b2e3d0ecd07",  # 8930 rows
    "fort characters 2": "90ec40393e278edbee9ceace1ee1836ad4dd7517519f267caf4e6a9d3d7989f3",  # 8930 rows
    "fort characters 3": "1b345d365de78c8b0ddbf2a24df83be9f2f60a240a563ec73922a37702c1b17b",  # 8930 rows
    "random board firers": "1515cac92ad915a45fef0784adf66376c65c47d0b315649ede8f32a1de689105",  # 14154 rows
    "random board characters": "667cbaecd764fa8e219979a83638ec90d12376c4f4ea92efa132cb20a9a8782f",  # 14280 rows
}

EXPECTED = {
    "fort firers": "de933af0a7bbb4c35531dc53bc09a8b943a14db9d1655e784c7a85572087dd37",  # 26112 rows
    "fort characters 1": "4b12020790f927b071d482a3fc25d8666f3b5c36af2ef8c6caad3742564c8deb",  # 8930 rows
    "fort characters 2": "2855d1238e7c001926a4284700430fc596ad2124e39a05e35c0345682fcdfbe4",  # 8930 rows
    "fort characters 3": "4e4cf7be5073616369f0d6f909eccdc11d4497da7ffc1827a24e520695b131c2",  # 8930 rows
    "random board firers": "58c8aec270c50702807c9ba7ad155a478e0f592aefc863fc597613881e0d9796",  # 14154 rows
    "random board characters": "46020c814f3bcf4c51a89ff0bfa2e029085d0b5b0f1e0b11a88e5424e203b6a2",  # 14280 rows
}

LEVEL_KINDS = [(0,), (0,), (0,), (0,), (2,), (0, 1), (0, 1), (0, 1, 2, 3), (1,), (0, 2)]
FEATURES = ["thin-wall", "thick-wall", "crenel", "door", "window", "gate"]


def random_board(seed: int):
    """A board with random squares and side features (a stress test, not a fort)."""
    rng = random.Random(seed)
    cols, rows = 20, 14
    levels = {square_label(c, r): list(rng.choice(LEVEL_KINDS))
              for c in range(cols) for r in range(rows)}
    sides = []
    for c in range(cols):
        for r in range(rows):
            for c2, r2 in ((c + 1, r), (c, r + 1)):
                if c2 >= cols or r2 >= rows or rng.random() > 0.35:
                    continue
                feats = rng.sample(FEATURES, rng.choice((1, 1, 2)))
                per = {f: sorted(rng.sample(range(4), rng.randint(1, 3))) for f in feats
                       if rng.random() < 0.7}
                sides.append(Side(square_label(c, r), square_label(c2, r2),
                                  features=frozenset(feats), attrs={"levels": per}))

    def attrs(c, r):
        return {"levels": levels[square_label(c, r)], "terrain": "fort"}

    return square_grid(cols, rows, attrs=attrs, sides=sides)


def _row(fpos, tpos, v) -> list:
    deciding = list(v.deciding) if isinstance(v.deciding, tuple) else v.deciding
    return [list(fpos), list(tpos), v.clear, v.rule, deciding, v.reason]


def firers_to_all(board, seed: int) -> list:
    """12 seeded firer squares, each of their levels, to every position."""
    fort = Fort(board)
    s = Sight(board, fort)
    keys = board.keys()
    positions = [(k, lv) for k in keys for lv in fort.levels(k)]
    out = []
    for a in random.Random(seed).sample(keys, 12):
        for fl in fort.levels(a):
            for tpos in positions:
                out.append(_row((a, fl), tpos, s.verdict((a, fl), tpos)))
            for b in keys:
                tpos = (b, fort.top(b))
                out.append(_row((a, fl), tpos, s.terrain((a, fl), tpos, bulk=True)))
                out.append([a, b, fl, sorted(s.entry_features(a, b, fl))])
    return out


def characters_all_pairs(board, seed: int, n: int = 95) -> list:
    """Every ordered pair among ``n`` characters at seeded random positions."""
    fort = Fort(board)
    s = Sight(board, fort)
    positions = [(k, lv) for k in board.keys() for lv in fort.levels(k)]
    chars = random.Random(seed).sample(positions, n)
    occupied: dict[str, dict[int, str]] = {}
    for i, (k, lv) in enumerate(chars):
        occupied.setdefault(k, {})[lv] = f"c{i}"
    return [_row(a, b, s.verdict(a, b, occupied)) for a in chars for b in chars if a != b]


def cases() -> dict:
    fort = build_fort()
    rnd = random_board(5)
    out = {"fort firers": lambda: firers_to_all(fort, 11)}
    for seed in (1, 2, 3):
        out[f"fort characters {seed}"] = lambda seed=seed: characters_all_pairs(fort, seed)
    out["random board firers"] = lambda: firers_to_all(rnd, 12)
    out["random board characters"] = lambda: characters_all_pairs(rnd, 4, 120)
    return out


def digest(rows: list) -> str:
    text = json.dumps(rows, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


CASES = cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_7_5_sight_verdicts_before_the_room_rule_unchanged(name, monkeypatch):
    monkeypatch.setattr(sight, "ROOM_WALLS", False)
    assert digest(CASES[name]()) == BEFORE_ROOMS[name]


@pytest.mark.parametrize("name", sorted(CASES))
def test_7_5_sight_verdicts_unchanged(name):
    rows = CASES[name]()
    ref_path = os.environ.get("SIGHT_REFERENCE")
    if ref_path:
        ref = json.loads(Path(ref_path).read_text())[name]
        assert len(rows) == len(ref)
        for got, want in zip(rows, ref, strict=True):
            assert got == want
    assert digest(rows) == EXPECTED[name]


if __name__ == "__main__":
    recorded = {name: make() for name, make in CASES.items()}
    Path(sys.argv[1]).write_text(json.dumps(recorded))
    for name, rows in recorded.items():
        print(f"    {name!r}: {digest(rows)!r},  # {len(rows)} rows")
