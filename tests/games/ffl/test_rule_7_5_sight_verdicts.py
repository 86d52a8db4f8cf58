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


def _layout(data: bytes) -> tuple[int, int, int, int]:
    """(n, where the palettes start, where the rows start, where the text starts)."""
    _magic, _version, _finger, n, npal, count, _crc = sight_verdicts._HEADER.unpack_from(data)
    meta_end = sight_verdicts._HEADER.size + 4 * ((n + 1) + n + (count + 1)
                                                  + -(-count // sight_verdicts.BLOCK))
    return n, meta_end, meta_end + 2 * npal, meta_end + 2 * npal + n * n


def test_7_5_a_damaged_verdicts_file_is_refused_not_used(board):
    """A cut, padded, foreign or other-version file, or damaged tables, is refused."""
    fort = Fort(board)
    data = sight_verdicts.path().read_bytes()
    assert sight_verdicts.decode(data, board, fort, tuple) is not None
    other_version = bytearray(data)
    other_version[8] += 1
    in_tables = bytearray(data)
    in_tables[sight_verdicts._HEADER.size + 7] ^= 0x40
    for bad in [b"", b"FFL", data[:80], data[:-1], data + b"\0", bytes(other_version),
                b"X" + data[1:], bytes(len(data)), bytes(in_tables)]:
        assert sight_verdicts.decode(bad, board, fort, tuple) is None


def test_7_5_a_damaged_row_or_line_is_worked_out(board, tmp_path, monkeypatch, fresh):
    """A byte changed in one firer's row, or in one verdict's line: that row or
    line fails its check when first read and is worked out instead (the same
    verdicts as without the file); the other rows are still read."""
    fort = Fort(board)
    data = sight_verdicts.path().read_bytes()
    n, _palettes, rows, text = _layout(data)
    positions = sight_verdicts.positions(board, fort)
    worked = Sight(board, fort, shipped=False)
    row = positions.index(("M3", 2))
    damaged = bytearray(data)
    damaged[rows + row * n + 5] ^= 0x01
    damaged[text + 3] ^= 0x01               # the first verdict's line
    target = tmp_path / "verdicts.bin"
    target.write_bytes(bytes(damaged))
    monkeypatch.setattr(sight_verdicts, "path", lambda: target)
    sight_verdicts.forget()
    s = Sight(board, fort)
    assert s._shipped is not None
    assert not s._shipped.check(row) and s._shipped.check(row + 1)
    assert s._shipped.load(0) is None
    for fpos in (("M3", 2), positions[0], positions[row + 1]):
        for tpos in positions:
            assert s.verdict(fpos, tpos) == worked.verdict(fpos, tpos), (fpos, tpos)
            assert s._visible(fpos, tpos) == worked.terrain(fpos, tpos, bulk=True).clear


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


def test_7_5_the_game_s_own_board_reads_the_shipped_verdicts(fresh):
    """The fort as the shipped module stores it (what a game plays on) has the
    fingerprint the file was made for, so play reads the file."""
    from ffl.catalog import load_module

    played = load_module("ffl").boards["fort"]
    assert Sight(played, Fort(played))._shipped is not None


def test_7_5_the_fingerprint_covers_the_squares_shapes(board):
    """The same fort drawn twice as large (every square a 2 x 2 square, the same
    cells, levels and walls) is no grid of unit squares: it has another
    fingerprint, so the file is not used there."""
    from shapely import affinity

    from ffl.engine import los
    from ffl.engine.board import Board, Space

    spaces = [Space(s.key, affinity.scale(s.polygon, 2, 2, origin=(0, 0)), s.kind,
                    dict(s.attrs), s.label) for s in board.spaces.values()]
    sides = [Side(s.a, s.b, features=s.features, attrs=dict(s.attrs))
             for s in board.sides.values() if s.features]
    large = Board(spaces, sides, board.links, name=board.name, attrs=board.attrs)
    assert not los.sight_table(large).fast
    assert sight_verdicts.fingerprint(large) != sight_verdicts.fingerprint(board)
    assert sight_verdicts.for_board(large, Fort(large), tuple) is None
