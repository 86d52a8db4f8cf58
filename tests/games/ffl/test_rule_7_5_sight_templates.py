"""7.5 line-of-sight walk templates shipped precomputed
(``resources/ffl-sight-templates.bin``, :mod:`ffl.games.ffl.rules.sight_templates`).

The shipped file must be exactly what the code computes today (so it can never
drift from the rules), and a missing or damaged file must only cost speed: the
templates are then walked as before, with the same verdicts.
"""

from __future__ import annotations

import pytest

from ffl.games.ffl.fort import build_fort
from ffl.games.ffl.rules import sight, sight_grid, sight_templates
from ffl.games.ffl.rules.sight_grid import SightGrid, crossed_inside, offset_template, on_line
from ffl.games.ffl.terrain import Fort


@pytest.fixture(scope="module")
def board():
    return build_fort()


def test_7_5_shipped_templates_are_what_the_code_computes(board):
    """Byte for byte the file the generator writes now, and every offset of the
    fort's grid decodes to the computed template (a corner flag a real bool) and
    its squares on the line.
    If this fails, regenerate: python -m ffl.games.ffl.rules.sight_templates"""
    grid = SightGrid(board, Fort(board))
    cols, rows = grid._cols, len(grid._grid) // grid._cols
    assert (cols, rows) == sight_templates.FORT_GRID
    data = sight_templates.path().read_bytes()
    assert data == sight_templates.encode(cols, rows, offset_template, on_line)
    shipped = sight_templates.decode(data)
    assert shipped is not None
    for dy in range(1 - rows, rows):
        for dx in range(1 - cols, cols):
            t = shipped.template(dx, dy)
            assert t == offset_template(cols, dx, dy), (dx, dy)
            assert all(type(item[0]) is bool for item in t[0]), (dx, dy)
            assert shipped.on_line(dx, dy) == on_line(t), (dx, dy)
    assert shipped.template(cols, 0) is None and shipped.template(0, -rows) is None
    assert shipped.on_line(cols, 0) is None and shipped.on_line(0, -rows) is None


def _damaged(data: bytes) -> list[bytes]:
    flipped = bytearray(data)
    flipped[len(data) // 2] ^= 0x40
    other_version = bytearray(data)
    other_version[8] += 1
    return [b"", b"FFL", data[:40], data[:-1], data + b"\0", bytes(flipped),
            bytes(other_version), b"X" + data[1:], bytes(len(data))]


def test_7_5_a_damaged_templates_file_is_refused_not_used():
    data = sight_templates.path().read_bytes()
    for bad in _damaged(data):
        assert sight_templates.decode(bad) is None


def _overlay(board, fort) -> list:
    """Three firers to every square, worked out (not the shipped verdicts), with
    characters on every seventh square (7.533 reads the squares on each line)."""
    keys = board.keys()
    tops = {k: fort.top(k) for k in keys}
    occupied = {k: {tops[k]: f"c{i}"} for i, k in enumerate(keys[::7])}
    s = sight.Sight(board, fort, shipped=False)
    return [s.verdict((a, tops[a]), (k, tops[k]), occupied)
            for a in ("M3", "A1", "P16") for k in keys]


@pytest.mark.parametrize("content", [None, b"", b"FFLSIGHT-not-really"])
def test_7_5_without_a_usable_file_the_templates_are_walked_with_the_same_verdicts(
        board, tmp_path, monkeypatch, content):
    """A missing, empty or foreign file: templates are computed as before, and the
    verdicts equal those made with the shipped file."""
    fort = Fort(board)
    monkeypatch.setattr(sight_grid, "_TEMPLATES", {})
    monkeypatch.setattr(sight_grid, "_ON", {})
    with_file = _overlay(board, fort)
    target = tmp_path / "templates.bin"
    if content is not None:
        target.write_bytes(content)
    monkeypatch.setattr(sight_templates, "path", lambda: target)
    monkeypatch.setattr(sight_templates, "_shipped", sight_templates._UNREAD)
    monkeypatch.setattr(sight_grid, "_TEMPLATES", {})
    monkeypatch.setattr(sight_grid, "_ON", {})
    assert sight_templates.template(32, 1, 1) is None
    assert sight_templates.on_line(32, 1, 1) is None
    assert _overlay(board, fort) == with_file


def test_7_533_a_square_on_the_line_is_crossed_inside_unless_a_corner_s_flank():
    """``crossed_inside`` tells the squares a line passes through from the two
    squares beside a corner it touches, as the template does, for every offset
    on the fort's grid (7.533 stops the line in such a square at once)."""
    cols, rows = sight_templates.FORT_GRID
    for dy in range(1 - rows, rows):
        for dx in range(1 - cols, cols):
            for corner, px, py, d0, d1, _w in offset_template(cols, dx, dy)[0]:
                if corner:           # the flanks: the two squares the corner is between
                    flanks = (((px - 2) // 2, py // 2), (px // 2, (py - 2) // 2)) \
                        if (px > 0) == (py > 0) else \
                        (((px - 2) // 2, (py - 2) // 2), (px // 2, py // 2))
                    assert {ey * cols + ex for ex, ey in flanks} == {d0, d1}
                    for ex, ey in flanks:
                        assert not crossed_inside(dx, dy, ex, ey), (dx, dy, ex, ey)
                else:
                    ex, ey = (px - 1) // 2, (py - 1) // 2
                    assert ey * cols + ex == d0
                    assert crossed_inside(dx, dy, ex, ey), (dx, dy, ex, ey)
