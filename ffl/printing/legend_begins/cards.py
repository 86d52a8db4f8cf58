"""The Legend Begins Organization Cards (6.0) and the map in three sections.

The cards list every formation HQ of each side with its boxes (6.3) and the units on
its display in the scenario's set-up, or in the game printed; the map sections print
the board's western, central and eastern thirds, each on its own page through the
shared reduced gameboard.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen, QPolygonF

from ffl.engine import Board

from ..page import Column, Doc
from ..source import PrintSource

SECTIONS = [("West: the Gulf of Sirte to Cyrene", 1, 27),
            ("Centre: Cyrene to Sidi Barrani", 26, 53),
            ("East: Sidi Barrani to Alexandria", 52, 78)]


def _pieces(source: PrintSource) -> dict[str, dict]:
    """piece id -> {type, side, space, status, hq} from the game or the set-up."""
    if source.state is not None:
        return {pid: {"type": p.type, "side": p.side, "space": p.space, "status": p.status,
                      "hq": p.data.get("hq")} for pid, p in source.state.pieces.items()}
    return {pl.piece: {"type": pl.type, "side": pl.side, "space": pl.space,
                       "status": pl.status, "hq": pl.data.get("hq")}
            for pl in source.scenario.placements}


def layout(doc: Doc, source: PrintSource, **_options) -> None:
    types = source.module.piece_types
    pieces = _pieces(source)
    for side in source.scenario.sides:
        doc.heading(f"{side.capitalize()} Organization Card (6.0)", size=11, keep=80)
        hqs = [pid for pid, p in sorted(pieces.items())
               if p["side"] == side and types[p["type"]].get("boxes")]
        for hq in hqs:
            t = types[pieces[hq]["type"]]
            where = pieces[hq]["space"] or {"off": "not in play", "cadre": "Cadre Box"}.get(
                pieces[hq]["status"], pieces[hq]["status"])
            doc.heading(f"{t.name} ({t.get('label')}) — {where}", size=8.5, keep=50)
            on = [pid for pid, p in pieces.items() if p["hq"] == hq]
            rows = []
            for box in t.get("boxes"):
                held = [types[pieces[u]["type"]].get("label") for u in on
                        if types[pieces[u]["type"]].get("utype") in box["types"]]
                free = int(box["count"]) - len(held)
                rows.append([box["box"], ", ".join(box["types"]), str(box["count"]),
                             ", ".join(held) + (f" ({free} free)" if free > 0 else "")])
            doc.table([Column("Box", 1.3), Column("Unit types", 1.6),
                       Column("Boxes", 0.5, "center"), Column("Units on the display", 2.6)],
                      rows, size=7, space_after=6)


TERRAIN = {"clear": "#e9d3a1", "rough": "#d2b486", "jebel": "#a9b88a", "desert": "#fbf3dc",
           "sebakha": "#c3cdc6", "sea": "#b9d3e6"}


def sections(doc: Doc, source: PrintSource, **_options) -> None:
    """The map in three sections, one page each, in the colours of the play window:
    terrain, escarpments (teeth on the low side), ridges, the Tobruk Perimeter, roads,
    tracks, the railroad, towns, ports, airfields and every hex number."""
    board = source.game_board
    for i, (title, first, last) in enumerate(SECTIONS):
        keys = [k for k, s in board.spaces.items()
                if s.kind == "hex" and first <= int(s.get("yy", 0)) <= last]
        if i:
            doc.new_page()
        doc.heading(f"Map section {i + 1}: {title}", size=11, keep=200)
        minx = min(board[k].polygon.bounds[0] for k in keys)
        miny = min(board[k].polygon.bounds[1] for k in keys)
        maxx = max(board[k].polygon.bounds[2] for k in keys)
        maxy = max(board[k].polygon.bounds[3] for k in keys)
        height = doc.bottom - doc.y - 30
        scale = min(doc.frame_width / (maxx - minx), height / (maxy - miny))

        fonts = (doc.font(max(2.5, scale * 0.15)), doc.font(max(3.5, scale * 0.22), bold=True))

        def draw(p: QPainter, rect: QRectF, keys=keys, minx=minx, miny=miny, scale=scale,
                 fonts=fonts):
            _paint_section(p, board, set(keys), QPointF(rect.x() - minx * scale,
                                                        rect.y() - miny * scale), scale, fonts)
        doc.block((maxy - miny) * scale + 4, draw)
        doc.paragraph("Brown line with teeth: escarpment (teeth on the low side; dashed at a "
                      "pass); dotted: ridge; red: road; dashed brown: track; black with ties: "
                      "railroad; black: the Tobruk Perimeter. Squares are cities, dots towns "
                      "and villages; a ring marks a port, a cross an airfield.", size=7)


def _paint_section(p: QPainter, board: Board, keys: set[str], origin: QPointF,
                   s: float, fonts: tuple[QFont, QFont]) -> None:
    def pt(x: float, y: float) -> QPointF:
        return QPointF(origin.x() + x * s, origin.y() + y * s)

    def centre(k: str) -> QPointF:
        return pt(*board[k].centre)

    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    for k in keys:
        sp = board[k]
        poly = QPolygonF([pt(x, y) for x, y in sp.polygon.exterior.coords])
        p.setPen(QPen(QColor(120, 100, 70, 120), 0.3))
        p.setBrush(QColor(TERRAIN.get(str(sp.get("terrain")), "#ffffff")))
        p.drawPolygon(poly)
    font, bold = fonts
    p.setFont(font)
    p.setPen(QColor(90, 70, 50))
    for k in keys:
        x0, y0, x1, _y1 = board[k].polygon.bounds
        p.drawText(QRectF(pt(x0, y0).x(), pt(x0, y0).y() + s * 0.04, (x1 - x0) * s, s * 0.25),
                   Qt.AlignmentFlag.AlignHCenter, k)
    for side in board.sides.values():
        if side.a not in keys or side.b not in keys or side.geometry is None:
            continue
        f = side.features
        (ax, ay), (bx, by) = list(side.geometry.coords)[:2]
        if "escarpment" in f or "ridge" in f or "perimeter" in f:
            pen = QPen(QColor("#7b4a21") if "perimeter" not in f else QColor("#000000"),
                       s * 0.07)
            if "ridge" in f and "escarpment" not in f:
                pen.setStyle(Qt.PenStyle.DotLine)
            elif "pass" in f:
                pen.setStyle(Qt.PenStyle.DashLine)
            p.setPen(pen)
            p.drawLine(pt(ax, ay), pt(bx, by))
            high = side.attrs.get("high")
            if "escarpment" in f and high:
                low = side.b if high == side.a else side.a
                a, b = pt(ax, ay), pt(bx, by)
                d = centre(low) - (a + b) / 2
                n = d / max(1e-6, (d.x() ** 2 + d.y() ** 2) ** 0.5) * s * 0.08
                p.setPen(QPen(QColor("#7b4a21"), s * 0.025))
                for t in (0.25, 0.5, 0.75):
                    q = a + (b - a) * t
                    p.drawLine(q, q + n)
        for kind, colour, width, style in (
                ("track", "#7a5230", 0.05, Qt.PenStyle.DashLine),
                ("road", "#b3261e", 0.07, Qt.PenStyle.SolidLine),
                ("rail", "#1d1d1d", 0.035, Qt.PenStyle.SolidLine)):
            if kind in f:
                off = QPointF(0, s * 0.1) if kind == "rail" else QPointF(0, 0)
                p.setPen(QPen(QColor(colour), s * width, style))
                p.drawLine(centre(side.a) + off, centre(side.b) + off)
    for k in keys:
        sp = board[k]
        name = sp.get("name")
        if not name:
            continue
        c = centre(k)
        p.setPen(QPen(QColor("#111111"), 0.4))
        p.setBrush(QColor("#111111"))
        r = s * (0.12 if sp.get("place") == "city" else 0.06)
        if sp.get("place") == "city":
            p.drawRect(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r))
        elif sp.get("place") in ("town", "village", "oasis"):
            p.drawEllipse(c, r, r)
        if sp.get("port"):
            p.setBrush(QColor("#ffffff"))
            p.drawEllipse(c + QPointF(-s * 0.22, 0), s * 0.06, s * 0.06)
        if sp.get("airfield"):
            q = c + QPointF(s * 0.22, 0)
            p.drawLine(q + QPointF(-s * 0.09, 0), q + QPointF(s * 0.09, 0))
            p.drawLine(q + QPointF(0, -s * 0.07), q + QPointF(0, s * 0.07))
        p.setFont(bold)
        p.drawText(QRectF(c.x() - s, c.y() + s * 0.1, 2 * s, s * 0.3),
                   Qt.AlignmentFlag.AlignHCenter, str(name))
    p.restore()


def landscape(source: PrintSource, paper: str) -> bool:
    """A third of the map is taller than wide: portrait."""
    return False
