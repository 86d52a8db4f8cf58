"""7.5 terrain line-of-sight verdicts of the fort shipped precomputed
(``resources/ffl-sight-verdicts.bin``, :mod:`ffl.games.ffl.rules.sight_verdicts`).

The shipped verdicts must be exactly what the code works out today (so they can
never drift from the rules); they are used only for the board they were made
for, and a missing or damaged file, another board or a fort changed in play
only cost speed: the verdicts are then worked out as before.
"""

from __future__ import annotations

import random

import pytest

from ffl.engine.board import Side
from ffl.games.ffl.fort import build_fort
from ffl.games.ffl.rules import sight_verdicts
from ffl.games.ffl.rules.overlay import StateFort
from ffl.games.ffl.rules.sight import Sight
from ffl.games.ffl.terrain import Fort


@pytest.fixture(scope="module")
def board():
    return build_fort()


@pytest.fixture
def fresh(monkeypatch):
    """The file read anew in this test, and read anew after it."""
    sight_verdicts.forget()
    yield
    sight_verdicts.forget()


def _firers(fort, positions) -> list[tuple[str, int]]:
    """Seeded firer positions, with a tower's every level, a gate (passage and
    parapet) and a stair landing."""
    picked = random.Random(75).sample(positions, 6)
    return picked + [p for p in positions if p[0] in ("D3", "P14", "I4")]


def test_7_5_shipped_verdicts_equal_the_worked_out_ones(board, fresh):
    """For seeded firers at every level of their squares, every target position:
    the shipped verdict, the square's visibility (7.534) and the verdict of an
    exposed firer (11.1, 7.52) equal those worked out."""
    fort = Fort(board)
    shipped, worked = Sight(board, fort), Sight(board, fort, shipped=False)
    assert shipped._shipped is not None and worked._shipped is None
    positions = sight_verdicts.positions(board, fort)
    firers = _firers(fort, positions)
    assert {lv for k, lv in firers if k == "D3"} == {0, 1, 2, 3}
    for fpos in firers:
        for tpos in positions:
            assert shipped.terrain(fpos, tpos) == worked.terrain(fpos, tpos), (fpos, tpos)
            assert shipped._visible(fpos, tpos) == \
                worked.terrain(fpos, tpos, bulk=True).clear, (fpos, tpos)
            assert shipped.verdict(fpos, tpos, exposed=True) == \
                worked.verdict(fpos, tpos, exposed=True), (fpos, tpos)


@pytest.mark.slow
def test_7_5_shipped_verdicts_are_what_the_code_works_out(board):
    """Byte for byte the file the generator writes now (every ordered pair of
    positions on the fort).
    If this fails, regenerate: python -m ffl.games.ffl.rules.sight_verdicts"""
    fort = Fort(board)
    data = sight_verdicts.path().read_bytes()
    assert data == sight_verdicts.encode(board, fort, Sight(board, fort, shipped=False))


def _damaged(data: bytes) -> list[bytes]:
    flipped = bytearray(data)
    flipped[len(data) // 2] ^= 0x40
    other_version = bytearray(data)
    other_version[8] += 1
    return [b"", b"FFL", data[:80], data[:-1], data + b"\0", bytes(flipped),
            bytes(other_version), b"X" + data[1:], bytes(len(data))]


def test_7_5_a_damaged_verdicts_file_is_refused_not_used(board):
    fort = Fort(board)
    data = sight_verdicts.path().read_bytes()
    assert sight_verdicts.decode(data, board, fort, tuple) is not None
    for bad in _damaged(data):
        assert sight_verdicts.decode(bad, board, fort, tuple) is None


def _overlay(s: Sight, board, fort) -> list:
    keys = board.keys()
    tops = {k: fort.top(k) for k in keys}
    occupied = {k: {tops[k]: f"c{i}"} for i, k in enumerate(keys[::9])}
    return [s.verdict((a, tops[a]), (k, tops[k]), occupied)
            for a in ("M3", "A1", "P16") for k in keys]


@pytest.mark.parametrize("content", [None, b"", b"FFLVERDS-not-really"])
def test_7_5_without_a_usable_file_the_verdicts_are_worked_out_the_same(
        board, tmp_path, monkeypatch, fresh, content):
    fort = Fort(board)
    with_file = _overlay(Sight(board, fort), board, fort)
    target = tmp_path / "verdicts.bin"
    if content is not None:
        target.write_bytes(content)
    monkeypatch.setattr(sight_verdicts, "path", lambda: target)
    sight_verdicts.forget()
    s = Sight(board, fort)
    assert s._shipped is None
    assert _overlay(s, board, fort) == with_file


def test_7_5_another_board_or_a_changed_fort_does_not_use_the_file(board, fresh):
    """A wall added where the fort has none (another board: its fingerprint
    differs) and a fort changed in play (a siege's breach, 15) are worked out:
    the shipped verdicts are only for the fort as printed."""
    walled = board.with_sides([Side("P8", "P9", features=frozenset({"thick-wall"}))])
    assert sight_verdicts.fingerprint(walled) != sight_verdicts.fingerprint(board)
    assert sight_verdicts.for_board(walled, Fort(walled), tuple) is None
    s = Sight(walled, Fort(walled))
    assert s._shipped is None
    assert not s.verdict(("P8", 0), ("P11", 0)).clear
    assert Sight(board, Fort(board)).verdict(("P8", 0), ("P11", 0)).clear
    breached = StateFort(board, breached=frozenset({("M4", "M5")}))
    assert Sight(board, breached)._shipped is None
