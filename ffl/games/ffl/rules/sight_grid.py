"""The geometry of lines of sight (7.5) on a square grid: which squares and
corners a line from one sighting dot to another passes, in order.

:class:`SightGrid` holds the board's squares as grid indices
(``row * columns + column``) and one walk template per offset ``(dx, dy)``
(shared by boards of the same width), built from the engine's exact walk
(:func:`ffl.engine.los.offset_template`); :class:`.sight.Sight` judges the
lines on it.
"""

from __future__ import annotations

from typing import NamedTuple

from ffl.engine import los
from ffl.engine.board import Board

from .. import tables
from . import sight_templates
from .arc import coords

_WHERE = ("CF", "MW", "CT")


class Crossing(NamedTuple):
    """One square or corner on a line, in order from the firer.

    ``point`` is in doubled grid units (square centres odd, corners even) so
    every comparison stays in integers.  ``squares`` are the squares whose
    level counts: the square itself, or the two squares flanking a corner.
    """

    kind: str                       # "square" or "corner"
    point: tuple[int, int]
    squares: tuple[str, ...]


class Walk(NamedTuple):
    """The line from square ``a`` to square ``b``: what lies between, and how
    the line leaves ``a`` and enters ``b`` (the neighbour squares across the
    side or corner it goes through)."""

    a: str
    b: str
    middle: tuple[Crossing, ...]
    exit_via: tuple[str, ...]       # a's orthogonal neighbours across the exit
    entry_via: tuple[str, ...]      # b's orthogonal neighbours across the entry


#: Walk templates by (grid columns, dx, dy), shared by every board of that width.
#: Each is ``(middle, exit_via, entry_via)``: ``middle`` holds one tuple
#: ``(is_corner, px, py, d0, d1, where)`` per crossing (point in doubled units
#: from the firer's square corner, cell deltas ``d1`` -1 for a square, ``where``
#: the 7.532 CF/MW/CT index), the others cell deltas.
_TEMPLATES: dict[tuple[int, int, int], tuple] = {}
#: The squares on each line (:func:`on_line`) by grid columns, then by the
#: offset's key in that grid's spread indices (:class:`SightGrid`): shared by
#: every board of that width.
_ON: dict[int, dict[int, tuple[int, ...]]] = {}

_UNASKED = object()


