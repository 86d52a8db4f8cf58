"""Terrain line-of-sight verdicts (7.5) of the fort, shipped precomputed.

A terrain verdict (:meth:`.sight.Sight.terrain`: the board alone, no
characters) depends only on the board, so for the fort every one of them, from
each position ``(square, level)`` to each other, is worked out once and written
into ``resources/ffl-sight-verdicts.bin`` by this module
(``python -m ffl.games.ffl.rules.sight_verdicts``).  A new process then answers
the first overlay and the first all-pairs pass by looking verdicts up instead
of walking each line.  A test holds the shipped file equal to what the code
computes, so the two never drift.

The file is used only for a board whose sight-relevant content (squares, their
grid cells, levels, buildings and areas, the features of every side, and the
Line of Sight Chart) has the same fingerprint as the fort's it was made from,
read through a plain :class:`~ffl.games.ffl.terrain.Fort`; any other board,
a fort changed in play (siege, doors) or a missing, damaged or foreign file is
never an error: :func:`for_board` answers ``None`` and the verdicts are worked
out as before.

Format (little-endian): a header ``MAGIC, VERSION``, the fingerprint
(SHA-256, 32 bytes), the number of positions ``n``, of palette entries, of
distinct verdicts and of text blocks, then the CRC-32 of the rest.  Then, per
firing position (in board order, each square's levels lowest first), where its
palette starts (unsigned 32-bit, ``n + 1`` of them); the palettes (unsigned
16-bit): each entry a verdict number, with the top bit set when the target
square itself is seen from the firer (7.534, the ``bulk`` verdict is clear);
one byte per ordered pair of positions, the entry of the firer's palette; the
start of each text block (unsigned 32-bit, one more than blocks), and the
blocks, each the zlib-compressed lines of up to :data:`BLOCK` verdicts, one a
line: ``clear<TAB>rule<TAB>deciding<TAB>reason`` (deciding empty, ``s`` and a
square key, or ``c`` and a corner's ``x,y``).
"""

from __future__ import annotations

import hashlib
import struct
import sys
import weakref
import zlib
from array import array
from collections.abc import Callable
from pathlib import Path

from .. import tables
from . import sight_templates

MAGIC = b"FFLVERDS"
VERSION = 1
_HEADER = struct.Struct("<8sH32sIIIII")
#: verdicts per compressed text block (a block is decoded when first needed)
BLOCK = 64
#: the bit of a palette entry telling that the target square is seen (7.534)
SEEN = 0x8000


def path() -> Path:
    """Where the shipped verdicts live: beside the shipped templates
    (:func:`.sight_templates.path`)."""
    return sight_templates.path().with_name("ffl-sight-verdicts.bin")


def positions(board, fort) -> list[tuple[str, int]]:
    """Every position of the board in the file's order: squares in board order,
    each square's levels lowest first."""
    levels = fort.levels
    return [(k, lv) for k in board.keys() for lv in levels(k)]


def fingerprint(board) -> bytes:
    """SHA-256 over everything a terrain verdict reads from the board (read
    through a plain Fort): each square's key, grid cell, sighting dot, levels,
    building and area; each side's features and the levels they stand at; and
    the Line of Sight Chart (7.531)."""
    squares = [(k, a.get("col"), a.get("row"), a.get("dot"), a.get("levels"),
                a.get("building"), a.get("area"))
               for k, a in ((k, s.attrs) for k, s in board.spaces.items())]
    sides = [(s.a, s.b, sorted(s.features), s.attrs.get("levels"))
             for s in board.sides.values() if s.features]
    text = repr((board.attrs.get("grid"), squares, sides, tables.LOS_CHART))
    return hashlib.sha256(text.encode()).digest()


def _deciding(d) -> str:
    if d is None:
        return ""
    if isinstance(d, str):
        return "s" + d
    return f"c{float(d[0])!r},{float(d[1])!r}"


def _line(v) -> str:
    fields = (str(int(v.clear)), v.rule, _deciding(v.deciding), v.reason)
    if any("\t" in f or "\n" in f for f in fields):
        raise ValueError(f"a verdict that cannot be written: {v!r}")
    return "\t".join(fields)


def encode(board, fort, sight) -> bytes:
    """The file's bytes for ``board``: ``sight`` (a :class:`.sight.Sight` of
    ``board`` and ``fort`` that works every verdict out) gives each one."""
    pos = positions(board, fort)
    n = len(pos)
    number: dict = {}
    lines: list[str] = []
    starts, palette, cells = array("I"), array("H"), bytearray()
    for fpos in pos:
        starts.append(len(palette))
        entry: dict[int, int] = {}
        for tpos in pos:
            v = sight.terrain(fpos, tpos)
            key = (v.clear, v.rule, v.deciding, v.reason)
            if key not in number:
                number[key] = len(number)
                lines.append(_line(v))
            code = number[key] | (SEEN if sight.terrain(fpos, tpos, bulk=True).clear else 0)
            if code not in entry:
                entry[code] = len(entry)
                palette.append(code)
            cells.append(entry[code])          # ValueError past 255 entries in a row
    starts.append(len(palette))
    if len(number) >= SEEN:
        raise ValueError("too many distinct verdicts for the file")
    blocks = [zlib.compress("\n".join(lines[i:i + BLOCK]).encode(), 9)
              for i in range(0, len(lines), BLOCK)]
    offsets = array("I", [0])
    for b in blocks:
        offsets.append(offsets[-1] + len(b))
    numbers = (starts, palette, offsets)
    if sys.byteorder != "little":
        for arr in numbers:
            arr.byteswap()
    body = b"".join((starts.tobytes(), palette.tobytes(), bytes(cells), offsets.tobytes(),
                     *blocks))
    return _HEADER.pack(MAGIC, VERSION, fingerprint(board), n, len(palette), len(number),
                        len(blocks), zlib.crc32(body)) + body


