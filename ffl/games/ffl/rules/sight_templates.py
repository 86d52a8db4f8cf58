"""Line-of-sight walk templates (7.5) shipped precomputed.

The first overlay in a new process needs one template per offset from the
firer (:func:`.sight_grid.offset_template`, ~500 for one firer on the fort);
walking them costs about half of that overlay.  They depend only on the grid's
width and the offset, so the fort's are written once into
``resources/ffl-sight-templates.bin`` by this module
(``python -m ffl.games.ffl.rules.sight_templates``) and read lazily: the file is
opened at the first template asked for, and a template is decoded only when
its offset is first needed.  A test holds the shipped file equal to what
:func:`.sight_grid.offset_template` computes, so the two never drift.

A missing, damaged or foreign file is never an error: :func:`template` answers
``None`` and the caller walks the template itself.

Format (little-endian): a header ``MAGIC, VERSION, cols, rows`` and the
lengths of the six arrays that follow, then the CRC-32 of the rest; the
crossings that occur (signed 16-bit, column by column: whether a corner
(1 or 0), the point's two coordinates, the two cell deltas and the 7.532
position; 3,728 distinct crossings among the 43,920 of the fort's templates); the
index (unsigned 32-bit), per offset ``(dx, dy)`` in the order ``dy`` then
``dx``, both from ``-(n - 1)`` to ``n - 1``, where its crossings start, where
its exit cells start and where its entry cells start, then the two ends; the
crossings of every template as numbers in that list (unsigned 16-bit); the
exit and entry cells (signed 16-bit); then, per offset in the same order, where
its squares on the line start (unsigned 32-bit, one more than offsets) and
those squares (signed 16-bit cell deltas: every square between the two ends and
both squares beside each corner, each once, in order along the line;
:func:`.sight_grid.on_line`), what a check for characters in the way reads.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from pathlib import Path

from ffl.shipped import resource

MAGIC = b"FFLSIGHT"
VERSION = 2
_HEADER = struct.Struct("<8sHHHIIIIIII")
#: the fort's grid (:func:`ffl.games.ffl.fort.build_fort`), what the file holds
FORT_GRID = (32, 16)


def path() -> Path:
    """Where the shipped templates live: ``resources/`` (:func:`ffl.shipped.resource`:
    beside the ``ffl`` package in a checkout or the desktop bundle, an installed
    wheel's data folder; not resolving links, which costs more than reading the
    file on a slow file system)."""
    return resource("ffl-sight-templates.bin")


class Shipped:
    """The templates of one file, each built when first asked for."""

    def __init__(self, cols: int, rows: int, columns: list, index: array,
                 ids: array, cells: array, on_index: array, on: array) -> None:
        self.cols, self.rows = cols, rows
        self._width = 2 * cols - 1
        #: the crossings' six columns; each crossing made when first needed
        self._columns = columns
        self._crossings: list = [None] * len(columns[0])
        self._index, self._ids, self._cells = index, ids, cells
        self._on_index, self._on = on_index, on

    def on_line(self, dx: int, dy: int) -> tuple[int, ...] | None:
        """The squares on the line of offset ``(dx, dy)`` as cell deltas
        (:func:`.sight_grid.on_line`), or None outside the file's grid."""
        cols, rows = self.cols, self.rows
        if not (-cols < dx < cols and -rows < dy < rows):
            return None
        i = (dy + rows - 1) * self._width + dx + cols - 1
        o0, o1 = self._on_index[i], self._on_index[i + 1]
        return tuple(self._on[o0:o1]) if o0 <= o1 else None

    def on_line_at(self, key: int) -> tuple[int, ...] | None:
        """:meth:`on_line` of the offset whose key is ``key = dy * 2 * cols + dx``
        (``|dx| < cols``: the key of :class:`.sight_grid.SightGrid`'s spread
        indices), or None outside the file's grid."""
        cols, rows = self.cols, self.rows
        dy, x = divmod(key + cols - 1, 2 * cols)       # x = dx + cols - 1
        if not -rows < dy < rows:
            return None
        i = (dy + rows - 1) * self._width + x
        o0, o1 = self._on_index[i], self._on_index[i + 1]
        return tuple(self._on[o0:o1]) if o0 <= o1 else None

    def template(self, dx: int, dy: int) -> tuple | None:
        """The template of offset ``(dx, dy)``, or None outside the file's grid."""
        cols, rows = self.cols, self.rows
        if not (-cols < dx < cols and -rows < dy < rows):
            return None
        i = 3 * ((dy + rows - 1) * self._width + dx + cols - 1)
        m0, c0, c1, m1, c2 = self._index[i:i + 5]
        if not (m0 <= m1 and c0 <= c1 <= c2 and c2 - c0 <= 4):
            return None                 # not a template: walk it instead
        cells = self._cells
        ids = self._ids[m0:m1]
        crossings = self._crossings
        try:
            mid = tuple(map(crossings.__getitem__, ids))
            if None in mid:             # the crossings not made yet: made now
                c0_, c1_, c2_, c3_, c4_, c5_ = self._columns
                for k in ids:
                    if crossings[k] is None:
                        crossings[k] = (bool(c0_[k]), c1_[k], c2_[k], c3_[k], c4_[k], c5_[k])
                mid = tuple(map(crossings.__getitem__, ids))
        except IndexError:              # a crossing the file does not hold
            return None
        return (mid, tuple(cells[c0:c1]), tuple(cells[c1:c2]))


