"""Counters on the set-up sheet, drawn by the very code that draws them on the map.

Each counter is the item the map shows (the game's own counter class, else
the generic :class:`~ffl.ui.counters.CounterItem` with the module's counter
layout for its kind, in the module's side colours) painted onto the page with
:func:`~ffl.ui.counters.paint_counter`, so the sheet, the player and the editor
draw the same counter.  The sheet shows every piece the scenario puts on the
map as it stands there (its facing arrow, its level), captioned with its name
and space; for a module of no registered game (free play, e.g. one made in
the editor) also each piece type that starts off the map, with how many.
Games with rules list their units on their own sheets (French Foreign
Legion's Character Unit Sheet).
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter

from ffl.engine import Piece
from ffl.games import manifest
from ffl.ui.counters import CounterItem, counter_layouts, paint_counter
from ffl.ui.style import style_for

from .page import Doc
from .source import PrintSource

#: one counter's cell: width, picture box (facing arrow included), caption lines
CELL = 68.0
PICTURE = 46.0
CAPTION = 6.8
MAX_LINES = 2       # of a counter's name, and of where it is


def section(doc: Doc, source: PrintSource, sides: dict[str, str]) -> None:
    """The counters of the scenario's set-up (nothing if it places none)."""
    module, scenario = source.module, source.scenario
    board = source.game_board
    game = manifest(module.game)
    on_map = [pl for pl in scenario.placements if pl.space and pl.status == "active"]
    off: Counter = Counter()
    if game is None:
        off.update(pl.type for pl in scenario.placements if not (pl.space and
                                                                  pl.status == "active"))
    if not on_map and not off:
        return
    style = style_for(module.game, tuple(scenario.sides), module.attrs)
    cls = (game.counter_class() if game is not None else None) or CounterItem
    layouts = counter_layouts(module.attrs)

    def item(piece: Piece) -> CounterItem:
        made = cls(piece, module.piece_types.get(piece.type), style)
        made.set_board(board)
        made.set_layouts(layouts)
        return made

    def name(type_id: str) -> str:
        ptype = module.piece_types.get(type_id)
        return ptype.name if ptype else type_id

    if on_map:
        # counters alike on one space are drawn once with their number (Limits of
        # Glory's 16 Ottoman infantry in Acre: one counter, "16 × Ottoman infantry")
        alike: dict[tuple, list] = {}
        for pl in on_map:
            key = (pl.type, pl.side, pl.space, pl.level, pl.facing, repr(sorted(pl.data.items())))
            alike.setdefault(key, []).append(pl)
        cells = []
        for group in alike.values():
            pl, n = group[0], len(group)
            label = board[pl.space].label if pl.space in board else pl.space
            where = f"{label}" + (f" level {pl.level}" if pl.level else "")
            title = f"{n} × {name(pl.type)}" if n > 1 else name(pl.type)
            cells.append((item(Piece(pl.piece, pl.type, pl.side, pl.space, pl.level, pl.facing,
                                     pl.status, data=dict(pl.data))), title, where))
        doc.heading("The counters on the map, as they start", size=11.5, keep=70)
        gallery(doc, cells)
    if off:
        cells = []
        for type_id, n in off.items():
            ptype = module.piece_types.get(type_id)
            side = ptype.side if ptype else ""
            caption = f"{n} × {sides.get(side, side.capitalize())}" if side else f"{n} ×"
            cells.append((item(Piece(f"{type_id}-sheet", type_id, side)), name(type_id),
                          caption))
        doc.heading("The counters off the map at the start", size=11.5, keep=70)
        gallery(doc, cells)


def gallery(doc: Doc, cells: list[tuple[CounterItem, str, str]]) -> None:
    """Rows of counters, each with its name and where it is under it, each
    wrapped onto at most two lines (a long space name such as Phantom Fury's
    "M1A1 Abrams (10.2)" box is read whole, not cut short)."""
    font = doc.font(CAPTION)
    bold = doc.font(CAPTION, bold=True)
    line = doc.metrics(font).lineSpacing()
    per_row = max(1, int(doc.frame_width // CELL))

    def lines(text: str, f) -> list[str]:
        out = doc.wrap(text, f, CELL - 4)
        if len(out) > MAX_LINES:
            rest = " ".join(out[MAX_LINES - 1:])
            out = [*out[:MAX_LINES - 1], doc.metrics(f).elidedText(
                rest, Qt.TextElideMode.ElideRight, CELL - 4)]
        return out

    for start in range(0, len(cells), per_row):
        row = [(counter, lines(title, bold), lines(caption, font))
               for counter, title, caption in cells[start:start + per_row]]
        depth = max(len(t) + len(c) for _, t, c in row)
        height = PICTURE + depth * line + 8

        def draw(p: QPainter, rect: QRectF, row=row) -> None:
            for i, (counter, title, caption) in enumerate(row):
                x = rect.x() + i * CELL
                paint_counter(p, QRectF(x + (CELL - PICTURE) / 2, rect.y(), PICTURE, PICTURE),
                              counter)
                p.setPen(QColor("black"))
                texts = [(t, bold) for t in title] + [(t, font) for t in caption]
                for n, (text, f) in enumerate(texts):
                    p.setFont(f)
                    p.drawText(QRectF(x, rect.y() + PICTURE + 2 + n * line, CELL, line),
                               Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, text)

        doc.block(height, draw)
    doc.y += 6