class Shipped:
    """The verdicts of one file for one board, each made when first asked for.

    ``index`` maps a position to its number; ``code(i, j)`` is the palette entry
    of firer ``i`` and target ``j``; :meth:`verdict` turns its low bits into the
    verdict (``make(clear, rule, deciding, reason)``)."""

    def __init__(self, index: dict, n: int, starts: array, palette: array, cells: bytes,
                 count: int, offsets: array, text: bytes, make: Callable) -> None:
        self.index, self.n = index, n
        self.starts, self.palette, self.cells = starts, palette, cells
        self.verdicts: list = [None] * count
        self._offsets, self._text, self._make = offsets, text, make
        self._blocks: dict[int, list[str]] = {}

    def code(self, i: int, j: int) -> int:
        return self.palette[self.starts[i] + self.cells[i * self.n + j]]

    def verdict(self, i: int, j: int):
        c = self.code(i, j) & ~SEEN
        v = self.verdicts[c]
        return v if v is not None else self.load(c)

    def seen(self, i: int, j: int) -> bool:
        """7.534 whether firer ``i`` sees target ``j``'s square (the bulk verdict)."""
        return bool(self.code(i, j) & SEEN)

    def load(self, c: int):
        """Verdict number ``c``, made from its line (its block decoded if not yet)."""
        b = c // BLOCK
        lines = self._blocks.get(b)
        if lines is None:
            o = self._offsets
            lines = self._blocks[b] = zlib.decompress(
                self._text[o[b]:o[b + 1]]).decode().split("\n")
        clear, rule, d, reason = lines[c - b * BLOCK].split("\t")
        if not d:
            deciding = None
        elif d[0] == "s":
            deciding = d[1:]
        else:
            x, y = d[1:].split(",")
            deciding = (float(x), float(y))
        v = self.verdicts[c] = self._make(clear == "1", rule, deciding, reason)
        return v


def decode(data: bytes, board, fort, make: Callable) -> Shipped | None:
    """The verdicts in ``data`` for ``board`` (read through ``fort``), or None
    when it is not a whole, intact file of this version made for this board."""
    try:
        magic, version, finger, n, npal, count, nblocks, crc = _HEADER.unpack_from(data)
        body = memoryview(data)[_HEADER.size:]
        fixed = 4 * (n + 1) + 2 * npal + n * n + 4 * (nblocks + 1)
        if (magic != MAGIC or version != VERSION or len(body) < fixed
                or zlib.crc32(body) != crc or finger != fingerprint(board)
                or nblocks != -(-count // BLOCK)):
            return None
        pos = positions(board, fort)
        if len(pos) != n:
            return None
        starts, palette, offsets = array("I"), array("H"), array("I")
        at = 0
        starts.frombytes(body[at:at + 4 * (n + 1)])
        at += 4 * (n + 1)
        palette.frombytes(body[at:at + 2 * npal])
        at += 2 * npal
        cells = bytes(body[at:at + n * n])
        at += n * n
        offsets.frombytes(body[at:at + 4 * (nblocks + 1)])
        at += 4 * (nblocks + 1)
        if sys.byteorder != "little":
            for arr in (starts, palette, offsets):
                arr.byteswap()
        text = bytes(body[at:])
        if (starts[0] != 0 or starts[-1] != npal or offsets[0] != 0
                or offsets[-1] != len(text)):
            return None
        return Shipped({p: i for i, p in enumerate(pos)}, n, starts, palette, cells, count,
                       offsets, text, make)
    except (struct.error, ValueError, TypeError, OverflowError):
        return None


_UNREAD = object()
_data: object = _UNREAD
_BOARDS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def for_board(board, fort, make: Callable) -> Shipped | None:
    """The shipped verdicts for ``board`` read through the plain ``fort``, or None
    (another board, or no usable file); the file is read at the first call, and
    checked against each board once."""
    global _data
    found = _BOARDS.get(board, _UNREAD)
    if found is not _UNREAD:
        return found  # type: ignore[return-value]
    if _data is _UNREAD:
        try:
            _data = path().read_bytes()
        except (OSError, MemoryError):
            _data = None
    found = None if _data is None else decode(_data, board, fort, make)  # type: ignore[arg-type]
    _BOARDS[board] = found
    return found


def forget() -> None:
    """Read the file again at the next call (for tests and benches)."""
    global _data
    _data = _UNREAD
    _BOARDS.clear()


def write(target: Path | None = None) -> Path:
    """Write the fort's verdicts as the code works them out now (the generator)."""
    from ..fort import build_fort
    from ..terrain import Fort
    from .sight import Sight

    board = build_fort()
    fort = Fort(board)
    target = target or path()
    target.write_bytes(encode(board, fort, Sight(board, fort, shipped=False)))
    return target


if __name__ == "__main__":
    print(write())