def encode(cols: int, rows: int, compute, on_line) -> bytes:
    """The file's bytes for a grid ``cols`` x ``rows``; ``compute(cols, dx, dy)``
    gives each template (:func:`.sight_grid.offset_template`), ``on_line(template)``
    its squares on the line (:func:`.sight_grid.on_line`)."""
    number: dict[tuple, int] = {}
    columns: list[tuple[int, ...]] = []
    index, ids, cells = array("I"), array("H"), array("h")
    on_index, on = array("I"), array("h")
    for dy in range(-rows + 1, rows):
        for dx in range(-cols + 1, cols):
            template = compute(cols, dx, dy)
            mid, exit_via, entry_via = template
            on_index.append(len(on))
            on.extend(on_line(template))
            index.extend((len(ids), len(cells)))
            for item in mid:
                if item not in number:
                    number[item] = len(number)
                    columns.append(tuple(int(v) for v in item))
                ids.append(number[item])
            cells.extend(exit_via)
            index.append(len(cells))
            cells.extend(entry_via)
    index.extend((len(ids), len(cells)))
    on_index.append(len(on))
    table = array("h", [v for column in zip(*columns, strict=True) for v in column])
    arrays = (table, index, ids, cells, on_index, on)
    if sys.byteorder != "little":
        for arr in arrays:
            arr.byteswap()
    body = b"".join(arr.tobytes() for arr in arrays)
    return _HEADER.pack(MAGIC, VERSION, cols, rows, *map(len, arrays),
                        zlib.crc32(body)) + body


def decode(data: bytes) -> Shipped | None:
    """The templates in ``data``, or None when it is not a whole, intact file of
    this version (wrong magic, version, sizes or checksum)."""
    try:
        magic, version, cols, rows, *sizes, crc = _HEADER.unpack_from(data)
        body = memoryview(data)[_HEADER.size:]
        offsets = (2 * cols - 1) * (2 * rows - 1)
        if (magic != MAGIC or version != VERSION or cols < 1 or rows < 1
                or sizes[1] != 3 * offsets + 2 or sizes[4] != offsets + 1
                or len(body) != sum(n * w for n, w in zip(sizes, (2, 4, 2, 2, 4, 2),
                                                          strict=True))
                or zlib.crc32(body) != crc):
            return None
        arrays = (array("h"), array("I"), array("H"), array("h"), array("I"), array("h"))
        at = 0
        for arr, n in zip(arrays, sizes, strict=True):
            arr.frombytes(body[at:at + n * arr.itemsize])
            at += n * arr.itemsize
            if sys.byteorder != "little":
                arr.byteswap()
        table, index, ids, cells, on_index, on = arrays
        n = len(table) // 6
        if (len(table) % 6 or index[0] != 0 or index[1] != 0
                or index[-2] != len(ids) or index[-1] != len(cells)
                or on_index[0] != 0 or on_index[-1] != len(on)):
            return None
        columns = [table[k * n:(k + 1) * n] for k in range(6)]
        return Shipped(cols, rows, columns, index, ids, cells, on_index, on)
    except (struct.error, ValueError, TypeError, OverflowError):
        return None


_UNREAD = object()
_shipped: object = _UNREAD


def shipped() -> Shipped | None:
    """The shipped file, read at the first call (None when missing or damaged)."""
    global _shipped
    if _shipped is _UNREAD:
        try:
            _shipped = decode(path().read_bytes())
        except (OSError, MemoryError):
            _shipped = None
    return _shipped  # type: ignore[return-value]


def template(cols: int, dx: int, dy: int) -> tuple | None:
    """The shipped template of offset ``(dx, dy)`` on a grid ``cols`` wide, or
    None (another width, outside the file, or no usable file)."""
    s = shipped()
    if s is None or s.cols != cols:
        return None
    return s.template(dx, dy)


def for_width(cols: int) -> Shipped | None:
    """The shipped file when it is for a grid ``cols`` wide, else None."""
    s = shipped()
    return s if s is not None and s.cols == cols else None


def on_line(cols: int, dx: int, dy: int) -> tuple[int, ...] | None:
    """The shipped squares on the line of offset ``(dx, dy)`` on a grid ``cols``
    wide, or None (another width, outside the file, or no usable file)."""
    s = shipped()
    if s is None or s.cols != cols:
        return None
    return s.on_line(dx, dy)


def write(target: Path | None = None) -> Path:
    """Write the fort's templates as computed now (the generator)."""
    from .sight_grid import offset_template, on_line

    target = target or path()
    target.write_bytes(encode(*FORT_GRID, offset_template, on_line))
    return target


if __name__ == "__main__":
    print(write())
