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

The file is mapped into memory, not read: a new process touches only the
rows of the firers it asks about.  Each firer's row is checked (CRC-32) when
first read, each block of verdict lines when first decoded; a damaged row or
block is worked out instead.  A verdict read from the file is made with only
whether it is clear (its line's first field); the rest of its line is split
out at the first look at its rule, deciding square or reason (issue 12: a
first all-pairs pass makes hundreds of blocked verdicts and mostly asks each
only whether it is clear).

Format (little-endian): a header ``MAGIC, VERSION``, the fingerprint
(SHA-256, 32 bytes), the number of positions ``n``, of palette entries and of
distinct verdicts, and the CRC-32 of the four tables that follow: per firing
position (in board order, each square's levels lowest first) where its palette
starts (unsigned 32-bit, ``n + 1`` of them) and the CRC-32 of its palette and
its row of bytes (``n``); where each verdict's line starts in the text
(unsigned 32-bit, one more than verdicts) and the CRC-32 of each block of
:data:`BLOCK` lines.  Then the palettes (unsigned 16-bit): each entry a verdict
number, with the top bit set when the target square itself is seen from the
firer (7.534, the ``bulk`` verdict is clear); one byte per ordered pair of
positions, the entry of the firer's palette; and the verdicts' lines (UTF-8),
``clear<TAB>rule<TAB>deciding<TAB>reason`` (deciding empty, ``s`` and a square
key, or ``c`` and a corner's ``x,y``).
"""

from __future__ import annotations

import hashlib
import marshal
import mmap
import struct
import sys
import weakref
import zlib
from array import array
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import shapely

from .. import tables
from . import sight_templates

MAGIC = b"FFLVERDS"
VERSION = 2
_HEADER = struct.Struct("<8sH32sIIII")
#: verdict lines per checked block of text (a block is checked when first read)
BLOCK = 64
#: the bit of a palette entry telling that the target square is seen (7.534)
SEEN = 0x8000


@dataclass(frozen=True)
class SightVerdict:
    """Whether a line of sight is clear, the rule that decided, and where.

    ``deciding`` is the square key that blocked (or, for a corner, the corner
    as board coordinates ``(x, y)``), or None when nothing on the way decided.
    (:mod:`.sight` gives them; defined here, beside the file that holds them.)
    """

    clear: bool
    rule: str
    deciding: str | tuple[float, float] | None
    reason: str

    def __bool__(self) -> bool:
        return self.clear

    def __getattr__(self, name: str):
        """Only for a verdict read from the shipped file (:meth:`Shipped.load`)
        whose line has not been split yet: its rule, deciding square and reason,
        split out of the line at the first look at any of them (kept)."""
        src = self.__dict__.get("_src") if name in _LAZY else None
        if src is None:
            raise AttributeError(name)
        shipped, c = src
        self.__dict__.update(shipped.fields(c))
        return self.__dict__[name]

    def __reduce__(self):
        # copied or pickled as a plain verdict, never with the file it was read from
        return (SightVerdict, (self.clear, self.rule, self.deciding, self.reason))


#: the fields a verdict read from the file has split out of its line when first asked
_LAZY = frozenset(("rule", "deciding", "reason"))


def made(clear: bool, rule: str, deciding, reason: str) -> SightVerdict:
    """A :class:`SightVerdict` read from the shipped file, made without the
    frozen dataclass's guarded assignments (a first overlay makes hundreds)."""
    v = _new(SightVerdict)
    d = v.__dict__
    d["clear"], d["rule"], d["deciding"], d["reason"] = clear, rule, deciding, reason
    return v


_new = object.__new__


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
    building and area, and its shape's bounds and area (so a match is a grid of
    unit squares, :func:`ffl.engine.los.sight_table`'s fast case); each side's
    features and the levels they stand at; and the Line of Sight Chart (7.531).
    Serialised with :mod:`marshal` in its version 0, which writes values only
    (no references, no interning), so equal content gives equal bytes; content
    it cannot write matches no file."""
    spaces = board.spaces.values()
    squares = [(s.key, a.get("col"), a.get("row"), a.get("dot"), a.get("levels"),
                a.get("building"), a.get("area"))
               for s, a in ((s, s.attrs) for s in spaces)]
    polygons = [s.polygon for s in spaces]
    shapes = (shapely.bounds(polygons).tobytes(), shapely.area(polygons).tobytes())
    sides = [(s.a, s.b, sorted(s.features), s.attrs.get("levels"))
             for s in board.sides.values() if s.features]
    try:
        data = marshal.dumps((board.attrs.get("grid"), squares, shapes, sides,
                              tables.LOS_CHART), 0)
    except ValueError:
        return b""
    return hashlib.sha256(data).digest()


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
    lines: list[bytes] = []
    starts, row_crc, palette, cells = array("I"), array("I"), array("H"), bytearray()
    for fpos in pos:
        starts.append(len(palette))
        entry: dict[int, int] = {}
        row = bytearray()
        for tpos in pos:
            v = sight.terrain(fpos, tpos)
            key = (v.clear, v.rule, v.deciding, v.reason)
            if key not in number:
                number[key] = len(number)
                lines.append(_line(v).encode())
            code = number[key] | (SEEN if sight.terrain(fpos, tpos, bulk=True).clear else 0)
            if code not in entry:
                entry[code] = len(entry)
                palette.append(code)
            row.append(entry[code])            # ValueError past 255 entries in a row
        row_crc.append(zlib.crc32(row, zlib.crc32(_le(palette[starts[-1]:]))))
        cells += row
    starts.append(len(palette))
    if len(number) >= SEEN:
        raise ValueError("too many distinct verdicts for the file")
    text_at = array("I", [0])
    for line in lines:
        text_at.append(text_at[-1] + len(line))
    text = b"".join(lines)
    block_crc = array("I", [zlib.crc32(text[text_at[b]:text_at[min(b + BLOCK, len(lines))]])
                            for b in range(0, len(lines), BLOCK)])
    meta = b"".join(_le(arr) for arr in (starts, row_crc, text_at, block_crc))
    return (_HEADER.pack(MAGIC, VERSION, fingerprint(board), n, len(palette), len(number),
                         zlib.crc32(meta))
            + meta + _le(palette) + bytes(cells) + text)


def _le(arr: array) -> bytes:
    """An array's bytes, little-endian."""
    if sys.byteorder != "little":
        arr = array(arr.typecode, arr)
        arr.byteswap()
    return arr.tobytes()


def _array(typecode: str, data) -> array:
    """An array read from little-endian bytes."""
    arr = array(typecode)
    arr.frombytes(data)
    if sys.byteorder != "little":
        arr.byteswap()
    return arr


class Shipped:
    """The verdicts of one file for one board, each made when first asked for.

    ``index`` maps a position to its number; ``palette[starts[i] + cells[i * n
    + j]]`` is the palette entry of firer ``i`` and target ``j`` once row ``i``
    has passed its check (``ok[i] == 1``, else :meth:`check`); ``verdicts``
    holds the verdicts made so far by number, :meth:`load` makes one
    (``make(clear, rule, deciding, reason)``)."""

    def __init__(self, index: dict, n: int, starts: array, row_crc: array, palette,
                 cells, text_at: array, block_crc: array, text, make: Callable) -> None:
        self.index, self.n = index, n
        self.starts, self.palette, self.cells = starts, palette, cells
        self.verdicts: list = [None] * (len(text_at) - 1)
        #: per row: 0 not checked yet, 1 intact, 2 damaged (worked out instead)
        self.ok = bytearray(n)
        self._row_crc, self._text_at, self._block_crc = row_crc, text_at, block_crc
        self._text, self._make = text, make
        self._block_ok = bytearray(len(block_crc))

    def check(self, i: int) -> bool:
        """Whether row ``i`` is intact (checked the first time)."""
        if not self.ok[i]:
            s0, s1 = self.starts[i], self.starts[i + 1]
            n = self.n
            crc = zlib.crc32(self.cells[i * n:(i + 1) * n],
                             zlib.crc32(self.palette[s0:s1].cast("B")
                                        if isinstance(self.palette, memoryview)
                                        else _le(self.palette[s0:s1])))
            self.ok[i] = 1 if crc == self._row_crc[i] and s0 <= s1 else 2
        return self.ok[i] == 1

    def code(self, i: int, j: int) -> int | None:
        """The palette entry of firer ``i`` and target ``j`` (None: row damaged)."""
        if self.ok[i] != 1 and not self.check(i):
            return None
        return self.palette[self.starts[i] + self.cells[i * self.n + j]]

    def verdict(self, i: int, j: int):
        """The terrain verdict of firer ``i`` and target ``j`` (None: damaged)."""
        c = self.code(i, j)
        if c is None:
            return None
        c &= ~SEEN
        v = self.verdicts[c]
        return v if v is not None else self.load(c)

    def seen(self, i: int, j: int) -> bool | None:
        """7.534 whether firer ``i`` sees target ``j``'s square (the bulk
        verdict is clear; None: row damaged)."""
        c = self.code(i, j)
        return None if c is None else bool(c & SEEN)

    def load(self, c: int):
        """Verdict number ``c``, made from its line (with ``made``: only whether it
        is clear, the rest split out when first looked at); None if its block is
        damaged."""
        b = c // BLOCK
        if self._block_ok[b] != 1:
            at = self._text_at
            lo, hi = at[b * BLOCK], at[min((b + 1) * BLOCK, len(at) - 1)]
            intact = lo <= hi and zlib.crc32(self._text[lo:hi]) == self._block_crc[b]
            self._block_ok[b] = 1 if intact else 2
            if not intact:
                return None
        if self._make is made:
            # its line split when first looked at: only whether it is clear now
            at = self._text_at[c]
            first = self._text[at] if at + 2 <= self._text_at[c + 1] else None
            if first not in _CLEAR or self._text[at + 1] != 9:     # "0\t" or "1\t"
                return None         # a line this version does not write
            v = _new(SightVerdict)
            d = v.__dict__
            d["clear"], d["_src"] = first == 49, (self, c)
        else:
            try:
                clear, *fields = self.fields(c).values()
            except ValueError:      # a line this version does not write
                return None
            v = self._make(clear, *fields)
        self.verdicts[c] = v
        return v

    def fields(self, c: int) -> dict:
        """Verdict number ``c``'s fields as its line gives them (ValueError: a
        line this version does not write)."""
        line = str(self._text[self._text_at[c]:self._text_at[c + 1]], "utf-8")
        clear, rule, d, reason = line.split("\t")
        if not d:
            deciding = None
        elif d[0] == "s":
            deciding = d[1:]
        else:
            x, y = d[1:].split(",")
            deciding = (float(x), float(y))
        return {"clear": clear == "1", "rule": rule, "deciding": deciding, "reason": reason}


def decode(data, board, fort, make: Callable) -> Shipped | None:
    """The verdicts in ``data`` (bytes or a memory map) for ``board`` (read
    through ``fort``), or None when it is not a whole file of this version made
    for this board with intact tables (the rows and lines are checked when
    first read)."""
    try:
        magic, version, finger, n, npal, count, crc = _HEADER.unpack_from(data)
        if magic != MAGIC or version != VERSION:
            return None
        view = memoryview(data)
        nblocks = -(-count // BLOCK)
        at = _HEADER.size
        meta_end = at + 4 * ((n + 1) + n + (count + 1) + nblocks)
        cells_at = meta_end + 2 * npal
        text_at_ = cells_at + n * n
        if len(view) < text_at_ or zlib.crc32(view[at:meta_end]) != crc:
            return None
        tables_ = []
        for size in (n + 1, n, count + 1, nblocks):
            tables_.append(_array("I", view[at:at + 4 * size]))
            at += 4 * size
        starts, row_crc, text_at, block_crc = tables_
        if (len(view) != text_at_ + text_at[-1] or starts[0] != 0 or starts[-1] != npal
                or text_at[0] != 0 or finger != fingerprint(board)):
            return None
        pos = positions(board, fort)
        if len(pos) != n:
            return None
        if sys.byteorder == "little":
            palette = view[meta_end:cells_at].cast("H")
        else:
            palette = _array("H", view[meta_end:cells_at])
        return Shipped({p: i for i, p in enumerate(pos)}, n, starts, row_crc, palette,
                       view[cells_at:text_at_], text_at, block_crc, view[text_at_:], make)
    except (struct.error, ValueError, TypeError, OverflowError):
        return None


#: the first byte of a line: "0" or "1"
_CLEAR = (48, 49)
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
        _data = _read(path())
    found = None if _data is None else decode(_data, board, fort, make)  # type: ignore[arg-type]
    _BOARDS[board] = found
    return found


def _read(where: Path):
    """The file mapped into memory (read whole where it cannot be), or None."""
    try:
        with open(where, "rb") as f:
            try:
                return mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
            except (OSError, ValueError):      # empty, or no mapping here
                return f.read()
    except (OSError, MemoryError):
        return None


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
