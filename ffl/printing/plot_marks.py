"""A side's secret plot pencilled on its own reduced gameboard (24): FFL 21.11
the Legion's hidden positions, each unit as its mark ("R3": first letter of the
name, organization number or letters) with an arrow for its facing; 15.21 the
Bedouin's tunnels, each square as its tunnel's number ("T1"), struck out once
the tunnel collapsed (15.22), the rolls listed in the note under the map.

The plot comes from the game (``controller.secret_plot(state, side)``, asked
of the side's own view); a sheet printed for another side, or for nobody,
gets none.  This module only draws what it is given.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF

from .source import PrintSource

#: the printed plot's ink (a pencil's dark grey would not copy well)
INK = QColor("#1a1a1a")
#: room kept under the map for the note that says whose plot it is (points)
NOTE_HEIGHT = 24.0


def plot_for(source: PrintSource) -> list[dict]:
    """The plot the game shows ``source.side`` (empty without a game, a side or a
    game that plots nothing)."""
    if source.state is None or not source.side:
        return []
    from ffl.games import manifest

    game = manifest(source.module.game)
    if game is None:
        return []
    controller = game.controller_class()(source.module)
    query = getattr(controller, "secret_plot", None)
    return list(query(source.state, source.side)) if callable(query) else []


def by_square(plot: list[dict]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for mark in sorted(plot, key=lambda m: (-int(m.get("level") or 0), m["mark"])):
        out.setdefault(mark["space"], []).append(mark)
    return out


def label(mark: dict, levels: tuple[int, ...]) -> str:
    """"R3", with its level in brackets where the square has more than one (a
    mark with no level, a tunnel's "T1", never)."""
    if mark.get("level") is None and "level" in mark:
        return mark["mark"]
    level = int(mark.get("level") or 0)
    return mark["mark"] + (f"({level})" if len(levels) > 1 else "")


def arrow(p: QPainter, centre: QPointF, facing: int | None, length: float) -> None:
    """A small arrow from ``centre`` the way the unit faces (0 north, clockwise)."""
    if facing is None:
        return
    angle = math.radians(45 * (facing % 8))
    dx, dy = math.sin(angle), -math.cos(angle)
    tail = QPointF(centre.x() - dx * length / 2, centre.y() - dy * length / 2)
    tip = QPointF(centre.x() + dx * length / 2, centre.y() + dy * length / 2)
    p.drawLine(tail, tip)
    head = length * 0.4
    left = QPointF(tip.x() - head * (dx * 0.8 - dy * 0.5), tip.y() - head * (dy * 0.8 + dx * 0.5))
    right = QPointF(tip.x() - head * (dx * 0.8 + dy * 0.5), tip.y() - head * (dy * 0.8 - dx * 0.5))
    p.setBrush(INK)
    p.drawPolygon(QPolygonF([tip, left, right]))


def draw(p: QPainter, mapper, plot: list[dict], levels_of) -> None:
    """Each plotted unit in its square, stacked when several share one: white
    box, bold mark, facing arrow.  ``mapper`` is the gameboard's MapPainter
    (its ``pt``, ``s``, ``board``, ``doc``), the painter already at its origin."""
    s = mapper.s
    font = mapper.doc.font(max(4.0, min(7.0, s * 0.22)), bold=True)
    fm = mapper.doc.metrics(font)
    p.setFont(font)
    for key, marks in by_square(plot).items():
        if key not in mapper.board.spaces:
            continue
        cx, cy = mapper.board[key].centre
        centre = mapper.pt(cx, cy)
        row = fm.height() + 1.0
        # under the square's own label when the stack fits there, else centred
        _, miny, _, maxy = mapper.board[key].polygon.bounds
        placed = mapper.layout.labels.get(key)
        below_label = (placed.rect.bottom() if placed is not None else mapper.pt(0, miny).y()
                       + mapper.doc.metrics(mapper.label_font()).height()) + 0.8
        top = centre.y() - row * len(marks) / 2
        if below_label + row * len(marks) <= mapper.pt(0, maxy).y():
            top = max(top, below_label)
        for n, mark in enumerate(marks):
            text = label(mark, levels_of(key))
            width = fm.horizontalAdvance(text)
            size = row * 0.85
            total = width + size + 1.5
            x0 = centre.x() - total / 2
            y0 = top + n * row
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(255, 255, 255, 235))
            p.drawRect(QRectF(x0 - 0.8, y0 - 0.3, total + 1.6, row - 0.4))
            p.setPen(QPen(INK, max(0.4, s * 0.02)))
            p.drawText(QPointF(x0, y0 + fm.ascent()), text)
            if mark.get("collapsed"):          # 15.22 a tunnel that fell in: struck out
                mid = y0 + fm.ascent() - fm.xHeight() / 2
                p.drawLine(QPointF(x0 - 0.5, mid), QPointF(x0 + width + 0.5, mid))
            arrow(p, QPointF(x0 + width + 1.0 + size / 2, y0 + row / 2 - 0.4),
                  mark.get("facing"), size)


def note(side_name: str, plot: list[dict] = ()) -> str:
    """Whose sheet it is and how to read its marks (the positions of 21.11, the
    tunnels of 15.21 with their collapse rolls, 15.22)."""
    units = [m for m in plot if "tunnel" not in m]
    tunnels: dict[int, dict] = {}
    for m in plot:
        if "tunnel" in m:
            tunnels.setdefault(m["tunnel"], m)
    bits = []
    if units or not plot:
        bits.append("the positions plotted in secret (21.11), each unit as the first letter "
                    "of its name and its organization (R3: Pvt. Romanov, 3rd Squad), the "
                    "arrow its facing, (n) its level where a square has more than one")
    if tunnels:
        rolls = "; ".join(
            f"T{n}, {m['length']} squares: " + (
                "not rolled yet" if m.get("roll") is None else
                f"rolled {m['roll']}, {'collapsed' if m.get('collapsed') else 'holds'}")
            for n, m in sorted(tunnels.items()))
        bits.append("the tunnels plotted in secret (15.21), each square marked with its "
                    f"tunnel's number, struck out where it collapsed (15.22): {rolls}")
    return (f"Printed for the {side_name} player: {' and '.join(bits)}. Keep this sheet "
            "out of the other player's sight.")