class SightGrid:
    """The squares of one board as grid indices, and the walks between them."""

    def __init__(self, board: Board, fort) -> None:
        self.board = board
        self.fort = fort
        #: whether the board is a grid of unit squares (:func:`ffl.engine.los.sight_table`
        #: tells, when first needed; :class:`.sight.Sight` knows it for the fort)
        self._fast: bool | None = None
        self._cells = {k: coords(board, k) for k in board.keys()}
        self._cols = max(c for c, _ in self._cells.values()) + 1
        rows = max(r for _, r in self._cells.values()) + 1
        self._grid: list = [None] * (self._cols * rows)
        self._idx: dict[str, int] = {}
        for k, (c, r) in self._cells.items():
            self._grid[r * self._cols + c] = k
            self._idx[k] = r * self._cols + c
        self._top = {k: fort.top(k) for k in board.keys()}
        self._tops = [self._top[k] if k is not None else 0 for k in self._grid]
        # Each grid index spread over rows twice as wide: the difference of two
        # spread indices names the offset between them (|dx| < columns), a key
        # for this grid's own dicts of the templates and squares on the line
        # already looked up (one subtraction instead of two divisions).
        wide = 2 * self._cols
        self._spread = [i + (i // self._cols) * (wide - self._cols)
                        for i in range(len(self._grid))]
        self._tmpl_at: dict[int, tuple] = {}
        self._on_at: dict[int, tuple[int, ...]] = _ON.setdefault(self._cols, {})
        #: the shipped templates file for this width (None: none), read when first needed
        self._shipped_templates = _UNASKED

    def walk(self, a: str, b: str) -> Walk:
        """The squares and corners between ``a`` and ``b`` (exact)."""
        ia, ib = self._idx[a], self._idx[b]
        mid, exit_via, entry_via = self._tmpl(ia, ib)
        grid, (ca, ra) = self._grid, self._cells[a]
        x0, y0 = 2 * ca, 2 * ra
        seq = []
        for corner, px, py, d0, d1, _w in mid:
            if corner:
                ks = tuple(k for d in (d0, d1) if (k := grid[ia + d]) is not None)
                seq.append(Crossing("corner", (x0 + px, y0 + py), ks))
            else:
                seq.append(Crossing("square", (x0 + px, y0 + py), (grid[ia + d0],)))
        return Walk(a, b, tuple(seq), self._keys(ia, exit_via), self._keys(ia, entry_via))

    def _keys(self, o: int, ds: tuple[int, ...]) -> tuple[str, ...]:
        grid = self._grid
        return tuple(k for d in ds if (k := grid[o + d]) is not None)

    def _tmpl(self, ia: int, ib: int) -> tuple:
        """The template of the offset between grid indices ``ia`` and ``ib``.

        Every cell of a walk lies in the rectangle spanned by its two end
        squares, so on a full grid no index falls off the board."""
        t = self._tmpl_at.get(self._spread[ib] - self._spread[ia])
        if t is None:
            if self._fast is None:
                self._fast = los.sight_table(self.board).fast
            if not self._fast:
                raise ValueError("line of sight needs a grid of unit squares")
            cols = self._cols
            ra, ca = divmod(ia, cols)
            rb, cb = divmod(ib, cols)
            t = _TEMPLATES.get((cols, cb - ca, rb - ra))
            if t is None:
                t = self._template(cb - ca, rb - ra)
            self._tmpl_at[self._spread[ib] - self._spread[ia]] = t
        return t

    def _template(self, dx: int, dy: int) -> tuple:
        """The walk for an offset, in cells relative to the firer's square:
        read once per offset and width from the shipped file
        (:mod:`.sight_templates`), else built (:func:`offset_template`)."""
        t = sight_templates.template(self._cols, dx, dy)
        if t is None:
            t = offset_template(self._cols, dx, dy)
        _TEMPLATES[(self._cols, dx, dy)] = t
        return t

    def _on(self, ia: int, ib: int) -> tuple[int, ...]:
        """The squares between grid indices ``ia`` and ``ib``, corners' flanks
        included, as cell deltas from ``ia`` (:func:`on_line`): read once per
        offset and width from the shipped file, else from the template."""
        key = self._spread[ib] - self._spread[ia]
        on = self._on_at.get(key)
        if on is None:
            shipped = self._shipped_templates
            if shipped is _UNASKED:
                shipped = self._shipped_templates = sight_templates.for_width(self._cols)
            on = None if shipped is None else shipped.on_line_at(key)
            if on is None:
                on = on_line(self._tmpl(ia, ib))
            self._on_at[key] = on
        return on

    def level_of(self, crossing: Crossing) -> int:
        """The elevation a crossing counts at: its square's top, or for a
        corner the lower of its two flanking squares (0 on the board edge)."""
        if crossing.kind == "square":
            return self._top[crossing.squares[0]] if crossing.squares else 0
        if len(crossing.squares) < 2:
            return 0
        return min(self._top[k] for k in crossing.squares)

    def _items(self, ia: int, ib: int) -> list:
        """The line from grid index ``ia`` to ``ib``, as items of :mod:`.interiors`."""
        grid = self._grid
        out: list = [("sq", grid[ia])]
        for corner, _px, _py, d0, d1, _w in self._tmpl(ia, ib)[0]:
            if corner:
                out.append(("corner", (grid[ia + d0], grid[ia + d1])))
            else:
                out.append(("sq", grid[ia + d0]))
        out.append(("sq", grid[ib]))
        return out



def _where_table(n: int) -> list[list[int]]:
    """7.532 the CF/MW/CT index for firing ranges ``df`` (firer to point) and
    ``dt`` (point to target), both in doubled units up to ``2 * n + 1``, as
    :func:`tables.los_position` gives it (grown on demand)."""
    global _WT
    if len(_WT) < 2 * n + 2:
        size = max(2 * n + 2, 64)
        _WT = [[_WHERE.index(tables.los_position(df, dt)) for dt in range(size)]
               for df in range(size)]
    return _WT


_WT: list[list[int]] = []


def offset_template(cols: int, dx: int, dy: int) -> tuple:
    """The sight template of offset ``(dx, dy)`` on a grid ``cols`` wide (see
    :data:`_TEMPLATES`), walked directly in integers.

    The same walk as the engine's exact one (:func:`ffl.engine.los.offset_template`;
    :func:`template_from_walk` derives it from there, and a test holds the two
    equal on whole boards): in the frame where ``dx, dy >= 0`` the line meets the
    vertical grid line ``x = k`` at the fraction ``(2k-1)/(2dx)`` and the
    horizontal line ``y = m`` at ``(2m-1)/(2dy)``; over the common denominator
    ``2 * dx * dy`` both are integers, and a tie is a corner."""
    sx = 1 if dx >= 0 else -1
    sy = 1 if dy >= 0 else -1
    ax, ay = dx * sx, dy * sy
    if not ax and not ay:
        return ((), (), ())
    wt = _where_table(ax if ax >= ay else ay)      # ranges up to 2 * max(ax, ay)
    tx, ty = 2 * dx + 1, 2 * dy + 1        # the target's centre, doubled units
    ux, uy = max(ay, 1), max(ax, 1)        # half the step between two crossings
    v = ux if ax else None                 # the next vertical grid line's crossing
    h = uy if ay else None                 # the next horizontal one's
    vend, hend = (2 * ax - 1) * ux, (2 * ay - 1) * uy
    mid: list[tuple] = []
    add = mid.append
    cx = cy = 0                            # the square the line is in (frame units)
    sc = sy * cols
    exit_via: tuple | None = None
    entry_via: tuple = ()
    while v is not None or h is not None:
        here = cy * sc + cx * sx           # its cell delta
        if exit_via is not None:           # a square between the two ends
            px, py = 2 * sx * cx + 1, 2 * sy * cy + 1
            a, b = abs(px - 1), abs(py - 1)
            c, d = abs(tx - px), abs(ty - py)
            add((False, px, py, here, -1, wt[a if a >= b else b][c if c >= d else d]))
        if v is not None and (h is None or v <= h):
            if v == h:                     # a corner: both grid lines at once
                d0, d1 = here + sx, here + sc
                px = 2 * (cx + 1) if sx > 0 else -2 * cx
                py = 2 * (cy + 1) if sy > 0 else -2 * cy
                a, b = abs(px - 1), abs(py - 1)
                c, d = abs(tx - px), abs(ty - py)
                add((True, px, py, d0, d1, wt[a if a >= b else b][c if c >= d else d]))
                if exit_via is None:
                    exit_via = (d0, d1)
                entry_via = (d0, d1)
                cx += 1
                cy += 1
                v = v + 2 * ux if v < vend else None
                h = h + 2 * uy if h < hend else None
                continue
            cx += 1                        # across a vertical side
            if exit_via is None:
                exit_via = (here + sx,)
            entry_via = (here,)
            v = v + 2 * ux if v < vend else None
        else:
            cy += 1                        # across a horizontal side
            if exit_via is None:
                exit_via = (here + sc,)
            entry_via = (here,)
            h = h + 2 * uy if h < hend else None
    return (tuple(mid), exit_via, entry_via)


def crossed_inside(dx: int, dy: int, ex: int, ey: int) -> bool:
    """Whether the line from the centre of a square to the centre of the square
    ``(dx, dy)`` away runs through the inside of the square ``(ex, ey)`` away
    (one of its squares on the line, :func:`on_line`), not only by a corner of it
    (a corner's flank).

    In doubled units the square's corners are ``(2ex +- 1, 2ey +- 1)``; the line
    passes through the inside when they do not all lie on one side of it or on
    it: when the cross product at its centre, ``2 (dx ey - dy ex)``, is smaller
    in size than the most the corners add or take, ``|dx| + |dy|``."""
    return 2 * abs(dx * ey - dy * ex) < abs(dx) + abs(dy)


def on_line(template: tuple) -> tuple[int, ...]:
    """Every square a template's line passes between its ends and both squares
    beside each corner it touches, each once, in order along the line (cell
    deltas): where a character would be in the way (7.51, 7.533)."""
    out: dict[int, None] = {}
    for corner, _px, _py, d0, d1, _w in template[0]:
        out[d0] = None
        if corner:
            out[d1] = None
    return tuple(out)


def template_from_walk(cols: int, dx: int, dy: int) -> tuple:
    """:func:`offset_template` derived from the engine's exact walk
    (:func:`ffl.engine.los.offset_template`) item by item: slower, kept as the
    reference the fast walk is tested against."""
    items = los.offset_template(dx, dy)
    last = len(items) - 1
    mid: list[tuple] = []
    exit_via: tuple = ()
    entry_via: tuple = ()
    tx, ty = 2 * dx + 1, 2 * dy + 1          # the target's centre, doubled units

    def deltas(cells) -> tuple[int, ...]:
        return tuple(r * cols + c for c, r in cells)

    def where(px: int, py: int) -> int:
        # 7.532 firing range firer->point against point->target
        df = max(abs(px - 1), abs(py - 1))
        dt = max(abs(tx - px), abs(ty - py))
        return _WHERE.index(tables.los_position(df, dt))

    for i, (kind, cells, _t0, _t1) in enumerate(items):
        if kind == los.SPACE:
            if 0 < i < last:
                c, r = cells[0]
                px, py = 2 * c + 1, 2 * r + 1
                mid.append((False, px, py, deltas(cells)[0], -1, where(px, py)))
            continue
        prev, nxt = items[i - 1][1][0], items[i + 1][1][0]
        across = tuple(c for c in cells if c not in (prev, nxt))
        if kind == los.CORNER:
            px, py = 2 * max(c for c, _ in cells), 2 * max(r for _, r in cells)
            d0, d1 = deltas(across)
            mid.append((True, px, py, d0, d1, where(px, py)))
        if i == 1:
            exit_via = deltas(across if kind == los.CORNER else (nxt,))
        if i == last - 1:
            entry_via = deltas(across if kind == los.CORNER else (prev,))
    return (tuple(mid), exit_via, entry_via)
